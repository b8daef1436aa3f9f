/**
 * The worker thread that reads untrusted PDFs with pdfjs-dist (pdf-worker.server.ts starts it, with a
 * heap cap, and ends it when a read takes too long): each task is one file's bytes; the answer is its
 * page count and, page by page (one message each), the positioned text runs and (when asked) the form fields. Nothing
 * here knows what the text means: the readers on the server's side do that.
 *
 * A plain .mjs file, so the same file runs under vitest (beside pdf-worker.server.ts) and from the
 * built server (`npm run build` copies it to build/workers/, beside build/index.js). See
 * docs/operations.md#off-the-request-path.
 */
import { parentPort } from "node:worker_threads";

let pdfjs = null;
async function loadPdfjs() {
  if (!pdfjs) {
    // pdfjs looks for its worker code on globalThis: it then runs in this thread, with no worker file to fetch.
    globalThis.pdfjsWorker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  }
  return pdfjs;
}

const WIDGET_KEYS = ["fieldName", "fieldType", "pushButton", "rect", "checkBox", "radioButton", "fieldValue", "exportValue", "buttonValue", "options", "alternativeText"];

async function pageTextRuns(page, max) {
  const content = await page.getTextContent();
  const runs = [];
  for (const item of content.items) {
    if (runs.length >= max) break;
    if (!("str" in item)) continue;
    const [a, b, c, d, x, y] = item.transform;
    // The run's size is its glyphs' height; rotated text is measured along its own axis.
    const size = Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0) || item.height;
    runs.push({ str: item.str, x: x ?? 0, y: y ?? 0, width: item.width, size });
  }
  return runs;
}

/** Form fields as the start-up reader takes them: named, not signatures or buttons, at most `max`. */
async function pageWidgets(page, max) {
  const widgets = [];
  for (const a of await page.getAnnotations()) {
    if (widgets.length >= max) break;
    if (typeof a.fieldName !== "string" || !a.fieldName || a.fieldType === "Sig" || a.pushButton) continue;
    const widget = {};
    for (const key of WIDGET_KEYS) if (a[key] !== undefined) widget[key] = structuredClone(a[key]);
    widgets.push(widget);
  }
  return widgets;
}

const failure = (id, reason, extra = {}) => ({ id, ok: false, reason, ...extra });

async function read({ id, bytes, documentOptions, maxPages, refuseOverPages, maxWidgetsPerPage, maxTextRunsPerPage }) {
  const { getDocument } = await loadPdfjs();
  const task = getDocument({ ...documentOptions, data: bytes });
  let document;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    return failure(id, error?.name === "PasswordException" ? "encrypted" : "damaged");
  }
  try {
    if (refuseOverPages && document.numPages > maxPages) return failure(id, "tooManyPages", { numPages: document.numPages });
    for (let number = 1; number <= Math.min(document.numPages, maxPages); number++) {
      const page = await document.getPage(number);
      try {
        const widgets = maxWidgetsPerPage > 0 ? await pageWidgets(page, maxWidgetsPerPage) : [];
        // Page by page: the server takes each in a message of its own, so no one message stalls it.
        parentPort.postMessage({ id, page: { runs: await pageTextRuns(page, maxTextRunsPerPage), widgets } });
      } finally {
        page.cleanup();
      }
    }
    return { id, ok: true, numPages: document.numPages };
  } catch {
    return failure(id, "damaged");
  } finally {
    await document.destroy().catch(() => undefined);
  }
}

parentPort.on("message", (task) => {
  read(task).then(
    (answer) => parentPort.postMessage(answer),
    () => parentPort.postMessage(failure(task.id, "damaged")),
  );
});
