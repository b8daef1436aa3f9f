import { describe, expect, it } from "vitest";
import { DEFAULT_INVITATION_EXPIRY_DAYS, expiredInvitationMessage, expiresAt, expiryFrom, isExpired } from "./invitation-expiry";

const sent = new Date("2026-11-01T09:00:00Z");

describe("invitation expiry (docs/administration.md#invitations)", () => {
  it("is 7 days by default, counted from when it was sent", () => {
    expect(DEFAULT_INVITATION_EXPIRY_DAYS).toBe(7);
    expect(expiryFrom(sent, 7).toISOString()).toBe("2026-11-08T09:00:00.000Z");
    expect(expiryFrom(sent, 1).toISOString()).toBe("2026-11-02T09:00:00.000Z");
  });

  it("uses the stored expiry; a row without one expires the configured days after it was created", () => {
    expect(expiresAt({ expiresAt: "2026-12-01T00:00:00Z", createdAt: sent }, 7).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(expiresAt({ expiresAt: null, createdAt: sent }, 3).toISOString()).toBe("2026-11-04T09:00:00.000Z");
  });

  it("is expired from the expiry on, not before", () => {
    const invitation = { expiresAt: expiryFrom(sent, 7), createdAt: sent };
    expect(isExpired(invitation, 7, new Date("2026-11-08T08:59:59Z"))).toBe(false);
    expect(isExpired(invitation, 7, new Date("2026-11-08T09:00:00Z"))).toBe(true);
    expect(isExpired({ createdAt: sent }, 30, new Date("2026-11-20T00:00:00Z"))).toBe(false);
  });

  it("tells the invited person what to do", () => {
    expect(expiredInvitationMessage("Demo Land Consultancy")).toBe("Your invitation to Demo Land Consultancy has expired. Ask the person who invited you to send it again, then sign in.");
  });
});
