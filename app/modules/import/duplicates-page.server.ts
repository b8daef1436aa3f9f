import { projectSummary, requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { requireRecordId } from "~/utils/record-id";
import { canUndoImport } from "~/modules/permissions/permissions";
import { getImport } from "./imports.server";
import { DUPLICATES_PAGE_SIZE, listPendingDuplicates } from "./duplicates.server";

/**
 * /import/{id}/duplicates (docs/import.md#duplicates): one page of the rows the import held back, each with
 * its candidates, the fields that differ and the actions it may take; the choices already saved.
 */
export async function loadDuplicatesStep(access: ProjectAccess, idParam: string | undefined, url: URL) {
  requirePermission(access, "importData");
  const id = requireRecordId(idParam, "Import not found");
  const view = await getImport(access, id);
  const page = Number(url.searchParams.get("page") ?? "1");
  const list = await listPendingDuplicates(access, id, Number.isFinite(page) ? page : 1);
  return {
    project: projectSummary(access),
    import: { id: view.id, status: view.status, importType: view.importType, fileName: view.fileName, created: view.counts.created, autoMerged: view.counts.autoMergedProperties },
    ...list,
    pageSize: DUPLICATES_PAGE_SIZE,
    // Back undoes the import, which a role that may not delete records cannot do (docs/import.md#undo).
    canUndo: canUndoImport(access.role),
  };
}
