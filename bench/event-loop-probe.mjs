/**
 * Loaded into the app's process by bench/event-loop.mjs (NODE_OPTIONS=--import), never by the
 * product: measures the main thread's event-loop delay with perf_hooks.monitorEventLoopDelay and, on
 * SIGUSR2, writes p50/p99/max (ms) since the last signal to EVENT_LOOP_PROBE_FILE and starts again.
 */
import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (isMainThread && file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const write = () => {
    const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
    fs.writeFileSync(file, JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), samples: histogram.count }));
    histogram.reset();
  };
  process.on("SIGUSR2", write);
}
