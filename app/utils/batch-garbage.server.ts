import { log } from "./log.server";

/**
 * Long jobs that work in batches (an import's rows, a key refresh) leave each batch's rows, JSON and
 * query results behind as garbage in the old generation, and V8 lets it pile up to two or three times
 * the live heap before its next full collection: the dedupe benchmark's server grew from ~260 MB to
 * 460–630 MB and back, again and again (docs/operations.md#off-the-request-path). Called between
 * batches, this asks for a full collection once the heap and the memory outside it have grown by
 * GROWTH_BYTES since the last one, so the job's peak stays about that much above its floor. A full
 * collection of this app's heap pauses the thread for tens of milliseconds, a few times a minute
 * while such a job runs.
 *
 * `gc()` exists only when the process was started with `--expose-gc` (the start scripts, the
 * Dockerfile and the benchmarks pass it); without it this does nothing.
 */
const GROWTH_BYTES = 64 * 1024 * 1024;
const logger = log.child({ component: "batch-garbage" });

let floor = 0;

const used = () => {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

export function collectBetweenBatches(): void {
  const gc = globalThis.gc;
  if (!gc) return;
  const now = used();
  if (floor === 0 || now < floor) floor = now;
  if (now - floor < GROWTH_BYTES) return;
  const started = performance.now();
  gc();
  floor = used();
  logger.debug({ pauseMs: Math.round(performance.now() - started), freedMb: Math.round((now - floor) / 1048576) }, "Full collection between batches");
}
