/**
 * Reads an .xlsx sheet by sheet with exceljs' streaming parsers, fed from the guarded zip
 * (zip-guard.server.ts) instead of exceljs' own unzipper, which would inflate whatever the file holds.
 * The parts are read in the order the rows need: relationships and the workbook (the real sheet names,
 * matched by relationship id, so a sheet named "Landholders" is never reported as "Sheet1",
 * exceljs#2663), shared strings, styles (which say which numbers are dates), then each worksheet.
 *
 * This drives exceljs 4.4.0's reader internals (pinned exactly in package.json).
 */
import { createRequire } from "node:module";
import type { Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { RawCell } from "../value-coercion";
import { unreadable } from "./errors";
import { NOT_A_WORKBOOK_MESSAGE } from "./file-kind";
import { LIMIT_MESSAGES, type Deadline, type ParseLimits } from "./limits";
import { openGuardedZip, zipReadError, type GuardedZip } from "./zip-guard.server";
import { AppError } from "~/utils/app-error";

const require = createRequire(import.meta.url);

interface ExcelUtils {
  isDateFmt(format: string | undefined): boolean;
  excelToDate(serial: number, date1904?: boolean): Date;
}
// exceljs' internals have no ESM entry.
const excelUtils = require("exceljs/lib/utils/utils") as ExcelUtils;
const WorksheetReader = require("exceljs/lib/stream/xlsx/worksheet-reader") as new (args: { workbook: unknown; id: number; iterator: Readable; options: object }) => AsyncIterable<ExcelRow>;

interface ExcelCell {
  value: unknown;
  numFmt?: string;
}
interface ExcelRow {
  number: number;
  eachCell(options: { includeEmpty: boolean }, callback: (cell: ExcelCell, column: number) => void): void;
}
interface ReaderInternals {
  model?: { sheets?: { name: string; id: number; rId: string; state?: string }[] };
  properties?: { date1904?: boolean };
  workbookRels?: { Id: string; Target: string; Type: string }[];
  sharedStrings?: unknown[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
}

const READER_OPTIONS = { worksheets: "emit", sharedStrings: "cache", hyperlinks: "ignore", styles: "cache", entries: "ignore" } as const;

export interface XlsxSheet {
  name: string;
  /** The worksheet part, e.g. xl/worksheets/sheet2.xml. */
  part: string;
}

/** A relationship target as a path inside the zip: relative to xl/, or absolute from the root. */
export function partPath(target: string): string {
  const path = target.startsWith("/") ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment && segment !== ".") parts.push(segment);
  }
  return parts.join("/");
}

/** A cell as the staged value: cached formula results (never evaluated), dates as Date, rich text as text. */
export function xlsxCellValue(cell: ExcelCell, date1904: boolean): RawCell {
  const value = cell.value;
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "boolean" || value instanceof Date) return value;
  if (typeof value === "number") return value;
  if (typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.richText)) return (v.richText as { text?: string }[]).map((run) => run.text ?? "").join("");
  if ("formula" in v || "sharedFormula" in v) {
    const result = v.result;
    if (result === undefined || result === null) {
      // No cached value (a workbook written by a program that does not calculate): keep the formula as
      // text, exactly, rather than evaluate it. Exports neutralise a leading "=" (docs/export.md#the-workbook).
      const formula = typeof v.formula === "string" ? v.formula : "";
      return formula ? `=${formula}` : null;
    }
    if (typeof result === "number") return Number.isFinite(result) && excelUtils.isDateFmt(cell.numFmt) ? excelUtils.excelToDate(result, date1904) : result;
    if (typeof result === "object" && result && "error" in result) return String((result as { error: unknown }).error);
    return typeof result === "string" || typeof result === "boolean" ? result : null;
  }
  if ("error" in v) return String(v.error);
  if ("text" in v) return typeof v.text === "string" ? v.text : xlsxCellValue({ value: v.text }, date1904);
  return null;
}

export interface XlsxWorkbook {
  sheets: XlsxSheet[];
  /** The rows of one sheet in order, empty rows included or not as the file has them. */
  rows(sheet: XlsxSheet): AsyncGenerator<{ rowNumber: number; cells: RawCell[] }>;
  close(): void;
}

async function readPart(zip: GuardedZip, name: string, read: (stream: Readable) => Promise<void>) {
  const stream = await zip.openText(name);
  try {
    await read(stream);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw zipReadError(error);
  } finally {
    stream.destroy();
  }
}

export async function openXlsx(path: string, limits: ParseLimits, deadline: Deadline): Promise<XlsxWorkbook> {
  const zip = await openGuardedZip(path, limits);
  try {
    if (!zip.has("xl/workbook.xml")) throw unreadable(NOT_A_WORKBOOK_MESSAGE);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(null as never, READER_OPTIONS as never) as unknown as ReaderInternals;
    if (zip.has("xl/_rels/workbook.xml.rels")) await readPart(zip, "xl/_rels/workbook.xml.rels", (s) => reader._parseRels(s));
    await readPart(zip, "xl/workbook.xml", (s) => reader._parseWorkbook(s));
    if (zip.has("xl/sharedStrings.xml")) {
      await readPart(zip, "xl/sharedStrings.xml", async (s) => {
        for await (const _ of reader._parseSharedStrings(s)) void _;
      });
    }
    if (zip.has("xl/styles.xml")) await readPart(zip, "xl/styles.xml", (s) => reader._parseStyles(s));
    const rels = reader.workbookRels ?? [];
    const sheets: XlsxSheet[] = [];
    for (const sheet of reader.model?.sheets ?? []) {
      const rel = rels.find((r) => r.Id === sheet.rId);
      // Chart sheets and dialog sheets have no rows.
      if (!rel || !/\/worksheet$/.test(rel.Type)) continue;
      const part = partPath(rel.Target);
      if (zip.has(part)) sheets.push({ name: String(sheet.name), part });
    }
    if (sheets.length === 0) throw unreadable(NOT_A_WORKBOOK_MESSAGE);
    const date1904 = Boolean(reader.properties?.date1904);

    async function* rows(sheet: XlsxSheet) {
      const stream = await zip.openText(sheet.part);
      const worksheet = new WorksheetReader({ workbook: reader, id: sheets.indexOf(sheet) + 1, iterator: stream, options: READER_OPTIONS });
      try {
        for await (const row of worksheet) {
          if (deadline.expired()) throw unreadable(LIMIT_MESSAGES.tooSlow);
          const cells: RawCell[] = [];
          row.eachCell({ includeEmpty: false }, (cell, column) => {
            if (column > limits.maxColumns) throw unreadable(LIMIT_MESSAGES.tooManyColumns(limits.maxColumns));
            cells[column - 1] = xlsxCellValue(cell, date1904);
          });
          for (let i = 0; i < cells.length; i++) cells[i] ??= null;
          yield { rowNumber: row.number, cells };
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw zipReadError(error);
      } finally {
        stream.destroy();
      }
    }
    return { sheets, rows, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}
