/**
 * Reading dates the way Australian landholder lists and title extracts write them (docs/import.md#values), as a
 * calendar date 'YYYY-MM-DD'. Numeric dates are day first, always: 03/04/2024 is 3 April, and 03/31/2024
 * is refused rather than read month first. Anything that is not a real date gives null.
 */

// Land titles reach back to the 1800s; a year outside this range is a typo ("2/3/0224"), not a date.
export const MIN_YEAR = 1800;
export const MAX_YEAR = 2199;

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** 'YYYY-MM-DD' for a real day in range, else null (31/02 and 29/02 of a common year are not days). */
export function calendarDate(year: number, month: number, day: number): string | null {
  if (![year, month, day].every(Number.isInteger) || year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * A two-digit year as Excel reads one typed in: 00–29 are 2000–2029, 30–99 are 1930–1999. Following
 * Excel means the file reads the same here as it did on the screen of whoever wrote it.
 */
export function expandTwoDigitYear(yy: number): number {
  return yy < 30 ? 2000 + yy : 1900 + yy;
}

const year = (text: string) => (text.length === 2 ? expandTwoDigitYear(Number(text)) : Number(text));

// A time after the date (" 0:00" from Excel's CSV export, "T10:30:00+10:00" from ISO) is dropped: the
// fields take a calendar date, and the date the file wrote is the one meant.
const TIME = String.raw`(?:[T ]\s*\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[ap]\.?m\.?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?`;
const ISO = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`, "i");
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})${TIME}$`, "i");
const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i;
const DAY_MONTH_NAME = /^(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?[\s/.-]+([a-z]+)\.?,?[\s/.-]+(\d{4}|\d{2})$/i;
const MONTH_NAME_DAY = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;

/** A date as text: ISO, yyyymmdd, d/m/yy(yy) with / . or -, "3 Mar 2024", "Sunday, 3rd March 2024", "March 3, 2024". */
export function parseDateText(text: string): string | null {
  const s = text.trim().replace(/\s+/g, " ");
  let m = ISO.exec(s) ?? COMPACT.exec(s);
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = DAY_FIRST.exec(s);
  if (m) return calendarDate(year(m[3]!), Number(m[2]), Number(m[1]));
  const words = s.replace(WEEKDAY, "");
  m = DAY_MONTH_NAME.exec(words);
  if (m) {
    const month = MONTHS[m[2]!.toLowerCase()];
    return month ? calendarDate(year(m[3]!), month, Number(m[1])) : null;
  }
  // A month written as a word cannot be misread, so "March 3, 2024" is safe to accept.
  m = MONTH_NAME_DAY.exec(words);
  if (m) {
    const month = MONTHS[m[1]!.toLowerCase()];
    return month ? calendarDate(Number(m[3]), month, Number(m[2])) : null;
  }
  return null;
}

const DAY_MS = 86_400_000;
/** Serial of 31/12/9999, the last day Excel has. */
const EXCEL_LAST_SERIAL = 2_958_465;

/**
 * An Excel serial date (1900 date system) as a calendar date; the fraction (time of day) is dropped.
 * Excel counts 29/02/1900, a day that never was (Lotus 1-2-3's leap-year bug, kept for compatibility):
 * serials from 61 on are one day ahead of a true count, and serial 60 is no date at all.
 */
export function excelSerialToDate(serial: number): string | null {
  if (!Number.isFinite(serial)) return null;
  const day = Math.floor(serial);
  if (day < 1 || day > EXCEL_LAST_SERIAL || day === 60) return null;
  const daysAfterFirstJanuary1900 = day < 60 ? day - 1 : day - 2;
  const date = new Date(Date.UTC(1900, 0, 1) + daysAfterFirstJanuary1900 * DAY_MS);
  return calendarDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

// Excel has no date cells before 1900, and exceljs places serials 0–60 a day early (it does not count
// the phantom 29/02/1900): a Date before 1 March 1900 is a time-only cell (day 0) or unreliable.
const FIRST_RELIABLE_SHEET_DATE = Date.UTC(1900, 2, 1);

/**
 * A JavaScript Date from a spreadsheet reader. exceljs gives a date cell as midnight UTC of that day,
 * so its UTC fields are the day written (the parser must hand SheetJS dates over the same way); reading
 * local fields instead would move every date a day on a server west of Greenwich.
 */
export function dateObjectToCalendarDate(date: Date): string | null {
  if (Number.isNaN(date.getTime()) || date.getTime() < FIRST_RELIABLE_SHEET_DATE) return null;
  return calendarDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}
