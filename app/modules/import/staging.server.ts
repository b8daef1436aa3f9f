/**
 * Import staging (docs/import.md#wizard-steps): an uploaded CSV or workbook is read off the request thread's
 * critical path (streamed CSV and XLSX, legacy XLS in a worker thread) under the limits of
 * parse/limits.ts, and every sheet's rows are staged in PostgreSQL in one transaction, bound to the
 * user, project and client that uploaded it. A refused file leaves nothing behind. The wizard and the
 * /api calls then work from `workbookKey` / `dataKey` on any app server; staging is removed after the
 * import (discardStaged) or after 24 hours (sweepExpiredStaging).
 */
import crypto from "node:crypto";
import type { StagedSheetSummary } from "~db/entities/index";
import { db } from "~db/orm";
import { sqlExecute, sqlRows } from "~db/sql.server";
import { refId } from "~db/entities/refs";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { ImportFileError, PARSE_FAILED_TITLE, parseFailedMessage, unreadable } from "./parse/errors";
import { asFailure } from "~/utils/failure.server";
import { fileEvents } from "./parse/file-events.server";
import { NO_ROWS_MESSAGE, NOT_A_WORKBOOK_MESSAGE, specFileType } from "./parse/file-kind";
import { createDeadline, DEFAULT_PARSE_LIMITS, LIMIT_MESSAGES, type Deadline, type ParseLimits } from "./parse/limits";
import { receiveImportUpload, type ReceivedFile } from "./parse/receive-file.server";
import { SheetTable, type StagedCell, type StagedColumn } from "./parse/sheet-table";
import type { WorkbookEvent } from "./parse/workbook-events";
import type { XlsReadOptions } from "./parse/xls-reader.server";
import { discardSourcePdf, storeSourcePdf, type StagedSource } from "./source-document.server";
import { deleteWorkbookOfData, deleteWorkbooksOlderThan, insertStagedRows, selectStagedGisRows, selectStagedRows } from "./staging-store.server";
import { checkFileForType, gisStagingOf, readGisUpload, writeGisRows } from "./gis-staging.server";

export type { StagedColumn } from "./parse/sheet-table";
export type RawCell = StagedCell;

export interface ParseResult {
  fileType: "csv" | "excel" | "pdf" | "gis";
  fileName: string;
  hasMultipleSheets: boolean;
  sheets: StagedSheetSummary[];
  workbookKey: string;
  columns: StagedColumn[];
  dataKey: string | null;
  totalRows: number;
}

export const STAGING_TTL_MS = 24 * 60 * 60 * 1000;
const INSERT_BATCH = 1000;
const NOT_FOUND_MESSAGE = "The uploaded file was not found or has expired (uploads are kept for 24 hours). Please upload it again.";
const NO_FILE_MESSAGE = "No file selected: Please select a file to upload";

const newKey = () => crypto.randomBytes(16).toString("base64url");

/** Options tests use to prove the limits without 50 MB files. */
export interface StagingOptions {
  limits?: Partial<ParseLimits>;
  xls?: XlsReadOptions;
}

interface StagedSheet {
  name: string | null;
  dataKey: string;
  table: SheetTable;
}

/** Writes every sheet's rows under new keys inside the caller's transaction; throws past any limit. */
async function stageEvents(workbookKey: string, events: AsyncIterable<WorkbookEvent>, limits: ParseLimits, deadline: Deadline) {
  const sheets: StagedSheet[] = [];
  let current: StagedSheet | null = null;
  let pending: { rowNumber: number; cells: StagedCell[] }[] = [];
  let totalRows = 0;
  // One batch is written while the next is read: the database and the parser overlap, and at most
  // two batches are held.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    if (deadline.expired()) throw unreadable(LIMIT_MESSAGES.tooSlow);
    if (!current || pending.length === 0) return;
    writing = insertStagedRows(current.dataKey, pending);
    writing.catch(() => undefined);
    pending = [];
  };
  for await (const event of events) {
    if (event.kind === "sheet") {
      await flush();
      await writing;
      current = { name: event.name || null, dataKey: newKey(), table: new SheetTable(limits) };
      sheets.push(current);
      await sqlExecute(`insert into import_staged_data (data_key, workbook_key, sheet, sheet_index, columns, total_rows) values (?, ?, ?, ?, '[]', 0)`, [
        current.dataKey,
        workbookKey,
        current.name,
        sheets.length - 1,
      ]);
      continue;
    }
    if (!current) throw unreadable(NOT_A_WORKBOOK_MESSAGE);
    for (const row of event.rows) {
      const cells = current.table.push(row.rowNumber, row.cells);
      if (!cells) continue;
      if (++totalRows > limits.maxRows) throw unreadable(LIMIT_MESSAGES.tooManyRows(limits.maxRows));
      pending.push({ rowNumber: row.rowNumber, cells });
      if (pending.length >= INSERT_BATCH) await flush();
    }
  }
  await flush();
  await writing;
  for (const sheet of sheets) {
    await sqlExecute(`update import_staged_data set columns = ?::jsonb, total_rows = ? where data_key = ?`, [JSON.stringify(sheet.table.columns()), sheet.table.dataRows, sheet.dataKey]);
  }
  return sheets;
}

async function stageFile(access: ProjectAccess, file: ReceivedFile, limits: ParseLimits, options: StagingOptions, fields: Record<string, string>): Promise<ParseResult> {
  checkFileForType(file.kind, fields.importType);
  if (file.kind === "gis") return stageGisFile(access, file, limits);
  const deadline = createDeadline(limits.timeLimitMs);
  const events = await fileEvents(file, limits, deadline, options.xls, fields);
  const fileType = specFileType(file.kind);
  const workbookKey = newKey();
  // A title PDF is kept (it becomes each imported property's document); only once it has been read.
  let source: StagedSource | null = null;
  try {
    if (file.kind === "pdf") source = await storeSourcePdf(access, file);
    return await stageEventsOf(access, file, { workbookKey, fileType, source }, events, limits, deadline);
  } catch (error) {
    await discardSourcePdf(source);
    throw error;
  }
}

/** A parcel file (docs/import.md#parcels): read first, then its shapes staged as one sheet in one transaction. */
async function stageGisFile(access: ProjectAccess, file: ReceivedFile, limits: ParseLimits): Promise<ParseResult> {
  const read = await readGisUpload(file, limits);
  const workbookKey = newKey();
  const dataKey = newKey();
  return db().transactional(async () => {
    await sqlExecute(`insert into import_workbook (workbook_key, user_id, project_id, client_id, file_name, file_type, sheets) values (?, ?, ?, ?, ?, 'gis', '[]')`, [
      workbookKey,
      access.user.id,
      access.project.id,
      refId(access.project.client),
      file.fileName,
    ]);
    await writeGisRows(read, { workbookKey, dataKey });
    return { fileType: "gis", fileName: file.fileName, hasMultipleSheets: false, sheets: [], workbookKey, columns: read.columns, dataKey, totalRows: read.features.length };
  });
}

async function stageEventsOf(
  access: ProjectAccess,
  file: ReceivedFile,
  { workbookKey, fileType, source }: { workbookKey: string; fileType: ParseResult["fileType"]; source: StagedSource | null },
  events: AsyncGenerator<WorkbookEvent>,
  limits: ParseLimits,
  deadline: Deadline,
): Promise<ParseResult> {
  return db().transactional(async () => {
    await sqlExecute(
      `insert into import_workbook (workbook_key, user_id, project_id, client_id, file_name, file_type, sheets, source_object_key, source_size, source_mime)
       values (?, ?, ?, ?, ?, ?, '[]', ?, ?, ?)`,
      [workbookKey, access.user.id, access.project.id, refId(access.project.client), file.fileName, fileType, source?.key ?? null, source?.size ?? null, source?.mimeType ?? null],
    );
    let sheets: StagedSheet[];
    try {
      sheets = await stageEvents(workbookKey, events, limits, deadline);
    } finally {
      await events.return(undefined);
    }
    const summaries: StagedSheetSummary[] = fileType !== "excel" ? [] : sheets.map((s) => ({ name: s.name ?? "", rowCount: s.table.dataRows }));
    await sqlExecute(`update import_workbook set sheets = ?::jsonb where workbook_key = ?`, [JSON.stringify(summaries), workbookKey]);
    const withRows = sheets.filter((s) => s.table.dataRows > 0);
    if (withRows.length === 0) throw unreadable(NO_ROWS_MESSAGE);
    const base = { fileType, fileName: file.fileName, sheets: summaries, workbookKey };
    if (withRows.length > 1) return { ...base, hasMultipleSheets: true, columns: [], dataKey: null, totalRows: withRows.reduce((n, s) => n + s.table.dataRows, 0) };
    const only = withRows[0]!;
    return { ...base, hasMultipleSheets: false, columns: only.table.columns(), dataKey: only.dataKey, totalRows: only.table.dataRows };
  });
}

/**
 * Like parseUpload, with the project resolved from the fields sent before the file (an /api call
 * that names its project in the body). importData is checked before any byte is written, and again
 * with every field of the form before anything is staged.
 */
export async function parseUploadWith(
  request: Request,
  resolveAccess: (fields: Record<string, string>) => Promise<ProjectAccess>,
  options: StagingOptions = {},
): Promise<{ access: ProjectAccess; result: ParseResult; fields: Record<string, string> }> {
  const limits = { ...DEFAULT_PARSE_LIMITS, ...options.limits };
  const check = async (fields: Record<string, string>) => {
    const resolved = await resolveAccess(fields);
    requirePermission(resolved, "importData");
    return resolved;
  };
  const upload = await receiveImportUpload(request, {
    maxFileBytes: limits.maxFileBytes,
    beforeFile: async (fields) => {
      await check(fields);
    },
  }).catch((error: unknown) => {
    throw parseFailure(error, null);
  });
  try {
    // The fields after the file are asked too (a projectId sent after it), before anything is staged.
    const access = await check(upload.fields);
    if (!upload.file) throw new ImportFileError(400, NO_FILE_MESSAGE);
    const result = await stageFile(access, upload.file, limits, options, upload.fields);
    return { access, result, fields: upload.fields };
  } catch (error) {
    if (error instanceof ImportFileError) error.fields = upload.fields;
    throw parseFailure(error, upload.file?.kind ?? null);
  } finally {
    await upload.cleanup();
  }
}

/**
 * A refusal keeps its reason (the file's type, a limit, what in the file could not be read); anything
 * else that went wrong reading or staging it is "Failed to parse {TYPE} file" (docs/import.md#messages).
 */
function parseFailure(error: unknown, kind: ReceivedFile["kind"] | null): unknown {
  const failure = asFailure(error, parseFailedMessage(kind), { component: "import", code: "IMPORT_PARSE_FAILED" });
  return failure instanceof AppError && failure.code === "IMPORT_PARSE_FAILED" ? Object.assign(failure, { title: PARSE_FAILED_TITLE }) : failure;
}

/** Reads the multipart upload (file field `file`), stages it, and returns what the wizard shows next. */
export async function parseUpload(access: ProjectAccess, request: Request, options: StagingOptions = {}): Promise<{ result: ParseResult; fields: Record<string, string> }> {
  requirePermission(access, "importData");
  const { result, fields } = await parseUploadWith(request, async () => access, options);
  return { result, fields };
}

interface WorkbookRow {
  workbook_key: string;
  file_name: string;
  file_type: ParseResult["fileType"];
  sheets: StagedSheetSummary[] | string;
}

const fresh = () => new Date(Date.now() - STAGING_TTL_MS);
const json = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

async function findWorkbook(access: ProjectAccess, workbookKey: unknown): Promise<WorkbookRow> {
  if (typeof workbookKey !== "string" || !workbookKey || workbookKey.length > 100) throw new AppError(404, NOT_FOUND_MESSAGE);
  const rows = await sqlRows<WorkbookRow>(
    `select workbook_key, file_name, file_type, sheets from import_workbook
      where workbook_key = ? and user_id = ? and project_id = ? and client_id = ? and created_at > ?`,
    [workbookKey, access.user.id, access.project.id, refId(access.project.client), fresh()],
  );
  if (!rows[0]) throw new AppError(404, NOT_FOUND_MESSAGE);
  return rows[0];
}

export async function getWorkbook(access: ProjectAccess, workbookKey: string) {
  requirePermission(access, "importData");
  const workbook = await findWorkbook(access, workbookKey);
  return { workbookKey: workbook.workbook_key, fileName: workbook.file_name, fileType: workbook.file_type, sheets: json(workbook.sheets) };
}

interface DataRow {
  data_key: string;
  workbook_key: string;
  sheet: string | null;
  columns: StagedColumn[] | string;
  total_rows: number;
  gis?: unknown;
}

export const SHEET_FAILED_MESSAGE = "Failed to parse selected sheet";

/** The chosen sheet of a staged workbook; a failure reading it is "Failed to parse selected sheet" (docs/import.md#messages). */
export async function parseSheet(access: ProjectAccess, input: { workbookKey: string; selectedSheet: string }) {
  requirePermission(access, "importData");
  return readSheet(access, input).catch((error: unknown) => {
    throw asFailure(error, SHEET_FAILED_MESSAGE, { component: "import", code: "IMPORT_SHEET_FAILED" });
  });
}

async function readSheet(access: ProjectAccess, input: { workbookKey: string; selectedSheet: string }) {
  const workbook = await findWorkbook(access, input.workbookKey);
  const rows = await sqlRows<DataRow>(`select data_key, columns, total_rows from import_staged_data where workbook_key = ? and sheet is not distinct from ? order by sheet_index limit 1`, [
    workbook.workbook_key,
    workbook.file_type === "excel" ? String(input.selectedSheet ?? "") : null,
  ]);
  const data = rows[0];
  if (!data) throw new AppError(400, `Failed to parse selected sheet: the workbook has no sheet named “${String(input.selectedSheet ?? "")}”.`);
  if (Number(data.total_rows) === 0) throw new AppError(422, `The sheet “${input.selectedSheet}” has no rows to import. Choose another sheet.`);
  return { columns: json(data.columns), dataKey: data.data_key, totalRows: Number(data.total_rows), selectedSheet: input.selectedSheet };
}

export async function getStagedData(access: ProjectAccess, dataKey: string) {
  requirePermission(access, "importData");
  if (typeof dataKey !== "string" || !dataKey || dataKey.length > 100) throw new AppError(404, NOT_FOUND_MESSAGE);
  const rows = await sqlRows<DataRow & { file_name: string; file_type: ParseResult["fileType"] }>(
    `select d.data_key, d.workbook_key, d.sheet, d.columns, d.total_rows, d.gis, w.file_name, w.file_type
       from import_staged_data d join import_workbook w on w.workbook_key = d.workbook_key
      where d.data_key = ? and w.user_id = ? and w.project_id = ? and w.client_id = ? and w.created_at > ?`,
    [dataKey, access.user.id, access.project.id, refId(access.project.client), fresh()],
  );
  const data = rows[0];
  if (!data) throw new AppError(404, NOT_FOUND_MESSAGE);
  return {
    dataKey: data.data_key,
    workbookKey: data.workbook_key,
    fileName: data.file_name,
    fileType: data.file_type,
    sheet: data.sheet,
    columns: json(data.columns),
    totalRows: Number(data.total_rows),
    /** A parcel file's coordinate system and shape problems (gis-staging.server.ts); null for a spreadsheet. */
    gis: gisStagingOf(data.gis),
  };
}

/**
 * The staged rows in file order, in batches. No access check: the import job calls it after checking
 * its import record. rowNumber is the row as the user sees it in the file, the header counted.
 */
export async function* readStagedRows(dataKey: string, { batchSize = 1000 }: { batchSize?: number } = {}): AsyncGenerator<{ rowNumber: number; cells: RawCell[] }[]> {
  let after = 0;
  for (;;) {
    const batch = await selectStagedRows(dataKey, after, batchSize);
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1]!.rowNumber;
  }
}

/** A parcel file's staged rows with their shapes, in file order, in batches (the import job's, as readStagedRows). */
export async function* readStagedGisRows(dataKey: string, { batchSize = 500 }: { batchSize?: number } = {}) {
  let after = 0;
  for (;;) {
    const batch = await selectStagedGisRows(dataKey, after, batchSize);
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1]!.rowNumber;
  }
}

/** Removes the upload the data belongs to (every sheet of it). */
export async function discardStaged(dataKey: string): Promise<void> {
  await deleteWorkbookOfData(dataKey);
}

/** Removes uploads staged more than 24 hours ago; returns how many. */
export async function sweepExpiredStaging(): Promise<number> {
  return deleteWorkbooksOlderThan(fresh());
}
