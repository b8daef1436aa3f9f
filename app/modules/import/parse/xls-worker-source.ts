/**
 * The code of the worker thread that reads a legacy .xls with SheetJS `xlsx` 0.18.5, whose read-side
 * CVEs (prototype pollution, ReDoS) have no fix on npm (docs/decisions.md#untrusted-spreadsheets): it runs apart from the server's
 * heap and event loop, with resourceLimits and a time limit set by xls-reader.server.ts, and sends
 * plain rows back in batches, waiting for each to be taken (so memory stays bounded).
 *
 * It is kept as source text (CommonJS, run with `eval: true`) so the same code runs under vitest and
 * from the bundled server (remix.config.js bundles server.ts into one file; a separate worker file
 * would not be shipped). The SheetJS path is resolved by the server and passed in workerData.
 */
export const XLS_WORKER_SOURCE = String.raw`
"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const { path, xlsxPath, batchSize, maxColumns } = workerData;

let acked = null;
parentPort.on("message", (message) => {
  if (message === "ack" && acked) {
    const resolve = acked;
    acked = null;
    resolve();
  }
});
const send = (message) =>
  new Promise((resolve) => {
    acked = resolve;
    parentPort.postMessage(message);
  });

// SheetJS gives a date cell as a local-time Date; the app reads dates by their UTC fields, as exceljs
// gives them (calendar-dates.ts), so the local fields become UTC ones, to the second.
function utcDate(d) {
  if (Number.isNaN(d.getTime())) return null;
  const ms = Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds());
  return new Date(Math.round(ms / 1000) * 1000);
}

function cellValue(cell) {
  if (!cell) return null;
  // HYPERLINK gives text; a workbook that cached no text for it (SheetJS then reads 0) keeps the
  // formula as text, never evaluated, as the .xlsx reader does.
  if (typeof cell.f === "string" && /^HYPERLINK\(/i.test(cell.f) && cell.t !== "s") return "=" + cell.f;
  switch (cell.t) {
    case "n":
      return typeof cell.v === "number" && Number.isFinite(cell.v) ? cell.v : null;
    case "s":
      return typeof cell.v === "string" ? cell.v : String(cell.v ?? "");
    case "b":
      return Boolean(cell.v);
    case "d":
      return cell.v instanceof Date ? utcDate(cell.v) : null;
    case "e":
      return typeof cell.w === "string" ? cell.w : null;
    default:
      return null;
  }
}

async function main() {
  const XLSX = require(xlsxPath);
  let workbook;
  try {
    workbook = XLSX.read(fs.readFileSync(path), { type: "buffer", cellDates: true, cellFormula: true, cellHTML: false, cellText: false, cellStyles: false, bookVBA: false });
  } catch (error) {
    parentPort.postMessage({ type: "invalid", message: String(error && error.message) });
    return;
  }
  parentPort.postMessage({ type: "parsed" });
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    await send({ type: "sheet", name: String(name) });
    if (!sheet || !sheet["!ref"]) continue;
    const range = XLSX.utils.decode_range(sheet["!ref"]);
    let batch = [];
    for (let r = range.s.r; r <= range.e.r; r++) {
      const cells = [];
      let last = -1;
      for (let c = 0; c <= range.e.c; c++) {
        const value = cellValue(sheet[XLSX.utils.encode_cell({ r, c })]);
        if (value === null || value === "") continue;
        if (c >= maxColumns) {
          parentPort.postMessage({ type: "tooManyColumns" });
          return;
        }
        cells[c] = value;
        last = c;
      }
      if (last < 0) continue;
      for (let i = 0; i <= last; i++) if (cells[i] === undefined) cells[i] = null;
      batch.push({ rowNumber: r + 1, cells });
      if (batch.length >= batchSize) {
        await send({ type: "rows", rows: batch });
        batch = [];
      }
    }
    if (batch.length) await send({ type: "rows", rows: batch });
  }
  parentPort.postMessage({ type: "done" });
}

main().catch((error) => parentPort.postMessage({ type: "invalid", message: String(error && error.message) }));
`;
