/**
 * Next-action priority for a stakeholder or property (spec 000 §4):
 * 1 overdue, 2 due within 7 days, 3 due later, 4 no due date. Sorting ascending puts overdue
 * first; ties are ordered by due date (earliest first).
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

/** Whole days from today to the due date (negative when past), comparing calendar dates. */
export function daysUntil(dueDate: string | Date, today: Date = new Date()): number | null {
  const due = typeof dueDate === "string" ? parseCalendarDate(dueDate) : dueDate;
  if (!due || Number.isNaN(due.getTime())) return null;
  const startOfToday = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const startOfDue = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate());
  return Math.round((startOfDue - startOfToday) / 86_400_000);
}

/** 'YYYY-MM-DD' (or a full ISO timestamp) as a UTC calendar date; null when unparseable. */
export function parseCalendarDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCMonth() === Number(match[2]) - 1 ? date : null;
}

export function nextActionPriority(dueDate: string | Date | null | undefined, today: Date = new Date()): Priority {
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

/** Comparator for ascending priority, ties by due date (no date last). */
export function compareByPriority<T>(getDueDate: (item: T) => string | null | undefined, today: Date = new Date()) {
  return (a: T, b: T) => {
    const pa = nextActionPriority(getDueDate(a), today);
    const pb = nextActionPriority(getDueDate(b), today);
    if (pa !== pb) return pa - pb;
    const da = getDueDate(a) ?? "9999-12-31";
    const db = getDueDate(b) ?? "9999-12-31";
    return da < db ? -1 : da > db ? 1 : 0;
  };
}

/**
 * The same rule as SQL, for sorting whole tables in the database (no query per row):
 * `order by <priority expression>, <column>`; `column` must be a trusted column name.
 */
export function prioritySqlExpression(column: string): string {
  return `(case when ${column} is null then 4 when ${column} < current_date then 1 when ${column} <= current_date + ${DUE_SOON_DAYS} then 2 else 3 end)`;
}
