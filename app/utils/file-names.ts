/** File names as the app stores and offers them, whatever the feature (uploads, imports, exports). Client-safe. */

/** Lower-case extension without the dot ("" when none). */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : "";
}

export const MAX_FILE_NAME_LENGTH = 200;

/**
 * The name shown and offered on download: the last path segment only, without control or
 * invisible formatting characters (bidi overrides could disguise an extension); letters of every
 * script are kept. Capped at 200 characters, keeping the extension.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  let name = base
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const chars = [...name];
  if (chars.length > MAX_FILE_NAME_LENGTH) {
    const ext = extensionOf(name);
    const keep = MAX_FILE_NAME_LENGTH - (ext ? ext.length + 1 : 0);
    name = chars.slice(0, keep).join("").trimEnd() + (ext ? `.${ext}` : "");
  }
  return name || "file";
}
