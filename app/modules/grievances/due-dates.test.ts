import { describe, expect, it } from "vitest";
import { dueStatus } from "./due-dates";

const dates = { acknowledgeBy: "2026-11-27", resolveBy: "2027-01-15" };

describe("dueStatus", () => {
  it("is overdue from the day after a due date, only while the stage still waits for it", () => {
    expect(dueStatus({ stage: "received", ...dates }, "2026-11-27")).toEqual({ acknowledgeOverdue: false, resolveOverdue: false });
    expect(dueStatus({ stage: "received", ...dates }, "2026-11-28")).toEqual({ acknowledgeOverdue: true, resolveOverdue: false });
    expect(dueStatus({ stage: "acknowledged", ...dates }, "2026-11-28")).toEqual({ acknowledgeOverdue: false, resolveOverdue: false });
    expect(dueStatus({ stage: "investigating", ...dates }, "2027-01-16")).toEqual({ acknowledgeOverdue: false, resolveOverdue: true });
    expect(dueStatus({ stage: "resolved", ...dates }, "2027-01-16")).toEqual({ acknowledgeOverdue: false, resolveOverdue: false });
    expect(dueStatus({ stage: "closed", ...dates }, "2027-06-01")).toEqual({ acknowledgeOverdue: false, resolveOverdue: false });
    expect(dueStatus({ stage: "received", acknowledgeBy: null, resolveBy: null }, "2027-06-01")).toEqual({ acknowledgeOverdue: false, resolveOverdue: false });
  });
});
