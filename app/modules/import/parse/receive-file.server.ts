/**
 * Receives the multipart body of an import upload: the `file` part streams to a private temporary
 * file (the readers need random access: an .xlsx's directory is at its end) with the 50 MB cap
 * enforced as it arrives; the other text fields are collected. A file of a type the wizard does not
 * take is refused at its first byte.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Busboy, type BusboyInstance } from "@fastify/busboy";
import { sanitizeFileName } from "~/modules/document/file-types";
import { noteStreamedBytes } from "~/utils/streamed-garbage.server";
import { ImportFileError, invalidFile } from "./errors";
import { importFileKind, INVALID_FILE_MESSAGE, type ImportFileKind } from "./file-kind";
import { LIMIT_MESSAGES } from "./limits";

/** Room for the other form fields and multipart framing on top of the file itself. */
const FORM_OVERHEAD_BYTES = 256 * 1024;
const MAX_FIELD_BYTES = 20_000;
const MAX_FIELDS = 30;
const UNREADABLE_FORM_MESSAGE = "The upload could not be read as a form";

export interface ReceivedFile {
  path: string;
  fileName: string;
  mediaType: string;
  kind: ImportFileKind;
  size: number;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile | null;
  /** Removes the temporary file; always called, whatever happens next. */
  cleanup(): Promise<void>;
}

class TooLarge extends Error {}

/**
 * `beforeFile` runs when the file part starts, with the fields sent before it (the /api route resolves
 * the project there when projectId comes in the body), so a refused caller never writes a byte.
 */
export async function receiveImportUpload(
  request: Request,
  { maxFileBytes, beforeFile }: { maxFileBytes: number; beforeFile: (fields: Record<string, string>) => Promise<void> },
): Promise<ReceivedUpload> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxFileBytes + FORM_OVERHEAD_BYTES) throw new ImportFileError(413, LIMIT_MESSAGES.fileTooLarge);
  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      defCharset: "utf8",
      preservePath: true,
      limits: { fields: MAX_FIELDS, parts: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, fieldNameSize: 200 },
    });
  } catch {
    throw new ImportFileError(400, UNREADABLE_FORM_MESSAGE);
  }
  if (!request.body) throw new ImportFileError(400, UNREADABLE_FORM_MESSAGE);

  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "lr-import-"));
  const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let fileSeen = false;
  let writing: Promise<void> = Promise.resolve();
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);

  const writeFile = async (stream: Readable, filename: string, mediaType: string) => {
    const fileName = sanitizeFileName(filename);
    const kind = importFileKind(fileName, mediaType);
    if (!kind) throw invalidFile(INVALID_FILE_MESSAGE);
    await beforeFile({ ...fields });
    const target = path.join(dir, crypto.randomUUID());
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        noteStreamedBytes(chunk.length);
        if (size > maxFileBytes) callback(new TooLarge());
        else callback(null, chunk);
      },
    });
    try {
      await pipeline(stream, counter, fs.createWriteStream(target, { mode: 0o600 }));
    } catch (error) {
      if (error instanceof TooLarge) throw new ImportFileError(413, LIMIT_MESSAGES.fileTooLarge);
      throw new ImportFileError(400, UNREADABLE_FORM_MESSAGE);
    }
    file = { path: target, fileName, mediaType, kind, size };
  };

  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        source.unpipe(parser);
        parser.removeAllListeners("file");
        parser.removeAllListeners("field");
        parser.on("error", () => undefined);
        reject(error);
      };
      parser.on("field", (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
        if (valueTruncated) fail(new ImportFileError(413, "A form field is too long"));
        else fields[name] = value;
      });
      parser.on("file", (name: string, stream: Readable, filename: string, _encoding: string, mimeType: string) => {
        stream.on("error", (error) => stream.destroy(error));
        if (name !== "file" || fileSeen || !filename) {
          // Other file inputs are ignored; an empty file input still sends a part with no name or bytes.
          stream.resume();
          return;
        }
        fileSeen = true;
        writing = writing.then(() => writeFile(stream, filename, mimeType));
        writing.catch(fail);
      });
      parser.on("fieldsLimit", () => fail(new ImportFileError(400, "Too many form fields")));
      parser.on("partsLimit", () => fail(new ImportFileError(400, "Too many form fields")));
      parser.on("error", () => fail(new ImportFileError(400, UNREADABLE_FORM_MESSAGE)));
      parser.on("finish", () => {
        writing.then(() => {
          if (!settled) {
            settled = true;
            resolve();
          }
        }, fail);
      });
      source.on("error", (error: Error & { status?: number }) =>
        fail(error.status === 413 ? new ImportFileError(413, LIMIT_MESSAGES.fileTooLarge) : new ImportFileError(400, UNREADABLE_FORM_MESSAGE)),
      );
      source.pipe(parser);
    });
  } catch (error) {
    await writing.catch(() => undefined);
    await cleanup();
    if (error instanceof ImportFileError) error.fields = { ...fields };
    throw error;
  }
  return { fields, file, cleanup };
}
