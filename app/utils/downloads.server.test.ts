import { AppError } from "./app-error";
import { resetEnvCache } from "./env.server";
import { admitDownload, guardDownload, isDownloadStalled, resetDownloadBudget } from "./downloads.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An endless source that counts what it produced and whether it was cancelled. */
function endlessSource() {
  const state = { produced: 0, cancelled: null as unknown };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.produced++;
      controller.enqueue(new Uint8Array(1024));
    },
    cancel(reason) {
      state.cancelled = reason ?? "cancelled";
    },
  });
  return { state, stream };
}

function countingSlot() {
  const slot = { released: 0, release: () => void slot.released++ };
  return slot;
}

describe("guardDownload", () => {
  it("cuts off a body nobody reads: the source is cancelled, the slot given back, the body fails as stalled", async () => {
    const { state, stream } = endlessSource();
    const slot = countingSlot();
    const body = guardDownload(stream, { slot, stallMs: 200 });
    const reader = body.getReader();
    await reader.read();
    await sleep(700);
    expect(slot.released).toBe(1);
    expect(isDownloadStalled(state.cancelled)).toBe(true);
    // The one chunk that waited may still be handed over; after it, the body fails as stalled.
    const error = await (async () => {
      for (;;) await reader.read();
    })().catch((e: unknown) => e);
    expect(isDownloadStalled(error)).toBe(true);
    // It read ahead no more than one chunk past what the client took.
    expect(state.produced).toBeLessThanOrEqual(4);
  });

  it("lets a client that keeps reading go on past the stall time", async () => {
    const { state, stream } = endlessSource();
    const slot = countingSlot();
    const reader = guardDownload(stream, { slot, stallMs: 150 }).getReader();
    for (let i = 0; i < 8; i++) {
      expect((await reader.read()).done).toBe(false);
      await sleep(60);
    }
    expect(slot.released).toBe(0);
    expect(state.cancelled).toBeNull();
    await reader.cancel();
    expect(slot.released).toBe(1);
    expect(state.cancelled).not.toBeNull();
  });

  it("does not count a slow source as a stalled client", async () => {
    const slot = countingSlot();
    let sent = 0;
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await sleep(300);
        if (sent++ < 2) controller.enqueue(new Uint8Array(8));
        else controller.close();
      },
    });
    const body = await new Response(guardDownload(slow, { slot, stallMs: 100 })).arrayBuffer();
    expect(body.byteLength).toBe(16);
    expect(slot.released).toBe(1);
  });

  it("gives the slot back once when the source fails", async () => {
    const slot = countingSlot();
    const failing = new ReadableStream<Uint8Array>({
      pull() {
        throw new Error("cursor lost");
      },
    });
    await expect(new Response(guardDownload(failing, { slot, stallMs: 1000 })).arrayBuffer()).rejects.toThrow("cursor lost");
    expect(slot.released).toBe(1);
  });
});

describe("admitDownload", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
    resetDownloadBudget();
  });

  it("refuses the user past DOWNLOAD_SLOTS_PER_USER with 429, anyone past DOWNLOAD_SLOTS with 503, both with Retry-After", () => {
    Object.assign(process.env, { DOWNLOAD_SLOTS: "3", DOWNLOAD_SLOTS_PER_USER: "2", LOCAL_SIGN_IN: "true" });
    resetEnvCache();
    resetDownloadBudget();
    const mine = [admitDownload("u1"), admitDownload("u1")];
    const refusal = (() => {
      try {
        admitDownload("u1");
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 429, code: "TOO_MANY_DOWNLOADS", headers: { "Retry-After": "30" } });
    admitDownload("u2");
    expect(() => admitDownload("u3")).toThrow(expect.objectContaining({ status: 503, code: "DOWNLOADS_BUSY", message: "Too many downloads are in progress. Please try again in a minute." }));
    mine[0]!.release();
    expect(() => admitDownload("u3")).not.toThrow();
  });
});
