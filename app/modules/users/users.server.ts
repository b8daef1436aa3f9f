/**
 * Reads and writes of User Management (docs/administration.md#user-management). Every function takes the
 * signed-in user and checks manageUsers first, then asks user-rules.ts whether this actor may act on
 * this user; the page actions and /api/users call the same functions. Invitations are
 * invitations.server.ts, a user's projects user-projects.server.ts.
 */
import { randomUUID } from "node:crypto";
import { LockMode, type EntityManager } from "@mikro-orm/postgresql";
import { Client, ProjectMembership, User, UserInvitation } from "~db/entities/index";
import type { IUser } from "~db/entities/User";
import { refIdOrNull } from "~db/entities/refs";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/access/current-user.server";
import { refuse } from "~/modules/access/refuse.server";
import { requireSystemPermission } from "~/modules/access/system.server";
import { canManageUsers, refuseOperation, refuseRole, USER_MESSAGES, userDisplayName, type Refusal, type UserOperation } from "./user-rules";
import { sqlExecute, sqlRows } from "~db/sql.server";
import { isRole, type Role } from "~/modules/permissions/permissions";
import type { UserUpdateInput } from "./schemas";
import { actorFor, projectIdsOf } from "./user-reach.server";
import { AppError } from "~/utils/app-error";

const MAX_ID_LENGTH = 200;

/** A refusal of user-rules.ts, audited (refuse); a manager can act on a 403 of these rules, so the form shows it. */
export function refusal(actor: CurrentUser, entityId: string, refused: Refusal, reason: string, code?: string): AppError {
  return refuse(actor, { ...refused, reason, entityType: "User", entityId, code, actionable: canManageUsers(actor.role) });
}

/** Every function here starts with this: 403 with the spec's Access Restricted text unless the role has manageUsers. */
export const MANAGE_USERS = { message: USER_MESSAGES.accessRestricted, entityType: "User", entityId: "" } as const;

export const roleOf = (user: Pick<IUser, "systemRole">): Role => (isRole(user.systemRole) ? user.systemRole : "viewer");

/** A user the actor may see (another client's, a deleted or a missing one is 404). */
export async function loadTarget(em: EntityManager, actor: CurrentUser, id: unknown, lock = false): Promise<IUser> {
  const notFound = new AppError(404, USER_MESSAGES.notFound);
  if (typeof id !== "string" || !id || id.length > MAX_ID_LENGTH) throw notFound;
  const user = await em.findOne(User, { id, deletedAt: null }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!user) throw notFound;
  const target = { id: user.id, role: roleOf(user), clientId: refIdOrNull(user.client) };
  if (actor.role !== "system_admin" && target.clientId !== actor.clientId) throw refusal(actor, id, { status: 404, message: USER_MESSAGES.notFound }, "another client's user");
  return user;
}

/** Refuses (audited) unless the actor may perform the operation on this user, their projects included (docs/access.md#user-management-reach). */
export async function check(em: EntityManager, actor: CurrentUser, user: IUser, operation: UserOperation): Promise<void> {
  const me = await actorFor(em, actor);
  const projectIds = (await projectIdsOf(em, [user.id])).get(user.id) ?? [];
  const refused = refuseOperation(me, { id: user.id, role: roleOf(user), clientId: refIdOrNull(user.client), projectIds }, operation);
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
  requireSystemPermission(actor, "manageUsers", MANAGE_USERS);
  const clientId = actor.role === "system_admin" ? (options.clientId ?? null) : actor.clientId;
  if (actor.role !== "system_admin" && clientId === null) return { users: [] as UserRow[], total: 0 };
  const where = clientId === null ? "" : "and u.client_id = ?";
  const params = clientId === null ? [] : [clientId];
  const [rows, [count]] = await Promise.all([
    sqlRows<Omit<UserRow, "createdAt"> & { createdAt: Date }>(
      `select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.profile_image_url as "profileImageUrl", u.system_role as "systemRole",
              u.is_active as "isActive", u.created_at as "createdAt", u.client_id as "clientId", c.name as "clientName"
       from "user" u left join client c on c.id = u.client_id
       where u.deleted_at is null ${where}
       order by u.created_at desc, u.id limit ? offset ?`,
      [...params, options.limit, options.offset],
    ),
    sqlRows<{ total: string }>(`select count(*) as total from "user" u where u.deleted_at is null ${where}`, params),
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

/** PATCH: the role (one the actor may assign) or Active/Inactive. Deactivating ends the user's sessions at once. */
export async function updateUser(actor: CurrentUser, id: unknown, input: UserUpdateInput) {
  requireSystemPermission(actor, "manageUsers", MANAGE_USERS);
  return db().transactional(async (em) => {
    const user = await loadTarget(em, actor, id, true);
    const before = userToJson(user);
    if (input.systemRole !== undefined) {
      await check(em, actor, user, "role");
      const roleRefused = refuseRole(actor, input.systemRole);
      if (roleRefused) throw refusal(actor, user.id, roleRefused, `assign ${input.systemRole}`);
      user.systemRole = input.systemRole;
    }
    if (input.isActive !== undefined) {
      await check(em, actor, user, "status");
      user.isActive = input.isActive;
      if (!input.isActive) await endSessions(user.id);
    }
    await em.flush();
    const after = userToJson(user);
    recordAudit({ userId: actor.id, clientId: after.clientId, entityType: "User", entityId: user.id, action: "user.update", before, after });
    return after;
  });
}

async function endSessions(userId: string) {
  await sqlExecute(`delete from session where sess->>'userId' = ?`, [userId]);
}

/**
 * Deletes the account: memberships, pending invitations to the address and sessions go; the row
 * stays (without e-mail, identity or picture, marked deleted) so the records the person created keep
 * their creator and show the name kept. The address can be invited again.
 */
export async function deleteUser(actor: CurrentUser, id: unknown) {
  requireSystemPermission(actor, "manageUsers", MANAGE_USERS);
  return db().transactional(async (em) => {
    const user = await loadTarget(em, actor, id, true);
    await check(em, actor, user, "delete");
    const before = userToJson(user);
    const name = userDisplayName(user);
    await em.nativeDelete(ProjectMembership, { user: user.id });
    await em.nativeDelete(UserInvitation, { email: user.email, acceptedAt: null });
    await endSessions(user.id);
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
  requireSystemPermission(actor, "manageUsers", MANAGE_USERS);
  const user = await loadTarget(db(), actor, id);
  return userToJson(user);
}
