import { recordSecurityEvent } from "~/modules/audit/audit.server";
import { AppError, RuleRefusal } from "~/utils/app-error";
import type { CurrentUser } from "./current-user.server";

export interface Refusal {
  /** 403 for "you may not", 404 where saying so would tell the caller the record exists. */
  status: 403 | 404;
  /** Why, for the audit log (never shown): e.g. "role viewer lacks deleteData". */
  reason: string;
  entityType: string;
  entityId: string | number;
  /** What the caller is told. */
  message: string;
  code?: string;
  /** The project the refused request was about, when there is one. */
  projectId?: number | null;
  /** Extra detail for the audit row (e.g. the path asked for). */
  detail?: Record<string, unknown>;
  /**
   * A 403 by a rule the user can act on (a plan limit, "you cannot change your own role"): the screen
   * shows it beside the form (RuleRefusal, docs/errors.md) instead of ending on the error page.
   */
  actionable?: boolean;
}

/**
 * The one way to say no (docs/access.md): every refused access, page or /api, inside a project or
 * not, is written to the audit log as `access.refused` (who, what, why) and ends the request with
 * the returned AppError, which the route's handleAppErrors answers. The event is written on its own
 * connection, so it survives the rollback of the request's unit of work.
 */
export function refuse(user: Pick<CurrentUser, "id" | "clientId">, refusal: Refusal): AppError {
  void recordSecurityEvent({
    userId: user.id,
    clientId: user.clientId,
    projectId: refusal.projectId ?? null,
    action: "access.refused",
    entityType: refusal.entityType,
    entityId: String(refusal.entityId ?? "").slice(0, 100),
    after: { status: refusal.status, reason: refusal.reason, ...refusal.detail },
  });
  if (refusal.actionable && refusal.status === 403) return new RuleRefusal(refusal.message, refusal.code);
  return new AppError(refusal.status, refusal.message, refusal.code);
}
