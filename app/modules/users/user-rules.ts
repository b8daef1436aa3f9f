/**
 * Who may do what to whom on the User Management screen (docs/access.md#assignable-roles). Pure: the
 * module functions in users.server.ts ask these rules and turn a refusal into an AppError, and the
 * screen asks the same rules to decide what to offer.
 */
import { assignableRoles, hasPermission, ROLE_LEVEL, type Role } from "~/modules/permissions/permissions";
import { withinReach, type Reach } from "./user-reach";

export const USER_MESSAGES = {
  accessRestricted: "You don't have permission to manage users. Contact your administrator.",
  invited: "User invited successfully",
  inviteFailed: "Failed to invite user",
  updated: "User updated successfully",
  updateFailed: "Failed to update user",
  deleted: "User deleted successfully",
  deleteFailed: "Failed to delete user",
  membersUpdated: "Project members updated",
  notFound: "User not found",
  ownRole: "You cannot change your own role.",
  ownStatus: "You cannot deactivate your own account.",
  ownDelete: "You cannot delete your own account.",
  higherUser: "You cannot manage a user whose role is above the roles you may assign.",
  roleNotAllowed: "You cannot assign that role.",
  alreadyUser: "A user with this e-mail address already exists.",
  chooseClient: "Choose the client organisation the user joins",
  invitationResent: "Invitation resent",
  resendFailed: "Failed to resend invitation",
  invitationCancelled: "Invitation cancelled",
  cancelFailed: "Failed to cancel invitation",
  invitationNotFound: "Invitation not found",
  higherInvitation: "You cannot manage an invitation for a role above the roles you may assign.",
  outOfReach: "You can manage only users whose projects are all projects you manage.",
  invitationOutOfReach: "You can manage only invitations whose projects are all projects you manage.",
} as const;

/** The signed-in manager, as the rules need them. */
export interface Actor {
  id: string;
  role: Role;
  clientId: number | null;
  /** The projects whose users they manage (docs/access.md#user-management-reach). */
  reach: Reach;
}

/** The user acted on. */
export interface Target {
  id: string;
  role: Role;
  clientId: number | null;
  /** The projects the user is an active member of. */
  projectIds: readonly number[];
}

export type UserOperation = "role" | "status" | "delete" | "members";

export type Refusal = { status: 403 | 404; message: string };

export function canManageUsers(role: Role): boolean {
  return hasPermission(role, "manageUsers");
}

/** Whether the actor sees the target at all: a system admin every user, anyone else their own client's. */
export function isVisibleTo(actor: Actor, target: Pick<Target, "clientId">): boolean {
  if (actor.role === "system_admin") return true;
  return actor.clientId !== null && target.clientId === actor.clientId;
}

/**
 * Null when the actor may perform the operation on the target; otherwise why not. Another client's
 * user is 404 (indistinguishable from a missing one). Nobody changes their own role, deactivates or
 * deletes themselves (changing one's own projects is allowed). A user whose role the actor could not
 * assign (a more privileged one) is out of reach, and so is one who belongs to a project the actor does
 * not manage (docs/access.md#user-management-reach).
 */
export function refuseOperation(actor: Actor, target: Target, operation: UserOperation): Refusal | null {
  if (!isVisibleTo(actor, target)) return { status: 404, message: USER_MESSAGES.notFound };
  if (!canManageUsers(actor.role)) return { status: 403, message: USER_MESSAGES.accessRestricted };
  if (actor.id === target.id) {
    if (operation === "role") return { status: 403, message: USER_MESSAGES.ownRole };
    if (operation === "status") return { status: 403, message: USER_MESSAGES.ownStatus };
    if (operation === "delete") return { status: 403, message: USER_MESSAGES.ownDelete };
    return null;
  }
  if (ROLE_LEVEL[target.role] < ROLE_LEVEL[actor.role]) return { status: 403, message: USER_MESSAGES.higherUser };
  if (!withinReach(actor.reach, target.projectIds)) return { status: 403, message: USER_MESSAGES.outOfReach };
  return null;
}

/**
 * Null when the actor may resend or cancel a pending invitation: one of their own client's (another
 * client's is 404, like a missing one), for a role they could assign themselves, naming only projects
 * they manage.
 */
export function refuseInvitation(actor: Actor, invitation: { role: Role; clientId: number | null; projectIds: readonly number[] }): Refusal | null {
  if (!isVisibleTo(actor, invitation)) return { status: 404, message: USER_MESSAGES.invitationNotFound };
  if (!canManageUsers(actor.role)) return { status: 403, message: USER_MESSAGES.accessRestricted };
  if (ROLE_LEVEL[invitation.role] < ROLE_LEVEL[actor.role]) return { status: 403, message: USER_MESSAGES.higherInvitation };
  if (!withinReach(actor.reach, invitation.projectIds)) return { status: 403, message: USER_MESSAGES.invitationOutOfReach };
  return null;
}

/** Null when the actor may give `role` (inviting or changing); docs/access.md#assignable-roles. */
export function refuseRole(actor: Pick<Actor, "role">, role: Role): Refusal | null {
  return assignableRoles(actor.role).includes(role) ? null : { status: 403, message: USER_MESSAGES.roleNotAllowed };
}

/** What the table offers for one row: the same rules as the server. */
export function rowAbilities(actor: Actor, target: Target) {
  const may = (operation: UserOperation) => refuseOperation(actor, target, operation) === null;
  return { changeRole: may("role"), changeStatus: may("status"), remove: may("delete"), members: may("members"), roles: may("role") ? assignableRoles(actor.role) : [] };
}

/** "Jane Smith", or the e-mail when no name is known. */
export function userDisplayName(user: { firstName?: string | null; lastName?: string | null; email: string }): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return full || user.email;
}

/** Two letters for the avatar placeholder. */
export function userInitials(user: { firstName?: string | null; lastName?: string | null; email: string }): string {
  const letters = [user.firstName, user.lastName].map((part) => part?.trim()[0]).filter(Boolean);
  return (letters.length ? letters.join("") : (user.email[0] ?? "?")).toUpperCase();
}
