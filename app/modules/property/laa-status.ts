import { daysUntil } from "~/modules/next-action/priority";

/**
 * Land access agreement (LAA) status (spec 000 §4, §9): expired when the expiry date is past
 * (days to expiry below 0), expiring soon from 0 to 30 days, otherwise active. A property without
 * an LAA has none; an LAA without an expiry date counts as active.
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

export function laaStatus(hasLAA: boolean | null | undefined, expiryDate: string | Date | null | undefined, today: Date = new Date()): LaaStatus {
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

/**
 * The same rule in SQL for counting whole projects in the database. `alias` must be a trusted
 * table alias; the columns are the property table's.
 */
export function laaStatusSql(alias: string) {
  const has = `${alias}.has_laa`;
  const expiry = `${alias}.laa_expiry_date`;
  return {
    withLaa: `${has}`,
    expired: `(${has} and ${expiry} < current_date)`,
    expiringSoon: `(${has} and ${expiry} >= current_date and ${expiry} <= current_date + ${LAA_EXPIRING_SOON_DAYS})`,
  };
}
