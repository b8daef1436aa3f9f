import { addDays, type CalendarDate } from "~/modules/calendar/today";
import { daysUntil } from "~/modules/next-action/priority";

/**
 * Land access agreement (LAA) status (docs/records.md#laa-status): expired when the expiry date is past
 * (days to expiry below 0), expiring soon from 0 to 30 days, otherwise active. A property without
 * an LAA has none; an LAA without an expiry date counts as active. Judged against the request's
 * `today` in the project's zone (calendar/today.ts), never the browser's or the database's clock.
 */
export const LAA_EXPIRING_SOON_DAYS = 30;

export type LaaStatus = "none" | "expired" | "expiring_soon" | "active";

export const LAA_STATUS_LABELS: Record<LaaStatus, string> = {
  none: "No LAA",
  expired: "Expired",
  expiring_soon: "Expiring soon",
  active: "Active",
};

/** Badge colour of each status (app.css badge modifiers). */
export const LAA_STATUS_BADGES: Record<LaaStatus, "danger" | "warning" | "success" | "muted"> = {
  none: "muted",
  expired: "danger",
  expiring_soon: "warning",
  active: "success",
};

export function laaStatus(hasLAA: boolean | null | undefined, expiryDate: string | Date | null | undefined, today: CalendarDate): LaaStatus {
  if (!hasLAA) return "none";
  if (!expiryDate) return "active";
  const days = daysUntil(expiryDate, today);
  if (days === null) return "active";
  if (days < 0) return "expired";
  if (days <= LAA_EXPIRING_SOON_DAYS) return "expiring_soon";
  return "active";
}

export const LAA_FILTERS = ["all", "with", "without"] as const;
export type LaaFilter = (typeof LAA_FILTERS)[number];

export function parseLaaFilter(value: string | null | undefined): LaaFilter {
  return (LAA_FILTERS as readonly string[]).includes(value ?? "") ? (value as LaaFilter) : "all";
}

type SqlPart = { sql: string; params: string[] };

/**
 * The same rule in SQL for counting whole projects in the database, with today as bound
 * parameters. `alias` must be a trusted table alias; the columns are the property table's.
 */
export function laaStatusSql(alias: string, today: CalendarDate): { withLaa: SqlPart; expired: SqlPart; expiringSoon: SqlPart } {
  const has = `${alias}.has_laa`;
  const expiry = `${alias}.laa_expiry_date`;
  return {
    withLaa: { sql: `${has}`, params: [] },
    expired: { sql: `(${has} and ${expiry} < ?::date)`, params: [today] },
    expiringSoon: { sql: `(${has} and ${expiry} >= ?::date and ${expiry} <= ?::date)`, params: [today, addDays(today, LAA_EXPIRING_SOON_DAYS)] },
  };
}
