const FORMAT = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11-23" → "23 November 2026": the document's own date, with no time zone to shift it. */
export function formatDocDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : FORMAT.format(date);
}
