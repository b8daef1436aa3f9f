import { json, redirect } from "@remix-run/node";
import { User, type IUser } from "~db/entities/User";
import { db } from "~db/orm";
import { isRole, type Permission, type Role } from "~/modules/permissions/permissions";
import { resolveProjectAccess, type ProjectAccess } from "~/modules/project/access.server";
import { AppError } from "~/utils/app-error";
import { rethrowAsHttp } from "~/utils/http.server";
import { getSession } from "./session.server";

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
  clientId: number | null;
}

/** The shape the rest of the app sees of a user row. */
export function toCurrentUser(user: IUser): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: user.profileImageUrl ?? null,
    role: isRole(user.systemRole) ? user.systemRole : "viewer",
    clientId: user.client ? Number((user.client as { id: number }).id) : null,
  };
}

const usersByRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The signed-in, active user of this request, or null (looked up once per request). */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let user = usersByRequest.get(request);
  if (!user) {
    user = loadCurrentUser(request);
    usersByRequest.set(request, user);
  }
  return user;
}

async function loadCurrentUser(request: Request): Promise<CurrentUser | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  if (!userId) return null;
  const user = await db().findOne(User, { id: userId, isActive: true });
  return user ? toCurrentUser(user) : null;
}

const isApiRequest = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

/**
 * The signed-in user, or the end of the request: pages go to the sign-in screen (which brings
 * them back afterwards), /api routes answer 401.
 */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  if (isApiRequest(request)) throw json({ message: "Unauthorized" }, { status: 401 });
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(back === "/" ? "/" : `/?redirectTo=${encodeURIComponent(back)}`);
}

/**
 * The user plus their access to one project with the given permission. Another client's project
 * (or a missing one) is 404; a known project without the permission is 403.
 */
export async function requireProjectAccess(request: Request, projectId: unknown, permission: Permission): Promise<ProjectAccess> {
  const user = await requireUser(request);
  // Refusals leave as HTTP 404/403 responses (see rethrowAsHttp).
  return resolveProjectAccess(user, projectId, permission).catch(rethrowAsHttp);
}

/**
 * The project chosen on the dashboard (kept in the session), or `?projectId=` for /api calls.
 * Returns null when none is selected so the screen can show its "No Project Selected" state.
 */
export async function getSelectedProjectAccess(request: Request, permission: Permission): Promise<ProjectAccess | null> {
  const user = await requireUser(request);
  const fromQuery = new URL(request.url).searchParams.get("projectId");
  const projectId = fromQuery ?? (await getSession(request)).get("selectedProjectId");
  if (projectId === undefined || projectId === null || projectId === "") return null;
  try {
    return await resolveProjectAccess(user, projectId, permission);
  } catch (error) {
    // A stale selection (project deleted, or access withdrawn) simply counts as none.
    if (!fromQuery && error instanceof AppError && error.status === 404) return null;
    rethrowAsHttp(error);
  }
}
