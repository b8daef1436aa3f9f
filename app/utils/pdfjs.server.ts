/**
 * pdfjs-dist set up for untrusted uploads, shared by every reader of PDFs (the import's title
 * statements, the start-up form's fields). The legacy build runs on Node 20 and gives each text run
 * with its position, which label/value layouts need.
 *
 * pdfjs runs with no eval, no font loading, no system fonts, no XFA and no network (the bytes are
 * passed in; fonts and character maps come from the package's own folders). Uploads are read in a
 * worker thread with these options (pdf-worker.server.ts); `loadPdfjs` is for trusted files (tests).
 */
import { createRequire } from "node:module";
import path from "node:path";

export type Pdfjs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

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

/** pdfjs's getDocument options for an untrusted file (plain data: the PDF worker passes them on). */
export function untrustedDocumentOptions() {
  return {
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    standardFontDataUrl: packageFolder("standard_fonts"),
    cMapUrl: packageFolder("cmaps"),
    cMapPacked: true,
    verbosity: 0,
  };
}
