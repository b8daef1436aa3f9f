import { getEnv } from "~/utils/env.server";
import type { CurrentUser } from "./current-user.server";

/**
 * Whether to offer "switch to system admin" (the menu, built in layout.server.ts): a user whose
 * e-mail is listed in SYSTEM_ADMIN_EMAILS. The switch itself (billing/system-admin-switch.server.ts)
 * checks the verified e-mail as well.
 */
export function maySwitchToSystemAdmin(user: Pick<CurrentUser, "email" | "role">): boolean {
  return user.role !== "system_admin" && getEnv().systemAdminEmails.includes(user.email.toLowerCase());
}
