import type { FilterQuery } from "@mikro-orm/core";
import { Project, type IProject } from "~db/entities/Project";
import { ProjectMembership } from "~db/entities/ProjectMembership";
import { db } from "~db/orm";
import { canExportDatabase, effectiveProjectRole, hasClientWideProjectAccess, hasPermission, isRole, type Permission, type Role } from "~/modules/permissions/permissions";
import { AppError } from "~/utils/app-error";
import type { CurrentUser } from "~/modules/auth/guards.server";
import { refId } from "~db/entities/refs";
import { parseRecordId } from "~/utils/record-id";
import { recordSecurityEvent } from "~/modules/audit/audit.server";

/**
 * Every refused access is audited (ASVS 16.3.2): who asked for which project, and why it was refused.
 * The refusal is written on its own connection, so it survives the error the request ends with.
 */
function refuse(user: CurrentUser, projectId: unknown, status: 403 | 404, reason: string, error: AppError): AppError {
  void recordSecurityEvent({
    userId: user.id,
    clientId: user.clientId,
    action: "access.refused",
    entityType: "Project",
    entityId: String(projectId ?? "").slice(0, 100),
    after: { status, reason },
  });
  return error;
}

export interface ProjectAccess {
  user: CurrentUser;
  project: IProject;
  /** The role that governs what the user may do in this project. */
  role: Role;
}

/** What a screen's project banner shows: the project and its client's name. */
export function projectSummary(access: ProjectAccess) {
  const client = access.project.client as { name?: string } | null;
  return { id: access.project.id, name: access.project.name, clientName: client?.name ?? null };
}

/**
 * The user's role in a project, or null when they may not use it at all.
 * system_admin: every project; client_owner and director: every project of their client;
 * project_manager, officer, viewer: only projects they are an active member of (spec 001 §6).
 */
export async function projectRoleFor(user: CurrentUser, project: IProject): Promise<Role | null> {
  if (user.role === "system_admin") return "system_admin";
  const projectClientId = refId(project.client);
  if (user.clientId === null || projectClientId !== user.clientId) return null;
  if (hasClientWideProjectAccess(user.role)) return user.role;
  const membership = await db().findOne(ProjectMembership, { user: user.id, project: project.id, isActive: true });
  if (!membership) return null;
  return effectiveProjectRole(user.role, isRole(membership.role) ? membership.role : "viewer");
}

export async function resolveProjectAccess(user: CurrentUser, projectId: unknown, permission: Permission): Promise<ProjectAccess> {
  const notFound = () => new AppError(404, "Project not found", "INVALID_PROJECT");
  const id = parseRecordId(projectId);
  if (id === null) throw notFound();
  const project = await db().findOne(Project, { id, isActive: true }, { populate: ["client"] });
  if (!project) throw notFound();
  // Another client's project is indistinguishable from a missing one (but is audited as what it is).
  const sameClient = user.role === "system_admin" || refId(project.client) === user.clientId;
  if (!sameClient) throw refuse(user, id, 404, "another client's project", notFound());
  const role = await projectRoleFor(user, project);
  if (!role) throw refuse(user, id, 403, "not a member of the project", new AppError(403, "You are not a member of this project", "INVALID_PROJECT"));
  if (!hasPermission(role, permission)) throw refuse(user, id, 403, `role ${role} lacks ${permission}`, new AppError(403, "You do not have permission to do that"));
  return { user, project, role };
}

/**
 * Refuses (403) an operation the user's role in this project does not allow. The module function
 * that performs an operation calls it first: the one place that operation's permission is checked,
 * whichever route (page action or /api) asked for it.
 */
export function requirePermission(access: ProjectAccess, permission: Permission): void {
  if (hasPermission(access.role, permission)) return;
  throw refuse(access.user, access.project.id, 403, `role ${access.role} lacks ${permission}`, new AppError(403, "You do not have permission to do that"));
}

/**
 * Refuses (403) the whole-project SQL dump to any role but system_admin, client_owner and director
 * (canExportDatabase). Those three reach a project through their system role, never a membership, so
 * the project role here is their system role, as spec 000 §2 words the rule.
 */
export function requireDatabaseExport(access: ProjectAccess): void {
  if (canExportDatabase(access.role)) return;
  throw refuse(access.user, access.project.id, 403, `role ${access.role} may not export the database`, new AppError(403, "You do not have permission to export the database"));
}

/** What the screens offer this user in this project (the same rules as requirePermission). */
export function recordAbilities(access: ProjectAccess) {
  return { canEdit: hasPermission(access.role, "editData"), canDelete: hasPermission(access.role, "deleteData") };
}

/** Projects the user may open, newest first, with their client's name. */
export async function listAccessibleProjects(user: CurrentUser, { limit = 100, offset = 0 } = {}) {
  const em = db();
  let where: FilterQuery<IProject>;
  if (user.role === "system_admin") where = { isActive: true };
  else if (user.clientId === null) return { projects: [], total: 0 };
  else if (hasClientWideProjectAccess(user.role)) where = { isActive: true, client: user.clientId };
  else {
    const memberships = await em.find(ProjectMembership, { user: user.id, isActive: true }, { fields: ["project"] });
    const ids = memberships.map((m) => refId(m.project));
    where = { isActive: true, client: user.clientId, id: { $in: ids } };
  }
  const [projects, total] = await em.findAndCount(Project, where, {
    populate: ["client"],
    orderBy: { createdAt: "desc", id: "desc" },
    limit,
    offset,
  });
  return { projects, total };
}
