import { Document, type IDocument } from "~db/entities/Document";
import { Property } from "~db/entities/Property";
import { Stakeholder } from "~db/entities/Stakeholder";
import type { EntityManager } from "@mikro-orm/postgresql";
import { db } from "~db/orm";
import { sqlRows } from "~db/sql.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { recordAbilities, requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { getObjectStore } from "~/modules/storage/index.server";
import { reserveStorage } from "~/modules/billing/storage-quota.server";
import { AppError } from "~/utils/app-error";
import { likePattern } from "~/utils/list-query";
import type { DocumentCategory, DocumentEditInput, DocumentUploadInput } from "./schemas";
import { UploadError, type StoredUpload } from "./upload.server";
import { refId } from "~db/entities/refs";
import { requireRecordId } from "~/utils/record-id";

/** The described document shape (docs/records.md#documents) plus the linked record ids the screens use. */
export interface DocumentJson {
  id: number;
  original_file_name: string;
  mime_type: string;
  file_size: number;
  description: string | null;
  category: DocumentCategory | null;
  tags: string[];
  created_at: string;
  stakeholderId: number | null;
  propertyId: number | null;
  stakeholderName: string | null;
  propertyAddress: string | null;
}

export interface DocumentFilter {
  search?: string;
  category?: DocumentCategory | null;
  stakeholderId?: number;
  propertyId?: number;
  limit: number;
  offset: number;
}

/** Which role may delete: deleteData (officers upload and edit notes, but do not delete; docs/access.md#permission-matrix). */

export function documentAbilities(access: ProjectAccess) {
  return recordAbilities(access);
}

const clientIdOf = (access: ProjectAccess) => refId(access.project.client);

type Row = {
  id: number;
  original_file_name: string;
  mime_type: string;
  file_size: string | number;
  description: string | null;
  category: DocumentCategory | null;
  tags: string[] | string;
  created_at: Date | string;
  stakeholder_id: number | null;
  property_id: number | null;
  stakeholder_name: string | null;
  property_address: string | null;
};

function toJson(row: Row): DocumentJson {
  return {
    id: row.id,
    original_file_name: row.original_file_name,
    mime_type: row.mime_type,
    file_size: Number(row.file_size),
    description: row.description,
    category: row.category,
    tags: typeof row.tags === "string" ? JSON.parse(row.tags) : (row.tags ?? []),
    created_at: new Date(row.created_at).toISOString(),
    stakeholderId: row.stakeholder_id,
    propertyId: row.property_id,
    stakeholderName: row.stakeholder_name,
    propertyAddress: row.property_address,
  };
}

function whereClause(projectId: number, filter: Omit<DocumentFilter, "limit" | "offset">) {
  const clauses = ["d.project_id = ?"];
  const params: unknown[] = [projectId];
  if (filter.search) {
    const pattern = likePattern(filter.search);
    clauses.push("(d.original_file_name ilike ? or d.description ilike ? or d.tags::text ilike ?)");
    params.push(pattern, pattern, pattern);
  }
  if (filter.category) {
    clauses.push("d.category = ?");
    params.push(filter.category);
  }
  if (filter.stakeholderId) {
    clauses.push("d.stakeholder_id = ?");
    params.push(filter.stakeholderId);
  }
  if (filter.propertyId) {
    clauses.push("d.property_id = ?");
    params.push(filter.propertyId);
  }
  return { sql: clauses.join(" and "), params };
}

const SELECT = `select d.id, d.original_file_name, d.mime_type, d.file_size, d.description, d.category, d.tags, d.created_at,
  d.stakeholder_id, d.property_id, s.name as stakeholder_name, p.address as property_address
  from document d left join stakeholder s on s.id = d.stakeholder_id left join property p on p.id = d.property_id`;

/** One page of the project's documents, newest first, with search (name, description, tags) and category. */
export async function listDocuments(access: ProjectAccess, filter: DocumentFilter): Promise<{ documents: DocumentJson[]; total: number }> {
  const where = whereClause(access.project.id, filter);
  const [rows, count] = await Promise.all([
    sqlRows<Row>(`${SELECT} where ${where.sql} order by d.created_at desc, d.id desc limit ? offset ?`, [...where.params, filter.limit, filter.offset]),
    sqlRows<{ total: string }>(`select count(*) as total from document d where ${where.sql}`, where.params),
  ]);
  return { documents: rows.map(toJson), total: Number(count[0]?.total ?? 0) };
}

export async function getDocumentJson(access: ProjectAccess, id: number): Promise<DocumentJson> {
  const rows = await sqlRows<Row>(`${SELECT} where d.project_id = ? and d.id = ?`, [access.project.id, id]);
  if (!rows[0]) throw new AppError(404, "Document not found");
  return toJson(rows[0]);
}

export async function documentStats(access: ProjectAccess) {
  const rows = await sqlRows<{ category: string | null; count: string; size: string }>(
    "select category, count(*) as count, coalesce(sum(file_size), 0) as size from document where project_id = ? group by category order by count(*) desc, category",
    [access.project.id],
  );
  return {
    totalDocuments: rows.reduce((n, r) => n + Number(r.count), 0),
    totalSize: rows.reduce((n, r) => n + Number(r.size), 0),
    categoryBreakdown: rows.map((r) => ({ category: r.category ?? "uncategorized", count: Number(r.count) })),
  };
}

/** A document of this project; any other id (another project's or client's) is 404. */
export async function findDocument(access: ProjectAccess, id: unknown): Promise<IDocument> {
  const numeric = requireRecordId(id, "Document not found");
  const document = await db().findOne(Document, { id: numeric, project: access.project.id });
  if (!document) throw new AppError(404, "Document not found");
  return document;
}

/** Refuses a stakeholder or property that is not in this project (field error on the form). */
async function assertLinksInProject(access: ProjectAccess, input: { stakeholderId: number | null; propertyId: number | null }) {
  const em = db();
  if (input.stakeholderId !== null && !(await em.count(Stakeholder, { id: input.stakeholderId, project: access.project.id }))) {
    throw new UploadError(422, "Select a stakeholder of this project", "stakeholderId");
  }
  if (input.propertyId !== null && !(await em.count(Property, { id: input.propertyId, project: access.project.id }))) {
    throw new UploadError(422, "Select a property of this project", "propertyId");
  }
}

/** A document row to write for an object already stored (an upload, an e-mail attachment, a report pack file). */
export interface NewDocumentRow {
  stakeholderId?: number | null;
  propertyId?: number | null;
  originalFileName: string;
  mimeType: string;
  fileSize: number;
  storageKey: string;
  description: string | null;
  category: DocumentCategory | null;
  tags: string[];
}

/**
 * Writes the document row and its `document.upload` audit entry on the caller's transaction (`em`);
 * `auditExtra` adds what the caller knows of where the file came from. Returns the new id.
 */
export async function insertDocumentRow(em: EntityManager, access: ProjectAccess, row: NewDocumentRow, auditExtra: Record<string, unknown> = {}): Promise<number> {
  const document = em.create(Document, {
    project: access.project.id,
    stakeholder: row.stakeholderId ?? null,
    property: row.propertyId ?? null,
    uploadedBy: access.user.id,
    originalFileName: row.originalFileName,
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    storageKey: row.storageKey,
    description: row.description,
    category: row.category,
    tags: row.tags,
  } as never);
  await em.flush();
  recordAudit({
    userId: access.user.id,
    action: "document.upload",
    entityType: "Document",
    entityId: document.id,
    clientId: clientIdOf(access),
    projectId: access.project.id,
    after: { originalFileName: row.originalFileName, fileSize: row.fileSize, mimeType: row.mimeType, ...auditExtra },
  });
  return document.id;
}

/**
 * Records an uploaded object as a document: links checked, quota reserved under the client's
 * advisory lock, row and audit entry in one transaction. If anything fails the object is deleted,
 * so no stored bytes are left without a row.
 */
export async function createDocument(access: ProjectAccess, file: StoredUpload, input: DocumentUploadInput): Promise<DocumentJson> {
  requirePermission(access, "editData");
  let id: number;
  try {
    id = await db().transactional(async (em) => {
      await assertLinksInProject(access, input);
      await reserveStorage(clientIdOf(access), file.size);
      const documentId = await insertDocumentRow(
        em,
        access,
        {
          stakeholderId: input.stakeholderId,
          propertyId: input.propertyId,
          originalFileName: file.originalFileName,
          mimeType: file.mimeType,
          fileSize: file.size,
          storageKey: file.key,
          description: input.description,
          category: input.category,
          tags: input.tags,
        },
        { category: input.category, tags: input.tags },
      );
      await em.flush();
      return documentId;
    });
  } catch (error) {
    await getObjectStore()
      .delete(file.key)
      .catch(() => undefined);
    throw error;
  }
  return getDocumentJson(access, id);
}

export async function updateDocument(access: ProjectAccess, id: unknown, input: DocumentEditInput): Promise<DocumentJson> {
  requirePermission(access, "editData");
  const documentId = await db().transactional(async (em) => {
    const document = await findDocument(access, id);
    const before = { description: document.description ?? null, category: document.category ?? null, tags: document.tags };
    document.description = input.description;
    document.category = input.category;
    document.tags = input.tags;
    recordAudit({ userId: access.user.id, action: "document.update", entityType: "Document", entityId: document.id, clientId: clientIdOf(access), projectId: access.project.id, before, after: input });
    await em.flush();
    return document.id;
  });
  return getDocumentJson(access, documentId);
}

/**
 * Deletes the row (audited); the client's quota is freed with it. The stored bytes stay: the delete
 * records their release (a trigger), and the object sweep removes them only once no restore point
 * could bring the row back (docs/operations.md#nothing-lost). Documents that share one object (a
 * title PDF kept for every property its import created) need nothing special for the same reason.
 */
export async function deleteDocument(access: ProjectAccess, id: unknown): Promise<{ originalFileName: string }> {
  requirePermission(access, "deleteData");
  const document = await findDocument(access, id);
  await db().transactional(async (em) => {
    const row = await em.findOneOrFail(Document, { id: document.id });
    recordAudit({
      userId: access.user.id,
      action: "document.delete",
      entityType: "Document",
      entityId: row.id,
      clientId: clientIdOf(access),
      projectId: access.project.id,
      before: { originalFileName: row.originalFileName, fileSize: row.fileSize, storageKey: row.storageKey, category: row.category ?? null },
    });
    em.remove(row);
    await em.flush();
  });
  return { originalFileName: document.originalFileName };
}

export const RECORD_OPTIONS_LIMIT = 200;

/** Stakeholders and properties of the project for the upload form's selects (capped, by name). */
export async function uploadFormOptions(access: ProjectAccess) {
  // Plain rows: hydrating 400 partial entities on every /documents view was the page's largest cost.
  const [stakeholders, properties] = await Promise.all([
    sqlRows<{ value: string; label: string }>("select id::text as value, name as label from stakeholder where project_id = ? order by name, id limit ?", [access.project.id, RECORD_OPTIONS_LIMIT]),
    sqlRows<{ value: string; label: string }>("select id::text as value, address as label from property where project_id = ? order by address, id limit ?", [access.project.id, RECORD_OPTIONS_LIMIT]),
  ]);
  return { stakeholders, properties };
}

/**
 * A stakeholder's or property's documents for the Documents tab of its detail view (used with
 * <DocumentsPanel>): the first page, the total and what the signed-in role may do.
 */
export async function loadRecordDocuments(access: ProjectAccess, record: { stakeholderId: number } | { propertyId: number }, { limit = 25, offset = 0 } = {}) {
  const list = await listDocuments(access, { ...record, limit, offset });
  return { ...list, record, ...documentAbilities(access) };
}

/** What a stakeholder's or property's Documents tab needs (see DocumentsPanel). */
export type RecordDocuments = Awaited<ReturnType<typeof loadRecordDocuments>>;
