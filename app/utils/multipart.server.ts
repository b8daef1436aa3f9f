/**
 * Reads a multipart form upload as it streams: the text fields are collected (bounded in number and
 * size) and the one file part (named `file`, or the caller's `fileField`, e.g. the spec's `pdf` of
 * /api/extract-pdf-fields) is handed to the caller as a stream, to be written where
 * it belongs (the object store for documents, a private temporary file for imports). Nothing is
 * buffered whole.
 *
 * @fastify/busboy parses the body: it searches for boundaries in Buffers without copying the file's
 * bytes into smaller arrays, and holds the request back while the caller's writer is slower than the
 * network, so memory stays flat whatever the file size (bench/uploads.mjs measures it).
 */
import { Readable } from "node:stream";
import { Busboy, type BusboyInstance } from "@fastify/busboy";

/** Room for the other form fields and multipart framing on top of the file itself. */
export const FORM_OVERHEAD_BYTES = 256 * 1024;
const MAX_FIELD_BYTES = 20_000;
const MAX_FIELDS = 30;
export const UNREADABLE_FORM_MESSAGE = "The upload could not be read as a form";
export const TOO_MANY_FIELDS_MESSAGE = "Too many form fields";
export const FIELD_TOO_LONG_MESSAGE = "A form field is too long";

/** How the caller words each refusal (its own error class and messages). */
export interface MultipartRefusals {
  /** The declared or streamed body is past the file limit. */
  tooLarge(): Error;
  /** Not a readable multipart body (no boundary, cut off, malformed), with this message. */
  unreadable(message: string): Error;
  /** A text field past its limit, or too many parts. */
  badField(message: string, field?: string): Error;
}

export interface FilePart {
  stream: Readable;
  filename: string;
  mimeType: string;
  /** The text fields sent before the file (a route may resolve its project from them). */
  fieldsBefore: Record<string, string>;
}

/**
 * Resolves with the text fields once the whole body is read and `onFile` has finished with the file
 * (called at most once, for the first non-empty part named `fileField`, by default `file`; other file
 * parts are drained).
 * Rejects with the caller's refusal, or with what `onFile` threw, after `onFile` has settled, so the
 * caller can remove whatever it wrote.
 */
export async function readMultipart(
  request: Request,
  { maxFileBytes, refuse, onFile, fileField = "file" }: { maxFileBytes: number; refuse: MultipartRefusals; onFile: (part: FilePart) => Promise<void>; fileField?: string },
): Promise<Record<string, string>> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxFileBytes + FORM_OVERHEAD_BYTES) throw refuse.tooLarge();

  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      // Browsers send the file name's UTF-8 bytes as they are; callers strip any path from it.
      defCharset: "utf8",
      preservePath: true,
      limits: { fields: MAX_FIELDS, parts: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, fieldNameSize: 200 },
    });
  } catch {
    throw refuse.unreadable(UNREADABLE_FORM_MESSAGE);
  }
  if (!request.body) throw refuse.unreadable(UNREADABLE_FORM_MESSAGE);

  const fields: Record<string, string> = {};
  let fileSeen = false;
  let handling: Promise<void> = Promise.resolve();
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);

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
        if (valueTruncated) fail(refuse.badField(FIELD_TOO_LONG_MESSAGE, name));
        else fields[name] = value;
      });
      parser.on("file", (name: string, stream: Readable, filename: string, _encoding: string, mimeType: string) => {
        // busboy emits a body cut short as an 'error' event, possibly before the caller starts
        // reading; destroying the stream keeps the error for whoever reads it.
        stream.on("error", (error) => stream.destroy(error));
        if (name !== fileField || fileSeen || !filename) {
          // Other file inputs are ignored; an empty file input still sends a part with no name or bytes.
          stream.resume();
          return;
        }
        fileSeen = true;
        const fieldsBefore = { ...fields };
        handling = handling.then(() => onFile({ stream, filename, mimeType, fieldsBefore }));
        handling.catch(fail);
      });
      parser.on("fieldsLimit", () => fail(refuse.badField(TOO_MANY_FIELDS_MESSAGE)));
      parser.on("partsLimit", () => fail(refuse.badField(TOO_MANY_FIELDS_MESSAGE)));
      parser.on("error", () => fail(refuse.unreadable(UNREADABLE_FORM_MESSAGE)));
      parser.on("finish", () => {
        handling.then(() => {
          if (!settled) {
            settled = true;
            resolve();
          }
        }, fail);
      });
      // The body limit (body-limit.server.ts) cuts an oversized stream with a 413 error.
      source.on("error", (error: Error & { status?: number }) => fail(error.status === 413 ? refuse.tooLarge() : refuse.unreadable(UNREADABLE_FORM_MESSAGE)));
      source.pipe(parser);
    });
  } catch (error) {
    await handling.catch(() => undefined);
    throw error;
  }
  return fields;
}
