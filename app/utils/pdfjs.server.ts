/**
 * pdfjs-dist set up for untrusted uploads, shared by every reader of PDFs (the import's title
 * statements, the start-up form's fields). The legacy build runs on Node 20 and gives each text run
 * with its position, which label/value layouts need.
 *
 * pdfjs runs with no eval, no font loading, no system fonts, no XFA and no network (the bytes are
 * passed in; fonts and character maps come from the package's own folders). The worker code runs in
 * this thread, so a caller bounds its work with a deadline and a page count and destroys the
 * document when done.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { PositionedText } from "./pdf-lines";

export type Pdfjs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
export type PdfLoadingTask = ReturnType<Pdfjs["getDocument"]>;
export type PdfDocument = Awaited<PdfLoadingTask["promise"]>;
export type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

let pdfjs: Promise<Pdfjs> | null = null;

/** Loaded on first use: most servers never read a PDF. The worker code runs in this thread (no worker file to fetch). */
export function loadPdfjs(): Promise<Pdfjs> {
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

/** Whether the first KB holds the PDF header (readers accept it a little after the start, as pdfjs does). */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).toString("latin1").includes("%PDF-");
}

/** A truncated download lacks the trailer pdfjs would otherwise quietly rebuild around, reading half a file. */
export function looksComplete(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 4096))).toString("latin1");
  return hasPdfHeader(bytes) && tail.includes("%%EOF");
}

/** Starts reading the bytes with the untrusted-file options; the caller awaits `promise` and destroys the task or document. */
export async function openPdfTask(bytes: Uint8Array): Promise<PdfLoadingTask> {
  const { getDocument } = await loadPdfjs();
  return getDocument({
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
}

/**
 * The work's result, or the `tooSlow` error once the deadline passes. pdfjs cannot be interrupted:
 * the caller destroys the document, which rejects the abandoned work later; that rejection is
 * handled here, as an unhandled one would end the process.
 */
export async function withinDeadline<T>(work: Promise<T>, deadline: { remainingMs(): number }, tooSlow: () => Error): Promise<T> {
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow()), deadline.remainingMs());
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

export const isNamedError = (error: unknown, ...names: string[]) => error instanceof Error && names.includes(error.name);

/** The page's text runs with their positions (pdf-lines.ts rebuilds the printed lines from them). */
export async function pageTextRuns(page: PdfPage): Promise<PositionedText[]> {
  const content = await page.getTextContent();
  const items: PositionedText[] = [];
  for (const item of content.items) {
    if (!("str" in item)) continue;
    const [a, b, c, d, x, y] = item.transform as number[];
    // The run's size is its glyphs' height; rotated text is measured along its own axis.
    const size = Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0) || item.height;
    items.push({ str: item.str, x: x ?? 0, y: y ?? 0, width: item.width, size });
  }
  return items;
}
