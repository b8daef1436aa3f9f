/**
 * Reads the text of an uploaded PDF as printed lines, page by page (docs/import.md#land-title-pdfs: land-title search
 * statements). pdfjs-dist's legacy build runs on Node 20 and gives each text run with its position,
 * which the statements' label/value columns need (pdf-lines.ts rebuilds the lines).
 *
 * The file is untrusted: pdfjs runs with the options of utils/pdfjs.server.ts, one page is held at a
 * time, and the whole read is bounded by the staging deadline and a page count. A PDF that cannot
 * be read is refused with a message saying why (password, damaged, a scan, too long).
 */
import fs from "node:fs";
import { isNamedError as isNamed, looksComplete, openPdfTask, pageTextRuns, withinDeadline as raceDeadline, type PdfDocument } from "~/utils/pdfjs.server";
import { unreadable } from "./errors";
import { LIMIT_MESSAGES, type Deadline, type ParseLimits } from "./limits";
import { buildLines } from "~/utils/pdf-lines";
import { PDF_MESSAGES } from "./title-pdf-messages";

/** Rejects with the "too slow" refusal when the deadline passes first. */
const withinDeadline = <T>(work: Promise<T>, deadline: Deadline) => raceDeadline(work, deadline, () => unreadable(LIMIT_MESSAGES.tooSlow));

async function openPdf(bytes: Uint8Array, deadline: Deadline): Promise<PdfDocument> {
  const task = await openPdfTask(bytes);
  try {
    return await withinDeadline(task.promise, deadline);
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if (isNamed(error, "PasswordException")) throw unreadable(PDF_MESSAGES.encrypted);
    if (isNamed(error, "ImportFileError")) throw error;
    throw unreadable(PDF_MESSAGES.damaged);
  }
}

/** The lines of every page, in order. Refuses encrypted, damaged, image-only and over-long PDFs. */
export async function readPdfLines(filePath: string, limits: Pick<ParseLimits, "maxPdfPages">, deadline: Deadline): Promise<string[][]> {
  const bytes = new Uint8Array(await fs.promises.readFile(filePath));
  if (!looksComplete(bytes)) throw unreadable(PDF_MESSAGES.damaged);
  const document = await openPdf(bytes, deadline);
  try {
    if (document.numPages > limits.maxPdfPages) throw unreadable(PDF_MESSAGES.tooManyPages(limits.maxPdfPages));
    const pages: string[][] = [];
    let characters = 0;
    for (let number = 1; number <= document.numPages; number++) {
      if (deadline.expired()) throw unreadable(LIMIT_MESSAGES.tooSlow);
      const lines = await withinDeadline(pageLines(document, number), deadline).catch((error: unknown) => {
        if (isNamed(error, "ImportFileError")) throw error;
        throw unreadable(PDF_MESSAGES.damaged);
      });
      characters += lines.reduce((n, line) => n + line.replace(/\s/g, "").length, 0);
      pages.push(lines);
    }
    if (characters === 0) throw unreadable(PDF_MESSAGES.noText);
    return pages;
  } finally {
    await document.destroy().catch(() => undefined);
  }
}

async function pageLines(document: PdfDocument, number: number): Promise<string[]> {
  const page = await document.getPage(number);
  try {
    return buildLines(await pageTextRuns(page));
  } finally {
    page.cleanup();
  }
}
