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
import { documentPdf } from "./pdf.server";
import { documentWord } from "./word.server";
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
 * Each file is made once per process for each document version (a new LoadedDocument after an
 * edit) and site address (its links are absolute): the user guide's PDF takes a second or two.
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
    file = kind === "pdf" ? documentPdf(document, origin) : kind === "word" ? documentWord(document, origin) : documentHtmlFile(document, origin).then((html) => Buffer.from(html, "utf8"));
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
      log.error({ component: "help-centre", kind, docType: document.docType, err: error }, "Documentation download failed");
      throw new AppError(500, kind === "word" ? DOC_MESSAGES.wordFailed : DOC_MESSAGES.downloadFailed);
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
