/**
 * The limits every import file is read under (docs/import.md#files-and-limits), each with the message the user sees. A file
 * past any of them is refused whole and nothing of it is staged.
 */
import { FILE_TOO_LARGE_MESSAGE, MAX_FILE_BYTES } from "~/utils/upload-limits";

export interface ParseLimits {
  /** Bytes of the uploaded file (50MB, docs/errors.md#limits). */
  maxFileBytes: number;
  /** Data rows of the whole file (every sheet), the header rows not counted. */
  maxRows: number;
  /** Columns of one sheet. */
  maxColumns: number;
  /** Characters of one cell. */
  maxCellChars: number;
  /** An xlsx: the uncompressed size its zip directory declares for all parts together, and what may really be inflated. */
  maxInflatedBytes: number;
  /** An xlsx: a part larger than `ratioFloorBytes` may not inflate to more than this many times its compressed size. */
  maxCompressionRatio: number;
  ratioFloorBytes: number;
  /** Reading and staging the whole file. */
  timeLimitMs: number;
  /** A legacy .xls is read by SheetJS in a worker: its heap, and how long the read may take. */
  xlsWorkerHeapMb: number;
  xlsReadTimeLimitMs: number;
  /** A PDF of title search statements (docs/import.md#land-title-pdfs): pages read, one at a time. */
  maxPdfPages: number;
  /** The PDF worker's heap (docs/operations.md#off-the-request-path); PDF_WORKER_HEAP_MB when not set. */
  pdfWorkerHeapMb?: number;
}

export const DEFAULT_PARSE_LIMITS: Readonly<ParseLimits> = Object.freeze({
  maxFileBytes: MAX_FILE_BYTES,
  maxRows: 250_000,
  maxColumns: 200,
  maxCellChars: 32_767, // Excel's own limit for one cell
  maxInflatedBytes: 256 * 1024 * 1024,
  maxCompressionRatio: 150,
  ratioFloorBytes: 1024 * 1024,
  timeLimitMs: 120_000,
  xlsWorkerHeapMb: 256,
  xlsReadTimeLimitMs: 20_000,
  maxPdfPages: 500,
});

const formatCount = (n: number) => n.toLocaleString("en-AU");

export const LIMIT_MESSAGES = {
  fileTooLarge: FILE_TOO_LARGE_MESSAGE,
  tooManyRows: (max: number) => `The file has more than ${formatCount(max)} data rows. Split it into smaller files and import each one.`,
  tooManyColumns: (max: number) => `The file has more than ${formatCount(max)} columns. Remove the columns you do not need and try again.`,
  cellTooLong: (max: number, rowNumber: number) => `Row ${formatCount(rowNumber)} has a cell longer than ${formatCount(max)} characters.`,
  inflatesTooFar: "The workbook expands to far more data than its file size suggests, so it was not opened. Save it again from Excel and retry.",
  tooSlow: "The file took too long to read. Split it into smaller files, or save it as CSV, and try again.",
  tooMuchMemory: "The file needs too much memory to read. Save it as .xlsx or CSV and try again.",
} as const;

/** Stops reading once the time limit has passed; `check` is called between rows and batches. */
export function createDeadline(limitMs: number, now: () => number = Date.now) {
  const end = now() + limitMs;
  return {
    expired: () => now() > end,
    remainingMs: () => Math.max(0, end - now()),
  };
}

export type Deadline = ReturnType<typeof createDeadline>;

/** Whether a zip part's declared sizes are acceptable (before anything is inflated). */
export function zipEntryTooExpansive(compressedBytes: number, uncompressedBytes: number, limits: Pick<ParseLimits, "maxCompressionRatio" | "ratioFloorBytes">): boolean {
  if (uncompressedBytes <= limits.ratioFloorBytes) return false;
  return uncompressedBytes > Math.max(1, compressedBytes) * limits.maxCompressionRatio;
}
