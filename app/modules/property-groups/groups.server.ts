import { Stakeholder } from "~db/entities/Stakeholder";
import { db } from "~db/orm";
import { sqlRows, sqlRowsPrepared } from "~db/sql.server";
import { searchTextSql, STAKEHOLDER_SEARCH_COLUMNS } from "~db/entities/search-text";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { likePattern } from "~/utils/list-query";
import { contactDetails, contactSummary, lotPlan, volumeFolio, type ContactDetails } from "./format";
import { parseRecordId } from "~/utils/record-id";

/**
 * Stakeholder Property Groups (docs/records.md#property-groups): the project's stakeholders that have at least one linked
 * property, most links first. A page costs one query whatever its size: the page of stakeholders
 * with their link counts (stakeholder_link_count), the total and the first three properties of each.
 */
export const GROUPS_PAGE_SIZE = 24;
export const CARD_PROPERTIES = 3;
/** The details view lists every linked property; this only bounds a pathological record. */
export const DETAIL_PROPERTY_LIMIT = 500;

export interface GroupCard {
  id: number;
  name: string;
  contact: string | null;
  propertyCount: number;
  properties: { id: number; address: string }[];
}

export interface GroupPage {
  groups: GroupCard[];
  total: number;
  page: number;
  pageSize: number;
}

export interface GroupProperty {
  id: number;
  address: string;
  volumeFolio: string | null;
  lotPlan: string | null;
}

export interface GroupDetails {
  id: number;
  name: string;
  propertyCount: number;
  contact: ContactDetails;
  /** Only loaded for the Associated Properties tab. */
  properties: GroupProperty[] | null;
}

const CONTACT_COLUMNS = [
  "email",
  "email2",
  "email3",
  "phone",
  "phone2",
  "phone3",
  "mobile",
  "mobilePhone",
  "cellPhone",
  "homePhone",
  "businessPhone",
  "contactPhone",
  "address",
  "address2",
  "address3",
] as const;

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const CONTACT_SELECT = CONTACT_COLUMNS.map((c) => `s.${snake(c)} as "${c}"`).join(", ");

type PageRow = { id: number; name: string; propertyCount: number; total: string | number | null; properties: { id: number; address: string }[] } & Record<
  (typeof CONTACT_COLUMNS)[number],
  string | null
>;

/**
 * One page of groups, optionally narrowed by stakeholder name or a linked property's address, in ONE
 * statement: the page of stakeholders with their link counts, each with its first three properties
 * (by address, as JSON), and the total. Reads stakeholder_link_count (one row per stakeholder with
 * links, kept by triggers on stakeholder_property, migration stakeholder_link_count), so without a
 * search a page is a scan of the project's rows on stakeholder_link_count_project_count_index with a
 * limit (the name/id tie-break an incremental sort) and the total an index-only count of the same
 * rows; counting every link of the project on each request cost 35–40 ms on a 10,000-stakeholder
 * project. With a search the groups come from its matches (few), and a window count rides on the
 * page; only a page past the last (a hand-edited URL) needs a second query for the total.
 */
export async function listPropertyGroups(access: ProjectAccess, { search = "", page = 1 }: { search?: string; page?: number } = {}): Promise<GroupPage> {
  requirePermission(access, "viewData");
  const projectId = access.project.id;
  const pageSize = GROUPS_PAGE_SIZE;
  const offset = (Math.max(1, page) - 1) * pageSize;
  const matched = searchedStakeholders(projectId, search);
  const grouped = matched
    ? `from (${matched.sql}) m join stakeholder_link_count lc on lc.stakeholder_id = m.id join stakeholder s on s.id = lc.stakeholder_id and s.project_id = lc.project_id where lc.project_id = ?`
    : `from stakeholder_link_count lc join stakeholder s on s.id = lc.stakeholder_id and s.project_id = lc.project_id where lc.project_id = ?`;
  const groupedParams = [...(matched?.params ?? []), projectId];
  const rows = await sqlRowsPrepared<PageRow>(
    `with page as (
       select s.id, s.name, lc.property_count as "propertyCount", ${CONTACT_SELECT}${matched ? ", count(*) over () as total" : ""}
       ${grouped}
       order by lc.property_count desc, s.name asc, s.id asc
       limit ? offset ?
     )
     select pg.*,${matched ? "" : " (select count(*) from stakeholder_link_count where project_id = ?) as total,"}
       (select coalesce(json_agg(json_build_object('id', first.id, 'address', first.address) order by first.address, first.id), '[]')
          from (select p.id, p.address from stakeholder_property sp join property p on p.id = sp.property_id
                where sp.stakeholder_id = pg.id and sp.project_id = ? and p.project_id = ?
                order by p.address, p.id limit ${CARD_PROPERTIES}) first) as properties
     from page pg
     order by pg."propertyCount" desc, pg.name asc, pg.id asc`,
    [...groupedParams, pageSize, offset, ...(matched ? [] : [projectId]), projectId, projectId],
  );
  let total: number;
  if (rows.length) total = Number(rows[0]!.total);
  else if (offset === 0) total = 0;
  else {
    // Past the last page there is no row to carry the count.
    const [row] = await sqlRows<{ total: string | number }>(`select count(*) as total ${grouped}`, groupedParams);
    total = Number(row?.total ?? 0);
  }
  return {
    groups: rows.map((row) => ({
      id: row.id,
      name: row.name,
      contact: contactSummary(row),
      propertyCount: Number(row.propertyCount),
      properties: row.properties.map((p) => ({ id: Number(p.id), address: p.address })),
    })),
    total,
    page: Math.max(1, page),
    pageSize,
  };
}

const STAKEHOLDER_SEARCH_TEXT = searchTextSql(STAKEHOLDER_SEARCH_COLUMNS, "s");

/**
 * The ids of the project's stakeholders whose name, or a linked property's address, contains the
 * search (null without one). The name is looked up through the stakeholder search's trigram index
 * (its text contains the name, so it finds a superset, which the name test then narrows) and the
 * address through the property address index: testing every stakeholder with ILIKE and a subquery
 * cost 140 ms on a 10,000-stakeholder project, this 5 ms.
 */
function searchedStakeholders(projectId: number, search: string): { sql: string; params: unknown[] } | null {
  const text = search.trim();
  if (!text) return null;
  const pattern = likePattern(text);
  return {
    sql: `select s.id from stakeholder s where s.project_id = ? and ${STAKEHOLDER_SEARCH_TEXT} ilike ? and s.name ilike ?
          union
          select sp.stakeholder_id from stakeholder_property sp join property p on p.id = sp.property_id
           where sp.project_id = ? and p.address ilike ?`,
    params: [projectId, pattern, pattern, projectId, pattern],
  };
}

/**
 * One group for the details view, or null when the id is not a stakeholder of this project with a
 * linked property (another client's id reads exactly like a missing one).
 */
export async function getPropertyGroup(access: ProjectAccess, rawId: unknown, { withProperties = false } = {}): Promise<GroupDetails | null> {
  requirePermission(access, "viewData");
  const id = parseRecordId(rawId);
  if (id === null) return null;
  const projectId = access.project.id;
  const stakeholder = await db().findOne(Stakeholder, { id, project: projectId }, { fields: ["id", "name", ...CONTACT_COLUMNS] });
  if (!stakeholder) return null;
  const [{ n } = { n: 0 }] = await sqlRows<{ n: number }>("select count(*)::int as n from stakeholder_property where stakeholder_id = ? and project_id = ?", [id, projectId]);
  if (!n) return null;
  let properties: GroupProperty[] | null = null;
  if (withProperties) {
    const rows = await sqlRows<{ id: number; address: string; volume: string | null; folio: string | null; lot: string | null; planNumber: string | null; lotPlanLine: string | null }>(
      `select p.id, p.address, p.volume, p.folio, p.lot, p.plan_number as "planNumber", p.lot_plan_line as "lotPlanLine"
       from stakeholder_property sp join property p on p.id = sp.property_id
       where sp.stakeholder_id = ? and sp.project_id = ? and p.project_id = ?
       order by p.address, p.id
       limit ${DETAIL_PROPERTY_LIMIT}`,
      [id, projectId, projectId],
    );
    properties = rows.map((p) => ({ id: p.id, address: p.address, volumeFolio: volumeFolio(p.volume, p.folio), lotPlan: lotPlan(p) }));
  }
  return { id: stakeholder.id, name: stakeholder.name, propertyCount: Number(n), contact: contactDetails(stakeholder), properties };
}
