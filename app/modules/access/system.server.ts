import { roleAllows, type SystemPermission } from "~/modules/permissions/permissions";
import { AppError } from "~/utils/app-error";
import { requireUser, type CurrentUser } from "./current-user.server";
import { refuse } from "./refuse.server";

/** The refusals of the clients, subscription and migration screens and calls (spec texts, docs/access.md). */
export const BILLING_MESSAGES = {
  manageClients: "Access Denied - Only system administrators can manage client organizations.",
  subscription: "Access Denied - Only client owners and system administrators can manage subscriptions.",
  adminSubscription: "System administrators cannot create subscriptions. Please create a client organization first.",
  adminHasNoSubscription: "System administrators have no subscription of their own. Manage client organizations on the Subscription page.",
  migrate: "Access Denied - Only system administrators can migrate projects between client organizations.",
  noClient: "Your account belongs to no client organization.",
} as const;

/** What a refusal says and is about; the audit reason is always "role R lacks P". */
export interface SystemRefusal {
  message?: string;
  entityType?: string;
  entityId?: string | number;
  code?: string;
  detail?: Record<string, unknown>;
}

/**
 * Refuses (403, audited) unless the user's own role allows `permission`, a permission or a screen of
 * the table in app/modules/permissions/permissions.ts, the table the menus are built from. For
 * everything outside a project (client administration, subscriptions, migration, user management,
 * creating a project, restricted documentation); inside a project the project role decides, through
 * requirePermission (project-access.server.ts).
 */
export function requireSystemPermission(user: Pick<CurrentUser, "id" | "clientId" | "role">, permission: SystemPermission, refusal: SystemRefusal = {}): void {
  if (roleAllows(user.role, permission)) return;
  throw refuse(user, {
    status: 403,
    reason: `role ${user.role} lacks ${permission}`,
    entityType: refusal.entityType ?? "System",
    entityId: refusal.entityId ?? "all",
    message: refusal.message ?? "You do not have permission to do that",
    code: refusal.code,
    detail: refusal.detail,
  });
}

/**
 * The signed-in user, if their role may create projects (createProjects): the new-project screen,
 * its PDF auto-fill and POST /api/projects. There is no project yet, so the user's own role decides.
 */
export async function requireProjectCreator(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  requireSystemPermission(user, "createProjects", {
    message: "You do not have permission to create projects",
    entityType: "Project",
    entityId: "new",
    detail: { path: new URL(request.url).pathname },
  });
  return user;
}

/**
 * The client whose own subscription the user manages: a client owner's. More than a permission: a
 * system admin has every permission but no subscription (`adminMessage`: the spec's 403 when they
 * ask for a checkout), and a user of no client has none to manage (404).
 */
export function requireSubscriptionClient(user: CurrentUser, adminMessage: string = BILLING_MESSAGES.adminHasNoSubscription): number {
  if (user.role === "system_admin") throw refuse(user, { status: 403, reason: "system admins have no subscription", entityType: "Client", entityId: "none", message: adminMessage });
  requireSystemPermission(user, "manageSubscriptions", { message: BILLING_MESSAGES.subscription, entityType: "Client", entityId: user.clientId ?? "none" });
  if (user.clientId === null) throw new AppError(404, BILLING_MESSAGES.noClient);
  return user.clientId;
}
