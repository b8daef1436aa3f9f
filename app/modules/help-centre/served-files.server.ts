/**
 * The PDF or Word file a download sends (docs/operations.md#off-the-request-path): the one `npm run
 * build` wrote (build/help-centre/, listed in its manifest) when it was made from this version of the
 * document for this site address; otherwise one written in a worker thread (the documents worker,
 * build/workers/help-documents.mjs) with a heap cap and a time limit. No request writes a file on the
 * event loop. Without a build there is neither: the download says so (503) and the log says why.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { log } from "~/utils/log.server";
import type { DocType } from "./catalogue";
import { MANIFEST, sourceHash, type FileKind, type PrebuiltEntry } from "./document-files.server";
import type { LoadedDocument } from "./load.server";

const logger = log.child({ component: "help-centre" });
const WORKER_HEAP_MB = 512;
const WORKER_TIME_LIMIT_MS = 120_000;

export const prebuiltDir = () => path.resolve(process.env.DOCS_PREBUILT_DIR ?? path.join(process.cwd(), "build/help-centre"));
export const documentsWorkerPath = () => path.resolve(process.env.DOCS_WORKER_PATH ?? path.join(process.cwd(), "build/workers/help-documents.mjs"));

/** Neither a prebuilt file nor the worker that writes one is there: the app was not built. */
export class DocumentFilesNotBuilt extends Error {
  constructor(readonly docType: DocType) {
    super("The documentation files are not built: run npm run build");
    this.name = "DocumentFilesNotBuilt";
  }
}

/** Files written in a worker so far (tests read it: a prebuilt file must not count). */
export let documentFilesWrittenInWorker = 0;

let manifest: { dir: string; entries: Promise<PrebuiltEntry[]> } | null = null;
function prebuiltEntries(): Promise<PrebuiltEntry[]> {
  const dir = prebuiltDir();
  if (manifest?.dir !== dir) {
    const entries = fs
      .readFile(path.join(dir, MANIFEST), "utf8")
      .then((text) => (JSON.parse(text) as { entries: PrebuiltEntry[] }).entries)
      .catch(() => []);
    manifest = { dir, entries };
  }
  return manifest.entries;
}

async function readPrebuilt(document: LoadedDocument, kind: FileKind, origin: string): Promise<Buffer | null> {
  const source = sourceHash(document);
  const entry = (await prebuiltEntries()).find((e) => e.docType === document.docType && e.kind === kind && e.origin === origin && e.source === source);
  if (!entry) return null;
  try {
    return await fs.readFile(path.join(prebuiltDir(), entry.file));
  } catch {
    return null;
  }
}

async function writeInWorker(docType: DocType, kind: FileKind, origin: string): Promise<Buffer> {
  const script = documentsWorkerPath();
  try {
    await fs.access(script);
  } catch {
    throw new DocumentFilesNotBuilt(docType);
  }
  documentFilesWrittenInWorker++;
  const startedAt = Date.now();
  const worker = new Worker(script, {
    workerData: { docType, kind, origin },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  try {
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("The documents worker took too long")), WORKER_TIME_LIMIT_MS);
      worker.once("message", (message: { bytes: Uint8Array }) => {
        clearTimeout(timer);
        resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      });
      worker.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`The documents worker stopped (exit ${code})`));
      });
    });
    logger.info({ docType, kind, ms: Date.now() - startedAt, bytes: bytes.byteLength }, "Documentation file written in a worker");
    return bytes;
  } finally {
    await worker.terminate();
  }
}

/** The file's bytes: prebuilt when the build made this one, else written in the documents worker. */
export async function documentFile(document: LoadedDocument, kind: FileKind, origin: string): Promise<Buffer> {
  return (await readPrebuilt(document, kind, origin)) ?? writeInWorker(document.docType, kind, origin);
}
