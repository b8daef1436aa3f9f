import crypto from "node:crypto";
import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import type { MikroORM } from "@mikro-orm/postgresql";
import { decodeJwt } from "jose";
import { createLocalOidcProvider, mountLocalOidcProvider, type LocalAccountClaims } from "../../app/modules/auth/local-oidc/provider.server";
import { getSession } from "../../app/modules/auth/session.server";
import { getLayoutData } from "../../app/modules/layout/layout.server";
import { resetEnvCache } from "../../app/utils/env.server";
import { loader as loginLoader } from "../../app/routes/api.login";
import { loader as callbackLoader } from "../../app/routes/api.callback";
import { action as logoutAction } from "../../app/routes/api.logout";
import { getOrm, withRequestContext } from "../../db/orm";
import { useTestDatabase } from "../setup/test-database";
import { browse, CookieJar } from "./support/cookie-jar";

/**
 * Single sign-on end to end against a real OpenID Connect provider (oidc-provider, set up as the
 * bundled one, on a loopback port) standing in for a customer's identity provider: /api/login,
 * the provider's sign-in form, /api/callback with ID token checks, and sign-out through the
 * provider's end-session endpoint. Its accounts' claims can be changed between sign-ins.
 */

const CLIENT_ID = "sso-flow-client";
const CLIENT_SECRET = crypto.randomBytes(24).toString("base64url");
const PASSWORD = "idp password";
const ENV_NAMES = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "APP_URL"] as const;
const savedEnv = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));

/** The provider's accounts by login; tests edit them. */
const accounts = new Map<string, LocalAccountClaims>();

let database: Awaited<ReturnType<typeof useTestDatabase>>;
let orm: MikroORM;
let server: Server;
let base: string;
let issuer: string;
let dataDir: string;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  orm = database.orm;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sso-flow-"));
  const app = express();
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer = `${base}/oidc`;

  const provider = createLocalOidcProvider({
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    cookieKeys: [crypto.randomBytes(32).toString("hex")],
    jwksPath: path.join(dataDir, "oidc-jwks.json"),
    query: (sql, params) =>
      getOrm()
        .em.fork()
        .getConnection()
        .execute(sql, params as unknown[]),
    findAccount: async (sub) => [...accounts.values()].find((a) => a.sub === sub) ?? null,
    verifyLogin: async (login, password) => (password === PASSWORD ? (accounts.get(login.trim().toLowerCase())?.sub ?? null) : null),
  });
  const options = {
    accounts: [],
    // No throttling here: every attempt goes straight to verifyLogin.
    throttle: {
      attempt: async (_login: string, _address: string | undefined, verify: () => Promise<string | null>) => {
        const sub = await verify();
        return sub ? { status: "signed-in" as const, sub } : { status: "incorrect" as const };
      },
    },
  };
  // A discovery document that names another issuer than the one it is served for.
  app.get("/impostor/.well-known/openid-configuration", async (_req, res) => {
    const real = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    res.json(real);
  });
  mountLocalOidcProvider(app, provider, options as Parameters<typeof mountLocalOidcProvider>[2]);

  process.env.OIDC_ISSUER = issuer;
  process.env.OIDC_CLIENT_ID = CLIENT_ID;
  process.env.OIDC_CLIENT_SECRET = CLIENT_SECRET;
  delete process.env.APP_URL;
  resetEnvCache();
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.drop();
  for (const name of ENV_NAMES) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

function postForm(jar: CookieJar, url: string, fields: Record<string, string>) {
  return browse(jar, url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Calls a route of the app as the server would, with the jar's cookies, and keeps what it sets. */
async function callApp(jar: CookieJar, route: (args: never) => Promise<Response>, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(url, { ...init, headers });
  const response = await withRequestContext(async () => {
    try {
      return await route({ request, params: {}, context: {} } as never);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
  jar.store(response);
  return response;
}

/** /api/login, the provider's sign-in form, back to the callback URL (not yet called). */
async function signInAtProvider(jar: CookieJar, login: string, startPath = "/api/login"): Promise<URL> {
  const start = await callApp(jar, loginLoader, `${base}${startPath}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${issuer}/auth`);
  expect(authorize.searchParams.get("nonce")).toMatch(/^[\w-]{43}$/);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(jar.names().some((name) => name.startsWith("lr_oauth:"))).toBe(true);

  const toInteraction = await browse(jar, authorize.toString());
  const interaction = new URL(toInteraction.headers.get("location")!, base).toString();
  await browse(jar, interaction);
  let response = await postForm(jar, interaction, { email: login, password: PASSWORD });
  for (let hops = 0; hops < 10; hops++) {
    expect(response.status).toBeGreaterThanOrEqual(300);
    const next = new URL(response.headers.get("location")!, base);
    if (next.pathname === "/api/callback") return next;
    response = await browse(jar, next.toString());
  }
  throw new Error("too many redirects");
}

async function completeSignIn(jar: CookieJar, login: string, startPath?: string) {
  const callback = await signInAtProvider(jar, login, startPath);
  return callApp(jar, callbackLoader, callback.toString());
}

const sessionOf = (jar: CookieJar) => withRequestContext(() => getSession(new Request(`${base}/`, { headers: { Cookie: jar.header(`${base}/`) } })));

const clearedOAuthCookies = (response: Response) => response.headers.getSetCookie().filter((line) => /^lr_oauth:[^=]+=;/.test(line) && /Max-Age=0/.test(line));

interface AuditRow {
  action: string;
  user_id: string | null;
  entity_type: string;
  entity_id: string;
  after: Record<string, unknown> | null;
}
const auditOf = (action: string, entityId: string) =>
  sql<AuditRow>("select action, user_id, entity_type, entity_id, after from audit_log where action = ? and entity_id = ? order by id", [action, entityId]);

function account(login: string, sub: string, emailVerified: boolean, email = login): LocalAccountClaims {
  const claims = { sub, email, emailVerified, firstName: "Idp", lastName: sub };
  accounts.set(login, claims);
  return claims;
}

describe("single sign-on against an external identity provider", () => {
  it("links a pre-provisioned user by a verified e-mail, keeps the ID token in the session and clears the flow's cookies", async () => {
    account("officer-login", "idp-officer", true, "officer@demo-consultancy.local");
    const jar = new CookieJar();
    const response = await completeSignIn(jar, "officer-login");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(clearedOAuthCookies(response)).toHaveLength(1);
    expect(jar.names().filter((name) => name.startsWith("lr_oauth"))).toEqual([]);

    const session = await sessionOf(jar);
    expect(session.get("userId")).toBe("seed-officer");
    const idToken = decodeJwt(session.get("idToken")!);
    expect(idToken).toMatchObject({ iss: issuer, aud: CLIENT_ID, sub: "idp-officer", email_verified: true });
    expect((await sql<{ auth_subject: string }>(`select auth_subject from "user" where id = 'seed-officer'`))[0]?.auth_subject).toBe(`${issuer}|idp-officer`);
  });

  it("refuses an unverified e-mail with a clear message, links nothing and audits the refusal", async () => {
    account("unverified-login", "idp-unverified", false, "viewer@demo-consultancy.local");
    const jar = new CookieJar();
    const response = await completeSignIn(jar, "unverified-login");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(clearedOAuthCookies(response)).toHaveLength(1);

    const session = await sessionOf(jar);
    expect(session.get("userId")).toBeUndefined();
    expect(await flashOf(jar)).toMatchObject({ kind: "error", title: "Sign-in refused", description: expect.stringMatching(/^Your identity provider has not verified your e-mail address/) });
    expect((await sql<{ auth_subject: string | null }>(`select auth_subject from "user" where id = 'seed-viewer'`))[0]?.auth_subject).toBeNull();
    expect(await auditOf("auth.sign_in_failed", `${issuer}|idp-unverified`)).toEqual([
      {
        action: "auth.sign_in_failed",
        user_id: null,
        entity_type: "Sign-in",
        entity_id: `${issuer}|idp-unverified`,
        after: { reason: "unverified e-mail", issuer, email: "viewer@demo-consultancy.local" },
      },
    ]);
  });

  it("keeps a linked subject on its account when the provider later reports another user's e-mail", async () => {
    account("mover-login", "idp-mover", true, "director@demo-consultancy.local");
    expect((await sessionOf(await signedIn("mover-login"))).get("userId")).toBe("seed-director");

    // The provider's record changes to the e-mail of another, still unlinked, account.
    account("mover-login", "idp-mover", true, "owner@second-client.local");
    const jar = await signedIn("mover-login");
    expect((await sessionOf(jar)).get("userId")).toBe("seed-director");
    const rows = await sql<{ id: string; email: string; auth_subject: string | null }>(`select id, email, auth_subject from "user" where id in ('seed-director', 'seed-second-owner') order by id`);
    expect(rows).toEqual([
      { id: "seed-director", email: "director@demo-consultancy.local", auth_subject: `${issuer}|idp-mover` },
      { id: "seed-second-owner", email: "owner@second-client.local", auth_subject: null },
    ]);
  });

  it("keeps the provider's picture only when it is one the app will show (docs/access.md#profile-pictures)", async () => {
    const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const stored = async () => (await sql<{ picture: string | null }>(`select profile_image_url as picture from "user" where email = 'picture.person@example.test'`))[0]?.picture;
    const signInWith = async (picture: string) => {
      accounts.set("picture-login", { ...account("picture-login", "idp-picture", true, "picture.person@example.test"), profileImageUrl: picture });
      await signedIn("picture-login");
    };
    await signInWith(png);
    expect(await stored()).toBe(png);
    // Refused claims leave the picture the user had; an https URL on a private address is never fetched.
    for (const refused of ["http://img.example.test/p.png", "javascript:alert(1)", "data:image/svg+xml;base64,PHN2Zz4=", "https://127.0.0.1:1/p.png", "https://10.0.0.1/p.png"]) {
      await signInWith(refused);
      expect(await stored(), refused).toBe(png);
    }
  });

  it("refuses an ID token whose nonce is not this browser's, and audits a failed token check", async () => {
    account("nonce-login", "idp-nonce", true, "nonce.person@example.test");
    const jar = new CookieJar();
    const callback = await signInAtProvider(jar, "nonce-login");
    // The state cookie holds "verifier.nonce" for the state: swap in another nonce.
    jar.edit("lr_oauth:", (value) => value.replace(/\.[\w-]+$/, ".another-nonce"));
    const response = await callApp(jar, callbackLoader, callback.toString());
    expect(response.headers.get("location")).toBe("/");
    expect(clearedOAuthCookies(response)).toHaveLength(1);
    expect(await flashOf(jar)).toMatchObject({ title: "Sign-in failed" });
    expect(await sql(`select id from "user" where email = 'nonce.person@example.test'`)).toEqual([]);
    const failures = await sql<AuditRow>("select action, user_id, entity_type, entity_id, after from audit_log where action = 'auth.sign_in_failed' and after->>'reason' = 'token check failed'");
    expect(failures).toEqual([{ action: "auth.sign_in_failed", user_id: null, entity_type: "Sign-in", entity_id: issuer, after: { reason: "token check failed", issuer } }]);
  });
});

/** The message the next page shows (the layout reads it from the session, or for a visitor without one from a signed cookie). */
async function flashOf(jar: CookieJar) {
  return (await withRequestContext(() => getLayoutData(new Request(`${base}/`, { headers: { Cookie: jar.header(`${base}/`) } })))).flash;
}

async function signedIn(login: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const response = await completeSignIn(jar, login);
  expect(response.status).toBe(302);
  return jar;
}

describe("coming back after sign-in", () => {
  const sessionRows = async () => Number((await sql<{ n: string }>("select count(*) as n from session"))[0]!.n);

  it("an anonymous start of a sign-in writes no session row; the page asked for is remembered in a signed cookie", async () => {
    account("returning-login", "idp-returning", true, "returning@example.test");
    const before = await sessionRows();
    const jar = new CookieJar();
    const start = await callApp(jar, loginLoader, `${base}/api/login?redirectTo=${encodeURIComponent("/stakeholders?search=Ellis")}`);
    expect(start.status).toBe(302);
    expect(await sessionRows()).toBe(before);
    expect(jar.names()).toContain("lr_return_to");

    const callback = await signInAtProvider(jar, "returning-login", `/api/login?redirectTo=${encodeURIComponent("/stakeholders?search=Ellis")}`);
    const response = await callApp(jar, callbackLoader, callback.toString());
    expect(response.headers.get("location")).toBe("/stakeholders?search=Ellis");
    expect(jar.names()).not.toContain("lr_return_to");
  });

  it("an anonymous GET /api/callback?state=x writes no session row; its message rides in a signed cookie", async () => {
    const before = await sessionRows();
    const jar = new CookieJar();
    const response = await callApp(jar, callbackLoader, `${base}/api/callback?state=x&code=y`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(await sessionRows()).toBe(before);
    expect(jar.names()).toContain("lr_flash");
    expect(jar.names()).not.toContain("lr_session");
    // The landing page shows the message once, still without a session row.
    const first = await withRequestContext(() => getLayoutData(new Request(`${base}/`, { headers: { Cookie: jar.header(`${base}/`) } })));
    expect(await flashOf(jar)).toEqual(first.flash);
    expect(first.flash).toEqual({ kind: "error", title: "Sign-in failed", description: "Single sign-on did not complete. Please try again." });
    expect(first.setCookie).toMatch(/^lr_flash=;.*Max-Age=0/);
    expect(await sessionRows()).toBe(before);
  });

  it("an unsafe target is never remembered, and a forged cookie is ignored", async () => {
    account("wary-login", "idp-wary", true, "wary@example.test");
    const unsafeJar = new CookieJar();
    const unsafe = await completeSignIn(unsafeJar, "wary-login", "/api/login?redirectTo=/%09/evil.example");
    expect(unsafe.headers.get("location")).toBe("/");
    expect(unsafeJar.names()).not.toContain("lr_return_to");
    expect((await sessionOf(unsafeJar)).get("userId")).toBeTruthy();

    const jar = new CookieJar();
    const callback = await signInAtProvider(jar, "wary-login", "/api/login?redirectTo=/documents");
    jar.edit("lr_return_to", (value) => value.replace(/^[^.]+/, Buffer.from(JSON.stringify("https://evil.example/")).toString("base64")));
    const forged = await callApp(jar, callbackLoader, callback.toString());
    expect(forged.headers.get("location")).toBe("/");
    // Signed in all the same: "/" is the fallback, not a refusal.
    expect((await sessionOf(jar)).get("userId")).toBeTruthy();
  });
});

describe("discovery", () => {
  afterEach(() => {
    process.env.OIDC_ISSUER = issuer;
    resetEnvCache();
  });

  it("refuses a discovery document naming another issuer than OIDC_ISSUER", async () => {
    process.env.OIDC_ISSUER = `${base}/impostor`;
    resetEnvCache();
    await expect(callApp(new CookieJar(), loginLoader, `${base}/api/login`)).rejects.toThrow(`names the issuer ${issuer}, not the configured OIDC_ISSUER ${base}/impostor`);
  });

  it("accepts OIDC_ISSUER with a trailing slash", async () => {
    process.env.OIDC_ISSUER = `${issuer}/`;
    resetEnvCache();
    const response = await callApp(new CookieJar(), loginLoader, `${base}/api/login`);
    expect(new URL(response.headers.get("location")!).pathname).toBe("/oidc/auth");
  });
});

describe("sign-out", () => {
  it("POST ends the session, clears sign-in cookies, audits, and ends the provider's session through a plain form", async () => {
    account("leaver-login", "idp-leaver", true, "pm@demo-consultancy.local");
    const jar = await signedIn("leaver-login");
    const session = await sessionOf(jar);
    expect(session.get("userId")).toBe("seed-project-manager");
    const idToken = session.get("idToken")!;
    // A sign-in abandoned half-way leaves its state cookie behind; sign-out removes it too.
    await callApp(jar, loginLoader, `${base}/api/login`);
    expect(jar.names().filter((name) => name.startsWith("lr_oauth:"))).toHaveLength(1);

    const response = await callApp(jar, logoutAction, `${base}/api/logout`, { method: "POST", headers: { Origin: base } });
    expect(response.status).toBe(302);
    const endSession = new URL(response.headers.get("location")!);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${issuer}/session/end`);
    expect(Object.fromEntries(endSession.searchParams)).toEqual({ id_token_hint: idToken, post_logout_redirect_uri: `${base}/`, client_id: CLIENT_ID });
    expect(clearedOAuthCookies(response)).toHaveLength(1);
    expect(jar.names().filter((name) => name.startsWith("lr_"))).toEqual([]);
    expect((await sql("select sid from session where sess->>'userId' = 'seed-project-manager'")).length).toBe(0);
    expect(await auditOf("auth.sign_out", "seed-project-manager")).toEqual([
      { action: "auth.sign_out", user_id: "seed-project-manager", entity_type: "User", entity_id: "seed-project-manager", after: null },
    ]);

    // The provider asks for confirmation with a form that needs no script.
    const page = await browse(jar, endSession.toString());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<button type="submit">Sign out</button>');
    expect(html).not.toMatch(/<script|<link |fonts\.googleapis/);
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1];
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(fields.logout).toBe("yes");

    const done = await postForm(jar, new URL(action, base).toString(), fields);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`${base}/`);
    expect(jar.names()).not.toContain("local_oidc_session");
  });

  it("without a provider session the provider's page is the same plain form, not a self-submitting script", async () => {
    account("stale-login", "idp-stale", true, "stale.person@example.test");
    const jar = await signedIn("stale-login");
    const response = await callApp(jar, logoutAction, `${base}/api/logout`, { method: "POST", headers: { Origin: base } });
    const fresh = new CookieJar();
    const page = await browse(fresh, response.headers.get("location")!);
    const html = await page.text();
    expect(html).toContain('<button type="submit">Sign out</button>');
    expect(html).not.toMatch(/<script|Submitting Callback/);
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1];
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const done = await postForm(fresh, new URL(action, base).toString(), fields);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`${base}/`);
  });

  it("refuses a post_logout_redirect_uri on another host or path", async () => {
    for (const target of ["http://evil.example.test/", `${base}/elsewhere`]) {
      const url = new URL(`${issuer}/session/end`);
      url.searchParams.set("client_id", CLIENT_ID);
      url.searchParams.set("post_logout_redirect_uri", target);
      const response = await fetch(url, { redirect: "manual" });
      expect(response.status).toBe(400);
    }
  });

  it("a POST without a session just clears cookies and goes home", async () => {
    const response = await callApp(new CookieJar(), logoutAction, `${base}/api/logout`, { method: "POST", headers: { Origin: base } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});
