import { Property, type IProperty } from "~db/entities/Property";
import { PROPERTY_SEARCH_COLUMNS, searchTextSql } from "~db/entities/search-text";
import { titleNumberSql } from "~db/entities/list-sort-indexes";
import { db } from "~db/orm";
import { sqlRows, sqlRowsPrepared } from "~db/sql.server";
import { todayForProject, type CalendarDate } from "~/modules/calendar/today";
import { nextActionPriority, priorityOrderSql, type Priority } from "~/modules/next-action/priority";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { likePattern } from "~/utils/list-query";
import { laaStatus, laaStatusSql, type LaaFilter, type LaaStatus } from "./laa-status";

/**
 * The properties list: one page of plain rows (only what the list shows), the total matching,
 * the summary tiles and each row's linked stakeholders. The tiles' aggregate also yields the
 * match count unless a search narrows the list, so the project is counted once.
 */
export const PROPERTY_SORT_KEYS = ["address", "volume", "folio", "laaExpiryDate", "nextActionPriority"] as const;
export type PropertySortKey = (typeof PROPERTY_SORT_KEYS)[number];

/** Natural order for title references: the digits as a number, then the text. */
const titleRefOrder = (column: string, dir: string) => `${titleNumberSql(column)} ${dir}, ${column} ${dir}`;

// Each sort reads its page through an index, backwards when descending: a descending list is the
// ascending one reversed, blanks first (docs/data-access.md#lists).
const ORDER_BY: Record<PropertySortKey, (dir: "asc" | "desc") => string> = {
  address: (dir) => `lower(p.address) ${dir}`,
  volume: (dir) => `${titleRefOrder("p.volume", dir)}, ${titleRefOrder("p.folio", dir)}`,
  folio: (dir) => titleRefOrder("p.folio", dir),
  laaExpiryDate: (dir) => `(case when p.has_laa then p.laa_expiry_date end) ${dir}`,
  nextActionPriority: (dir) => priorityOrderSql("p.next_action_due_date", dir),
};

/** The ORDER BY of a sort (the `p` alias), ending in the id so that pages never overlap. */
export const propertyOrderSql = (sort: PropertySortKey = "address", dir: "asc" | "desc" = "asc") => `${ORDER_BY[sort](dir)}, p.id ${dir}`;

const SEARCH_TEXT = searchTextSql(PROPERTY_SEARCH_COLUMNS, "p");

export interface PropertyListQuery {
  search?: string;
  laa?: LaaFilter;
  sort?: PropertySortKey;
  dir?: "asc" | "desc";
  limit: number;
  offset: number;
  /** The request's today (calendar/today.ts); the project's own when not given. */
  today?: CalendarDate;
}

function listWhere(access: ProjectAccess, query: Pick<PropertyListQuery, "search" | "laa">) {
  const clauses = ["p.project_id = ?"];
  const params: unknown[] = [access.project.id];
  if (query.search) {
    clauses.push(`${SEARCH_TEXT} ilike ?`);
    params.push(likePattern(query.search));
  }
  if (query.laa === "with") clauses.push("p.has_laa");
  if (query.laa === "without") clauses.push("not p.has_laa");
  return { sql: clauses.join(" and "), params };
}

/** A row of the table view: only what its columns show (docs/records.md#property-list). */
export interface PropertyTableRow {
  id: number;
  address: string;
  volume: string | null;
  folio: string | null;
  /** The first PROPRIETORS_SHOWN proprietors; `proprietorsMore` counts the rest. */
  proprietors: string[];
  proprietorsMore: number;
  titleType: string | null;
  laaExpiryDate: string | null;
  laaStatus: LaaStatus;
  nextActionDueDate: string | null;
  priority: Priority;
  linkedCount: number;
}

/** A row of the cards view (and of listProperties without `view: "table"`): every proprietor, the LAA and next action, the linked stakeholders' names. */
export interface PropertyListRow {
  id: number;
  address: string;
  volume: string | null;
  folio: string | null;
  proprietors: string[];
  titleType: string | null;
  lotPlanLine: string | null;
  hasLAA: boolean;
  laaExpiryDate: string | null;
  laaDetails: string | null;
  laaStatus: LaaStatus;
  nextAction: string | null;
  nextActionDueDate: string | null;
  priority: Priority;
  linkedStakeholders: { id: number; name: string }[];
}

export interface PropertyStats {
  total: number;
  freehold: number;
  certificateOfTitle: number;
  withLaa: number;
  laaExpired: number;
  laaExpiringSoon: number;
}

/** The table shows the first two proprietors and "+N more" (docs/records.md#property-list). */
export const PROPRIETORS_SHOWN = 2;

/** Proprietors as stored (a JSON list, or one name in older rows) as a list of names. */
export const proprietorList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === "string" && value ? [value] : []);
const text = (value: unknown) => (value as string | null | undefined) ?? null;

/** The tiles' aggregate over the whole project (one index-only scan of property_project_counts_index), with LAA expiry judged on `today`. */
function statsSql(access: ProjectAccess, today: CalendarDate) {
  const laa = laaStatusSql("p", today);
  return {
    sql: `select count(*)::int as total,
            count(*) filter (where p.title_type = 'FREEHOLD')::int as freehold,
            count(*) filter (where p.title_type = 'CoT')::int as cot,
            count(*) filter (where ${laa.withLaa.sql})::int as with_laa,
            count(*) filter (where ${laa.expired.sql})::int as expired,
            count(*) filter (where ${laa.expiringSoon.sql})::int as expiring
       from property p where p.project_id = ?`,
    params: [...laa.withLaa.params, ...laa.expired.params, ...laa.expiringSoon.params, access.project.id],
  };
}

type StatsRow = { total: number; freehold: number; cot: number; with_laa: number; expired: number; expiring: number };

const statsOf = (row: StatsRow | undefined): PropertyStats => ({
  total: Number(row?.total ?? 0),
  freehold: Number(row?.freehold ?? 0),
  certificateOfTitle: Number(row?.cot ?? 0),
  withLaa: Number(row?.with_laa ?? 0),
  laaExpired: Number(row?.expired ?? 0),
  laaExpiringSoon: Number(row?.expiring ?? 0),
});

/** The summary tiles for the whole project, in one query, with LAA expiry judged on `today`. */
export async function propertyStats(access: ProjectAccess, today: CalendarDate = todayForProject(access.project)): Promise<PropertyStats> {
  requirePermission(access, "viewData");
  const stats = statsSql(access, today);
  const [row] = await sqlRows<StatsRow>(stats.sql, stats.params);
  return statsOf(row);
}

/** The number of properties the list shows across all its pages when no search narrows it: from the tiles. */
const unsearchedTotal = (stats: PropertyStats, laa: LaaFilter | undefined) => (laa === "with" ? stats.withLaa : laa === "without" ? stats.total - stats.withLaa : stats.total);

async function matchCount(access: ProjectAccess, query: PropertyListQuery, stats: () => Promise<PropertyStats>): Promise<number> {
  if (!query.search) return unsearchedTotal(await stats(), query.laa);
  const where = listWhere(access, query);
  const [row] = await sqlRows<{ n: number }>(`select count(*)::int as n from property p where ${where.sql}`, where.params);
  return row?.n ?? 0;
}

async function pageRows(access: ProjectAccess, query: PropertyListQuery, columns: string) {
  const where = listWhere(access, query);
  const dir = query.dir ?? "asc";
  return sqlRows<Record<string, unknown>>(`select ${columns} from property p where ${where.sql} order by ${propertyOrderSql(query.sort, dir)} limit ? offset ?`, [
    ...where.params,
    query.limit,
    query.offset,
  ]);
}

/** Each view's columns of a page row, as a JSON object built by PostgreSQL (`pg` is the page's alias; `?` the project id). */
const ROW_JSON = {
  table: `json_build_object('id', pg.id, 'address', pg.address, 'volume', pg.volume, 'folio', pg.folio, 'proprietors', pg.proprietors,
     'titleType', pg.title_type, 'hasLAA', pg.has_laa, 'laaExpiryDate', pg.laa_expiry_date::text, 'nextActionDueDate', pg.next_action_due_date::text,
     'linkedCount', (select count(*) from stakeholder_property sp where sp.property_id = pg.id and sp.project_id = ?))`,
  cards: `json_build_object('id', pg.id, 'address', pg.address, 'volume', pg.volume, 'folio', pg.folio, 'proprietors', pg.proprietors,
     'titleType', pg.title_type, 'lotPlanLine', pg.lot_plan_line, 'hasLAA', pg.has_laa, 'laaExpiryDate', pg.laa_expiry_date::text, 'laaDetails', pg.laa_details,
     'nextAction', pg.next_action, 'nextActionDueDate', pg.next_action_due_date::text,
     'linkedStakeholders', (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by lower(s.name), s.id), '[]')
        from stakeholder_property sp join stakeholder s on s.id = sp.stakeholder_id where sp.property_id = pg.id and sp.project_id = ?))`,
} as const;

const PAGE_COLUMNS = {
  table: "p.id, p.address, p.volume, p.folio, p.proprietors, p.title_type, p.has_laa, p.laa_expiry_date, p.next_action_due_date",
  cards: "p.id, p.address, p.volume, p.folio, p.proprietors, p.title_type, p.lot_plan_line, p.has_laa, p.laa_expiry_date, p.laa_details, p.next_action, p.next_action_due_date",
} as const;

type PageJson = Record<string, unknown> & { id: number; proprietors: unknown; hasLAA: boolean; laaExpiryDate: string | null; nextActionDueDate: string | null };

/**
 * The page's rows, the tiles and the total in ONE statement (one round trip): the tiles' aggregate
 * over the project, and the page as a JSON array built in PostgreSQL, each row with its linked
 * stakeholders (their count for the table, their names for the cards). The page's ids are found
 * first (through the sort's index where there is one, else by sorting only the keys) and only those
 * rows are read whole; row_number keeps their order. Without a search the total comes from the tiles;
 * with one the matching ids are found once (the trigram index), then counted and sorted: walking the
 * sort's index and testing every row's text took 12 ms where this takes under 3.
 */
async function listPage(access: ProjectAccess, query: PropertyListQuery, view: "table" | "cards", today: CalendarDate) {
  const where = listWhere(access, query);
  const dir = query.dir ?? "asc";
  const order = propertyOrderSql(query.sort, dir);
  const stats = statsSql(access, today);
  const [row] = await sqlRowsPrepared<StatsRow & { rows: PageJson[]; matched: number | null }>(
    `with ${query.search ? `matched as materialized (select p.id from property p where ${where.sql}),` : ""}
     page as (
       select ${PAGE_COLUMNS[view]}, row_number() over (order by ${order}) as n
       from property p
       join (select p.id from property p ${query.search ? "join matched on matched.id = p.id" : `where ${where.sql}`} order by ${order} limit ? offset ?) ids on ids.id = p.id
     )
     select t.*, (select coalesce(json_agg(${ROW_JSON[view]} order by pg.n), '[]') from page pg) as rows,
            ${query.search ? "(select count(*) from matched)::int" : "null"} as matched
     from (${stats.sql}) t`,
    [...where.params, query.limit, query.offset, access.project.id, ...stats.params],
  );
  const tiles = statsOf(row);
  const rows = row?.rows ?? [];
  let total: number;
  if (!query.search) total = unsearchedTotal(tiles, query.laa);
  else total = Number(row?.matched ?? 0);
  return { rows, stats: tiles, total };
}

export interface PropertyListResult<Row> {
  rows: Row[];
  total: number;
  stats: PropertyStats;
}

/**
 * One page of the project's properties with their statuses on `today`, the total matching and the
 * tiles, in one query. `view: "table"` gives only the table's columns (PropertyTableRow); otherwise
 * every column the cards show, with the linked stakeholders' names (PropertyListRow).
 */
export async function listProperties(access: ProjectAccess, query: PropertyListQuery & { view: "table" }): Promise<PropertyListResult<PropertyTableRow>>;
export async function listProperties(access: ProjectAccess, query: PropertyListQuery & { view?: "cards" }): Promise<PropertyListResult<PropertyListRow>>;
export async function listProperties(access: ProjectAccess, query: PropertyListQuery & { view?: "table" | "cards" }): Promise<PropertyListResult<PropertyTableRow | PropertyListRow>>;
export async function listProperties(access: ProjectAccess, query: PropertyListQuery & { view?: "table" | "cards" }): Promise<PropertyListResult<PropertyTableRow | PropertyListRow>> {
  requirePermission(access, "viewData");
  const today = query.today ?? todayForProject(access.project);
  const view = query.view ?? "cards";
  const { rows, stats, total } = await listPage(access, query, view, today);
  if (view === "table") {
    return {
      total,
      stats,
      rows: rows.map((r) => {
        const all = proprietorList(r.proprietors);
        return {
          id: Number(r.id),
          address: String(r.address),
          volume: text(r.volume),
          folio: text(r.folio),
          proprietors: all.slice(0, PROPRIETORS_SHOWN),
          proprietorsMore: Math.max(0, all.length - PROPRIETORS_SHOWN),
          titleType: text(r.titleType),
          laaExpiryDate: r.hasLAA ? r.laaExpiryDate : null,
          laaStatus: laaStatus(Boolean(r.hasLAA), r.laaExpiryDate, today),
          nextActionDueDate: r.nextActionDueDate,
          priority: nextActionPriority(r.nextActionDueDate, today),
          linkedCount: Number(r.linkedCount),
        } satisfies PropertyTableRow;
      }),
    };
  }
  return {
    total,
    stats,
    rows: rows.map(
      (r) =>
        ({
          id: Number(r.id),
          address: String(r.address),
          volume: text(r.volume),
          folio: text(r.folio),
          proprietors: proprietorList(r.proprietors),
          titleType: text(r.titleType),
          lotPlanLine: text(r.lotPlanLine),
          hasLAA: Boolean(r.hasLAA),
          laaExpiryDate: r.laaExpiryDate,
          laaDetails: text(r.laaDetails),
          laaStatus: laaStatus(Boolean(r.hasLAA), r.laaExpiryDate, today),
          nextAction: text(r.nextAction),
          nextActionDueDate: r.nextActionDueDate,
          priority: nextActionPriority(r.nextActionDueDate, today),
          linkedStakeholders: (r.linkedStakeholders as { id: number; name: string }[]).map((s) => ({ id: Number(s.id), name: s.name })),
        }) satisfies PropertyListRow,
    ),
  };
}

/** The full properties of a page of the list, in list order (for /api). */
export async function listPropertyEntities(access: ProjectAccess, query: PropertyListQuery): Promise<{ properties: IProperty[]; total: number }> {
  requirePermission(access, "viewData");
  const [rows, total] = await Promise.all([pageRows(access, query, "p.id"), matchCount(access, query, () => propertyStats(access))]);
  if (!rows.length) return { properties: [], total };
  const found = await db().find(Property, { id: { $in: rows.map((r) => Number(r.id)) }, project: access.project.id });
  const byId = new Map(found.map((p) => [p.id, p]));
  return { properties: rows.map((r) => byId.get(Number(r.id))).filter((p): p is IProperty => Boolean(p)), total };
}
