/**
 * The limits a start-up PDF is read under (docs/lifecycle.md#pdf-auto-fill). Pure, so the server's body limit
 * (utils/body-limit.server.ts) and the reader share them without loading the reader.
 */
export interface StartupPdfLimits {
  /** A start-up form is a page or three; the file is held in memory while pdfjs reads it. */
  maxBytes: number;
  /** Pages read; any after them are ignored (a start-up form is at the front). */
  maxPages: number;
  timeLimitMs: number;
  /** Form fields and text runs taken from one page (a page of a real form has tens to hundreds). */
  maxWidgetsPerPage: number;
  maxTextRunsPerPage: number;
}

export const STARTUP_PDF_LIMITS: Readonly<StartupPdfLimits> = Object.freeze({
  maxBytes: 10 * 1024 * 1024,
  maxPages: 20,
  timeLimitMs: 15_000,
  maxWidgetsPerPage: 2_000,
  maxTextRunsPerPage: 50_000,
});

export const STARTUP_PDF_TOO_LARGE_MESSAGE = `File size must be less than ${STARTUP_PDF_LIMITS.maxBytes / 1024 / 1024}MB`;
