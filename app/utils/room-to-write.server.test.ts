import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { roomToWrite } from "./room-to-write.server";

/** A stream that is full: one write past its high-water mark, nobody reading. */
function fullStream() {
  const stream = new PassThrough({ highWaterMark: 4 });
  stream.write("0123456789");
  expect(stream.writableNeedDrain).toBe(true);
  return stream;
}

describe("roomToWrite", () => {
  it("answers at once (after a turn of the event loop) when the stream has room", async () => {
    expect(await roomToWrite(new PassThrough())).toBe(true);
  });

  it("waits for a full stream to drain", async () => {
    const stream = fullStream();
    let answered = false;
    const room = roomToWrite(stream).then((value) => ((answered = true), value));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    stream.resume();
    expect(await room).toBe(true);
    expect(stream.listenerCount("drain")).toBe(0);
    expect(stream.listenerCount("close")).toBe(0);
  });

  it("answers false when the download closes while the stream is full, leaving no listener", async () => {
    const stream = fullStream();
    const download = new PassThrough();
    const room = roomToWrite(stream, download);
    download.destroy();
    expect(await room).toBe(false);
    expect(stream.listenerCount("drain")).toBe(0);
  });

  it("answers false for a download already gone", async () => {
    const download = new PassThrough();
    download.destroy();
    expect(await roomToWrite(new PassThrough(), download)).toBe(false);
  });

  it("passes on the failure of a stream whose download is still open", async () => {
    const stream = fullStream();
    const room = roomToWrite(stream, new PassThrough());
    stream.destroy(new Error("deflate failed"));
    await expect(room).rejects.toThrow("deflate failed");
  });
});
