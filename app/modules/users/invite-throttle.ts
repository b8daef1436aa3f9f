/**
 * How often invitations may be sent (docs/administration.md#invitations): inviting and Resend both send
 * the invitation mail, so both count, per inviter and per invited address, within a window. Over a
 * limit the send is refused (429) with how long to wait; a send that fails for another reason is not
 * counted. Pure: invite-throttle.server.ts keeps the counts.
 */
import crypto from "node:crypto";

export interface SendLimit {
  /** Sends allowed within the window. */
  maxSends: number;
  windowSeconds: number;
}

export interface InviteLimits {
  /** One manager, whatever the addresses: a compromised or careless account cannot mail out without end. */
  perInviter: SendLimit;
  /** One address, whoever sends: nobody's inbox is filled with invitations. */
  perAddress: SendLimit;
}

export const INVITE_LIMITS: InviteLimits = {
  perInviter: { maxSends: 30, windowSeconds: 60 * 60 },
  perAddress: { maxSends: 3, windowSeconds: 60 * 60 },
};

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

/** The inviter's key (their user id, hashed to fit the key column whatever its length). */
export const inviterKey = (userId: string): string => sha256(userId);

/** The invited address's key: the address as it is matched (trimmed, lower-cased), hashed so no address is stored. */
export const addressKey = (email: string): string => sha256(email.trim().toLowerCase());

/** Whether a count that includes this send is past the limit. */
export function isOverSendLimit(count: number, limit: SendLimit): boolean {
  return count > limit.maxSends;
}

function minutes(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `${n} ${n === 1 ? "minute" : "minutes"}`;
}

/** The message of a refused send; `ms` is how long until it would be allowed. */
export function tooManyInvitationsMessage(limit: keyof InviteLimits, ms: number): string {
  return limit === "perInviter"
    ? `You have sent too many invitations in the last hour. Try again in ${minutes(ms)}.`
    : `Too many invitations have been sent to this address in the last hour. Try again in ${minutes(ms)}.`;
}

/** The Retry-After header's value: whole seconds, at least 1. */
export const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
