import { sqlRows } from "~db/sql.server";
import type { CalendarDate } from "~/modules/calendar/today";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { likePattern } from "~/utils/list-query";
import { COMMITMENT_STATUSES, dueBadge, dueSoonUntil, type CommitmentStatus, type DueBadge } from "./rules";

/**
 * The commitments list (docs/records.md#commitments): one page of plain rows, the total matching
 * and the tiles (open, overdue, due soon), in ONE statement, with "today" a bound parameter so rows,
 * tiles and badges agree.
 */
export const COMMITMENT_SORT_KEYS = ["dueDate", "promisedOn", "status", "description"] as const;
export type CommitmentSortKey = (typeof COMMITMENT_SORT_KEYS)[number];

export const STATUS_FILTERS = ["active", "all", ...COMMITMENT_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const DUE_FILTERS = ["any", "overdue", "soon"] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

export const parseStatusFilter = (v: string | null): StatusFilter => ((STATUS_FILTERS as readonly string[]).includes(v ?? "") ? (v as StatusFilter) : "active");
export const parseDueFilter = (v: string | null): DueFilter => ((DUE_FILTERS as readonly string[]).includes(v ?? "") ? (v as DueFilter) : "any");

const ORDER_BY: Record<CommitmentSortKey, (dir: "asc" | "desc") => string> = {
  dueDate: (dir) => `c.due_date ${dir} nulls last`,
  promisedOn: (dir) => `c.promised_on ${dir}`,
  status: (dir) => `array_position(array['open','in_progress','fulfilled','cancelled'], c.status) ${dir}`,
  description: (dir) => `lower(c.description) ${dir}`,
};

export interface CommitmentListQuery {
  search?: string;
  /** Matches a linked stakeholder's name or a linked property's address. */
  who?: string;
  status?: StatusFilter;
  due?: DueFilter;
  ownerId?: string | null;
  /** Only those made to this stakeholder / about this property. */
  stakeholderId?: number | null;
  propertyId?: number | null;
  /** Only those made from this grievance (docs/records.md#grievance-links). */
  grievanceId?: number | null;
  sort?: CommitmentSortKey;
  dir?: "asc" | "desc";
  limit: number;
  offset: number;
  today: CalendarDate;
}

export interface CommitmentRow {
  id: number;
  description: string;
  promisedOn: string;
  dueDate: string | null;
  status: CommitmentStatus;
  fulfilledOn: string | null;
  ownerName: string | null;
  stakeholders: { id: number; name: string }[];
  properties: { id: number; address: string }[];
  badge: DueBadge;
}

export interface CommitmentStats {
  open: number;
  overdue: number;
  dueSoon: number;
}

const ACTIVE = "c.status in ('open', 'in_progress')";

function listWhere(access: ProjectAccess, q: CommitmentListQuery) {
  const clauses = ["c.project_id = ?"];
  const params: unknown[] = [access.project.id];
  const where = (clause: string, ...values: unknown[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  if (q.status === "active" || !q.status) clauses.push(ACTIVE);
  else if (q.status !== "all") where("c.status = ?", q.status);
  if (q.due === "overdue") where(`${ACTIVE} and c.due_date < ?::date`, q.today);
  if (q.due === "soon") where(`${ACTIVE} and c.due_date between ?::date and ?::date`, q.today, dueSoonUntil(q.today));
  if (q.ownerId) where("c.owner_id = ?", q.ownerId);
  if (q.search) where("c.description ilike ?", likePattern(q.search));
  if (q.stakeholderId) where("exists (select 1 from commitment_stakeholder cs where cs.commitment_id = c.id and cs.stakeholder_id = ?)", q.stakeholderId);
  if (q.grievanceId) where("c.grievance_id = ?", q.grievanceId);
  if (q.propertyId) where("exists (select 1 from commitment_property cp where cp.commitment_id = c.id and cp.property_id = ?)", q.propertyId);
  if (q.who) {
    clauses.push(`(exists (select 1 from commitment_stakeholder cs join stakeholder s on s.id = cs.stakeholder_id where cs.commitment_id = c.id and s.name ilike ?)
      or exists (select 1 from commitment_property cp join property p on p.id = cp.property_id where cp.commitment_id = c.id and p.address ilike ?))`);
    params.push(likePattern(q.who), likePattern(q.who));
  }
  return { sql: clauses.join(" and "), params };
}

type Json = Record<string, unknown>;

/** One page, the total and the tiles in one round trip (see property-list.server.ts for the shape). */
export async function listCommitments(access: ProjectAccess, q: CommitmentListQuery): Promise<{ rows: CommitmentRow[]; total: number; stats: CommitmentStats }> {
  requirePermission(access, "viewData");
  const where = listWhere(access, q);
  const dir = q.dir ?? "asc";
  const order = `${ORDER_BY[q.sort ?? "dueDate"](dir)}, c.id ${dir}`;
  const [row] = await sqlRows<{ open: number; overdue: number; due_soon: number; rows: Json[]; matched: number | null }>(
    `with page as (
       select c.id, c.description, c.promised_on, c.due_date, c.status, c.fulfilled_on, c.owner_id,
              row_number() over (order by ${order}) as n, count(*) over () as matched
       from commitment c where ${where.sql} order by ${order} limit ? offset ?
     )
     select t.*, (select max(matched)::int from page) as matched,
       (select coalesce(json_agg(json_build_object('id', pg.id, 'description', pg.description, 'promisedOn', pg.promised_on::text,
          'dueDate', pg.due_date::text, 'status', pg.status, 'fulfilledOn', pg.fulfilled_on::text,
          'ownerName', (select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) from "user" u where u.id = pg.owner_id),
          'stakeholders', (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by lower(s.name), s.id), '[]')
             from commitment_stakeholder cs join stakeholder s on s.id = cs.stakeholder_id where cs.commitment_id = pg.id),
          'properties', (select coalesce(json_agg(json_build_object('id', p.id, 'address', p.address) order by lower(p.address), p.id), '[]')
             from commitment_property cp join property p on p.id = cp.property_id where cp.commitment_id = pg.id)
        ) order by pg.n), '[]') from page pg) as rows
     from (select count(*) filter (where ${ACTIVE})::int as open,
                  count(*) filter (where ${ACTIVE} and c.due_date < ?::date)::int as overdue,
                  count(*) filter (where ${ACTIVE} and c.due_date between ?::date and ?::date)::int as due_soon
           from commitment c where c.project_id = ?) t`,
    [...where.params, q.limit, q.offset, q.today, q.today, dueSoonUntil(q.today), access.project.id],
  );
  const stats = { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0), dueSoon: Number(row?.due_soon ?? 0) };
  let total = Number(row?.matched ?? 0);
  if (row?.matched == null && q.offset > 0) {
    const [count] = await sqlRows<{ n: number }>(`select count(*)::int as n from commitment c where ${where.sql}`, where.params);
    total = Number(count?.n ?? 0);
  }
  const rows = (row?.rows ?? []).map((r) => {
    const status = r.status as CommitmentStatus;
    const dueDate = (r.dueDate as string | null) ?? null;
    return {
      id: Number(r.id),
      description: String(r.description),
      promisedOn: String(r.promisedOn),
      dueDate,
      status,
      fulfilledOn: (r.fulfilledOn as string | null) ?? null,
      ownerName: (r.ownerName as string | null) ?? null,
      stakeholders: r.stakeholders as CommitmentRow["stakeholders"],
      properties: r.properties as CommitmentRow["properties"],
      badge: dueBadge(status, dueDate, q.today),
    };
  });
  return { rows, total, stats };
}

/**
 * A record's commitments for its detail section: a stakeholder's or property's open ones; every one
 * made at an engagement or from a grievance (docs/records.md#grievance-links). One small query.
 */
export async function recordCommitments(access: ProjectAccess, on: { stakeholderId?: number; propertyId?: number; engagementId?: number; grievanceId?: number }, today: CalendarDate, limit = 20) {
  requirePermission(access, "viewData");
  const [clause, id] = on.stakeholderId
    ? ["exists (select 1 from commitment_stakeholder cs where cs.commitment_id = c.id and cs.stakeholder_id = ?)", on.stakeholderId]
    : on.propertyId
      ? ["exists (select 1 from commitment_property cp where cp.commitment_id = c.id and cp.property_id = ?)", on.propertyId]
      : on.grievanceId
        ? ["c.grievance_id = ?", on.grievanceId]
        : ["c.engagement_id = ?", on.engagementId ?? 0];
  const activeOnly = on.engagementId || on.grievanceId ? "" : ` and ${ACTIVE}`;
  const rows = await sqlRows<{ id: number; description: string; due_date: string | null; status: CommitmentStatus }>(
    `select c.id, c.description, c.due_date::text as due_date, c.status from commitment c where c.project_id = ?${activeOnly} and ${clause}
     order by c.due_date nulls last, c.id limit ?`,
    [access.project.id, id, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), description: r.description, dueDate: r.due_date, status: r.status, badge: dueBadge(r.status, r.due_date, today) }));
}

/** The dashboard's figure: open and overdue commitments, one aggregate. */
export async function commitmentFigures(access: ProjectAccess, today: CalendarDate): Promise<{ open: number; overdue: number }> {
  requirePermission(access, "viewData");
  const [row] = await sqlRows<{ open: number; overdue: number }>(
    `select count(*)::int as open, count(*) filter (where c.due_date < ?::date)::int as overdue from commitment c where c.project_id = ? and ${ACTIVE}`,
    [today, access.project.id],
  );
  return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/** The commitments made at each of some engagements (the interactions panel, "linked both ways"): one query. */
export async function commitmentsByEngagement(access: ProjectAccess, engagementIds: number[], today: CalendarDate) {
  requirePermission(access, "viewData");
  if (!engagementIds.length) return {};
  const rows = await sqlRows<{ id: number; engagement_id: number; description: string; due_date: string | null; status: CommitmentStatus }>(
    `select c.id, c.engagement_id, c.description, c.due_date::text as due_date, c.status from commitment c
     where c.project_id = ? and c.engagement_id = any(?::int[]) order by c.promised_on, c.id limit 500`,
    [access.project.id, `{${engagementIds.join(",")}}`],
  );
  const out: Record<number, { id: number; description: string; status: CommitmentStatus; badge: DueBadge }[]> = {};
  for (const r of rows) (out[Number(r.engagement_id)] ??= []).push({ id: Number(r.id), description: r.description, status: r.status, badge: dueBadge(r.status, r.due_date, today) });
  return out;
}
