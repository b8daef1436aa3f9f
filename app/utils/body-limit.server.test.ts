import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { STARTUP_PDF_LIMITS } from "~/modules/project-lifecycle/startup-pdf-limits";
import { STARTUP_PDF_TOO_LARGE_MESSAGE } from "./upload-limits";
import { BODY_TOO_LARGE_MESSAGE, bodyLimitFor, DEFAULT_BODY_LIMIT_BYTES, limitRequestBodies, UPLOAD_BODY_LIMIT_BYTES } from "./body-limit.server";
import { FORM_OVERHEAD_BYTES } from "./multipart.server";

describe("bodyLimitFor", () => {
  it.each([
    ["POST", "/api/documents/upload"],
    ["POST", "/api/templates/upload"],
    ["POST", "/documents"],
    ["POST", "/Templates/"],
    ["POST", "/import"],
    ["POST", "/api/file/parse"],
  ])("gives a multipart %s %s the upload limit", (method, path) => {
    expect(bodyLimitFor(method, path, "multipart/form-data; boundary=x").bytes).toBe(UPLOAD_BODY_LIMIT_BYTES);
  });

  it.each(["/api/extract-pdf-fields", "/projects/new"])("gives the start-up PDF auto-fill (%s) its own smaller file limit", (path) => {
    expect(bodyLimitFor("POST", path, "multipart/form-data; boundary=x")).toEqual({
      bytes: STARTUP_PDF_LIMITS.maxBytes + FORM_OVERHEAD_BYTES,
      message: STARTUP_PDF_TOO_LARGE_MESSAGE,
    });
    expect(STARTUP_PDF_LIMITS.maxBytes + FORM_OVERHEAD_BYTES).toBeLessThan(UPLOAD_BODY_LIMIT_BYTES);
  });

  it.each([
    ["POST", "/documents", "application/x-www-form-urlencoded"],
    ["POST", "/stakeholders", "multipart/form-data; boundary=x"],
    ["PUT", "/api/documents/upload", "multipart/form-data; boundary=x"],
    ["POST", "/api/stakeholders", "application/json"],
    ["POST", "/api/extract-pdf-fields", "application/json"],
    ["POST", "/projects/new", "application/x-www-form-urlencoded"],
    ["PATCH", "/api/documents/12", undefined],
  ])("gives %s %s (%s) the default limit", (method, path, type) => {
    expect(bodyLimitFor(method, path, type)).toEqual({ bytes: DEFAULT_BODY_LIMIT_BYTES, message: BODY_TOO_LARGE_MESSAGE });
  });
});

/**
 * A real server: the middleware, then a route that reads the body the way Remix does (a web
 * Request over the Node stream) and answers with the byte count, or answers 401 without reading.
 */
let server: http.Server;
let base: string;
let routeErrors: unknown[] = [];
let routeRuns = 0;

beforeAll(async () => {
  const app = express();
  app.use(limitRequestBodies);
  app.all("*", async (req, res) => {
    routeRuns++;
    if (req.get("x-anonymous")) {
      res.status(401).json({ message: "Unauthorized" });
      return;
    }
    try {
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const init: RequestInit & { duplex?: string } = hasBody ? { method: req.method, body: createReadableStreamFromReadable(req), duplex: "half" } : {};
      const request = new Request(`http://localhost${req.originalUrl}`, init);
      const text = await request.text();
      res.json({ bytes: Buffer.byteLength(text) });
    } catch (error) {
      routeErrors.push(error);
      res.status(500).send("route failed");
    }
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  routeErrors = [];
  routeRuns = 0;
});

interface Sent {
  status: number;
  body: string;
  contentType: string | undefined;
  bytesSent: number;
  ms: number;
  /** Resolves when the connection is closed (by either side). */
  closed: Promise<void>;
}

/**
 * Sends `total` bytes of 'a' in 64 KB chunks (chunked unless `contentLength` is given), honouring
 * back-pressure and stopping as soon as the answer arrives; nothing is held beyond one chunk.
 */
function send(path: string, total: number, headers: Record<string, string | number> = {}): Promise<Sent> {
  const chunk = Buffer.alloc(64 * 1024, "a");
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const req = http.request(`${base}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, agent: false });
    let closeSocket!: () => void;
    const closed = new Promise<void>((done) => (closeSocket = done));
    req.on("socket", (socket) => socket.once("close", () => closeSocket()));
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (part) => (body += part));
      res.on("end", () => resolve({ status: res.statusCode!, body, contentType: res.headers["content-type"], bytesSent, ms: Date.now() - started, closed }));
      res.on("error", () => resolve({ status: res.statusCode!, body, contentType: res.headers["content-type"], bytesSent, ms: Date.now() - started, closed }));
    });
    // The server may close the connection after answering, while we are still writing.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && bytesSent < total) {
        const part = total - bytesSent >= chunk.length ? chunk : chunk.subarray(0, total - bytesSent);
        bytesSent += part.length;
        if (!req.write(part)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("limitRequestBodies", () => {
  it("passes a body under the cap to the route intact, chunked or with a length", async () => {
    const chunked = await send("/api/things", 900_000);
    expect(chunked.status, chunked.body).toBe(200);
    expect(JSON.parse(chunked.body)).toEqual({ bytes: 900_000 });
    const declared = await send("/things", 1000, { "content-length": 1000 });
    expect(JSON.parse(declared.body)).toEqual({ bytes: 1000 });
  });

  it("leaves requests without a body alone", async () => {
    const response = await fetch(`${base}/api/things`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ bytes: 0 });
  });

  it("refuses a declared Content-Length over the cap at once, without running the route", async () => {
    const api = await send("/api/things", 2_000_000, { "content-length": 2_000_000 });
    expect(api.status).toBe(413);
    expect(api.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(api.body)).toEqual({ message: BODY_TOO_LARGE_MESSAGE });
    const page = await send("/things", 2_000_000, { "content-length": 2_000_000 });
    expect(page.status).toBe(413);
    expect(page.contentType).toMatch(/^text\/plain/);
    expect(page.body.trim()).toBe(BODY_TOO_LARGE_MESSAGE);
    expect(routeRuns).toBe(0);
  });

  it("cuts a chunked body off when it passes the cap: 413, the route's read fails and its answer is dropped", async () => {
    const sent = await send("/api/things", 50 * 1024 * 1024);
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({ message: BODY_TOO_LARGE_MESSAGE });
    expect(sent.ms).toBeLessThan(2000);
    await sent.closed;
    await vi.waitFor(() => expect(routeErrors).toHaveLength(1));
    expect(String(routeErrors[0])).toContain(BODY_TOO_LARGE_MESSAGE);
  });

  it("gives upload routes the upload limit", async () => {
    const sent = await send("/documents", 3_000_000, { "content-type": "multipart/form-data; boundary=x" });
    expect(sent.status, sent.body).toBe(200);
    expect(JSON.parse(sent.body)).toEqual({ bytes: 3_000_000 });
  });

  it("closes the connection soon after a route answers without reading a large body", async () => {
    const sent = await send("/api/things", 200 * 1024 * 1024, { "x-anonymous": "1" });
    expect(sent.status).toBe(401);
    expect(sent.bytesSent).toBeLessThan(20 * 1024 * 1024);
    const started = Date.now();
    await sent.closed;
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("keeps the connection usable when a small unread body is sent in full after the answer", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = () =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${base}/api/things`, { method: "POST", agent, headers: { "x-anonymous": "1", "content-type": "text/plain", "content-length": 300_000 } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        });
        req.on("error", reject);
        req.end(Buffer.alloc(300_000, "b"));
      });
    expect(await post()).toBe(401);
    expect(await post()).toBe(401);
    agent.destroy();
  });
});
