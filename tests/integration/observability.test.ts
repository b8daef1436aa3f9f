import fs from "node:fs";
import { inject } from "vitest";
import { signIn, startApp } from "../../bench/lib.mjs";
import { adminQuery, withDatabase } from "../setup/pg-admin";
import { freePort } from "./support/ports";

/**
 * What an operator sees of the built app (docs/operations.md#logs, docs/operations.md#health-and-metrics),
 * started as in production on a database of its own: JSON lines with the request's id, one access line
 * per request with the route pattern and no query, a database error on a landholder's record logged
 * with its code and without their name or e-mail, /readyz naming a failed check, and /metrics behind
 * its token with route labels and no user data.
 */
const NAME = "Margaret Fixture-Ellis";
const EMAIL = "margaret.fixture@example.com";
const SEARCH = "Quenby";
const TOKEN = "metrics-token-for-the-test-0123";

let app: Awaited<ReturnType<typeof startApp>>;
let databaseUrl: string;
let adminUrl: string;
let database: string;
let output = "";
let cookie: string;
let metricsPort: number;
let projectId: number;

const lines = () =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  if (!fs.existsSync("build/index.js")) throw new Error("Build the app first: npm run build");
  adminUrl = inject("pgAdminUrl");
  database = `lr_obs_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(adminUrl, `create database "${database}" template "${inject("pgTemplateDatabase")}"`);
  databaseUrl = withDatabase(adminUrl, database);
  const port = await freePort();
  metricsPort = await freePort();
  app = await startApp({
    port,
    env: { DATABASE_URL: databaseUrl, SEED_DEMO_DATA: "true", EMBEDDED_PG_PORT: "54399", LOG_LEVEL: "info", METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort), JOB_WORKERS: "false" },
  });
  if (!app.child?.stdout) throw new Error("This test starts its own app: unset BENCH_URL");
  app.child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  cookie = await signIn(app.baseUrl, "owner@demo-consultancy.local", "demo-pass-2026");
  const projects = (await (await fetch(`${app.baseUrl}/api/projects`, { headers: { cookie } })).json()) as { id: number; name: string }[];
  projectId = projects.find((p) => p.name === "Western Pipeline Stage 2")!.id;
}, 150_000);

afterAll(async () => {
  await app?.stop();
  if (database) await adminQuery(adminUrl, `drop database if exists "${database}" with (force)`);
});

describe("logs", () => {
  it("writes every line as JSON", async () => {
    await sleep(100);
    const text = output.split("\n").filter(Boolean);
    expect(text.length).toBeGreaterThan(3);
    for (const line of text) expect(() => JSON.parse(line), line).not.toThrow();
  });

  it("returns the caller's request id and writes one access line with the route pattern, status, duration and user, without the query", async () => {
    const response = await fetch(`${app.baseUrl}/api/stakeholders?projectId=${projectId}&search=${SEARCH}`, { headers: { cookie, "X-Request-Id": "obs-list-1" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Request-Id")).toBe("obs-list-1");
    await sleep(100);
    const access = lines().filter((line) => line.requestId === "obs-list-1" && line.msg === "request");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ component: "http", method: "GET", route: "/api/stakeholders", status: 200, userId: expect.any(String) });
    expect(access[0].ms).toEqual(expect.any(Number));
    expect(output).not.toContain(SEARCH);

    const made = await fetch(`${app.baseUrl}/api/projects/${projectId}`, { headers: { cookie, "X-Request-Id": "bad id with spaces" } });
    expect(made.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    await sleep(100);
    expect(lines().find((line) => line.requestId === made.headers.get("X-Request-Id"))).toMatchObject({ route: "/api/projects/:id" });
  });

  it("logs a database error on a landholder's record with the request id and its code, never their name or e-mail", async () => {
    // A rule only this record breaks: PostgreSQL refuses the insert and its error carries the whole row.
    await adminQuery(databaseUrl, `alter table stakeholder add constraint obs_refuse_fixture check (email is distinct from '${EMAIL}') not valid`);
    try {
      const response = await fetch(`${app.baseUrl}/api/stakeholders?projectId=${projectId}`, {
        method: "POST",
        headers: { cookie, "Content-Type": "application/json", Origin: app.baseUrl, "X-Request-Id": "obs-db-error-1" },
        body: JSON.stringify({ name: NAME, email: EMAIL }),
      });
      expect(response.status).toBe(500);
      expect(response.headers.get("X-Request-Id")).toBe("obs-db-error-1");
      const body = await response.text();
      expect(body).not.toContain(EMAIL);
    } finally {
      await adminQuery(databaseUrl, "alter table stakeholder drop constraint obs_refuse_fixture");
    }
    await sleep(200);
    const ofRequest = lines().filter((line) => line.requestId === "obs-db-error-1");
    const errors = ofRequest.filter((line) => line.level === "error");
    // Logged once (Remix's handleError), not again by each layer it passed through.
    expect(errors, JSON.stringify(ofRequest)).toHaveLength(1);
    const [logged] = errors;
    expect(logged).toMatchObject({ err: { code: "23514", constraint: "obs_refuse_fixture", table: "stakeholder" } });
    expect(ofRequest.find((line) => line.msg === "request")).toMatchObject({ route: "/api/stakeholders", method: "POST", status: 500 });
    expect(output).not.toContain(EMAIL);
    expect(output).not.toContain("Fixture-Ellis");
    expect(output).not.toContain("Margaret");
  });
});

describe("health", () => {
  it("/healthz answers without I/O and /readyz checks the database, the object store and the migrations", async () => {
    expect(await (await fetch(`${app.baseUrl}/healthz`)).json()).toEqual({ ok: true });
    const ready = await fetch(`${app.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, checks: { database: { ok: true }, objectStore: { ok: true }, migrations: { ok: true } } });

    // This instance's code knows a migration the database has not recorded: not ready.
    const [last] = await adminQuery<{ id: number; name: string }>(databaseUrl, "select id, name from mikro_orm_migrations order by id desc limit 1");
    await adminQuery(databaseUrl, `delete from mikro_orm_migrations where id = ${last.id}`);
    try {
      const pending = await fetch(`${app.baseUrl}/readyz`);
      expect(pending.status).toBe(503);
      expect(await pending.json()).toEqual({ ok: false, checks: { database: { ok: true }, objectStore: { ok: true }, migrations: { ok: false, reason: "1 pending" } } });
    } finally {
      await adminQuery(databaseUrl, `insert into mikro_orm_migrations (id, name) values (${last.id}, '${last.name}')`);
    }
    expect((await fetch(`${app.baseUrl}/readyz`)).status).toBe(200);
  });
});

describe("metrics", () => {
  it("answer only with the token, with the request histogram by route pattern, pool and queue gauges, and no user data", async () => {
    expect((await fetch(`${app.baseUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${app.baseUrl}/metrics`, { headers: { Authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    for (let i = 0; i < 3; i++) await (await fetch(`${app.baseUrl}/api/stakeholders/${1000 + i}?projectId=${projectId}&search=${SEARCH}`, { headers: { cookie } })).text();
    const response = await fetch(`${app.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/stakeholders\/:id",status_code="404"\} 3\n/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/stakeholders",status_code="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/stakeholders",status_code="500"\} 1\n/);
    expect(text).toMatch(/db_pool_connections\{state="used"\} \d+/);
    expect(text).toMatch(/db_pool_connections\{state="waiting"\} 0/);
    expect(text).toMatch(/job_queue_depth\{queue="import-commit"\} \d+/);
    expect(text).toMatch(/job_queue_depth\{queue="mail-send"\} \d+/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    for (const secret of [SEARCH, EMAIL, "Margaret", "/1000", "projectId", "obs-list-1"]) expect(text).not.toContain(secret);

    // The same registry on a listener of its own, which needs no token (keep it off the public network).
    const own = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/stakeholders\/:id",status_code="404"\} 3\n/);
  });
});
