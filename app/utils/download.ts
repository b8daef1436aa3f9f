/**
 * Downloads: the `Content-Disposition` a server response sends, the name a script reads back from
 * it (the export with JavaScript on), and the browser's own download of a blob. Client-safe.
 */
import { sanitizeFileName } from "./file-names";

/** RFC 5987 value: UTF-8, percent-encoded except attr-chars. */
function encodeRfc5987(value: string) {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `Content-Disposition` per RFC 6266: an ASCII-only `filename` fallback for old clients and a
 * UTF-8 `filename*` so names in any script survive the download.
 */
export function contentDisposition(disposition: "attachment" | "inline", fileName: string): string {
  const name = sanitizeFileName(fileName);
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** The file name of an attachment: `filename*` (RFC 5987, UTF-8) first, else `filename`. */
export function attachmentFileName(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  return name ? name.replace(/\\(.)/g, "$1").trim() : null;
}

/** Hands a blob to the browser's downloads under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
