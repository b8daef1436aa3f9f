/** Display helpers shared by every screen; unparseable input shows "Invalid date" (docs/errors.md#messages). */
export const INVALID_DATE = "Invalid date";
const LOCALE = "en-AU";

// Building an Intl formatter (what toLocaleDateString with options does on every call) costs far
// more than formatting with one, and a list page formats a few dates per row: keep one per zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    cache.set(timeZone, format);
  }
  return format;
}

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (calendar) {
    const date = new Date(Date.UTC(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])));
    return date.getUTCMonth() === Number(calendar[2]) - 1 ? date : null;
  }
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

// Lists show the same few hundred calendar dates over and over: remember their text (bounded).
const calendarTexts = new Map<string, string>();
const CALENDAR_TEXTS_MAX = 5000;

/** A calendar date such as 5 Mar 2026; empty input gives "". */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string") {
    let text = calendarTexts.get(value);
    if (text === undefined) {
      text = formatDateUncached(value);
      if (calendarTexts.size >= CALENDAR_TEXTS_MAX) calendarTexts.clear();
      calendarTexts.set(value, text);
    }
    return text;
  }
  return formatDateUncached(value);
}

function formatDateUncached(value: string | Date): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  // A 'YYYY-MM-DD' value is a calendar date held as UTC midnight: format it in UTC so no zone shifts the day.
  const timeZone = typeof value === "string" && value.length === 10 ? "UTC" : "Australia/Sydney";
  return cached(dateFormats, timeZone, { day: "numeric", month: "short", year: "numeric" }).format(date);
}

/** An instant shown in the given zone, e.g. 5 Mar 2026, 2:30 pm AEDT. */
export function formatDateTime(value: string | Date | null | undefined, timeZone = "Australia/Sydney"): string {
  if (value === null || value === undefined || value === "") return "";
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  return cached(dateTimeFormats, timeZone, { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(date);
}
