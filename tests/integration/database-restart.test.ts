import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { signIn, startApp } from "../../bench/lib.mjs";
import { startEmbeddedPostgres, type RunningPostgres } from "../../db/embedded-postgres";
import { adminQuery } from "../setup/pg-admin";
import { freePort } from "./support/ports";
import { templateMappings } from "../../app/modules/export/export-templates";
import { freePortInRange, holdDownload } from "./support/held-download";

/**
 * The built app on a PostgreSQL of the test's own (the embedded server, started here so it can be
 * stopped): under steady load, PostgreSQL is stopped for a few seconds and started again. While it
 * is down every request is answered at once with 503 and the plain message (page and /api); within
 * seconds of it coming back the app serves again, without a restart
 * (docs/operations.md#when-the-database-goes-away).
 */
const DOWN_MS = 4_000;
const BACK_WITHIN_MS = 10_000;
const MESSAGE = "The database cannot be reached. Please try again in a moment.";

interface Sample {
  at: number;
  kind: "api" | "page";
  status: number;
  ms: number;
  body: string;
  retryAfter: string | null;
}

const pickPort = () => (process.env.TEST_PORT_FROM ? freePortInRange(Number(process.env.TEST_PORT_FROM) + 50, Number(process.env.TEST_PORT_FROM) + 99) : freePort());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dataDir = "";
let pgPort = 0;
let postgres: RunningPostgres | undefined;
let app: Awaited<ReturnType<typeof startApp>> | undefined;

beforeAll(async () => {
  if (!fs.existsSync("build/index.js")) throw new Error("Build the app first: npm run build");
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-restart-pg-"));
  pgPort = await pickPort();
  postgres = await startEmbeddedPostgres(dataDir, pgPort);
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await postgres?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("PostgreSQL restarted under load", () => {
  it("answers 503 at once while it is down, and serves again within seconds of it coming back", { timeout: 180_000 }, async () => {
    const port = await pickPort();
    app = await startApp({ port, env: { DATABASE_URL: postgres!.url, SEED_DEMO_DATA: "true", EMBEDDED_PG_PORT: String(port + 1), SESSION_SECRET: "database-restart-test-secret-0123456789abcdef" } });
    // Its log is read (a full pipe would block the app's writes); kept for a failure's message.
    let output = "";
    app.child?.stdout?.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    const cookie = await signIn(app.baseUrl, "officer@demo-consultancy.local", "demo-pass-2026");
    const [project] = await adminQuery<{ id: number }>(postgres!.url, `select id from project where name = 'Western Pipeline Stage 2'`);
    const urls = { api: `${app.baseUrl}/api/stakeholders?projectId=${project!.id}&limit=50`, page: `${app.baseUrl}/stakeholders?projectId=${project!.id}` };

    const samples: Sample[] = [];
    const started = performance.now();
    let running = true;
    const worker = async (kind: Sample["kind"]) => {
      while (running) {
        const at = performance.now() - started;
        try {
          const response = await fetch(urls[kind], { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
          const body = await response.text();
          samples.push({ at, kind, status: response.status, ms: performance.now() - started - at, body, retryAfter: response.headers.get("retry-after") });
        } catch {
          samples.push({ at, kind, status: 0, ms: performance.now() - started - at, body: "", retryAfter: null });
        }
        await sleep(50);
      }
    };
    const workers = [worker("api"), worker("api"), worker("api"), worker("page")];

    // An export nobody reads is streaming when PostgreSQL goes: its connection dies mid-download.
    // ~20 MB of rows, far more than the sockets' buffers, so it is still open then.
    await adminQuery(
      postgres!.url,
      `insert into stakeholder (user_id, project_id, name, address)
       select 'seed-officer', ${project!.id}, 'Landholder ' || g, repeat('Lot ' || g || ' Farm Road, Molong NSW 2866; ', 28) from generate_series(1, 20000) g`,
    );
    const exportBody = JSON.stringify({ projectId: project!.id, exportType: "stakeholders", mode: "standard", format: "csv", mappings: templateMappings("stakeholders", "standard") });
    const unread = await holdDownload(app.baseUrl, {
      path: `/api/export/excel?projectId=${project!.id}`,
      headers: { cookie, origin: app.baseUrl, "content-type": "application/json" },
      body: exportBody,
    });
    expect(unread.status).toBe(200);
    const [streaming] = await adminQuery<{ n: number }>(postgres!.url, `select count(*)::int as n from pg_stat_activity where application_name = 'land-records-downloads' and state <> 'idle'`);
    expect(streaming!.n).toBe(1);

    await sleep(1_500);
    const stoppedAt = performance.now() - started;
    await postgres!.stop();
    const downAt = performance.now() - started;
    await sleep(DOWN_MS);
    const restartAt = performance.now() - started;
    postgres = await startEmbeddedPostgres(dataDir, pgPort);
    const upAt = performance.now() - started;
    await sleep(BACK_WITHIN_MS);
    running = false;
    await Promise.all(workers);

    const before = samples.filter((s) => s.at + s.ms < stoppedAt);
    const down = samples.filter((s) => s.at > downAt + 250 && s.at + s.ms < restartAt);
    const firstOk = samples.find((s) => s.at > upAt && s.status === 200);
    console.log(
      `database restart: ${before.length} requests before, ${down.length} while down (slowest ${Math.max(...down.map((s) => s.ms)).toFixed(0)} ms),`,
      `first 200 ${firstOk ? (firstOk.at + firstOk.ms - upAt).toFixed(0) : "never"} ms after PostgreSQL was up (${(upAt - restartAt).toFixed(0)} ms to start it)`,
    );

    expect(output).not.toContain('"level":"fatal"');
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s.status === 200)).toBe(true);

    expect(down.length).toBeGreaterThan(10);
    expect(down.filter((s) => s.status !== 503).map((s) => `${s.kind} ${s.status} ${s.body.slice(0, 120)}`)).toEqual([]);
    expect(Math.max(...down.map((s) => s.ms))).toBeLessThan(1_500);
    for (const s of down) expect(s.retryAfter).toBe("5");
    const api = down.find((s) => s.kind === "api")!;
    expect(JSON.parse(api.body)).toEqual({ message: MESSAGE, code: "DATABASE_UNAVAILABLE" });
    const page = down.find((s) => s.kind === "page");
    expect(page?.body).toContain(MESSAGE);
    expect(page?.body).not.toMatch(/at [\w.]+ \(/); // no stack trace

    expect(firstOk, "a 200 after PostgreSQL came back").toBeDefined();
    expect(firstOk!.at + firstOk!.ms - upAt).toBeLessThan(BACK_WITHIN_MS);
    const settled = samples.filter((s) => s.at > firstOk!.at + firstOk!.ms + 1_000);
    expect(settled.length).toBeGreaterThan(0);
    expect(settled.filter((s) => s.status !== 200).map((s) => `${s.kind} ${s.status}`)).toEqual([]);
    // The same process served throughout (the download that lost its connection did not end it).
    expect(app.child?.exitCode).toBeNull();
    unread.socket.destroy();
  });
});
