import v8 from "node:v8";
import vm from "node:vm";

/**
 * Every chunk Node reads from a socket is a fresh buffer outside the JavaScript heap, freed only
 * when the garbage collector next visits the young generation. With nothing else allocating, V8
 * waits until tens of megabytes of them pile up (a bare `req.resume()` of a 45 MB body grows the
 * process by ~35 MB). A young-generation collection after every few megabytes streamed frees them
 * as they go, for well under a millisecond each, so an upload costs a few megabytes of memory
 * whatever its size. bench/uploads.mjs measures the effect.
 */
const COLLECT_EVERY_BYTES = 2 * 1024 * 1024;

type Collect = (options: { type: "minor" }) => void;
let collect: Collect | null | undefined;
let sinceLastCollection = 0;

function collector(): Collect | null {
  if (collect === undefined) {
    try {
      // Started without --expose-gc: turning the flag on exposes gc() to contexts created after it.
      if (typeof globalThis.gc !== "function") v8.setFlagsFromString("--expose-gc");
      collect = (globalThis.gc ?? vm.runInNewContext("gc")) as Collect;
    } catch {
      collect = null;
    }
  }
  return collect;
}

/** Counts bytes streamed through the process (all requests together) and collects when due. */
export function noteStreamedBytes(bytes: number): void {
  sinceLastCollection += bytes;
  if (sinceLastCollection < COLLECT_EVERY_BYTES) return;
  sinceLastCollection = 0;
  collector()?.({ type: "minor" });
}
