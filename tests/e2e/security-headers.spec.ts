import http from "node:http";
import zlib from "node:zlib";
import { expect, test } from "./support";

/**
 * The headers every page gets from the production server (the browser tests run NODE_ENV=production
 * over http, where browsers ignore HSTS but it is still sent).
 */
const directives = (csp: string | undefined) =>
  new Map(
    (csp ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );

test("pages carry a CSP that allows images only from this site or inline data, and HSTS", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const csp = directives(response.headers()["content-security-policy"]);
  expect(csp.get("img-src")).toEqual(["'self'", "data:"]);
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("script-src")?.[0]).toBe("'self'");
  expect(csp.get("script-src")?.[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]{24}'$/);
  expect(response.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("a look-alike of the file preview route is an ordinary 404 page with the page policy", async ({ request }) => {
  for (const path of ["/api/templates/1/preview", "/api/documents/1/preview/x"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-security-policy"], path).toContain("default-src 'self'");
  }
});

test("the real preview route is left to set its own policy", async ({ request }) => {
  // Signed out, it answers 401 as JSON; the app-wide page policy is not applied to it.
  const response = await request.get("/api/documents/1/preview?projectId=1");
  expect(response.status()).toBe(401);
  expect(response.headers()["content-security-policy"]).toBeUndefined();
});

test("Remix's route manifest patches are served as an asset: no document policies, still nosniff", async ({ request }) => {
  const page = await request.get("/");
  // Remix names the build's version after its manifest file (manifest-F9C1DB8C.js asks with version=f9c1db8c).
  const version = /manifest-([0-9A-F]+)\.js/.exec(await page.text())?.[1]?.toLowerCase();
  expect(version, "the page names its build's manifest").toBeTruthy();
  const response = await request.get(`/__manifest?p=%2F&version=${version}`);
  expect(response.status()).toBe(200);
  expect(await response.json()).toHaveProperty("root");
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  for (const name of ["content-security-policy", "strict-transport-security", "x-frame-options", "cross-origin-opener-policy"]) expect(headers[name], name).toBeUndefined();
});

test("pages are compressed with brotli at quality 5", async ({ baseURL }) => {
  // Raw HTTP, so that the compressed body is seen as it travels.
  const compressed = await new Promise<Buffer>((resolve, reject) => {
    http
      .get(new URL("/", baseURL), { headers: { "accept-encoding": "br" } }, (response) => {
        expect(response.headers["content-encoding"]).toBe("br");
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks)));
      })
      .on("error", reject);
  });
  const body = zlib.brotliDecompressSync(compressed);
  const atQuality = (quality: number) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }).length;
  expect(compressed.length).toBe(atQuality(5));
  expect(atQuality(5)).toBeLessThan(atQuality(4));
});
