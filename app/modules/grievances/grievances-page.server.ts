import { hasPermission } from "~/modules/permissions/permissions";
import { projectSummary, type ProjectAccess } from "~/modules/access/project-access.server";
import { todayForProject } from "~/modules/calendar/today";
import { instantToZonedLocal } from "~/modules/engagement/zoned-time";
import { projectTimeZone } from "~/modules/calendar/today";
import { MAX_SEARCH_LENGTH, parseListQuery } from "~/utils/list-query";
import { GRIEVANCE_SORT_KEYS, listGrievances } from "./grievance-list.server";
import { grievanceFormChoices } from "./grievance-choices.server";
import { grievanceOwnerChoices } from "./grievance.server";
import { grievanceFilters } from "./list-params";
import { sqlOne } from "~db/sql.server";

const finderText = (params: URLSearchParams, key: string) => (params.get(key) ?? "").trim().slice(0, MAX_SEARCH_LENGTH);

/**
 * Everything /grievances shows for one URL: the page of rows, the tiles, the filters' choices, and
 * the new-grievance form when `?new=1` is open (with its finder's `who` and `where`).
 */
export async function loadGrievancesPage(access: ProjectAccess, url: URL) {
  const params = url.searchParams;
  const canEdit = hasPermission(access.role, "editData");
  const query = parseListQuery(params, { sortKeys: GRIEVANCE_SORT_KEYS, defaultSort: "receivedAt", defaultDir: "desc" });
  const filters = grievanceFilters(params);
  const today = todayForProject(access.project);
  const { rows, total, stats } = await listGrievances(access, { ...filters, sort: query.sort, dir: query.dir, limit: query.pageSize, offset: query.offset, today });
  let form = null;
  if (canEdit && params.get("new") === "1") {
    const now = instantToZonedLocal(new Date(), projectTimeZone(access.project.settings));
    form = {
      values: { receivedDate: now.slice(0, 10), receivedTime: now.slice(11, 16), complainantKind: "stakeholder", channel: "", category: "", severity: "", description: "", ownerId: access.user.id },
      choices: await grievanceFormChoices(access, { who: finderText(params, "who"), where: finderText(params, "where") }),
    };
  }
  // A link from a property's page narrows the list to it: say which property, from this project only.
  const property = filters.propertyId ? await sqlOne<{ address: string }>("select address from property where id = ? and project_id = ?", [filters.propertyId, access.project.id]) : null;
  return {
    project: projectSummary(access),
    property,
    canEdit,
    today,
    timeZone: projectTimeZone(access.project.settings),
    list: { rows, total, page: query.page, pageSize: query.pageSize, sort: query.sort, dir: query.dir, ...filters },
    stats,
    owners: (await grievanceOwnerChoices(access)).map((o) => ({ value: o.id, label: o.name })),
    form,
  };
}

export type GrievancesPageData = Awaited<ReturnType<typeof loadGrievancesPage>>;
