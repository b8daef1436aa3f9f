import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { sendResponse } from "./remix-express.server";
import { compressWholeBody, COMPRESSION_THRESHOLD_BYTES, PAGE_BROTLI_QUALITY } from "./whole-body-compression.server";

/** A page body of about `bytes` bytes that compresses well, as HTML does. */
const page = (bytes: number) => Buffer.from(`<!DOCTYPE html><table>${"<tr><td>Amelia Kennedy</td><td>amelia@example.com.au</td></tr>".repeat(Math.ceil(bytes / 60))}</table>`.slice(0, bytes));

/** The app's order: `compression` for every response, then Remix's answer written by sendResponse. */
async function serve(body: Buffer, headers: Record<string, string> = {}) {
  const app = express();
  app.use(compression());
  app.all("/", (req, res, next) => sendResponse(req, res, new Response(new Uint8Array(body), { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } })).catch(next));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** The raw answer (no decoding by the client), as a browser's network layer receives it. */
function get(port: number, acceptEncoding: string | null, method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: "/", method, headers: acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (c: Buffer) => chunks.push(c));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("pages and JSON compressed in one call", () => {
  it("answers a browser with brotli, once: the middleware steps aside and the body decodes to the page", async () => {
    const body = page(58_000);
    const { server, port } = await serve(body);
    // No compression stream: the middleware would make one per response.
    const streams = vi.spyOn(zlib, "createBrotliCompress");
    try {
      const answer = await get(port, "gzip, deflate, br, zstd");
      expect(streams).not.toHaveBeenCalled();
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.body.length).toBeLessThan(body.length / 5);
      expect(zlib.brotliDecompressSync(answer.body).equals(body)).toBe(true);
      // The same bytes the middleware made: brotli at the pages' quality.
      expect(answer.body.equals(zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } }))).toBe(true);
    } finally {
      streams.mockRestore();
      server.close();
    }
  });

  it("answers gzip to a client without brotli, and the bytes as they are to one that takes neither", async () => {
    const body = page(20_000);
    const { server, port } = await serve(body);
    try {
      const gzipped = await get(port, "gzip");
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(gzipped.body).equals(body)).toBe(true);
      for (const acceptEncoding of [null, "identity", "br;q=0, gzip;q=0"]) {
        const plain = await get(port, acceptEncoding);
        expect(plain.headers["content-encoding"]).toBeUndefined();
        expect(plain.body.equals(body)).toBe(true);
      }
    } finally {
      server.close();
    }
  });

  it("leaves small bodies, HEAD and no-transform answers alone", async () => {
    const small = await serve(page(COMPRESSION_THRESHOLD_BYTES - 1));
    const noTransform = await serve(page(20_000), { "Cache-Control": "private, no-transform" });
    try {
      const answer = await get(small.port, "br");
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.body.length).toBe(COMPRESSION_THRESHOLD_BYTES - 1);
      expect((await get(small.port, "br", "HEAD")).headers["content-encoding"]).toBeUndefined();
      const kept = await get(noTransform.port, "br");
      expect(kept.headers["content-encoding"]).toBeUndefined();
      expect(kept.body.length).toBe(20_000);
    } finally {
      small.server.close();
      noTransform.server.close();
    }
  });

  it("does not compress a body that is already encoded", async () => {
    const res = { getHeader: (name: string) => (name === "Content-Encoding" ? "br" : undefined), vary: vi.fn(), setHeader: vi.fn(), removeHeader: vi.fn() };
    const body = page(10_000);
    const out = compressWholeBody({ method: "GET", headers: { "accept-encoding": "br" }, acceptsEncodings: () => "br" } as never, res as never, body);
    expect(out).toBe(body);
    expect(res.setHeader).not.toHaveBeenCalled();
  });
});
