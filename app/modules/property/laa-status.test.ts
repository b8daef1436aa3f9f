import { describe, expect, it } from "vitest";
import { addDays, projectToday } from "~/modules/calendar/today";
import { laaStatus, laaStatusSql, parseLaaFilter } from "./laa-status";

const today = "2026-03-10";
const inDays = (n: number) => addDays(today, n);

describe("laaStatus", () => {
  it("is none without an LAA, whatever the date", () => {
    expect(laaStatus(false, inDays(-5), today)).toBe("none");
    expect(laaStatus(null, null, today)).toBe("none");
  });

  it("is expired one day past expiry (days < 0)", () => {
    expect(laaStatus(true, inDays(-1), today)).toBe("expired");
    expect(laaStatus(true, inDays(-400), today)).toBe("expired");
  });

  it("is expiring soon from 0 (expiry today) to exactly 30 days", () => {
    expect(laaStatus(true, inDays(0), today)).toBe("expiring_soon");
    expect(laaStatus(true, inDays(1), today)).toBe("expiring_soon");
    expect(laaStatus(true, inDays(30), today)).toBe("expiring_soon");
  });

  it("is active from 31 days, and without an expiry date", () => {
    expect(laaStatus(true, inDays(31), today)).toBe("active");
    expect(laaStatus(true, inDays(365), today)).toBe("active");
    expect(laaStatus(true, null, today)).toBe("active");
  });

  it("accepts Date values", () => {
    expect(laaStatus(true, new Date(Date.UTC(2026, 2, 9)), today)).toBe("expired");
  });

  it("expires at midnight in Sydney, not at midnight UTC", () => {
    // An LAA expiring on 5 Apr 2026 (the day Sydney's clocks go back): 23:59 Sydney is 12:59 UTC (+11).
    expect(laaStatus(true, "2026-04-05", projectToday("Australia/Sydney", new Date("2026-04-05T12:59:00Z")))).toBe("expiring_soon");
    // 00:00 Sydney on the 6th is 14:00 UTC on the 5th (+10 after the change): expired, though UTC still says the 5th.
    expect(laaStatus(true, "2026-04-05", projectToday("Australia/Sydney", new Date("2026-04-05T14:00:00Z")))).toBe("expired");
    expect(laaStatus(true, "2026-04-05", projectToday("UTC", new Date("2026-04-05T14:00:00Z")))).toBe("expiring_soon");
  });

  it("turns from active to expiring soon when exactly 30 days remain in Sydney", () => {
    // 00:00 Sydney on 1 Dec (13:00 UTC on 30 Nov): 30 days to 31 Dec.
    expect(laaStatus(true, "2026-12-31", projectToday("Australia/Sydney", new Date("2026-11-30T12:59:00Z")))).toBe("active");
    expect(laaStatus(true, "2026-12-31", projectToday("Australia/Sydney", new Date("2026-11-30T13:00:00Z")))).toBe("expiring_soon");
  });
});

describe("parseLaaFilter", () => {
  it("accepts the three filters and falls back to all", () => {
    expect(parseLaaFilter("with")).toBe("with");
    expect(parseLaaFilter("without")).toBe("without");
    expect(parseLaaFilter("all")).toBe("all");
    expect(parseLaaFilter("'; drop table")).toBe("all");
    expect(parseLaaFilter(null)).toBe("all");
  });
});

describe("laaStatusSql", () => {
  it("uses the same 0 and 30 day boundaries, with today bound rather than current_date", () => {
    const sql = laaStatusSql("p", today);
    expect(sql.expired).toEqual({ sql: "(p.has_laa and p.laa_expiry_date < ?::date)", params: ["2026-03-10"] });
    expect(sql.expiringSoon).toEqual({ sql: "(p.has_laa and p.laa_expiry_date >= ?::date and p.laa_expiry_date <= ?::date)", params: ["2026-03-10", "2026-04-09"] });
  });
});
