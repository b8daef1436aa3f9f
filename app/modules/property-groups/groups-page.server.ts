import { projectSummary, type ProjectAccess } from "~/modules/access/project-access.server";
import { parseListQuery } from "~/utils/list-query";
import type { GroupTab } from "./format";
import { getPropertyGroup, listPropertyGroups } from "./groups.server";

/**
 * Everything /stakeholder-property-groups shows for one URL: the page of groups and the ?group=
 * details (contact or properties tab). A ?group= that names nothing in this project is a 404,
 * though the list still renders.
 */
export async function loadGroupsPage(access: ProjectAccess, url: URL) {
  const params = url.searchParams;
  const { search, page } = parseListQuery(params, { sortKeys: ["count"] as const, defaultSort: "count" });
  const tab: GroupTab = params.get("tab") === "properties" ? "properties" : "contact";
  const groupParam = params.get("group");
  const [list, group] = await Promise.all([listPropertyGroups(access, { search, page }), groupParam === null ? null : getPropertyGroup(access, groupParam, { withProperties: tab === "properties" })]);
  return {
    status: groupParam !== null && !group ? 404 : 200,
    data: {
      project: projectSummary(access),
      search,
      ...list,
      tab,
      group: groupParam === null ? null : group ? { found: true as const, ...group } : { found: false as const },
    },
  };
}
