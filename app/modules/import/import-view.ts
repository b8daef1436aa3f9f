/**
 * What the import history, the progress page and POST /api/file/import show of an import record.
 * Pure (no I/O): the shapes, the described counts (docs/import.md#api) and the skipped rows as CSV.
 */
import { neutraliseCsvFormulas } from "~/utils/csv-formulas";
import type { ImportType } from "./import-fields";

export const IMPORT_VIEW_STATUSES = ["queued", "running", "completed", "failed", "undone"] as const;
export type ImportStatus = (typeof IMPORT_VIEW_STATUSES)[number];

/** The stored list of skipped rows keeps this many problems; skippedRowsTotal counts them all. */
export const SKIPPED_ROWS_KEPT = 1000;

/**
 * The counts of an import (docs/import.md#api). pendingDuplicates is how many rows wait for the user; the /api
 * answer lists them (duplicate-view.ts). updated counts the existing records merged into.
 */
export interface ImportCounts {
  imported: number;
  updated: number;
  skipped: number;
  autoMergedProperties: number;
  pendingDuplicates: number;
  stakeholdersCreated: number;
  stakeholdersLinked: number;
  created: number;
  linked: number;
  /** A parcel import (docs/import.md#parcels): parcels matched to a property by lot/plan, those left for the review step, and shapes repaired. */
  parcelsMatched: number;
  parcelsUnmatched: number;
  shapesRepaired: number;
}

export interface SkippedRow {
  /** The row as the user sees it in the file (the header row is row 1). */
  rowNumber: number;
  column: string;
  value: string;
  reason: string;
}

export interface ImportView {
  id: number;
  status: ImportStatus;
  importType: ImportType;
  fileName: string;
  totalRows: number;
  processedRows: number;
  counts: ImportCounts;
  skippedRows: SkippedRow[];
  skippedRowsTotal: number;
  error: string | null;
  /** The staged rows it was started from (discarded once it completed, kept after a failure for "Try again"). */
  dataKey: string | null;
  createdAt: string;
  finishedAt: string | null;
  createdBy: string;
  canUndo: boolean;
  /** Rows held back as likely duplicates still wait for the user (the wizard's duplicates step). */
  duplicatesPending: boolean;
}

export function emptyCounts(): ImportCounts {
  return {
    imported: 0,
    updated: 0,
    skipped: 0,
    autoMergedProperties: 0,
    pendingDuplicates: 0,
    stakeholdersCreated: 0,
    stakeholdersLinked: 0,
    created: 0,
    linked: 0,
    parcelsMatched: 0,
    parcelsUnmatched: 0,
    shapesRepaired: 0,
  };
}

/** Stored counts over the defaults: a record written before a count existed still has every key. */
export function countsOf(stored: unknown): ImportCounts {
  const counts = emptyCounts();
  if (!stored || typeof stored !== "object") return counts;
  for (const key of Object.keys(counts) as (keyof ImportCounts)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === "number" && Number.isFinite(value)) counts[key] = value;
  }
  return counts;
}

/**
 * The /api answer of a finished import: its id, the spec's counts, and the rows waiting for the user as
 * the spec's pendingDuplicates list (the first page of them; pendingDuplicateCount says how many).
 */
/**
 * The /api's answer to an import (docs/import.md): the spec's counts, and for a parcel file its own
 * three (matched, unmatched, repaired), which the other types never have.
 */
export function importResponse(view: ImportView, pendingDuplicates: readonly unknown[] = []) {
  const { parcelsMatched, parcelsUnmatched, shapesRepaired, ...counts } = view.counts;
  const parcels = view.importType === "parcels" ? { parcelsMatched, parcelsUnmatched, shapesRepaired } : {};
  return { importId: view.id, ...counts, ...parcels, pendingDuplicateCount: view.counts.pendingDuplicates, pendingDuplicates };
}

export const isFinished = (status: ImportStatus) => status === "completed" || status === "failed" || status === "undone";

/**
 * A spreadsheet cell that starts with = + - @ (or a tab or carriage return), at its start or after a
 * delimiter a locale may split on, is a formula to Excel: neutralised with ' so the skipped value
 * "=HYPERLINK(...)" is shown, never run (docs/export.md#the-workbook).
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string") text = neutraliseCsvFormulas(text);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The skipped rows as CSV (Row, Column, Value, Reason), CRLF line ends as RFC 4180 has them. */
export function skippedRowsToCsv(rows: readonly SkippedRow[]): string {
  const lines = [["Row", "Column", "Value", "Reason"].join(",")];
  for (const row of rows) lines.push([row.rowNumber, row.column, row.value, row.reason].map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
