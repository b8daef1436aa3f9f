import { recordSecurityEvent } from "~/modules/audit/audit.server";

/** Why a sign-in was refused, as recorded in the audit log (`after.reason`). */
export type SignInFailureReason =
  | "no e-mail"
  | "unverified e-mail"
  | "deactivated account"
  | "e-mail belongs to another sign-in"
  | "token check failed"
  // docs/administration.md#invitations
  | "expired invitation"
  | "invitation over the plan's users-per-project limit";

export interface SignInFailure {
  reason: SignInFailureReason;
  /** The account concerned, when one is known. */
  userId?: string | null;
  clientId?: number | null;
  issuer?: string;
  subject?: string;
  email?: string;
}

/**
 * `auth.sign_in_failed`: about the User when known, else about the sign-in (issuer|subject). Written
 * at once on its own connection: the refusal rolls back the sign-in's transaction.
 */
export function auditSignInFailure(failure: SignInFailure): Promise<void> {
  const { reason, userId = null, clientId = null, issuer, subject, email } = failure;
  const after = { reason, ...(issuer ? { issuer } : {}), ...(email ? { email } : {}) };
  return recordSecurityEvent({
    userId,
    clientId,
    action: "auth.sign_in_failed",
    entityType: userId ? "User" : "Sign-in",
    entityId: userId ?? (issuer && subject ? `${issuer}|${subject}` : (issuer ?? "unknown")),
    after,
  });
}
