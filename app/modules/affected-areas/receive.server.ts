import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError, FieldError } from "~/utils/app-error";
import { extensionOf, sanitizeFileName } from "~/utils/file-names";
import { readMultipart, type MultipartRefusals } from "~/utils/multipart.server";
import { noteStreamedBytes } from "~/utils/streamed-garbage.server";
import { FILE_TOO_LARGE_MESSAGE, MAX_FILE_BYTES } from "~/utils/upload-limits";
import type { UploadedFile } from "./affected-areas.server";

const REFUSALS: MultipartRefusals = {
  tooLarge: () => new FieldError(413, FILE_TOO_LARGE_MESSAGE, "file"),
  unreadable: (message) => new AppError(400, message),
  badField: (message, field) => new AppError(field ? 413 : 400, message),
};

/** The extensions read-gis.ts reads, and what each file's first bytes must be (docs/records.md#affected-areas). */
const EXTENSIONS = ["geojson", "json", "zip", "kml", "kmz"] as const;
export const AFFECTED_AREA_ACCEPT = ".geojson,.json,.zip,.kml,.kmz";
const TYPE_MESSAGE = "Upload a GeoJSON (.geojson, .json), zipped shapefile (.zip) or KML (.kml, .kmz) file.";

function contentMatches(ext: string, head: Uint8Array): boolean {
  const text = new TextDecoder()
    .decode(head.slice(0, 64))
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (ext === "zip" || ext === "kmz") return head[0] === 0x50 && head[1] === 0x4b;
  if (ext === "kml") return text.startsWith("<");
  return text.startsWith("{");
}

/**
 * The upload's fields and its file, held in memory (at most the app's file limit). The project is
 * resolved, and editData checked, before a byte of the file is read; the file's first bytes must be
 * what its name says.
 */
export async function receiveAffectedAreaUpload(
  request: Request,
  resolveAccess: (fields: Record<string, string>) => Promise<ProjectAccess>,
): Promise<{ access: ProjectAccess; fields: Record<string, string>; file: UploadedFile | null }> {
  let access: ProjectAccess | null = null;
  let file: UploadedFile | null = null;
  const fields = await readMultipart(request, {
    maxFileBytes: MAX_FILE_BYTES,
    refuse: REFUSALS,
    onFile: async ({ stream, filename, fieldsBefore }) => {
      access = await resolveAccess(fieldsBefore);
      requirePermission(access, "editData");
      const name = sanitizeFileName(filename);
      const ext = extensionOf(name);
      if (!(EXTENSIONS as readonly string[]).includes(ext)) throw new FieldError(415, TYPE_MESSAGE, "file");
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        noteStreamedBytes(chunk.length);
        if (size > MAX_FILE_BYTES) throw REFUSALS.tooLarge();
        chunks.push(chunk);
      }
      const bytes = Buffer.concat(chunks, size);
      if (size && !contentMatches(ext, bytes))
        throw new FieldError(415, `The file's content is not ${ext === "zip" || ext === "kmz" ? "a zip" : ext === "kml" ? "KML" : "GeoJSON"}, as its name says. ${TYPE_MESSAGE}`, "file");
      file = { name, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    },
  });
  access ??= await resolveAccess(fields);
  return { access, fields, file };
}
