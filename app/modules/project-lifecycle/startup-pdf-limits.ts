/**
 * The limits a start-up PDF is read under (PDF auto-fill, docs/lifecycle.md). Pure, so the upload and the
 * reader share them without loading the reader; the byte cap is app-wide (utils/upload-limits.ts).
 */
import { STARTUP_PDF_MAX_BYTES } from "~/utils/upload-limits";

export interface StartupPdfLimits {
  /** A start-up form is a page or three; the file is held in memory while pdfjs reads it. */
  maxBytes: number;
  /** Pages read; any after them are ignored (a start-up form is at the front). */
  maxPages: number;
  timeLimitMs: number;
  /** Form fields and text runs taken from one page (a page of a real form has tens to hundreds). */
  maxWidgetsPerPage: number;
  maxTextRunsPerPage: number;
  /** The PDF worker's heap (docs/operations.md#off-the-request-path); PDF_WORKER_HEAP_MB when not set. */
  workerHeapMb?: number;
}

export const STARTUP_PDF_LIMITS: Readonly<StartupPdfLimits> = Object.freeze({
  maxBytes: STARTUP_PDF_MAX_BYTES,
  maxPages: 20,
  timeLimitMs: 15_000,
  maxWidgetsPerPage: 2_000,
  maxTextRunsPerPage: 50_000,
});
