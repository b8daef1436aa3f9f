import crypto from "node:crypto";
import { createCookie, createSession, createSessionStorage, type Cookie, type Session, type SessionStorage } from "@remix-run/node";
import { sqlExecute, sqlRows, sqlRowsPrepared } from "~db/sql.server";
import { getEnv } from "~/utils/env.server";
import { getSessionSecret } from "~/utils/secrets.server";
import type { FlashMessage } from "~/utils/flash";
import { usesSecureCookies } from "~/utils/http.server";
import { oncePerRequest } from "./request-scope.server";
import { sessionReadQuery, splitSessionRow, type SessionProjectRow, type SessionUserRow } from "./session-read.server";

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
/** Built once per configuration: a new environment (resetEnvCache) gets storages with its own secret. */
const storages = new Map<boolean, { env: ReturnType<typeof getEnv>; storage: AppSessionStorage; cookie: Cookie }>();

function sessionStorage(secure: boolean) {
  const env = getEnv();
  let storage = storages.get(secure);
  if (!storage || storage.env !== env) {
    storage = { env, ...createStorage(secure) };
    storages.set(secure, storage);
  }
  return storage;
}

const idleMs = () => getEnv().SESSION_IDLE_MINUTES * 60 * 1000;
const nextExpiry = () => new Date(Date.now() + idleMs());

/**
 * The session's data from its row, or null when the row has passed the absolute time-out (the row is
 * deleted then). Moves the idle expiry forward when it is due.
 */
async function liveSessionData(sid: string, row: { sess: Partial<SessionData>; expire: Date }): Promise<Partial<SessionData> | null> {
  const absoluteMs = getEnv().SESSION_ABSOLUTE_HOURS * 60 * 60 * 1000;
  if (row.sess.signedInAt && Date.now() - row.sess.signedInAt > absoluteMs) {
    await sqlExecute("delete from session where sid = ?", [sid]);
    return null;
  }
  if (new Date(row.expire).getTime() - Date.now() < idleMs() - TOUCH_AFTER_MS) {
    await sqlExecute("update session set expire = ? where sid = ?", [nextExpiry(), sid]);
  }
  return row.sess;
}

function createStorage(secure: boolean) {
  const env = getEnv();
  // No maxAge or expires: a browser-session cookie. The server decides when a session ends.
  const cookie = createCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets: [getSessionSecret(env)],
  });

  const storage = createSessionStorage<SessionData, SessionFlashData>({
    cookie,
    async createData(data) {
      const sid = crypto.randomBytes(32).toString("base64url");
      await sqlExecute("insert into session (sid, sess, expire) values (?, ?, ?)", [sid, JSON.stringify(data), nextExpiry()]);
      return sid;
    },
    async readData(sid) {
      const rows = await sqlRows<{ sess: Partial<SessionData>; expire: Date }>("select sess, expire from session where sid = ? and expire > now()", [sid]);
      const row = rows[0];
      return row ? liveSessionData(sid, row) : null;
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
  return { storage, cookie };
}

/** Secure (and `__Host-`) whenever the request reached us over https or that is forced, so http://localhost still works. */
const storageFor = (request: Request) => sessionStorage(usesSecureCookies(request)).storage;

const SESSION = Symbol("session");
const SESSION_READ = Symbol("sessionRead");

/** A session object over stored data, as the storage's own getSession builds it (the data may be partial). */
const newSession = (data: Partial<SessionData>, id: string): AppSession => createSession<SessionData, SessionFlashData>(data as SessionData, id);

interface SessionRead {
  session: AppSession;
  /** The user and selected project as they were when the session was read (session-read.server.ts). */
  joined: { userId: string | null; user: SessionUserRow | null; projectId: number | null; project: SessionProjectRow | null } | null;
}

/**
 * The request's session, read from the database once per HTTP request (see request-scope.server.ts),
 * in the same statement as its user and selected project (session-read.server.ts).
 */
function readSession(request: Request): Promise<SessionRead> {
  return oncePerRequest(request, SESSION_READ, async () => {
    const sid = await sessionStorage(usesSecureCookies(request)).cookie.parse(request.headers.get("Cookie"));
    if (typeof sid !== "string" || !sid) return { session: newSession({}, ""), joined: null };
    const { sql, params } = sessionReadQuery(sid);
    const [row] = await sqlRowsPrepared(sql, params);
    if (!row) return { session: newSession({}, sid), joined: null };
    const rows = splitSessionRow(row);
    const data = await liveSessionData(sid, { sess: rows.sess as Partial<SessionData>, expire: rows.expire });
    if (!data) return { session: newSession({}, sid), joined: null };
    const joined = {
      userId: typeof data.userId === "string" ? data.userId : null,
      user: rows.user,
      projectId: typeof data.selectedProjectId === "number" ? data.selectedProjectId : null,
      project: rows.project,
    };
    return { session: newSession(data, sid), joined };
  });
}

/** The request's session, read from the database once per HTTP request (see request-scope.server.ts). */
export function getSession(request: Request): Promise<AppSession> {
  return oncePerRequest(request, SESSION, async () => (await readSession(request)).session);
}

/**
 * The active user row read with the session, when the session named `userId` then (null: no such
 * active user); undefined when that read did not cover this user (no session, or another id).
 */
export async function sessionUserRow(request: Request, userId: string): Promise<SessionUserRow | null | undefined> {
  const { joined } = await readSession(request);
  return joined && joined.userId === userId ? joined.user : undefined;
}

/**
 * The active project row (with `client__` columns and `membership__role` for `userId`) read with the
 * session, when the session selected `projectId` for `userId` then (null: no such active project);
 * undefined when that read did not cover it.
 */
export async function sessionProjectRow(request: Request, userId: string, projectId: number): Promise<SessionProjectRow | null | undefined> {
  const { joined } = await readSession(request);
  if (!joined || joined.userId !== userId || joined.projectId !== projectId || !joined.user) return undefined;
  return joined.project;
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
