/**
 * The land-title PDF an import was read from, kept as a document of every property the import
 * created (so "the property's pdf links to it", docs/import.md#land-title-pdfs). At staging the bytes go to the object store
 * and the staged workbook records where (import_workbook.source_*); the import job then calls
 * attachSourceDocument inside its transaction. All the documents share the one object: it is counted
 * once against the quota and removed with the last document that uses it (document.server.ts), and
 * an object no row refers to (an import that never ran) is removed by the orphan sweep.
 */
import fs from "node:fs";
import type pg from "pg";
import { newObjectKey } from "~/modules/document/upload.server";
import type { ProjectAccess } from "~/modules/access/project-access.server";
import { MAX_FILE_BYTES } from "~/utils/upload-limits";
import { getObjectStore, StorageUnavailableError } from "~/modules/storage/index.server";
import { clientStoredBytes, quotaMessage, storageLimitMb } from "~/modules/billing/storage-quota.server";
import { AppError } from "~/utils/app-error";
import { refId } from "~db/entities/refs";
import type { DocumentCategory } from "~db/entities/enums";
import { ImportFileError } from "./parse/errors";

export interface StagedSource {
  key: string;
  size: number;
  mimeType: string;
}

export const SOURCE_PDF_MIME = "application/pdf";
/** A title search is a legal record of ownership. */
export const SOURCE_DOCUMENT_CATEGORY: DocumentCategory = "legal";
export const sourceDocumentDescription = (fileName: string) => `Register search statement imported from ${fileName}`;
/** The document's download link, as the property's `pdf` field holds it. */
export const documentDownloadUrl = (documentId: number) => `/api/documents/${documentId}/download`;

const MB = 1024 * 1024;

/**
 * Puts the uploaded PDF into the object store for the project. Refused when the client's storage
 * limit has no room for it (the PDF is kept, so it needs the room) or the store cannot be reached;
 * nothing is kept then.
 */
export async function storeSourcePdf(access: ProjectAccess, file: { path: string; size: number }): Promise<StagedSource> {
  const clientId = refId(access.project.client);
  const [limitMb, used] = await Promise.all([storageLimitMb(clientId), clientStoredBytes(clientId)]);
  if (limitMb !== null && used + file.size > limitMb * MB) {
    throw new ImportFileError(413, `${quotaMessage(limitMb, used)} The PDF is kept as a document of each property it creates, so it needs room: free some space and try again.`);
  }
  const key = newObjectKey(access.project.id, "documents");
  const store = getObjectStore();
  try {
    const { size } = await store.put(key, fs.createReadStream(file.path), { contentType: SOURCE_PDF_MIME, maxBytes: MAX_FILE_BYTES });
    return { key, size, mimeType: SOURCE_PDF_MIME };
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    if (error instanceof StorageUnavailableError) throw new AppError(503, "Failed to keep the PDF: the file store could not be reached. Please try again.");
    throw error;
  }
}

/** Removes a stored PDF whose staging failed (best effort: the orphan sweep catches what this misses). */
export async function discardSourcePdf(source: StagedSource | null): Promise<void> {
  if (source)
    await getObjectStore()
      .delete(source.key)
      .catch(() => undefined);
}

interface ImportRecordRef {
  id: number;
  project_id: number;
  client_id: number;
  created_by_id: string;
  data_key: string | null;
}

/**
 * Called by the import job inside its transaction with the ids of the properties the import created:
 * for a staged PDF, one `document` row per property (all sharing the PDF's object, each naming the
 * import) and the property's `pdf` set to its document's download link, each audited as the job
 * audits. Returns the number of documents created; 0 for a CSV or Excel import.
 */
export async function attachSourceDocument(client: pg.ClientBase, record: ImportRecordRef, propertyIds: number[]): Promise<number> {
  if (!record.data_key || propertyIds.length === 0) return 0;
  const { rows } = await client.query<{ source_object_key: string | null; source_size: string | null; source_mime: string | null; file_name: string }>(
    `select w.source_object_key, w.source_size, w.source_mime, w.file_name
       from import_staged_data d join import_workbook w on w.workbook_key = d.workbook_key
      where d.data_key = $1 and w.project_id = $2`,
    [record.data_key, record.project_id],
  );
  const source = rows[0];
  if (!source?.source_object_key) return 0;
  // Only this project's properties: the ids come from the job, but the check costs nothing here.
  const { rows: created } = await client.query<{ document_id: number; property_id: number }>(
    `insert into document (project_id, property_id, uploaded_by_id, original_file_name, mime_type, file_size, storage_key, description, category, tags, import_id)
     select $1, p.id, $2, $3, $4, $5, $6, $7, $8, '[]'::jsonb, $9
       from property p where p.id = any($10::int[]) and p.project_id = $1
      order by p.id
     returning id as document_id, property_id`,
    [
      record.project_id,
      record.created_by_id,
      source.file_name,
      source.source_mime ?? SOURCE_PDF_MIME,
      Number(source.source_size ?? 0),
      source.source_object_key,
      sourceDocumentDescription(source.file_name),
      SOURCE_DOCUMENT_CATEGORY,
      record.id,
      propertyIds,
    ],
  );
  if (created.length === 0) return 0;
  await client.query(`update property p set pdf = u.url from unnest($1::int[], $2::text[]) as u(id, url) where p.id = u.id`, [
    created.map((c) => c.property_id),
    created.map((c) => documentDownloadUrl(c.document_id)),
  ]);
  await client.query(
    `insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, after)
     select $1, $2, $3, 'document.create', 'Document', c.document_id::text,
            jsonb_build_object('originalFileName', $4::text, 'fileSize', $5::bigint, 'mimeType', $6::text, 'category', $7::text, 'propertyId', c.property_id, 'importId', $8::int)
       from jsonb_to_recordset($9::jsonb) as c(document_id int, property_id int)`,
    [
      record.created_by_id,
      record.client_id,
      record.project_id,
      source.file_name,
      Number(source.source_size ?? 0),
      source.source_mime ?? SOURCE_PDF_MIME,
      SOURCE_DOCUMENT_CATEGORY,
      record.id,
      JSON.stringify(created.map((c) => ({ document_id: c.document_id, property_id: c.property_id }))),
    ],
  );
  return created.length;
}
