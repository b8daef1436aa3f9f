import { laaStatus, laaStatusSql, parseLaaFilter } from "./laa-status";

const today = new Date(2026, 2, 10, 15, 30); // 10 Mar 2026, afternoon local time
const inDays = (n: number) => {
  const d = new Date(Date.UTC(2026, 2, 10 + n));
  return d.toISOString().slice(0, 10);
};

describe("laaStatus", () => {
  it("is none without an LAA, whatever the date", () => {
    expect(laaStatus(false, inDays(-5), today)).toBe("none");
    expect(laaStatus(null, null, today)).toBe("none");
  });

  it("is expired one day past expiry (days < 0)", () => {
    expect(laaStatus(true, inDays(-1), today)).toBe("expired");
    expect(laaStatus(true, inDays(-400), today)).toBe("expired");
  });

  it("is expiring soon from 0 to 30 days", () => {
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
  it("uses the same 0 and 30 day boundaries", () => {
    const sql = laaStatusSql("p");
    expect(sql.expired).toBe("(p.has_laa and p.laa_expiry_date < current_date)");
    expect(sql.expiringSoon).toBe("(p.has_laa and p.laa_expiry_date >= current_date and p.laa_expiry_date <= current_date + 30)");
  });
});
