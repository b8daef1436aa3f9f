/**
 * Pure rules for uploaded files: accepted types checked by extension AND leading bytes, UTF-8 text
 * validation, tags and byte formatting. File names and Content-Disposition: utils/file-names.ts and
 * utils/download.ts.
 */

export const NO_FILE_MESSAGE = "No file selected: Please select a file to upload";
export const EMPTY_FILE_MESSAGE = "The selected file is empty (0 bytes)";

type Kind = "pdf" | "ole" | "zip" | "jpeg" | "png" | "gif" | "webp" | "text";

const TYPES: Record<string, { mime: string; kind: Kind }> = {
  pdf: { mime: "application/pdf", kind: "pdf" },
  doc: { mime: "application/msword", kind: "ole" },
  xls: { mime: "application/vnd.ms-excel", kind: "ole" },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", kind: "zip" },
  xlsx: { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", kind: "zip" },
  txt: { mime: "text/plain", kind: "text" },
  csv: { mime: "text/csv", kind: "text" },
  jpg: { mime: "image/jpeg", kind: "jpeg" },
  jpeg: { mime: "image/jpeg", kind: "jpeg" },
  png: { mime: "image/png", kind: "png" },
  gif: { mime: "image/gif", kind: "gif" },
  webp: { mime: "image/webp", kind: "webp" },
};

/** docs/records.md#documents. */
export const DOCUMENT_EXTENSIONS = ["pdf", "doc", "docx", "xls", "xlsx", "txt", "csv", "jpg", "jpeg", "png", "gif", "webp"] as const;
/** docs/records.md#templates. */
export const TEMPLATE_EXTENSIONS = ["pdf", "doc", "docx", "txt", "xlsx", "xls"] as const;

export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(",");
export const TEMPLATE_ACCEPT = TEMPLATE_EXTENSIONS.map((e) => `.${e}`).join(",");

export function unsupportedTypeMessage(extensions: readonly string[]) {
  return `This file type is not accepted. Please upload one of: ${extensions.map((e) => `.${e}`).join(" ")}`;
}

export function contentMismatchMessage(ext: string) {
  return `The file's contents do not match its .${ext} extension`;
}

export function mimeTypeFor(ext: string): string {
  return TYPES[ext]?.mime ?? "application/octet-stream";
}

export function isTextExtension(ext: string) {
  return TYPES[ext]?.kind === "text";
}

/** Bytes needed to judge the leading signature. */
export const SIGNATURE_BYTES = 12;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Whether the file's first bytes are what its extension promises (text is checked separately, in full). */
export function matchesSignature(ext: string, head: Uint8Array): boolean {
  switch (TYPES[ext]?.kind) {
    case "pdf":
      return startsWith(head, ascii("%PDF-"));
    case "ole":
      return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case "zip":
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
    case "jpeg":
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case "png":
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "gif":
      return startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"));
    case "webp":
      return startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8);
    case "text":
      return true;
    default:
      return false;
  }
}

export type TextCharset = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

/** C0 control bytes that text files do carry: tab, line feed, vertical tab, form feed, carriage return, SUB (old DOS end of file), ESC. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1a, 0x1b]);
const BINARY_BYTE = new Uint8Array(256).map((_, b) => (b < 0x20 && !TEXT_CONTROLS.has(b) ? 1 : 0));

/**
 * Streaming check that a .txt/.csv is text, and in which encoding. Files come from many programs:
 * UTF-8 with or without a byte order mark, UTF-16 with one (Excel's "Unicode Text"), or a legacy
 * 8-bit code page (Excel's CSV on Windows writes Windows-1252). Binary data, i.e. NUL bytes or
 * control characters text never has, is refused. `push` per chunk and `end` once return false when
 * the file is not text; `charset` is known after `end`.
 */
export function createTextSniffer() {
  let pending: Uint8Array | null = new Uint8Array(0);
  let utf16: TextDecoder | null = null;
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  let validUtf8 = true;
  let charset: TextCharset = "utf-8";

  const check = (bytes: Uint8Array): boolean => {
    if (utf16) {
      try {
        utf16.decode(bytes, { stream: true });
        return true;
      } catch {
        return false;
      }
    }
    for (let i = 0; i < bytes.length; i++) if (BINARY_BYTE[bytes[i]!]) return false;
    if (validUtf8) {
      try {
        utf8.decode(bytes, { stream: true });
      } catch {
        validUtf8 = false;
      }
    }
    return true;
  };
  // The byte order mark decides the encoding, so the first bytes wait until there are enough of them.
  const start = (): boolean => {
    const head = pending!;
    pending = null;
    if (head[0] === 0xff && head[1] === 0xfe) utf16 = new TextDecoder("utf-16le", { fatal: true });
    else if (head[0] === 0xfe && head[1] === 0xff) utf16 = new TextDecoder("utf-16be", { fatal: true });
    if (utf16) charset = utf16.encoding as TextCharset;
    return check(head);
  };

  return {
    push(chunk: Uint8Array): boolean {
      if (!pending) return check(chunk);
      const joined = new Uint8Array(pending.length + chunk.length);
      joined.set(pending);
      joined.set(chunk, pending.length);
      pending = joined;
      return pending.length < 2 || start();
    },
    end(): boolean {
      if (pending && !start()) return false;
      try {
        if (utf16) utf16.decode();
        else if (validUtf8) utf8.decode();
      } catch {
        if (utf16) return false;
        validUtf8 = false;
      }
      if (!utf16) charset = validUtf8 ? "utf-8" : "windows-1252";
      return true;
    },
    get charset(): TextCharset {
      return charset;
    },
  };
}

/** The stored type of a text file: UTF-8 stays plain ("text/csv"), other encodings are named. */
export function textMimeType(mimeType: string, charset: TextCharset): string {
  return charset === "utf-8" ? mimeType : `${mimeType}; charset=${charset}`;
}

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;

/**
 * Tags from a comma-separated text field or a list (the /api's JSON list): trimmed, empties dropped,
 * duplicates (ignoring case) removed keeping the first spelling.
 */
export function parseTags(input: unknown): string[] {
  let items: unknown[];
  if (Array.isArray(input)) items = input;
  else if (typeof input === "string") {
    const text = input.trim();
    if (text.startsWith("[")) {
      try {
        const parsed: unknown = JSON.parse(text);
        items = Array.isArray(parsed) ? parsed : [text];
      } catch {
        items = text.split(",");
      }
    } else items = text.split(",");
  } else items = [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const item of items) {
    if (typeof item !== "string" && typeof item !== "number") continue;
    const tag = String(item).replace(/\s+/g, " ").trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** "0 B", "512 B", "1.5 KB", "3.2 MB", "1.1 GB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "0 B";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Template size in KB with one decimal (docs/records.md#templates). */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Inline preview only for types a browser shows without running anything: PDF and raster images. */
export function isPreviewableInline(mimeType: string) {
  return mimeType === "application/pdf" || /^image\/(jpeg|png|gif|webp)$/.test(mimeType);
}
