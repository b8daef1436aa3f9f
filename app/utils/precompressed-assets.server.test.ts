import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { precompressedAssets } from "./precompressed-assets.server";

/** The same order as server.ts: compression, then the brotli copies, then the static files themselves. */
const SCRIPT = `export const answer = ${JSON.stringify("x".repeat(4000))};\n`;
let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
  fs.mkdirSync(path.join(dir, "_shared"));
  fs.writeFileSync(path.join(dir, "_shared/shell-ABC.js"), SCRIPT);
  fs.writeFileSync(path.join(dir, "_shared/shell-ABC.js.br"), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, "plain-XYZ.css"), `.a{color:red}${" ".repeat(2000)}`);
  const app = express();
  app.use(compression());
  app.use("/build", precompressedAssets(dir));
  app.use("/build", express.static(dir, { immutable: true, maxAge: "1y", etag: false, lastModified: false }));
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body and hide the encoding). */
function get(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("precompressedAssets", () => {
  it("sends the brotli copy to a browser that accepts brotli, typed as the script and immutable-cached", async () => {
    const res = await get("/build/_shared/shell-ABC.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it("leaves the file to compression for a browser without brotli", async () => {
    const res = await get("/build/_shared/shell-ABC.js", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it("passes through a file that has no brotli copy", async () => {
    const res = await get("/build/plain-XYZ.css", "br, gzip");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/css/);
    const encoding = res.headers["content-encoding"];
    const body = encoding === "br" ? zlib.brotliDecompressSync(res.body) : encoding === "gzip" ? zlib.gunzipSync(res.body) : res.body;
    expect(body.toString()).toBe(fs.readFileSync(path.join(dir, "plain-XYZ.css"), "utf8"));
  });

  it("never reaches outside the build folder and 404s a missing file", async () => {
    expect((await get("/build/..%2f..%2fetc%2fpasswd.js", "br")).status).toBe(404);
    expect((await get("/build/missing.js", "br")).status).toBe(404);
  });
});
