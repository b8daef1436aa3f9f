/**
 * POST /api/auth/switch-to-system-admin (system admins "can switch into system admin mode", docs/administration.md#subscription): how the
 * first administrator of a real deployment is made. Only a user whose e-mail is listed in
 * SYSTEM_ADMIN_EMAILS may switch, and only once an identity provider has vouched for that e-mail:
 * an account is linked to a sign-in (`auth_subject`) only through a verified e-mail (sign-in.server.ts),
 * so an unlinked account (seeded, invited, never signed in) cannot switch.
 */
import { User } from "~db/entities/User";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/access/current-user.server";
import { refuse as refuseAccess } from "~/modules/access/refuse.server";
import { maySwitchToSystemAdmin } from "~/modules/access/system-admin.server";
import { asFailure } from "~/utils/failure.server";

export const SWITCH_REFUSED_MESSAGE = "Failed to switch to system admin. Please try again.";
export const SWITCH_NOT_ALLOWED_MESSAGE = "You are not allowed to switch to system admin.";
export const SWITCHED_MESSAGE = "You are now a system administrator";

export async function switchToSystemAdmin(user: CurrentUser): Promise<{ message: string }> {
  const refuse = (reason: string) => refuseAccess(user, { status: 403, reason, entityType: "User", entityId: user.id, message: SWITCH_NOT_ALLOWED_MESSAGE });
  if (user.role === "system_admin") return { message: SWITCHED_MESSAGE };
  if (!maySwitchToSystemAdmin(user)) throw refuse("e-mail not in SYSTEM_ADMIN_EMAILS");
  const em = db();
  const switched = em.transactional(async () => {
    const row = await em.findOne(User, { id: user.id, isActive: true });
    if (!row || !row.authSubject || row.email !== user.email.toLowerCase()) throw refuse("e-mail not verified by a sign-in");
    const before = row.systemRole;
    row.systemRole = "system_admin";
    await em.flush();
    recordAudit({
      userId: user.id,
      action: "auth.switch_to_system_admin",
      entityType: "User",
      entityId: user.id,
      clientId: user.clientId,
      before: { systemRole: before },
      after: { systemRole: "system_admin" },
    });
    return { message: SWITCHED_MESSAGE };
  });
  // A refusal keeps its reason; a failure changes nothing and says so (docs/administration.md#messages).
  return switched.catch((error: unknown) => {
    throw asFailure(error, SWITCH_REFUSED_MESSAGE, { component: "billing", code: "SWITCH_FAILED" });
  });
}
