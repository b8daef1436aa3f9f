/**
 * Which reader reads an uploaded file, as one stream of workbook events (a sheet starts, a batch of its
 * rows) that staging.server.ts writes to PostgreSQL: CSV and XLSX streamed, legacy XLS in a worker
 * thread, a PDF as land-title search statements.
 */
import fs from "node:fs";
import { readCsvRows } from "./csv-reader.server";
import { unreadable } from "./errors";
import { NOT_A_WORKBOOK_MESSAGE, sniffSpreadsheet } from "./file-kind";
import type { Deadline, ParseLimits } from "./limits";
import type { ReceivedFile } from "./receive-file.server";
import type { StagedCell } from "./sheet-table";
import { titlePdfEvents } from "./title-pdf-events.server";
import { PDF_MESSAGES } from "./title-pdf-messages";
import type { WorkbookEvent } from "./workbook-events";
import { readXls, type XlsReadOptions } from "./xls-reader.server";
import { openXlsx } from "./xlsx-reader.server";

/** Rows per event: what the staging writer takes in one go. */
const EVENT_BATCH = 500;

async function* csvEvents(path: string, deadline: Deadline): AsyncGenerator<WorkbookEvent> {
  yield { kind: "sheet", name: "" };
  let rows: { rowNumber: number; cells: string[] }[] = [];
  for await (const row of readCsvRows(path, deadline)) {
    rows.push(row);
    if (rows.length >= EVENT_BATCH) {
      yield { kind: "rows", rows };
      rows = [];
    }
  }
  if (rows.length) yield { kind: "rows", rows };
}

async function* xlsxEvents(path: string, limits: ParseLimits, deadline: Deadline): AsyncGenerator<WorkbookEvent> {
  const workbook = await openXlsx(path, limits, deadline);
  try {
    for (const sheet of workbook.sheets) {
      yield { kind: "sheet", name: sheet.name };
      let rows: { rowNumber: number; cells: StagedCell[] }[] = [];
      let previous = 0;
      for await (const row of workbook.rows(sheet)) {
        // A row written without its number follows the one before it.
        const rowNumber = Number.isFinite(row.rowNumber) && row.rowNumber > previous ? row.rowNumber : previous + 1;
        previous = rowNumber;
        rows.push({ rowNumber, cells: row.cells as StagedCell[] });
        if (rows.length >= EVENT_BATCH) {
          yield { kind: "rows", rows };
          rows = [];
        }
      }
      if (rows.length) yield { kind: "rows", rows };
    }
  } finally {
    workbook.close();
  }
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await fs.promises.open(path, "r");
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The events of the file's reader: the name says CSV, Excel or PDF; for Excel the bytes pick xlsx or
 * xls. A PDF is read as land-title search statements, which only a property import can use.
 */
export async function fileEvents(file: ReceivedFile, limits: ParseLimits, deadline: Deadline, xls: XlsReadOptions | undefined, fields: Record<string, string>): Promise<AsyncGenerator<WorkbookEvent>> {
  if (file.kind === "pdf" && fields.importType === "stakeholders") throw unreadable(PDF_MESSAGES.stakeholders);
  if (file.size === 0) throw unreadable("The selected file is empty (0 bytes)");
  if (file.kind === "pdf") return titlePdfEvents(file.path, limits, deadline);
  if (file.kind === "csv") return csvEvents(file.path, deadline);
  // Excel often saves a workbook under the other extension; what the bytes are decides the reader.
  const sniffed = sniffSpreadsheet(await readHead(file.path));
  if (sniffed === "xlsx") return xlsxEvents(file.path, limits, deadline);
  if (sniffed === "xls") return readXls(file.path, limits, deadline, xls);
  throw unreadable(NOT_A_WORKBOOK_MESSAGE);
}
