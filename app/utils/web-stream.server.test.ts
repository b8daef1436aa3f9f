import { PassThrough, Readable } from "node:stream";
import { toWebStream } from "./web-stream.server";

/** Uncaught exceptions while `run` and the ticks after it run (vitest would report them only as an error of the file). */
async function uncaughtDuring(run: () => Promise<void>): Promise<Error[]> {
  const caught: Error[] = [];
  const listeners = process.listeners("uncaughtException");
  process.removeAllListeners("uncaughtException");
  const record = (error: Error) => caught.push(error);
  process.on("uncaughtException", record);
  try {
    await run();
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    process.off("uncaughtException", record);
    for (const listener of listeners) process.on("uncaughtException", listener);
  }
  return caught;
}

/** A cancel between the web stream's pull() and the Node stream's resume on the next tick, with data waiting. */
async function cancelBeforeResume(body: ReadableStream<Uint8Array>, node: PassThrough) {
  node.write(Buffer.from("already written"));
  await Promise.resolve(); // the web stream calls pull(), which resumes the Node stream on the next tick
  void body.cancel();
}

describe("toWebStream", () => {
  it("passes the bytes through and closes at the end", async () => {
    const body = toWebStream(Readable.from([Buffer.from("one "), Buffer.from("two")]));
    expect(await new Response(body).text()).toBe("one two");
  });

  it("errors the web stream when the Node stream fails", async () => {
    const node = new PassThrough();
    const body = toWebStream(node);
    node.write("partial");
    node.destroy(new Error("disk gone"));
    await expect(new Response(body).text()).rejects.toThrow("disk gone");
  });

  it("pauses the Node stream while the web queue is full", async () => {
    const node = new PassThrough({ highWaterMark: 4 });
    const body = toWebStream(node);
    node.write(Buffer.alloc(64));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(node.isPaused()).toBe(true);
    const reader = body.getReader();
    expect((await reader.read()).value).toHaveLength(64);
    await reader.cancel();
  });

  it("a cancel before the resumed stream's next tick destroys it without an uncaught exception", async () => {
    const node = new PassThrough();
    const errors = await uncaughtDuring(() => cancelBeforeResume(toWebStream(node), node));
    expect(errors).toEqual([]);
    expect(node.destroyed).toBe(true);
  });

  it("(Readable.toWeb on this Node throws there, which is why this exists)", async () => {
    const node = new PassThrough();
    const errors = await uncaughtDuring(() => cancelBeforeResume(Readable.toWeb(node) as ReadableStream<Uint8Array>, node));
    // Fixed in a later Node, this test says the helper can go.
    expect(errors.map((e) => (e as NodeJS.ErrnoException).code)).toEqual(["ERR_INVALID_STATE"]);
  });
});
