import { searchTextSql, STAKEHOLDER_SEARCH_COLUMNS } from "~db/entities/search-text";
import { sqlRows, sqlRowsPrepared } from "~db/sql.server";
import { todayForProject, type CalendarDate } from "~/modules/calendar/today";
import { nextActionPriority, priorityOrderSql, type Priority } from "~/modules/next-action/priority";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { likePattern } from "~/utils/list-query";
import type { StakeholderJson } from "./stakeholder-json";

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
  memberType: string | null;
  isActive: boolean;
  nextAction: string | null;
  nextActionDueDate: string | null;
  priority: Priority;
}

const SEARCH_TEXT = searchTextSql(STAKEHOLDER_SEARCH_COLUMNS, "s");

/**
 * Each sort reads its page through an index (migrations list_indexes and list_sort_indexes;
 * tests/integration/list-sort-indexes.test.ts), forwards ascending and backwards descending: a
 * descending list is the ascending one reversed, blanks first (docs/data-access.md#lists).
 */
const ORDER_BY: Record<StakeholderSortKey, (dir: "asc" | "desc") => string> = {
  name: (dir) => `lower(s.name) ${dir}, s.id ${dir}`,
  email: (dir) => `lower(s.email) ${dir}, s.id ${dir}`,
  memberType: (dir) => `s.member_type ${dir}, lower(s.name) ${dir}, s.id ${dir}`,
  // docs/records.md#next-action: ascending puts overdue first; ties by due date.
  priority: (dir) => `${priorityOrderSql("s.next_action_due_date", dir)}, lower(s.name) ${dir}, s.id ${dir}`,
};

/** The ORDER BY of a sort (the `s` alias), ending in the id so that pages never overlap. */
export const stakeholderOrderSql = (sort: StakeholderSortKey = "name", dir: "asc" | "desc" = "asc") => ORDER_BY[sort](dir);

function where(access: ProjectAccess, search = "") {
  const text = search.trim();
  if (!text) return { sql: "s.project_id = ?", params: [access.project.id] as unknown[] };
  return { sql: `s.project_id = ? and ${SEARCH_TEXT} ilike ?`, params: [access.project.id, likePattern(text)] as unknown[] };
}

/**
 * A search of at least this many characters has trigrams, so the trigram index finds its matches
 * without reading the project: the page is cut from the matches themselves (sorted). PostgreSQL tends
 * to overestimate how many rows a search matches and would instead walk the sort's index testing every
 * stakeholder until a page is full ("Nguyen", 107 of 10,000: 18 ms that way, 4 ms this way). A shorter
 * term has no trigram, every row is read either way and matches are dense, so walking the sort's index
 * is the faster plan (a one-letter search: 0.3 ms against 68 ms). See docs/data-access.md#the-stakeholders-list.
 */
export const TRIGRAM_SEARCH_LENGTH = 3;

/**
 * The FROM and WHERE of a page of rows and the SQL of the number matching, with their parameters in
 * order: without a search the count is null (the tiles' total is the count).
 */
function matching(access: ProjectAccess, search = "") {
  const filter = where(access, search);
  const text = search.trim();
  if (!text) return { cte: "", cteParams: [] as unknown[], from: `stakeholder s where ${filter.sql}`, fromParams: filter.params, count: null };
  if (text.length >= TRIGRAM_SEARCH_LENGTH)
    return {
      cte: `matched as materialized (select s.id from stakeholder s where ${filter.sql}),`,
      cteParams: filter.params,
      from: `stakeholder s join matched on matched.id = s.id`,
      fromParams: [] as unknown[],
      count: { sql: "(select count(*) from matched)::int", params: [] as unknown[] },
    };
  return {
    cte: "",
    cteParams: [] as unknown[],
    from: `stakeholder s where ${filter.sql}`,
    fromParams: filter.params,
    count: { sql: `(select count(*) from stakeholder s where ${filter.sql})::int`, params: filter.params },
  };
}

const TILES_SQL = `count(*)::int as total,
            count(*) filter (where is_active is not false)::int as active,
            count(*) filter (where member_type = 'Individual')::int as individuals,
            count(*) filter (where member_type = 'Business')::int as businesses`;

/** The four tiles, for the whole project (not just the page or the search), in one query. */
export async function stakeholderCounts(access: ProjectAccess): Promise<StakeholderCounts> {
  requirePermission(access, "viewData");
  const [row] = await sqlRows<StakeholderCounts>(`select ${TILES_SQL} from stakeholder where project_id = ?`, [access.project.id]);
  return { total: row?.total ?? 0, active: row?.active ?? 0, individuals: row?.individuals ?? 0, businesses: row?.businesses ?? 0 };
}

/** How many stakeholders a search matches (the whole project without one). */
async function countMatches(access: ProjectAccess, search: string): Promise<number> {
  const filter = where(access, search);
  const [row] = await sqlRows<{ n: number }>(`select count(*)::int as n from stakeholder s where ${filter.sql}`, filter.params);
  return row?.n ?? 0;
}

const LIST_COLUMNS = `s.id, s.name, s.email,
  coalesce(s.phone, s.mobile, s.mobile_phone, s.business_phone, s.home_phone, s.cell_phone, s.contact_phone) as phone,
  s.address, s.member_type as "memberType", s.is_active is not false as "isActive",
  s.next_action as "nextAction", s.next_action_due_date::text as "nextActionDueDate"`;

export interface StakeholderPageOptions extends StakeholderListOptions {
  /** The first this many linked properties of each row (by address), with each row's number of them; none when 0. */
  properties?: number;
}

export interface StakeholderPageRow extends StakeholderListRow {
  properties: { id: number; address: string }[];
  propertyTotal: number;
}

type PageRow = Omit<StakeholderListRow, "priority"> & StakeholderCounts & { matches: number | null; properties: [number, string][] | null; propertyTotal: number | null };

/**
 * The page's rows: their ids found first (a sort with an index walks it; one without sorts only the
 * narrow keys, keeping the best LIMIT + OFFSET of them), then only those rows read whole. Sorting whole
 * rows to keep 25 took 12.5 ms of PostgreSQL's CPU against 5.9 for the email sort (bench/README.md).
 * Takes the LIMIT and OFFSET parameters.
 */
const pageOf = (from: string, order: string) => `stakeholder s join (select s.id from ${from} order by ${order} limit ? offset ?) ids on ids.id = s.id`;

/** The page's one query and its parameters (also run by bench/explain-stakeholders.mjs). */
export function stakeholderPageQuery(access: ProjectAccess, options: StakeholderPageOptions) {
  const order = stakeholderOrderSql(options.sort, options.dir);
  const m = matching(access, options.search);
  const previews = options.properties ?? 0;
  const preview = previews
    ? `, (select json_agg(json_build_array(x.id, x.address) order by x.address, x.id)
          from (select p.id, p.address from stakeholder_property sp join property p on p.id = sp.property_id and p.project_id = sp.project_id
                 where sp.project_id = ? and sp.stakeholder_id = page.id order by p.address, p.id limit ?) x) as properties,
        (select count(*)::int from stakeholder_property sp join property p on p.id = sp.property_id and p.project_id = sp.project_id
          where sp.project_id = ? and sp.stakeholder_id = page.id) as "propertyTotal"`
    : "";
  // `materialized`: counted once. Inlined, a search the planner expects to match one row put the
  // tiles' count of the whole project inside the join, once per row of the page (22 ms against 1).
  const sql = `with ${m.cte}
    tiles as materialized (select ${TILES_SQL} from stakeholder where project_id = ?),
    page as (select ${LIST_COLUMNS}, row_number() over (order by ${order}) as ord from ${pageOf(m.from, order)})
    select page.*, tiles.*, ${m.count ? m.count.sql : "null::int"} as matches${preview}
      from page cross join tiles order by page.ord`;
  const params = [...m.cteParams, access.project.id, ...m.fromParams, options.limit, options.offset, ...(m.count?.params ?? []), ...(previews ? [access.project.id, previews, access.project.id] : [])];
  return { sql, params };
}

/**
 * One page of the project's stakeholders (search, sort, LIMIT/OFFSET), the number matching, the
 * project's tiles and, when asked, each row's first linked properties, in ONE query: the tiles and the
 * count are computed once and carried on every row. Only when the page is empty (an empty project, a
 * page past the end) are the tiles and the count read on their own.
 */
export async function listStakeholders(access: ProjectAccess, options: StakeholderPageOptions): Promise<{ rows: StakeholderPageRow[]; total: number; counts: StakeholderCounts }> {
  requirePermission(access, "viewData");
  const today = options.today ?? todayForProject(access.project);
  const { sql, params } = stakeholderPageQuery(access, options);
  const found = await sqlRowsPrepared<PageRow>(sql, params);
  const first = found[0];
  const counts: StakeholderCounts = first ? { total: first.total, active: first.active, individuals: first.individuals, businesses: first.businesses } : await stakeholderCounts(access);
  const total = !options.search?.trim() ? counts.total : first ? (first.matches ?? 0) : await countMatches(access, options.search);
  return {
    rows: found.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      email: r.email ?? null,
      phone: r.phone ?? null,
      address: r.address ?? null,
      memberType: r.memberType ?? null,
      isActive: Boolean(r.isActive),
      nextAction: r.nextAction ?? null,
      nextActionDueDate: r.nextActionDueDate ?? null,
      priority: nextActionPriority(r.nextActionDueDate ?? null, today),
      properties: (r.properties ?? []).map(([id, address]) => ({ id: Number(id), address })),
      propertyTotal: r.propertyTotal ?? 0,
    })),
    total,
    counts,
  };
}

/** Timestamps as the /api has always written them (Date#toISOString: UTC, milliseconds). */
const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Every field of stakeholderToJson (stakeholder-json.ts), as plain SQL: the /api list hydrates no entities. */
const JSON_COLUMNS = `s.id, s.user_id as "userId", s.project_id as "projectId", s.name, s.email, s.email2, s.email3,
  s.phone, s.phone2, s.phone3, s.address, s.address2, s.address3, s.latitude, s.longitude,
  s.address1lat as "address1Lat", s.address1lng as "address1Lng", s.address2lat as "address2Lat", s.address2lng as "address2Lng",
  s.address3lat as "address3Lat", s.address3lng as "address3Lng", s.spatial_accuracy as "spatialAccuracy", s.geo_source as "geoSource",
  s.member_type as "memberType", s.stakeholder_category as "stakeholderCategory", s.influence_level as "influenceLevel",
  s.iap2engagement_level as "iap2EngagementLevel", ${isoSql("s.last_contact")} as "lastContact", s.notes, s.next_action as "nextAction",
  s.next_action_due_date::text as "nextActionDueDate", s.custom_fields as "customFields", s.is_active is not false as "isActive",
  s.is_project_property_owner is true as "isProjectPropertyOwner", s.company_name as "companyName", s.mobile,
  s.contact_phone as "contactPhone", s.business_phone as "businessPhone", s.home_phone as "homePhone", s.cell_phone as "cellPhone",
  s.mobile_phone as "mobilePhone", s.version, ${isoSql("s.created_at")} as "createdAt", ${isoSql("s.updated_at")} as "updatedAt"`;

/**
 * A page of whole stakeholders in list order, for /api (which returns every field), with the number
 * matching, in one query of plain rows (the same shape as stakeholderToJson).
 */
export async function listStakeholderRecords(access: ProjectAccess, options: StakeholderListOptions): Promise<{ rows: StakeholderJson[]; total: number }> {
  requirePermission(access, "viewData");
  const order = stakeholderOrderSql(options.sort, options.dir);
  const m = matching(access, options.search);
  const count = m.count ?? { sql: "(select count(*) from stakeholder where project_id = ?)::int", params: [access.project.id] };
  const sql = `with ${m.cte}
    page as (select ${JSON_COLUMNS}, row_number() over (order by ${order}) as ord from ${pageOf(m.from, order)})
    select page.*, ${count.sql} as "matchTotal" from page order by page.ord`;
  const found = await sqlRows<StakeholderJson & { ord: unknown; matchTotal: number }>(sql, [...m.cteParams, ...m.fromParams, options.limit, options.offset, ...count.params]);
  const total = found[0]?.matchTotal ?? (await countMatches(access, options.search ?? ""));
  return { rows: found.map(({ ord: _ord, matchTotal: _total, ...row }) => row), total };
}
