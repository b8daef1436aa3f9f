import { describe, expect, it } from "vitest";
import { businessDaysBetween, grievanceDueDates, type ClockSettings } from "~/modules/calendar/business-days";
import { addDays } from "~/modules/calendar/today";
import { zonedLocalToInstant } from "~/modules/engagement/zoned-time";
import type { GrievanceCategory, GrievanceStage } from "~db/entities/enums";
import { businessDayCounter, grievanceFigures, median, type FigureRow } from "./figures";
import { figurePeriod } from "./figure-period";

/**
 * Grievance figures (docs/records.md#grievance-figures) against a hand count. NSW, Sydney time,
 * acknowledge within 2 and resolve within 10 business days; today is Friday 2026-10-30.
 * Business days from Monday 2026-09-28, numbered: Sep 28=0, 29=1, 30=2, Oct 1=3, 2=4, (3, 4 weekend,
 * 5 Labour Day) 6=5, 7=6, 8=7, 9=8, 12=9, 13=10, 14=11, 15=12, 16=13, 19=14, 20=15, 21=16, 22=17,
 * 23=18, 26=19, 27=20, 28=21, 29=22, 30=23, Nov 2=24. Sydney moves to daylight time (+11) on Oct 4.
 */
const CLOCK: ClockSettings = { timeZone: "Australia/Sydney", jurisdiction: "NSW", acknowledgeDays: 2, resolveDays: 10 };
const TODAY = "2026-10-30";
const PERIOD = { from: "2026-09-28", to: "2026-10-16", today: TODAY };
const at = (local: string) => zonedLocalToInstant(local, CLOCK.timeZone)!;

function row(received: string, due: [string, string, string], stage: GrievanceStage, category: GrievanceCategory, stamps: { ack?: string; res?: string; closed?: string } = {}): FigureRow {
  return {
    receivedAt: at(received),
    countedReceivedOn: due[0],
    acknowledgeBy: due[1],
    resolveBy: due[2],
    acknowledgedAt: stamps.ack ? at(stamps.ack) : null,
    resolvedAt: stamps.res ? at(stamps.res) : null,
    closedAt: stamps.closed ? at(stamps.closed) : null,
    stage,
    category,
  };
}

// [counted received day, acknowledge by (+2), resolve by (+10)]
const ROWS: FigureRow[] = [
  // G0 Tue 08:00 → day 1; ack Oct 1 on time; open (response proposed), age 23-1 = 22; resolve-by Oct 14 passed.
  row("2026-09-29T08:00", ["2026-09-29", "2026-10-01", "2026-10-14"], "response_proposed", "gates_fences", { ack: "2026-10-01T09:00" }),
  // G1 Mon 10:00 → day 0; ack on time, resolved Oct 9 on time, closed Oct 12 (day 9): 9 business days.
  row("2026-09-28T10:00", ["2026-09-28", "2026-09-30", "2026-10-13"], "closed", "gates_fences", { ack: "2026-09-29T09:00", res: "2026-10-09T10:00", closed: "2026-10-12T10:00" }),
  // G2 Fri 17:30 → after close of business, weekend, Labour Day: counted Oct 6 (day 5); ack on the due date itself (on time); open, age 18.
  row("2026-10-02T17:30", ["2026-10-06", "2026-10-08", "2026-10-20"], "investigating", "water", { ack: "2026-10-08T16:00" }),
  // G3 Saturday → Oct 6; ack Oct 9 late; Resolved Oct 19 on time but not Closed: open, age 18.
  row("2026-10-03T11:00", ["2026-10-06", "2026-10-08", "2026-10-20"], "resolved", "access", { ack: "2026-10-09T10:00", res: "2026-10-19T10:00" }),
  // G4 Labour Day → Oct 6; ack on time; resolved and closed Oct 22 (late; day 17): 12 business days.
  row("2026-10-05T09:00", ["2026-10-06", "2026-10-08", "2026-10-20"], "closed", "compensation_payments", { ack: "2026-10-06T10:00", res: "2026-10-22T10:00", closed: "2026-10-22T10:00" }),
  // G5 Wed 23:30 → Oct 8 (day 7); acknowledged 00:30 on Oct 13 local (still Oct 12 in UTC): late; open, age 16.
  row("2026-10-07T23:30", ["2026-10-08", "2026-10-12", "2026-10-22"], "acknowledged", "dust_noise", { ack: "2026-10-13T00:30" }),
  // G6 Fri → day 8; ack on time, resolved Oct 14 on time, closed Oct 15 (day 12): 4 business days.
  row("2026-10-09T10:00", ["2026-10-09", "2026-10-13", "2026-10-23"], "closed", "communication", { ack: "2026-10-09T11:00", res: "2026-10-14T10:00", closed: "2026-10-15T10:00" }),
  // G7 Mon → day 9; never acknowledged (counted, late), resolve-by Oct 26 passed; open, age 14.
  row("2026-10-12T09:00", ["2026-10-12", "2026-10-14", "2026-10-26"], "received", "access"),
  // G8 Wed → day 11; ack on time, resolved Oct 27 on time, closed Oct 28 (day 21): 10 business days.
  row("2026-10-14T11:00", ["2026-10-14", "2026-10-16", "2026-10-28"], "closed", "other", { ack: "2026-10-15T10:00", res: "2026-10-27T10:00", closed: "2026-10-28T10:00" }),
  // G9 Fri → day 13; ack on the due date; resolve-by is today: not yet counted; open, age 10.
  row("2026-10-16T14:00", ["2026-10-16", "2026-10-20", "2026-10-30"], "investigating", "damage", { ack: "2026-10-20T09:00" }),
  // G10 Fri 18:00 → Oct 19 (day 14); never acknowledged, ack-by Oct 21 passed; resolve-by Nov 2 not yet; open, age 9.
  row("2026-10-16T18:00", ["2026-10-19", "2026-10-21", "2026-11-02"], "received", "traffic"),
];

describe("grievanceFigures", () => {
  const figures = grievanceFigures(ROWS, CLOCK, PERIOD);

  it("the hand-counted due dates are the clock's", () => {
    for (const r of ROWS) {
      expect(grievanceDueDates(r.receivedAt as Date, CLOCK)).toEqual({ countedReceivedOn: r.countedReceivedOn, acknowledgeBy: r.acknowledgeBy, resolveBy: r.resolveBy });
    }
  });

  it("counts what was received and keeps the period", () => {
    expect(figures).toMatchObject({ from: "2026-09-28", to: "2026-10-16", today: TODAY, received: 11 });
  });

  it("acknowledged on time: 7 of 11 (G3, G5 late; G7, G10 never, past due)", () => {
    expect(figures.acknowledgedOnTime).toEqual({ onTime: 7, counted: 11, percent: 63.6 });
  });

  it("resolved on time: 4 of 9 (G1, G3, G6, G8 on time; G4 late; G0, G2, G5, G7 past due; G9, G10 not yet due)", () => {
    expect(figures.resolvedOnTime).toEqual({ onTime: 4, counted: 9, percent: 44.4 });
  });

  it("median business days to close: 4, 9, 10, 12 → 9.5", () => {
    expect(figures.medianBusinessDaysToClose).toEqual({ closed: 4, median: 9.5 });
  });

  it("open by category and by age (every category and bucket listed, zeros too)", () => {
    expect(figures.open).toBe(7);
    const byCategory = Object.fromEntries(figures.openByCategory.map((c) => [c.category, c.open]));
    expect(byCategory).toEqual({ access: 2, gates_fences: 1, damage: 1, dust_noise: 1, weeds_biosecurity: 0, water: 1, traffic: 1, compensation_payments: 0, communication: 0, other: 0 });
    expect(figures.openByAge.map((a) => [a.bucket, a.open])).toEqual([
      ["0-5", 0],
      ["6-10", 2],
      ["11-20", 4],
      ["21-30", 1],
      ["over-30", 0],
    ]);
  });

  it("leaves out what is not yet due and says so with null percentages when nothing is counted", () => {
    const fresh = row("2026-10-29T09:00", ["2026-10-29", "2026-11-02", "2026-11-12"], "received", "access");
    expect(grievanceFigures([fresh], CLOCK, PERIOD)).toMatchObject({
      received: 1,
      acknowledgedOnTime: { onTime: 0, counted: 0, percent: null },
      resolvedOnTime: { onTime: 0, counted: 0, percent: null },
      medianBusinessDaysToClose: { closed: 0, median: null },
      openByAge: expect.arrayContaining([{ bucket: "0-5", label: "0–5 business days", open: 1 }]),
    });
    // Acknowledged early is counted even before the due date.
    expect(grievanceFigures([{ ...fresh, acknowledgedAt: at("2026-10-29T12:00") }], CLOCK, PERIOD).acknowledgedOnTime).toEqual({ onTime: 1, counted: 1, percent: 100 });
  });

  it("a reopened grievance is open and not resolved, whatever its old stamps say", () => {
    const reopened = { ...ROWS[1]!, stage: "investigating" as const };
    const f = grievanceFigures([reopened], CLOCK, PERIOD);
    expect(f.resolvedOnTime).toEqual({ onTime: 0, counted: 1, percent: 0 });
    expect(f.medianBusinessDaysToClose.closed).toBe(0);
    expect(f.open).toBe(1);
  });

  it("works out missing stored dates from the clock", () => {
    const bare = { ...ROWS[2]!, countedReceivedOn: null, acknowledgeBy: null, resolveBy: null };
    expect(grievanceFigures([bare], CLOCK, PERIOD)).toMatchObject({
      acknowledgedOnTime: { onTime: 1, counted: 1 },
      openByAge: expect.arrayContaining([expect.objectContaining({ bucket: "11-20", open: 1 })]),
    });
  });
});

describe("businessDayCounter", () => {
  it("agrees with businessDaysBetween in any order of questions", () => {
    const count = businessDayCounter("NSW");
    const days = Array.from({ length: 60 }, (_, i) => addDays("2026-12-01", i * 3 - 40));
    for (const a of days) for (const b of [...days].reverse()) expect(count(a, b)).toBe(businessDaysBetween(a, b, "NSW"));
  });
});

describe("median", () => {
  it("takes the middle value or the mean of the middle two", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 12, 9, 10])).toBe(9.5);
  });
});

describe("figurePeriod", () => {
  it("defaults to the last 90 days up to today", () => {
    expect(figurePeriod({ from: null, to: null }, TODAY)).toEqual({ from: "2026-08-02", to: TODAY });
    expect(figurePeriod({ from: null, to: "2026-10-16" }, TODAY)).toEqual({ from: "2026-07-19", to: "2026-10-16" });
    expect(figurePeriod({ from: "2026-10-01", to: null }, TODAY)).toEqual({ from: "2026-10-01", to: TODAY });
  });

  it("refuses an end before the start and a period over five years", () => {
    expect(figurePeriod({ from: "2026-10-16", to: "2026-10-15" }, TODAY)).toEqual({ errors: { to: "The end date must be on or after the start date" } });
    expect(figurePeriod({ from: "2020-01-01", to: "2026-10-16" }, TODAY)).toEqual({ errors: { from: "The period can be at most 5 years" } });
  });
});
