import type { FilterQuery } from "@mikro-orm/core";
import { Client } from "~db/entities/Client";
import { Project, type IProject } from "~db/entities/Project";
import { ProjectMembership } from "~db/entities/ProjectMembership";
import { db } from "~db/orm";
import { sqlOne } from "~db/sql.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { commitSession, getSession, sessionProjectRow, type AppSession } from "~/modules/auth/session.server";
import { clientColumnsSql, type SessionProjectRow } from "~/modules/auth/session-read.server";
import {
  canExportDatabase,
  effectiveProjectRole,
  hasClientWideProjectAccess,
  hasPermission,
  isRole,
  roleAllows,
  type Permission,
  type Role,
  type SystemPermission,
} from "~/modules/permissions/permissions";
import { AppError } from "~/utils/app-error";
import { refId } from "~db/entities/refs";
import { parseRecordId } from "~/utils/record-id";
import { requireUser, type CurrentUser } from "./current-user.server";
import { refuse } from "./refuse.server";

/** A refusal about one project (ASVS 16.3.2: who asked for which project, and why it was refused). */
const refuseProject = (user: CurrentUser, projectId: unknown, status: 403 | 404, reason: string, message: string, code?: string, inActivity = false) =>
  refuse(user, { status, reason, entityType: "Project", entityId: String(projectId ?? ""), message, code, projectId: inActivity ? Number(projectId) : null });

const NOT_FOUND = "Project not found";

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
 * project_manager, officer, viewer: only projects they are an active member of (docs/access.md#permission-matrix).
 * `membershipRole` is the role of the user's active membership of the project, if any.
 */
export function projectRoleFrom(user: CurrentUser, projectClientId: number, membershipRole: string | null): Role | null {
  if (user.role === "system_admin") return "system_admin";
  if (user.clientId === null || projectClientId !== user.clientId) return null;
  if (hasClientWideProjectAccess(user.role)) return user.role;
  if (membershipRole === null) return null;
  return effectiveProjectRole(user.role, isRole(membershipRole) ? membershipRole : "viewer");
}

/**
 * The active project with its client and the user's active membership role, in one query: every
 * project page and /api call starts here, and two ORM lookups (project with client, membership)
 * cost several times this one. The rows become managed entities as a findOne would make them.
 */
async function loadProjectForAccess(userId: string, projectId: number, prefetched?: SessionProjectRow | null): Promise<{ project: IProject; membershipRole: string | null } | null> {
  const em = db();
  // On the caller's transaction (db/sql.server.ts): inside one this must see its rows. A GET's
  // selected project comes read with its session instead (session-read.server.ts).
  const row =
    prefetched !== undefined
      ? prefetched
      : await sqlOne(
          `select p.*, m.role as "membership__role", ${clientColumnsSql()}
             from project p
             join client c on c.id = p.client_id
             left join project_membership m on m.project_id = p.id and m.user_id = ? and m.is_active = true
            where p.id = ? and p.is_active = true`,
          [userId, projectId],
        );
  if (!row) return null;
  const projectRow: Record<string, unknown> = {};
  const clientRow: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith("client__")) clientRow[key.slice("client__".length)] = value;
    else if (!key.startsWith("membership__")) projectRow[key] = value;
  }
  // An entity this request already holds is kept as it is (it may carry unsaved changes).
  const held = <T extends object>(name: string, id: unknown) => em.getUnitOfWork().getById<T>(name, id as never) ?? undefined;
  if (!held("Client", clientRow.id)) em.map(Client, clientRow);
  const project = held<IProject>("Project", projectId) ?? em.map(Project, projectRow);
  return { project, membershipRole: (row["membership__role"] as string | null) ?? null };
}

/** `prefetched`: the project's row as loadProjectForAccess reads it, already read (null: none active). */
export async function resolveProjectAccess(user: CurrentUser, projectId: unknown, permission: Permission, prefetched?: SessionProjectRow | null): Promise<ProjectAccess> {
  const notFound = () => new AppError(404, NOT_FOUND, "INVALID_PROJECT");
  const id = parseRecordId(projectId);
  if (id === null) throw notFound();
  const found = await loadProjectForAccess(user.id, id, prefetched);
  if (!found) throw notFound();
  const { project, membershipRole } = found;
  // Another client's project is indistinguishable from a missing one (but is audited as what it is).
  const sameClient = user.role === "system_admin" || refId(project.client) === user.clientId;
  if (!sameClient) throw refuseProject(user, id, 404, "another client's project", NOT_FOUND, "INVALID_PROJECT");
  const role = projectRoleFrom(user, refId(project.client), membershipRole);
  if (!role) throw refuseProject(user, id, 403, "not a member of the project", "You are not a member of this project", "INVALID_PROJECT");
  if (!hasPermission(role, permission)) throw refuseProject(user, id, 403, `role ${role} lacks ${permission}`, "You do not have permission to do that");
  return { user, project, role };
}

/**
 * Refuses (403, audited) an operation the user's role in this project does not allow. The module
 * function that performs an operation calls it first: the one place that operation's permission is
 * checked, whichever route (page action or /api) asked for it. A screen of the permissions table
 * (e.g. "databaseManagement") is asked the same way, with the project role; `inActivity` also
 * lists the refusal in the project's activity log (Database Management's own refusals).
 */
export function requirePermission(access: ProjectAccess, permission: SystemPermission, refusal: { message?: string; inActivity?: boolean } = {}): void {
  if (roleAllows(access.role, permission)) return;
  const message = refusal.message ?? "You do not have permission to do that";
  throw refuseProject(access.user, access.project.id, 403, `role ${access.role} lacks ${permission}`, message, undefined, refusal.inActivity);
}

/**
 * Refuses (403) the whole-project SQL dump to any role but system_admin, client_owner and director
 * (canExportDatabase). Those three reach a project through their system role, never a membership, so
 * the project role here is their system role, as the dashboard words the rule (docs/access.md#database-export).
 */
export function requireDatabaseExport(access: ProjectAccess): void {
  if (canExportDatabase(access.role)) return;
  throw refuseProject(access.user, access.project.id, 403, `role ${access.role} may not export the database`, "You do not have permission to export the database");
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

/**
 * The user plus their membership of one project. Another client's project (or a missing one) is
 * 404; a project the user is not a member of is 403. Which operations the role allows is checked
 * once, by the module function that performs it, so a page action and its /api twin agree.
 */
export async function requireProjectAccess(request: Request, projectId: unknown): Promise<ProjectAccess> {
  const user = await requireUser(request);
  return resolveProjectAccess(user, projectId, "viewData");
}

/** The flash a user sees when the project they had selected is no longer theirs (docs/access.md#selected-project). */
export const STALE_SELECTION_FLASH = {
  kind: "error",
  title: "Project no longer available",
  description: "You no longer have access to the project you had selected. Choose another project.",
} as const;

/**
 * The project chosen on the dashboard (kept in the session), or `?projectId=` for /api calls, with
 * the user's membership of it. Null when none is selected, so the screen can show its "No Project
 * Selected" state.
 *
 * A selection in the session that stopped working (the project deleted or moved, the membership
 * withdrawn, a director demoted: any 403 or 404) is cleared from the session, and the request ends:
 * a page (loader or action) is redirected to the dashboard's project picker with a flash, an /api
 * call answers the refusal with the INVALID_PROJECT code. An explicit `?projectId=` is refused as it
 * is and leaves the selection alone (docs/access.md#selected-project).
 */
export async function getSelectedProjectAccess(request: Request): Promise<ProjectAccess | null> {
  const user = await requireUser(request);
  const fromQuery = new URL(request.url).searchParams.get("projectId");
  const session = await getSession(request);
  const projectId = fromQuery ?? session.get("selectedProjectId");
  if (projectId === undefined || projectId === null || projectId === "") return null;
  // A page's GET reads its selected project with the session; an action (which may change it) reads it now.
  const readsOnly = request.method === "GET" || request.method === "HEAD";
  const prefetched = fromQuery === null && readsOnly && typeof projectId === "number" ? await sessionProjectRow(request, user.id, projectId) : undefined;
  try {
    return await resolveProjectAccess(user, projectId, "viewData", prefetched);
  } catch (error) {
    if (fromQuery !== null || !(error instanceof AppError) || (error.status !== 403 && error.status !== 404)) throw error;
    throw await dropStaleSelection(request, session, error);
  }
}

/** Clears the session's selection and says so: a redirect to the picker for a page, INVALID_PROJECT for /api. */
async function dropStaleSelection(request: Request, session: AppSession, refusal: AppError): Promise<Response | AppError> {
  session.unset("selectedProjectId");
  if (new URL(request.url).pathname.startsWith("/api/")) {
    // The session row is the store (session.server.ts): committing it is what clears the selection.
    const setCookie = await commitSession(request, session);
    return new AppError(refusal.status, refusal.message, "INVALID_PROJECT", { "Set-Cookie": setCookie });
  }
  // The Set-Cookie also makes Remix reload every loader after the redirect, the layout's flash included.
  return redirectWithFlash(request, "/", STALE_SELECTION_FLASH, session);
}
