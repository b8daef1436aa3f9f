import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, INVALID_DATE } from "./dates";

describe("formatDate", () => {
  it("formats calendar dates without shifting the day", () => {
    expect(formatDate("2026-03-05")).toBe("5 Mar 2026");
    expect(formatDate("2026-12-31")).toBe("31 Dec 2026");
  });
  it("shows Invalid date for unparseable or impossible input", () => {
    expect(formatDate("garbage")).toBe(INVALID_DATE);
    expect(formatDate("2026-02-30")).toBe(INVALID_DATE);
  });
  it("is empty for no value", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("")).toBe("");
  });
});

describe("formatDateTime", () => {
  it("shows the instant in the chosen zone", () => {
    expect(formatDateTime("2026-03-05T03:30:00Z", "Australia/Sydney")).toMatch(/^5 Mar 2026, 2:30\s?pm AEDT$/);
    expect(formatDateTime("2026-03-05T03:30:00Z", "Australia/Perth")).toMatch(/^5 Mar 2026, 11:30\s?am AWST$/);
  });
  it("shows Invalid date for garbage", () => {
    expect(formatDateTime("nope")).toBe(INVALID_DATE);
  });
});

describe("formatters kept per zone", () => {
  it("format each zone with its own formatter, the same on repeated calls", () => {
    expect(formatDate("2026-03-05")).toBe(formatDate("2026-03-05"));
    expect(formatDateTime("2026-03-05T03:30:00Z", "UTC")).toMatch(/^5 Mar 2026, 3:30\s?am UTC$/);
    expect(formatDateTime("2026-03-05T03:30:00Z", "Australia/Sydney")).toMatch(/AEDT$/);
  });
});
