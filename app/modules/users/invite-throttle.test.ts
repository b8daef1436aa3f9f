import { describe, expect, it } from "vitest";
import { addressKey, INVITE_LIMITS, inviterKey, isOverSendLimit, retryAfterSeconds, tooManyInvitationsMessage } from "./invite-throttle";

describe("invitation sending limits (docs/administration.md#invitations)", () => {
  it("allows 30 sends an hour per inviter and 3 an hour per address", () => {
    expect(INVITE_LIMITS).toEqual({ perInviter: { maxSends: 30, windowSeconds: 3600 }, perAddress: { maxSends: 3, windowSeconds: 3600 } });
  });

  it("lets the sends up to the limit through and refuses the next", () => {
    expect([1, 2, 3].map((n) => isOverSendLimit(n, INVITE_LIMITS.perAddress))).toEqual([false, false, false]);
    expect(isOverSendLimit(4, INVITE_LIMITS.perAddress)).toBe(true);
    expect(isOverSendLimit(30, INVITE_LIMITS.perInviter)).toBe(false);
    expect(isOverSendLimit(31, INVITE_LIMITS.perInviter)).toBe(true);
  });

  it("keys an address however it is cased or padded, and stores neither address nor id", () => {
    expect(addressKey("  Ezra@Example.COM ")).toBe(addressKey("ezra@example.com"));
    expect(addressKey("ezra@example.com")).not.toBe(addressKey("ezra2@example.com"));
    expect(addressKey("ezra@example.com")).toMatch(/^[0-9a-f]{64}$/);
    expect(inviterKey("seed-client-owner")).toMatch(/^[0-9a-f]{64}$/);
    expect(inviterKey("a".repeat(400))).toHaveLength(64);
  });

  it("says who is over the limit and how long to wait, never 0 minutes", () => {
    expect(tooManyInvitationsMessage("perInviter", 30 * 60_000)).toBe("You have sent too many invitations in the last hour. Try again in 30 minutes.");
    expect(tooManyInvitationsMessage("perAddress", 10)).toBe("Too many invitations have been sent to this address in the last hour. Try again in 1 minute.");
    expect(retryAfterSeconds(1500)).toBe(2);
    expect(retryAfterSeconds(0)).toBe(1);
  });
});
