import { describe, expect, it } from "vitest";
import { projectToday } from "~/modules/calendar/today";
import { daysUntil, dueBadgeStyle, nextActionPriority, parseCalendarDate, priorityOrderSql } from "./priority";

const today = "2026-11-22";

describe("nextActionPriority", () => {
  it.each([
    [null, 4],
    [undefined, 4],
    ["", 4],
    ["not a date", 4],
    ["2026-11-21", 1],
    ["2025-01-01", 1],
    ["2026-11-22", 2],
    ["2026-11-29", 2],
    ["2026-11-30", 3],
    ["2027-06-01", 3],
  ] as const)("%s -> %i", (due, expected) => {
    expect(nextActionPriority(due, today)).toBe(expected);
  });

  it("accepts full timestamps and Dates by their calendar date", () => {
    expect(nextActionPriority("2026-11-21T23:59:00Z", today)).toBe(1);
    expect(nextActionPriority(new Date(Date.UTC(2026, 10, 21)), today)).toBe(1);
  });

  it("is due today (P2) until midnight in Sydney, then overdue, whatever UTC says", () => {
    const due = "2026-11-22";
    // 23:59 Sydney on the 22nd (12:59 UTC): due today.
    expect(nextActionPriority(due, projectToday("Australia/Sydney", new Date("2026-11-22T12:59:00Z")))).toBe(2);
    // 00:00 Sydney on the 23rd (still the 22nd in UTC): overdue.
    expect(nextActionPriority(due, projectToday("Australia/Sydney", new Date("2026-11-22T13:00:00Z")))).toBe(1);
  });

  it("is due soon at exactly 7 days and scheduled at 8, counted from the Sydney date", () => {
    const at = new Date("2026-11-22T13:30:00Z"); // 00:30 on the 23rd in Sydney
    const sydneyToday = projectToday("Australia/Sydney", at);
    expect(nextActionPriority("2026-11-30", sydneyToday)).toBe(2);
    expect(nextActionPriority("2026-12-01", sydneyToday)).toBe(3);
    // The same instant judged in UTC would call the 30th "scheduled": the zone matters.
    expect(nextActionPriority("2026-11-30", projectToday("UTC", at))).toBe(3);
  });

  it("counts calendar days across a daylight-saving change", () => {
    // Clocks go forward on 4 Oct 2026: due 7 days after 1 Oct is still due soon.
    expect(nextActionPriority("2026-10-08", "2026-10-01")).toBe(2);
    expect(nextActionPriority("2026-10-09", "2026-10-01")).toBe(3);
  });
});

describe("daysUntil and parseCalendarDate", () => {
  it("counts calendar days", () => {
    expect(daysUntil("2026-11-22", today)).toBe(0);
    expect(daysUntil("2026-12-22", today)).toBe(30);
    expect(daysUntil("2026-11-20", today)).toBe(-2);
  });
  it("rejects impossible dates", () => {
    expect(parseCalendarDate("2026-02-30")).toBeNull();
    expect(daysUntil("2026-13-01", today)).toBeNull();
  });
});

describe("badge style", () => {
  it("is red when overdue, default within 7 days, muted otherwise", () => {
    expect(dueBadgeStyle(1)).toBe("danger");
    expect(dueBadgeStyle(2)).toBe("default");
    expect(dueBadgeStyle(3)).toBe("muted");
    expect(dueBadgeStyle(4)).toBe("muted");
  });
});

describe("priorityOrderSql", () => {
  it("orders by due date with no date last, which is priority order with ties by due date", () => {
    expect(priorityOrderSql("s.next_action_due_date", "asc")).toBe("s.next_action_due_date asc nulls last");
    expect(priorityOrderSql("s.next_action_due_date", "desc")).toBe("s.next_action_due_date desc nulls first");
    // The rule itself: sorting by (priority, due date) gives the same order as by due date, no date last, for any today.
    const dues = [null, "2027-01-10", "2026-11-27", "2026-11-20", "2026-11-23", "2026-10-01", "2026-11-22", "2026-11-29", "2026-11-30", null];
    const byDate = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
    for (const day of ["2026-11-22", "2026-11-25", "2026-12-31", "2026-01-01"]) {
      const byPriority = [...dues].sort((a, b) => nextActionPriority(a, day) - nextActionPriority(b, day) || byDate(a, b));
      expect(byPriority).toEqual([...dues].sort(byDate));
    }
  });
});
