import { dueScheduledPack, failureReason, firstBusinessDayOfMonth, recipientLines, ReportPackScheduleSchema, SCHEDULE_MESSAGES, scheduleOf } from "./pack-schedule";

const ON = { enabled: true, recipients: ["director@client.example"], setBy: "u1", sentFor: null, lastFailure: null };

describe("firstBusinessDayOfMonth", () => {
  it("is the 1st when that is a working day", () => {
    expect(firstBusinessDayOfMonth("2026-06-17", "NSW")).toBe("2026-06-01"); // Monday
  });
  it("skips a weekend at the start of the month", () => {
    expect(firstBusinessDayOfMonth("2026-08-20", "NSW")).toBe("2026-08-03"); // 1 Aug 2026 is a Saturday
    expect(firstBusinessDayOfMonth("2026-11-01", "NSW")).toBe("2026-11-02"); // a Sunday
  });
  it("skips a public holiday on the 1st, and the weekend after it", () => {
    expect(firstBusinessDayOfMonth("2026-01-15", "NSW")).toBe("2026-01-02"); // New Year's Day, Thursday
    expect(firstBusinessDayOfMonth("2027-01-15", "NSW")).toBe("2027-01-04"); // Friday 1 Jan, then the weekend
  });
  it("follows the project's jurisdiction (WA Day on the first Monday of June)", () => {
    expect(firstBusinessDayOfMonth("2026-06-10", "WA")).toBe("2026-06-02");
  });
});

describe("dueScheduledPack", () => {
  it("is the previous month from the first business day to the end of the month, once", () => {
    expect(dueScheduledPack(ON, "2026-08-02", "NSW")).toBeNull(); // Sunday before the first business day
    expect(dueScheduledPack(ON, "2026-08-03", "NSW")).toEqual({ month: "2026-07", range: { from: "2026-07-01", to: "2026-07-31" } });
    expect(dueScheduledPack(ON, "2026-08-31", "NSW")?.month).toBe("2026-07");
    expect(dueScheduledPack({ ...ON, sentFor: "2026-07" }, "2026-08-03", "NSW")).toBeNull();
    expect(dueScheduledPack({ ...ON, sentFor: "2026-07" }, "2026-09-01", "NSW")).toEqual({ month: "2026-08", range: { from: "2026-08-01", to: "2026-08-31" } });
    expect(dueScheduledPack(ON, "2027-01-04", "NSW")).toEqual({ month: "2026-12", range: { from: "2026-12-01", to: "2026-12-31" } });
  });
  it("is never due when off", () => {
    expect(dueScheduledPack({ ...ON, enabled: false }, "2026-08-03", "NSW")).toBeNull();
  });
});

describe("the schedule form", () => {
  it("takes one address a line, trimmed and each once", () => {
    expect(recipientLines(" a@x.example\n\nB@x.example, b@X.example;c@x.example ")).toEqual(["a@x.example", "B@x.example", "c@x.example"]);
    expect(ReportPackScheduleSchema.parse({ enabled: "on", recipients: "a@x.example\r\nc@x.example" })).toEqual({ enabled: true, recipients: ["a@x.example", "c@x.example"] });
    expect(ReportPackScheduleSchema.parse({ recipients: "" })).toEqual({ enabled: false, recipients: [] });
  });
  it("names the line that is not an address, and asks for one when on", () => {
    const bad = ReportPackScheduleSchema.safeParse({ enabled: "on", recipients: "a@x.example\nnot an address" });
    expect(bad.success ? null : bad.error.flatten().fieldErrors.recipients).toEqual([SCHEDULE_MESSAGES.address("not an address")]);
    const none = ReportPackScheduleSchema.safeParse({ enabled: "on", recipients: " " });
    expect(none.success ? null : none.error.flatten().fieldErrors.recipients).toEqual([SCHEDULE_MESSAGES.none]);
  });
  it("reads a stored schedule, off when it has no address", () => {
    expect(scheduleOf({ reportPackSchedule: { enabled: true, recipients: [] } }).enabled).toBe(false);
    expect(scheduleOf(null)).toEqual({ enabled: false, recipients: [], setBy: null, sentFor: null, lastFailure: null });
    const failure = { month: "2026-07", at: "2026-08-03T00:20:00.000Z", reason: failureReason(403) };
    expect(scheduleOf({ reportPackSchedule: { ...ON, lastFailure: failure } }).lastFailure).toEqual(failure);
    expect(scheduleOf({ reportPackSchedule: { ...ON, lastFailure: { month: 7 } } }).lastFailure).toBeNull();
    expect(scheduleOf({ reportPackSchedule: ON })).toEqual(ON);
  });
});

describe("failureReason", () => {
  it("tells the reader to save the schedule again when its owner lost their rights, and otherwise that it is retried", () => {
    expect(failureReason(403)).toContain("Save the schedule again");
    expect(failureReason(404)).toContain("Save the schedule again");
    expect(failureReason(undefined)).toBe("The pack could not be made or sent. The next hourly run tries again.");
  });
});
