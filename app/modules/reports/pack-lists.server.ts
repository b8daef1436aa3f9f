import { sqlRows } from "~db/sql.server";
import { addDays, type CalendarDate } from "~/modules/calendar/today";
import { OVERDUE_SQL as GRIEVANCE_OVERDUE_SQL } from "~/modules/grievances/grievance-list.server";
import { LAA_EXPIRING_SOON_DAYS } from "~/modules/property/laa-status";

/**
 * The report pack's three lists (docs/records.md#report-pack), the project's rows only, worked out on
 * the pack's "today" with the rules the list screens use: a grievance past its acknowledge or resolve
 * date (docs/records.md#grievance-clocks), an open commitment past its due date, and a property whose
 * agreement expires within the next 30 days (docs/records.md#laa-status).
 */
export interface PackList {
  title: string;
  columns: string[];
  rows: string[][];
  /** What an empty list says instead of a table. */
  empty: string;
}

/** At most this many rows per list: the pack is a summary, the screens hold the rest. */
export const PACK_LIST_LIMIT = 500;

export async function packLists(projectId: number, today: CalendarDate): Promise<PackList[]> {
  const grievances = await sqlRows<{ reference: string; category: string; stage: string; acknowledgeBy: string | null; resolveBy: string | null }>(
    `select g.reference, g.category, g.stage, g.acknowledge_by::text as "acknowledgeBy", g.resolve_by::text as "resolveBy"
       from grievance g where g.project_id = ? and ${GRIEVANCE_OVERDUE_SQL}
      order by least(case when g.stage = 'received' then g.acknowledge_by end, g.resolve_by), g.id limit ${PACK_LIST_LIMIT}`,
    [projectId, today, today],
  );
  const commitments = await sqlRows<{ id: number; description: string; dueDate: string; status: string }>(
    `select c.id, c.description, c.due_date::text as "dueDate", c.status
       from commitment c where c.project_id = ? and c.status in ('open', 'in_progress') and c.due_date < ?::date
      order by c.due_date, c.id limit ${PACK_LIST_LIMIT}`,
    [projectId, today],
  );
  const agreements = await sqlRows<{ address: string; expiry: string }>(
    `select p.address, p.laa_expiry_date::text as expiry
       from property p where p.project_id = ? and p.has_laa and p.laa_expiry_date >= ?::date and p.laa_expiry_date <= ?::date
      order by p.laa_expiry_date, p.id limit ${PACK_LIST_LIMIT}`,
    [projectId, today, addDays(today, LAA_EXPIRING_SOON_DAYS)],
  );
  return [
    {
      title: "Overdue grievances",
      columns: ["Reference", "Category", "Stage", "Acknowledge by", "Resolve by"],
      rows: grievances.map((g) => [g.reference, g.category, g.stage, g.acknowledgeBy ?? "", g.resolveBy ?? ""]),
      empty: "No grievance is overdue.",
    },
    {
      title: "Overdue commitments",
      columns: ["Number", "Commitment", "Due", "Status"],
      rows: commitments.map((c) => [String(c.id), c.description.replace(/\s+/g, " ").slice(0, 200), c.dueDate, c.status.replace("_", " ")]),
      empty: "No commitment is overdue.",
    },
    {
      title: `Agreements expiring in the next ${LAA_EXPIRING_SOON_DAYS} days`,
      columns: ["Property", "Agreement expires"],
      rows: agreements.map((a) => [a.address, a.expiry]),
      empty: `No agreement expires in the next ${LAA_EXPIRING_SOON_DAYS} days.`,
    },
  ];
}
