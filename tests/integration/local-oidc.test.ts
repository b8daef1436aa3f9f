import crypto from "node:crypto";
import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import pg from "pg";
import { inject } from "vitest";
import { createLocalOidcProvider, mountLocalOidcProvider, type LocalAccountClaims, type SqlQuery } from "../../app/modules/auth/local-oidc/provider.server";
import { PgAdapter, deleteExpiredOidcPayloads } from "../../app/modules/auth/local-oidc/pg-adapter.server";
import { loadOrCreateSigningKeys } from "../../app/modules/auth/local-oidc/signing-keys.server";
import { createSignInThrottle } from "../../app/modules/auth/sign-in-throttle.server";
import { SIGN_IN_LIMITS } from "../../app/modules/auth/sign-in-throttle";
import { adminQuery, withDatabase } from "../setup/pg-admin";
import { MikroORM } from "@mikro-orm/postgresql";
import { createOrmConfig } from "../../db/mikro-orm.config";
import { browse, CookieJar } from "./support/cookie-jar";

/**
 * The bundled OpenID Connect provider end to end: a real authorization-code + PKCE flow over HTTP
 * against a fresh PostgreSQL database, driven the way a browser and the app's back channel would.
 */

// The run's PostgreSQL server (tests/setup/global-database.ts); this file needs an empty database of
// its own rather than a copy of the migrated template, because it creates oidc_payload itself.
const ADMIN_URL = inject("pgAdminUrl") ?? process.env.TEST_PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `local_oidc_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
const CLIENT_ID = "test-client";
const CLIENT_SECRET = crypto.randomBytes(24).toString("base64url");
const PASSWORD = "correct horse battery";

const ACCOUNTS: Record<string, LocalAccountClaims & { password: string }> = {
  "pm@example.test": { sub: "seed-pm", email: "pm@example.test", emailVerified: true, firstName: "Priya", lastName: "Manager", password: PASSWORD },
  "viewer@example.test": { sub: "seed-viewer", email: "viewer@example.test", emailVerified: true, firstName: "Vera", lastName: "Viewer", password: PASSWORD },
  "owner@example.test": { sub: "seed-owner", email: "owner@example.test", emailVerified: true, firstName: "Olive", lastName: "Owner", password: PASSWORD },
};

let pool: pg.Pool;
let server: Server;
let base: string;
let dataDir: string;
let query: SqlQuery;

/** `?` placeholders (the convention the adapter is written for, as MikroORM's execute) to pg's `$n`. */
function pgQuery(client: pg.Pool): SqlQuery {
  return async (sql, params) => {
    let n = 0;
    const result = await client.query(
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    );
    return result.rows;
  };
}

beforeAll(async () => {
  await adminQuery(ADMIN_URL, `create database "${DB_NAME}"`);
  pool = new pg.Pool({ connectionString: withDatabase(ADMIN_URL, DB_NAME), max: 4 });
  await pool.query(
    `create table oidc_payload (model text not null, id text not null, payload jsonb not null, grant_id text null,
     user_code text null, uid text null, expires_at timestamptz null, consumed_at timestamptz null, primary key (model, id))`,
  );
  // As db/migrations/Migration20261122210752_sign_in_throttle.ts creates it.
  await pool.query(`create table "sign_in_throttle" ("key" varchar(255) not null, "points" int not null default 0, "expire" bigint null, constraint "sign_in_throttle_pkey" primary key ("key"))`);
  query = pgQuery(pool);

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-oidc-"));
  const app = express();
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = createLocalOidcProvider({
    issuer: `${base}/oidc`,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    cookieKeys: [crypto.randomBytes(32).toString("hex")],
    jwksPath: path.join(dataDir, "oidc-jwks.json"),
    query,
    findAccount: async (sub) => Object.values(ACCOUNTS).find((a) => a.sub === sub) ?? null,
    verifyLogin: async (login, password) => {
      const account = ACCOUNTS[login.toLowerCase()];
      return account && account.password === password ? account.sub : null;
    },
  });
  mountLocalOidcProvider(app, provider, {
    throttle: createSignInThrottle({ storeClient: pool, storeType: "pool" }),
    accounts: [
      { roleLabel: "Project manager", login: "pm@example.test" },
      { roleLabel: "Viewer <read-only>", login: "viewer@example.test" },
    ],
    passwordHint: PASSWORD,
  });
  app.get("/api/callback", (_req, res) => res.send("callback reached"));
}, 30_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await pool?.end();
  await adminQuery(ADMIN_URL, `drop database if exists "${DB_NAME}" with (force)`);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Follows redirects like a browser until one leaves the provider (or a page is shown). */
async function followUntilOutside(jar: CookieJar, response: Response): Promise<Response | URL> {
  for (let hops = 0; hops < 10; hops++) {
    if (response.status < 300 || response.status >= 400) return response;
    const next = new URL(response.headers.get("location")!, response.url || base);
    if (!next.pathname.startsWith("/oidc/")) return next;
    response = await browse(jar, next.toString());
  }
  throw new Error("too many redirects");
}

function pkcePair() {
  const verifier = crypto.randomBytes(32).toString("base64url");
  return { verifier, challenge: crypto.createHash("sha256").update(verifier).digest("base64url") };
}

function authorizeUrl(params: Record<string, string>) {
  const url = new URL(`${base}/oidc/auth`);
  const defaults = {
    client_id: CLIENT_ID,
    redirect_uri: `${base}/api/callback`,
    response_type: "code",
    scope: "openid email profile",
    state: crypto.randomBytes(8).toString("hex"),
  };
  for (const [key, value] of Object.entries({ ...defaults, ...params })) url.searchParams.set(key, value);
  return url.toString();
}

/** Starts a flow and returns the URL of the sign-in page it lands on. */
async function startSignIn(jar: CookieJar, challenge: string, state: string) {
  const response = await browse(jar, authorizeUrl({ code_challenge: challenge, code_challenge_method: "S256", state }));
  expect(response.status).toBe(303);
  const interaction = new URL(response.headers.get("location")!, base);
  expect(interaction.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  return interaction.toString();
}

function postForm(jar: CookieJar, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return browse(jar, url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

function exchangeCode(code: string, verifier: string) {
  // As arctic (remix-auth-oauth2) sends it: client credentials in HTTP Basic.
  return fetch(`${base}/oidc/token`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "application/json",
      Authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`,
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: `${base}/api/callback`,
      code_verifier: verifier,
    }).toString(),
  });
}

describe("local OpenID Connect provider", () => {
  it("publishes discovery for the host the request came to", async () => {
    const response = await fetch(`${base}/oidc/.well-known/openid-configuration`, {
      headers: { "X-Forwarded-Host": "records.example.test:8443", "X-Forwarded-Proto": "https" },
    });
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Record<string, any>;
    expect(doc.authorization_endpoint).toBe("https://records.example.test:8443/oidc/auth");
    expect(doc.token_endpoint).toBe("https://records.example.test:8443/oidc/token");
    expect(doc.userinfo_endpoint).toBe("https://records.example.test:8443/oidc/me");
    expect(doc.code_challenge_methods_supported).toEqual(["S256"]);
    expect(doc.token_endpoint_auth_methods_supported).toContain("client_secret_basic");
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
  });

  it("signs a seeded account in with authorization code + PKCE and serves its claims", async () => {
    const jar = new CookieJar();
    const { verifier, challenge } = pkcePair();
    const state = "state-123";
    const interactionUrl = await startSignIn(jar, challenge, state);

    const page = await browse(jar, interactionUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain("<title>Local evaluation sign-in</title>");
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain("<h1>Local evaluation sign-in</h1>");
    expect(html).toMatch(/evaluation only/i);
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toMatch(/<input id="email" type="email" name="email" autocomplete="username"/);
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<input id="password" type="password" name="password" autocomplete="current-password"/);
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).toContain('<a href="/">Cancel</a>');
    expect(html).toContain("<caption>");
    expect(html).toContain("<td>Viewer &lt;read-only&gt;</td>");
    expect(html).not.toMatch(/<script|<link /);

    const blank = await postForm(jar, interactionUrl, { email: "", password: "" });
    const blankHtml = await blank.text();
    expect(blankHtml).toContain('<a href="#email">Enter your email address</a>');
    expect(blankHtml).toContain('<a href="#password">Enter your password</a>');

    const wrong = await postForm(jar, interactionUrl, { email: "pm@example.test", password: "nope" });
    expect(wrong.status).toBe(200);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toMatch(/<title>Error: /);
    expect(wrongHtml).toContain("There is a problem");
    expect(wrongHtml).toMatch(/class="error-summary"[^>]*tabindex="-1" autofocus>\s*<div role="alert">/);
    expect(wrongHtml).toContain('<a href="#password">The email or password is incorrect</a>');
    expect(wrongHtml).toContain('<span class="visually-hidden">Error:</span> The email or password is incorrect');
    expect(wrongHtml).toContain('aria-describedby="password-error"');
    expect(wrongHtml).toContain('value="pm@example.test"');

    const signedIn = await postForm(jar, interactionUrl, { email: "pm@example.test", password: PASSWORD });
    expect(signedIn.status).toBe(303);
    const callback = await followUntilOutside(jar, signedIn);
    expect(callback).toBeInstanceOf(URL);
    const callbackUrl = callback as URL;
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${base}/api/callback`);
    expect(callbackUrl.searchParams.get("state")).toBe(state);
    const code = callbackUrl.searchParams.get("code")!;
    expect(code).toBeTruthy();

    const tokenResponse = await exchangeCode(code, verifier);
    expect(tokenResponse.status).toBe(200);
    const tokens = (await tokenResponse.json()) as Record<string, any>;
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.refresh_token).toBeUndefined();
    const idToken = JSON.parse(Buffer.from(tokens.id_token.split(".")[1], "base64url").toString()) as Record<string, unknown>;
    expect(idToken).toMatchObject({
      iss: `${base}/oidc`,
      aud: CLIENT_ID,
      sub: "seed-pm",
      email: "pm@example.test",
      given_name: "Priya",
      family_name: "Manager",
    });

    const userinfo = await fetch(`${base}/oidc/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toEqual({
      sub: "seed-pm",
      email: "pm@example.test",
      email_verified: true,
      given_name: "Priya",
      family_name: "Manager",
      name: "Priya Manager",
    });

    // An authorization code works once.
    expect((await exchangeCode(code, verifier)).status).toBe(400);

    // Signing in again asks for credentials again, so another role can be chosen.
    const again = await browse(jar, authorizeUrl({ code_challenge: pkcePair().challenge, code_challenge_method: "S256" }));
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get("location")!, base).pathname).toMatch(/^\/oidc\/interaction\//);

    const { rows } = await pool.query("select count(*)::int as n from oidc_payload");
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it("refuses a wrong PKCE verifier at the token endpoint", async () => {
    const jar = new CookieJar();
    const { challenge } = pkcePair();
    const interactionUrl = await startSignIn(jar, challenge, "s");
    await browse(jar, interactionUrl);
    const callback = (await followUntilOutside(jar, await postForm(jar, interactionUrl, { email: "viewer@example.test", password: PASSWORD }))) as URL;
    const response = await exchangeCode(callback.searchParams.get("code")!, pkcePair().verifier);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("requires PKCE", async () => {
    const response = await fetch(authorizeUrl({}), { redirect: "manual" });
    const location = new URL(response.headers.get("location")!, base);
    expect(location.pathname).toBe("/api/callback");
    expect(location.searchParams.get("error")).toBe("invalid_request");
  });

  it.each([
    ["another path", () => `${base}/api/other`],
    ["another host", () => "http://evil.example.test/api/callback"],
    ["a lookalike path", () => `${base}/api/callback/extra`],
  ])("refuses a redirect_uri on %s", async (_label, redirectUri) => {
    const response = await fetch(authorizeUrl({ redirect_uri: redirectUri(), code_challenge: pkcePair().challenge, code_challenge_method: "S256" }), {
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    const html = await response.text();
    expect(html).toContain("Sign-in could not be completed");
    expect(html).toContain('<html lang="en">');
  });

  it("refuses a sign-in form posted from another site", async () => {
    const jar = new CookieJar();
    const interactionUrl = await startSignIn(jar, pkcePair().challenge, "s");
    const foreign = await postForm(
      jar,
      interactionUrl,
      { email: "pm@example.test", password: PASSWORD },
      {
        Origin: "http://evil.example.test",
      },
    );
    expect(foreign.status).toBe(403);
    const crossSite = await postForm(
      jar,
      interactionUrl,
      { email: "pm@example.test", password: PASSWORD },
      {
        "Sec-Fetch-Site": "cross-site",
      },
    );
    expect(crossSite.status).toBe(403);
  });

  it("explains an expired or unknown sign-in instead of showing the form", async () => {
    const response = await fetch(`${base}/oidc/interaction/unknown-uid`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Your sign-in has expired");
  });

  it("refuses an account's sign-in for 15 minutes after five failures, with 429 and an accessible message, even with the right password", async () => {
    const jar = new CookieJar();
    const interactionUrl = await startSignIn(jar, pkcePair().challenge, "s");
    await browse(jar, interactionUrl);
    const limit = SIGN_IN_LIMITS.perAccount.maxFailures;

    for (let failure = 1; failure < limit; failure++) {
      const wrong = await postForm(jar, interactionUrl, { email: "Owner@Example.test", password: `guess-${failure}` });
      expect(wrong.status).toBe(200);
      expect(await wrong.text()).toContain("The email or password is incorrect");
    }
    const limited = await postForm(jar, interactionUrl, { email: "owner@example.test", password: "last-guess" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect(limited.headers.get("cache-control")).toBe("no-store");
    const html = await limited.text();
    expect(html).toMatch(/<title>Error: Local evaluation sign-in<\/title>/);
    expect(html).toMatch(/class="error-summary"[^>]*tabindex="-1" autofocus>\s*<div role="alert">/);
    expect(html).toContain("<li>Too many failed sign-in attempts. Try again in 15 minutes.</li>");
    expect(html).not.toContain("The email or password is incorrect");
    expect(html).toContain('value="owner@example.test"');

    // While blocked, the right password is refused unchecked.
    const refused = await postForm(jar, interactionUrl, { email: "owner@example.test", password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many failed sign-in attempts. Try again in 15 minutes.");

    // Another account from the same address still signs in: the address is far from its own limit.
    const other = await postForm(jar, interactionUrl, { email: "pm@example.test", password: PASSWORD });
    expect(other.status).toBe(303);

    // The counters are rows in PostgreSQL, keyed without the login in clear.
    const { rows } = await pool.query<{ key: string }>("select key from sign_in_throttle");
    expect(rows.map((r) => r.key)).toEqual(expect.arrayContaining([expect.stringMatching(/^sign-in-account:[0-9a-f]{64}$/)]));
    expect(rows.some((r) => r.key.includes("owner"))).toBe(false);
  });

  it("keeps the signing key across restarts", () => {
    const jwksPath = path.join(dataDir, "oidc-jwks.json");
    const stored = JSON.parse(fs.readFileSync(jwksPath, "utf8")) as { keys: Array<{ kid: string; alg: string }> };
    expect(stored.keys).toHaveLength(1);
    expect(stored.keys[0].alg).toBe("RS256");
    expect(loadOrCreateSigningKeys(jwksPath).keys[0].kid).toBe(stored.keys[0].kid);
  });
});

/** The adapter's whole contract, run through whichever query helper is given. */
async function exerciseAdapter(run: SqlQuery, prefix: string) {
  const codes = new PgAdapter("AuthorizationCode", run);
  const payload = { jti: `${prefix}code-1`, grantId: `${prefix}grant-1`, accountId: "a", note: 'it\'s ?\\ "quoted"' };
  await codes.upsert(`${prefix}code-1`, payload, 60);
  await codes.upsert(`${prefix}code-2`, { jti: `${prefix}code-2`, grantId: `${prefix}grant-2` }, 60);
  expect(await codes.find(`${prefix}code-1`)).toEqual(payload);

  await codes.consume(`${prefix}code-1`);
  expect((await codes.find(`${prefix}code-1`))?.consumed).toEqual(expect.any(Number));

  await codes.revokeByGrantId(`${prefix}grant-1`);
  expect(await codes.find(`${prefix}code-1`)).toBeUndefined();
  expect(await codes.find(`${prefix}code-2`)).toBeDefined();

  const sessions = new PgAdapter("Session", run);
  await sessions.upsert(`${prefix}s-1`, { jti: `${prefix}s-1`, uid: `${prefix}uid-1` }, 60);
  expect(await sessions.findByUid(`${prefix}uid-1`)).toMatchObject({ jti: `${prefix}s-1` });
  expect(await new PgAdapter("Interaction", run).find(`${prefix}s-1`)).toBeUndefined();
  await sessions.destroy(`${prefix}s-1`);
  expect(await sessions.findByUid(`${prefix}uid-1`)).toBeUndefined();

  const devices = new PgAdapter("DeviceCode", run);
  await devices.upsert(`${prefix}d-1`, { jti: `${prefix}d-1`, userCode: `${prefix}ABCD` });
  expect(await devices.findByUserCode(`${prefix}ABCD`)).toMatchObject({ jti: `${prefix}d-1` });

  await codes.upsert(`${prefix}code-old`, { jti: `${prefix}code-old` }, 60);
  await pool.query("update oidc_payload set expires_at = now() - interval '1 second' where id = $1", [`${prefix}code-old`]);
  expect(await codes.find(`${prefix}code-old`)).toBeUndefined();
  await deleteExpiredOidcPayloads(run);
  const { rows } = await pool.query("select count(*)::int as n from oidc_payload where id = $1", [`${prefix}code-old`]);
  expect(rows[0].n).toBe(0);
}

describe("PostgreSQL adapter", () => {
  it("stores, finds, consumes, revokes and expires payloads (pg)", async () => {
    await exerciseAdapter(query, "pg-");
  });

  it("works through MikroORM's execute, as the server wires it", async () => {
    const orm = await MikroORM.init(createOrmConfig({ clientUrl: withDatabase(ADMIN_URL, DB_NAME), poolMax: 2 }));
    try {
      await exerciseAdapter(
        (sql, params) =>
          orm.em
            .fork()
            .getConnection()
            .execute(sql, params as unknown[]),
        "orm-",
      );
    } finally {
      await orm.close(true);
    }
  });
});

describe("sign-in throttle (rate-limiter-flexible on PostgreSQL)", () => {
  const rule = (maxFailures: number) => ({ maxFailures, windowSeconds: 900, blockSeconds: 900 });
  const verifier = (sub: string | null) => {
    const calls = { count: 0 };
    return { calls, verify: async () => (calls.count++, sub) };
  };

  it("counts only failures, and a success clears the account's count", async () => {
    const throttle = createSignInThrottle({ storeClient: pool, storeType: "pool", limits: { perAccount: rule(3), perAddress: rule(100) } });
    const right = verifier("sub-a");
    const wrong = verifier(null);
    for (let i = 0; i < 10; i++) expect(await throttle.attempt("a@example.test", "192.0.2.10", right.verify)).toEqual({ status: "signed-in", sub: "sub-a" });
    expect((await throttle.attempt("a@example.test", "192.0.2.10", wrong.verify)).status).toBe("incorrect");
    expect((await throttle.attempt("a@example.test", "192.0.2.10", wrong.verify)).status).toBe("incorrect");
    expect((await throttle.attempt("a@example.test", "192.0.2.10", right.verify)).status).toBe("signed-in");
    expect((await throttle.attempt("A@example.test", "192.0.2.11", wrong.verify)).status).toBe("incorrect");
    expect((await throttle.attempt("a@example.test", "192.0.2.12", wrong.verify)).status).toBe("incorrect");
    const third = await throttle.attempt("a@example.test", "192.0.2.13", wrong.verify);
    expect(third).toEqual({ status: "blocked", retryAfterMs: expect.any(Number) });
    expect((third as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(899_000);
    expect(await throttle.attempt("a@example.test", "192.0.2.14", right.verify)).toMatchObject({ status: "blocked" });
    expect(right.calls.count).toBe(11);
  });

  it("blocks a client address after its limit across accounts, for every account, and no other address", async () => {
    const throttle = createSignInThrottle({ storeClient: pool, storeType: "pool", limits: { perAccount: rule(100), perAddress: rule(3) } });
    const right = verifier("sub-b");
    const wrong = verifier(null);
    expect((await throttle.attempt("b1@example.test", "198.51.100.9", wrong.verify)).status).toBe("incorrect");
    expect((await throttle.attempt("b2@example.test", "::ffff:198.51.100.9", wrong.verify)).status).toBe("incorrect");
    expect((await throttle.attempt("b3@example.test", "198.51.100.9", wrong.verify)).status).toBe("blocked");
    expect((await throttle.attempt("b4@example.test", "198.51.100.9", right.verify)).status).toBe("blocked");
    expect(right.calls.count).toBe(0);
    expect((await throttle.attempt("b4@example.test", "198.51.100.10", right.verify)).status).toBe("signed-in");
    // An IPv6 client is one /64 network.
    expect((await throttle.attempt("b5@example.test", "2001:db8:5:6::1", wrong.verify)).status).toBe("incorrect");
    expect((await throttle.attempt("b5@example.test", "2001:db8:5:6::2", wrong.verify)).status).toBe("incorrect");
    expect((await throttle.attempt("b5@example.test", "2001:db8:5:6:ffff::9", wrong.verify)).status).toBe("blocked");
  });

  it("checks no more passwords than the limit when guesses arrive in parallel", async () => {
    const throttle = createSignInThrottle({ storeClient: pool, storeType: "pool", limits: { perAccount: rule(5), perAddress: rule(100) } });
    const wrong = verifier(null);
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => throttle.attempt("c@example.test", `203.0.113.${i}`, wrong.verify)));
    expect(wrong.calls.count).toBe(5);
    expect(outcomes.filter((o) => o.status === "incorrect")).toHaveLength(4);
    expect(outcomes.filter((o) => o.status === "blocked")).toHaveLength(8);
  });

  it("does not count attempts refused for a blocked account against the address", async () => {
    const throttle = createSignInThrottle({ storeClient: pool, storeType: "pool", limits: { perAccount: rule(1), perAddress: rule(3) } });
    expect((await throttle.attempt("d1@example.test", "192.0.2.200", verifier(null).verify)).status).toBe("blocked");
    for (let i = 0; i < 5; i++) expect((await throttle.attempt("d1@example.test", "192.0.2.200", verifier("sub-d1").verify)).status).toBe("blocked");
    expect((await throttle.attempt("d2@example.test", "192.0.2.200", verifier("sub-d2").verify)).status).toBe("signed-in");
  });
});
