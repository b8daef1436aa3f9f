import { GRIEVANCE_CATEGORIES, type GrievanceCategory, type GrievanceStage } from "~db/entities/enums";
import { countedReceivedDay, grievanceDueDates, isBusinessDay, type ClockSettings } from "~/modules/calendar/business-days";
import { addDays, projectToday, type CalendarDate } from "~/modules/calendar/today";
import { CATEGORY_LABELS } from "./labels";
import { AGE_BUCKETS, type AgeBucket, type GrievanceFigures, type Rate } from "./figure-definitions";

export * from "./figure-definitions";

/**
 * Grievance figures for a period (docs/records.md#grievance-figures): worked out here, once, from the
 * rows of the grievances received in the period, for the page, its /api twin and the Excel sheet.
 * Timeliness is judged on the dates stored with each grievance (its counted received day and due
 * dates, on the project's business days) and on the local calendar day, in the project's time zone,
 * of each acknowledging, resolving and closing.
 */

/** One grievance as the figures need it (figures.server.ts reads exactly these columns). */
export interface FigureRow {
  receivedAt: Date | string;
  countedReceivedOn: CalendarDate | null;
  acknowledgeBy: CalendarDate | null;
  resolveBy: CalendarDate | null;
  acknowledgedAt: Date | string | null;
  resolvedAt: Date | string | null;
  closedAt: Date | string | null;
  stage: GrievanceStage;
  category: GrievanceCategory;
}

const rate = (onTime: number, counted: number): Rate => ({ onTime, counted, percent: counted ? Math.round((onTime / counted) * 1000) / 10 : null });

/** The median of numbers (the mean of the middle two for an even count), one decimal; null for none. */
export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 10) / 10;
}

/**
 * Business days after `from` up to and including `to`, as businessDaysBetween counts them, for many
 * pairs: a running count over the days seen is kept, so thousands of grievances do not each walk
 * their whole age day by day.
 */
export function businessDayCounter(jurisdiction: ClockSettings["jurisdiction"]) {
  const running = new Map<CalendarDate, number>();
  let first: CalendarDate | null = null;
  let last: CalendarDate | null = null;
  // running(day) = business days in (first, day]
  const extendTo = (day: CalendarDate) => {
    if (first === null || last === null) {
      first = last = day;
      running.set(day, 0);
      return;
    }
    if (day < first) {
      // Restart from the earlier day; rare (the rows come in received order).
      const keep = last;
      running.clear();
      first = last = day;
      running.set(day, 0);
      extendTo(keep);
      return;
    }
    let count = running.get(last)!;
    while (last < day) {
      last = addDays(last, 1);
      if (isBusinessDay(last, jurisdiction)) count += 1;
      running.set(last, count);
    }
  };
  return (from: CalendarDate, to: CalendarDate): number => {
    if (to <= from) return 0;
    extendTo(from);
    extendTo(to);
    return running.get(to)! - running.get(from)!;
  };
}

const localDay = (at: Date | string | null, timeZone: string): CalendarDate | null => (at === null ? null : projectToday(timeZone, at instanceof Date ? at : new Date(at)));

/** The figures for grievances received in [from, to] (`rows`), judged on `today` under the project's clock. */
export function grievanceFigures(rows: readonly FigureRow[], settings: ClockSettings, period: { from: CalendarDate; to: CalendarDate; today: CalendarDate }): GrievanceFigures {
  const { today } = period;
  const between = businessDayCounter(settings.jurisdiction);
  let ackOnTime = 0;
  let ackCounted = 0;
  let resOnTime = 0;
  let resCounted = 0;
  const closeDays: number[] = [];
  const byCategory = new Map<GrievanceCategory, number>();
  const byAge = new Map<AgeBucket, number>();
  let open = 0;

  for (const row of rows) {
    const receivedAt = row.receivedAt instanceof Date ? row.receivedAt : new Date(row.receivedAt);
    // Rows recorded before the clock stored its dates: work them out as the save would have.
    const due = row.countedReceivedOn && row.acknowledgeBy && row.resolveBy ? null : grievanceDueDates(receivedAt, settings);
    const counted = row.countedReceivedOn ?? due?.countedReceivedOn ?? countedReceivedDay(receivedAt, settings.timeZone, settings.jurisdiction);
    const acknowledgeBy = row.acknowledgeBy ?? due!.acknowledgeBy;
    const resolveBy = row.resolveBy ?? due!.resolveBy;

    const acknowledgedOn = localDay(row.acknowledgedAt, settings.timeZone);
    if (acknowledgedOn !== null) {
      ackCounted += 1;
      if (acknowledgedOn <= acknowledgeBy) ackOnTime += 1;
    } else if (acknowledgeBy < today) ackCounted += 1;

    const resolved = row.stage === "resolved" || row.stage === "closed";
    const resolvedOn = resolved ? localDay(row.resolvedAt ?? row.closedAt, settings.timeZone) : null;
    if (resolvedOn !== null) {
      resCounted += 1;
      if (resolvedOn <= resolveBy) resOnTime += 1;
    } else if (resolveBy < today) resCounted += 1;

    if (row.stage === "closed") {
      const closedOn = localDay(row.closedAt, settings.timeZone);
      if (closedOn !== null) closeDays.push(between(counted, closedOn));
    } else {
      open += 1;
      byCategory.set(row.category, (byCategory.get(row.category) ?? 0) + 1);
      const age = between(counted, today);
      const bucket = AGE_BUCKETS.find((b) => age >= b.min && age <= b.max)!.key;
      byAge.set(bucket, (byAge.get(bucket) ?? 0) + 1);
    }
  }

  return {
    from: period.from,
    to: period.to,
    today,
    received: rows.length,
    acknowledgedOnTime: rate(ackOnTime, ackCounted),
    resolvedOnTime: rate(resOnTime, resCounted),
    medianBusinessDaysToClose: { closed: closeDays.length, median: median(closeDays) },
    openByCategory: GRIEVANCE_CATEGORIES.map((category) => ({ category, label: CATEGORY_LABELS[category], open: byCategory.get(category) ?? 0 })),
    openByAge: AGE_BUCKETS.map((b) => ({ bucket: b.key, label: b.label, open: byAge.get(b.key) ?? 0 })),
    open,
  };
}
