/**
 * Which projects a user belongs to, on User Management: the projects the actor manages, and setting
 * the user's memberships among them under the plan's users-per-project limit. Inviting uses the same
 * checks (invitations.server.ts).
 */
import { LockMode, type EntityManager } from "@mikro-orm/postgresql";
import { Client, Project, ProjectMembership } from "~db/entities/index";
import type { IProject } from "~db/entities/Project";
import { refId, refIdOrNull } from "~db/entities/refs";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/access/current-user.server";
import { requireSystemPermission } from "~/modules/access/system.server";
import { usersPerProjectLimitMessage, type PlanHolder } from "~/modules/billing/plan-limits";
import { AppError } from "~/utils/app-error";
import { check, loadTarget, MANAGE_USERS, refusal, roleOf, userToJson } from "./users.server";
import { reachFor } from "./user-reach.server";

/** The AppError code of a refusal by the plan's users-per-project limit (the screen links it to /subscription). */
export const MEMBER_LIMIT_CODE = "PLAN_LIMIT";

/**
 * The projects of a client whose members the actor manages: a system admin, client owner or
 * director every active project of the client; a project manager only the projects they manage
 * (docs/access.md#user-management-reach).
 */
export async function manageableProjects(actor: CurrentUser, clientId: number | null, em: EntityManager = db()): Promise<IProject[]> {
  if (clientId === null) return [];
  if (actor.role !== "system_admin" && actor.clientId !== clientId) return [];
  const reach = await reachFor(em, actor);
  if (reach === "client") return em.find(Project, { client: clientId, isActive: true }, { orderBy: { name: "asc" } });
  const ids = [...reach];
  return ids.length ? em.find(Project, { id: { $in: ids }, client: clientId, isActive: true }, { orderBy: { name: "asc" } }) : [];
}

/** Refuses (403, PLAN_LIMIT) adding a member to a project that is full under the client's plan. */
export async function checkMemberLimits(em: EntityManager, actor: CurrentUser, client: PlanHolder, projects: IProject[]) {
  for (const project of projects) {
    const members = await em.count(ProjectMembership, { project: project.id, isActive: true, user: { deletedAt: null } });
    const message = usersPerProjectLimitMessage(client, project.name, members, 1);
    if (message) throw refusal(actor, project.name, { status: 403, message }, "plan limit: users per project", MEMBER_LIMIT_CODE);
  }
}

export async function lockClient(em: EntityManager, clientId: number) {
  const client = await em.findOne(Client, { id: clientId, isActive: true }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!client) throw new AppError(404, "Client not found", "INVALID_CLIENT");
  return client;
}

export function pickProjects(offered: IProject[], ids: number[]): IProject[] {
  const byId = new Map(offered.map((p) => [p.id, p]));
  const chosen = ids.map((id) => byId.get(id));
  if (chosen.some((p) => !p)) throw new AppError(404, "Project not found", "INVALID_PROJECT");
  return chosen as IProject[];
}

/** The projects the actor may put this user in, and which of them the user belongs to now. */
export async function getUserProjects(actor: CurrentUser, id: unknown) {
  requireSystemPermission(actor, "manageUsers", MANAGE_USERS);
  const em = db();
  const user = await loadTarget(em, actor, id);
  await check(em, actor, user, "members");
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
  requireSystemPermission(actor, "manageUsers", MANAGE_USERS);
  return db().transactional(async (em) => {
    const user = await loadTarget(em, actor, id);
    await check(em, actor, user, "members");
    const clientId = refIdOrNull(user.client);
    if (clientId === null) throw new AppError(400, "This user belongs to no client organisation, so they cannot join projects");
    const client = await lockClient(em, clientId);
    const offered = await manageableProjects(actor, clientId, em);
    const wanted = new Set(pickProjects(offered, projectIds).map((p) => p.id));
    const memberships = await em.find(ProjectMembership, { user: user.id, project: { $in: offered.map((p) => p.id) } });
    const byProject = new Map(memberships.map((m) => [refId(m.project), m]));
    const joining = offered.filter((p) => wanted.has(p.id) && !byProject.get(p.id)?.isActive);
    await checkMemberLimits(em, actor, client, joining);
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
