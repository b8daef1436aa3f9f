import crypto from "node:crypto";
import { createCookie, createSessionStorage, type Session, type SessionStorage } from "@remix-run/node";
import { sqlExecute, sqlRows } from "~db/sql.server";
import { getEnv } from "~/utils/env.server";
import { getSessionSecret } from "~/utils/secrets.server";
import type { FlashMessage } from "~/utils/flash";
import { usesSecureCookies } from "~/utils/http.server";
import { oncePerRequest } from "./request-scope.server";

/**
 * Sessions live in PostgreSQL (table `session`: sid, sess, expire) so any app server can serve
 * any request. The cookie holds only the signed session id and has no expiry of its own: it ends
 * when the browser closes. Over https it is named `__Host-lr_session`, which browsers accept only
 * with Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or shadow it.
 *  - Idle time-out (SESSION_IDLE_MINUTES, default 30 min): `expire` moves forward as the user works.
 *  - Absolute time-out (SESSION_ABSOLUTE_HOURS, default 12 h): counted from sign-in, whatever the activity.
 */
export interface SessionData {
  userId: string;
  signedInAt: number;
  selectedProjectId: number;
  /** The sign-in's ID token, sent back to the identity provider as `id_token_hint` at sign-out. */
  idToken: string;
  /**
   * An export the /export page checked and is about to download (export-download.server.ts): held
   * here between the form's POST and the GET of the file, which works without JavaScript.
   */
  pendingExport: { token: string; projectId: number; createdAt: number; request: unknown };
}
export interface SessionFlashData {
  flash: FlashMessage;
}
export type AppSession = Session<SessionData, SessionFlashData>;

/** `expire` is written at most this often, so it trails the last request by up to this much. */
const TOUCH_AFTER_MS = 60 * 1000;
export const SESSION_COOKIE = "lr_session";
export const SECURE_SESSION_COOKIE = "__Host-lr_session";

type AppSessionStorage = SessionStorage<SessionData, SessionFlashData>;
const storages = new Map<boolean, AppSessionStorage>();

function sessionStorage(secure: boolean): AppSessionStorage {
  let storage = storages.get(secure);
  if (!storage) {
    storage = createStorage(secure);
    storages.set(secure, storage);
  }
  return storage;
}

function createStorage(secure: boolean): AppSessionStorage {
  const env = getEnv();
  const idleMs = env.SESSION_IDLE_MINUTES * 60 * 1000;
  const absoluteMs = env.SESSION_ABSOLUTE_HOURS * 60 * 60 * 1000;
  // No maxAge or expires: a browser-session cookie. The server decides when a session ends.
  const cookie = createCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets: [getSessionSecret(env)],
  });
  const nextExpiry = () => new Date(Date.now() + idleMs);

  return createSessionStorage<SessionData, SessionFlashData>({
    cookie,
    async createData(data) {
      const sid = crypto.randomBytes(32).toString("base64url");
      await sqlExecute("insert into session (sid, sess, expire) values (?, ?, ?)", [sid, JSON.stringify(data), nextExpiry()]);
      return sid;
    },
    async readData(sid) {
      const rows = await sqlRows<{ sess: Partial<SessionData>; expire: Date }>("select sess, expire from session where sid = ? and expire > now()", [sid]);
      const row = rows[0];
      if (!row) return null;
      if (row.sess.signedInAt && Date.now() - row.sess.signedInAt > absoluteMs) {
        await sqlExecute("delete from session where sid = ?", [sid]);
        return null;
      }
      if (new Date(row.expire).getTime() - Date.now() < idleMs - TOUCH_AFTER_MS) {
        await sqlExecute("update session set expire = ? where sid = ?", [nextExpiry(), sid]);
      }
      return row.sess;
    },
    async updateData(sid, data) {
      await sqlExecute("insert into session (sid, sess, expire) values (?, ?, ?) on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire", [
        sid,
        JSON.stringify(data),
        nextExpiry(),
      ]);
    },
    async deleteData(sid) {
      await sqlExecute("delete from session where sid = ?", [sid]);
    },
  });
}

/** Secure (and `__Host-`) whenever the request reached us over https or that is forced, so http://localhost still works. */
const storageFor = (request: Request) => sessionStorage(usesSecureCookies(request));

const SESSION = Symbol("session");

/** The request's session, read from the database once per HTTP request (see request-scope.server.ts). */
export function getSession(request: Request): Promise<AppSession> {
  return oncePerRequest(request, SESSION, () => storageFor(request).getSession(request.headers.get("Cookie")));
}

export function commitSession(request: Request, session: AppSession): Promise<string> {
  return storageFor(request).commitSession(session);
}

export function destroySession(request: Request, session: AppSession): Promise<string> {
  return storageFor(request).destroySession(session);
}

/**
 * Starts a signed-in session under a NEW id (the pre-sign-in id is destroyed), so a session id
 * planted before sign-in is worthless afterwards.
 */
export async function createSignedInSession(request: Request, userId: string, idToken?: string): Promise<string> {
  const previous = await getSession(request);
  if (previous.id) await storageFor(request).destroySession(previous);
  const session = await storageFor(request).getSession();
  session.set("userId", userId);
  session.set("signedInAt", Date.now());
  if (idToken) session.set("idToken", idToken);
  return commitSession(request, session);
}

/** Removes sessions past their idle expiry; called now and then so the table stays small. */
export async function deleteExpiredSessions(): Promise<number> {
  return sqlExecute("delete from session where expire <= now()");
}
