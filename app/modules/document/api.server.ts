import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { requireApiProject } from "~/modules/access/api-request.server";
import { requireUser } from "~/modules/access/current-user.server";
import type { ProjectAccess } from "~/modules/access/project-access.server";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { parseListQuery } from "~/utils/list-query";
import { createDocument, listDocuments } from "./document.server";
import { DOCUMENT_EXTENSIONS } from "./file-types";
import { receiveProjectUpload } from "./receive.server";
import { documentUploadSchema, isDocumentCategory } from "./schemas";

/**
 * The project of a multipart /api upload, for receiveProjectUpload: `?projectId=` is resolved (user
 * and membership) before any byte of the body is read; otherwise the user is, and the projectId
 * field sent before the file decides.
 */
export async function apiUploadAccess(request: Request): Promise<(fields: Record<string, string>) => Promise<ProjectAccess>> {
  await requireUser(request);
  if (!new URL(request.url).searchParams.get("projectId")) return (fields) => requireApiProject(request, fields);
  const access = await requireApiProject(request);
  return async () => access;
}

/** POST /api/documents/upload → 201 with the created document. */
export async function apiUploadDocument(request: Request) {
  const resolveAccess = await apiUploadAccess(request);
  const { access, fields, file, discard } = await receiveProjectUpload(request, { extensions: DOCUMENT_EXTENSIONS, kind: "documents", resolveAccess });
  let input;
  try {
    input = parseApiPayload(documentUploadSchema, fields);
  } catch (error) {
    await discard();
    throw error;
  }
  return json(await createDocument(access, file, input), { status: 201 });
}

/**
 * One record whose documents are listed, with the record module's check that it is in the project
 * (documents sit below stakeholders and properties, so the route passes the check in).
 */
export interface DocumentRecordScope {
  record: { stakeholderId: number } | { propertyId: number };
  requireRecord: (access: ProjectAccess) => Promise<unknown>;
}

/**
 * A GET list of documents (JSON array, one page: X-Total-Count, Link), optionally one record's: a record that
 * is not in the project (another client's id) is 404, not an empty list.
 */
export async function apiListDocuments(request: Request, scope?: DocumentRecordScope) {
  const access = await requireApiProject(request);
  if (scope) await scope.requireRecord(access);
  const record = scope?.record ?? {};
  const params = new URL(request.url).searchParams;
  const page = parseListPage(request);
  const { search } = parseListQuery(params, { sortKeys: ["created"] as const, defaultSort: "created" });
  const category = params.get("category");
  const { documents, total } = await listDocuments(access, { search, category: isDocumentCategory(category) ? category : null, ...record, ...page });
  return listResponse(request, documents, total, page);
}
