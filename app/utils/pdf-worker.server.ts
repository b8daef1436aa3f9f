/**
 * Untrusted PDFs are read in worker threads (workers/pdf-pages.worker.mjs), never on the server's
 * event loop: a 200-page title search stalled every other request for 1–2 s when pdfjs ran here
 * (docs/operations.md#off-the-request-path). Each worker has a heap cap (resourceLimits); a read
 * that passes its deadline ends its worker. A small pool keeps at most PDF_WORKERS of them, reused
 * while they stay healthy (pdfjs loads once per worker) and ended after a minute idle.
 */
import { Worker } from "node:worker_threads";
import { getEnv } from "./env.server";
import { log } from "./log.server";
import type { PositionedText } from "./pdf-lines";

const logger = log.child({ component: "pdf-worker" });
const IDLE_MS = 60_000;

export type PdfReadFailure = "encrypted" | "damaged" | "tooManyPages" | "tooSlow" | "tooMuchMemory";

/** Why a PDF was not read; each reader turns the reason into its own message. */
export class PdfReadError extends Error {
  constructor(
    readonly reason: PdfReadFailure,
    readonly numPages?: number,
  ) {
    super(`PDF not read: ${reason}`);
    this.name = "PdfReadError";
  }
}

export interface PdfPageContent {
  runs: PositionedText[];
  /** The page's named form fields (pdfjs widget annotations, plain data), when asked for. */
  widgets: Record<string, unknown>[];
}

export interface PdfReadRequest {
  bytes: Uint8Array;
  /** Pages read; with `refuseOverPages` a longer file is refused (tooManyPages) instead. */
  maxPages: number;
  refuseOverPages?: boolean;
  maxWidgetsPerPage?: number;
  maxTextRunsPerPage?: number;
  deadline: { remainingMs(): number };
  /** The worker's old-generation heap; PDF_WORKER_HEAP_MB when not given. */
  heapMb?: number;
  /** pdfjs's getDocument options (utils/pdfjs.server.ts's untrusted-file set). */
  documentOptions: Record<string, unknown>;
}

interface Slot {
  worker: Worker;
  heapMb: number;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
}

const slots = new Set<Slot>();
const waiting: (() => void)[] = [];
let nextTaskId = 1;

/** Workers started so far (tests and the benchmark read it). */
export let pdfWorkersStarted = 0;

const workerUrl = () => new URL("./workers/pdf-pages.worker.mjs", import.meta.url);

function startSlot(heapMb: number): Slot {
  const worker = new Worker(workerUrl(), {
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  pdfWorkersStarted++;
  const slot: Slot = { worker, heapMb, busy: true };
  slots.add(slot);
  worker.on("exit", () => {
    slots.delete(slot);
    clearTimeout(slot.idleTimer);
    waiting.shift()?.();
  });
  return slot;
}

function release(slot: Slot) {
  slot.busy = false;
  slot.worker.unref();
  // Out of the pool at once, then stopped: a worker still listed while it stops would be handed to the
  // next read, which then failed as a damaged file when the worker exited under it.
  slot.idleTimer = setTimeout(() => void retire(slot), IDLE_MS).unref();
  waiting.shift()?.();
}

async function retire(slot: Slot) {
  slots.delete(slot);
  clearTimeout(slot.idleTimer);
  await slot.worker.terminate().catch(() => undefined);
  waiting.shift()?.();
}

/** A free worker with this heap cap, a new one while the pool has room, or the next one freed. */
async function acquire(heapMb: number, deadline: { remainingMs(): number }): Promise<Slot> {
  for (;;) {
    const idle = [...slots].find((slot) => !slot.busy && slot.heapMb === heapMb);
    if (idle) {
      idle.busy = true;
      clearTimeout(idle.idleTimer);
      idle.worker.ref();
      return idle;
    }
    if (slots.size < getEnv().PDF_WORKERS) return startSlot(heapMb);
    const other = [...slots].find((slot) => !slot.busy);
    if (other) {
      await retire(other);
      continue;
    }
    const wait = deadline.remainingMs();
    if (wait <= 0) throw new PdfReadError("tooSlow");
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      timer = setTimeout(resolve, wait);
    });
    clearTimeout(timer);
  }
}

type Answer = { id: number; page: PdfPageContent } | { id: number; ok: true; numPages: number } | { id: number; ok: false; reason: PdfReadFailure; numPages?: number };

/** The pages of the PDF, read in a worker under the heap cap and the deadline; refusals are PdfReadErrors. */
export async function readPdfPages(request: PdfReadRequest): Promise<{ numPages: number; pages: PdfPageContent[] }> {
  const heapMb = request.heapMb ?? getEnv().PDF_WORKER_HEAP_MB;
  const slot = await acquire(heapMb, request.deadline);
  const id = nextTaskId++;
  // The worker gets its own copy: the caller may still need the bytes.
  const bytes = new Uint8Array(request.bytes);
  const startedAt = Date.now();
  let healthy = false;
  const pages: PdfPageContent[] = [];
  try {
    const answer = await new Promise<Exclude<Answer, { page: PdfPageContent }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new PdfReadError("tooSlow")), Math.max(0, request.deadline.remainingMs()));
      const done = () => {
        clearTimeout(timer);
        slot.worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      };
      const onMessage = (message: Answer) => {
        if (message.id !== id) return;
        if ("page" in message) return void pages.push(message.page);
        done();
        resolve(message);
      };
      const onError = (error: Error & { code?: string }) => {
        done();
        reject(new PdfReadError(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "tooMuchMemory" : "damaged"));
      };
      const onExit = () => {
        done();
        reject(new PdfReadError("damaged"));
      };
      slot.worker.on("message", onMessage).on("error", onError).on("exit", onExit);
      slot.worker.postMessage(
        {
          id,
          bytes,
          documentOptions: request.documentOptions,
          maxPages: request.maxPages,
          refuseOverPages: request.refuseOverPages ?? false,
          maxWidgetsPerPage: request.maxWidgetsPerPage ?? 0,
          maxTextRunsPerPage: request.maxTextRunsPerPage ?? Number.MAX_SAFE_INTEGER,
        },
        [bytes.buffer],
      );
    });
    healthy = true;
    if (!answer.ok) throw new PdfReadError(answer.reason, answer.numPages);
    return { numPages: answer.numPages, pages };
  } catch (error) {
    if (error instanceof PdfReadError && (error.reason === "tooSlow" || error.reason === "tooMuchMemory")) {
      logger.warn({ reason: error.reason, ms: Date.now() - startedAt, bytes: request.bytes.byteLength, heapMb }, "PDF read stopped at its limit");
    }
    throw error;
  } finally {
    if (healthy) release(slot);
    else await retire(slot);
  }
}
