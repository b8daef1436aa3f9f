/**
 * What becomes of an inbound message (docs/inbound-mail.md#review): rejected, kept for review, or
 * recorded. Pure; the job gathers the facts.
 */
export const REVIEW_REASONS = {
  blocked_domain: "The sender's domain is on the project's block list",
  authentication_failed: "The receiving server's SPF or DKIM check failed",
  unknown_sender: "The sender is neither a member of the project nor one of its stakeholders",
  sender_cannot_record: "The sender is a member of the project who may not add records",
  no_match: "No stakeholder of the project is in the conversation",
  unreadable: "The message could not be read",
} as const;
export type ReviewReason = keyof typeof REVIEW_REASONS;

export function reviewReasonText(code: string | null | undefined): string | null {
  return code ? (REVIEW_REASONS[code as ReviewReason] ?? code) : null;
}

/**
 * Who sent (or forwarded) the message: a member whose role may add records, a member who may not,
 * one of the project's stakeholders, someone at an allowed domain, or nobody the project knows.
 */
export type SenderKind = "member" | "read_only_member" | "stakeholder" | "allowed_domain" | "unknown";

export interface InboundFacts {
  /** The sender's (or the forwarded original sender's) domain is blocked. */
  blocked: boolean;
  authenticationFailed: boolean;
  sender: SenderKind;
  /** Stakeholders whose addresses are in the conversation. */
  matched: number;
}

export type InboundOutcome = { status: "rejected"; reason: "blocked_domain" } | { status: "review"; reason: ReviewReason } | { status: "recorded"; reason: null };

/**
 * The first rule that applies: a blocked domain is rejected outright; a failed SPF/DKIM check, an
 * unknown sender, a member who may not add records and a conversation with no stakeholder in it wait
 * for review. An allowed domain stands in for membership (its senders need not be users), never for
 * the checks or the stakeholder match, and never creates a stakeholder.
 */
export function decideInbound(facts: InboundFacts): InboundOutcome {
  if (facts.blocked) return { status: "rejected", reason: "blocked_domain" };
  if (facts.authenticationFailed) return { status: "review", reason: "authentication_failed" };
  if (facts.sender === "unknown") return { status: "review", reason: "unknown_sender" };
  if (facts.sender === "read_only_member") return { status: "review", reason: "sender_cannot_record" };
  if (facts.matched === 0) return { status: "review", reason: "no_match" };
  return { status: "recorded", reason: null };
}
