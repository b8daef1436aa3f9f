import crypto from "node:crypto";
import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import { getObjectStore, ObjectTooLargeError, StorageUnavailableError } from "~/modules/storage/index.server";
import { AppError } from "~/utils/app-error";
import {
  contentMismatchMessage,
  createTextValidator,
  EMPTY_FILE_MESSAGE,
  extensionOf,
  FILE_TOO_LARGE_MESSAGE,
  isTextExtension,
  matchesSignature,
  MAX_FILE_BYTES,
  mimeTypeFor,
  NO_FILE_MESSAGE,
  sanitizeFileName,
  SIGNATURE_BYTES,
  unsupportedTypeMessage,
} from "./file-types";

/** Room for the other form fields and multipart framing on top of the file itself. */
export const FORM_OVERHEAD_BYTES = 256 * 1024;
const MAX_FIELD_BYTES = 20_000;
const MAX_FIELDS = 30;

export interface StoredUpload {
  key: string;
  size: number;
  mimeType: string;
  originalFileName: string;
}

/** A refused upload: `field` names the form field the message belongs to. */
export class UploadError extends AppError {
  constructor(
    status: 400 | 403 | 404 | 413 | 415 | 422 | 503,
    message: string,
    public readonly field: string = "file",
  ) {
    super(status, message);
  }
}

/** Object key for a new upload: generated, never derived from the user's file name. */
export function newObjectKey(projectId: number, kind: "documents" | "templates") {
  return `projects/${projectId}/${kind}/${crypto.randomUUID()}`;
}

/**
 * Yields the part's bytes while checking them: the leading bytes against the extension, the whole
 * body as UTF-8 text for .txt/.csv. Throws UploadError on a mismatch, so the store drops the object.
 */
async function* checkedBytes(source: AsyncIterable<Uint8Array>, ext: string) {
  const text = isTextExtension(ext) ? createTextValidator() : null;
  let head: Uint8Array | null = new Uint8Array(0);
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
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
}

async function readField(part: UploadHandlerPart): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of part.data) {
    size += chunk.byteLength;
    if (size > MAX_FIELD_BYTES) throw new UploadError(413, "A form field is too long", part.name);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function drain(part: UploadHandlerPart) {
  for await (const _ of part.data) {
    // Discard file parts other than the one expected.
  }
}

/**
 * Streams a multipart upload straight into the object store (no whole-file buffering), checking
 * size, type and content on the way. `beforeFile` runs when the file part starts, with the text
 * fields sent before it, and returns the project the object belongs to (access and quota checks
 * go there, so a refused caller never streams a byte into the store).
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
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > MAX_FILE_BYTES + FORM_OVERHEAD_BYTES) throw new UploadError(413, FILE_TOO_LARGE_MESSAGE);

  const fields: Record<string, string> = {};
  let file: StoredUpload | null = null;
  let fieldCount = 0;
  const store = getObjectStore();

  const handler = async (part: UploadHandlerPart) => {
    if (++fieldCount > MAX_FIELDS) throw new UploadError(400, "Too many form fields");
    if (part.filename === undefined) {
      fields[part.name] = await readField(part);
      return undefined;
    }
    if (part.name !== "file" || file) {
      await drain(part);
      return undefined;
    }
    const originalFileName = sanitizeFileName(part.filename);
    if (!part.filename) {
      // A file input left empty still sends a part with an empty name and no bytes.
      await drain(part);
      return undefined;
    }
    const ext = extensionOf(originalFileName);
    if (!options.extensions.includes(ext)) throw new UploadError(415, unsupportedTypeMessage(options.extensions));
    const projectId = await options.beforeFile({ ...fields });
    const key = newObjectKey(projectId, options.kind);
    const mimeType = mimeTypeFor(ext);
    try {
      const { size } = await store.put(key, checkedBytes(part.data, ext), { contentType: mimeType, maxBytes: MAX_FILE_BYTES });
      file = { key, size, mimeType, originalFileName };
    } catch (error) {
      await store.delete(key).catch(() => undefined);
      if (error instanceof ObjectTooLargeError) throw new UploadError(413, FILE_TOO_LARGE_MESSAGE);
      if (error instanceof StorageUnavailableError) throw new UploadError(503, "Failed to upload document: the file store could not be reached. Please try again.");
      throw error;
    }
    return undefined;
  };

  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (file) await store.delete((file as StoredUpload).key).catch(() => undefined);
    if (error instanceof AppError) throw error;
    if (error instanceof TypeError) throw new UploadError(400, "The upload could not be read as a form");
    throw error;
  }
  return { fields, file };
}

export { NO_FILE_MESSAGE };
