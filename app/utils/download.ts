/**
 * Saving a file that a script fetched (the export with JavaScript on): the name the server gave it
 * in `Content-Disposition`, and the browser's own download of a blob. Client-safe.
 */

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
