/**
 * How large an uploaded file may be, app-wide: read by the server's body limit before any route
 * runs (body-limit.server.ts), by the features that store files, and by the browser's early check.
 */

/** Documents, templates and imported spreadsheets (docs/records.md): at most 50MB. */
export const MAX_FILE_BYTES = 52_428_800;
export const FILE_TOO_LARGE_MESSAGE = "File size must be less than 50MB";

/** A start-up form's PDF (PDF auto-fill) is held in memory while read, so it has a smaller cap. */
export const STARTUP_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const STARTUP_PDF_TOO_LARGE_MESSAGE = `File size must be less than ${STARTUP_PDF_MAX_BYTES / 1024 / 1024}MB`;
