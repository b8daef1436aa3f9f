import { AuditLog, Project, Property, Stakeholder } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import type { CurrentUser } from "../../app/modules/access/current-user.server";
import { createSignedInSession } from "../../app/modules/auth/session.server";
import type { Permission } from "../../app/modules/permissions/permissions";
import { resolveProjectAccess, type ProjectAccess } from "../../app/modules/access/project-access.server";
import { AppError } from "../../app/utils/app-error";
import { currentUser } from "../factories/access";

/** Shared set-up for the stakeholder and engagement integration tests (seeded demo data). */
export const URL_BASE = "http://localhost:3000";

export function userFor(id: string): Promise<CurrentUser> {
  return withRequestContext(() => currentUser(id));
}

export async function projectId(name: string): Promise<number> {
  return withRequestContext(async () => (await db().findOneOrFail(Project, { name })).id);
}

export function accessFor(user: CurrentUser, project: number, permission: Permission = "viewData"): Promise<ProjectAccess> {
  return withRequestContext(() => resolveProjectAccess(user, project, permission));
}

/** Runs fn in a fresh request context (as each HTTP request would). */
export const inContext = <T>(fn: () => Promise<T>) => withRequestContext(fn);

export async function statusOf(fn: () => Promise<unknown>): Promise<number | "ok"> {
  try {
    await withRequestContext(fn);
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

export async function stakeholderIdByName(name: string): Promise<number> {
  return withRequestContext(async () => (await db().findOneOrFail(Stakeholder, { name })).id);
}

export async function propertyIdsOf(project: number): Promise<number[]> {
  return withRequestContext(async () => (await db().find(Property, { project }, { orderBy: { id: "asc" } })).map((p) => p.id));
}

export async function auditRows(entityType: string, entityId: number) {
  return withRequestContext(async () => db().find(AuditLog, { entityType, entityId: String(entityId) }, { orderBy: { id: "asc" } }));
}

/** A request carrying a real signed-in session cookie for the user (for route-level tests). */
export async function signedInRequest(userId: string, pathname: string, init: RequestInit = {}): Promise<Request> {
  const setCookie = await withRequestContext(() => createSignedInSession(new Request(`${URL_BASE}/`), userId));
  const headers = new Headers(init.headers);
  headers.set("Cookie", setCookie.split(";")[0]!);
  return new Request(`${URL_BASE}${pathname}`, { ...init, headers });
}

/** Runs a route loader/action in a request context; a thrown Response (guards' refusals) is returned like Remix does. */
export async function callRoute(fn: () => Promise<unknown>): Promise<Response> {
  try {
    return (await withRequestContext(fn)) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
