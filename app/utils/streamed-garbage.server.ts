/**
 * Every chunk Node reads from a socket is a fresh buffer outside the JavaScript heap, freed only
 * when the garbage collector next visits the young generation. With nothing else allocating, V8
 * waits until tens of megabytes of them pile up (a bare `req.resume()` of a 45 MB body grows the
 * process by ~35 MB). A young-generation collection after every few megabytes streamed frees them
 * as they go, for well under a millisecond each, so an upload costs a few megabytes of memory
 * whatever its size. bench/uploads.mjs measures the effect.
 *
 * `gc()` exists only when the process was started with `--expose-gc` (the start scripts, the
 * Dockerfile, the browser tests and the benchmarks pass it). Node documents turning V8 flags on
 * while the process runs as unsafe, so without the flag uploads still work, only with the larger
 * memory peak.
 */
const COLLECT_EVERY_BYTES = 2 * 1024 * 1024;

let sinceLastCollection = 0;

/** Counts bytes streamed through the process (all requests together) and collects when due. */
export function noteStreamedBytes(bytes: number): void {
  sinceLastCollection += bytes;
  if (sinceLastCollection < COLLECT_EVERY_BYTES) return;
  sinceLastCollection = 0;
  globalThis.gc?.({ type: "minor" });
}
