import crypto from "node:crypto";
import { Readable } from "node:stream";
import { Busboy, type BusboyInstance } from "@fastify/busboy";
import { getObjectStore, ObjectTooLargeError, StorageUnavailableError } from "~/modules/storage/index.server";
import { AppError } from "~/utils/app-error";
import { noteStreamedBytes } from "~/utils/streamed-garbage.server";
import {
  contentMismatchMessage,
  createTextSniffer,
  EMPTY_FILE_MESSAGE,
  extensionOf,
  FILE_TOO_LARGE_MESSAGE,
  isTextExtension,
  matchesSignature,
  MAX_FILE_BYTES,
  mimeTypeFor,
  NO_FILE_MESSAGE,
  sanitizeFileName,
  textMimeType,
  type TextCharset,
  SIGNATURE_BYTES,
  unsupportedTypeMessage,
} from "./file-types";

/** Room for the other form fields and multipart framing on top of the file itself. */
export const FORM_OVERHEAD_BYTES = 256 * 1024;
const MAX_FIELD_BYTES = 20_000;
const MAX_FIELDS = 30;
const UNREADABLE_FORM_MESSAGE = "The upload could not be read as a form";

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

/**
 * Whether the person who posted a form can act on this refusal (a flash or a field error on the form):
 * everything but a 403 and an unknown record, which go to the ErrorBoundary. An upload's own 404s
 * (e.g. the linked stakeholder is gone) are the form's business.
 */
export const isRecoverableUploadError = (error: AppError) => error.status !== 403 && (error.status !== 404 || error instanceof UploadError);

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

/**
 * Streams a multipart upload straight into the object store (no whole-file buffering), checking
 * size, type and content on the way. `beforeFile` runs when the file part starts, with the text
 * fields sent before it, and returns the project the object belongs to (access and quota checks
 * go there, so a refused caller never streams a byte into the store).
 * Returns the text fields and the stored object (null when no file was chosen). On any failure
 * the partial object is gone before the error reaches the caller.
 *
 * @fastify/busboy parses the body: it searches for boundaries in Buffers without copying the file's bytes
 * into smaller arrays, and holds the request back while the store is slower than the network, so
 * memory stays flat whatever the file size (bench/uploads.mjs measures it).
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

  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      // Browsers send the file name's UTF-8 bytes as they are; sanitizeFileName strips any path.
      defCharset: "utf8",
      preservePath: true,
      limits: { fields: MAX_FIELDS, parts: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, fieldNameSize: 200 },
    });
  } catch {
    throw new UploadError(400, UNREADABLE_FORM_MESSAGE);
  }
  if (!request.body) throw new UploadError(400, UNREADABLE_FORM_MESSAGE);

  const fields: Record<string, string> = {};
  let file: StoredUpload | null = null;
  let fileSeen = false;
  let storing: Promise<void> = Promise.resolve();
  const store = getObjectStore();
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);

  const storeFile = async (name: string, stream: Readable, filename: string) => {
    if (name !== "file" || fileSeen || !filename) {
      // Other file inputs are ignored; an empty file input still sends a part with no name or bytes.
      stream.resume();
      return;
    }
    fileSeen = true;
    const snapshot = { ...fields };
    const originalFileName = sanitizeFileName(filename);
    const ext = extensionOf(originalFileName);
    if (!options.extensions.includes(ext)) throw new UploadError(415, unsupportedTypeMessage(options.extensions));
    const projectId = await options.beforeFile(snapshot);
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
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        // Stop reading: the rest of the body is discarded by the server once the response is sent.
        source.unpipe(parser);
        parser.removeAllListeners("file");
        parser.removeAllListeners("field");
        parser.on("error", () => undefined);
        reject(error);
      };
      parser.on("field", (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
        if (valueTruncated) fail(new UploadError(413, "A form field is too long", name));
        else fields[name] = value;
      });
      parser.on("file", (name: string, stream: Readable, filename: string) => {
        // busboy emits a body cut short as an 'error' event, possibly before the store starts
        // reading; destroying the stream keeps the error for whoever reads it.
        stream.on("error", (error) => stream.destroy(error));
        storing = storing.then(() => storeFile(name, stream, filename));
        storing.catch(fail);
      });
      parser.on("fieldsLimit", () => fail(new UploadError(400, "Too many form fields")));
      parser.on("partsLimit", () => fail(new UploadError(400, "Too many form fields")));
      parser.on("error", () => fail(new UploadError(400, UNREADABLE_FORM_MESSAGE)));
      parser.on("finish", () => {
        storing.then(() => {
          if (!settled) {
            settled = true;
            resolve();
          }
        }, fail);
      });
      source.on("error", () => fail(new UploadError(400, UNREADABLE_FORM_MESSAGE)));
      source.pipe(parser);
    });
  } catch (error) {
    // A failure after the file was stored (a later field, say) must not leave the object behind.
    await storing.catch(() => undefined);
    if (file) await store.delete((file as StoredUpload).key).catch(() => undefined);
    throw error;
  }
  return { fields, file };
}

export { NO_FILE_MESSAGE };
