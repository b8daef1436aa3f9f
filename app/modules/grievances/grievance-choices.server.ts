import { sqlRows } from "~db/sql.server";
import type { ProjectAccess } from "~/modules/access/project-access.server";
import { likePattern } from "~/utils/list-query";
import { grievanceOwnerChoices } from "./grievance.server";

/**
 * The choices of the grievance form (docs/records.md#grievance-form). A project may hold thousands of
 * stakeholders and properties, so each select offers at most CHOICE_LIMIT of them: those matching the
 * finder's text (a GET form, so it works without JavaScript), plus the one already chosen.
 */
export const CHOICE_LIMIT = 50;

export async function grievanceFormChoices(access: ProjectAccess, find: { who: string; where: string }, chosen: { stakeholderId?: string; propertyId?: string } = {}) {
  const projectId = access.project.id;
  const stakeholderChosen = Number(chosen.stakeholderId) || 0;
  const propertyChosen = Number(chosen.propertyId) || 0;
  const [stakeholders, properties, owners] = await Promise.all([
    sqlRows<{ id: number; name: string }>(
      `(select id, name from stakeholder where project_id = ? and (?::text = '' or name ilike ?) order by lower(name), id limit ?)
       union select id, name from stakeholder where project_id = ? and id = ? order by 2, 1`,
      [projectId, find.who, likePattern(find.who), CHOICE_LIMIT, projectId, stakeholderChosen],
    ),
    sqlRows<{ id: number; address: string }>(
      `(select id, address from property where project_id = ? and (?::text = '' or address ilike ?) order by lower(address), id limit ?)
       union select id, address from property where project_id = ? and id = ? order by 2, 1`,
      [projectId, find.where, likePattern(find.where), CHOICE_LIMIT, projectId, propertyChosen],
    ),
    grievanceOwnerChoices(access),
  ]);
  return {
    stakeholders: stakeholders.map((s) => ({ value: String(s.id), label: s.name })),
    properties: properties.map((p) => ({ value: String(p.id), label: p.address })),
    owners: owners.map((o) => ({ value: o.id, label: o.name })),
    find,
    limit: CHOICE_LIMIT,
  };
}

export type GrievanceFormChoices = Awaited<ReturnType<typeof grievanceFormChoices>>;
