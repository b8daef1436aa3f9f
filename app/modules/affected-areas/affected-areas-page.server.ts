import { hasPermission } from "~/modules/permissions/permissions";
import { projectSummary, type ProjectAccess } from "~/modules/access/project-access.server";
import { CRS_CHOICES } from "~/modules/parcels/crs";
import { parseListQuery } from "~/utils/list-query";
import { requireRecordId } from "~/utils/record-id";
import { getAffectedArea, listAffectedAreas } from "./affected-areas.server";

/**
 * Everything /affected-areas shows for one URL (docs/records.md#affected-areas): a page of the project's
 * affected areas, the upload form's choices for an editor, and the delete confirmation (?delete=ID) for
 * a role that may delete. Another project's or client's id is a 404.
 */
export async function loadAffectedAreasPage(access: ProjectAccess, url: URL) {
  const params = url.searchParams;
  const canEdit = hasPermission(access.role, "editData");
  const canDelete = hasPermission(access.role, "deleteData");
  const query = parseListQuery(params, { sortKeys: ["name"] as const, defaultSort: "name", pageSize: 25 });
  const { rows, total } = await listAffectedAreas(access, { limit: query.pageSize, offset: query.offset });
  let confirmDelete: { id: number; name: string; parcels: number } | null = null;
  if (canDelete && params.get("delete")) {
    const area = await getAffectedArea(access, requireRecordId(params.get("delete"), "Affected area not found"));
    confirmDelete = { id: area.id, name: area.name, parcels: area.parcels.length };
  }
  return {
    project: projectSummary(access),
    canEdit,
    canDelete,
    rows,
    page: query.page,
    pageSize: query.pageSize,
    total,
    crsChoices: canEdit ? CRS_CHOICES.map((crs) => ({ value: crs.code, label: `${crs.label} (${crs.code})` })) : [],
    confirmDelete,
  };
}

export type AffectedAreasPageData = Awaited<ReturnType<typeof loadAffectedAreasPage>>;
