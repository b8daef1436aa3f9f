/**
 * /map for a view of 2,000 parcels (docs/records.md#the-map): the target is an answer in under 300 ms,
 * compared with the bare-Express floor of bench/lists.mjs in the same run. Starts the built app (or uses
 * BENCH_URL with DATABASE_URL), adds 20,000 parcels to the demo's Western project (a 200 × 100 grid of
 * rural lots from tests/factories/parcels.mjs, nine in ten linked to a property), then asks /map for
 * views of 50 × 40 lots at 20 places across the grid, so the GiST index picks 2,000 of the 20,000 each
 * time, one request at a time and at BENCH_CONNECTIONS (4) at once.
 *
 *   npm run build && npm run bench:map
 *   BENCH_SECONDS=10, BENCH_CONNECTIONS=4, BENCH_PORT (3961), BENCH_BARE_PORT (BENCH_PORT + 1).
 */
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { load, printTable, signIn, startApp, startBareExpress } from "./lib.mjs";
import { databaseUrl } from "./seed-large.mjs";
import { parcelGrid, parcelInsertSql } from "../tests/factories/parcels.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const port = Number(process.env.BENCH_PORT ?? 3961);
const barePort = Number(process.env.BENCH_BARE_PORT ?? port + 1);
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const TARGET_MS = 300;
const GRID = { columns: 200, rows: 100, origin: [148.7, -33.2], size: [0.002, 0.0015] };
const VIEW = { columns: 50, rows: 40 };

const loadBefore = os.loadavg();
const bare = await startBareExpress({ port: barePort });
const app = await startApp({ port });
try {
  const client = new pg.Client({ connectionString: process.env.BENCH_URL ? databaseUrl() : databaseUrl({ EMBEDDED_PG_PORT: String(port + 50000), DATA_DIR: app.dataDir }) });
  await client.connect();
  const { rows: projects } = await client.query("select id from project where name = 'Western Pipeline Stage 2'");
  const projectId = projects[0].id;
  const { rows: existing } = await client.query("select count(*)::int as n from parcel where project_id = $1", [projectId]);
  const started = performance.now();
  if (existing[0].n < GRID.columns * GRID.rows) {
    const properties = (await client.query("select id from property where project_id = $1 order by id", [projectId])).rows.map((r) => r.id);
    const lots = parcelGrid({ ...GRID, seed: 11 });
    for (let i = 0; i < lots.length; i += 1000) {
      const batch = lots.slice(i, i + 1000);
      await client.query(
        parcelInsertSql(
          projectId,
          batch,
          batch.map((_, k) => ((i + k) % 10 === 9 ? null : properties[(i + k) % properties.length])),
        ),
      );
    }
    await client.query("analyze parcel");
    console.log(`Added ${lots.length} parcels to project ${projectId} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await client.end();

  const cookie = await signIn(app.baseUrl, "officer@demo-consultancy.local", "demo-pass-2026");
  // Views of 50 × 40 lots at 20 places: their boxes, a little inside the lots' edges so each holds 2,000.
  const [w0, s0] = GRID.origin;
  const [dx, dy] = GRID.size;
  const views = Array.from({ length: 20 }, (_, k) => {
    const i = (k % 5) * 30;
    const j = Math.floor(k / 5) * 20;
    const bbox = [w0 + (i + 0.25) * dx, s0 + (j + 0.25) * dy, w0 + (i + VIEW.columns - 0.25) * dx, s0 + (j + VIEW.rows - 0.25) * dy].map((v) => v.toFixed(6));
    return `/map?projectId=${projectId}&bbox=${bbox.join(",")}`;
  });
  const headers = { "accept-encoding": ACCEPT_ENCODING, cookie };
  const probe = await fetch(app.baseUrl + views[0], { headers });
  const html = await probe.text();
  const drawn = (html.match(/class="parcel parcel--/g) ?? []).length;
  if (probe.status !== 200) throw new Error(`/map answered ${probe.status}`);
  console.log(`One view draws ${drawn} parcel shapes (with the legend's and table's swatches); ${(html.length / 1024).toFixed(0)} KB of HTML before compression`);

  const rows = [];
  const bareUrls = [`${bare.baseUrl}/`];
  await load(bareUrls, { connections, seconds: 1 });
  rows.push({ name: "bare Express, own process", ...(await load(bareUrls, { connections, seconds })), single: await load(bareUrls, { connections: 1, seconds: 3 }) });
  const urls = views.map((v) => app.baseUrl + v);
  await load(urls, { connections: 1, seconds: 2, headers }); // warm-up
  const cpuBefore = processCpuMs(app.pid);
  const single = await load(urls, { connections: 1, seconds, headers });
  // The app process's own CPU per request (from /proc): unlike the wall time it hardly moves when other
  // work shares the machine. PostgreSQL's share runs in its own processes and is not in it.
  const cpuMs = cpuBefore === null ? null : (processCpuMs(app.pid) - cpuBefore) / single.requests;
  const loaded = await load(urls, { connections, seconds, headers });
  rows.push({ name: `/map, 2,000 parcels a view (${views.length} views)`, ...loaded, single });
  const loadAfter = os.loadavg();

  console.log(`\n${connections} connections, ${seconds} s per scenario (and as long one at a time), Node ${process.version}`);
  console.log(`Load average (1 min) ${loadBefore[0].toFixed(1)} before, ${loadAfter[0].toFixed(1)} after, ${os.cpus().length} CPUs\n`);
  printTable(rows, { baseline: rows[0] });
  if (cpuMs !== null) console.log(`\nApp CPU per /map request, one at a time: ${cpuMs.toFixed(0)} ms`);
  const met = single.p50 < TARGET_MS && single.p95 < TARGET_MS;
  console.log(
    `\nTarget: /map for a view of 2,000 parcels in under ${TARGET_MS} ms, one request at a time: p50 ${single.p50.toFixed(0)} ms, p95 ${single.p95.toFixed(0)} ms: ${met ? "met" : "**not met**"}`,
  );
  fs.mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/map-${Date.now()}.json`;
  fs.writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), node: process.version, connections, seconds, loadBefore, loadAfter, targetMs: TARGET_MS, drawn, cpuMs, rows }, null, 2));
  console.log(`Wrote ${file}`);
  if (!met) process.exitCode = 1;
} finally {
  await app.stop();
  await bare.stop();
}

/** CPU time (user + system) a process has used so far, in ms; null when /proc cannot say. */
function processCpuMs(pid) {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // clock ticks, 100 per second on Linux
  } catch {
    return null;
  }
}
