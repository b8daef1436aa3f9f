/**
 * The upload rules applied to a message's attachments (docs/inbound-mail.md#attachments): the same
 * accepted types, size cap and content check as an uploaded document (docs/records.md#documents).
 * Pure; the storage quota is checked where the document is written.
 */
import {
  contentMismatchMessage,
  createTextSniffer,
  DOCUMENT_EXTENSIONS,
  EMPTY_FILE_MESSAGE,
  isTextExtension,
  matchesSignature,
  mimeTypeFor,
  textMimeType,
  unsupportedTypeMessage,
} from "../document/file-types";
import { extensionOf, sanitizeFileName } from "~/utils/file-names";
import { FILE_TOO_LARGE_MESSAGE, MAX_FILE_BYTES } from "~/utils/upload-limits";

export type AttachmentVerdict = { ok: true; fileName: string; mimeType: string } | { ok: false; fileName: string; reason: string };

/** What a nameless attachment is called in the refused list. */
export const UNNAMED_ATTACHMENT = "attachment";

export function attachmentVerdict(name: string | null | undefined, content: Uint8Array, maxBytes = MAX_FILE_BYTES): AttachmentVerdict {
  const fileName = name?.trim() ? sanitizeFileName(name) : UNNAMED_ATTACHMENT;
  const ext = extensionOf(fileName);
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return { ok: false, fileName, reason: unsupportedTypeMessage(DOCUMENT_EXTENSIONS) };
  if (content.byteLength === 0) return { ok: false, fileName, reason: EMPTY_FILE_MESSAGE };
  if (content.byteLength > maxBytes) return { ok: false, fileName, reason: FILE_TOO_LARGE_MESSAGE };
  if (!matchesSignature(ext, content.subarray(0, 64))) return { ok: false, fileName, reason: contentMismatchMessage(ext) };
  const mimeType = mimeTypeFor(ext);
  if (!isTextExtension(ext)) return { ok: true, fileName, mimeType };
  const sniffer = createTextSniffer();
  if (!sniffer.push(content) || !sniffer.end()) return { ok: false, fileName, reason: contentMismatchMessage(ext) };
  return { ok: true, fileName, mimeType: textMimeType(mimeType, sniffer.charset) };
}

/** Each attachment as the inbox lists it: its name and, when the upload rules refuse it, why. */
export function attachmentList(attachments: readonly { fileName: string | null | undefined; content: Uint8Array }[]): { fileName: string; refused: string | null }[] {
  return attachments.map((a) => {
    const verdict = attachmentVerdict(a.fileName, a.content);
    return { fileName: verdict.fileName, refused: verdict.ok ? null : verdict.reason };
  });
}
