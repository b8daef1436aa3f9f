import { json, redirect } from "@remix-run/node";
import type { IUser } from "~db/entities/User";
import { sqlRows } from "~db/sql.server";
import { isRole, type Role } from "~/modules/permissions/permissions";
import { resolveProjectAccess, type ProjectAccess } from "~/modules/project/access.server";
import { AppError } from "~/utils/app-error";
import { oncePerRequest } from "./request-scope.server";
import { getSession } from "./session.server";
import { refIdOrNull } from "~db/entities/refs";

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
    clientId: refIdOrNull(user.client),
  };
}

const CURRENT_USER = Symbol("currentUser");

/** The signed-in, active user of this request, or null (looked up once per HTTP request, see request-scope.server.ts). */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  return oncePerRequest(request, CURRENT_USER, () => loadCurrentUser(request));
}

async function loadCurrentUser(request: Request): Promise<CurrentUser | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  if (!userId) return null;
  // Plain SQL, not an entity: every page runs this, and the ORM's metadata, identity map and
  // hydration cost several times the query itself.
  const [row] = await sqlRows<Pick<IUser, "id" | "email" | "firstName" | "lastName" | "profileImageUrl" | "systemRole"> & { clientId: number | null }>(
    `select id, email, first_name as "firstName", last_name as "lastName", profile_image_url as "profileImageUrl",
            system_role as "systemRole", client_id as "clientId"
       from "user" where id = ? and is_active = true`,
    [userId],
  );
  return row ? toCurrentUser({ ...row, client: row.clientId === null ? null : { id: row.clientId } } as unknown as IUser) : null;
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
 * The user plus their membership of one project. Another client's project (or a missing one) is
 * 404; a project the user is not a member of is 403. Which operations the role allows is checked
 * once, by the module function that performs it, so a page action and its /api twin agree.
 */
export async function requireProjectAccess(request: Request, projectId: unknown): Promise<ProjectAccess> {
  const user = await requireUser(request);
  return resolveProjectAccess(user, projectId, "viewData");
}

/**
 * The project chosen on the dashboard (kept in the session), or `?projectId=` for /api calls, with
 * the user's membership of it. Null when none is selected, so the screen can show its "No Project
 * Selected" state.
 */
export async function getSelectedProjectAccess(request: Request): Promise<ProjectAccess | null> {
  const user = await requireUser(request);
  const fromQuery = new URL(request.url).searchParams.get("projectId");
  const projectId = fromQuery ?? (await getSession(request)).get("selectedProjectId");
  if (projectId === undefined || projectId === null || projectId === "") return null;
  try {
    return await resolveProjectAccess(user, projectId, "viewData");
  } catch (error) {
    // A stale selection (project deleted, or access withdrawn) simply counts as none.
    if (!fromQuery && error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}
