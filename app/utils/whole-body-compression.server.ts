/**
 * Pages and JSON answers compressed in one call (docs/architecture.md#response-compression).
 *
 * A page or a JSON answer is one buffer before a byte is sent (renderToString, JSON.stringify). Through
 * the `compression` middleware it went into a brotli stream of its own: an encoder sized for a 4 MB
 * window, a write, a flush and the stream's events, for a body of 5–60 KB. Measured in the app under
 * load, that cost 1.0 ms of CPU on a 4.5 KB page and 1.6–3.5 ms on a 58 KB list page, against 0.06 and
 * 0.5 ms for compressing the same bytes in one call. The answer is the same bytes as before (brotli at
 * the same quality, gzip at zlib's default level); only the work to make them changes. `compression` still handles
 * every other response and steps aside for these, which arrive with their Content-Encoding set.
 *
 * The call is synchronous: zlib's asynchronous one-shot functions still build a stream and hand the work
 * to the thread pool and back, which measured more CPU per list page (median 8.9 against 8.2 ms, ten
 * alternating rounds) for a body that takes half a millisecond to compress on the event loop.
 */
import zlib from "node:zlib";
import type * as express from "express";

/** Brotli quality for pages and JSON (docs/architecture.md#response-compression: ~8 % fewer bytes than 4). */
export const PAGE_BROTLI_QUALITY = 5;
/** Below this a body goes as it is, as `compression` does (its default threshold). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The encoding to answer with: brotli when the client takes it (every current browser), else gzip, else none. */
export function pageEncoding(req: Pick<express.Request, "acceptsEncodings" | "headers">): "br" | "gzip" | null {
  if (!req.headers["accept-encoding"]) return null;
  if (req.acceptsEncodings("br") === "br") return "br";
  if (req.acceptsEncodings("gzip") === "gzip") return "gzip";
  return null;
}

/**
 * The body to send for `body`, compressed when that is worth it and allowed: sets Content-Encoding and
 * Vary as `compression` would. Left as it is: small bodies, HEAD, `Cache-Control: no-transform`, a body
 * already encoded, a client that takes neither brotli nor gzip.
 */
export function compressWholeBody(req: Pick<express.Request, "method" | "acceptsEncodings" | "headers">, res: express.Response, body: Buffer): Buffer {
  if (res.getHeader("Content-Encoding")) return body;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("Cache-Control") ?? ""))) return body;
  res.vary("Accept-Encoding");
  if (body.length < COMPRESSION_THRESHOLD_BYTES || req.method === "HEAD") return body;
  const encoding = pageEncoding(req);
  if (!encoding) return body;
  const compressed =
    encoding === "br"
      ? zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : zlib.gzipSync(body);
  res.setHeader("Content-Encoding", encoding);
  res.removeHeader("Content-Length");
  return compressed;
}
