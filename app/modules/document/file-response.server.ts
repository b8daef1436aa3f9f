import { toWebStream } from "~/utils/web-stream.server";
import { noteStreamedBytes } from "~/utils/streamed-garbage.server";
import { getObjectStore, ObjectNotFoundError, StorageUnavailableError } from "~/modules/storage/index.server";
import { AppError } from "~/utils/app-error";
import { contentDisposition } from "~/utils/download";
import { isPreviewableInline } from "./file-types";

/**
 * The routes that stream a stored file for inline viewing and set their own policy below, so the
 * app-wide CSP is left off them (server.ts). Exact: numeric ids only.
 */
const FILE_PREVIEW_PATH = /^\/api\/documents\/\d+\/preview$/;
export const isFilePreviewPath = (path: string) => FILE_PREVIEW_PATH.test(path);

/**
 * Streams a stored file to the browser. Downloads are attachments under the original name;
 * previews are inline only for PDF and raster images. Both carry nosniff and a sandboxing CSP, so
 * even a hostile file opened directly can never run script in the app's origin.
 */
export async function fileResponse(
  record: { storageKey: string; mimeType: string; originalFileName: string },
  mode: "download" | "preview",
  failure = "Failed to download the document",
): Promise<Response> {
  let object;
  try {
    object = await getObjectStore().get(record.storageKey);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw new AppError(404, `${failure}: the stored file is missing`);
    if (error instanceof StorageUnavailableError) throw new AppError(503, `${failure}: the file store could not be reached`);
    throw error;
  }
  const inline = mode === "preview" && isPreviewableInline(record.mimeType);
  // Text is stored with its charset when it is not UTF-8 (see textMimeType).
  const type = record.mimeType.startsWith("text/") && !record.mimeType.includes("charset=") ? `${record.mimeType}; charset=utf-8` : record.mimeType;
  const headers: Record<string, string> = {
    "Content-Type": inline ? record.mimeType : type,
    "Content-Length": String(object.size),
    "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", record.originalFileName),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  // Chrome's PDF viewer is a plugin: `sandbox` or an object-src/default-src of 'none' stops it. An
  // inline PDF (leading bytes checked at upload, served as application/pdf with nosniff, so never
  // parsed as HTML) therefore gets no policy; every other response is sandboxed. server.ts leaves
  // the app-wide policy off these preview routes for the same reason.
  if (!(inline && record.mimeType === "application/pdf")) headers["Content-Security-Policy"] = "sandbox; default-src 'none'";
  // Counting the chunks lets their buffers be collected as they go (see streamed-garbage.server.ts);
  // the listener rides along with toWebStream's own, which keeps the backpressure.
  object.stream.on("data", (chunk: Buffer) => noteStreamedBytes(chunk.byteLength));
  return new Response(toWebStream(object.stream), { status: 200, headers });
}
