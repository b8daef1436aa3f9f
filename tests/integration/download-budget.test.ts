import fs from "node:fs";
import http from "node:http";
import { inject } from "vitest";
import { signIn, startApp } from "../../bench/lib.mjs";
import { templateMappings } from "../../app/modules/export/export-templates";
import { adminQuery, withDatabase } from "../setup/pg-admin";
import { freePort } from "./support/ports";
import { freePortInRange, holdDownload, readToEnd, type HeldDownload } from "./support/held-download";

/**
 * The built app over HTTP, on its own database: a viewer opens 12 exports and reads none of them.
 * Only their own share of the download budget streams (the rest are refused with 429 and the
 * message), another user's /api/stakeholders still answers within 2 s, a full server budget
 * refuses others with 503, and a download nobody reads is cut off and gives its connection back
 * (docs/operations.md#pools-and-timeouts).
 */
const STALL_MS = 8_000;
const PER_USER = 2;
const TOTAL = 4;
const STAKEHOLDERS = 20_000;
const USER_LIMIT_MESSAGE = "You already have 2 downloads in progress. Please wait for one to finish, then try again.";
const SERVER_LIMIT_MESSAGE = "Too many downloads are in progress. Please try again in a minute.";

const adminUrl = inject("pgAdminUrl");
const database = `lr_downloads_${Date.now()}_${process.pid}`;
const databaseUrl = withDatabase(adminUrl, database);
let app: Awaited<ReturnType<typeof startApp>>;
let baseUrl = "";
let projectId = 0;
const cookies: Record<string, string> = {};
const held: HeldDownload[] = [];

const portFrom = () => (process.env.TEST_PORT_FROM ? freePortInRange(Number(process.env.TEST_PORT_FROM), Number(process.env.TEST_PORT_FROM) + 99) : freePort());

function exportRequest(cookie: string) {
  const body = JSON.stringify({ projectId, exportType: "stakeholders", mode: "standard", format: "csv", mappings: templateMappings("stakeholders", "standard") });
  return { path: `/api/export/excel?projectId=${projectId}`, headers: { cookie, origin: baseUrl, "content-type": "application/json" }, body };
}

async function timedStakeholders(cookie: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/stakeholders?projectId=${projectId}`, { headers: { cookie }, signal: AbortSignal.timeout(5_000) });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** The download connections PostgreSQL holds for this database, by state. */
async function downloadConnections() {
  return adminQuery<{ state: string }>(adminUrl, `select state from pg_stat_activity where datname = '${database}' and application_name = 'land-records-downloads'`);
}

beforeAll(async () => {
  if (!fs.existsSync("build/index.js")) throw new Error("Build the app first: npm run build");
  await adminQuery(adminUrl, `create database "${database}" template "${inject("pgTemplateDatabase")}"`);
  const port = await portFrom();
  app = await startApp({
    port,
    env: {
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: "true",
      EMBEDDED_PG_PORT: String(port + 1),
      SESSION_SECRET: "download-budget-test-secret-0123456789abcdef",
      DOWNLOAD_SLOTS: String(TOTAL),
      DOWNLOAD_SLOTS_PER_USER: String(PER_USER),
      DOWNLOAD_STALL_TIMEOUT_MS: String(STALL_MS),
      JOB_WORKERS: "false",
    },
  });
  baseUrl = app.baseUrl;
  // Read the app's log, or a full pipe would block its writes.
  app.child?.stdout?.resume();
  const [project] = await adminQuery<{ id: number }>(databaseUrl, `select id from project where name = 'Western Pipeline Stage 2'`);
  projectId = project!.id;
  // ~1 KB a row, ~20 MB a file: far more than the sockets' buffers, so an unread export keeps streaming.
  await adminQuery(
    databaseUrl,
    `insert into stakeholder (user_id, project_id, name, address)
     select 'seed-officer', ${projectId}, 'Landholder ' || g, repeat('Lot ' || g || ' Farm Road, Molong NSW 2866; ', 28) from generate_series(1, ${STAKEHOLDERS}) g`,
  );
  for (const role of ["viewer", "officer", "pm", "director"]) cookies[role] = await signIn(baseUrl, `${role}@demo-consultancy.local`, "demo-pass-2026");
}, 180_000);

afterAll(async () => {
  for (const download of held) download.socket.destroy();
  await app?.stop();
  await adminQuery(adminUrl, `drop database if exists "${database}" with (force)`);
}, 90_000);

describe("long downloads under a budget", () => {
  it("12 unread exports by a viewer: 2 stream, 10 are refused with 429 and the message; the 13th too; another user's /api/stakeholders answers within 2 s", async () => {
    const baseline: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { status, ms } = await timedStakeholders(cookies.officer!);
      expect(status).toBe(200);
      baseline.push(ms);
    }
    const viewer = exportRequest(cookies.viewer!);
    const settled = await Promise.allSettled(Array.from({ length: 12 }, () => holdDownload(baseUrl, viewer)));
    const twelve = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    held.push(...twelve);
    // Another user first: with one shared pool (10 connections) this is where requests stalled.
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { status, ms } = await timedStakeholders(cookies.officer!).catch(() => ({ status: 0, ms: Infinity }));
      times.push(ms);
      expect(status).toBe(200);
      expect(ms).toBeLessThan(2_000);
    }
    const list = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(", ");
    console.log(`held-open exports: another user's /api/stakeholders (1,000 rows) in ${list(times)} ms; before them ${list(baseline)} ms`);
    expect(twelve, "every export is answered at once, streaming or refused").toHaveLength(12);
    const streaming = twelve.filter((d) => d.status === 200);
    const refused = twelve.filter((d) => d.status !== 200);
    expect(streaming).toHaveLength(PER_USER);
    expect(refused.map((d) => d.status)).toEqual(Array(12 - PER_USER).fill(429));
    for (const d of refused) {
      expect(JSON.parse(d.body)).toEqual({ message: USER_LIMIT_MESSAGE, code: "TOO_MANY_DOWNLOADS" });
      expect(d.headers["retry-after"]).toBe("30");
    }
    expect(streaming[0]!.headers["content-disposition"]).toContain(".csv");

    const thirteenth = await fetch(`${baseUrl}${viewer.path}`, { method: "POST", headers: viewer.headers, body: viewer.body });
    expect(thirteenth.status).toBe(429);
    expect(thirteenth.headers.get("retry-after")).toBe("30");
    expect(await thirteenth.json()).toMatchObject({ message: USER_LIMIT_MESSAGE });
    // The two unread exports sit on the download pool's connections, not the requests' pool.
    expect((await downloadConnections()).length).toBe(PER_USER);
  });

  it("with the server's budget used up, anyone else's download is refused with 503 while pages still answer", async () => {
    const officer = exportRequest(cookies.officer!);
    const two = await Promise.all([holdDownload(baseUrl, officer), holdDownload(baseUrl, officer)]);
    held.push(...two);
    expect(two.map((d) => d.status)).toEqual([200, 200]);
    const pm = exportRequest(cookies.pm!);
    const refused = await fetch(`${baseUrl}${pm.path}`, { method: "POST", headers: pm.headers, body: pm.body });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await refused.json()).toEqual({ message: SERVER_LIMIT_MESSAGE, code: "DOWNLOADS_BUSY" });
    const { status, ms } = await timedStakeholders(cookies.pm!);
    expect(status).toBe(200);
    expect(ms).toBeLessThan(2_000);
    // server.ts's keep-alive timeout (longer than a load balancer's 60 s), as the server announces it.
    const page = await fetch(`${baseUrl}/healthz`);
    expect(page.headers.get("keep-alive")).toBe("timeout=65");
  });

  it("cuts off the unread downloads after the stall time: their connections go back, the viewer may export again, the files end unfinished", { timeout: 60_000 }, async () => {
    const open = held.filter((d) => d.status === 200);
    expect(open).toHaveLength(TOTAL);
    expect((await downloadConnections()).filter((c) => c.state !== "idle")).toHaveLength(TOTAL);
    const started = performance.now();
    while ((await downloadConnections()).some((c) => c.state !== "idle") && performance.now() - started < STALL_MS + 20_000) await new Promise((r) => setTimeout(r, 250));
    const waited = performance.now() - started;
    console.log(`stalled downloads: connections back ${waited.toFixed(0)} ms after the check began (stall time ${STALL_MS} ms)`);
    expect((await downloadConnections()).filter((c) => c.state !== "idle")).toEqual([]);
    expect(waited).toBeLessThan(STALL_MS + 15_000);
    // The slots are free again.
    const viewer = exportRequest(cookies.viewer!);
    const again = await Promise.all([holdDownload(baseUrl, viewer), holdDownload(baseUrl, viewer)]);
    held.push(...again);
    expect(again.map((d) => d.status)).toEqual([200, 200]);
    // A client reading again finds the connection closed and the file cut short (no last chunk).
    for (const download of open) expect(await readToEnd(download, 20_000)).not.toMatch(/\r\n0\r\n\r\n$/);
  });

  it("a refused download behind a plain link (the dashboard's SQL dump) is the message on the page for a browser, JSON for a script", async () => {
    const dump = { method: "GET", path: `/api/database/export?projectId=${projectId}`, headers: { cookie: cookies.director! } };
    const two = await Promise.all([holdDownload(baseUrl, dump), holdDownload(baseUrl, dump)]);
    held.push(...two);
    expect(two.map((d) => d.status)).toEqual([200, 200]);
    const url = `${baseUrl}${dump.path}`;
    const script = await fetch(url, { headers: { cookie: cookies.director!, "sec-fetch-mode": "cors" } });
    expect(script.status).toBe(429);
    expect(await script.json()).toEqual({ message: USER_LIMIT_MESSAGE, code: "TOO_MANY_DOWNLOADS" });
    // node:http, not fetch: fetch sends its own Sec-Fetch-Mode (cors) whatever it is given.
    const browser = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(url, { headers: { cookie: cookies.director!, "sec-fetch-mode": "navigate", accept: "text/html" } }, (res) => (res.resume(), resolve(res))).on("error", reject),
    );
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe("/");
    const session = (browser.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!);
    const jar = new Map([...cookies.director!.split("; "), ...session].map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const));
    const page = await fetch(`${baseUrl}/`, { headers: { cookie: [...jar.values()].join("; ") } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Download Not Started");
    expect(html).toContain(USER_LIMIT_MESSAGE);
  });
});
