/**
 * Import of 20,000 parcels from a generated GeoJSON through the real app (docs/import.md#parcels): 20–60
 * vertex polygons on a grid in GDA2020 / MGA zone 56 (a `crs` member naming EPSG:7856, as QGIS writes it),
 * attributes lot, plan and address, half of them matching a property seeded into the demo project by
 * lot/plan. The file is uploaded to POST /api/file/parse (importType "parcels"), committed by
 * POST /api/file/import (crs, invalidShapes) and the job is waited for. Against it, in the same run and the
 * same database: `COPY` of the same 20,000 rows (geometry JSON, box, area; no reprojection, matching or
 * audit) into a scratch table, the floor. Reports total seconds (upload → job done), the job's seconds,
 * the app's peak RSS (VmHWM) and the ratio to COPY; targets: total under 60 s, peak RSS under 400 MB.
 *
 *   npm run build && npm run bench:parcels        (BENCH_PARCELS=… to change the parcel count)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { signIn, startApp, uploadForParse } from "./lib.mjs";
import { databaseUrl } from "./seed-large.mjs";

const PARCELS = Number(process.env.BENCH_PARCELS ?? 20_000);
const MB = 1024 * 1024;
const COLUMNS = 200;
/** Grid cell in metres: each parcel is a ring of 20–60 vertices inside its cell. */
const CELL = 120;
/** South-west corner of the grid: eastings/northings near Tamworth NSW, inside MGA zone 56. */
const ORIGIN = { e: 300_000, n: 6_550_000 };
const MAPPING = { lot: "lot", plan: "plan", address: "address" };
const STREETS = ["Peel St", "Bridge St", "Marius St", "Goonoo Goonoo Rd", "Manilla Rd", "Oxley Hwy", "Calala Ln", "Moore Creek Rd"];

/** Parcel i's lot and plan: unique per parcel; properties are seeded for the even ones (half match). */
const lotOf = (i) => String((i % 100) + 1);
const planOf = (i) => `DP${800_000 + Math.floor(i / 100)}`;

/** A deterministic pseudo-random number in [0, 1) for parcel i, draw k. */
function rand(i, k) {
  const x = Math.sin(i * 12.9898 + k * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** Parcel i's ring (closed, anticlockwise, star-shaped about the cell's centre so it never crosses itself). */
function ringOf(i) {
  const cx = ORIGIN.e + (i % COLUMNS) * CELL + CELL / 2;
  const cy = ORIGIN.n + Math.floor(i / COLUMNS) * CELL + CELL / 2;
  const vertices = 20 + Math.floor(rand(i, 0) * 41);
  const ring = [];
  for (let v = 0; v < vertices; v++) {
    const angle = (2 * Math.PI * v) / vertices;
    const radius = CELL * (0.3 + 0.15 * rand(i, v + 1));
    ring.push([Math.round((cx + radius * Math.cos(angle)) * 1000) / 1000, Math.round((cy + radius * Math.sin(angle)) * 1000) / 1000]);
  }
  ring.push(ring[0]);
  return ring;
}

/** The shoelace area of a ring in the plane (m² in MGA; the app measures on the ellipsoid instead). */
function planarArea(ring) {
  let sum = 0;
  for (let k = 0; k < ring.length - 1; k++) sum += ring[k][0] * ring[k + 1][1] - ring[k + 1][0] * ring[k][1];
  return Math.abs(sum) / 2;
}

const csvField = (value) => (value === null ? "" : /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The GeoJSON to import and the COPY file of the same rows (lot, plan, address, geometry, box, area). */
async function writeFiles(dir) {
  const importFile = path.join(dir, "cadastre.geojson");
  const copyFile = path.join(dir, "parcels.csv");
  const a = fs.createWriteStream(importFile);
  const b = fs.createWriteStream(copyFile);
  a.write(`{"type":"FeatureCollection","name":"cadastre","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::7856"}},"features":[\n`);
  let vertices = 0;
  for (let i = 0; i < PARCELS; i++) {
    const ring = ringOf(i);
    vertices += ring.length - 1;
    const geometry = { type: "Polygon", coordinates: [ring] };
    const address = `${(i % 400) + 1} ${STREETS[i % STREETS.length]}, Tamworth NSW 2340`;
    const feature = { type: "Feature", properties: { lot: lotOf(i), plan: planOf(i), address }, geometry };
    const xs = ring.map((p) => p[0]);
    const ys = ring.map((p) => p[1]);
    const copy = [lotOf(i), planOf(i), address, JSON.stringify(geometry), Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), planarArea(ring)];
    const okA = a.write(`${i ? ",\n" : ""}${JSON.stringify(feature)}`);
    const okB = b.write(`${copy.map((v) => csvField(String(v))).join(",")}\n`);
    // Wait for both streams together: one may drain while the other is being waited for.
    if (!okA || !okB) await Promise.all([okA || new Promise((r) => a.once("drain", r)), okB || new Promise((r) => b.once("drain", r))]);
  }
  a.write("\n]}\n");
  await Promise.all([new Promise((r) => a.end(r)), new Promise((r) => b.end(r))]);
  // The embedded PostgreSQL reads the COPY file itself (it may run as another user).
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(copyFile, 0o644);
  return { importFile, copyFile, bytes: fs.statSync(importFile).size, vertices };
}

/** Samples the process's resident set every 50 ms: the peak of each phase (VmHWM has only the whole run's). */
function rssSampler(pid) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(pid)?.rss ?? 0)), 50);
  return {
    phase() {
      const value = Math.max(peak, memoryOf(pid)?.rss ?? 0);
      peak = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

/** The process's peak resident set since it started (VmHWM), and its current one. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
    return { hwm: kb("VmHWM"), rss: kb("VmRSS") };
  } catch {
    return null;
  }
}

const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

const port = Number(process.env.BENCH_PORT ?? 3981);
const loadBefore = loadAverage();
const app = await startApp({ port });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lr-bench-parcels-"));
const db = new pg.Client({ connectionString: process.env.BENCH_URL ? databaseUrl() : databaseUrl({ ...process.env, EMBEDDED_PG_PORT: String(port + 50000), DATA_DIR: app.dataDir }) });
try {
  await db.connect();
  const cookie = await signIn(app.baseUrl, "owner@demo-consultancy.local", "demo-pass-2026");
  const projects = await (await fetch(`${app.baseUrl}/api/projects`, { headers: { cookie } })).json();
  const project = projects.find((p) => p.name === "Western Pipeline Stage 2");
  if (!project) throw new Error("Demo project not found");

  // Half the parcels (the even ones) have a property in the project with their lot and plan, written as
  // a title search writes them (lot and plan number apart); the job works out their match keys.
  const tSeed = process.hrtime.bigint();
  const { rowCount: seeded } = await db.query(
    `insert into property (project_id, address, lot, plan_number)
     select $1, 'Benchmark parcel property ' || g, ((g * 2) % 100 + 1)::text, 'DP' || (800000 + (g * 2) / 100)
       from generate_series(0, $2::int - 1) g`,
    [project.id, Math.ceil(PARCELS / 2)],
  );
  await db.query("analyze property");
  console.log(`seeded ${seeded.toLocaleString()} matching properties in ${seconds(tSeed).toFixed(1)} s`);

  const tGen = process.hrtime.bigint();
  const files = await writeFiles(tmp);
  console.log(`generated ${PARCELS.toLocaleString()} parcels (${files.vertices.toLocaleString()} vertices, ${(files.bytes / MB).toFixed(1)} MB of GeoJSON) in ${seconds(tGen).toFixed(1)} s`);

  // The floor: the same rows, geometry as JSON with its box and area, COPied into a scratch table.
  await db.query(`create table bench_parcel_copy (id serial primary key, lot text, plan text, address text, geometry jsonb not null,
    min_x float8 not null, min_y float8 not null, max_x float8 not null, max_y float8 not null, area_m2 float8 not null)`);
  const tCopy = process.hrtime.bigint();
  await db.query(`copy bench_parcel_copy (lot, plan, address, geometry, min_x, min_y, max_x, max_y, area_m2) from '${files.copyFile}' with (format csv)`);
  const copySeconds = seconds(tCopy);
  const copied = (await db.query("select count(*)::int as n from bench_parcel_copy")).rows[0].n;
  await db.query("drop table bench_parcel_copy");
  if (copied !== PARCELS) throw new Error(`COPY wrote ${copied} rows, expected ${PARCELS}`);

  const memoryBefore = app.pid ? memoryOf(app.pid) : null;
  const sampler = app.pid ? rssSampler(app.pid) : null;
  const t0 = process.hrtime.bigint();
  const parsed = await uploadForParse(app.baseUrl, cookie, project.id, files.importFile, { fields: { importType: "parcels" }, fileName: "cadastre.geojson", contentType: "application/geo+json" });
  const parseSeconds = seconds(t0);
  const parsePeak = sampler?.phase() ?? null;
  if (parsed.totalRows !== PARCELS) throw new Error(`Staged ${parsed.totalRows} parcels, expected ${PARCELS}`);

  const tImport = process.hrtime.bigint();
  const response = await fetch(`${app.baseUrl}/api/file/import`, {
    method: "POST",
    headers: { cookie, origin: app.baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ dataKey: parsed.dataKey, importType: "parcels", mapping: MAPPING, projectId: project.id, crs: "EPSG:7856", invalidShapes: "skip" }),
  });
  let result = await response.json();
  if (response.status === 202) {
    for (;;) {
      const { rows } = await db.query("select status, counts from import_record where id = $1", [result.importId]);
      if (["completed", "failed"].includes(rows[0].status)) {
        // The counts' own keys first: the row's status is the one that says how the job ended.
        result = { ...rows[0].counts, importId: result.importId, status: rows[0].status };
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } else if (!response.ok) throw new Error(`Import failed: ${response.status} ${JSON.stringify(result)}`);
  const totalSeconds = seconds(t0);
  const importSeconds = seconds(tImport);
  const memory = app.pid ? memoryOf(app.pid) : null;
  const jobPeak = sampler?.phase() ?? null;
  sampler?.stop();
  const { unmatchedParcels, ...counts } = result;
  // A quick job answers 200 with its counts; how it ended is on its import record either way.
  const { rows: records } = await db.query("select status, extract(epoch from finished_at - started_at)::float as job_seconds from import_record where id = $1", [result.importId]);
  if (records[0].status !== "completed" || result.imported !== PARCELS) throw new Error(`Imported ${result.imported}, expected ${PARCELS}: ${JSON.stringify(counts)}`);
  const expectedMatches = Math.ceil(PARCELS / 2);
  if (result.parcelsMatched !== expectedMatches) throw new Error(`Matched ${result.parcelsMatched} parcels, expected ${expectedMatches}: ${JSON.stringify(counts)}`);

  const jobSeconds = records[0].job_seconds;
  const loadAfter = loadAverage();

  const ratio = totalSeconds / copySeconds;
  const jobRatio = jobSeconds / copySeconds;
  const totalMet = totalSeconds < 60;
  const rssMet = memory === null || memory.hwm < 400 * MB;
  console.log(`\nload average before ${loadBefore}, after ${loadAfter}`);
  console.log(`\n| step | seconds | parcels/s |`);
  console.log("|---|---:|---:|");
  console.log(`| COPY of the same rows into a scratch table (floor) | ${copySeconds.toFixed(2)} | ${Math.round(PARCELS / copySeconds).toLocaleString()} |`);
  console.log(`| upload + read + stage (POST /api/file/parse) | ${parseSeconds.toFixed(2)} | ${Math.round(PARCELS / parseSeconds).toLocaleString()} |`);
  console.log(`| import job (started → finished) | ${jobSeconds.toFixed(2)} | ${Math.round(PARCELS / jobSeconds).toLocaleString()} |`);
  console.log(`| POST /api/file/import → job done (queue + job) | ${importSeconds.toFixed(2)} | ${Math.round(PARCELS / importSeconds).toLocaleString()} |`);
  console.log(`| total: upload → job done | ${totalSeconds.toFixed(2)} | ${Math.round(PARCELS / totalSeconds).toLocaleString()} |`);
  console.log(`\nmatched ${result.parcelsMatched.toLocaleString()}, unmatched ${result.parcelsUnmatched.toLocaleString()}, skipped ${result.skipped}`);
  console.log(`total / COPY: ${ratio.toFixed(1)}×; job / COPY: ${jobRatio.toFixed(1)}×`);
  console.log(`total under 60 s: ${totalSeconds.toFixed(1)} s — ${totalMet ? "met" : "NOT MET"}`);
  if (memory) console.log(`peak RSS under 400 MB: VmHWM ${(memory.hwm / MB).toFixed(0)} MB (${(memoryBefore.hwm / MB).toFixed(0)} MB before the upload) — ${rssMet ? "met" : "NOT MET"}`);
  if (parsePeak !== null) console.log(`  sampled RSS peaks: ${(parsePeak / MB).toFixed(0)} MB during upload + staging, ${(jobPeak / MB).toFixed(0)} MB during the job`);

  fs.mkdirSync("bench/results", { recursive: true });
  const resultFile = `bench/results/parcels-import-${Date.now()}.json`;
  fs.writeFileSync(
    resultFile,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        parcels: PARCELS,
        vertices: files.vertices,
        geojsonBytes: files.bytes,
        loadBefore,
        loadAfter,
        copySeconds,
        parseSeconds,
        jobSeconds,
        importSeconds,
        totalSeconds,
        ratio,
        peakRss: memory?.hwm ?? null,
        parsePeakRss: parsePeak,
        jobPeakRss: jobPeak,
        peakRssBeforeUpload: memoryBefore?.hwm ?? null,
        counts,
        unmatchedListed: unmatchedParcels?.length ?? 0,
        targets: { totalUnder60s: totalMet, peakRssUnder400MB: rssMet },
      },
      null,
      2,
    ),
  );
  console.log(`\nWrote ${resultFile}`);
  if (!totalMet || !rssMet) process.exitCode = 1;
} finally {
  await db.end().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
  await app.stop();
}
