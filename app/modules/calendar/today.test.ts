import { describe, expect, it } from "vitest";
import { addDays, daysBetween, DEFAULT_PROJECT_TIME_ZONE, projectTimeZone, projectToday, todayForProject } from "./today";

const SYDNEY = "Australia/Sydney";

describe("projectToday", () => {
  it("turns at midnight Sydney, not at midnight UTC (summer, UTC+11)", () => {
    // 23:59 on 22 Nov in Sydney is 12:59 UTC; 00:00 on 23 Nov in Sydney is 13:00 UTC on the 22nd.
    expect(projectToday(SYDNEY, new Date("2026-11-22T12:59:59Z"))).toBe("2026-11-22");
    expect(projectToday(SYDNEY, new Date("2026-11-22T13:00:00Z"))).toBe("2026-11-23");
    expect(projectToday("UTC", new Date("2026-11-22T13:00:00Z"))).toBe("2026-11-22");
    // Just before midnight UTC it is already mid-morning of the next day in Sydney.
    expect(projectToday(SYDNEY, new Date("2026-11-22T23:59:00Z"))).toBe("2026-11-23");
    expect(projectToday("UTC", new Date("2026-11-22T23:59:00Z"))).toBe("2026-11-22");
    expect(projectToday("UTC", new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23");
  });

  it("turns at midnight Sydney in winter (UTC+10)", () => {
    expect(projectToday(SYDNEY, new Date("2026-06-15T13:59:59Z"))).toBe("2026-06-15");
    expect(projectToday(SYDNEY, new Date("2026-06-15T14:00:00Z"))).toBe("2026-06-16");
  });

  it("follows the daylight-saving changes", () => {
    // Clocks go forward at 02:00 on Sun 4 Oct 2026: that day's midnight is still +10 (14:00 UTC on the 3rd),
    // the next midnight is +11 (13:00 UTC on the 4th).
    expect(projectToday(SYDNEY, new Date("2026-10-03T13:59:59Z"))).toBe("2026-10-03");
    expect(projectToday(SYDNEY, new Date("2026-10-03T14:00:00Z"))).toBe("2026-10-04");
    expect(projectToday(SYDNEY, new Date("2026-10-04T12:59:59Z"))).toBe("2026-10-04");
    expect(projectToday(SYDNEY, new Date("2026-10-04T13:00:00Z"))).toBe("2026-10-05");
    // Clocks go back at 03:00 on Sun 5 Apr 2026: that day starts at +11 (13:00 UTC on the 4th), the next at +10.
    expect(projectToday(SYDNEY, new Date("2026-04-04T12:59:59Z"))).toBe("2026-04-04");
    expect(projectToday(SYDNEY, new Date("2026-04-04T13:00:00Z"))).toBe("2026-04-05");
    expect(projectToday(SYDNEY, new Date("2026-04-05T13:59:59Z"))).toBe("2026-04-05");
    expect(projectToday(SYDNEY, new Date("2026-04-05T14:00:00Z"))).toBe("2026-04-06");
  });
});

describe("projectTimeZone", () => {
  it("reads settings.defaultTimezone when it names a real zone, else Sydney", () => {
    expect(projectTimeZone({ defaultTimezone: "Australia/Perth" })).toBe("Australia/Perth");
    expect(projectTimeZone({ defaultTimezone: "Mars/Olympus" })).toBe(DEFAULT_PROJECT_TIME_ZONE);
    expect(projectTimeZone({ defaultTimezone: 42 })).toBe(DEFAULT_PROJECT_TIME_ZONE);
    expect(projectTimeZone(null)).toBe(DEFAULT_PROJECT_TIME_ZONE);
    expect(DEFAULT_PROJECT_TIME_ZONE).toBe(SYDNEY);
  });

  it("gives a project's today in its own zone", () => {
    const now = new Date("2026-11-22T14:30:00Z"); // 01:30 on the 23rd in Sydney, 22:30 on the 22nd in Perth
    expect(todayForProject({ settings: {} }, now)).toBe("2026-11-23");
    expect(todayForProject({ settings: { defaultTimezone: "Australia/Perth" } }, now)).toBe("2026-11-22");
  });
});

describe("calendar arithmetic", () => {
  it("counts whole days across month, year and daylight-saving boundaries", () => {
    expect(daysBetween("2026-11-22", "2026-11-29")).toBe(7);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(daysBetween("2026-10-03", "2026-10-05")).toBe(2);
    expect(daysBetween("2026-11-22", "2026-11-21")).toBe(-1);
    expect(daysBetween("2026-11-22", "2026-11-21T23:59:00Z")).toBe(-1);
    expect(daysBetween("2026-11-22", "2026-02-30")).toBeNull();
  });

  it("adds days", () => {
    expect(addDays("2026-11-22", 7)).toBe("2026-11-29");
    expect(addDays("2026-12-25", 30)).toBe("2027-01-24");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(() => addDays("garbage", 1)).toThrow(RangeError);
  });
});
