import crypto from "node:crypto";
import { getObjectStore, ObjectTooLargeError, StorageUnavailableError } from "~/modules/storage/index.server";
import { FieldError } from "~/utils/app-error";
import { noteStreamedBytes } from "~/utils/streamed-garbage.server";
import { readMultipart, type MultipartRefusals } from "~/utils/multipart.server";
import { extensionOf, sanitizeFileName } from "~/utils/file-names";
import { FILE_TOO_LARGE_MESSAGE, MAX_FILE_BYTES } from "~/utils/upload-limits";
import {
  contentMismatchMessage,
  createTextSniffer,
  EMPTY_FILE_MESSAGE,
  isTextExtension,
  matchesSignature,
  mimeTypeFor,
  NO_FILE_MESSAGE,
  textMimeType,
  type TextCharset,
  SIGNATURE_BYTES,
  unsupportedTypeMessage,
} from "./file-types";

export interface StoredUpload {
  key: string;
  size: number;
  mimeType: string;
  originalFileName: string;
}

/**
 * A refused upload: `field` names the form field the message belongs to. Its 404s (e.g. the linked
 * stakeholder is gone) are the form's business too (errorPlacement).
 */
export class UploadError extends FieldError {
  constructor(status: 400 | 403 | 404 | 413 | 415 | 422 | 503, message: string, field = "file") {
    super(status, message, field);
  }
}

/** Object key for a new upload: generated, never derived from the user's file name. */
export function newObjectKey(projectId: number, kind: "documents" | "templates") {
  return `projects/${projectId}/${kind}/${crypto.randomUUID()}`;
}

/**
 * Yields the part's bytes while checking them: the leading bytes against the extension, the whole
 * body as text for .txt/.csv (its encoding goes into `found.charset`). Throws UploadError on a
 * mismatch, so the store drops the object.
 */
async function* checkedBytes(source: AsyncIterable<Uint8Array>, ext: string, found: { charset?: TextCharset }) {
  const text = isTextExtension(ext) ? createTextSniffer() : null;
  let head: Uint8Array | null = new Uint8Array(0);
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    noteStreamedBytes(chunk.byteLength);
    if (head) {
      const joined: Uint8Array = new Uint8Array(head.length + chunk.byteLength);
      joined.set(head);
      joined.set(chunk, head.length);
      head = joined;
      if (head.length >= SIGNATURE_BYTES) {
        if (!matchesSignature(ext, head)) throw new UploadError(415, contentMismatchMessage(ext));
        head = null;
      }
    }
    if (text && !text.push(chunk)) throw new UploadError(415, contentMismatchMessage(ext));
    yield chunk;
  }
  if (total === 0) throw new UploadError(400, EMPTY_FILE_MESSAGE);
  if (head && !matchesSignature(ext, head)) throw new UploadError(415, contentMismatchMessage(ext));
  if (text && !text.end()) throw new UploadError(415, contentMismatchMessage(ext));
  if (text) found.charset = text.charset;
}

const UPLOAD_REFUSALS: MultipartRefusals = {
  tooLarge: () => new UploadError(413, FILE_TOO_LARGE_MESSAGE),
  unreadable: (message) => new UploadError(400, message),
  badField: (message, field) => new UploadError(field ? 413 : 400, message, field),
};

/**
 * Streams a multipart upload straight into the object store (no whole-file buffering, see
 * utils/multipart.server.ts), checking size, type and content on the way. `beforeFile` runs when the
 * file part starts, with the text fields sent before it, and returns the project the object belongs
 * to (access and quota checks go there, so a refused caller never streams a byte into the store).
 * Returns the text fields and the stored object (null when no file was chosen). On any failure
 * the partial object is gone before the error reaches the caller.
 */
export async function receiveUpload(
  request: Request,
  options: {
    extensions: readonly string[];
    kind: "documents" | "templates";
    beforeFile: (fields: Record<string, string>) => Promise<number>;
  },
): Promise<{ fields: Record<string, string>; file: StoredUpload | null }> {
  const store = getObjectStore();
  let file: StoredUpload | null = null;

  const storeFile = async ({ stream, filename, fieldsBefore }: { stream: AsyncIterable<Uint8Array>; filename: string; fieldsBefore: Record<string, string> }) => {
    const originalFileName = sanitizeFileName(filename);
    const ext = extensionOf(originalFileName);
    if (!options.extensions.includes(ext)) throw new UploadError(415, unsupportedTypeMessage(options.extensions));
    const projectId = await options.beforeFile(fieldsBefore);
    const key = newObjectKey(projectId, options.kind);
    const mimeType = mimeTypeFor(ext);
    const found: { charset?: TextCharset } = {};
    try {
      const { size } = await store.put(key, checkedBytes(stream, ext, found), { contentType: mimeType, maxBytes: MAX_FILE_BYTES });
      file = { key, size, mimeType: found.charset ? textMimeType(mimeType, found.charset) : mimeType, originalFileName };
    } catch (error) {
      await store.delete(key).catch(() => undefined);
      if (error instanceof ObjectTooLargeError) throw new UploadError(413, FILE_TOO_LARGE_MESSAGE);
      if (error instanceof StorageUnavailableError)
        throw new UploadError(503, `Failed to upload ${options.kind === "documents" ? "document" : "template"}: the file store could not be reached. Please try again.`);
      throw error;
    }
  };

  try {
    const fields = await readMultipart(request, { maxFileBytes: MAX_FILE_BYTES, refuse: UPLOAD_REFUSALS, onFile: storeFile });
    return { fields, file };
  } catch (error) {
    // A failure after the file was stored (a later field, say) must not leave the object behind.
    if (file) await store.delete((file as StoredUpload).key).catch(() => undefined);
    throw error;
  }
}

export { NO_FILE_MESSAGE };
