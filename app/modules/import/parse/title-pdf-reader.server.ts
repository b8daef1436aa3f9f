/**
 * Reads the text of an uploaded PDF as printed lines, page by page (issue 11: land-title search
 * statements). pdfjs-dist's legacy build runs on Node 20 and gives each text run with its position,
 * which the statements' label/value columns need (pdf-lines.ts rebuilds the lines).
 *
 * The file is untrusted: pdfjs runs with no eval, no font loading, no system fonts and no network
 * (the bytes are passed in; fonts and character maps come from the package's own folders), one page
 * is held at a time, and the whole read is bounded by the staging deadline and a page count. A PDF
 * that cannot be read is refused with a message saying why (password, damaged, a scan, too long).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { unreadable } from "./errors";
import { LIMIT_MESSAGES, type Deadline, type ParseLimits } from "./limits";
import { buildLines, type PositionedText } from "./pdf-lines";
import { PDF_MESSAGES } from "./title-pdf-messages";

type Pdfjs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
type PdfDocument = Awaited<ReturnType<Pdfjs["getDocument"]>["promise"]>;

let pdfjs: Promise<Pdfjs> | null = null;

/** Loaded on first use: most servers never read a PDF. The worker code runs in this thread (no worker file to fetch). */
function loadPdfjs(): Promise<Pdfjs> {
  pdfjs ??= (async () => {
    const worker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  })();
  return pdfjs;
}

/** The package's font and character-map folders, as pdfjs wants them (a path ending in a slash). */
function packageFolder(name: string): string {
  const root = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  return `${path.join(root, name)}${path.sep}`;
}

/** A truncated download lacks the trailer pdfjs would otherwise quietly rebuild around, reading half a file. */
function looksComplete(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 4096))).toString("latin1");
  return head.includes("%PDF-") && tail.includes("%%EOF");
}

/** Rejects with the "too slow" refusal when the deadline passes first. */
async function withinDeadline<T>(work: Promise<T>, deadline: Deadline): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unreadable(LIMIT_MESSAGES.tooSlow)), deadline.remainingMs());
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

const isNamed = (error: unknown, ...names: string[]) => error instanceof Error && names.includes(error.name);

async function openPdf(bytes: Uint8Array, deadline: Deadline): Promise<PdfDocument> {
  const { getDocument } = await loadPdfjs();
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    standardFontDataUrl: packageFolder("standard_fonts"),
    cMapUrl: packageFolder("cmaps"),
    cMapPacked: true,
    verbosity: 0,
  });
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
    const content = await page.getTextContent();
    const items: PositionedText[] = [];
    for (const item of content.items) {
      if (!("str" in item)) continue;
      const [a, b, c, d, x, y] = item.transform as number[];
      // The run's size is its glyphs' height; rotated text is measured along its own axis.
      const size = Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0) || item.height;
      items.push({ str: item.str, x: x ?? 0, y: y ?? 0, width: item.width, size });
    }
    return buildLines(items);
  } finally {
    page.cleanup();
  }
}
