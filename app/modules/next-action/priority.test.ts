import { describe, expect, it } from "vitest";
import { compareByPriority, daysUntil, dueBadgeStyle, nextActionPriority, parseCalendarDate, prioritySqlExpression } from "./priority";

const today = new Date(2026, 10, 22, 15, 30); // 22 Nov 2026, afternoon local time

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

  it("accepts full timestamps by their calendar date", () => {
    expect(nextActionPriority("2026-11-21T23:59:00Z", today)).toBe(1);
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

describe("compareByPriority", () => {
  it("puts overdue first and orders ties by due date, undated last", () => {
    const items = [
      { id: "none", due: null },
      { id: "later", due: "2027-01-10" },
      { id: "soon-b", due: "2026-11-27" },
      { id: "overdue-b", due: "2026-11-20" },
      { id: "soon-a", due: "2026-11-23" },
      { id: "overdue-a", due: "2026-10-01" },
    ];
    const sorted = [...items].sort(compareByPriority((i) => i.due, today)).map((i) => i.id);
    expect(sorted).toEqual(["overdue-a", "overdue-b", "soon-a", "soon-b", "later", "none"]);
  });
});

describe("prioritySqlExpression", () => {
  it("encodes the same thresholds", () => {
    expect(prioritySqlExpression("s.next_action_due_date")).toBe(
      "(case when s.next_action_due_date is null then 4 when s.next_action_due_date < current_date then 1 when s.next_action_due_date <= current_date + 7 then 2 else 3 end)",
    );
  });
});
