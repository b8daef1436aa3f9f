import { Property, type IProperty } from "~db/entities/Property";
import { PROPERTY_SEARCH_COLUMNS, searchTextSql } from "~db/entities/search-text";
import { db } from "~db/orm";
import { sqlRows } from "~db/sql.server";
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
const titleRefOrder = (column: string, dir: string) => `nullif(regexp_replace(${column}, '\\D', '', 'g'), '')::numeric ${dir} nulls last, ${column} ${dir} nulls last`;

// Address, LAA expiry and priority have an index that returns the page in order (migration list_indexes).
const ORDER_BY: Record<PropertySortKey, (dir: "asc" | "desc") => string> = {
  address: (dir) => `lower(p.address) ${dir}`,
  volume: (dir) => `${titleRefOrder("p.volume", dir)}, ${titleRefOrder("p.folio", dir)}`,
  folio: (dir) => titleRefOrder("p.folio", dir),
  laaExpiryDate: (dir) => `(case when p.has_laa then p.laa_expiry_date end) ${dir} nulls last`,
  nextActionPriority: (dir) => priorityOrderSql("p.next_action_due_date", dir),
};

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

/** Proprietors as stored (a JSON list, or one name in older rows) as a list of names. */
export const proprietorList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === "string" && value ? [value] : []);
const text = (value: unknown) => (value as string | null | undefined) ?? null;

/** The summary tiles for the whole project, in one query, with LAA expiry judged on `today`. */
export async function propertyStats(access: ProjectAccess, today: CalendarDate = todayForProject(access.project)): Promise<PropertyStats> {
  requirePermission(access, "viewData");
  const laa = laaStatusSql("p", today);
  const [row] = await sqlRows<Record<string, string>>(
    `select count(*)::int as total,
            count(*) filter (where p.title_type = 'FREEHOLD')::int as freehold,
            count(*) filter (where p.title_type = 'CoT')::int as cot,
            count(*) filter (where ${laa.withLaa.sql})::int as with_laa,
            count(*) filter (where ${laa.expired.sql})::int as expired,
            count(*) filter (where ${laa.expiringSoon.sql})::int as expiring
       from property p where p.project_id = ?`,
    [...laa.withLaa.params, ...laa.expired.params, ...laa.expiringSoon.params, access.project.id],
  );
  return {
    total: Number(row?.total ?? 0),
    freehold: Number(row?.freehold ?? 0),
    certificateOfTitle: Number(row?.cot ?? 0),
    withLaa: Number(row?.with_laa ?? 0),
    laaExpired: Number(row?.expired ?? 0),
    laaExpiringSoon: Number(row?.expiring ?? 0),
  };
}

/** The number of properties the list shows across all its pages: from the tiles unless a search narrows it. */
async function matchCount(access: ProjectAccess, query: PropertyListQuery, stats: () => Promise<PropertyStats>): Promise<number> {
  if (!query.search) {
    const { total, withLaa } = await stats();
    return query.laa === "with" ? withLaa : query.laa === "without" ? total - withLaa : total;
  }
  const where = listWhere(access, query);
  const [row] = await sqlRows<{ n: number }>(`select count(*)::int as n from property p where ${where.sql}`, where.params);
  return row?.n ?? 0;
}

async function pageRows(access: ProjectAccess, query: PropertyListQuery, columns: string) {
  const where = listWhere(access, query);
  const dir = query.dir ?? "asc";
  return sqlRows<Record<string, unknown>>(`select ${columns} from property p where ${where.sql} order by ${ORDER_BY[query.sort ?? "address"](dir)}, p.id ${dir} limit ? offset ?`, [
    ...where.params,
    query.limit,
    query.offset,
  ]);
}

async function linkedStakeholdersOf(access: ProjectAccess, ids: number[]) {
  const linked = new Map<number, { id: number; name: string }[]>();
  if (!ids.length) return linked;
  const links = await sqlRows<{ property_id: number; id: number; name: string }>(
    `select sp.property_id, s.id, s.name from stakeholder_property sp join stakeholder s on s.id = sp.stakeholder_id
      where sp.project_id = ? and sp.property_id in (${ids.map(() => "?").join(", ")}) order by lower(s.name), s.id`,
    [access.project.id, ...ids],
  );
  for (const link of links) {
    const list = linked.get(Number(link.property_id)) ?? [];
    list.push({ id: Number(link.id), name: link.name });
    linked.set(Number(link.property_id), list);
  }
  return linked;
}

const LIST_COLUMNS = `p.id, p.address, p.volume, p.folio, p.proprietors, p.title_type, p.lot_plan_line, p.has_laa,
  p.laa_expiry_date::text as laa_expiry_date, p.laa_details, p.next_action, p.next_action_due_date::text as next_action_due_date`;

/** One page of the project's properties with their statuses on `today`, the total matching, the tiles and the linked stakeholders. */
export async function listProperties(access: ProjectAccess, query: PropertyListQuery): Promise<{ rows: PropertyListRow[]; total: number; stats: PropertyStats }> {
  requirePermission(access, "viewData");
  const today = query.today ?? todayForProject(access.project);
  const statsQuery = propertyStats(access, today);
  const [rows, stats, total] = await Promise.all([pageRows(access, query, LIST_COLUMNS), statsQuery, matchCount(access, query, () => statsQuery)]);
  const linked = await linkedStakeholdersOf(
    access,
    rows.map((r) => Number(r.id)),
  );
  return {
    total,
    stats,
    rows: rows.map((r) => {
      const laaExpiryDate = text(r.laa_expiry_date);
      const nextActionDueDate = text(r.next_action_due_date);
      return {
        id: Number(r.id),
        address: String(r.address),
        volume: text(r.volume),
        folio: text(r.folio),
        proprietors: proprietorList(r.proprietors),
        titleType: text(r.title_type),
        lotPlanLine: text(r.lot_plan_line),
        hasLAA: Boolean(r.has_laa),
        laaExpiryDate,
        laaDetails: text(r.laa_details),
        laaStatus: laaStatus(Boolean(r.has_laa), laaExpiryDate, today),
        nextAction: text(r.next_action),
        nextActionDueDate,
        priority: nextActionPriority(nextActionDueDate, today),
        linkedStakeholders: linked.get(Number(r.id)) ?? [],
      };
    }),
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
