import { describe, expect, it } from "vitest";
import { projectToday } from "~/modules/calendar/today";
import { zonedDateToInstant } from "~/modules/engagement/zoned-time";
import { monthOf, RANGE_MESSAGES, reportRange, ReportRangeSchema, weekOf, weeksOf } from "./range";

describe("report range (docs/records.md#reports)", () => {
  it("defaults to the month of the project's today", () => {
    expect(reportRange({ from: null, to: null }, "2026-05-14")).toEqual({ from: "2026-05-01", to: "2026-05-31" });
    expect(reportRange({ from: null, to: null }, "2028-02-03")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(reportRange({ from: null, to: null }, "2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("fills a missing end from the start's month, and a missing start from the end's", () => {
    expect(reportRange({ from: "2026-04-10", to: null }, "2026-05-14")).toEqual({ from: "2026-04-10", to: "2026-04-30" });
    expect(reportRange({ from: null, to: "2026-03-15" }, "2026-05-14")).toEqual({ from: "2026-03-01", to: "2026-03-15" });
  });

  it("refuses an end before the start and more than two years", () => {
    expect(reportRange({ from: "2026-05-02", to: "2026-05-01" }, "2026-05-14")).toEqual({ errors: { to: RANGE_MESSAGES.order } });
    expect(reportRange({ from: "2024-01-01", to: "2026-01-02" }, "2026-05-14")).toEqual({ errors: { from: RANGE_MESSAGES.tooLong } });
    expect(reportRange({ from: "2024-01-01", to: "2025-12-31" }, "2026-05-14")).toEqual({ from: "2024-01-01", to: "2025-12-31" });
  });

  it("the schema takes blanks as left out and refuses dates that are not real", () => {
    expect(ReportRangeSchema.parse({ from: "", to: undefined })).toEqual({ from: null, to: null });
    expect(ReportRangeSchema.safeParse({ from: "2026-02-30" }).success).toBe(false);
    expect(ReportRangeSchema.safeParse({ to: "next week" }).success).toBe(false);
  });

  it("monthOf knows the month's last day", () => {
    expect(monthOf("2026-02-10")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthOf("2026-09-30")).toEqual({ from: "2026-09-01", to: "2026-09-30" });
  });
});

describe("weeks", () => {
  it("weeks run Monday to Sunday", () => {
    expect(weekOf("2026-05-04")).toBe("2026-05-04"); // Monday
    expect(weekOf("2026-05-10")).toBe("2026-05-04"); // Sunday
    expect(weekOf("2026-05-11")).toBe("2026-05-11");
    expect(weekOf("2026-01-01")).toBe("2025-12-29"); // across a year
  });

  it("the range's weeks are cut to it", () => {
    const weeks = weeksOf({ from: "2026-05-01", to: "2026-05-31" });
    expect(weeks.map((w) => w.start)).toEqual(["2026-04-27", "2026-05-04", "2026-05-11", "2026-05-18", "2026-05-25"]);
    expect(weeks[0]).toEqual({ start: "2026-04-27", from: "2026-05-01", to: "2026-05-03", label: "1 May–3 May" });
    expect(weeks[4]).toEqual({ start: "2026-05-25", from: "2026-05-25", to: "2026-05-31", label: "25 May–31 May" });
    expect(weeksOf({ from: "2026-05-10", to: "2026-05-10" })).toEqual([{ start: "2026-05-04", from: "2026-05-10", to: "2026-05-10", label: "10 May" }]);
  });

  it("a day's boundaries are midnight in the project's zone, not UTC", () => {
    // Sunday 10 May 2026 23:30 in Sydney is 13:30 UTC the same day; Monday 00:30 Sydney is still Sunday in UTC.
    const sunday = new Date("2026-05-10T13:30:00Z");
    const monday = new Date("2026-05-10T14:30:00Z");
    expect(weekOf(projectToday("Australia/Sydney", sunday))).toBe("2026-05-04");
    expect(weekOf(projectToday("Australia/Sydney", monday))).toBe("2026-05-11");
    expect(weekOf(projectToday("UTC", monday))).toBe("2026-05-04");
    // The range's first instant is local midnight: 1 May in Sydney begins at 14:00 UTC on 30 April.
    expect(zonedDateToInstant("2026-05-01", "Australia/Sydney")!.toISOString()).toBe("2026-04-30T14:00:00.000Z");
    // Across the change to daylight time (Sydney, 4 October 2026) the day is 23 hours long.
    expect(zonedDateToInstant("2026-10-05", "Australia/Sydney")!.getTime() - zonedDateToInstant("2026-10-04", "Australia/Sydney")!.getTime()).toBe(23 * 3600_000);
  });
});
