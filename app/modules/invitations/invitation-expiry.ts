/**
 * When an invitation can no longer be accepted (docs/administration.md#invitations). Pure: the
 * invitation's sending and its acceptance on first sign-in ask it, and the pending list shows it.
 *
 * An invitation is good for INVITATION_EXPIRY_DAYS (7 by default) from the moment it was sent; inviting
 * the address again or Resend sends it anew and restarts the period. Rows stored before the expiry was
 * recorded count from when they were created.
 */

export const DEFAULT_INVITATION_EXPIRY_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The expiry of an invitation sent at `sentAt`. */
export function expiryFrom(sentAt: Date, days: number): Date {
  return new Date(sentAt.getTime() + days * DAY_MS);
}

export interface ExpiringInvitation {
  expiresAt?: Date | string | null;
  createdAt: Date | string;
}

/** When it expires: as stored, or `days` after it was created for rows from before the expiry was stored. */
export function expiresAt(invitation: ExpiringInvitation, days: number): Date {
  return invitation.expiresAt ? new Date(invitation.expiresAt) : expiryFrom(new Date(invitation.createdAt), days);
}

export function isExpired(invitation: ExpiringInvitation, days: number, now: Date = new Date()): boolean {
  return expiresAt(invitation, days).getTime() <= now.getTime();
}

/** What the invited person is told when they sign in with only an expired invitation. */
export function expiredInvitationMessage(clientName: string): string {
  return `Your invitation to ${clientName} has expired. Ask the person who invited you to send it again, then sign in.`;
}
