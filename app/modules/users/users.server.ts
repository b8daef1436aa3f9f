/**
 * Reads and writes of User Management (spec 001 §2, §5, §6, §7; issue 14). Every function takes the
 * signed-in user and checks manageUsers first, then asks user-rules.ts whether this actor may act on
 * this user; the page actions and /api/users call the same functions.
 */
import { randomUUID } from "node:crypto";
import { LockMode, type EntityManager } from "@mikro-orm/postgresql";
import { Client, Project, ProjectMembership, User, UserInvitation } from "~db/entities/index";
import type { IUser } from "~db/entities/User";
import type { IProject } from "~db/entities/Project";
import { refId, refIdOrNull } from "~db/entities/refs";
import { db } from "~db/orm";
import { recordAudit, recordSecurityEvent } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/auth/guards.server";
import { usersPerProjectLimitMessage, type PlanHolder } from "~/modules/billing/plan-limits";
import { formSummaryMessage, queueMail } from "~/modules/mail/index.server";
import { hasClientWideProjectAccess, isRole, ROLE_LABELS, type Role } from "~/modules/permissions/permissions";
import { AppError, FieldError, RuleRefusal } from "~/utils/app-error";
import type { InviteInput, UserUpdateInput } from "./schemas";
import { canManageUsers, refuseOperation, refuseRole, USER_MESSAGES, userDisplayName, type Refusal, type UserOperation } from "./user-rules";

/** The AppError code of a refusal by the plan's users-per-project limit (the screen links it to /subscription). */
export const MEMBER_LIMIT_CODE = "PLAN_LIMIT";
const MAX_ID_LENGTH = 200;

export function refusal(actor: CurrentUser, entityId: string, refused: Refusal, reason: string): AppError {
  void recordSecurityEvent({ userId: actor.id, clientId: actor.clientId, action: "access.refused", entityType: "User", entityId: entityId.slice(0, 100), after: { status: refused.status, reason } });
  return refused.status === 403 && canManageUsers(actor.role) ? new RuleRefusal(refused.message) : new AppError(refused.status, refused.message);
}

/** 403 with the spec's Access Restricted text unless the role has manageUsers. */
export function requireUserManager(actor: CurrentUser): void {
  if (canManageUsers(actor.role)) return;
  throw refusal(actor, "", { status: 403, message: USER_MESSAGES.accessRestricted }, `role ${actor.role} lacks manageUsers`);
}

const roleOf = (user: Pick<IUser, "systemRole">): Role => (isRole(user.systemRole) ? user.systemRole : "viewer");

/** A user the actor may see (another client's, a deleted or a missing one is 404). */
async function loadTarget(em: EntityManager, actor: CurrentUser, id: unknown, lock = false): Promise<IUser> {
  const notFound = new AppError(404, USER_MESSAGES.notFound);
  if (typeof id !== "string" || !id || id.length > MAX_ID_LENGTH) throw notFound;
  const user = await em.findOne(User, { id, deletedAt: null }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!user) throw notFound;
  const target = { id: user.id, role: roleOf(user), clientId: refIdOrNull(user.client) };
  if (actor.role !== "system_admin" && target.clientId !== actor.clientId) throw refusal(actor, id, { status: 404, message: USER_MESSAGES.notFound }, "another client's user");
  return user;
}

function check(actor: CurrentUser, user: IUser, operation: UserOperation): void {
  const refused = refuseOperation(actor, { id: user.id, role: roleOf(user), clientId: refIdOrNull(user.client) }, operation);
  if (refused) throw refusal(actor, user.id, refused, `${operation}: ${refused.message}`);
}

export interface UserRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** Only an inline (data:) picture: the page's CSP allows no third-party images. */
  profileImageUrl: string | null;
  systemRole: Role;
  isActive: boolean;
  createdAt: string;
  clientId: number | null;
  clientName: string | null;
}

export function userToJson(user: IUser): Omit<UserRow, "clientName"> {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: user.profileImageUrl ?? null,
    systemRole: roleOf(user),
    isActive: user.isActive,
    createdAt: new Date(user.createdAt).toISOString(),
    clientId: refIdOrNull(user.client),
  };
}

/** A client's users (a system admin: every client's, or one client's), newest first. */
export async function listUsers(actor: CurrentUser, options: { clientId?: number | null; limit: number; offset: number }) {
  requireUserManager(actor);
  const clientId = actor.role === "system_admin" ? (options.clientId ?? null) : actor.clientId;
  if (actor.role !== "system_admin" && clientId === null) return { users: [] as UserRow[], total: 0 };
  const where = clientId === null ? "" : "and u.client_id = ?";
  const params = clientId === null ? [] : [clientId];
  const connection = db().getConnection();
  const [rows, [count]] = await Promise.all([
    connection.execute<(Omit<UserRow, "createdAt"> & { createdAt: Date })[]>(
      `select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.profile_image_url as "profileImageUrl", u.system_role as "systemRole",
              u.is_active as "isActive", u.created_at as "createdAt", u.client_id as "clientId", c.name as "clientName"
       from "user" u left join client c on c.id = u.client_id
       where u.deleted_at is null ${where}
       order by u.created_at desc, u.id limit ? offset ?`,
      [...params, options.limit, options.offset],
    ),
    connection.execute<{ total: string }[]>(`select count(*) as total from "user" u where u.deleted_at is null ${where}`, params),
  ]);
  const users = rows.map((row) => ({
    ...row,
    systemRole: isRole(row.systemRole) ? row.systemRole : "viewer",
    profileImageUrl: row.profileImageUrl?.startsWith("data:image/") ? row.profileImageUrl : null,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
  return { users, total: Number(count?.total ?? 0) };
}

/** The client organisations a system admin can filter by or invite into. */
export async function listClients(actor: CurrentUser) {
  if (actor.role !== "system_admin") return [];
  return (await db().find(Client, { isActive: true }, { fields: ["id", "name"], orderBy: { name: "asc" } })).map((c) => ({ id: c.id, name: c.name }));
}

/**
 * The projects of a client whose members the actor manages: a system admin, client owner or
 * director every active project of the client; a project manager only the projects they belong to.
 */
export async function manageableProjects(actor: CurrentUser, clientId: number | null, em: EntityManager = db()): Promise<IProject[]> {
  if (clientId === null) return [];
  if (actor.role !== "system_admin" && actor.clientId !== clientId) return [];
  if (actor.role === "system_admin" || hasClientWideProjectAccess(actor.role)) return em.find(Project, { client: clientId, isActive: true }, { orderBy: { name: "asc" } });
  const memberships = await em.find(ProjectMembership, { user: actor.id, isActive: true }, { fields: ["project"] });
  const ids = memberships.map((m) => refId(m.project));
  return ids.length ? em.find(Project, { id: { $in: ids }, client: clientId, isActive: true }, { orderBy: { name: "asc" } }) : [];
}

/** Refuses (403, PLAN_LIMIT) adding a member to a project that is full under the client's plan. */
async function checkMemberLimits(em: EntityManager, client: PlanHolder, projects: IProject[]) {
  for (const project of projects) {
    const members = await em.count(ProjectMembership, { project: project.id, isActive: true, user: { deletedAt: null } });
    const message = usersPerProjectLimitMessage(client, project.name, members, 1);
    if (message) throw new RuleRefusal(message, MEMBER_LIMIT_CODE);
  }
}

async function lockClient(em: EntityManager, clientId: number) {
  const client = await em.findOne(Client, { id: clientId, isActive: true }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!client) throw new AppError(404, "Client not found", "INVALID_CLIENT");
  return client;
}

function pickProjects(offered: IProject[], ids: number[]): IProject[] {
  const byId = new Map(offered.map((p) => [p.id, p]));
  const chosen = ids.map((id) => byId.get(id));
  if (chosen.some((p) => !p)) throw new AppError(404, "Project not found", "INVALID_PROJECT");
  return chosen as IProject[];
}

export interface InviteOptions {
  /** The app's public address for the sign-in link (APP_URL, else the request's origin). */
  baseUrl: string;
}

/** The invitation e-mail (sent on invite and on Resend): organisation, role, projects, inviter and the sign-in link. */
export function invitationMessage(invitation: { inviter: string; email: string; clientName: string; role: Role; projectNames: string[] }, options: InviteOptions) {
  const { inviter, email, clientName } = invitation;
  const signInUrl = `${options.baseUrl.replace(/\/+$/, "")}/api/login`;
  return formSummaryMessage(
    `You are invited to ${clientName} on Land Liaison Records`,
    [
      ["Organisation", clientName],
      ["Role", ROLE_LABELS[invitation.role]],
      ["Projects", invitation.projectNames.join("\n") || "None yet"],
      ["Invited by", inviter],
      ["Sign in", signInUrl],
    ],
    { intro: `${inviter} invited ${email} to ${clientName}. Sign in with single sign-on using this e-mail address: ${signInUrl}` },
  );
}

/**
 * Invites an e-mail address into the client with a role the inviter may assign and the projects the
 * person joins: the invitation (one per client and address; inviting again renews it) and its mail
 * are written in one transaction. The first sign-in with that address accepts it (sign-in.server.ts).
 */
export async function inviteUser(actor: CurrentUser, input: InviteInput, options: InviteOptions) {
  requireUserManager(actor);
  const roleRefused = refuseRole(actor, input.role);
  if (roleRefused) throw refusal(actor, input.email, roleRefused, `invite as ${input.role}`);
  const clientId = actor.role === "system_admin" ? (input.clientId ?? null) : actor.clientId;
  if (clientId === null) throw new AppError(actor.role === "system_admin" ? 400 : 403, actor.role === "system_admin" ? USER_MESSAGES.chooseClient : USER_MESSAGES.accessRestricted, "INVALID_CLIENT");
  const email = input.email.toLowerCase();

  return db().transactional(async (em) => {
    const client = await lockClient(em, clientId);
    if (await em.count(User, { email, deletedAt: null })) throw new FieldError(409, USER_MESSAGES.alreadyUser, "email");
    const projects = pickProjects(await manageableProjects(actor, client.id, em), input.projectIds);
    await checkMemberLimits(em, client, projects);

    let invitation = await em.findOne(UserInvitation, { client: client.id, email });
    if (!invitation) invitation = em.create(UserInvitation, { email, client, role: input.role, projectIds: [], createdAt: new Date() } as never);
    invitation.role = input.role;
    invitation.project = null;
    invitation.projectIds = projects.map((p) => p.id);
    invitation.invitedBy = em.getReference(User, actor.id);
    invitation.acceptedAt = null;
    await em.flush();

    const message = invitationMessage({ inviter: userDisplayName(actor), email, clientName: client.name, role: input.role, projectNames: projects.map((p) => p.name) }, options);
    await queueMail({ to: email, ...message }, { em, kind: "invitation" });
    recordAudit({
      userId: actor.id,
      clientId: client.id,
      entityType: "UserInvitation",
      entityId: invitation.id,
      action: "user.invite",
      after: { email, role: input.role, projectIds: invitation.projectIds },
    });
    return { id: invitation.id, email, role: input.role, clientId: client.id, projectIds: invitation.projectIds };
  });
}

/** PATCH: the role (one the actor may assign) or Active/Inactive. Deactivating ends the user's sessions at once. */
export async function updateUser(actor: CurrentUser, id: unknown, input: UserUpdateInput) {
  requireUserManager(actor);
  return db().transactional(async (em) => {
    const user = await loadTarget(em, actor, id, true);
    const before = userToJson(user);
    if (input.systemRole !== undefined) {
      check(actor, user, "role");
      const roleRefused = refuseRole(actor, input.systemRole);
      if (roleRefused) throw refusal(actor, user.id, roleRefused, `assign ${input.systemRole}`);
      user.systemRole = input.systemRole;
    }
    if (input.isActive !== undefined) {
      check(actor, user, "status");
      user.isActive = input.isActive;
      if (!input.isActive) await endSessions(em, user.id);
    }
    await em.flush();
    const after = userToJson(user);
    recordAudit({ userId: actor.id, clientId: after.clientId, entityType: "User", entityId: user.id, action: "user.update", before, after });
    return after;
  });
}

async function endSessions(em: EntityManager, userId: string) {
  await em.execute(`delete from session where sess->>'userId' = ?`, [userId]);
}

/**
 * Deletes the account: memberships, pending invitations to the address and sessions go; the row
 * stays (without e-mail, identity or picture, marked deleted) so the records the person created keep
 * their creator and show the name kept. The address can be invited again.
 */
export async function deleteUser(actor: CurrentUser, id: unknown) {
  requireUserManager(actor);
  return db().transactional(async (em) => {
    const user = await loadTarget(em, actor, id, true);
    check(actor, user, "delete");
    const before = userToJson(user);
    const name = userDisplayName(user);
    await em.nativeDelete(ProjectMembership, { user: user.id });
    await em.nativeDelete(UserInvitation, { email: user.email, acceptedAt: null });
    await endSessions(em, user.id);
    if (!user.firstName && !user.lastName) user.firstName = name;
    user.email = `deleted-${randomUUID()}@deleted.invalid`;
    user.authSubject = null;
    user.profileImageUrl = null;
    user.paymentCustomerId = null;
    user.isActive = false;
    user.deletedAt = new Date();
    await em.flush();
    recordAudit({
      userId: actor.id,
      clientId: before.clientId,
      entityType: "User",
      entityId: user.id,
      action: "user.delete",
      before,
      after: { deletedAt: user.deletedAt.toISOString(), nameKept: name },
    });
    return { id: user.id, name };
  });
}

/** One user as the table shows them (for the ?delete= confirmation and the projects page). */
export async function getUser(actor: CurrentUser, id: unknown) {
  requireUserManager(actor);
  const user = await loadTarget(db(), actor, id);
  return userToJson(user);
}

/** The projects the actor may put this user in, and which of them the user belongs to now. */
export async function getUserProjects(actor: CurrentUser, id: unknown) {
  requireUserManager(actor);
  const em = db();
  const user = await loadTarget(em, actor, id);
  check(actor, user, "members");
  const offered = await manageableProjects(actor, refIdOrNull(user.client), em);
  const memberships = await em.find(ProjectMembership, { user: user.id, isActive: true }, { fields: ["project"] });
  const memberOf = new Set(memberships.map((m) => refId(m.project)));
  return { user: userToJson(user), projects: offered.map((p) => ({ id: p.id, name: p.name, member: memberOf.has(p.id) })) };
}

/**
 * Sets which of the projects the actor manages this user belongs to (others are left alone). Each
 * project the user joins is checked against the plan's users-per-project limit, under a lock on the
 * client's row so two additions cannot both slip under it.
 */
export async function setUserProjects(actor: CurrentUser, id: unknown, projectIds: number[]) {
  requireUserManager(actor);
  return db().transactional(async (em) => {
    const user = await loadTarget(em, actor, id);
    check(actor, user, "members");
    const clientId = refIdOrNull(user.client);
    if (clientId === null) throw new AppError(400, "This user belongs to no client organisation, so they cannot join projects");
    const client = await lockClient(em, clientId);
    const offered = await manageableProjects(actor, clientId, em);
    const wanted = new Set(pickProjects(offered, projectIds).map((p) => p.id));
    const memberships = await em.find(ProjectMembership, { user: user.id, project: { $in: offered.map((p) => p.id) } });
    const byProject = new Map(memberships.map((m) => [refId(m.project), m]));
    const joining = offered.filter((p) => wanted.has(p.id) && !byProject.get(p.id)?.isActive);
    await checkMemberLimits(em, client, joining);
    const removed: number[] = [];
    for (const membership of memberships) {
      if (membership.isActive && !wanted.has(refId(membership.project))) {
        removed.push(refId(membership.project));
        em.remove(membership);
      }
    }
    for (const project of joining) {
      const existing = byProject.get(project.id);
      if (existing) existing.isActive = true;
      else em.create(ProjectMembership, { user: user.id, project, role: roleOf(user), isActive: true, invitedBy: actor.id, joinedAt: new Date() } as never);
    }
    await em.flush();
    const added = joining.map((p) => p.id);
    recordAudit({ userId: actor.id, clientId, entityType: "User", entityId: user.id, action: "user.projects", after: { added, removed } });
    return { user: userToJson(user), added, removed };
  });
}
