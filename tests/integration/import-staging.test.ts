import ExcelJS from "exceljs";
import { db, withRequestContext } from "../../db/orm";
import { accessFor } from "../factories/access";
import { discardStaged, getStagedData, getWorkbook, parseSheet, parseUpload, readStagedRows, sweepExpiredStaging, type StagingOptions } from "../../app/modules/import/staging.server";
import { action as apiParse } from "../../app/routes/api.file.parse";
import { action as apiParseSheet } from "../../app/routes/api.file.parse-sheet";
import { NOT_A_CSV_MESSAGE, NOT_A_WORKBOOK_MESSAGE } from "../../app/modules/import/parse/file-kind";
import { LIMIT_MESSAGES } from "../../app/modules/import/parse/limits";
import type { ProjectAccess } from "../../app/modules/access/project-access.server";
import { call, generatedBytes, jsonRequest, multipartRequest, useUploadTestEnvironment, type FilePart } from "./support/uploads";
import { csvRows, fixture, zipBomb } from "./support/import-files";

const env = useUploadTestEnvironment("import-staging");
const BASE = "http://localhost:3000";
const WESTERN = "Western Pipeline Stage 2";
const args = (request: Request) => ({ request, params: {}, context: {} });

const access = (userId = "seed-officer", project = WESTERN) => withRequestContext(() => accessFor(userId, project));

async function stagedCounts() {
  return withRequestContext(async () => {
    const [row] = await db().execute<{ workbooks: string; data: string; rows: string }[]>(
      `select (select count(*) from import_workbook) as workbooks, (select count(*) from import_staged_data) as data, (select count(*) from import_staged_row) as rows`,
    );
    return { workbooks: Number(row!.workbooks), data: Number(row!.data), rows: Number(row!.rows) };
  });
}

async function clearStaging() {
  await withRequestContext(() => db().execute("delete from import_workbook"));
}

function uploadRequest(file: FilePart | null, { role = "officer", fields = [] as [string, string][] } = {}) {
  return multipartRequest(`${BASE}/import?projectId=${env.westernId}`, env.cookies[role]!, fields, file);
}

async function upload(filename: string, body: FilePart["body"], options: StagingOptions = {}, who: ProjectAccess | null = null) {
  const a = who ?? (await access());
  return withRequestContext(() => parseUpload(a, uploadRequest({ filename, body }), options));
}

/** The refusal an upload ends with (an AppError), with proof that nothing was staged. */
async function refusal(filename: string, body: FilePart["body"], options: StagingOptions = {}) {
  await clearStaging();
  const error = await upload(filename, body, options).then(
    () => null,
    (e: unknown) => e as { status: number; message: string; title?: string },
  );
  expect(error, `${filename} should be refused`).not.toBeNull();
  expect(await stagedCounts()).toEqual({ workbooks: 0, data: 0, rows: 0 });
  return error!;
}

async function allRows(dataKey: string, batchSize = 1000) {
  const rows = [];
  for await (const batch of readStagedRows(dataKey, { batchSize })) rows.push(...batch);
  return rows;
}

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

afterEach(clearStaging);

describe("CSV files", () => {
  it("reads a Windows-1252 CSV as Excel saves it: accents, curly quotes and a quoted line break survive", async () => {
    const { result, fields } = await upload("landholders.csv", fixture("windows-1252.csv"));
    expect(fields).toEqual({});
    expect(result).toMatchObject({ fileType: "csv", fileName: "landholders.csv", hasMultipleSheets: false, sheets: [], totalRows: 2 });
    expect(result.workbookKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(result.dataKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(result.columns).toEqual([
      { name: "Full Name", index: 0, sampleData: ["O’Connor, Renée", "André Côté"] },
      { name: "Email", index: 1, sampleData: ["renee@example.com", "andre@example.com"] },
      { name: "Postal Address", index: 2, sampleData: ["7 Rue Street\r\nCafé Town NSW 2000", "1 Main St"] },
      { name: "Notes", index: 3, sampleData: ["She said “call after harvest”", "Prefers e-mail – not phone"] },
    ]);
    const rows = await allRows(result.dataKey!);
    expect(rows).toEqual([
      { rowNumber: 2, cells: ["O’Connor, Renée", "renee@example.com", "7 Rue Street\r\nCafé Town NSW 2000", "She said “call after harvest”"] },
      { rowNumber: 3, cells: ["André Côté", "andre@example.com", "1 Main St", "Prefers e-mail – not phone"] },
    ]);
  });

  it("reads a semicolon CSV with a BOM, skipping its blank row but keeping the file's row numbers", async () => {
    const { result } = await upload("semicolon.csv", fixture("semicolon.csv"));
    expect(result.columns.map((c) => c.name)).toEqual(["Name", "E-mail", "Tax Value", "Category"]);
    expect(result.totalRows).toBe(2);
    expect(await allRows(result.dataKey!)).toEqual([
      { rowNumber: 2, cells: ["Zoë Müller", "zoe@example.com", "1.234,50", "Landholder"] },
      { rowNumber: 4, cells: ["Smith; Jane", "jane@example.com", "980,00", "Neighbour"] },
    ]);
  });

  it("passes the form's other fields back and stages a tab-separated file", async () => {
    const a = await access();
    const request = uploadRequest(
      { filename: "tabs.csv", body: Buffer.from("Name\tPhone\tPhone\nA\t1\t2\n") },
      {
        fields: [
          ["importType", "stakeholders"],
          ["fileType", "csv"],
        ],
      },
    );
    const { result, fields } = await withRequestContext(() => parseUpload(a, request));
    expect(fields).toEqual({ importType: "stakeholders", fileType: "csv" });
    expect(result.columns.map((c) => c.name)).toEqual(["Name", "Phone", "Phone (2)"]);
  });
});

describe("workbooks", () => {
  async function checkLandholders(fileName: string, formulaCell: string) {
    const { result } = await upload(fileName, fixture(fileName));
    expect(result).toMatchObject({
      fileType: "excel",
      hasMultipleSheets: true,
      dataKey: null,
      columns: [],
      totalRows: 6,
      sheets: [
        { name: "Landholders", rowCount: 3 },
        { name: "Parcels", rowCount: 3 },
        { name: "Blank", rowCount: 0 },
      ],
    });
    const a = await access();
    const workbook = await withRequestContext(() => getWorkbook(a, result.workbookKey));
    expect(workbook).toEqual({ workbookKey: result.workbookKey, fileName, fileType: "excel", sheets: result.sheets });

    const sheet = await withRequestContext(() => parseSheet(a, { workbookKey: result.workbookKey, selectedSheet: "Landholders" }));
    expect(sheet.selectedSheet).toBe("Landholders");
    expect(sheet.totalRows).toBe(3);
    expect(sheet.columns.map((c) => c.name)).toEqual(["Landholder", "E-mail Address", "Mobile", "Phone", "Phone (2)", "Postal Address", "Last Contact", "Next Action Due", "Signed", "Title Link"]);
    expect(sheet.columns[6]!.sampleData).toEqual(["05/03/2024", "25/12/2023"]);
    const rows = await allRows(sheet.dataKey);
    // Header on row 2 (row 1 blank), a blank row 4 skipped.
    expect(rows.map((r) => r.rowNumber)).toEqual([3, 5, 6]);
    const [zoe, jose, ngaio] = rows;
    expect(zoe!.cells.slice(0, 3)).toEqual(["Zoë Müller", "zoe.muller@example.com", "0412 345 678"]);
    // Dates in three forms: a real date cell, dd/mm/yyyy text, ISO text.
    expect(zoe!.cells.slice(6, 9)).toEqual([utc(2024, 3, 5), "14/07/2025", "2023-11-30"]);
    expect(zoe!.cells[6]).toBeInstanceOf(Date);
    expect(zoe!.cells[9]).toBe(formulaCell);
    expect(jose!.cells[0]).toBe("José O’Brien");
    expect(jose!.cells.slice(3, 5)).toEqual([null, null]);
    expect(jose!.cells[9]).toBe(2); // =1+1, its cached value
    expect(ngaio!.cells).toEqual(["Ngaio Te Rangi", "ngaio@example.com"]);

    const parcels = await withRequestContext(() => parseSheet(a, { workbookKey: result.workbookKey, selectedSheet: "Parcels" }));
    expect(parcels.columns.map((c) => c.name)).toEqual(["Title Ref", "Vol", "Fol", "Lot/Plan", "Property Address", "Tenure", "Council", "Title Date"]);
    expect((await allRows(parcels.dataKey, 2)).map((r) => [r.rowNumber, r.cells[1], r.cells[7]])).toEqual([
      [2, 1234, utc(1998, 6, 30)],
      [3, 2345, "2001-01-15"],
      [4, 3456, "07/08/2010"],
    ]);
    const staged = await withRequestContext(() => getStagedData(a, parcels.dataKey));
    expect(staged).toEqual({ dataKey: parcels.dataKey, workbookKey: result.workbookKey, fileName, fileType: "excel", sheet: "Parcels", columns: parcels.columns, totalRows: 3, gis: null });

    await expect(withRequestContext(() => parseSheet(a, { workbookKey: result.workbookKey, selectedSheet: "Blank" }))).rejects.toMatchObject({ status: 422 });
    await expect(withRequestContext(() => parseSheet(a, { workbookKey: result.workbookKey, selectedSheet: "Sheet1" }))).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Failed to parse selected sheet/),
    });
  }

  it("reads the LibreOffice .xlsx: real sheet names, row counts, header after a blank row, dates, cached formula values", async () => {
    await checkLandholders("landholders.xlsx", "Vol 1234 Fol 567");
  });

  it("reads the same workbook saved as legacy .xls in the worker thread", async () => {
    // SheetJS finds no cached text for the HYPERLINK in this .xls, so the formula is kept as text.
    await checkLandholders("landholders.xls", '=HYPERLINK("https://titles.example.com/1234-567","Vol 1234 Fol 567")');
  });

  it("stages a one-sheet workbook at once, and reads a workbook saved under the other Excel extension", async () => {
    const { result } = await upload("parcels.xlsx", fixture("parcels.xlsx"));
    expect(result).toMatchObject({ hasMultipleSheets: false, totalRows: 2, sheets: [{ name: "parcels", rowCount: 2 }] });
    expect(result.dataKey).not.toBeNull();
    expect(result.columns[4]).toEqual({ name: "Property Address", index: 4, sampleData: ["3 Gully Rd, Majors Creek NSW 2622", "Müller Hill Rd"] });
    const renamed = await upload("parcels.xls", fixture("parcels.xlsx"));
    expect(renamed.result.totalRows).toBe(2);
  });

  it("keeps a HYPERLINK formula with no cached value as its text, and accents across every chunk boundary", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Links");
    sheet.addRow(["Name", "Link"]);
    for (let i = 0; i < 4000; i++) sheet.addRow([`Zoë Müller-Ñúñez ${i} “quoted”`, i === 0 ? { formula: 'HYPERLINK("https://example.com/t/1","Title 1")' } : i]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const { result } = await upload("links.xlsx", buffer);
    const rows = await allRows(result.dataKey!);
    expect(rows).toHaveLength(4000);
    expect(rows[0]!.cells[1]).toBe('=HYPERLINK("https://example.com/t/1","Title 1")');
    expect(rows.every((r, i) => r.cells[0] === `Zoë Müller-Ñúñez ${i} “quoted”`)).toBe(true);
  });
});

describe("hostile files are refused with a reason and leave nothing staged", () => {
  it("a zip bomb: about 1.4 MB declaring 300 MB, refused before inflating", async () => {
    const bomb = await zipBomb(300 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const started = Date.now();
    const error = await refusal("bomb.xlsx", bomb);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error).toMatchObject({ status: 422, message: LIMIT_MESSAGES.inflatesTooFar });
  });

  it("a zip bomb whose directory lies about its size is stopped as it inflates", async () => {
    const error = await refusal("liar.xlsx", await zipBomb(50 * 1024 * 1024, { lie: true }));
    expect(error).toMatchObject({ status: 422, message: LIMIT_MESSAGES.inflatesTooFar });
  });

  it("inflated bytes are capped across the workbook", async () => {
    const error = await refusal("landholders.xlsx", fixture("landholders.xlsx"), { limits: { maxInflatedBytes: 4000 } });
    expect(error.message).toBe(LIMIT_MESSAGES.inflatesTooFar);
  });

  it("a truncated xlsx, an HTML page named .xlsx, a text file named .xls", async () => {
    const xlsx = fixture("landholders.xlsx");
    expect(await refusal("cut.xlsx", xlsx.subarray(0, Math.floor(xlsx.length / 2)))).toMatchObject({ status: 422, message: NOT_A_WORKBOOK_MESSAGE });
    expect(await refusal("page.xlsx", Buffer.from("<!doctype html><html><body><table><tr><td>Name</td></tr></table></body></html>"))).toMatchObject({ message: NOT_A_WORKBOOK_MESSAGE });
    expect(await refusal("text.xls", Buffer.from("Name,Email\nA,b\n"))).toMatchObject({ message: NOT_A_WORKBOOK_MESSAGE });
    const xls = fixture("landholders.xls");
    expect(await refusal("cut.xls", xls.subarray(0, 3000))).toMatchObject({ message: NOT_A_WORKBOOK_MESSAGE });
  });

  it("a .csv of binary bytes, an empty file, a file with only a header", async () => {
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    expect(await refusal("data.csv", binary)).toMatchObject({ status: 422, message: NOT_A_CSV_MESSAGE });
    expect(await refusal("nul.csv", Buffer.from("Name,Email\nA\u0000B,c\n"))).toMatchObject({ message: NOT_A_CSV_MESSAGE });
    expect(await refusal("empty.csv", Buffer.alloc(0))).toMatchObject({ message: "The selected file is empty (0 bytes)" });
    expect(await refusal("empty.xlsx", Buffer.alloc(0))).toMatchObject({ message: "The selected file is empty (0 bytes)" });
    expect(await refusal("header.csv", Buffer.from("Name,Email\n\n"))).toMatchObject({ message: "The file has no rows to import." });
  });

  it("a file type the wizard does not take, and a PDF that is only a header (title PDFs: import-title-pdf.test.ts)", async () => {
    expect(await refusal("notes.txt", Buffer.from("hello"))).toMatchObject({ status: 415, message: "Please select a CSV, Excel (.xlsx, .xls), or PDF file.", title: "Invalid File" });
    expect(await refusal("title.pdf", Buffer.from("%PDF-1.4\n"))).toMatchObject({ status: 422, message: expect.stringMatching(/^This file is not a readable PDF/) });
  });

  it("50 MB + 1 byte, refused as it streams", async () => {
    const counter = { produced: 0 };
    const a = await access();
    await clearStaging();
    const request = multipartRequest(`${BASE}/import`, env.cookies.officer!, [], { filename: "big.csv", body: generatedBytes(52_428_801, Buffer.from("Name\n")) }, counter);
    await expect(withRequestContext(() => parseUpload(a, request))).rejects.toMatchObject({ status: 413, message: "File size must be less than 50MB" });
    expect(await stagedCounts()).toEqual({ workbooks: 0, data: 0, rows: 0 });
  });

  it("too many columns, a cell too long, a parse past its time limit", async () => {
    const wide = Array.from({ length: 201 }, (_, i) => `C${i}`).join(",") + "\n";
    expect(await refusal("wide.csv", Buffer.from(wide + wide))).toMatchObject({ message: LIMIT_MESSAGES.tooManyColumns(200) });
    expect(await refusal("long.csv", Buffer.from(`Name\n"${"x".repeat(40_000)}"\n`))).toMatchObject({ message: LIMIT_MESSAGES.cellTooLong(32_767, 2) });
    expect(await refusal("slow.csv", csvRows(20_000), { limits: { timeLimitMs: 1 } })).toMatchObject({ message: LIMIT_MESSAGES.tooSlow });
  });

  it("250,001 data rows are refused and 250,000 are staged", { timeout: 180_000 }, async () => {
    expect(await refusal("rows.csv", csvRows(250_001))).toMatchObject({ message: LIMIT_MESSAGES.tooManyRows(250_000) });
    const started = Date.now();
    const { result } = await upload("rows.csv", csvRows(250_000));
    const seconds = (Date.now() - started) / 1000;
    console.log(`Staged 250,000 CSV rows in ${seconds.toFixed(1)} s`);
    expect(result.totalRows).toBe(250_000);
    let count = 0;
    let last = 0;
    for await (const batch of readStagedRows(result.dataKey!, { batchSize: 5000 })) {
      count += batch.length;
      last = batch[batch.length - 1]!.rowNumber;
    }
    expect([count, last]).toEqual([250_000, 250_001]);
  });
});

describe("the server keeps answering while a hostile workbook is read", () => {
  it("a worker that spins is stopped at its time limit while the database and event loop answer", async () => {
    await clearStaging();
    const a = await access();
    const lags: number[] = [];
    let tick = Date.now();
    const timer = setInterval(() => {
      lags.push(Date.now() - tick - 20);
      tick = Date.now();
    }, 20);
    const spinning = withRequestContext(() =>
      parseUpload(a, uploadRequest({ filename: "spin.xls", body: fixture("landholders.xls") }), {
        limits: { xlsReadTimeLimitMs: 1500 },
        xls: { workerSource: "for (;;) {}" },
      }),
    ).then(
      () => null,
      (e: { message: string }) => e,
    );
    await new Promise((r) => setTimeout(r, 300));
    const queryStarted = Date.now();
    await withRequestContext(() => db().execute("select count(*) from stakeholder"));
    const queryMs = Date.now() - queryStarted;
    const error = await spinning;
    clearInterval(timer);
    expect(error).toMatchObject({ message: LIMIT_MESSAGES.tooSlow });
    expect(queryMs).toBeLessThan(500);
    expect(Math.max(...lags)).toBeLessThan(400);
    expect(await stagedCounts()).toEqual({ workbooks: 0, data: 0, rows: 0 });
  });

  it("a worker that runs out of its heap is refused, the server unharmed", async () => {
    const error = await refusal("hog.xls", fixture("landholders.xls"), {
      limits: { xlsWorkerHeapMb: 16 },
      xls: { workerSource: "const keep = []; for (;;) keep.push(new Array(100000).fill({ a: 1 }));" },
    });
    expect(error.message).toBe(LIMIT_MESSAGES.tooMuchMemory);
  });
});

describe("staging is bound to its user, project and client", () => {
  it("another user, another project, another client: 404; a viewer: 403", async () => {
    const owner = await access("seed-client-owner");
    const { result } = await upload("parcels.xlsx", fixture("parcels.xlsx"), {}, owner);
    const dataKey = result.dataKey!;
    const others = [await access("seed-officer"), await access("seed-client-owner", "Northern Transmission Line"), await access("seed-second-owner", "Coastal Road Upgrade")];
    for (const other of others) {
      await expect(withRequestContext(() => getWorkbook(other, result.workbookKey))).rejects.toMatchObject({ status: 404 });
      await expect(withRequestContext(() => getStagedData(other, dataKey))).rejects.toMatchObject({ status: 404 });
      await expect(withRequestContext(() => parseSheet(other, { workbookKey: result.workbookKey, selectedSheet: "parcels" }))).rejects.toMatchObject({ status: 404 });
    }
    expect((await withRequestContext(() => getStagedData(owner, dataKey))).totalRows).toBe(2);

    const viewer = await access("seed-viewer");
    await expect(withRequestContext(() => parseUpload(viewer, uploadRequest({ filename: "a.csv", body: Buffer.from("Name\nA\n") }, { role: "viewer" })))).rejects.toMatchObject({ status: 403 });
    await expect(withRequestContext(() => getWorkbook(viewer, result.workbookKey))).rejects.toMatchObject({ status: 403 });
    expect((await stagedCounts()).workbooks).toBe(1);
  });

  it("expires after 24 hours (swept), and is gone after discardStaged", async () => {
    const a = await access();
    const first = (await upload("a.csv", Buffer.from("Name\nA\n"))).result;
    const second = (await upload("b.csv", Buffer.from("Name\nB\n"))).result;
    await withRequestContext(() => db().execute(`update import_workbook set created_at = now() - interval '25 hours' where workbook_key = ?`, [first.workbookKey]));
    await expect(withRequestContext(() => getStagedData(a, first.dataKey!))).rejects.toMatchObject({ status: 404 });
    expect(await withRequestContext(() => sweepExpiredStaging())).toBe(1);
    expect(await stagedCounts()).toEqual({ workbooks: 1, data: 1, rows: 1 });
    await discardStaged(second.dataKey!);
    expect(await stagedCounts()).toEqual({ workbooks: 0, data: 0, rows: 0 });
    await expect(withRequestContext(() => getWorkbook(a, second.workbookKey))).rejects.toMatchObject({ status: 404 });
  });
});

describe("/api/file/parse and /api/file/parse-sheet", () => {
  const apiUpload = (file: FilePart, role = "officer", query = `?projectId=${env.westernId}`) =>
    call(() => apiParse(args(multipartRequest(`${BASE}/api/file/parse${query}`, env.cookies[role]!, [["fileType", "excel"]], file)) as never) as Promise<Response>);

  it("parses a workbook, then a sheet, in the spec's shapes", async () => {
    const response = await apiUpload({ filename: "landholders.xlsx", body: fixture("landholders.xlsx") });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["columns", "dataKey", "fileName", "fileType", "hasMultipleSheets", "sheets", "totalRows", "workbookKey"]);
    expect(body).toMatchObject({ fileType: "excel", hasMultipleSheets: true, dataKey: null });
    const sheet = await call(
      () =>
        apiParseSheet(
          args(jsonRequest(`${BASE}/api/file/parse-sheet`, env.cookies.officer!, "POST", { projectId: env.westernId, workbookKey: body.workbookKey, selectedSheet: "Parcels" })) as never,
        ) as Promise<Response>,
    );
    expect(sheet.status).toBe(200);
    const parsed = (await sheet.json()) as { columns: { name: string; sampleData: string[] }[]; dataKey: string; totalRows: number; selectedSheet: string };
    expect(parsed).toMatchObject({ totalRows: 3, selectedSheet: "Parcels" });
    expect(parsed.columns[1]).toEqual({ name: "Vol", index: 1, sampleData: ["1234", "2345", "3456"] });
  });

  it("takes projectId from the form before the file", async () => {
    const request = multipartRequest(`${BASE}/api/file/parse`, env.cookies.officer!, [["projectId", String(env.westernId)]], { filename: "a.csv", body: Buffer.from("Name\nA\n") });
    const response = await call(() => apiParse(args(request) as never) as Promise<Response>);
    expect(response.status).toBe(200);
  });

  it("sends errors with the spec's message in `error`, and refuses viewers and other clients", async () => {
    const invalid = await apiUpload({ filename: "notes.txt", body: Buffer.from("x") });
    expect(invalid.status).toBe(415);
    expect(await invalid.json()).toEqual({
      error: "Unsupported file format. Please upload CSV, Excel (.xlsx, .xls), or PDF files.",
      message: "Unsupported file format. Please upload CSV, Excel (.xlsx, .xls), or PDF files.",
      title: "Invalid File",
      code: "IMPORT_FILE_REFUSED",
    });
    const viewer = await apiUpload({ filename: "a.csv", body: Buffer.from("Name\nA\n") }, "viewer");
    expect(viewer.status).toBe(403);
    expect(((await viewer.json()) as { error: string }).error).toBeTruthy();
    const otherClient = await apiUpload({ filename: "a.csv", body: Buffer.from("Name\nA\n") }, "officer", `?projectId=${env.secondProjectId}`);
    expect(otherClient.status).toBe(404);
    const missing = await call(
      () =>
        apiParseSheet(
          args(jsonRequest(`${BASE}/api/file/parse-sheet`, env.cookies.officer!, "POST", { projectId: env.westernId, workbookKey: "nope", selectedSheet: "x" })) as never,
        ) as Promise<Response>,
    );
    expect(missing.status).toBe(404);
    const noSheet = await call(
      () => apiParseSheet(args(jsonRequest(`${BASE}/api/file/parse-sheet`, env.cookies.officer!, "POST", { projectId: env.westernId, workbookKey: "k" })) as never) as Promise<Response>,
    );
    expect(noSheet.status).toBe(400);
    expect(await noSheet.json()).toMatchObject({ error: "Please choose a sheet", errors: { selectedSheet: "Please choose a sheet" } });
    expect(await stagedCounts()).toEqual({ workbooks: 0, data: 0, rows: 0 });
  });
});
