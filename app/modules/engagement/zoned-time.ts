import { TZDate } from "@date-fns/tz";

/** The time-zone choices of the Record Interaction form (docs/records.md#time-zones), default Sydney. */
export const ENGAGEMENT_TIME_ZONES = [
  { value: "Australia/Sydney", label: "Sydney" },
  { value: "Australia/Melbourne", label: "Melbourne" },
  { value: "Australia/Brisbane", label: "Brisbane" },
  { value: "Australia/Adelaide", label: "Adelaide" },
  { value: "Australia/Perth", label: "Perth" },
  { value: "Australia/Darwin", label: "Darwin" },
  { value: "Pacific/Auckland", label: "Auckland" },
  { value: "UTC", label: "UTC" },
] as const;

export type EngagementTimeZone = (typeof ENGAGEMENT_TIME_ZONES)[number]["value"];
export const DEFAULT_TIME_ZONE: EngagementTimeZone = "Australia/Sydney";
export const TIME_ZONE_VALUES = ENGAGEMENT_TIME_ZONES.map((z) => z.value) as [EngagementTimeZone, ...EngagementTimeZone[]];

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validParts(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): boolean {
  const probe = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

/** True for a real calendar date written 'YYYY-MM-DD' (so 2025-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const m = CALENDAR_DATE.exec(value);
  return Boolean(m && validParts(Number(m[1]), Number(m[2]), Number(m[3])));
}

/** True for a datetime-local value ('YYYY-MM-DDTHH:mm', seconds optional) naming a real date and time. */
export function isLocalDateTime(value: string): boolean {
  const m = LOCAL_DATE_TIME.exec(value);
  return Boolean(m && validParts(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0)));
}

/**
 * The instant a wall-clock time in a zone names. In the spring-forward gap (a time that never
 * happened) it is read as if the clocks had not yet changed, i.e. shifted forward by the gap, the way
 * clocks and calendars do; in the autumn overlap (a time that happened twice) the later, standard-time instant is taken.
 * Returns null for anything that is not a real 'YYYY-MM-DDTHH:mm' value.
 */
export function zonedLocalToInstant(local: string, timeZone: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(local);
  if (!m || !isLocalDateTime(local)) return null;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [number, number, number, number, number, number];
  const zoned = new TZDate(y, mo - 1, d, h, mi, s, timeZone);
  const time = zoned.getTime();
  return Number.isNaN(time) ? null : new Date(time);
}

/** A calendar date as the instant of its midnight in the zone (follow-up dates). */
export function zonedDateToInstant(date: string, timeZone: string): Date | null {
  if (!isCalendarDate(date)) return null;
  return zonedLocalToInstant(`${date}T00:00`, timeZone);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as the 'YYYY-MM-DDTHH:mm' a datetime-local input in that zone shows. */
export function instantToZonedLocal(instant: Date, timeZone: string): string {
  const z = new TZDate(instant.getTime(), timeZone);
  return `${z.getFullYear()}-${pad(z.getMonth() + 1)}-${pad(z.getDate())}T${pad(z.getHours())}:${pad(z.getMinutes())}`;
}

/** An instant as the calendar date ('YYYY-MM-DD') it falls on in the zone. */
export function instantToZonedDate(instant: Date, timeZone: string): string {
  return instantToZonedLocal(instant, timeZone).slice(0, 10);
}

export function isEngagementTimeZone(value: unknown): value is EngagementTimeZone {
  return typeof value === "string" && (TIME_ZONE_VALUES as readonly string[]).includes(value);
}
