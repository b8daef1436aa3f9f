/**
 * Reads the text of an uploaded PDF as printed lines, page by page (docs/import.md#land-title-pdfs: land-title search
 * statements). pdfjs-dist's legacy build runs on Node 20 and gives each text run with its position,
 * which the statements' label/value columns need (pdf-lines.ts rebuilds the lines).
 *
 * The file is untrusted: pdfjs reads it in a worker thread (utils/pdf-worker.server.ts, see
 * docs/operations.md#off-the-request-path) with utils/pdfjs.server.ts's options, under a heap cap,
 * the staging deadline and a page count. A PDF that cannot be read is refused with a message saying
 * why (password, damaged, a scan, too long, too slow, too big to read).
 */
import fs from "node:fs";
import { looksComplete, untrustedDocumentOptions } from "~/utils/pdfjs.server";
import { PdfReadError, readPdfPages, type PdfReadFailure } from "~/utils/pdf-worker.server";
import { unreadable } from "./errors";
import { LIMIT_MESSAGES, type Deadline, type ParseLimits } from "./limits";
import { buildLines } from "~/utils/pdf-lines";
import { yieldToEventLoop } from "~/utils/yield.server";
import { PDF_MESSAGES } from "./title-pdf-messages";

const REFUSALS: Record<PdfReadFailure, (limits: Pick<ParseLimits, "maxPdfPages">) => string> = {
  encrypted: () => PDF_MESSAGES.encrypted,
  damaged: () => PDF_MESSAGES.damaged,
  tooManyPages: (limits) => PDF_MESSAGES.tooManyPages(limits.maxPdfPages),
  tooSlow: () => LIMIT_MESSAGES.tooSlow,
  tooMuchMemory: () => PDF_MESSAGES.tooMuchMemory,
};

/** The lines of every page, in order. Refuses encrypted, damaged, image-only, over-long, too slow and too big PDFs. */
export async function readPdfLines(filePath: string, limits: Pick<ParseLimits, "maxPdfPages" | "pdfWorkerHeapMb">, deadline: Deadline): Promise<string[][]> {
  const bytes = new Uint8Array(await fs.promises.readFile(filePath));
  if (!looksComplete(bytes)) throw unreadable(PDF_MESSAGES.damaged);
  let pages;
  try {
    ({ pages } = await readPdfPages({ bytes, maxPages: limits.maxPdfPages, refuseOverPages: true, deadline, heapMb: limits.pdfWorkerHeapMb, documentOptions: untrustedDocumentOptions() }));
  } catch (error) {
    if (error instanceof PdfReadError) throw unreadable(REFUSALS[error.reason](limits));
    throw error;
  }
  const lines: string[][] = [];
  for (const page of pages) {
    lines.push(buildLines(page.runs));
    // A turn of the event loop after each page: rebuilding 200 pages' lines at once held it ~50 ms.
    await yieldToEventLoop();
  }
  const characters = lines.reduce((n, page) => page.reduce((m, line) => m + line.replace(/\s/g, "").length, n), 0);
  if (characters === 0) throw unreadable(PDF_MESSAGES.noText);
  return lines;
}
