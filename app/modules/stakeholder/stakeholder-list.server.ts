import { Stakeholder, type IStakeholder } from "~db/entities/Stakeholder";
import { searchTextSql, STAKEHOLDER_SEARCH_COLUMNS } from "~db/entities/search-text";
import { db } from "~db/orm";
import { sqlRows } from "~db/sql.server";
import { todayForProject, type CalendarDate } from "~/modules/calendar/today";
import { nextActionPriority, priorityOrderSql, type Priority } from "~/modules/next-action/priority";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { likePattern } from "~/utils/list-query";

/**
 * The stakeholders list: one page of plain rows with only the columns the list shows (no entity
 * hydration), the project's tiles and the match count. Each sort has an index that returns the
 * page in order (see migration list_indexes), and the search runs on the trigram index.
 */
export const STAKEHOLDER_SORT_KEYS = ["name", "email", "memberType", "priority"] as const;
export type StakeholderSortKey = (typeof STAKEHOLDER_SORT_KEYS)[number];

export interface StakeholderListOptions {
  search?: string;
  sort?: StakeholderSortKey;
  dir?: "asc" | "desc";
  limit: number;
  offset: number;
  /** The request's today (calendar/today.ts); the project's own when not given. */
  today?: CalendarDate;
}

export interface StakeholderCounts {
  total: number;
  active: number;
  individuals: number;
  businesses: number;
}

export interface StakeholderListRow {
  id: number;
  name: string;
  email: string | null;
  /** The first phone number the record has (phone, then the imported mobile and other numbers). */
  phone: string | null;
  address: string | null;
  companyName: string | null;
  memberType: string | null;
  isActive: boolean;
  nextAction: string | null;
  nextActionDueDate: string | null;
  priority: Priority;
}

const SEARCH_TEXT = searchTextSql(STAKEHOLDER_SEARCH_COLUMNS, "s");

const ORDER_BY: Record<StakeholderSortKey, (dir: "asc" | "desc") => string> = {
  // The id follows the direction so the (project, lower(name), id) index can be read backwards too.
  name: (dir) => `lower(s.name) ${dir}, s.id ${dir}`,
  email: (dir) => `lower(s.email) ${dir} nulls last, lower(s.name) ${dir}, s.id asc`,
  memberType: (dir) => `s.member_type ${dir} nulls last, lower(s.name) asc, s.id asc`,
  // docs/records.md#next-action: ascending puts overdue first; ties by due date.
  priority: (dir) => `${priorityOrderSql("s.next_action_due_date", dir)}, lower(s.name) asc, s.id asc`,
};

function where(access: ProjectAccess, search = "") {
  const text = search.trim();
  if (!text) return { sql: "s.project_id = ?", params: [access.project.id] as unknown[] };
  return { sql: `s.project_id = ? and ${SEARCH_TEXT} ilike ?`, params: [access.project.id, likePattern(text)] as unknown[] };
}

/**
 * Up to this many matches, a search's page is cut from the matches themselves (found through the
 * trigram index, then sorted). PostgreSQL tends to overestimate how many rows a search matches and
 * instead walks the sort's index testing every stakeholder until a page is full: "Nguyen" (107 of
 * 10,000) took 18 ms that way and 4 ms this way. Past it, matches are dense and walking the index is
 * the faster plan (a one-letter search: 0.3 ms against 68 ms).
 */
export const FEW_MATCHES = 1000;

/** One page of rows, in list order. `matchCount` is the search's count, when there is a search. */
async function pageRows(access: ProjectAccess, options: StakeholderListOptions, columns: string, matchCount: number | null) {
  const filter = where(access, options.search);
  const order = ORDER_BY[options.sort ?? "name"](options.dir ?? "asc");
  const from =
    matchCount !== null && matchCount <= FEW_MATCHES
      ? `(with matched as materialized (select s.id from stakeholder s where ${filter.sql}) select s.* from stakeholder s join matched on matched.id = s.id) s`
      : `stakeholder s where ${filter.sql}`;
  return sqlRows<Record<string, unknown>>(`select ${columns} from ${from} order by ${order} limit ? offset ?`, [...filter.params, options.limit, options.offset]);
}

/** The search's match count (null without a search) and then its page, cut the cheaper way for that count. */
async function searchPage(access: ProjectAccess, options: StakeholderListOptions, columns: string) {
  const search = options.search?.trim() ?? "";
  const matches = search ? await countMatches(access, search) : null;
  return { matches, rows: await pageRows(access, options, columns, matches) };
}

/** How many stakeholders the search matches (the trigram index finds them without reading the project). */
async function countMatches(access: ProjectAccess, search: string): Promise<number> {
  const filter = where(access, search);
  const [row] = await sqlRows<{ n: number }>(`select count(*)::int as n from stakeholder s where ${filter.sql}`, filter.params);
  return row?.n ?? 0;
}

/** The four tiles, for the whole project (not just the page or the search), in one query. */
export async function stakeholderCounts(access: ProjectAccess): Promise<StakeholderCounts> {
  requirePermission(access, "viewData");
  const [row] = await sqlRows<{ total: number; active: number; individuals: number; businesses: number }>(
    `select count(*)::int as total,
            count(*) filter (where is_active is not false)::int as active,
            count(*) filter (where member_type = 'Individual')::int as individuals,
            count(*) filter (where member_type = 'Business')::int as businesses
       from stakeholder where project_id = ?`,
    [access.project.id],
  );
  return { total: row?.total ?? 0, active: row?.active ?? 0, individuals: row?.individuals ?? 0, businesses: row?.businesses ?? 0 };
}

const LIST_COLUMNS = `s.id, s.name, s.email,
  coalesce(s.phone, s.mobile, s.mobile_phone, s.business_phone, s.home_phone, s.cell_phone, s.contact_phone) as phone,
  s.address, s.company_name as "companyName", s.member_type as "memberType", s.is_active is not false as "isActive",
  s.next_action as "nextAction", s.next_action_due_date::text as "nextActionDueDate"`;

/**
 * One page of the project's stakeholders (search, sort, LIMIT/OFFSET), the number matching, and the
 * project's tiles. Without a search the tiles' total is the match count, so the project is counted once.
 */
export async function listStakeholders(access: ProjectAccess, options: StakeholderListOptions): Promise<{ rows: StakeholderListRow[]; total: number; counts: StakeholderCounts }> {
  requirePermission(access, "viewData");
  const today = options.today ?? todayForProject(access.project);
  const [{ rows, matches }, counts] = await Promise.all([searchPage(access, options, LIST_COLUMNS), stakeholderCounts(access)]);
  return {
    rows: rows.map((r) => {
      const due = (r.nextActionDueDate as string | null) ?? null;
      return {
        id: Number(r.id),
        name: String(r.name),
        email: (r.email as string | null) ?? null,
        phone: (r.phone as string | null) ?? null,
        address: (r.address as string | null) ?? null,
        companyName: (r.companyName as string | null) ?? null,
        memberType: (r.memberType as string | null) ?? null,
        isActive: Boolean(r.isActive),
        nextAction: (r.nextAction as string | null) ?? null,
        nextActionDueDate: due,
        priority: nextActionPriority(due, today),
      };
    }),
    total: matches ?? counts.total,
    counts,
  };
}

/** A page of whole stakeholders in list order, for /api (which returns every field). */
export async function listStakeholderEntities(access: ProjectAccess, options: StakeholderListOptions): Promise<{ rows: IStakeholder[]; total: number }> {
  requirePermission(access, "viewData");
  const search = options.search?.trim() ?? "";
  const [ids, total] = search
    ? await searchPage(access, options, "s.id").then(({ rows, matches }) => [rows, matches ?? 0] as const)
    : await Promise.all([pageRows(access, options, "s.id", null), countMatches(access, search)]);
  if (!ids.length) return { rows: [], total };
  const found = await db().find(Stakeholder, { id: { $in: ids.map((r) => Number(r.id)) }, project: access.project.id });
  const byId = new Map(found.map((s) => [s.id, s]));
  return { rows: ids.map((r) => byId.get(Number(r.id))).filter((s): s is IStakeholder => Boolean(s)), total };
}
