import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { MikroORM } from "@mikro-orm/postgresql";
import { withRequestContext } from "../../db/orm";
import { commitSession, createSignedInSession, deleteExpiredSessions, getSession } from "../../app/modules/auth/session.server";
import { resetEnvCache } from "../../app/utils/env.server";
import { getCurrentUser } from "../../app/modules/access/current-user.server";
import { openRequestScope } from "../../app/modules/auth/request-scope.server";
import { useTestDatabase } from "../setup/test-database";

/** Session storage in PostgreSQL: cookie attributes, rotation on sign-in, idle and absolute time-outs. */

const ENV_NAMES = ["DATA_DIR", "SESSION_SECRET", "FORCE_SECURE_COOKIES", "SESSION_IDLE_MINUTES", "SESSION_ABSOLUTE_HOURS"] as const;
const savedEnv = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

let database: Awaited<ReturnType<typeof useTestDatabase>>;
let orm: MikroORM;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-session-test-"));
  process.env.DATA_DIR = dataDir;
  // No SESSION_SECRET: the secret is created under DATA_DIR, as on a laptop install.
  delete process.env.SESSION_SECRET;
  delete process.env.FORCE_SECURE_COOKIES;
  delete process.env.SESSION_IDLE_MINUTES;
  delete process.env.SESSION_ABSOLUTE_HOURS;
  resetEnvCache();
  database = await useTestDatabase({ seed: true });
  orm = database.orm;
});

afterAll(async () => {
  await database?.drop();
  for (const name of ENV_NAMES) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  delete process.env.FORCE_SECURE_COOKIES;
  resetEnvCache();
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

/** The name=value part of a Set-Cookie header, for the next request's Cookie header. */
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;
const attributes = (setCookie: string) =>
  setCookie
    .split(";")
    .slice(1)
    .map((part) => part.trim());
const requestWith = (setCookie: string | null, url = "http://localhost:3000/") => new Request(url, setCookie ? { headers: { Cookie: cookiePair(setCookie) } } : {});

const signIn = (userId: string, request = new Request("http://localhost:3000/")) => withRequestContext(() => createSignedInSession(request, userId));
const sessionOf = (setCookie: string) => withRequestContext(() => getSession(requestWith(setCookie)));

const REFUSED = { kind: "error", title: "Sign-in refused", description: "Try again." } as const;

/** Commits a session without a user (holding a message), as a visitor gets after a refused sign-in. */
async function anonymousSession(url = "http://localhost:3000/") {
  return withRequestContext(async () => {
    const request = new Request(url);
    const session = await getSession(request);
    session.flash("flash", REFUSED);
    const setCookie = await commitSession(request, session);
    const sid = (await getSession(requestWith(setCookie))).id;
    return { setCookie, sid };
  });
}

const sessionRow = async (sid: string) => (await sql<{ sid: string; sess: Record<string, unknown>; expire: string }>("select sid, sess, expire from session where sid = ?", [sid]))[0];

describe("createSignedInSession", () => {
  it("returns an HttpOnly, SameSite=Lax, Path=/ browser-session cookie that is not Secure over http", async () => {
    const setCookie = await signIn("seed-officer");
    expect(setCookie).toMatch(/^lr_session=[^;]+;/);
    const attrs = attributes(setCookie);
    expect(attrs).toContain("HttpOnly");
    expect(attrs).toContain("SameSite=Lax");
    expect(attrs).toContain("Path=/");
    // No lifetime of its own: it ends when the browser closes; the server ends it earlier.
    expect(attrs.some((a) => /^(max-age|expires)=/i.test(a))).toBe(false);
    expect(attrs.some((a) => /^secure$/i.test(a))).toBe(false);
  });

  it("stores the session id (not the data) in the cookie and the data in the session table", async () => {
    const before = Date.now();
    const setCookie = await signIn("seed-officer");
    const session = await sessionOf(setCookie);
    expect(session.get("userId")).toBe("seed-officer");
    expect(session.get("signedInAt")).toBeGreaterThanOrEqual(before);
    expect(session.get("signedInAt")).toBeLessThanOrEqual(Date.now());
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(decodeURIComponent(cookiePair(setCookie))).not.toContain("seed-officer");

    const row = await sessionRow(session.id);
    expect(row?.sess.userId).toBe("seed-officer");
    // Idle expiry: 30 minutes from now by default.
    const expiresIn = new Date(row!.expire).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(30 * MINUTE_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * MINUTE_MS);
  });

  it("writes the session secret under DATA_DIR when SESSION_SECRET is not set", async () => {
    await signIn("seed-officer");
    const secret = fs.readFileSync(path.join(dataDir, "session-secret"), "utf8").trim();
    expect(secret).toMatch(/^[0-9a-f]{96}$/);
  });

  it("over https the cookie is Secure, named with the __Host- prefix, on Path=/ without a Domain", async () => {
    const setCookie = await signIn("seed-officer", new Request("https://records.example.test/api/callback"));
    expect(setCookie).toMatch(/^__Host-lr_session=[^;]+;/);
    const attrs = attributes(setCookie);
    expect(attrs).toContain("Secure");
    expect(attrs).toContain("Path=/");
    expect(attrs.some((a) => /^domain=/i.test(a))).toBe(false);
    const session = await withRequestContext(() => getSession(new Request("https://records.example.test/", { headers: { Cookie: cookiePair(setCookie) } })));
    expect(session.get("userId")).toBe("seed-officer");
  });

  it("an https request ignores a plain lr_session cookie (it could have been planted over http)", async () => {
    const plain = await signIn("seed-officer");
    const session = await withRequestContext(() => getSession(new Request("https://records.example.test/", { headers: { Cookie: cookiePair(plain) } })));
    expect(session.get("userId")).toBeUndefined();
  });

  it("marks the cookie Secure over http when FORCE_SECURE_COOKIES=true", async () => {
    process.env.FORCE_SECURE_COOKIES = "true";
    resetEnvCache();
    const setCookie = await signIn("seed-officer");
    expect(attributes(setCookie)).toContain("Secure");
  });

  it("does not mark the cookie Secure with FORCE_SECURE_COOKIES=false over http", async () => {
    process.env.FORCE_SECURE_COOKIES = "false";
    resetEnvCache();
    const setCookie = await signIn("seed-officer");
    expect(attributes(setCookie).some((a) => /^secure$/i.test(a))).toBe(false);
  });

  it("rotates the session id: the pre-sign-in session is deleted and the new id differs", async () => {
    const anonymous = await anonymousSession();
    expect(anonymous.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const before = await sessionRow(anonymous.sid);
    expect(before?.sess).toEqual({ __flash_flash__: REFUSED });

    const setCookie = await withRequestContext(() => createSignedInSession(requestWith(anonymous.setCookie), "seed-viewer"));
    const signedIn = await sessionOf(setCookie);
    expect(signedIn.get("userId")).toBe("seed-viewer");
    expect(signedIn.id).not.toBe(anonymous.sid);
    expect(await sessionRow(anonymous.sid)).toBeUndefined();
    expect(await sessionRow(signedIn.id)).toBeDefined();

    // The planted cookie is worthless afterwards.
    const planted = await sessionOf(anonymous.setCookie);
    expect(planted.get("userId")).toBeUndefined();
    expect(planted.get("flash")).toBeUndefined();
  });

  it("rotates an already signed-in session too (signing in again as someone else)", async () => {
    const first = await signIn("seed-officer");
    const firstSid = (await sessionOf(first)).id;
    const second = await withRequestContext(() => createSignedInSession(requestWith(first), "seed-viewer"));
    const secondSession = await sessionOf(second);
    expect(secondSession.get("userId")).toBe("seed-viewer");
    expect(secondSession.id).not.toBe(firstSid);
    expect(await sessionRow(firstSid)).toBeUndefined();
  });
});

describe("one session and user read per HTTP request", () => {
  // Remix gives the root loader and the route loader two different Request objects for one page view.
  const twoLoaders = (setCookie: string) => [requestWith(setCookie, "http://localhost:3000/stakeholders?_data=root"), requestWith(setCookie, "http://localhost:3000/stakeholders")] as const;

  it("shares the session and the user between the loaders of a GET", async () => {
    const setCookie = await signIn("seed-officer");
    await withRequestContext(async () => {
      openRequestScope("GET");
      const [root, route] = twoLoaders(setCookie);
      expect(getSession(route)).toBe(getSession(root));
      expect(getCurrentUser(route)).toBe(getCurrentUser(root));
      expect((await getCurrentUser(route))?.id).toBe("seed-officer");
    });
  });

  it("reads afresh for each Request of a POST (loaders after an action see its changes) and outside Express", async () => {
    const setCookie = await signIn("seed-officer");
    for (const method of ["POST", null]) {
      await withRequestContext(async () => {
        if (method) openRequestScope(method);
        const [root, route] = twoLoaders(setCookie);
        expect(getSession(route)).not.toBe(getSession(root));
        expect(getSession(root)).toBe(getSession(root));
        expect(getCurrentUser(route)).not.toBe(getCurrentUser(root));
        expect((await getCurrentUser(route))?.id).toBe("seed-officer");
      });
    }
  });

  it("never shares between two HTTP requests", async () => {
    const first = await signIn("seed-officer");
    const second = await signIn("seed-viewer");
    const userOf = (setCookie: string) =>
      withRequestContext(async () => {
        openRequestScope("GET");
        return (await getCurrentUser(requestWith(setCookie)))?.id;
      });
    expect(await userOf(first)).toBe("seed-officer");
    expect(await userOf(second)).toBe("seed-viewer");
  });
});

describe("getSession", () => {
  it("yields no user without a cookie", async () => {
    const session = await withRequestContext(() => getSession(new Request("http://localhost:3000/")));
    expect(session.get("userId")).toBeUndefined();
    expect(session.id).toBe("");
  });

  it("yields no user for a cookie with a forged signature", async () => {
    const setCookie = await signIn("seed-officer");
    const sid = (await sessionOf(setCookie)).id;
    // A cookie carrying a real sid but signed with another secret.
    const forged = `lr_session=${encodeURIComponent(Buffer.from(JSON.stringify(sid)).toString("base64"))}.forgedsignature`;
    const session = await withRequestContext(() => getSession(new Request("http://localhost:3000/", { headers: { Cookie: forged } })));
    expect(session.get("userId")).toBeUndefined();
  });

  it("yields no user once the idle expiry has passed", async () => {
    const setCookie = await signIn("seed-officer");
    const sid = (await sessionOf(setCookie)).id;
    await sql("update session set expire = now() - interval '1 minute' where sid = ?", [sid]);
    const session = await sessionOf(setCookie);
    expect(session.get("userId")).toBeUndefined();
  });

  it("moves the idle expiry forward when a session is used after a while", async () => {
    const setCookie = await signIn("seed-officer");
    const sid = (await sessionOf(setCookie)).id;
    // Last touched ten minutes ago: 20 minutes left of 30.
    await sql("update session set expire = now() + interval '20 minutes' where sid = ?", [sid]);
    expect((await sessionOf(setCookie)).get("userId")).toBe("seed-officer");
    const expiresIn = new Date((await sessionRow(sid))!.expire).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(30 * MINUTE_MS - 60_000);
  });

  it("ends the session 12 h after sign-in whatever the activity, and deletes the row", async () => {
    const setCookie = await signIn("seed-officer");
    const sid = (await sessionOf(setCookie)).id;
    const sess = { userId: "seed-officer", signedInAt: Date.now() - 12 * HOUR_MS - 60_000 };
    await sql("update session set sess = ?, expire = now() + interval '20 minutes' where sid = ?", [JSON.stringify(sess), sid]);

    const session = await sessionOf(setCookie);
    expect(session.get("userId")).toBeUndefined();
    expect(await sessionRow(sid)).toBeUndefined();
  });

  it("keeps a session signed in 11 h ago", async () => {
    const setCookie = await signIn("seed-officer");
    const sid = (await sessionOf(setCookie)).id;
    const sess = { userId: "seed-officer", signedInAt: Date.now() - 11 * HOUR_MS };
    await sql("update session set sess = ? where sid = ?", [JSON.stringify(sess), sid]);
    expect((await sessionOf(setCookie)).get("userId")).toBe("seed-officer");
    expect(await sessionRow(sid)).toBeDefined();
  });
});

describe("deleteExpiredSessions", () => {
  it("removes only rows past their expiry and returns how many", async () => {
    await sql("delete from session");
    const live = [await signIn("seed-officer"), await signIn("seed-viewer")];
    const dead = [await signIn("seed-director"), await signIn("seed-client-owner"), await signIn("seed-project-manager")];
    const liveSids = await Promise.all(live.map(async (c) => (await sessionOf(c)).id));
    const deadSids = await Promise.all(dead.map(async (c) => (await sessionOf(c)).id));
    await sql("update session set expire = now() - interval '1 second' where sid in (?, ?, ?)", deadSids);

    const removed = await withRequestContext(() => deleteExpiredSessions());
    expect(removed).toBe(3);
    const remaining = await sql<{ sid: string }>("select sid from session order by sid");
    expect(remaining.map((r) => r.sid)).toEqual([...liveSids].sort());

    expect(await withRequestContext(() => deleteExpiredSessions())).toBe(0);
  });
});
