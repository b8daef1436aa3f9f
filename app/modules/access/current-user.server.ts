import { redirect } from "@remix-run/node";
import type { IUser } from "~db/entities/User";
import { oncePerRequest } from "~/modules/auth/request-scope.server";
import { getSession, sessionUserRow } from "~/modules/auth/session.server";
import { INLINE_PREFIX, isInlinePicture, pictureVersion, shownPictureUrl } from "~/modules/auth/profile-picture.server";
import { sqlRows } from "~db/sql.server";
import { isRole, type Role } from "~/modules/permissions/permissions";
import { AppError } from "~/utils/app-error";
import { refIdOrNull } from "~db/entities/refs";
import { noteRequestUser } from "~/utils/request-store.server";

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
  const stored = user.profileImageUrl ?? null;
  return userFromRow(user, { inline: isInlinePicture(stored), version: stored ? pictureVersion(stored) : null });
}

/** `profileImageUrl` is where pages show the stored picture, on our own origin (docs/access.md#profile-pictures). */
function userFromRow(user: Pick<IUser, "id" | "email" | "firstName" | "lastName" | "systemRole" | "client">, picture: { inline: boolean; version: string | null }): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: shownPictureUrl(picture),
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
  // Read with the session, in the same statement (session-read.server.ts), unless that read missed it.
  const joined = await sessionUserRow(request, userId);
  const row = joined !== undefined ? joined : await readUserRow(userId);
  if (!row) return null;
  // The access line names who made the request by id (docs/operations.md#logs).
  noteRequestUser(row.id);
  const user = { ...row, client: row.clientId === null ? null : { id: row.clientId } } as unknown as IUser;
  return userFromRow(user, { inline: row.pictureInline, version: row.pictureVersion });
}

async function readUserRow(userId: string) {
  // Plain SQL, not an entity: every page runs this, and the ORM's metadata, identity map and
  // hydration cost several times the query itself.
  // The picture itself (up to ~140 KB) stays in the database: only whether it is one and its version.
  const [row] = await sqlRows<Pick<IUser, "id" | "email" | "firstName" | "lastName" | "systemRole"> & { clientId: number | null; pictureInline: boolean; pictureVersion: string | null }>(
    `select id, email, first_name as "firstName", last_name as "lastName",
            coalesce(profile_image_url ~ ?, false) as "pictureInline",
            left(md5(profile_image_url), 12) as "pictureVersion",
            system_role as "systemRole", client_id as "clientId"
       from "user" where id = ? and is_active = true`,
    [INLINE_PREFIX, userId],
  );
  return row ?? null;
}

const isApiRequest = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

/**
 * The signed-in user, or the end of the request: pages go to the sign-in screen (which brings
 * them back afterwards), /api routes answer 401 (an AppError, which handleAppErrors answers as
 * `{ message: "Unauthorized" }`).
 */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  if (isApiRequest(request)) throw new AppError(401, "Unauthorized");
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(back === "/" ? "/" : `/?redirectTo=${encodeURIComponent(back)}`);
}

/** How a user is named on screen and in mail: their name, or their e-mail when they have none. */
export function displayName(user: Pick<CurrentUser, "firstName" | "lastName" | "email">): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return full || user.email;
}
