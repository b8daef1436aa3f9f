import crypto from "node:crypto";
import path from "node:path";
import type express from "express";
import { poolKnex, sqlRows } from "~db/sql.server";
import { SEEDED_ACCOUNTS } from "~db/seeders/seeded-accounts";
import { roleLabel } from "~/modules/permissions/permissions";
import type { Env } from "~/utils/env.server";
import { deriveSecret } from "~/utils/secrets.server";
import { createLocalOidcProvider, mountLocalOidcProvider } from "./local-oidc/provider.server";
import { createSignInThrottle } from "./sign-in-throttle.server";
import { LOCAL_OIDC_CLIENT_ID, localClientSecret, localIssuer } from "./sso.server";
import { log } from "~/utils/log.server";

const digest = (value: string) => crypto.createHash("sha256").update(value).digest();

/** Constant-time check of a seeded account's password; returns the account's OIDC subject. */
export function verifySeededLogin(login: string, password: string): string | null {
  const account = SEEDED_ACCOUNTS.find((a) => a.login === login.trim().toLowerCase());
  const ok = crypto.timingSafeEqual(digest(password), digest(account?.password ?? crypto.randomUUID()));
  return account && ok ? account.id : null;
}

export const LOCAL_SIGN_IN_WARNING =
  "Warning: the bundled sign-in with published demo passwords is ON (LOCAL_SIGN_IN=true) — evaluation only. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for real use.";

/**
 * The bundled OpenID Connect provider for evaluation installs: only wired in when OIDC_ISSUER is
 * not set (and, in production, LOCAL_SIGN_IN=true). Its accounts are the seeded ones (README
 * table); its state and its failed-attempt counters live in PostgreSQL.
 */
export async function mountLocalOidc(app: express.Express, env: Env) {
  if (env.NODE_ENV === "production") log.warn({ component: "auth" }, LOCAL_SIGN_IN_WARNING);
  const provider = createLocalOidcProvider({
    issuer: localIssuer(),
    clientId: LOCAL_OIDC_CLIENT_ID,
    clientSecret: localClientSecret(),
    cookieKeys: [deriveSecret(env, "local-oidc-cookies")],
    jwksPath: path.join(env.dataDir, "oidc-jwks.json"),
    query: (sql, params) => sqlRows(sql, params as unknown[]),
    verifyLogin: async (login, password) => verifySeededLogin(login, password),
    findAccount: async (sub) => {
      const account = SEEDED_ACCOUNTS.find((a) => a.id === sub);
      // The seeded accounts' addresses are the app's own records, so the provider vouches for them.
      return account ? { sub: account.id, email: account.login, emailVerified: true, firstName: account.firstName, lastName: account.lastName } : null;
    },
  });
  mountLocalOidcProvider(app, provider, {
    throttle: createSignInThrottle({ storeClient: poolKnex(), storeType: "knex" }),
    accounts: SEEDED_ACCOUNTS.map((a) => ({
      roleLabel: `${roleLabel(a.role)}${a.client === "second" ? " (second client)" : a.client === "fresh" ? " (new client, no projects)" : ""}`,
      login: a.login,
    })),
  });
}
