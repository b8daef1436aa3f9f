import { type ProjectAccess, projectSummary, recordAbilities } from "~/modules/access/project-access.server";
import { parseListQuery } from "~/utils/list-query";
import { requireRecordId } from "~/utils/record-id";
import { documentStats, getDocumentJson, listDocuments, uploadFormOptions } from "./document.server";
import { isDocumentCategory } from "./schemas";

const PAGE_SIZE = 25;

/**
 * Everything /documents shows for one URL: the page of documents (search, category), the tiles, the
 * upload form's choices, and the document of the ?edit= or ?delete= panel when the role allows it.
 */
export async function loadDocumentsPage(access: ProjectAccess, url: URL) {
  const params = url.searchParams;
  const { search, page, offset } = parseListQuery(params, { sortKeys: ["created"] as const, defaultSort: "created", pageSize: PAGE_SIZE });
  const categoryParam = params.get("category");
  const category = isDocumentCategory(categoryParam) ? categoryParam : null;
  const abilities = recordAbilities(access);
  const dialogId = (name: "edit" | "delete", allowed: boolean) => {
    const value = params.get(name);
    // "12abc" is not document 12: any id that is not plain digits is 404, like every other panel.
    return value && allowed ? requireRecordId(value, "Document not found") : null;
  };
  const editId = dialogId("edit", abilities.canEdit);
  const deleteId = dialogId("delete", abilities.canDelete);
  const [list, stats, options, editing, deleting] = await Promise.all([
    listDocuments(access, { search, category, limit: PAGE_SIZE, offset }),
    documentStats(access),
    abilities.canEdit && editId === null && deleteId === null ? uploadFormOptions(access) : null,
    editId === null ? null : getDocumentJson(access, editId),
    deleteId === null ? null : getDocumentJson(access, deleteId),
  ]);
  return {
    project: projectSummary(access),
    ...abilities,
    search,
    category,
    page,
    pageSize: PAGE_SIZE,
    ...list,
    stats,
    options,
    editing,
    deleting,
  };
}
