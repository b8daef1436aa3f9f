/**
 * A Node readable as a web ReadableStream (a Response body), like `Readable.toWeb`, which it mirrors,
 * without that adapter's crash on Node 20: the web stream's pull() resumes the Node stream on the next
 * tick, so a cancel that lands before that tick (a download abandoned at the wrong moment) has the
 * resumed stream hand its buffered data to the cancelled stream's controller, whose enqueue() throws
 * ERR_INVALID_STATE as an uncaught exception, which ends the process. Here data after a cancel is
 * dropped. Backpressure is toWeb's: the Node stream is paused while the web queue is full.
 */
import { finished, type Readable } from "node:stream";

export function toWebStream(readable: Readable): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  readable.pause();
  const cleanup = finished(readable, (error) => {
    cleanup();
    // A legacy stream may emit another error after finishing.
    readable.on("error", () => {});
    if (cancelled) return;
    if (error) controller.error(error);
    else controller.close();
  });
  readable.on("data", (chunk: Buffer | string) => {
    if (cancelled) return;
    // A copy, as toWeb makes: the chunk may be a slice of a pooled buffer.
    controller.enqueue(typeof chunk === "string" ? new TextEncoder().encode(chunk) : new Uint8Array(chunk));
    if ((controller.desiredSize ?? 0) <= 0) readable.pause();
  });
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        readable.resume();
      },
      cancel(reason) {
        cancelled = true;
        readable.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: readable.readableHighWaterMark }),
  );
}
