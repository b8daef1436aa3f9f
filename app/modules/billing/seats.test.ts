import { describe, expect, it } from "vitest";
import { billableSeats, INCLUDED_SEATS, monthlyAmountUSD, PROFESSIONAL_MONTHLY_USD, SEAT_MONTHLY_USD, seatSummary } from "./seats";

describe("billable seats", () => {
  it("counts the active users beyond the two included, never below zero", () => {
    expect(INCLUDED_SEATS).toBe(2);
    expect([0, 1, 2, 3, 5, 12].map(billableSeats)).toEqual([0, 0, 0, 1, 3, 10]);
  });

  it("bills $199 a month plus $25 for each billable seat", () => {
    expect(PROFESSIONAL_MONTHLY_USD).toBe(199);
    expect(SEAT_MONTHLY_USD).toBe(25);
    expect(monthlyAmountUSD(0)).toBe(199);
    expect(monthlyAmountUSD(2)).toBe(199);
    expect(monthlyAmountUSD(3)).toBe(224);
    expect(monthlyAmountUSD(5)).toBe(274);
  });
});

describe("what /subscription says about seats", () => {
  it("says plainly that nothing is billed when no payment provider is connected", () => {
    expect(seatSummary(5, "professional", false)).toMatchObject({ activeUsers: 5, billableSeats: 3, monthlyAmountUSD: 274, billingConnected: false });
    expect(seatSummary(5, "professional", false).text).toBe("Billing is not connected; 3 additional seats would be billed at $25 a month each ($274 a month in all).");
    expect(seatSummary(3, "professional", false).text).toBe("Billing is not connected; 1 additional seat would be billed at $25 a month each ($224 a month in all).");
  });

  it("gives the seats and the amount on a connected Professional plan", () => {
    expect(seatSummary(4, "professional", true).text).toBe("4 active users: 2 included and 2 additional seats at $25 a month each, $249 a month in all.");
  });

  it("bills nothing during a free Professional month, and tells a Free client what Professional would cost", () => {
    expect(seatSummary(4, "professional", true, true).text).toBe("Nothing is billed during the free Professional month; after it, 2 additional seats would be billed at $25 a month each.");
    expect(seatSummary(1, "free", false).text).toBe("With 1 active user, Professional would be $199 a month: $199 with 2 users included, and 0 additional seats at $25 a month each.");
  });
});
