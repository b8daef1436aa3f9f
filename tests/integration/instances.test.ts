import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "s3rver";
import { inject } from "vitest";
import { signIn, startApp } from "../../bench/lib.mjs";
import { adminQuery, withDatabase } from "../setup/pg-admin";
import { csvRows } from "./support/import-files";
import { freePort } from "./support/ports";

/**
 * Several instances of the built app (npm run build) on one PostgreSQL database and one S3 server
 * (docs/operations.md#several-instances): processes started together on an empty database take turns
 * setting it up; a session and a document made on one app server are there on the other; an import
 * queued on an app server is run by the worker, and a worker killed mid-import is replaced by one
 * that applies it exactly once, within seconds.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ROWS = 10_000;
const SESSION_SECRET = "several-instances-test-secret-0123456789abcdef";

/** TEST_PORT_BASE pins the ports (a shared machine); otherwise any free ones. */
let nextPort = Number(process.env.TEST_PORT_BASE ?? 0);
const port = async () => (nextPort ? nextPort++ : freePort());

interface Spawned {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function spawnBuilt(args: string[], env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, ["build/index.js", ...args], { env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await sleep(50);
  }
}

const adminUrl = () => inject("pgAdminUrl");
const databases: string[] = [];

async function emptyDatabase(): Promise<string> {
  const name = `lr_instances_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(adminUrl(), `create database "${name}"`);
  databases.push(name);
  return withDatabase(adminUrl(), name);
}

afterAll(async () => {
  for (const name of databases) await adminQuery(adminUrl(), `drop database if exists "${name}" with (force)`);
});

describe("several instances on one database", () => {
  it(
    "three `--migrate` processes started at once on an empty database all exit 0 and the schema is there once; one that cannot reach its database exits 1 with one plain line",
    { timeout: 60_000 },
    async () => {
      if (!fs.existsSync("build/index.js")) throw new Error("Build the app first: npm run build");
      const url = await emptyDatabase();
      const runs = [1, 2, 3].map(() => spawnBuilt(["--migrate"], { DATABASE_URL: url }));
      // Alongside (the bundle takes seconds to load on a busy machine): a database nobody answers for.
      const unreachable = spawnBuilt(["--migrate"], { DATABASE_URL: `postgresql://postgres@127.0.0.1:${await freePort()}/nowhere` });
      const results = await Promise.all(runs.map((run) => run.exited));
      for (const [i, result] of results.entries()) expect(result, runs[i]!.output()).toEqual({ code: 0, signal: null });
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const { rows } = await db.query<{ applied: number; distinct: number }>("select count(*)::int as applied, count(distinct name)::int as distinct from mikro_orm_migrations");
        expect(rows[0]!.applied).toBeGreaterThan(10);
        expect(rows[0]!.applied).toBe(rows[0]!.distinct);
        expect((await db.query("select 1 from pg_extension where extname = 'pg_trgm'")).rowCount).toBe(1);
        // One of them waited for another rather than racing it.
        expect(runs.some((run) => run.output().includes("Waiting for another process to finish setting up the database"))).toBe(true);
      } finally {
        await db.end();
      }
      expect((await unreachable.exited).code).toBe(1);
      expect(unreachable.output()).toMatch(/^Migrations failed; nothing was changed: .*ECONNREFUSED/m);
    },
  );

  describe("two app servers and a worker, started together on an empty database, with one S3 server", () => {
    let s3rver: { run(): Promise<unknown>; close(): Promise<unknown> };
    let s3Dir: string;
    let url: string;
    let db: pg.Client;
    let apps: Awaited<ReturnType<typeof startApp>>[] = [];
    const workers: Spawned[] = [];
    let shared: Record<string, string>;

    const startWorker = async () => {
      const worker = spawnBuilt(["--worker"], { ...shared, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "lr-worker-")) });
      workers.push(worker);
      await waitFor("the worker", async () => {
        if (worker.child.exitCode !== null) throw new Error(`The worker exited: ${worker.output()}`);
        return worker.output().includes("Background job worker started");
      });
      return worker;
    };

    beforeAll(async () => {
      if (!fs.existsSync("build/index.js")) throw new Error("Build the app first: npm run build");
      s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-s3rver-"));
      const s3Port = await port();
      s3rver = new S3rver({ port: s3Port, address: "127.0.0.1", silent: true, directory: s3Dir });
      await s3rver.run();
      url = await emptyDatabase();
      const [appPort1, appPort2] = [await port(), await port()];
      shared = {
        DATABASE_URL: url,
        SESSION_SECRET,
        // Behind a load balancer all would share its address; here each app server is reached directly (below).
        APP_URL: "http://127.0.0.1",
        S3_ENDPOINT: "127.0.0.1",
        S3_PORT: String(s3Port),
        S3_USE_SSL: "false",
        S3_ACCESS_KEY: "S3RVER",
        S3_SECRET_KEY: "S3RVER",
        S3_BUCKET: "lr-instances",
        SINGLE_INSTANCE: "false",
        LOCAL_SIGN_IN: "true",
        JOB_WORKERS: "false",
      };
      const appEnv = (appPort: number) => ({ ...shared, SEED_DEMO_DATA: "true", EMBEDDED_PG_PORT: "1", LOG_LEVEL: "warn", APP_URL: `http://127.0.0.1:${appPort}` });
      // All three at once on an empty database: migrations, pg_trgm, pg-boss's schema and the demo seed.
      const started = await Promise.allSettled([startApp({ port: appPort1, env: appEnv(appPort1) }), startApp({ port: appPort2, env: appEnv(appPort2) }), startWorker()]);
      apps = started.flatMap((s) => (s.status === "fulfilled" && "baseUrl" in s.value ? [s.value] : []));
      const failed = started.find((s) => s.status === "rejected");
      if (failed) throw (failed as PromiseRejectedResult).reason;
      db = new pg.Client({ connectionString: url });
      await db.connect();
    }, 120_000);

    afterAll(async () => {
      await db?.end();
      for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGTERM");
      await Promise.all(workers.map((w) => w.exited));
      await Promise.all(apps.map((app) => app.stop()));
      await s3rver?.close();
      if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
    });

    it("set the database up once: the demo data is there once", async () => {
      const { rows } = await db.query<{ clients: number; names: number; users: number; emails: number }>(
        `select (select count(*)::int from client) as clients, (select count(distinct name)::int from client) as names,
                (select count(*)::int from "user") as users, (select count(distinct email)::int from "user") as emails`,
      );
      expect(rows[0]!.clients).toBeGreaterThan(0);
      expect(rows[0]!.clients).toBe(rows[0]!.names);
      expect(rows[0]!.users).toBe(rows[0]!.emails);
    });

    it("keeps a user signed in across app servers, and serves a document uploaded on one from the other", { timeout: 60_000 }, async () => {
      const [one, two] = apps as [(typeof apps)[0], (typeof apps)[0]];
      const cookie = await signIn(one.baseUrl, "owner@demo-consultancy.local", "demo-pass-2026");
      const list = async (baseUrl: string) => {
        const response = await fetch(`${baseUrl}/api/projects`, { headers: { cookie } });
        expect(response.status).toBe(200);
        return ((await response.json()) as { id: number; name: string }[]).map((p) => p.name).sort();
      };
      const projects = await list(one.baseUrl);
      expect(projects).toContain("Western Pipeline Stage 2");
      expect(await list(two.baseUrl)).toEqual(projects);

      const projectId = await projectIdOf(one.baseUrl, cookie);
      const body = new FormData();
      body.append("category", "technical");
      body.append("file", new Blob([new Uint8Array(Buffer.from("%PDF-1.7\nshared store\n"))], { type: "application/pdf" }), "survey.pdf");
      const upload = await fetch(`${one.baseUrl}/api/documents/upload?projectId=${projectId}`, { method: "POST", headers: { cookie, origin: one.baseUrl }, body });
      expect(upload.status, await upload.clone().text()).toBe(201);
      const { id } = (await upload.json()) as { id: number };
      const download = await fetch(`${two.baseUrl}/api/documents/${id}/download?projectId=${projectId}`, { headers: { cookie } });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).toString()).toBe("%PDF-1.7\nshared store\n");
    });

    it("runs an import queued on an app server in the worker; a worker killed mid-import is replaced and the import applied once", { timeout: 90_000 }, async () => {
      const [one, two] = apps as [(typeof apps)[0], (typeof apps)[0]];
      // Signed in on one app server, working on the other.
      const cookie = await signIn(one.baseUrl, "officer@demo-consultancy.local", "demo-pass-2026");
      const projectId = await projectIdOf(two.baseUrl, cookie);
      const chunks: Uint8Array[] = [];
      for await (const chunk of csvRows(ROWS)) chunks.push(chunk);
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(Buffer.concat(chunks))]), "landholders.csv");
      const parsed = await fetch(`${two.baseUrl}/api/file/parse?projectId=${projectId}`, { method: "POST", headers: { cookie, origin: two.baseUrl }, body: form });
      expect(parsed.status).toBe(200);
      const { dataKey, totalRows } = (await parsed.json()) as { dataKey: string; totalRows: number };
      expect(totalRows).toBe(ROWS);
      const countImported = async () => (await db.query<{ n: number }>("select count(*)::int as n from stakeholder where project_id = $1 and email like 'name%@example.com'", [projectId])).rows[0]!.n;
      expect(await countImported()).toBe(0);

      // The call waits up to a minute for the job; the test watches the record meanwhile.
      const queued = fetch(`${one.baseUrl}/api/file/import`, {
        method: "POST",
        headers: { cookie, origin: one.baseUrl, "content-type": "application/json" },
        body: JSON.stringify({ dataKey, importType: "stakeholders", mapping: { Name: "name", Email: "email", Mobile: "mobile" }, projectId }),
      });
      const importId = await waitFor("the import record", async () => {
        const { rows } = await db.query<{ id: number }>("select id from import_record where project_id = $1 and data_key = $2", [projectId, dataKey]);
        return rows[0]?.id;
      });
      const record = async () =>
        (await db.query<{ status: string; processed_rows: number; attempts: number }>("select status, processed_rows, attempts from import_record where id = $1", [importId])).rows[0]!;

      // The worker (not the app servers: JOB_WORKERS=false) takes it; killed once it is under way.
      const first = workers[0]!;
      await waitFor("the import to be under way", async () => {
        const r = await record();
        return r.status === "running" && r.processed_rows > 0 && r.processed_rows < ROWS;
      });
      first.child.kill("SIGKILL");
      expect((await first.exited).signal).toBe("SIGKILL");
      const killedAt = Date.now();
      // Nothing of the killed run is written, and the record still says running (nobody is left to say otherwise).
      await waitFor("the killed run's connection to close", async () => {
        const { rows } = await db.query("select 1 from pg_stat_activity where application_name = $1", [`land-records-import-${importId}`]);
        return rows.length === 0;
      });
      expect(await countImported()).toBe(0);
      expect((await record()).status).toBe("running");

      await startWorker();
      const restartedAt = Date.now();
      // Picked up at the new worker's start, not at the job's one-hour expiry (nor after the queue's 30 s retry delay).
      await waitFor(
        "the import to run again",
        async () => {
          const r = await record();
          return r.attempts === 2 && (r.status === "running" || r.status === "completed");
        },
        20_000,
      );
      const pickedUpInMs = Date.now() - restartedAt;
      const done = await waitFor(
        "the import to complete",
        async () => {
          const r = await record();
          if (r.status === "failed") throw new Error("The import failed");
          return r.status === "completed" ? r : null;
        },
        60_000,
      );
      const recoveredInMs = Date.now() - killedAt;
      console.log(`import of ${ROWS} rows: running again ${pickedUpInMs} ms after a new worker started; completed ${recoveredInMs} ms after its worker was killed`);
      expect(pickedUpInMs).toBeLessThan(10_000);
      expect(done.attempts).toBe(2);
      expect(await countImported()).toBe(ROWS);
      const audit = await db.query("select 1 from audit_log where action = 'import.commit' and entity_id = $1", [String(importId)]);
      expect(audit.rowCount).toBe(1);
      // Well before the job's one-hour expiry: the time of one import plus a poll.
      expect(recoveredInMs).toBeLessThan(45_000);
      // The app server that queued it reports it done; no second delivery applies it again.
      const answer = await queued;
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { importId: number }).importId).toBe(importId);
      await sleep(2_000);
      expect(await countImported()).toBe(ROWS);
    });
  });
});

async function projectIdOf(baseUrl: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/projects`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET /api/projects: ${response.status} ${await response.text()}`);
  const projects = (await response.json()) as { id: number; name: string }[];
  return projects.find((p) => p.name === "Western Pipeline Stage 2")!.id;
}
