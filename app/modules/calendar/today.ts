/**
 * The one "today" that date-dependent statuses (next-action priority, LAA expiry) are judged
 * against: the calendar date in the project's time zone, computed on the server once per request
 * and handed to the rules, the SQL (as a bound parameter) and the page alike, so lists, tiles,
 * badges and sorts never disagree (the browser's clock and PostgreSQL's current_date are not used).
 */
export type CalendarDate = string;

export const DEFAULT_PROJECT_TIME_ZONE = "Australia/Sydney";

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

// One formatter per zone: building an Intl formatter costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || !value) return false;
  try {
    dateFormatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The project's zone: settings.defaultTimezone (docs/records.md#time-zones) when it names a real zone, else Sydney. */
export function projectTimeZone(settings: unknown): string {
  const zone = settings && typeof settings === "object" ? (settings as { defaultTimezone?: unknown }).defaultTimezone : undefined;
  return isTimeZone(zone) ? zone : DEFAULT_PROJECT_TIME_ZONE;
}

/** The calendar date ('YYYY-MM-DD') it is in `timeZone` at the instant `now`. */
export function projectToday(timeZone: string, now: Date = new Date()): CalendarDate {
  const parts = dateFormatter(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Today for a project (its settings decide the zone). */
export function todayForProject(project: { settings?: unknown }, now: Date = new Date()): CalendarDate {
  return projectToday(projectTimeZone(project.settings), now);
}

/** The UTC midnight of a real 'YYYY-MM-DD' date (or the date part of an ISO timestamp), else null. */
function utcDay(value: string): number | null {
  const m = CALENDAR_DATE.exec(value.slice(0, 10));
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const time = Date.UTC(y, mo - 1, d);
  return new Date(time).getUTCDate() === d && new Date(time).getUTCMonth() === mo - 1 ? time : null;
}

export function isCalendarDateString(value: string): boolean {
  return value.length === 10 && utcDay(value) !== null;
}

/** Whole days from `from` to `to` (negative when `to` is earlier); null when either is not a real date. */
export function daysBetween(from: CalendarDate, to: string): number | null {
  const a = utcDay(from);
  const b = utcDay(to);
  return a === null || b === null ? null : Math.round((b - a) / DAY_MS);
}

/** The calendar date `days` after `date` (calendar arithmetic, no clock or zone involved). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const start = utcDay(date);
  if (start === null) throw new RangeError(`Not a calendar date: ${date}`);
  return new Date(start + days * DAY_MS).toISOString().slice(0, 10);
}
