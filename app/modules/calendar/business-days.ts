/**
 * Business-day clocks for grievances (docs/records.md#grievance-clocks): weekends and the public
 * holidays of the project's Australian state or territory are not business days. Holidays come from
 * the maintained date-holidays library, never a hand-written list.
 */
import Holidays from "date-holidays";
import { type ClockSettings, type Jurisdiction } from "./grievance-clock-settings";
import { addDays, DEFAULT_PROJECT_TIME_ZONE, isTimeZone, type CalendarDate } from "./today";

// The jurisdictions, the project settings reader and the defaults live in a file without date-holidays,
// so the settings form can use them in the browser without shipping the holiday tables.
export * from "./grievance-clock-settings";

// Whole-day public holidays, date → name, cached per (jurisdiction, year). Part-day holidays (Christmas
// Eve and New Year's Eve from 18:00/19:00 in QLD, SA and NT) start after the 17:00 close of business,
// so they leave the day a business day. Substitute days ("Boxing Day (substitute day)") are type
// "public" in date-holidays and count; "observance", "school", "bank" and "optional" do not.
const holidayCache = new Map<string, Map<CalendarDate, string>>();

function holidaysOf(jurisdiction: Jurisdiction, year: number): Map<CalendarDate, string> {
  const key = `${jurisdiction}:${year}`;
  let days = holidayCache.get(key);
  if (!days) {
    days = new Map();
    for (const holiday of new Holidays("AU", jurisdiction).getHolidays(year)) {
      if (holiday.type !== "public") continue;
      if (holiday.date.slice(11) !== "00:00:00") continue;
      const day = holiday.date.slice(0, 10);
      if (!days.has(day)) days.set(day, holiday.name);
    }
    holidayCache.set(key, days);
  }
  return days;
}

function weekday(day: CalendarDate): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The public holiday's name on `day` in `jurisdiction`, else null (weekends are not holidays). */
export function holidayName(day: CalendarDate, jurisdiction: Jurisdiction): string | null {
  return holidaysOf(jurisdiction, Number(day.slice(0, 4))).get(day) ?? null;
}

export function isBusinessDay(day: CalendarDate, jurisdiction: Jurisdiction): boolean {
  const dow = weekday(day);
  if (dow === 0 || dow === 6) return false;
  return holidayName(day, jurisdiction) === null;
}

/** The Nth business day after `day` (`day` itself never counts). */
export function addBusinessDays(day: CalendarDate, n: number, jurisdiction: Jurisdiction): CalendarDate {
  let current = day;
  let left = Math.max(0, Math.trunc(n));
  while (left > 0) {
    current = addDays(current, 1);
    if (isBusinessDay(current, jurisdiction)) left -= 1;
  }
  return current;
}

/** The nearest business day strictly before `day`. */
export function previousBusinessDay(day: CalendarDate, jurisdiction: Jurisdiction): CalendarDate {
  let current = addDays(day, -1);
  while (!isBusinessDay(current, jurisdiction)) current = addDays(current, -1);
  return current;
}

/** Business days after `from` up to and including `to`; 0 when `to` is not after `from`. */
export function businessDaysBetween(from: CalendarDate, to: CalendarDate, jurisdiction: Jurisdiction): number {
  let count = 0;
  for (let current = addDays(from, 1); current <= to; current = addDays(current, 1)) {
    if (isBusinessDay(current, jurisdiction)) count += 1;
  }
  return count;
}

const CLOSE_OF_BUSINESS_HOUR = 17;
const localFormatters = new Map<string, Intl.DateTimeFormat>();

function localParts(at: Date, timeZone: string): { day: CalendarDate; hour: number } {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_PROJECT_TIME_ZONE;
  let formatter = localFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    });
    localFormatters.set(zone, formatter);
  }
  const parts = formatter.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) % 24 };
}

/** The day a grievance counts as received: the local calendar day in timeZone; if that day is not a business day, or the local time is 17:00 or later, the next business day. */
export function countedReceivedDay(receivedAt: Date, timeZone: string, jurisdiction: Jurisdiction): CalendarDate {
  const { day, hour } = localParts(receivedAt, timeZone);
  if (isBusinessDay(day, jurisdiction) && hour < CLOSE_OF_BUSINESS_HOUR) return day;
  return addBusinessDays(day, 1, jurisdiction);
}

/** Due dates: the Nth business day after the counted received day. */
export function grievanceDueDates(receivedAt: Date, settings: ClockSettings): { countedReceivedOn: CalendarDate; acknowledgeBy: CalendarDate; resolveBy: CalendarDate } {
  const countedReceivedOn = countedReceivedDay(receivedAt, settings.timeZone, settings.jurisdiction);
  return {
    countedReceivedOn,
    acknowledgeBy: addBusinessDays(countedReceivedOn, settings.acknowledgeDays, settings.jurisdiction),
    resolveBy: addBusinessDays(countedReceivedOn, settings.resolveDays, settings.jurisdiction),
  };
}

/** "Overdue" appears from the day after the due date. */
export function isOverdue(dueBy: CalendarDate, today: CalendarDate): boolean {
  return today > dueBy;
}
