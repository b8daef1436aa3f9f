/**
 * The entry of build/workers/help-documents.mjs (bundled by scripts/build-extras.mjs): run by
 * `npm run build` as a script it writes every document's files (`node build/workers/help-documents.mjs
 * OUT_DIR ORIGIN…`); started as a worker thread by served-files.server.ts it writes the one file asked
 * for and sends its bytes back (docs/operations.md#off-the-request-path).
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import type { DocType } from "./catalogue";
import { prebuildDocumentFiles, writeDocumentFile, type FileKind } from "./document-files.server";

if (isMainThread) {
  const [outDir, ...origins] = process.argv.slice(2);
  if (!outDir || origins.length === 0) throw new Error("usage: help-documents.mjs OUT_DIR ORIGIN…");
  const startedAt = Date.now();
  const entries = await prebuildDocumentFiles(outDir, origins);
  const bytes = entries.reduce((n, entry) => n + entry.bytes, 0);
  process.stdout.write(`help-centre: ${entries.length} files (${(bytes / 1024).toFixed(0)} KB) for ${origins.join(", ")} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s -> ${outDir}\n`);
} else {
  const { docType, kind, origin } = workerData as { docType: DocType; kind: FileKind; origin: string };
  const { bytes, source } = await writeDocumentFile(docType, kind, origin);
  const copy = new Uint8Array(bytes);
  parentPort!.postMessage({ bytes: copy, source }, [copy.buffer]);
}
