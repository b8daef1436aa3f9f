import { daysBetween, type CalendarDate } from "~/modules/calendar/today";

/**
 * Next-action priority for a stakeholder or property (docs/records.md#next-action):
 * 1 overdue, 2 due within 7 days, 3 due later, 4 no due date. Sorting ascending puts overdue
 * first; ties are ordered by due date (earliest first).
 *
 * Every function takes `today` (calendar/today.ts): the loaders compute it once per request in the
 * project's zone, so the server's rows, the SQL sort and the badge agree, and the browser never
 * re-evaluates the rule on its own clock.
 */
export type Priority = 1 | 2 | 3 | 4;
export const DUE_SOON_DAYS = 7;

export const PRIORITY_LABELS: Record<Priority, string> = {
  1: "Overdue",
  2: "Due soon",
  3: "Scheduled",
  4: "No due date",
};

/** Badge style of the due date: red when overdue, default within 7 days, otherwise muted. */
export type DueBadgeStyle = "danger" | "default" | "muted";

/** A stored date ('YYYY-MM-DD', an ISO timestamp, or a Date from the driver) as its 'YYYY-MM-DD' calendar date. */
export function calendarDateOf(value: string | Date | null | undefined): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  return typeof value === "string" && value ? value.trim().slice(0, 10) : null;
}

/** Whole days from today to the due date (negative when past); null when the date is not real. */
export function daysUntil(dueDate: string | Date, today: CalendarDate): number | null {
  const due = calendarDateOf(dueDate);
  return due ? daysBetween(today, due) : null;
}

/** 'YYYY-MM-DD' (or a full ISO timestamp) as a UTC calendar date; null when unparseable. */
export function parseCalendarDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCMonth() === Number(match[2]) - 1 ? date : null;
}

export function nextActionPriority(dueDate: string | Date | null | undefined, today: CalendarDate): Priority {
  if (!dueDate) return 4;
  const days = daysUntil(dueDate, today);
  if (days === null) return 4;
  if (days < 0) return 1;
  if (days <= DUE_SOON_DAYS) return 2;
  return 3;
}

export function dueBadgeStyle(priority: Priority): DueBadgeStyle {
  return priority === 1 ? "danger" : priority === 2 ? "default" : "muted";
}

/**
 * The priority sort in SQL. Priority never decreases as the due date gets later (overdue, due
 * soon, later, none), so "priority, then due date" is simply "due date, no date last": the sort
 * needs no today at all (so it can never disagree with the badges' today) and the (project, due
 * date) index returns the page in order. `column` must be a trusted column name.
 */
export function priorityOrderSql(column: string, dir: "asc" | "desc"): string {
  return dir === "asc" ? `${column} asc nulls last` : `${column} desc nulls first`;
}
