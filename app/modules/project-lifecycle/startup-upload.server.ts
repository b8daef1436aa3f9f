import { json } from "@remix-run/node";
import { NO_FILE_MESSAGE } from "~/modules/document/file-types";
import { extensionOf, sanitizeFileName } from "~/utils/file-names";
import { AppError } from "~/utils/app-error";
import { readMultipart, type MultipartRefusals } from "~/utils/multipart.server";
import { hasPdfHeader } from "~/utils/pdfjs.server";
import { noteStreamedBytes } from "~/utils/streamed-garbage.server";
import { requireProjectCreator } from "~/modules/access/system.server";
import { PDF_EXTRACT_MESSAGES } from "./startup-fields";
import { STARTUP_PDF_TOO_LARGE_MESSAGE } from "~/utils/upload-limits";
import { STARTUP_PDF_LIMITS } from "./startup-pdf-limits";
import { extractStartupFields, invalidPdf, type StartupExtraction } from "./startup-pdf.server";
import { log } from "~/utils/log.server";

/** The multipart field the spec names for the start-up PDF (`POST /api/extract-pdf-fields`). */
export const STARTUP_PDF_FIELD = "pdf";

const REFUSALS: MultipartRefusals = {
  tooLarge: () => new AppError(413, STARTUP_PDF_TOO_LARGE_MESSAGE),
  unreadable: (message) => new AppError(400, message),
  badField: (message, field) => new AppError(field ? 413 : 400, message),
};

/** Bytes read before the header is checked: a file that is not a PDF is refused without reading the rest. */
const HEAD_BYTES = 1024;

/**
 * The PDF of a multipart upload (field `pdf`), held in memory under the start-up form's size limit.
 * Refused at once when neither its name nor its type says PDF, and as soon as its first bytes lack
 * the PDF header (a renamed file is not a PDF).
 */
export async function receiveStartupPdf(request: Request, maxBytes: number = STARTUP_PDF_LIMITS.maxBytes): Promise<Uint8Array> {
  let bytes: Uint8Array | null = null;
  await readMultipart(request, {
    fileField: STARTUP_PDF_FIELD,
    maxFileBytes: maxBytes,
    refuse: REFUSALS,
    onFile: async ({ stream, filename, mimeType }) => {
      const namedPdf = extensionOf(sanitizeFileName(filename)) === "pdf" || mimeType.split(";")[0]!.trim().toLowerCase() === "application/pdf";
      if (!namedPdf) throw invalidPdf();
      const chunks: Buffer[] = [];
      let size = 0;
      let checked = false;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        noteStreamedBytes(chunk.length);
        if (size > maxBytes) throw REFUSALS.tooLarge();
        chunks.push(chunk);
        if (!checked && size >= HEAD_BYTES) {
          if (!hasPdfHeader(Buffer.concat(chunks))) throw invalidPdf();
          checked = true;
        }
      }
      const whole = Buffer.concat(chunks, size);
      if (!hasPdfHeader(whole)) throw invalidPdf();
      bytes = new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
    },
  });
  if (!bytes) throw new AppError(400, NO_FILE_MESSAGE);
  return bytes;
}

/** The fields and team members of the uploaded start-up form; a failure that is not the file's is "Failed to extract fields from PDF". */
export async function extractFromUpload(request: Request): Promise<StartupExtraction & { message: string }> {
  const bytes = await receiveStartupPdf(request);
  let extraction: StartupExtraction;
  try {
    extraction = await extractStartupFields(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error({ component: "project-lifecycle", err: error }, "Start-up PDF extraction failed");
    throw new AppError(500, PDF_EXTRACT_MESSAGES.extractFailed);
  }
  return { ...extraction, message: PDF_EXTRACT_MESSAGES.extracted(extraction.fields.length) };
}

/**
 * POST /api/extract-pdf-fields (multipart `pdf`) → `{ fields: [{ field, value, label }], teamMembers,
 * message }`. Only a user who may create projects gets this far, and before any byte of the body is read.
 */
export async function apiExtractPdfFields(request: Request) {
  await requireProjectCreator(request);
  return json(await extractFromUpload(request));
}
