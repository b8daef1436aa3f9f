import { ENGAGEMENT_TYPES, type EngagementType } from "~db/entities/enums";
import { sqlOne, sqlRows } from "~db/sql.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { addDays, projectTimeZone, todayForProject, type CalendarDate } from "~/modules/calendar/today";
import { zonedDateToInstant } from "~/modules/engagement/zoned-time";
import { ENGAGEMENT_TYPE_LABELS } from "~/modules/engagement/engagement-types";
import { reportGrievanceFigures } from "~/modules/grievances/figures.server";
import { OVERDUE_SQL as GRIEVANCE_OVERDUE_SQL } from "~/modules/grievances/grievance-list.server";
import { laaStatusSql } from "~/modules/property/laa-status";
import { ApiValidationError, parseApiPayload } from "~/utils/api-payload";
import { CONTACT_BUCKETS, NEVER_CONTACTED_LABEL, type AgreementStatus, type ReportFigures } from "./figures";
import { reportRange, ReportRangeSchema, weekOf, weeksOf, type ReportRange, type ReportRangeInput } from "./range";

/**
 * The reports' figures (docs/records.md#reports): SQL aggregates over the selected project's rows
 * (counts grouped by week, never the rows themselves), for the page, its /api twin and the dashboard's
 * small charts. Every day boundary is midnight in the project's time zone: a range is turned into the
 * two instants it runs between, and a week is the Monday of the local day (`at time zone`).
 */

/** When an engagement happened, as the engagement list orders them (docs/records.md#engagement-list-over-api). */
const HAPPENED = "coalesce(e.completed_at, e.scheduled_at, e.created_at)";

interface Bounds {
  projectId: number;
  timeZone: string;
  start: Date;
  end: Date;
}

function boundsOf(access: ProjectAccess, range: ReportRange): Bounds {
  const timeZone = projectTimeZone(access.project.settings);
  return { projectId: access.project.id, timeZone, start: zonedDateToInstant(range.from, timeZone)!, end: zonedDateToInstant(addDays(range.to, 1), timeZone)! };
}

/** Engagements per week and type in the range. */
async function engagementFigures(b: Bounds, range: ReportRange): Promise<ReportFigures["engagements"]> {
  const rows = await sqlRows<{ week: string; type: EngagementType; n: number }>(
    `select date_trunc('week', ${HAPPENED} at time zone ?)::date::text as week, e.type, count(*)::int as n
       from engagement e
      where e.project_id = ? and ${HAPPENED} >= ? and ${HAPPENED} < ?
      group by 1, 2`,
    [b.timeZone, b.projectId, b.start, b.end],
  );
  const weekly = weeksOf(range).map((w) => ({ week: w.start, total: 0, byType: {} as Partial<Record<EngagementType, number>> }));
  const byWeek = new Map(weekly.map((w) => [w.week, w]));
  const byType = new Map<EngagementType, number>();
  for (const row of rows) {
    const week = byWeek.get(row.week);
    if (!week) continue;
    week.byType[row.type] = (week.byType[row.type] ?? 0) + row.n;
    week.total += row.n;
    byType.set(row.type, (byType.get(row.type) ?? 0) + row.n);
  }
  return {
    total: weekly.reduce((sum, w) => sum + w.total, 0),
    byType: ENGAGEMENT_TYPES.map((type) => ({ type, label: ENGAGEMENT_TYPE_LABELS[type], total: byType.get(type) ?? 0 })),
    weekly,
  };
}

/** The properties by agreement status today (docs/records.md#laa-status, the same rule as the property list). */
export async function agreementStatus(projectId: number, today: CalendarDate): Promise<{ properties: number; status: Record<AgreementStatus, number> }> {
  const laa = laaStatusSql("p", today);
  const row = await sqlOne<{ properties: number; with_laa: number; expired: number; expiring: number }>(
    `select count(*)::int as properties, count(*) filter (where ${laa.withLaa.sql})::int as with_laa,
            count(*) filter (where ${laa.expired.sql})::int as expired, count(*) filter (where ${laa.expiringSoon.sql})::int as expiring
       from property p where p.project_id = ?`,
    [...laa.withLaa.params, ...laa.expired.params, ...laa.expiringSoon.params, projectId],
  );
  const properties = row?.properties ?? 0;
  const withLaa = row?.with_laa ?? 0;
  const expired = row?.expired ?? 0;
  const expiringSoon = row?.expiring ?? 0;
  return { properties, status: { signed: withLaa - expired - expiringSoon, expiringSoon, expired, none: properties - withLaa } };
}

/**
 * Agreements over time: the properties holding one today, by the local day it was first recorded (the
 * first audited save that ticked it on, else the property's creation, as an import records it).
 */
async function agreementsOverTime(b: Bounds, range: ReportRange): Promise<Pick<ReportFigures["agreements"], "signedBefore" | "weekly">> {
  const rows = await sqlRows<{ week: string | null; n: number }>(
    `with recorded as (
       select (coalesce(
                 (select min(a.created_at) from audit_log a
                   where a.project_id = p.project_id and a.entity_type = 'Property' and a.entity_id = p.id::text
                     and coalesce((a.after ->> 'hasLAA')::boolean, false) and not coalesce((a.before ->> 'hasLAA')::boolean, false)),
                 p.created_at) at time zone ?)::date as day
         from property p where p.project_id = ? and p.has_laa)
     select case when day >= ?::date then date_trunc('week', day)::date::text end as week, count(*)::int as n
       from recorded where day <= ?::date group by 1`,
    [b.timeZone, b.projectId, range.from, range.to],
  );
  const signedBefore = rows.find((r) => r.week === null)?.n ?? 0;
  const recorded = new Map(rows.filter((r) => r.week !== null).map((r) => [r.week!, r.n]));
  let cumulative = signedBefore;
  const weekly = weeksOf(range).map((w) => {
    const n = recorded.get(w.start) ?? 0;
    cumulative += n;
    return { week: w.start, recorded: n, cumulative };
  });
  return { signedBefore, weekly };
}

/** Stakeholders contacted in the range, and days since their last contact up to `asOf`. */
async function stakeholderFigures(b: Bounds, asOf: CalendarDate): Promise<ReportFigures["stakeholders"]> {
  const asOfEnd = zonedDateToInstant(addDays(asOf, 1), b.timeZone)!;
  const buckets = CONTACT_BUCKETS.map((c) => `count(*) filter (where last_at is not null and days between ${c.min} and ${c.max})::int as "${c.key}"`).join(", ");
  const row = await sqlOne<Record<string, number>>(
    `with s as (
       select s.id,
              exists (select 1 from engagement e where e.project_id = s.project_id and e.stakeholder_id = s.id and ${HAPPENED} >= ? and ${HAPPENED} < ?)
                or (s.last_contact >= ? and s.last_contact < ?) as contacted,
              greatest(case when s.last_contact < ? then s.last_contact end,
                       (select max(${HAPPENED}) from engagement e where e.project_id = s.project_id and e.stakeholder_id = s.id and ${HAPPENED} < ?)) as last_at
         from stakeholder s where s.project_id = ?),
     d as (select contacted, last_at, ?::date - (last_at at time zone ?)::date as days from s)
     select count(*)::int as total, count(*) filter (where contacted)::int as contacted, count(*) filter (where last_at is null)::int as never, ${buckets}
       from d`,
    [b.start, b.end, b.start, b.end, asOfEnd, asOfEnd, b.projectId, asOf, b.timeZone],
  );
  const total = row?.total ?? 0;
  const contacted = row?.contacted ?? 0;
  return {
    total,
    contacted,
    notContacted: total - contacted,
    sinceLastContact: [
      ...CONTACT_BUCKETS.map((c) => ({ bucket: c.key, label: c.label, stakeholders: row?.[c.key] ?? 0 })),
      { bucket: "never" as const, label: NEVER_CONTACTED_LABEL, stakeholders: row?.never ?? 0 },
    ],
  };
}

/** Grievances received and closed per week; the on-time shares and open by age come from the grievance figures. */
async function grievanceFigures(access: ProjectAccess, b: Bounds, range: ReportRange, now: Date): Promise<ReportFigures["grievances"]> {
  const rows = await sqlRows<{ kind: "received" | "closed"; week: string; n: number }>(
    `select 'received' as kind, date_trunc('week', g.received_at at time zone ?)::date::text as week, count(*)::int as n
       from grievance g where g.project_id = ? and g.received_at >= ? and g.received_at < ? group by 2
     union all
     select 'closed', date_trunc('week', g.closed_at at time zone ?)::date::text, count(*)::int
       from grievance g where g.project_id = ? and g.stage = 'closed' and g.closed_at >= ? and g.closed_at < ? group by 2`,
    [b.timeZone, b.projectId, b.start, b.end, b.timeZone, b.projectId, b.start, b.end],
  );
  const weekly = weeksOf(range).map((w) => ({ week: w.start, received: 0, closed: 0 }));
  const byWeek = new Map(weekly.map((w) => [w.week, w]));
  for (const row of rows) {
    const week = byWeek.get(row.week);
    if (week) week[row.kind] += row.n;
  }
  // The business-day rules live once, in the grievance figures (docs/records.md#grievance-figures).
  const { figures } = await reportGrievanceFigures(access, range, now);
  return {
    received: weekly.reduce((sum, w) => sum + w.received, 0),
    closed: weekly.reduce((sum, w) => sum + w.closed, 0),
    open: figures.open,
    weekly,
    openByAge: figures.openByAge,
    acknowledgedOnTime: figures.acknowledgedOnTime,
    resolvedOnTime: figures.resolvedOnTime,
  };
}

async function commitmentFigures(projectId: number, range: ReportRange, today: CalendarDate): Promise<ReportFigures["commitments"]> {
  const row = await sqlOne<ReportFigures["commitments"]>(
    `select count(*) filter (where status <> 'cancelled' and due_date between ?::date and ?::date)::int as due,
            count(*) filter (where status = 'fulfilled' and fulfilled_on between ?::date and ?::date)::int as fulfilled,
            count(*) filter (where status in ('open', 'in_progress') and due_date < ?::date)::int as overdue,
            count(*) filter (where status in ('open', 'in_progress'))::int as open
       from commitment where project_id = ?`,
    [range.from, range.to, range.from, range.to, today, projectId],
  );
  return { due: row?.due ?? 0, fulfilled: row?.fulfilled ?? 0, overdue: row?.overdue ?? 0, open: row?.open ?? 0 };
}

/** The range's query of the page and the /api twin, checked with the one schema (400 with `errors` per field). */
export function rangeQuery(url: URL): ReportRangeInput {
  return parseApiPayload(ReportRangeSchema, { from: url.searchParams.get("from") ?? undefined, to: url.searchParams.get("to") ?? undefined });
}

/** Every figure of /reports for the range asked for (this month by default); 400 with the field's message for a range that is not one. */
export async function reportFigures(access: ProjectAccess, input: ReportRangeInput, now = new Date()): Promise<ReportFigures> {
  requirePermission(access, "viewData");
  const today = todayForProject(access.project, now);
  const range = reportRange(input, today);
  if ("errors" in range) throw new ApiValidationError(range.errors);
  const b = boundsOf(access, range);
  const asOf = range.to < today ? range.to : today;
  const engagements = await engagementFigures(b, range);
  const status = await agreementStatus(b.projectId, today);
  const overTime = await agreementsOverTime(b, range);
  const stakeholders = await stakeholderFigures(b, asOf);
  const grievances = await grievanceFigures(access, b, range, now);
  const commitments = await commitmentFigures(b.projectId, range, today);
  return {
    projectId: b.projectId,
    range,
    today,
    asOf,
    timeZone: b.timeZone,
    weeks: weeksOf(range),
    engagements,
    agreements: { ...status, ...overTime },
    stakeholders,
    grievances,
    commitments,
  };
}

export interface DashboardChartFigures {
  /** The last 8 weeks, this one included (to today). */
  engagements: { week: CalendarDate; label: string; total: number }[];
  agreements: Record<AgreementStatus, number>;
  overdue: { commitments: number; grievances: number };
}

/** The dashboard's three small charts (docs/records.md#dashboard): one statement each, the project's rows only. */
export async function dashboardChartFigures(access: ProjectAccess, now = new Date()): Promise<DashboardChartFigures> {
  requirePermission(access, "viewData");
  const today = todayForProject(access.project, now);
  const range = { from: addDays(weekOf(today), -49), to: today };
  const b = boundsOf(access, range);
  const engagements = await engagementFigures(b, range);
  const { status } = await agreementStatus(b.projectId, today);
  const overdue = await sqlOne<{ commitments: number; grievances: number }>(
    `select (select count(*)::int from commitment where project_id = ? and status in ('open', 'in_progress') and due_date < ?::date) as commitments,
            (select count(*)::int from grievance g where g.project_id = ? and ${GRIEVANCE_OVERDUE_SQL}) as grievances`,
    [b.projectId, today, b.projectId, today, today],
  );
  const weeks = weeksOf(range);
  return {
    engagements: engagements.weekly.map((w, i) => ({ week: w.week, label: weeks[i]!.label, total: w.total })),
    agreements: status,
    overdue: { commitments: overdue?.commitments ?? 0, grievances: overdue?.grievances ?? 0 },
  };
}
