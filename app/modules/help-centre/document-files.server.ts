/**
 * The PDF and Word files of the documents, written from their Markdown: by `npm run build` for every
 * document (prebuildDocumentFiles, into build/help-centre/ with a manifest), and by the documents
 * worker for a file the build did not make (another site address, a document edited since). Never on
 * the server's event loop: the user guide's PDF takes one to three seconds of CPU
 * (docs/operations.md#off-the-request-path).
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { DOCUMENTS, type DocType } from "./catalogue";
import { loadDocument, type LoadedDocument } from "./load.server";
import { documentPdf } from "./pdf.server";
import { documentWord } from "./word.server";

export type FileKind = "pdf" | "word";

export interface PrebuiltEntry {
  docType: DocType;
  kind: FileKind;
  /** Site links in the file are absolute, made with this origin. */
  origin: string;
  /** sourceHash of the document the file was written from. */
  source: string;
  file: string;
  bytes: number;
}

export const MANIFEST = "manifest.json";

/** A document version: its title, date and Markdown (what the writers read). */
export function sourceHash(document: Pick<LoadedDocument, "title" | "lastUpdated" | "markdown">): string {
  return createHash("sha256").update(`${document.title}\n${document.lastUpdated}\n${document.markdown}`).digest("hex");
}

export const prebuiltFileName = (docType: DocType, kind: FileKind, origin: string) =>
  `${docType}-${createHash("sha256").update(origin).digest("hex").slice(0, 12)}.${kind === "word" ? "docx" : "pdf"}`;

export async function writeDocumentFile(docType: DocType, kind: FileKind, origin: string): Promise<{ bytes: Buffer; source: string }> {
  const document = await loadDocument(docType);
  const bytes = kind === "pdf" ? await documentPdf(document, origin) : await documentWord(document, origin);
  return { bytes, source: sourceHash(document) };
}

/** Every document's PDF, and Word file where it has one, for each origin; returns the manifest's entries. */
export async function prebuildDocumentFiles(outDir: string, origins: readonly string[]): Promise<PrebuiltEntry[]> {
  await fs.rm(outDir, { recursive: true, force: true });
  await fs.mkdir(outDir, { recursive: true });
  const entries: PrebuiltEntry[] = [];
  for (const origin of origins) {
    for (const entry of DOCUMENTS) {
      for (const kind of entry.hasWord ? (["pdf", "word"] as const) : (["pdf"] as const)) {
        const { bytes, source } = await writeDocumentFile(entry.docType, kind, origin);
        const file = prebuiltFileName(entry.docType, kind, origin);
        await fs.writeFile(path.join(outDir, file), bytes);
        entries.push({ docType: entry.docType, kind, origin, source, file, bytes: bytes.byteLength });
      }
    }
  }
  await fs.writeFile(path.join(outDir, MANIFEST), JSON.stringify({ entries }, null, 2));
  return entries;
}
