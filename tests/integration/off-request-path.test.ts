import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFParse } from "pdf-parse";
import { getOrm, withRequestContext } from "../../db/orm";
import { loader as pdfLoader } from "../../app/routes/api.documentation.download-pdf.$docType";
import { loadDocument } from "../../app/modules/help-centre/load.server";
import { MANIFEST, prebuiltFileName, sourceHash } from "../../app/modules/help-centre/document-files.server";
import * as servedFiles from "../../app/modules/help-centre/served-files.server";
import { DOC_MESSAGES } from "../../app/modules/help-centre/catalogue";
import { parseUpload } from "../../app/modules/import/staging.server";
import { PDF_MESSAGES } from "../../app/modules/import/parse/title-pdf-messages";
import { LIMIT_MESSAGES } from "../../app/modules/import/parse/limits";
import * as pdfWorker from "../../app/utils/pdf-worker.server";
import * as pdfWriter from "../../app/modules/help-centre/pdf.server";
import { accessFor } from "../factories/access";
import { longTitlePdf } from "../../bench/title-pdf.mjs";
import { call, multipartRequest, storedFiles, useUploadTestEnvironment } from "./support/uploads";

// The in-process writers must never run for a request: a call fails the test. A spy, restored after
// this file, rather than vi.mock: integration files share their worker's modules (vitest.config.ts).
const builders = { pdf: vi.spyOn(pdfWriter, "documentPdf").mockImplementation(() => Promise.reject(new Error("documentPdf ran on the request path"))) };

/**
 * Heavy work off the request path (docs/operations.md#off-the-request-path): a help-centre PDF is
 * served from the file the build wrote, or written in the documents worker, never by the request's
 * own thread; a long title PDF is read in the PDF worker while the event loop keeps turning, and one
 * past the worker's heap or time cap is refused with its message and nothing saved.
 */
const env = useUploadTestEnvironment("off-request-path");
// Origins of this file's own: downloads are kept per process, document and site address, and other files in
// the same worker may have downloaded the same documents for http://localhost:3000.
const BASE = "http://off-request-path.example.test";
const WESTERN = "Western Pipeline Stage 2";
let prebuilt: string;

beforeAll(async () => {
  prebuilt = fs.mkdtempSync(path.join(os.tmpdir(), "lr-prebuilt-"));
  process.env.DOCS_PREBUILT_DIR = prebuilt;
});
afterAll(() => {
  builders.pdf.mockRestore();
  delete process.env.DOCS_PREBUILT_DIR;
  delete process.env.DOCS_WORKER_PATH;
  fs.rmSync(prebuilt, { recursive: true, force: true });
});

const downloadPdf = (docType: string, origin = BASE) =>
  call(
    async () =>
      pdfLoader({ request: new Request(`${origin}/api/documentation/download-pdf/${docType}`, { headers: { Cookie: env.cookies.viewer! } }), params: { docType }, context: {} }) as Promise<Response>,
  );

describe("help-centre PDFs", () => {
  it("are served from the prebuilt file, byte for byte, without writing one", async () => {
    const document = await loadDocument("quick-reference");
    // Bytes no writer would make: only the file can be their source.
    const bytes = Buffer.from("%PDF-1.3\n% the file npm run build wrote\n%%EOF\n");
    const file = prebuiltFileName("quick-reference", "pdf", BASE);
    fs.writeFileSync(path.join(prebuilt, file), bytes);
    fs.writeFileSync(path.join(prebuilt, MANIFEST), JSON.stringify({ entries: [{ docType: "quick-reference", kind: "pdf", origin: BASE, source: sourceHash(document), file, bytes: bytes.length }] }));
    const writtenBefore = servedFiles.documentFilesWrittenInWorker;

    const response = await downloadPdf("quick-reference");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(servedFiles.documentFilesWrittenInWorker).toBe(writtenBefore);
    expect(builders.pdf).not.toHaveBeenCalled();
  });

  it("are written in the documents worker when the build made none for this site address, never on the request's thread", async () => {
    const writtenBefore = servedFiles.documentFilesWrittenInWorker;
    const response = await downloadPdf("product-overview", "http://worker.off-request-path.example.test:8080");
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain("Product Overview");
    expect(servedFiles.documentFilesWrittenInWorker).toBe(writtenBefore + 1);
    expect(builders.pdf).not.toHaveBeenCalled();
  });

  it("say plainly that the files are not built when neither the file nor the worker is there (503, not a crash)", async () => {
    process.env.DOCS_WORKER_PATH = path.join(prebuilt, "no-such-worker.mjs");
    try {
      const response = await downloadPdf("user-guide", "http://unbuilt.off-request-path.example.test");
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ message: DOC_MESSAGES.downloadFailed, code: "DOCUMENT_FILES_NOT_BUILT" });
    } finally {
      delete process.env.DOCS_WORKER_PATH;
    }
    expect(builders.pdf).not.toHaveBeenCalled();
  });
});

describe("a 200-page title PDF in the import", () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await longTitlePdf(200);
  }, 60_000);

  const access = () => withRequestContext(() => accessFor("seed-officer", WESTERN, "viewData"));
  const sql = <T = Record<string, unknown>>(query: string) => getOrm().em.getConnection().execute(query) as Promise<T[]>;
  async function upload(limits = {}) {
    const a = await access();
    const request = multipartRequest(`${BASE}/import?projectId=${env.westernId}`, env.cookies.officer!, [["importType", "properties"]], { filename: "titles.pdf", body: pdf, type: "application/pdf" });
    return withRequestContext(() => parseUpload(a, request, { limits }));
  }
  async function counts() {
    const [row] = await sql<Record<string, string>>(
      `select (select count(*) from import_workbook) as workbooks, (select count(*) from import_staged_row) as rows, (select count(*) from document) as documents, (select count(*) from property) as properties`,
    );
    return { ...row, objects: storedFiles(env.dataDir).length };
  }

  /** The longest gap between turns of this process's event loop while `work` runs (a 5 ms ticker). */
  async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
    let last = performance.now();
    let stallMs = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      stallMs = Math.max(stallMs, now - last);
      last = now;
    }, 5);
    try {
      return { result: await work(), stallMs };
    } finally {
      clearInterval(ticker);
    }
  }

  it("is read in the PDF worker while the event loop keeps turning", async () => {
    const { result, stallMs } = await longestStall(() => upload());
    expect(result.result).toMatchObject({ fileType: "pdf", totalRows: 200 });
    // pdfjs on this thread held it for 1.2–2.0 s; what stays here (lines, statements) runs in slices.
    expect(stallMs).toBeLessThan(250);
  }, 60_000);

  it("is refused with a message when it needs more than the worker's heap, and nothing is saved", async () => {
    const before = await counts();
    const { result: error, stallMs } = await longestStall(() =>
      upload({ pdfWorkerHeapMb: 16 }).then(
        () => null,
        (e: Error) => e,
      ),
    );
    expect(error?.message).toBe(PDF_MESSAGES.tooMuchMemory);
    expect(await counts()).toEqual(before);
    expect(stallMs).toBeLessThan(250);
  }, 60_000);

  it("is refused when it takes longer than the time limit: the worker is stopped and nothing is saved", async () => {
    const before = await counts();
    const started = performance.now();
    const error = await upload({ timeLimitMs: 300 }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toBe(LIMIT_MESSAGES.tooSlow);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await counts()).toEqual(before);
    // The stopped worker is gone: the next upload starts a fresh one and is read in full.
    const workersBefore = pdfWorker.pdfWorkersStarted;
    expect((await upload()).result).toMatchObject({ totalRows: 200 });
    expect(pdfWorker.pdfWorkersStarted).toBe(workersBefore + 1);
  }, 60_000);
});
