import { describe, expect, it } from "vitest";
import { assignmentMailTo, dueReminders, reminderDay, type ReminderState } from "./reminders";

const open = (over: Partial<ReminderState> = {}): ReminderState => ({
  stage: "received",
  ownerId: "owner",
  acknowledgeBy: null,
  resolveBy: null,
  acknowledgeRemindedFor: null,
  resolveRemindedFor: null,
  ...over,
});

describe("reminderDay", () => {
  it("is the business day before: the Friday before a Monday, before a public holiday in the project's jurisdiction", () => {
    expect(reminderDay("2026-11-30", "NSW")).toBe("2026-11-27");
    // Christmas (Friday) and Boxing Day's substitute (Monday 28 December) are holidays in NSW.
    expect(reminderDay("2026-12-29", "NSW")).toBe("2026-12-24");
    // Melbourne Cup Day (Tuesday 3 November 2026) is a holiday in Victoria only.
    expect(reminderDay("2026-11-04", "VIC")).toBe("2026-11-02");
    expect(reminderDay("2026-11-04", "NSW")).toBe("2026-11-03");
  });
});

describe("dueReminders", () => {
  it("reminds on the Friday before a Monday due date, and catches up until the due date, never after", () => {
    const grievance = open({ acknowledgeBy: "2026-11-30" });
    expect(dueReminders(grievance, "2026-11-26", "NSW")).toEqual([]);
    expect(dueReminders(grievance, "2026-11-27", "NSW")).toEqual([{ kind: "acknowledge", dueBy: "2026-11-30" }]);
    expect(dueReminders(grievance, "2026-11-28", "NSW")).toEqual([{ kind: "acknowledge", dueBy: "2026-11-30" }]);
    expect(dueReminders(grievance, "2026-11-30", "NSW")).toEqual([{ kind: "acknowledge", dueBy: "2026-11-30" }]);
    expect(dueReminders(grievance, "2026-12-01", "NSW")).toEqual([]);
  });

  it("reminds on the business day before a public holiday that precedes the due date", () => {
    const grievance = open({ stage: "investigating", resolveBy: "2026-12-29" });
    expect(dueReminders(grievance, "2026-12-23", "NSW")).toEqual([]);
    expect(dueReminders(grievance, "2026-12-24", "NSW")).toEqual([{ kind: "resolve", dueBy: "2026-12-29" }]);
    const cup = open({ acknowledgeBy: "2026-11-04" });
    expect(dueReminders(cup, "2026-11-02", "VIC")).toEqual([{ kind: "acknowledge", dueBy: "2026-11-04" }]);
    expect(dueReminders(cup, "2026-11-02", "NSW")).toEqual([]);
  });

  it("sends nothing for a due date already reminded of, and again for a due date that moved", () => {
    expect(dueReminders(open({ acknowledgeBy: "2026-11-30", acknowledgeRemindedFor: "2026-11-30" }), "2026-11-27", "NSW")).toEqual([]);
    expect(dueReminders(open({ acknowledgeBy: "2026-11-30", acknowledgeRemindedFor: "2026-11-23" }), "2026-11-27", "NSW")).toEqual([{ kind: "acknowledge", dueBy: "2026-11-30" }]);
    expect(dueReminders(open({ stage: "investigating", resolveBy: "2026-11-30", resolveRemindedFor: "2026-11-30" }), "2026-11-27", "NSW")).toEqual([]);
  });

  it("sends nothing once the stage is past the clock, or without an owner", () => {
    const dates = { acknowledgeBy: "2026-11-30", resolveBy: "2026-11-30" };
    expect(dueReminders(open(dates), "2026-11-27", "NSW").map((r) => r.kind)).toEqual(["acknowledge", "resolve"]);
    expect(dueReminders(open({ ...dates, stage: "acknowledged" }), "2026-11-27", "NSW").map((r) => r.kind)).toEqual(["resolve"]);
    expect(dueReminders(open({ ...dates, stage: "response_proposed" }), "2026-11-27", "NSW").map((r) => r.kind)).toEqual(["resolve"]);
    expect(dueReminders(open({ ...dates, stage: "resolved" }), "2026-11-27", "NSW")).toEqual([]);
    expect(dueReminders(open({ ...dates, stage: "closed" }), "2026-11-27", "NSW")).toEqual([]);
    expect(dueReminders(open({ ...dates, ownerId: null }), "2026-11-27", "NSW")).toEqual([]);
  });
});

describe("assignmentMailTo", () => {
  it("mails a new owner, not an unchanged one, not someone who took the grievance themselves, not nobody", () => {
    expect(assignmentMailTo(null, "pm", "officer")).toBe("pm");
    expect(assignmentMailTo("officer", "pm", "officer")).toBe("pm");
    expect(assignmentMailTo("pm", "pm", "officer")).toBeNull();
    expect(assignmentMailTo(null, "officer", "officer")).toBeNull();
    expect(assignmentMailTo("pm", null, "officer")).toBeNull();
  });
});
