import { recordSecurityEvent } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/auth/guards.server";
import { canAccessScreen, hasPermission } from "~/modules/permissions/permissions";
import { AppError } from "~/utils/app-error";

/** The refusals of the clients, subscription and migration screens and calls (docs/access.md#screen-access, docs/administration.md#messages). */
export const BILLING_MESSAGES = {
  manageClients: "Access Denied - Only system administrators can manage client organizations.",
  subscription: "Access Denied - Only client owners and system administrators can manage subscriptions.",
  adminSubscription: "System administrators cannot create subscriptions. Please create a client organization first.",
  adminHasNoSubscription: "System administrators have no subscription of their own. Manage client organizations on the Subscription page.",
  migrate: "Access Denied - Only system administrators can migrate projects between client organizations.",
  noClient: "Your account belongs to no client organization.",
} as const;

/** A refused access, audited on its own connection (the request ends in the error). */
export function refuseBilling(user: CurrentUser, entityType: string, entityId: string | number, reason: string, message: string): AppError {
  void recordSecurityEvent({ userId: user.id, clientId: user.clientId, action: "access.refused", entityType, entityId: String(entityId).slice(0, 100), after: { status: 403, reason } });
  return new AppError(403, message);
}

/** manageClients (system_admin): create clients, grant free months, apply upgrades. */
export function requireClientManager(user: CurrentUser, entityId: string | number = "all"): void {
  if (!hasPermission(user.role, "manageClients")) throw refuseBilling(user, "Client", entityId, `role ${user.role} lacks manageClients`, BILLING_MESSAGES.manageClients);
}

/** migrateProjects (system_admin only, docs/access.md#screen-access). */
export function requireMigrator(user: CurrentUser, entityId: string | number = "all"): void {
  if (!hasPermission(user.role, "migrateProjects")) throw refuseBilling(user, "Project", entityId, `role ${user.role} lacks migrateProjects`, BILLING_MESSAGES.migrate);
}

/** The Subscription screen (system_admin and client_owner, docs/access.md#screen-access). */
export function requireSubscriptionScreen(user: CurrentUser): void {
  if (!canAccessScreen(user.role, "subscription")) throw refuseBilling(user, "Client", user.clientId ?? "none", `role ${user.role} may not open the subscription`, BILLING_MESSAGES.subscription);
}

/**
 * The client whose own subscription the user manages: a client owner's. A system admin has none
 * (`adminMessage`: the spec's 403 when they ask for a checkout); other roles may not manage it.
 */
export function requireSubscriptionClient(user: CurrentUser, adminMessage: string = BILLING_MESSAGES.adminHasNoSubscription): number {
  if (user.role === "system_admin") throw refuseBilling(user, "Client", "none", "system admins have no subscription", adminMessage);
  if (!hasPermission(user.role, "manageSubscriptions")) throw refuseBilling(user, "Client", user.clientId ?? "none", `role ${user.role} lacks manageSubscriptions`, BILLING_MESSAGES.subscription);
  if (user.clientId === null) throw new AppError(404, BILLING_MESSAGES.noClient);
  return user.clientId;
}
