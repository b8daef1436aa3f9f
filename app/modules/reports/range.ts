import { z } from "zod";
import { addDays, daysBetween, isCalendarDateString, type CalendarDate } from "~/modules/calendar/today";
import { blankToNull } from "~/utils/form-fields";

/**
 * The date range of the reports (docs/records.md#reports): the page's GET form and the /api twin's
 * query (`from`, `to`) go through this one schema; the days are calendar days in the project's time
 * zone, both ends included. Left out, the range is the project's current month.
 */
export const MAX_RANGE_DAYS = 2 * 366;

export const RANGE_MESSAGES = {
  from: "Enter the start date as a real date, for example 2026-03-31",
  to: "Enter the end date as a real date, for example 2026-03-31",
  order: "The end date must be on or after the start date",
  tooLong: "The range can be at most 2 years",
} as const;

const optionalDate = (message: string) => z.preprocess(blankToNull, z.string({ invalid_type_error: message }).refine(isCalendarDateString, message).nullable().optional()).transform((v) => v ?? null);

export const ReportRangeSchema = z.object({ from: optionalDate(RANGE_MESSAGES.from), to: optionalDate(RANGE_MESSAGES.to) });
export type ReportRangeInput = z.infer<typeof ReportRangeSchema>;
export interface ReportRange {
  from: CalendarDate;
  to: CalendarDate;
}

/** The first and last day of the month `date` is in. */
export function monthOf(date: CalendarDate): ReportRange {
  const from = `${date.slice(0, 7)}-01`;
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return { from, to: addDays(next, -1) };
}

/** The range asked for, with the defaults from `today` (its month); or the field's error when it cannot be one. */
export function reportRange(input: ReportRangeInput, today: CalendarDate): ReportRange | { errors: Record<string, string> } {
  const month = monthOf(input.from ?? input.to ?? today);
  const from = input.from ?? month.from;
  const to = input.to ?? (input.from ? monthOf(input.from).to : month.to);
  if (from > to) return { errors: { to: RANGE_MESSAGES.order } };
  if ((daysBetween(from, to) ?? 0) + 1 > MAX_RANGE_DAYS) return { errors: { from: RANGE_MESSAGES.tooLong } };
  return { from, to };
}

/** The Monday of the week `date` is in (weeks run Monday to Sunday). */
export function weekOf(date: CalendarDate): CalendarDate {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((day + 6) % 7));
}

export interface Week {
  /** The Monday: the key the SQL's date_trunc('week', …) gives. */
  start: CalendarDate;
  /** The days of the week inside the range. */
  from: CalendarDate;
  to: CalendarDate;
  /** "4 May" or, for a week cut by the range, "1–3 May". */
  label: string;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "4 May 2026" style, short month. */
export const shortDate = (date: CalendarDate, withYear = false) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}${withYear ? ` ${date.slice(0, 4)}` : ""}`;

/** The weeks the range touches, each cut to the range. */
export function weeksOf(range: ReportRange): Week[] {
  const weeks: Week[] = [];
  for (let start = weekOf(range.from); start <= range.to; start = addDays(start, 7)) {
    const from = start < range.from ? range.from : start;
    const end = addDays(start, 6);
    const to = end > range.to ? range.to : end;
    weeks.push({ start, from, to, label: from === to ? shortDate(from) : `${shortDate(from)}–${shortDate(to)}` });
  }
  return weeks;
}
