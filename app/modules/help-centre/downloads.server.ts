/**
 * The /api/documentation routes' work: who may have which document, in which format. A failure is the
 * spec's message (docs/help-centre.md#messages) with its status for a script (the page's download buttons with JavaScript read
 * it); for a browser that followed a plain link (JavaScript off) it becomes a flash on the centre, so
 * the person sees the message instead of a JSON body.
 */
import { requireUser } from "~/modules/access/current-user.server";
import { contentDisposition } from "~/utils/download";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { requestOrigin, safeRedirectPath } from "~/utils/http.server";
import { DOC_MESSAGES, documentEntry, downloadFileName, type DownloadKind } from "./catalogue";
import { requireDocument, type LoadedDocument } from "./content.server";
import { documentHtmlFile } from "./html-download.server";
import { DocumentFilesNotBuilt, documentFile } from "./served-files.server";
import { log } from "~/utils/log.server";

const MIME: Record<DownloadKind, string> = {
  html: "text/html; charset=utf-8",
  pdf: "application/pdf",
  word: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** GET /api/documentation/content/{docType}: `{ html, lastModified }` (docs/help-centre.md#downloads). */
export async function documentationContentJson(request: Request, docType: unknown) {
  const user = await requireUser(request);
  const document = await requireDocument(user, docType);
  return { title: document.title, html: document.html, lastModified: document.lastUpdated };
}

/**
 * Each file is read (or, when the build did not make it, written in a worker: served-files.server.ts)
 * once per process for each document version (a new LoadedDocument after an edit) and site address
 * (its links are absolute), and kept.
 */
const MAX_ORIGINS_KEPT = 3;
const made = new WeakMap<LoadedDocument, Map<string, Promise<Buffer>>>();
function makeFile(document: LoadedDocument, kind: DownloadKind, origin: string): Promise<Buffer> {
  let files = made.get(document);
  if (!files) made.set(document, (files = new Map()));
  const key = `${kind} ${origin}`;
  let file = files.get(key);
  if (!file) {
    // The origin comes from the request's Host: a few are kept, so made-up hosts cannot fill the memory.
    if (files.size >= MAX_ORIGINS_KEPT * 3) files.delete(files.keys().next().value!);
    file = kind === "html" ? documentHtmlFile(document, origin).then((html) => Buffer.from(html, "utf8")) : documentFile(document, kind, origin);
    // A failure is not kept: the next request tries again.
    file.catch(() => files.delete(key));
    files.set(key, file);
  }
  return file;
}

const isNavigation = (request: Request) =>
  request.headers.get("sec-fetch-mode") === "navigate" || (!request.headers.get("sec-fetch-mode") && (request.headers.get("accept") ?? "").includes("text/html"));

function backToCentre(request: Request): string {
  const referer = request.headers.get("referer");
  if (referer?.startsWith(`${requestOrigin(request)}/documentation`)) return safeRedirectPath(referer.slice(requestOrigin(request).length), "/documentation?tab=downloads");
  return "/documentation?tab=downloads";
}

export async function documentationDownload(request: Request, docType: unknown, kind: DownloadKind): Promise<Response> {
  const user = await requireUser(request);
  try {
    const document = await requireDocument(user, docType);
    if (kind === "word" && !documentEntry(document.docType).hasWord) throw new AppError(404, "This document has no Word version");
    const origin = requestOrigin(request);
    let body: Buffer;
    try {
      body = await makeFile(document, kind, origin);
    } catch (error) {
      const message = kind === "word" ? DOC_MESSAGES.wordFailed : DOC_MESSAGES.downloadFailed;
      if (error instanceof DocumentFilesNotBuilt) {
        log.child({ component: "help-centre" }).error({ docType: document.docType, kind }, error.message);
        throw new AppError(503, message, "DOCUMENT_FILES_NOT_BUILT");
      }
      log.child({ component: "help-centre" }).error({ err: error, docType: document.docType, kind }, "Documentation download failed");
      throw new AppError(500, message);
    }
    return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
      status: 200,
      headers: {
        "Content-Type": MIME[kind],
        "Content-Length": String(body.byteLength),
        "Content-Disposition": contentDisposition("attachment", downloadFileName(document.docType, kind)),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof AppError) || !isNavigation(request)) throw error;
    const title = error.status === 403 ? DOC_MESSAGES.accessDenied : kind === "word" ? DOC_MESSAGES.wordFailed : DOC_MESSAGES.downloadFailed;
    return redirectWithFlash(request, backToCentre(request), { kind: "error", title, description: error.status === 403 || error.message === title ? undefined : error.message });
  }
}
