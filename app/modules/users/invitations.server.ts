/**
 * Invitations on User Management (docs/administration.md#invitations): inviting an address, and the pending ones: the list,
 * Resend (the same mail again) and Cancel. Like the users they are a client's own: a system admin sees every client's, or one
 * client's; anyone else only their client's, and another client's invitation is 404. Every function
 * checks manageUsers first and asks user-rules.ts whether the actor may touch this invitation.
 */
import { LockMode, type EntityManager } from "@mikro-orm/postgresql";
import { Client, Project, User, UserInvitation } from "~db/entities/index";
import type { IUserInvitation } from "~db/entities/UserInvitation";
import { refId } from "~db/entities/refs";
import { db } from "~db/orm";
import { sqlRows } from "~db/sql.server";
import { recordAudit } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/access/current-user.server";
import { AppError, FieldError } from "~/utils/app-error";
import { parseRecordId } from "~/utils/record-id";
import { refuse } from "~/modules/access/refuse.server";
import { requireSystemPermission } from "~/modules/access/system.server";
import { formSummaryMessage, queueMail } from "~/modules/mail/index.server";
import { isRole, ROLE_LABELS, type Role } from "~/modules/permissions/permissions";
import type { InviteInput } from "./schemas";
import { refuseInvitation, refuseRole, USER_MESSAGES, userDisplayName } from "./user-rules";
import { checkMemberLimits, lockClient, manageableProjects, pickProjects } from "./user-projects.server";
import { MANAGE_USERS, refusal } from "./users.server";
import { actorFor } from "./user-reach.server";
import { formatDate } from "~/utils/dates";
import { withInviteThrottle } from "./invite-throttle.server";
import { invitationExpiryDays } from "~/modules/invitations/invitation-acceptance.server";
import { expiresAt, expiryFrom, isExpired } from "~/modules/invitations/invitation-expiry";

export interface InvitationRow {
  id: number;
  email: string;
  role: Role;
  projects: string[];
  /** The projects it names (who may resend or cancel it: docs/access.md#user-management-reach). */
  projectIds: number[];
  invitedBy: string | null;
  createdAt: string;
  /** When it can no longer be accepted; Resend sends it anew (docs/administration.md#invitations). */
  expiresAt: string;
  expired: boolean;
  clientId: number;
  clientName: string;
}

/**
 * Open invitations only: not accepted, and no (undeleted) account with the address yet. An address
 * invited by two clients keeps the second one open after accepting the first, but it can never be
 * accepted, so it is not pending.
 */
const PENDING = `i.accepted_at is null and not exists (select 1 from "user" u where u.email = i.email and u.deleted_at is null)`;

/** One page of a client's pending invitations (a system admin: every client's, or one client's), newest first. */
export async function listInvitations(actor: CurrentUser, options: { clientId?: number | null; limit: number; offset: number }) {
  requireSystemPermission(actor, "manageUsers", MANAGE_USERS);
  const clientId = actor.role === "system_admin" ? (options.clientId ?? null) : actor.clientId;
  if (actor.role !== "system_admin" && clientId === null) return { invitations: [] as InvitationRow[], total: 0 };
  const where = clientId === null ? "" : "and i.client_id = ?";
  const params = clientId === null ? [] : [clientId];
  const [rows, [count]] = await Promise.all([
    sqlRows<{
      id: number;
      email: string;
      role: string;
      projectIds: number[];
      projectId: number | null;
      createdAt: Date;
      expiresAt: Date | null;
      clientId: number;
      clientName: string;
      firstName: string | null;
      lastName: string | null;
      inviterEmail: string | null;
      projectNames: string[] | null;
    }>(
      `select i.id, i.email, i.role, i.project_ids as "projectIds", i.project_id as "projectId", i.created_at as "createdAt", i.expires_at as "expiresAt", i.client_id as "clientId", c.name as "clientName",
              inv.first_name as "firstName", inv.last_name as "lastName", inv.email as "inviterEmail",
              (select array_agg(p.name order by p.name) from project p
                where p.client_id = i.client_id and p.is_active
                  and (p.id = i.project_id or p.id in (select (jsonb_array_elements_text(i.project_ids))::int))) as "projectNames"
       from user_invitation i join client c on c.id = i.client_id left join "user" inv on inv.id = i.invited_by_id
       where ${PENDING} ${where}
       order by i.created_at desc, i.id desc limit ? offset ?`,
      [...params, options.limit, options.offset],
    ),
    sqlRows<{ total: string }>(`select count(*) as total from user_invitation i where ${PENDING} ${where}`, params),
  ]);
  const days = invitationExpiryDays();
  const now = new Date();
  const invitations: InvitationRow[] = rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: isRole(row.role) ? row.role : "viewer",
    projects: row.projectNames ?? [],
    projectIds: namedProjects({ project: row.projectId, projectIds: row.projectIds }),
    invitedBy: row.inviterEmail ? userDisplayName({ firstName: row.firstName, lastName: row.lastName, email: row.inviterEmail }) : null,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: expiresAt(row, days).toISOString(),
    expired: isExpired(row, days, now),
    clientId: row.clientId,
    clientName: row.clientName,
  }));
  return { invitations, total: Number(count?.total ?? 0) };
}

/** Every project an invitation names: `projectIds`, and `project` of older invitations. */
function namedProjects(invitation: { project: unknown; projectIds: number[] | null | undefined }): number[] {
  const legacy = invitation.project === null || invitation.project === undefined ? [] : [typeof invitation.project === "number" ? invitation.project : refId(invitation.project)];
  return [...new Set([...legacy, ...(invitation.projectIds ?? [])])];
}

/** A pending invitation the actor may resend or cancel; another client's, an accepted or a missing one is 404. */
async function loadInvitation(em: EntityManager, actor: CurrentUser, id: unknown, lock = false): Promise<IUserInvitation> {
  const notFound = new AppError(404, USER_MESSAGES.invitationNotFound);
  const invitationId = parseRecordId(id);
  if (invitationId === null) throw notFound;
  const invitation = await em.findOne(UserInvitation, { id: invitationId, acceptedAt: null }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!invitation || (await em.count(User, { email: invitation.email, deletedAt: null }))) throw notFound;
  const refused = refuseInvitation(await actorFor(em, actor), {
    role: isRole(invitation.role) ? invitation.role : "viewer",
    clientId: refId(invitation.client),
    projectIds: namedProjects(invitation),
  });
  if (refused) throw refusal(actor, String(invitationId), refused, `invitation: ${refused.message}`);
  return invitation;
}

/** One pending invitation as the Cancel confirmation shows it. */
export async function getInvitation(actor: CurrentUser, id: unknown) {
  requireSystemPermission(actor, "manageUsers", MANAGE_USERS);
  const invitation = await loadInvitation(db(), actor, id);
  return { id: invitation.id, email: invitation.email, role: (isRole(invitation.role) ? invitation.role : "viewer") as Role };
}

/**
 * Sends the invitation mail again (same role and projects, with the actor as the inviter named in it),
 * which restarts its expiry; within the sending limits (invite-throttle.ts).
 */
export async function resendInvitation(actor: CurrentUser, id: unknown, options: InviteOptions) {
  requireSystemPermission(actor, "manageUsers", MANAGE_USERS);
  const { email } = await loadInvitation(db(), actor, id);
  return withInviteThrottle(actor.id, email, () =>
    db().transactional(async (em) => {
      const invitation = await loadInvitation(em, actor, id, true);
      const expires = expiryFrom(new Date(), invitationExpiryDays());
      invitation.expiresAt = expires;
      const client = await em.findOneOrFail(Client, refId(invitation.client));
      const ids = namedProjects(invitation);
      const projects = ids.length ? await em.find(Project, { id: { $in: ids }, client: client.id, isActive: true }, { orderBy: { name: "asc" } }) : [];
      const role = isRole(invitation.role) ? invitation.role : "viewer";
      const message = invitationMessage(
        { inviter: userDisplayName(actor), email: invitation.email, clientName: client.name, role, projectNames: projects.map((p) => p.name), expiresAt: expires },
        options,
      );
      await queueMail({ to: invitation.email, ...message }, { em, kind: "invitation" });
      recordAudit({ userId: actor.id, clientId: client.id, entityType: "UserInvitation", entityId: invitation.id, action: "user.invite_resend", after: { email: invitation.email, role } });
      return { id: invitation.id, email: invitation.email };
    }),
  );
}

/** Withdraws a pending invitation: the address can no longer join this client by signing in. */
export async function cancelInvitation(actor: CurrentUser, id: unknown) {
  requireSystemPermission(actor, "manageUsers", MANAGE_USERS);
  return db().transactional(async (em) => {
    const invitation = await loadInvitation(em, actor, id, true);
    const before = { email: invitation.email, role: invitation.role, projectIds: invitation.projectIds };
    const clientId = refId(invitation.client);
    const invitationId = invitation.id;
    em.remove(invitation);
    await em.flush();
    recordAudit({ userId: actor.id, clientId, entityType: "UserInvitation", entityId: invitationId, action: "user.invite_cancel", before });
    return { id: invitationId, email: before.email };
  });
}

export interface InviteOptions {
  /** The app's public address for the sign-in link (APP_URL, else the request's origin). */
  baseUrl: string;
}

/** The invitation e-mail (sent on invite and on Resend): organisation, role, projects, inviter, the sign-in link and until when it works. */
export function invitationMessage(invitation: { inviter: string; email: string; clientName: string; role: Role; projectNames: string[]; expiresAt: Date }, options: InviteOptions) {
  const { inviter, email, clientName } = invitation;
  const until = formatDate(invitation.expiresAt);
  const signInUrl = `${options.baseUrl.replace(/\/+$/, "")}/api/login`;
  return formSummaryMessage(
    `You are invited to ${clientName} on Land Liaison Records`,
    [
      ["Organisation", clientName],
      ["Role", ROLE_LABELS[invitation.role]],
      ["Projects", invitation.projectNames.join("\n") || "None yet"],
      ["Invited by", inviter],
      ["Sign in", signInUrl],
      ["Valid until", until],
    ],
    { intro: `${inviter} invited ${email} to ${clientName}. Sign in with single sign-on using this e-mail address by ${until}: ${signInUrl}` },
  );
}

/**
 * Invites an e-mail address into the client with a role the inviter may assign and the projects the
 * person joins: the invitation (one per client and address; inviting again renews it) and its mail
 * are written in one transaction. The first sign-in with that address accepts it (sign-in.server.ts)
 * until it expires; sending is within the limits of invite-throttle.ts.
 */
export async function inviteUser(actor: CurrentUser, input: InviteInput, options: InviteOptions) {
  requireSystemPermission(actor, "manageUsers", MANAGE_USERS);
  const roleRefused = refuseRole(actor, input.role);
  if (roleRefused) throw refusal(actor, input.email, roleRefused, `invite as ${input.role}`);
  const clientId = actor.role === "system_admin" ? (input.clientId ?? null) : actor.clientId;
  if (clientId === null && actor.role === "system_admin") throw new AppError(400, USER_MESSAGES.chooseClient, "INVALID_CLIENT");
  if (clientId === null)
    throw refuse(actor, { status: 403, message: USER_MESSAGES.accessRestricted, reason: "no client organisation", entityType: "User", entityId: input.email, code: "INVALID_CLIENT" });
  const email = input.email.toLowerCase();

  return withInviteThrottle(actor.id, email, () =>
    db().transactional(async (em) => {
      const client = await lockClient(em, clientId);
      if (await em.count(User, { email, deletedAt: null })) throw new FieldError(409, USER_MESSAGES.alreadyUser, "email");
      const projects = pickProjects(await manageableProjects(actor, client.id, em), input.projectIds);
      await checkMemberLimits(em, actor, client, projects);

      let invitation = await em.findOne(UserInvitation, { client: client.id, email });
      if (!invitation) invitation = em.create(UserInvitation, { email, client, role: input.role, projectIds: [], createdAt: new Date() } as never);
      invitation.role = input.role;
      invitation.project = null;
      invitation.projectIds = projects.map((p) => p.id);
      invitation.invitedBy = em.getReference(User, actor.id);
      invitation.acceptedAt = null;
      const expires = expiryFrom(new Date(), invitationExpiryDays());
      invitation.expiresAt = expires;
      await em.flush();

      const message = invitationMessage({ inviter: userDisplayName(actor), email, clientName: client.name, role: input.role, projectNames: projects.map((p) => p.name), expiresAt: expires }, options);
      await queueMail({ to: email, ...message }, { em, kind: "invitation" });
      recordAudit({
        userId: actor.id,
        clientId: client.id,
        entityType: "UserInvitation",
        entityId: invitation.id,
        action: "user.invite",
        after: { email, role: input.role, projectIds: invitation.projectIds },
      });
      return { id: invitation.id, email, role: input.role, clientId: client.id, projectIds: invitation.projectIds, expiresAt: expires.toISOString() };
    }),
  );
}
