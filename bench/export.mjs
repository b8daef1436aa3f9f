/**
 * Excel export of 50,000 properties through the real app (docs/export.md#the-workbook), against its floor: a bare exceljs
 * streaming writer writing the same rows and cells in the same run. Also the project SQL dump of the
 * 10,000-stakeholder, 10,000-property "Benchmark Project".
 *
 *   npm run build && npm run bench:export        (BENCH_RUNS=3, BENCH_EXPORT_PROPERTIES=50000, BENCH_PORT=3957)
 *
 * 1. Starts the built app on an empty data folder and seeds two projects with bench/seed-large.mjs:
 *    "Export Benchmark Project" (50,000 properties, 20,000 stakeholders, each property linked to its
 *    owner and ~30,000 more links skewed towards a few stakeholders, so most titles have one or two
 *    stakeholders and some several; tenancy, encumbrances, notes and the stakeholders' last contact
 *    filled so each of the 24 columns before the two affected-area ones has values) and "Benchmark Project" of the list benchmarks.
 * 2. Reads the export's rows up front, not timed: the app's own column list (`templateMappings`,
 *    properties, standard: 26 columns) and SELECT (`buildExportQuery`), loaded through tsx, run with
 *    plain `pg` and a cursor (its time is printed as "query alone"); the cells made by the app's
 *    `toExcelCell`.
 * 3. Each run (BENCH_RUNS, default 3):
 *    - floor: a bare `ExcelJS.stream.xlsx.WorkbookWriter` (exceljs's defaults) writes those cells to a file,
 *      `addRow(cells).commit()` per row and a turn of the event loop every 1,000 rows, nothing else (the
 *      floor the speed issue names); then exceljs alone with the app's sheet set-up (column widths, frozen
 *      bold header, autofilter, inline strings, each number or date cell its column's one style object),
 *      a reference for what exceljs costs the app's workbook;
 *    - `POST /api/export/excel` (exportType properties, mode standard, the 26 mappings), the response
 *      streamed to a file: wall time to the last byte, time to the first, bytes, the server's CPU time
 *      (/proc/<pid>/stat) and its peak RSS (VmRSS of /proc/<pid>/status every 50 ms);
 *    - `GET /api/database/export?projectId=` of "Benchmark Project": the same figures.
 * 4. Checks the first run's workbook (exceljs's streaming reader: 50,001 rows, the 26 headers, how many
 *    rows have a value in each column) and the dump (ends with COMMIT), prints a table of min and median,
 *    and writes bench/results/export-<timestamp>.json. Goals: the export's median within 1.3× of the
 *    floor's, the server's peak RSS under 300 MB; the exit code is 1 when one is missed.
 *
 * To profile the server, pass Node arguments to it: BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
 * (bench/lib.mjs; the profile is written when the benchmark stops the app). BENCH_NODE_OPTIONS sets the
 * app's NODE_OPTIONS, which Node refuses --cpu-prof in. BENCH_URL=… measures a running app instead
 * (with DATA_DIR and EMBEDDED_PG_PORT for its database, BENCH_APP_PID for its RSS and CPU).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import ExcelJS from "exceljs";
import pg from "pg";
import Cursor from "pg-cursor";
import { signIn, startApp } from "./lib.mjs";
import { BENCH_PROJECT, databaseUrl, seedLarge } from "./seed-large.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PROPERTIES = Number(process.env.BENCH_EXPORT_PROPERTIES ?? 50_000);
const EXPORT_PROJECT = "Export Benchmark Project";
/** Rows per cursor read for "query alone", and rows between the floor's turns of the event loop. */
const BATCH_ROWS = 1000;
const GOAL_RATIO = 1.3;
const GOAL_RSS = 300 * 1024 * 1024;
const MB = 1024 * 1024;

// The app's own export modules (TypeScript, through tsx): the same columns, SQL and cells as the server.
const { tsImport } = await import("tsx/esm/api");
/** Loads an app module and checks that it still exports `names`, so an export moved elsewhere fails here, not after the seeding. */
async function load(file, names) {
  const module = await tsImport(new URL(`../app/modules/${file}`, import.meta.url).href, import.meta.url);
  const missing = names.filter((name) => module[name] === undefined);
  if (missing.length) throw new Error(`app/modules/${file} no longer exports ${missing.join(", ")}: update bench/export.mjs`);
  return module;
}
const [templates, modes, query, values, types, calendar] = await Promise.all([
  load("export/export-templates.ts", ["templateMappings"]),
  load("export/export-modes.ts", ["exportedColumns"]),
  load("export/export-query.server.ts", ["buildExportQuery", "LIST_JOIN"]),
  load("export/export-values.ts", ["columnWidth", "EXCEL_NUMBER_FORMATS", "toExcelCell"]),
  load("export/export-types.ts", ["EXPORT_TYPE_LABELS"]),
  load("calendar/today.ts", ["projectTimeZone"]),
]);
const MAPPINGS = templates.templateMappings("properties", "standard");
const COLUMNS = modes.exportedColumns(MAPPINGS);
if (COLUMNS.length !== 26) throw new Error(`Expected the 26 columns of the properties standard template, got ${COLUMNS.length}`);

/** The columns the export reads that the list benchmarks' seed leaves empty, filled in its transaction. */
async function fillExportColumns(client, projectId) {
  await client.query(
    `update stakeholder set last_contact = now() - ((id * 7919) % 400) * interval '1 day' - ((id * 31) % 600) * interval '1 minute'
     where project_id = $1 and id % 5 <> 0`,
    [projectId],
  );
  await client.query(
    `update property set
       tenancy_type = (array['Sole proprietor', 'Joint tenants', 'Tenants in common in equal shares', 'Tenants in common 2/3 and 1/3'])[1 + id % 4],
       encumbrances = case id % 5
         when 0 then 'Mortgage AX' || lpad((id % 999999)::text, 6, '0') || ' to Commonwealth Bank of Australia'
         when 1 then 'Easement E-1 (carriageway) on PS' || lpad((400000 + id % 99999)::text, 6, '0')
         when 2 then 'Caveat AT' || lpad((id * 7 % 999999)::text, 6, '0') || '; Section 173 agreement AF' || lpad((id % 99999)::text, 5, '0')
       end,
       notes = case when id % 3 = 0 then 'Landholder asked for 48 hours notice before entry; stock in the north paddock from May to September.' end
     where project_id = $1`,
    [projectId],
  );
}

function rssSampler(pid) {
  let peak = 0;
  let timer;
  const read = () => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  return {
    start() {
      const before = read();
      peak = before;
      timer = setInterval(() => (peak = Math.max(peak, read())), 50);
      return before;
    },
    stop() {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}

/** User plus system CPU time of a process in seconds (Linux /proc, 100 clock ticks per second). */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One request, its response streamed to `file`: status, bytes, seconds to the first and the last byte. */
function download(url, { method = "GET", headers = {}, body } = {}, file) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const since = () => Number(process.hrtime.bigint() - started) / 1e9;
    const req = http.request(url, { method, headers: { ...headers, ...(body ? { "content-length": Buffer.byteLength(body) } : {}) } }, (res) => {
      const firstByte = since();
      if (res.statusCode !== 200) {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => reject(new Error(`${method} ${url} answered ${res.statusCode}: ${text.slice(0, 500)}`)));
        return;
      }
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      const out = fs.createWriteStream(file);
      res.pipe(out);
      Promise.all([finished(res), finished(out)]).then(() => resolve({ bytes, firstByte, seconds: since(), headers: res.headers }), reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Measures `run` with the server's RSS sampled and its CPU time counted. */
async function measured(pid, run) {
  const sampler = pid ? rssSampler(pid) : null;
  const rssBefore = sampler?.start() ?? null;
  const cpuBefore = pid ? cpuSeconds(pid) : null;
  const result = await run();
  return { ...result, rssBefore, rssPeak: sampler?.stop() ?? null, serverCpu: pid ? cpuSeconds(pid) - cpuBefore : null };
}

/** The export's rows as the app reads them (same SELECT, a cursor of 1,000-row batches), timed. */
async function readRows(db, projectId, timeZone) {
  const q = query.buildExportQuery("properties", "standard", COLUMNS, projectId, timeZone);
  const started = process.hrtime.bigint();
  await db.query("begin isolation level repeatable read read only");
  const cursor = db.query(new Cursor(q.text, q.values, { rowMode: "array" }));
  const rows = [];
  for (let batch = await cursor.read(BATCH_ROWS); batch.length; batch = await cursor.read(BATCH_ROWS)) rows.push(...batch);
  await cursor.close();
  await db.query("commit");
  return { rows, fields: q.fields, joined: q.joined, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/**
 * exceljs alone writing the same cells as the app to `file`. `bare` is the floor the speed issue names: a
 * WorkbookWriter with exceljs's defaults, `addRow(cells).commit()` per row and nothing else (no widths,
 * header style, autofilter or number formats). `styled` adds the app's sheet set-up (widths, frozen bold
 * header, autofilter, inline strings) and gives every number or date cell its column's one shared style
 * object, as the app does (a reference, not the floor: what exceljs alone costs for the app's workbook).
 */
async function floor(cells, fields, file, { styled = false } = {}) {
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const out = fs.createWriteStream(file);
  const label = types.EXPORT_TYPE_LABELS.properties;
  if (!styled) {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
    const sheet = workbook.addWorksheet(label);
    sheet.addRow(COLUMNS.map((c) => c.columnName)).commit();
    for (let i = 0; i < cells.length; i++) {
      sheet.addRow(cells[i]).commit();
      if ((i + 1) % BATCH_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    sheet.commit();
    await workbook.commit();
  } else {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(label, { views: [{ state: "frozen", ySplit: 1, xSplit: 0 }] });
    sheet.columns = COLUMNS.map((column, i) => ({ key: `c${i}`, width: values.columnWidth(column.columnName, fields[i].type) }));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
    const header = sheet.addRow(COLUMNS.map((c) => c.columnName));
    header.font = { bold: true };
    header.commit();
    const formats = fields.map((field) => values.EXCEL_NUMBER_FORMATS[field.type]);
    const shared = formats.map((numFmt) => (numFmt ? { numFmt } : null));
    const plain = {};
    for (let i = 0; i < cells.length; i++) {
      const row = sheet.addRow(cells[i]);
      for (let c = 0; c < formats.length; c++) {
        const value = cells[i][c];
        if (formats[c] && (typeof value === "number" || value instanceof Date)) row.getCell(c + 1).style = shared[c];
        else if (!(value instanceof Date)) row.getCell(c + 1).style = plain;
      }
      row.commit();
      if ((i + 1) % BATCH_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    sheet.commit();
    await workbook.commit();
  }
  const used = process.cpuUsage(cpu);
  // CPU of the whole process (deflate runs on libuv's threads), like the server's from /proc.
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, cpu: (used.user + used.system) / 1e6, bytes: fs.statSync(file).size };
}

/** Reads a workbook back with exceljs's streaming reader: rows, the header, and per column how many rows have a value. */
async function checkWorkbook(file) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: "ignore", styles: "ignore", hyperlinks: "ignore", worksheets: "emit" });
  let rows = 0;
  let header = [];
  const filled = new Array(COLUMNS.length).fill(0);
  const digest = crypto.createHash("sha256");
  for await (const sheet of reader) {
    for await (const row of sheet) {
      rows++;
      digest.update(JSON.stringify(row.values));
      if (rows === 1) header = row.values.slice(1);
      else for (let c = 0; c < COLUMNS.length; c++) if (row.values[c + 1] !== undefined && row.values[c + 1] !== null && row.values[c + 1] !== "") filled[c]++;
    }
  }
  return { rows, header, filled, digest: digest.digest("hex") };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const min = (xs) => Math.min(...xs);
const mb = (n) => (n === null || n === undefined ? "n/a" : `${(n / MB).toFixed(0)} MB`);

const port = Number(process.env.BENCH_PORT ?? 3957);
const app = await startApp({ port, env: process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {} });
// With BENCH_URL, BENCH_APP_PID names the running app's process so its RSS and CPU are still measured.
const pid = app.pid ?? (process.env.BENCH_APP_PID ? Number(process.env.BENCH_APP_PID) : null);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lr-bench-export-"));
const url = process.env.BENCH_URL ? databaseUrl() : databaseUrl({ ...process.env, EMBEDDED_PG_PORT: String(port + 50000), DATA_DIR: app.dataDir });
const db = new pg.Client({ connectionString: url });
try {
  let t = process.hrtime.bigint();
  const big = await seedLarge(url, {
    name: EXPORT_PROJECT,
    description: "Synthetic project for the export benchmark (bench/export.mjs)",
    stakeholders: Math.round(PROPERTIES * 0.4),
    properties: PROPERTIES,
    extraLinks: Math.round(PROPERTIES * 0.6),
    fill: fillExportColumns,
  });
  const small = await seedLarge(url);
  console.log(`seeded (or found) "${EXPORT_PROJECT}" and "${BENCH_PROJECT}" in ${(Number(process.hrtime.bigint() - t) / 1e9).toFixed(1)} s`);

  await db.connect();
  const counts = async (projectId) =>
    (
      await db.query(
        `select (select count(*) from stakeholder where project_id = $1)::int as stakeholders,
                (select count(*) from property where project_id = $1)::int as properties,
                (select count(*) from stakeholder_property where project_id = $1)::int as links`,
        [projectId],
      )
    ).rows[0];
  const bigCounts = await counts(big.projectId);
  const smallCounts = await counts(small.projectId);
  console.log(`${EXPORT_PROJECT} (${big.projectId}): ${JSON.stringify(bigCounts)}; ${BENCH_PROJECT} (${small.projectId}): ${JSON.stringify(smallCounts)}`);

  const settings = (await db.query("select settings from project where id = $1", [big.projectId])).rows[0].settings;
  const timeZone = calendar.projectTimeZone(settings);
  const read = await readRows(db, big.projectId, timeZone);
  if (read.rows.length !== bigCounts.properties) throw new Error(`The export query read ${read.rows.length} rows, expected ${bigCounts.properties}`);
  // As the app does: a linked list arrives as one text, its items joined by LIST_JOIN.
  const split = (row, i) => (read.joined[i] && typeof row[i] === "string" && row[i].includes(query.LIST_JOIN) ? row[i].split(query.LIST_JOIN) : row[i]);
  const cells = read.rows.map((row) => read.fields.map((field, i) => values.toExcelCell(split(row, i), field.type)));
  console.log(`query alone (cursor, ${BATCH_ROWS} rows a batch): ${read.rows.length.toLocaleString()} rows in ${read.seconds.toFixed(2)} s`);

  const cookie = await signIn(app.baseUrl, "owner@demo-consultancy.local", "demo-pass-2026");
  // Select the project as a user would on the dashboard (the API calls name it too).
  await fetch(`${app.baseUrl}/?index`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: app.baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ projectId: String(big.projectId) }),
  });
  const headers = { cookie, origin: app.baseUrl, "accept-encoding": "gzip, deflate, br" };
  const exportBody = JSON.stringify({ projectId: big.projectId, exportType: "properties", mode: "standard", format: "xlsx", mappings: MAPPINGS });
  const exportFile = path.join(tmp, "properties_export.xlsx");
  const dumpFile = path.join(tmp, "database_export.sql");
  const runExport = () =>
    download(`${app.baseUrl}/api/export/excel?projectId=${big.projectId}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: exportBody }, exportFile);
  const runDump = () => download(`${app.baseUrl}/api/database/export?projectId=${small.projectId}`, { headers }, dumpFile);

  // Warm-up: code paths compiled and the tables in PostgreSQL's cache, as on a running server.
  const warmUp = await measured(pid, runExport);
  await runDump();
  if (pid) console.log(`server RSS before the warm-up export ${mb(warmUp.rssBefore)}, its peak ${mb(warmUp.rssPeak)}`);

  const runs = [];
  for (let r = 1; r <= RUNS; r++) {
    const floorRun = await floor(cells, read.fields, path.join(tmp, "floor.xlsx"));
    const sharedRun = await floor(cells, read.fields, path.join(tmp, "floor-styled.xlsx"), { styled: true });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const excel = await measured(pid, runExport);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const dump = await measured(pid, runDump);
    runs.push({
      floor: floorRun,
      floorShared: sharedRun,
      excel: { ...excel, headers: undefined, contentEncoding: excel.headers["content-encoding"] ?? null },
      dump: { ...dump, headers: undefined, contentEncoding: dump.headers["content-encoding"] ?? null },
    });
    console.log(
      `run ${r}: floor ${floorRun.seconds.toFixed(2)} s (with the app's sheet set-up ${sharedRun.seconds.toFixed(2)} s), POST /api/export/excel ${excel.seconds.toFixed(2)} s (${(excel.seconds / floorRun.seconds).toFixed(2)}×, peak RSS ${mb(excel.rssPeak)}), SQL dump ${dump.seconds.toFixed(2)} s (peak RSS ${mb(dump.rssPeak)})`,
    );
    if (r === 1) {
      const check = await checkWorkbook(exportFile);
      // The same cells as exceljs alone writes from the same rows (values and types, dates included).
      const reference = await checkWorkbook(path.join(tmp, "floor-styled.xlsx"));
      if (check.digest !== reference.digest) throw new Error("The export's cells differ from those exceljs alone wrote from the same rows");
      const names = COLUMNS.map((c) => c.columnName);
      if (check.rows !== read.rows.length + 1) throw new Error(`The workbook has ${check.rows} rows, expected ${read.rows.length + 1}`);
      if (JSON.stringify(check.header) !== JSON.stringify(names)) throw new Error(`Unexpected header: ${JSON.stringify(check.header)}`);
      runs[0].filled = Object.fromEntries(names.map((name, i) => [name, check.filled[i]]));
      console.log(`workbook checked: ${check.rows.toLocaleString()} rows; rows with a value per column: ${names.map((n, i) => `${n} ${check.filled[i]}`).join(", ")}`);
      const fd = fs.openSync(dumpFile, "r");
      const tail = Buffer.alloc(16);
      fs.readSync(fd, tail, 0, 16, Math.max(0, fs.statSync(dumpFile).size - 16));
      fs.closeSync(fd);
      if (!tail.toString().endsWith("COMMIT;\n")) throw new Error("The SQL dump does not end with COMMIT");
    }
  }

  const series = (pick) => runs.map(pick);
  const floorSeconds = series((r) => r.floor.seconds);
  const sharedSeconds = series((r) => r.floorShared.seconds);
  const excelSeconds = series((r) => r.excel.seconds);
  const dumpSeconds = series((r) => r.dump.seconds);
  const ratioMedian = median(excelSeconds) / median(floorSeconds);
  const ratioMin = min(excelSeconds) / min(floorSeconds);
  const excelPeak = pid ? Math.max(...series((r) => r.excel.rssPeak)) : null;
  const dumpPeak = pid ? Math.max(...series((r) => r.dump.rssPeak)) : null;

  console.log(`\n${read.rows.length.toLocaleString()} properties × ${COLUMNS.length} columns; ${RUNS} runs\n`);
  console.log("| measurement | min s | median s | MB | rows/s (median) | CPU s (median) | server RSS before → peak (max) |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  const line = (name, secs, bytes, rows, cpu, before, peak) =>
    console.log(
      `| ${name} | ${min(secs).toFixed(2)} | ${median(secs).toFixed(2)} | ${(bytes / MB).toFixed(1)} | ${rows ? Math.round(rows / median(secs)).toLocaleString() : "–"} | ${cpu === null ? "–" : cpu.toFixed(2)} | ${before === null ? "–" : `${mb(before)} → ${mb(peak)}`} |`,
    );
  const floorCpu = median(series((r) => r.floor.cpu));
  const sharedCpu = median(series((r) => r.floorShared.cpu));
  const excelCpu = pid ? median(series((r) => r.excel.serverCpu)) : null;
  line(`floor: bare exceljs WorkbookWriter (defaults, addRow + commit)`, floorSeconds, runs[0].floor.bytes, read.rows.length, floorCpu, null, null);
  line(`exceljs alone with the app's sheet set-up and date formats`, sharedSeconds, runs[0].floorShared.bytes, read.rows.length, sharedCpu, null, null);
  line(`POST /api/export/excel (properties, standard)`, excelSeconds, runs[0].excel.bytes, read.rows.length, excelCpu, pid ? min(series((r) => r.excel.rssBefore)) : null, excelPeak);
  line(
    `GET /api/database/export (${smallCounts.stakeholders.toLocaleString()} stakeholders, ${smallCounts.properties.toLocaleString()} properties)`,
    dumpSeconds,
    runs[0].dump.bytes,
    null,
    pid ? median(series((r) => r.dump.serverCpu)) : null,
    pid ? min(series((r) => r.dump.rssBefore)) : null,
    dumpPeak,
  );
  console.log(`\nexport / floor: ${ratioMedian.toFixed(2)}× at the median, ${ratioMin.toFixed(2)}× at the minimum (goal ≤ ${GOAL_RATIO}×)`);
  console.log(`export / exceljs with the app's set-up: ${(median(excelSeconds) / median(sharedSeconds)).toFixed(2)}× at the median`);
  // CPU time hardly moves when other work shares the machine; wall time does.
  if (excelCpu !== null) console.log(`CPU, server's export / floor's: ${(excelCpu / floorCpu).toFixed(2)}× (/ with the app's set-up: ${(excelCpu / sharedCpu).toFixed(2)}×)`);
  console.log(`export time to first byte: median ${median(series((r) => r.excel.firstByte)).toFixed(2)} s`);
  if (excelPeak !== null) console.log(`server peak RSS during the export: ${mb(excelPeak)} (goal ≤ ${mb(GOAL_RSS)}); during the SQL dump: ${mb(dumpPeak)}`);

  fs.mkdirSync("bench/results", { recursive: true });
  const resultFile = `bench/results/export-${Date.now()}.json`;
  fs.writeFileSync(
    resultFile,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        loadavg: os.loadavg(),
        exportProject: { id: big.projectId, ...bigCounts },
        dumpProject: { id: small.projectId, ...smallCounts },
        columns: COLUMNS.map((c) => c.dbField),
        queryAloneSeconds: read.seconds,
        warmUp: { seconds: warmUp.seconds, rssBefore: warmUp.rssBefore, rssPeak: warmUp.rssPeak },
        runs,
        summary: {
          floor: { min: min(floorSeconds), median: median(floorSeconds), cpu: floorCpu },
          floorShared: { min: min(sharedSeconds), median: median(sharedSeconds), cpu: sharedCpu },
          excel: { min: min(excelSeconds), median: median(excelSeconds), cpu: excelCpu, rssPeak: excelPeak },
          dump: { min: min(dumpSeconds), median: median(dumpSeconds), rssPeak: dumpPeak, bytes: runs[0].dump.bytes },
          ratioMedian,
          ratioMin,
        },
      },
      null,
      2,
    ),
  );
  console.log(`\nWrote ${resultFile}`);
  if (ratioMedian > GOAL_RATIO || (excelPeak !== null && excelPeak > GOAL_RSS)) process.exitCode = 1;
} finally {
  await db.end().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
  await app.stop();
}
