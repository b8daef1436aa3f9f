/**
 * Which users a manager reaches on User Management (docs/access.md#user-management-reach). Pure: the
 * rules of user-rules.ts ask it, and user-reach.server.ts reads the memberships it needs.
 *
 * Roles with client-wide reach (system admin, client owner, director) manage every user of the client,
 * as before. Any other manager (a project manager) manages only the projects whose members they may
 * manage (an active membership whose effective role has manageMembers), and may act only on a user
 * whose active memberships all lie within those projects. A user in no project at all is within every
 * manager's reach: nobody else's project is touched, and it is how a project manager gives someone
 * they invited without projects their first project.
 */
import { effectiveProjectRole, hasClientWideProjectAccess, hasPermission, isRole, type Role } from "~/modules/permissions/permissions";

/** Every project of the client ("client"), or the ids of the projects the actor manages. */
export type Reach = "client" | ReadonlySet<number>;

export interface MembershipOf {
  projectId: number;
  /** The membership's role (a narrower role than the system role narrows what the actor may do there). */
  role: string | null;
}

/** The actor's reach from their system role and their own active memberships. */
export function reachOf(role: Role, memberships: readonly MembershipOf[]): Reach {
  if (hasClientWideProjectAccess(role)) return "client";
  const manages = (m: MembershipOf) => hasPermission(effectiveProjectRole(role, isRole(m.role) ? m.role : "viewer"), "manageMembers");
  return new Set(memberships.filter(manages).map((m) => m.projectId));
}

/** Whether every project the target belongs to is one the actor manages (vacuously true for a user in no project). */
export function withinReach(reach: Reach, targetProjectIds: readonly number[]): boolean {
  return reach === "client" || targetProjectIds.every((id) => reach.has(id));
}
