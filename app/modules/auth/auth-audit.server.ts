import { db, withRequestContext } from "~db/orm";
import { recordAudit, type AuditEntry } from "~/modules/audit/audit.server";

/** Why a sign-in was refused, as recorded in the audit log (`after.reason`). */
export type SignInFailureReason = "no e-mail" | "unverified e-mail" | "deactivated account" | "e-mail belongs to another sign-in" | "token check failed";

/**
 * Writes one audit row at once, in a unit of work of its own: a refused sign-in rolls back the
 * caller's transaction, and sign-out has none, yet both must be on record.
 */
export function recordAuditNow(entry: AuditEntry): Promise<void> {
  return withRequestContext(async () => {
    recordAudit(entry);
    await db().flush();
  });
}

export interface SignInFailure {
  reason: SignInFailureReason;
  /** The account concerned, when one is known. */
  userId?: string | null;
  clientId?: number | null;
  issuer?: string;
  subject?: string;
  email?: string;
}

/** `auth.sign_in_failed`: about the User when known, else about the sign-in (issuer|subject). */
export function auditSignInFailure(failure: SignInFailure): Promise<void> {
  const { reason, userId = null, clientId = null, issuer, subject, email } = failure;
  const after = { reason, ...(issuer ? { issuer } : {}), ...(email ? { email } : {}) };
  return recordAuditNow({
    userId,
    clientId,
    action: "auth.sign_in_failed",
    entityType: userId ? "User" : "Sign-in",
    entityId: userId ?? (issuer && subject ? `${issuer}|${subject}` : (issuer ?? "unknown")),
    after,
  });
}
