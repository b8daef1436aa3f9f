/**
 * Reads a legacy .xls in a worker thread (xls-worker-source.ts) with a memory cap and time limits, so
 * a hostile file can neither take the server's heap nor block its event loop: the worker is terminated
 * when SheetJS takes longer than the read limit, when the whole read passes its deadline, or when it
 * runs out of its heap.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { RawCell } from "../value-coercion";
import { unreadable } from "./errors";
import { NOT_A_WORKBOOK_MESSAGE } from "./file-kind";
import { LIMIT_MESSAGES, type Deadline, type ParseLimits } from "./limits";
import type { WorkbookEvent } from "./workbook-events";
import { XLS_WORKER_SOURCE } from "./xls-worker-source";

const require = createRequire(import.meta.url);
const ROWS_PER_MESSAGE = 500;

type WorkerMessage =
  | { type: "parsed" }
  | { type: "sheet"; name: string }
  | { type: "rows"; rows: { rowNumber: number; cells: RawCell[] }[] }
  | { type: "done" }
  | { type: "invalid"; message: string }
  | { type: "tooManyColumns" };

/** Tests replace the worker's code (one that spins, say) to prove the limits. */
export interface XlsReadOptions {
  workerSource?: string;
}

export async function* readXls(path: string, limits: ParseLimits, deadline: Deadline, options: XlsReadOptions = {}): AsyncGenerator<WorkbookEvent> {
  const worker = new Worker(options.workerSource ?? XLS_WORKER_SOURCE, {
    eval: true,
    workerData: { path, xlsxPath: require.resolve("xlsx"), batchSize: ROWS_PER_MESSAGE, maxColumns: limits.maxColumns },
    resourceLimits: { maxOldGenerationSizeMb: limits.xlsWorkerHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  // Messages wait here until the loop below takes them; the worker sends the next batch only after
  // an "ack", so at most one batch is held.
  const queue: (WorkerMessage | { type: "failed"; error: Error })[] = [];
  let wake: (() => void) | null = null;
  const push = (message: WorkerMessage | { type: "failed"; error: Error }) => {
    queue.push(message);
    wake?.();
  };
  worker.on("message", (message: WorkerMessage) => push(message));
  worker.on("error", (error: Error & { code?: string }) =>
    push({ type: "failed", error: error.code === "ERR_WORKER_OUT_OF_MEMORY" ? unreadable(LIMIT_MESSAGES.tooMuchMemory) : unreadable(NOT_A_WORKBOOK_MESSAGE) }),
  );
  worker.on("exit", () => push({ type: "failed", error: unreadable(NOT_A_WORKBOOK_MESSAGE) }));

  let parsed = false;
  const startedAt = Date.now();
  const timeLeft = () => (parsed ? deadline.remainingMs() : Math.min(deadline.remainingMs(), limits.xlsReadTimeLimitMs - (Date.now() - startedAt)));
  const next = async () => {
    while (queue.length === 0) {
      const wait = timeLeft();
      if (wait <= 0) throw unreadable(LIMIT_MESSAGES.tooSlow);
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, wait);
      });
      clearTimeout(timer);
      wake = null;
    }
    return queue.shift()!;
  };

  try {
    for (;;) {
      const message = await next();
      switch (message.type) {
        case "failed":
          throw message.error;
        case "invalid":
          throw unreadable(NOT_A_WORKBOOK_MESSAGE);
        case "tooManyColumns":
          throw unreadable(LIMIT_MESSAGES.tooManyColumns(limits.maxColumns));
        case "parsed":
          parsed = true;
          break;
        case "sheet":
          yield { kind: "sheet", name: message.name };
          worker.postMessage("ack");
          break;
        case "rows":
          if (deadline.expired()) throw unreadable(LIMIT_MESSAGES.tooSlow);
          yield { kind: "rows", rows: message.rows };
          worker.postMessage("ack");
          break;
        case "done":
          return;
      }
    }
  } finally {
    worker.removeAllListeners("exit");
    await worker.terminate();
  }
}
