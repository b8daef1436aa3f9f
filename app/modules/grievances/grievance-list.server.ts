import { GRIEVANCE_CATEGORIES, type GrievanceCategory, type GrievanceSeverity, type GrievanceStage } from "~db/entities/enums";
import { GRIEVANCE_SEARCH_COLUMNS, PROPERTY_SEARCH_COLUMNS, STAKEHOLDER_SEARCH_COLUMNS, searchTextSql } from "~db/entities/search-text";
import { severityRankSql, stageRankSql } from "~db/entities/list-sort-indexes";
import { sqlRowsPrepared } from "~db/sql.server";
import { addDays, todayForProject, type CalendarDate } from "~/modules/calendar/today";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { likePattern } from "~/utils/list-query";
import { dueStatus } from "./due-dates";

/**
 * The grievances list (docs/records.md#grievance-list): one page of plain rows, the total matching and
 * the tiles (open, overdue, due this week) in ONE statement. "Overdue" is judged on the project's
 * today as isOverdue does (calendar/business-days.ts): a due date before today while the stage still
 * waits for it.
 */
export const GRIEVANCE_SORT_KEYS = ["receivedAt", "reference", "resolveBy", "severity", "stage"] as const;
export type GrievanceSortKey = (typeof GRIEVANCE_SORT_KEYS)[number];

// Each sort reads its page through an index, backwards when descending: a descending list is the
// ascending one reversed, blanks first (docs/data-access.md#lists).
const ORDER_BY: Record<GrievanceSortKey, (dir: "asc" | "desc") => string> = {
  receivedAt: (dir) => `g.received_at ${dir}`,
  reference: (dir) => `g.reference ${dir}`,
  resolveBy: (dir) => `g.resolve_by ${dir}`,
  severity: (dir) => `${severityRankSql("g.severity")} ${dir}`,
  stage: (dir) => `${stageRankSql("g.stage")} ${dir}`,
};

/** The ORDER BY of a sort (the `g` alias), ending in the id so that pages never overlap. */
export const grievanceOrderSql = (sort: GrievanceSortKey = "receivedAt", dir: "asc" | "desc" = "desc") =>
  // A reference is unique in its project: it needs no tie-break, and its unique index serves the sort.
  sort === "reference" ? ORDER_BY.reference(dir) : `${ORDER_BY[sort](dir)}, g.id ${dir}`;

export interface GrievanceListQuery {
  search?: string;
  stage?: GrievanceStage | "open" | null;
  overdue?: boolean;
  category?: GrievanceCategory | null;
  ownerId?: string | null;
  propertyId?: number | null;
  place?: string;
  sort?: GrievanceSortKey;
  dir?: "asc" | "desc";
  limit: number;
  offset: number;
  today?: CalendarDate;
}

/** The SQL twin of dueStatus: overdue to acknowledge or to resolve on `today` (two bound parameters); the dashboard counts with it too. */
export const OVERDUE_SQL = `((g.stage = 'received' and g.acknowledge_by < ?::date) or (g.stage not in ('resolved', 'closed') and g.resolve_by < ?::date))`;
export const OPEN_SQL = `g.stage <> 'closed'`;
const COMPLAINANT_SQL = `coalesce(s.name, g.complainant_name)`;
/** The search texts the trigram indexes hold: the grievance's own, and a stakeholder complainant's as the stakeholder list searches it. */
const GRIEVANCE_SEARCH_TEXT = searchTextSql(GRIEVANCE_SEARCH_COLUMNS, "g");
const STAKEHOLDER_SEARCH_TEXT = searchTextSql(STAKEHOLDER_SEARCH_COLUMNS, "st");
/** The property list's own search text (trigram-indexed), so "place" finds what the property search finds. */
const PROPERTY_SEARCH_TEXT = searchTextSql(PROPERTY_SEARCH_COLUMNS, "p");

/**
 * The grievances a search matches, found once for the count and the page: the grievance's own text
 * (its trigram index) united with those of the stakeholders whose text matches (theirs). Written as an
 * OR in one WHERE, neither index could be used and every grievance was read twice (16 ms against 3).
 */
function searchIdsCte(access: ProjectAccess, search: string | undefined) {
  if (!search) return { sql: "", params: [] as unknown[] };
  const pattern = likePattern(search);
  return {
    sql: `with search_ids as materialized (
            select g.id from grievance g where g.project_id = ? and ${GRIEVANCE_SEARCH_TEXT} ilike ?
            union
            select g.id from grievance g where g.project_id = ? and g.stakeholder_id in (select st.id from stakeholder st where st.project_id = ? and ${STAKEHOLDER_SEARCH_TEXT} ilike ?)) `,
    params: [access.project.id, pattern, access.project.id, access.project.id, pattern] as unknown[],
  };
}

function listWhere(access: ProjectAccess, query: GrievanceListQuery, today: CalendarDate) {
  const clauses = ["g.project_id = ?"];
  const params: unknown[] = [access.project.id];
  if (query.search) clauses.push("g.id in (select id from search_ids)");
  if (query.stage === "open") clauses.push(OPEN_SQL);
  else if (query.stage) {
    clauses.push("g.stage = ?");
    params.push(query.stage);
  }
  if (query.overdue) {
    clauses.push(OVERDUE_SQL);
    params.push(today, today);
  }
  if (query.category && (GRIEVANCE_CATEGORIES as readonly string[]).includes(query.category)) {
    clauses.push("g.category = ?");
    params.push(query.category);
  }
  if (query.ownerId) {
    clauses.push("g.owner_id = ?");
    params.push(query.ownerId);
  }
  if (query.propertyId) {
    clauses.push("g.property_id = ?");
    params.push(query.propertyId);
  }
  if (query.place) {
    clauses.push(`g.property_id in (select p.id from property p where p.project_id = ? and ${PROPERTY_SEARCH_TEXT} ilike ?)`);
    params.push(access.project.id, likePattern(query.place));
  }
  // Nothing but the project: the list is every grievance, which the tiles' scan counts already.
  return { sql: clauses.join(" and "), params, wholeProject: clauses.length === 1 };
}

export interface GrievanceListRow {
  id: number;
  reference: string;
  receivedAt: string;
  complainant: string | null;
  category: GrievanceCategory;
  severity: GrievanceSeverity;
  stage: GrievanceStage;
  ownerName: string | null;
  acknowledgeBy: string | null;
  resolveBy: string | null;
  acknowledgeOverdue: boolean;
  resolveOverdue: boolean;
  escalated: boolean;
}

export interface GrievanceStats {
  open: number;
  overdue: number;
  dueThisWeek: number;
}

const ROW_JSON = `json_build_object('id', pg.id, 'reference', pg.reference, 'receivedAt', pg.received_at, 'complainant', pg.complainant,
  'category', pg.category, 'severity', pg.severity, 'stage', pg.stage, 'ownerName', pg.owner_name,
  'acknowledgeBy', pg.acknowledge_by::text, 'resolveBy', pg.resolve_by::text, 'escalated', pg.escalated_at is not null)`;

/**
 * One page of the project's grievances, the total matching and the tiles in one statement. "Due this
 * week" is an open grievance whose resolve-by date falls in the next seven days from today.
 */
export async function listGrievances(access: ProjectAccess, query: GrievanceListQuery): Promise<{ rows: GrievanceListRow[]; total: number; stats: GrievanceStats }> {
  requirePermission(access, "viewData");
  const today = query.today ?? todayForProject(access.project);
  const where = listWhere(access, query, today);
  const search = searchIdsCte(access, query.search);
  const dir = query.dir ?? "desc";
  const order = grievanceOrderSql(query.sort, dir);
  // The page's ids are found through the sort's index (or by sorting only the keys), and only those
  // rows are read whole and joined to their stakeholder and owner; the total and the tiles are counts of narrow index entries, all in one statement.
  const [row] = await sqlRowsPrepared<{
    open: number;
    overdue: number;
    due_week: number;
    total: number;
    rows: (Omit<GrievanceListRow, "acknowledgeOverdue" | "resolveOverdue"> & { receivedAt: string })[];
  }>(
    `${search.sql}select t.open, t.overdue, t.due_week,
            ${where.wholeProject ? "t.all_rows" : `(select count(*)::int from grievance g where ${where.sql})`} as total,
            (select coalesce(json_agg(${ROW_JSON} order by ${order.replaceAll("g.", "pg.")}), '[]')
               from (select g.id, g.reference, g.received_at, ${COMPLAINANT_SQL} as complainant, g.category, g.severity, g.stage, g.acknowledge_by, g.resolve_by, g.escalated_at,
                            coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as owner_name
                       from grievance g join (select g.id from grievance g where ${where.sql} order by ${order} limit ? offset ?) ids on ids.id = g.id
                       left join stakeholder s on s.id = g.stakeholder_id left join "user" u on u.id = g.owner_id) pg) as rows
       from (select count(*)::int as all_rows,
                    count(*) filter (where ${OPEN_SQL})::int as open,
                    count(*) filter (where ${OVERDUE_SQL})::int as overdue,
                    count(*) filter (where ${OPEN_SQL} and g.stage <> 'resolved' and g.resolve_by between ?::date and ?::date)::int as due_week
               from grievance g where g.project_id = ?) t`,
    [...search.params, ...(where.wholeProject ? [] : where.params), ...where.params, query.limit, query.offset, today, today, today, addDays(today, 7), access.project.id],
  );
  const total = Number(row?.total ?? 0);
  return {
    total,
    stats: { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0), dueThisWeek: Number(row?.due_week ?? 0) },
    rows: (row?.rows ?? []).map((r) => ({ ...r, receivedAt: new Date(r.receivedAt).toISOString(), ...dueStatus(r, today) })),
  };
}
