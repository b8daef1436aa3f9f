import { log } from "./log.server";

/**
 * Long jobs that work in batches (an import's rows, a key refresh) leave each batch's rows, JSON and
 * query results behind as garbage. A batch lives across several round trips to PostgreSQL, so the
 * young-generation collections that happen meanwhile promote it to the old generation, where V8 lets
 * it pile up to two or three times the live heap before its next full collection: the dedupe
 * benchmark's server grew from ~260 MB to 460–630 MB and back, again and again
 * (docs/operations.md#off-the-request-path).
 *
 * Called after each batch, this collects the young generation (a few milliseconds: the finished
 * batch is dead, so it is freed there instead of being promoted by the next batch's collections),
 * and asks for a full collection only when the heap and the memory outside it have still grown by
 * FULL_AFTER_BYTES since the last one (a pause of tens of milliseconds).
 *
 * `gc()` exists only when the process was started with `--expose-gc` (the start scripts, the
 * Dockerfile and the benchmarks pass it); without it this does nothing.
 */
const FULL_AFTER_BYTES = 96 * 1024 * 1024;
const logger = log.child({ component: "batch-garbage" });

let floor = 0;
/** Full collections asked for so far (tests read it). */
export let fullCollections = 0;

const used = () => {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

export function collectBetweenBatches(): void {
  const gc = globalThis.gc;
  if (!gc) return;
  gc({ type: "minor" });
  const now = used();
  if (floor === 0 || now < floor) floor = now;
  if (now - floor < FULL_AFTER_BYTES) return;
  const started = performance.now();
  gc();
  fullCollections++;
  floor = used();
  logger.debug({ pauseMs: Math.round(performance.now() - started), freedMb: Math.round((now - floor) / 1048576) }, "Full collection between batches");
}
