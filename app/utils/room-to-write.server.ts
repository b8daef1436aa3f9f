/**
 * Back-pressure for a download written in batches (the export's CSV and workbook): before the next batch,
 * wait until `stream` has room again, or until the download has gone.
 */
import { once } from "node:events";
import type { Writable } from "node:stream";

/**
 * Resolves true when the next batch can be written into `stream`: after a turn of the event loop if it
 * has room (so what the last batch made moves on first), else when it drains. Resolves false once
 * `download` (the response's stream; `stream` itself by default) has closed or failed: stop writing then.
 * Leaves no listener behind, so a slow client costs one wait per batch and nothing more.
 */
export async function roomToWrite(stream: Writable, download: Writable = stream): Promise<boolean> {
  if (download.destroyed) return false;
  if (!stream.writableNeedDrain) {
    await new Promise((resolve) => setImmediate(resolve));
    return !download.destroyed;
  }
  const stop = new AbortController();
  try {
    await Promise.race([once(stream, "drain", { signal: stop.signal }), once(download, "close", { signal: stop.signal })]);
  } catch (error) {
    // once() rejects with the stream's error: the download has failed unless it is still open.
    if (!download.destroyed) throw error;
  } finally {
    stop.abort();
  }
  return !download.destroyed;
}
