import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";

const written = vi.hoisted(() => {
  // Test runs log warnings only; access lines are info.
  process.env.LOG_LEVEL = "info";
  return [] as string[];
});

// The app's logger with its real options, writing to memory instead of stdout.
vi.mock("./log.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./log.server")>();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      written.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { ...actual, log: actual.createLogger(sink) };
});

const { log } = await import("./log.server");
const { requestIdFrom, requestLog } = await import("./request-log.server");
const { noteRequestUser } = await import("./request-store.server");
const { metricsRegistry } = await import("./metrics.server");

const lines = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("requestIdFrom", () => {
  it("keeps a safe id from the caller", () => {
    expect(requestIdFrom("3f2a9c1e-7b7d-4c59-9d1e-2f1f4c1d9a10")).toBe("3f2a9c1e-7b7d-4c59-9d1e-2f1f4c1d9a10");
    expect(requestIdFrom("lb:req_42.a")).toBe("lb:req_42.a");
  });

  it.each([["<script>"], ["a b"], ["x".repeat(129)], [""], ["jane@example.com"], ["line\nbreak"]])("replaces %j with a new UUID", (given) => {
    expect(requestIdFrom(given)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("makes one when there is none", () => {
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});

describe("requestLog", () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(
      requestLog({ routePattern: (path) => (path.startsWith("/stakeholders") ? "/stakeholders/:id" : undefined), prefixes: ["/build"], staticNames: ["favicon.svg"], noIdHeaderUnder: ["/build"] }),
    );
    app.get("/healthz", (_req, res) => void res.json({ ok: true }));
    app.get("/stakeholders/:id", async (_req, res) => {
      noteRequestUser("user-7");
      await new Promise((resolve) => setTimeout(resolve, 5));
      // A module deep in the stack logs with the plain logger: the line still carries the request.
      log.warn({ component: "deep" }, "something to see");
      res.status(202).json({ ok: true });
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  beforeEach(() => {
    written.length = 0;
  });

  it("returns the caller's id, puts it on every line of the request, and writes one access line without the query", async () => {
    const response = await fetch(`${base}/stakeholders/17?search=Margaret%20Ellis`, { headers: { "X-Request-Id": "edge-1234" } });
    expect(response.status).toBe(202);
    expect(response.headers.get("X-Request-Id")).toBe("edge-1234");
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [deep, access] = lines();
    expect(deep).toMatchObject({ level: "warn", component: "deep", requestId: "edge-1234", userId: "user-7", msg: "something to see" });
    expect(access).toMatchObject({ level: "info", component: "http", requestId: "edge-1234", userId: "user-7", method: "GET", route: "/stakeholders/:id", status: 202, msg: "request" });
    expect(access.ms).toBeGreaterThanOrEqual(4);
    expect(lines()).toHaveLength(2);
    expect(written.join("\n")).not.toMatch(/Margaret|search|\/17/);
  });

  it("makes an id when the caller's is unsafe", async () => {
    const response = await fetch(`${base}/elsewhere`, { headers: { "X-Request-Id": "<img src=x>" } });
    const id = response.headers.get("X-Request-Id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines()).toEqual([expect.objectContaining({ requestId: id, route: "unmatched", status: 404 })]);
    expect(lines()[0]).not.toHaveProperty("userId");
  });

  it("labels built files by their prefix and logs their id without echoing it in the response", async () => {
    const response = await fetch(`${base}/build/app-1234.js`, { headers: { "X-Request-Id": "edge-5678" } });
    expect(response.headers.get("X-Request-Id")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines()).toEqual([expect.objectContaining({ requestId: "edge-5678", route: "/build/*", status: 404 })]);
  });

  it("labels a public file static and a path nothing serves unmatched", async () => {
    await (await fetch(`${base}/favicon.svg`)).text();
    await (await fetch(`${base}/elsewhere/Ellis`)).text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines().map((line) => line.route)).toEqual(["static", "unmatched"]);
  });

  it("counts each request in the duration histogram by method, pattern and status", async () => {
    await fetch(`${base}/stakeholders/99?search=Ellis`);
    const metrics = await metricsRegistry.metrics();
    expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/stakeholders\/:id",status_code="202"\} [1-9]/);
    expect(metrics).not.toMatch(/Ellis|\/99/);
  });

  it("writes probes at debug level, so they stay out of an info log", async () => {
    await fetch(`${base}/healthz`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines()).toEqual([]);
  });
});
