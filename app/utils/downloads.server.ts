/**
 * Long downloads (exports, SQL dumps, restore points) go through here: `admitDownload` takes a slot
 * of this server's download budget or refuses with 429/503 and Retry-After, and `guardDownload` gives
 * the slot back when the body ends, however it ends, and cuts off a body its client has stopped
 * reading (docs/operations.md#pools-and-timeouts).
 */
import { AppError } from "./app-error";
import { DownloadBudget, type DownloadSlot } from "./download-budget";
import { getEnv } from "./env.server";
import { log } from "./log.server";

const downloadLog = log.child({ component: "downloads" });

/** A body cut off because its client read nothing for too long; the response's socket is closed. */
export class DownloadStalledError extends Error {
  constructor(readonly stallMs: number) {
    super(`The client read nothing for ${stallMs} ms`);
    this.name = "DownloadStalledError";
  }
}

export const isDownloadStalled = (error: unknown): error is DownloadStalledError => error instanceof Error && error.name === "DownloadStalledError";

let budget: DownloadBudget | undefined;

function serverBudget(): DownloadBudget {
  const env = getEnv();
  budget ??= new DownloadBudget({ total: env.DOWNLOAD_SLOTS, perUser: env.DOWNLOAD_SLOTS_PER_USER });
  return budget;
}

/** Takes one of the user's download slots, or refuses: 429 (their own limit) or 503 (the server's), with Retry-After. */
export function admitDownload(userId: string): DownloadSlot {
  const admission = serverBudget().admit(userId);
  if (admission.admitted) return admission.slot;
  const { status, message, retryAfterSeconds, reason } = admission.refusal;
  downloadLog.warn({ userId, reason }, "download refused: budget used");
  throw new AppError(status, message, reason === "user" ? "TOO_MANY_DOWNLOADS" : "DOWNLOADS_BUSY", { "Retry-After": String(retryAfterSeconds) });
}

export interface GuardOptions {
  /** Given back when the body ends: read to its end, failed, cancelled by the client or cut off. */
  slot: DownloadSlot;
  /** How long a chunk may wait for the client to take it before the download is cut off. */
  stallMs?: number;
}

/**
 * The body as it is read, with two guarantees: the slot is given back when it ends, and a client
 * that takes nothing for `stallMs` while a chunk waits for it has its download cut off: the source
 * is cancelled (which ends its cursor and gives its connection back) and the body fails, which
 * closes the socket. A slow source is not a stall: the clock only runs while a chunk is waiting.
 */
export function guardDownload(source: ReadableStream<Uint8Array>, { slot, stallMs = getEnv().DOWNLOAD_STALL_TIMEOUT_MS }: GuardOptions): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let waitingSince: number | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let ended = false;
  const end = () => {
    if (ended) return false;
    ended = true;
    clearInterval(timer);
    slot.release();
    return true;
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        timer = setInterval(
          () => {
            if (waitingSince === null || Date.now() - waitingSince < stallMs || !end()) return;
            downloadLog.warn({ stallMs }, "download cut off: the client stopped reading");
            const stalled = new DownloadStalledError(stallMs);
            reader.cancel(stalled).catch(() => {});
            controller.error(stalled);
          },
          Math.max(100, Math.min(5_000, Math.floor(stallMs / 4))),
        );
        timer.unref();
      },
      async pull(controller) {
        waitingSince = null;
        try {
          const { done, value } = await reader.read();
          if (ended) return;
          if (done) {
            end();
            controller.close();
            return;
          }
          controller.enqueue(value);
          if ((controller.desiredSize ?? 0) <= 0) waitingSince = Date.now();
        } catch (error) {
          if (!end()) return;
          controller.error(error);
        }
      },
      cancel(reason) {
        end();
        return reader.cancel(reason).catch(() => {});
      },
    },
    // One chunk waits for the client; the next is read only when it has been taken.
    { highWaterMark: 1 },
  );
}

/** For tests: forget the budget so the next download reads the limits from the environment again. */
export function resetDownloadBudget() {
  budget = undefined;
}
