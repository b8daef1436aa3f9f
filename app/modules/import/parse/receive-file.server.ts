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
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sanitizeFileName } from "~/utils/file-names";
import { noteStreamedBytes } from "~/utils/streamed-garbage.server";
import { readMultipart, UNREADABLE_FORM_MESSAGE, type MultipartRefusals } from "~/utils/multipart.server";
import { ImportFileError, invalidFile } from "./errors";
import { importFileKind, INVALID_FILE_MESSAGE, INVALID_GIS_FILE_MESSAGE, type ImportFileKind } from "./file-kind";
import { LIMIT_MESSAGES } from "./limits";

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

const IMPORT_REFUSALS: MultipartRefusals = {
  tooLarge: () => new ImportFileError(413, LIMIT_MESSAGES.fileTooLarge),
  unreadable: (message) => new ImportFileError(400, message),
  badField: (message, field) => new ImportFileError(field ? 413 : 400, message),
};

/**
 * `beforeFile` runs when the file part starts, with the fields sent before it (the /api route resolves
 * the project there when projectId comes in the body), so a refused caller never writes a byte.
 */
export async function receiveImportUpload(
  request: Request,
  { maxFileBytes, beforeFile }: { maxFileBytes: number; beforeFile: (fields: Record<string, string>) => Promise<void> },
): Promise<ReceivedUpload> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "lr-import-"));
  const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  let file: ReceivedFile | null = null;
  // The fields as far as they were read, for a refusal to carry (the wizard shows the chosen type again).
  let fieldsSoFar: Record<string, string> = {};

  const writeFile = async ({ stream, filename, mimeType, fieldsBefore }: { stream: Readable; filename: string; mimeType: string; fieldsBefore: Record<string, string> }) => {
    fieldsSoFar = fieldsBefore;
    const fileName = sanitizeFileName(filename);
    const kind = importFileKind(fileName, mimeType);
    if (!kind) throw invalidFile(fieldsBefore.importType === "parcels" ? INVALID_GIS_FILE_MESSAGE : INVALID_FILE_MESSAGE);
    await beforeFile({ ...fieldsBefore });
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
    file = { path: target, fileName, mediaType: mimeType, kind, size };
  };

  try {
    const fields = await readMultipart(request, { maxFileBytes, refuse: IMPORT_REFUSALS, onFile: writeFile });
    return { fields, file, cleanup };
  } catch (error) {
    await cleanup();
    if (error instanceof ImportFileError) error.fields = { ...fieldsSoFar };
    throw error;
  }
}
