/**
 * The Excel/CSV export (`POST /api/export/excel`, docs/export.md). One function for the /api
 * route and the /export page action: `exportData(access, request)` checks exportData, opens a
 * server-side cursor over the one SELECT (export-query.server.ts) in a read-only snapshot, reads the
 * first batch (so a failing query is still an ordinary "Failed to export data" answer), then returns
 * the file as a stream that the rest of the rows are written into, batch by batch, waiting whenever
 * the client reads slower than the rows arrive. Neither the rows nor the file are ever held whole.
 */
import { PassThrough } from "node:stream";
import Cursor from "pg-cursor";
import { openPgSnapshot, withPgClient } from "~db/sql.server";
import { projectTimeZone, projectToday } from "~/modules/calendar/today";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { contentDisposition } from "~/utils/download";
import { AppError } from "~/utils/app-error";
import { noteStreamedBytes } from "~/utils/streamed-garbage.server";
import { toWebStream } from "~/utils/web-stream.server";
import { admitDownload, guardDownload } from "~/utils/downloads.server";
import { withDatabaseOutage } from "~/utils/http.server";
import { roomToWrite } from "~/utils/room-to-write.server";
import { TYPES_WITH_CUSTOM_FIELDS, type ExportField } from "./export-fields";
import { EXPORT_TYPE_LABELS, type ExportType } from "./export-types";
import { buildExportQuery, customFieldNamesQuery, LIST_JOIN } from "./export-query.server";
import { XlsxSheetStream } from "./xlsx-sheet-stream.server";
import { EXPORT_FAILED_MESSAGE, exportedColumns, NO_FIELDS_MESSAGE, type ExportColumn } from "./export-modes";
import { columnWidth, csvHeader, csvLine, EXCEL_NUMBER_FORMATS, toCsvText, toExcelCell, UTF8_BOM, type ExcelCell } from "./export-values";
import type { ExportFormat, ExportRequest } from "./schemas";
import { log } from "~/utils/log.server";
import { recordSecurityEvent } from "~/modules/audit/audit.server";
import { refId } from "~db/entities/refs";

/**
 * Rows fetched per round trip. The next batch is always asked for ahead (openSource), so PostgreSQL works
 * while the writer does; each round trip costs a socket write on both sides (docs/export.md#speed). Rows
 * alive at a young-generation collection (the batch being written and the one read ahead) are promoted to
 * the old generation, so bigger batches cost memory: 500 rows took the server's peak RSS past 350 MB
 * during a 50,000-row export, 200 rows to 280-340 MB, 100 rows stayed under 280 MB (bench/export.mjs).
 */
export const EXPORT_BATCH_ROWS = 100;

/**
 * The zip's deflate level. zlib's default (6) spent ~0.42 s of CPU on a 50,000-row sheet; level 3 ~0.18 s
 * for a file ~6 % larger, level 1 ~0.12 s but ~25 % larger (docs/export.md#speed).
 */
export const XLSX_DEFLATE_LEVEL = 3;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

export interface ExportFile {
  fileName: string;
  contentType: string;
  /** The file as it is written; read it once (a Response body). */
  body: ReadableStream<Uint8Array>;
}

/** `{type}_export_{YYYY-MM-DD}.xlsx|.csv`, the date being today in the project's time zone (docs/export.md#the-workbook). */
export function exportFileName(type: ExportType, format: ExportFormat, today: string): string {
  return `${type}_export_${today}.${format}`;
}

/** The custom-field names of a project's stakeholders or properties, sorted (what all-fields adds); engagements have none. */
export async function listCustomFieldNames(access: ProjectAccess, type: ExportType): Promise<string[]> {
  requirePermission(access, "exportData");
  if (!TYPES_WITH_CUSTOM_FIELDS.includes(type)) return [];
  return withPgClient(async (client) => {
    const { rows } = await client.query<{ key: string }>(customFieldNamesQuery(type as "stakeholders" | "properties"), [access.project.id]);
    return rows.map((r) => r.key);
  });
}

interface Source {
  first: unknown[][];
  next(): Promise<unknown[][]>;
  /** Column i of a row; a linked-record list as its items (split here, when its row is written). */
  value(row: unknown[], i: number): unknown;
  close(): Promise<void>;
}

/**
 * A cursor over the export's SELECT in a REPEATABLE READ READ ONLY snapshot, on a connection of the
 * download pool (docs/operations.md#pools-and-timeouts). The next batch is asked for as soon as one is handed out, so PostgreSQL computes it while the
 * writer turns the last one into cells.
 */
async function openSource(text: string, values: unknown[], joined: readonly boolean[]): Promise<Source> {
  // The download pool: a client that stops reading holds this connection, never one requests need.
  const snapshot = await openPgSnapshot({ forDownload: true });
  const { client } = snapshot;
  let cursor: Cursor<unknown[]> | null = null;
  const close = async () => {
    // A cursor on an unusable connection cannot close; knex's pool validates connections before handing them out again.
    const open = cursor;
    cursor = null;
    if (open) await open.close().catch(() => {});
    await snapshot.end();
  };
  try {
    const c = client.query(new Cursor<unknown[]>(text, values, { rowMode: "array" }));
    cursor = c;
    const first = await c.read(EXPORT_BATCH_ROWS);
    // pg-cursor sends each read as two messages (Execute, then Flush), each its own write to the socket;
    // corked, they leave in one (docs/export.md#speed).
    const socket = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
    const readAhead = (after: unknown[][]): Promise<unknown[][]> => {
      if (after.length < EXPORT_BATCH_ROWS) return Promise.resolve([]);
      socket?.cork?.();
      let batch: Promise<unknown[][]>;
      try {
        batch = c.read(EXPORT_BATCH_ROWS);
      } finally {
        socket?.uncork?.();
      }
      // Awaited by next(), unless the download is abandoned first: then its failure is nobody's to report.
      batch.catch(() => {});
      return batch;
    };
    let ahead = readAhead(first);
    return {
      first,
      next: async () => {
        const rows = await ahead;
        ahead = readAhead(rows);
        return rows;
      },
      value: (row, i) => {
        const value = row[i];
        // One item (no separator) is handed over as its text; toExcelCell treats it as a list of one.
        return joined[i] && typeof value === "string" && value.includes(LIST_JOIN) ? value.split(LIST_JOIN) : value;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function writeCsv(out: PassThrough, source: Source, columns: ExportColumn[], fields: ExportField[]) {
  out.write(UTF8_BOM + csvLine(columns.map((c) => csvHeader(c.columnName))));
  for (let rows = source.first; rows.length; rows = await source.next()) {
    out.write(rows.map((row) => csvLine(fields.map((field, i) => toCsvText(source.value(row, i), field.type)))).join(""));
    if (!(await roomToWrite(out))) return;
  }
  out.end();
}

async function writeXlsx(out: PassThrough, source: Source, type: ExportType, columns: ExportColumn[], fields: ExportField[]) {
  const workbook = new XlsxSheetStream(out, {
    sheetName: EXPORT_TYPE_LABELS[type],
    columns: columns.map((column, i) => ({ header: column.columnName, width: columnWidth(column.columnName, fields[i]!.type), numFmt: EXCEL_NUMBER_FORMATS[fields[i]!.type] })),
    deflateLevel: XLSX_DEFLATE_LEVEL,
  });
  try {
    for (let rows = source.first; rows.length; rows = await source.next()) {
      const cells = new Array<ExcelCell[]>(rows.length);
      for (let r = 0; r < rows.length; r++) {
        const values = rows[r]!;
        const row: ExcelCell[] = new Array(fields.length);
        for (let i = 0; i < fields.length; i++) row[i] = toExcelCell(source.value(values, i), fields[i]!.type);
        cells[r] = row;
      }
      workbook.addRows(cells);
      if (!(await workbook.room())) return workbook.abandon();
    }
    await workbook.end();
  } catch (error) {
    // A failed read or a broken download: the zip's streams go now, not when they are collected.
    workbook.abandon();
    throw error;
  }
}

/**
 * Exports one type of the project's records as `request.format` with `request`'s columns. Refuses
 * without exportData (403) or without an exported column (400), and past the user's or the server's
 * download budget (429 or 503, docs/operations.md#pools-and-timeouts); the database being away is a
 * 503; any other failure before the first byte is "Failed to export data" (500). A failure while streaming ends the download abruptly,
 * which browsers report as a failed download rather than saving a truncated file.
 */
export async function exportData(access: ProjectAccess, request: Pick<ExportRequest, "exportType" | "mode" | "mappings" | "format">, now: Date = new Date()): Promise<ExportFile> {
  requirePermission(access, "exportData");
  const columns = exportedColumns(request.mappings);
  if (columns.length === 0) throw new AppError(400, NO_FIELDS_MESSAGE);
  const timeZone = projectTimeZone(access.project.settings);
  const today = projectToday(timeZone, now);
  let query;
  try {
    query = buildExportQuery(request.exportType, request.mode, columns, access.project.id, timeZone, today);
  } catch (error) {
    throw new AppError(400, error instanceof RangeError ? error.message : EXPORT_FAILED_MESSAGE);
  }
  const slot = admitDownload(access.user.id);
  let source: Source;
  try {
    source = await openSource(query.text, query.values, query.joined);
  } catch (error) {
    slot.release();
    const outage = withDatabaseOutage(error);
    if (outage instanceof AppError) throw outage;
    log.error({ component: "export", err: error }, "Export query failed");
    throw new AppError(500, EXPORT_FAILED_MESSAGE);
  }
  // Personal data leaving the system is recorded like the SQL dump (docs/export.md#audit): who, which
  // records, which columns. Written at once on its own connection, as nothing else is flushed here.
  await recordSecurityEvent({
    userId: access.user.id,
    clientId: refId(access.project.client),
    projectId: access.project.id,
    action: "data.export",
    entityType: "Project",
    entityId: access.project.id,
    after: { exportType: request.exportType, format: request.format, mode: request.mode, columns: columns.map((c) => c.dbField) },
  });

  const out = new PassThrough();
  // The web stream is attached before the first byte is written; counting the chunks lets their
  // buffers be collected as they go (see streamed-garbage.server.ts). Not Readable.toWeb: a download
  // cancelled at the wrong moment made it throw an uncaught exception (web-stream.server.ts).
  // The slot goes back when the file ends; a client that stops reading is cut off (downloads.server.ts).
  const body = guardDownload(toWebStream(out), { slot });
  out.on("data", (chunk: Buffer) => noteStreamedBytes(chunk.byteLength));
  const write = request.format === "csv" ? writeCsv(out, source, columns, query.fields) : writeXlsx(out, source, request.exportType, columns, query.fields);
  void write
    .catch((error: unknown) => {
      if (!out.destroyed) log.error({ component: "export", err: error }, "Export failed while streaming");
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    })
    .finally(() => source.close());

  return {
    fileName: exportFileName(request.exportType, request.format, today),
    contentType: EXPORT_CONTENT_TYPES[request.format],
    body,
  };
}

/** The download: an attachment under the spec's name, never cached or sniffed. */
export function exportResponse(file: ExportFile): Response {
  return new Response(file.body, {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": contentDisposition("attachment", file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
