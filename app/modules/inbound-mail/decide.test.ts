import { describe, expect, it } from "vitest";
import { decideInbound, reviewReasonText, type InboundFacts } from "./decide";

const facts = (over: Partial<InboundFacts> = {}): InboundFacts => ({ blocked: false, authenticationFailed: false, sender: "member", matched: 1, ...over });

describe("decideInbound", () => {
  it("records a member's message that names a stakeholder", () => {
    expect(decideInbound(facts())).toEqual({ status: "recorded", reason: null });
    expect(decideInbound(facts({ sender: "stakeholder" }))).toEqual({ status: "recorded", reason: null });
    expect(decideInbound(facts({ sender: "allowed_domain" }))).toEqual({ status: "recorded", reason: null });
  });

  it("rejects a blocked domain before anything else", () => {
    expect(decideInbound(facts({ blocked: true, authenticationFailed: true, sender: "unknown", matched: 0 }))).toEqual({ status: "rejected", reason: "blocked_domain" });
  });

  it("keeps failed checks, unknown senders, read-only members and unmatched conversations for review, in that order", () => {
    expect(decideInbound(facts({ authenticationFailed: true, sender: "unknown" })).reason).toBe("authentication_failed");
    expect(decideInbound(facts({ sender: "unknown", matched: 0 })).reason).toBe("unknown_sender");
    expect(decideInbound(facts({ sender: "read_only_member" })).reason).toBe("sender_cannot_record");
    expect(decideInbound(facts({ matched: 0 }))).toEqual({ status: "review", reason: "no_match" });
  });

  it("words each reason", () => {
    expect(reviewReasonText("no_match")).toBe("No stakeholder of the project is in the conversation");
    expect(reviewReasonText(null)).toBeNull();
  });
});
