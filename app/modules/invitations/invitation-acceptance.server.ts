/**
 * Accepting an invitation on the person's first sign-in (docs/administration.md#invitations): which
 * open invitation applies, and whether it still may. Sign-in (app/modules/auth/sign-in.server.ts) asks
 * these and refuses the sign-in with the message when one says no; nothing is written then.
 */
import { LockMode, type EntityManager } from "@mikro-orm/postgresql";
import { Client, ProjectMembership, UserInvitation } from "~db/entities/index";
import type { IProject } from "~db/entities/Project";
import type { IUserInvitation } from "~db/entities/UserInvitation";
import { refId } from "~db/entities/refs";
import { usersPerProjectLimitMessage } from "~/modules/billing/plan-limits";
import { getEnv } from "~/utils/env.server";
import { expiredInvitationMessage, isExpired } from "./invitation-expiry";

export interface AcceptanceRefusal {
  /** What the person is told. */
  message: string;
  /** What the audit log records. */
  reason: "expired invitation" | "invitation over the plan's users-per-project limit";
  clientId: number;
}

/** INVITATION_EXPIRY_DAYS (README configuration). */
export const invitationExpiryDays = () => getEnv().INVITATION_EXPIRY_DAYS;

/**
 * The invitation a first sign-in with this (lower-cased) address accepts: the newest open one that
 * has not expired. No open invitation at all: null, and the person joins as a new viewer without a
 * client. Only expired ones: a refusal, so they are not left in an account of no organisation.
 */
export async function invitationToAccept(em: EntityManager, email: string): Promise<{ invitation: IUserInvitation | null; refused?: AcceptanceRefusal }> {
  const open = await em.find(UserInvitation, { email, acceptedAt: null }, { orderBy: { createdAt: "desc", id: "desc" }, populate: ["client"] });
  const days = invitationExpiryDays();
  const now = new Date();
  const current = open.find((invitation) => !isExpired(invitation, days, now));
  if (current) return { invitation: current };
  const newest = open[0];
  if (!newest) return { invitation: null };
  return { invitation: null, refused: { message: expiredInvitationMessage(newest.client.name), reason: "expired invitation", clientId: refId(newest.client) } };
}

/**
 * A refusal when a project the invitation would add the person to is already full under the client's
 * plan (billing/plan-limits.ts), checked under a lock on the client's row like every write that could
 * pass a limit (docs/administration.md#plans); null when they all have room.
 */
export async function acceptanceOverLimit(em: EntityManager, invitation: IUserInvitation, projects: readonly IProject[]): Promise<AcceptanceRefusal | null> {
  if (!projects.length) return null;
  const clientId = refId(invitation.client);
  const client = await em.findOne(Client, { id: clientId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!client) return null;
  for (const project of projects) {
    const members = await em.count(ProjectMembership, { project: project.id, isActive: true, user: { deletedAt: null } });
    if (usersPerProjectLimitMessage(client, project.name, members, 1) === null) continue;
    return {
      message: `Your invitation to ${client.name} cannot be accepted yet: ${project.name} already has ${members} ${members === 1 ? "member" : "members"}, as many as ${client.name}'s plan allows per project. Ask the person who invited you to make room, then sign in again.`,
      reason: "invitation over the plan's users-per-project limit",
      clientId,
    };
  }
  return null;
}
