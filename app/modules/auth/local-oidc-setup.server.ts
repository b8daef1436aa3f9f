import crypto from "node:crypto";
import path from "node:path";
import type express from "express";
import { getOrm } from "~db/orm";
import { SEEDED_ACCOUNTS } from "~db/seeders/seeded-accounts";
import { roleLabel } from "~/modules/permissions/permissions";
import type { Env } from "~/utils/env.server";
import { deriveSecret } from "~/utils/secrets.server";
import { createLocalOidcProvider, mountLocalOidcProvider } from "./local-oidc/provider.server";
import { LOCAL_OIDC_CLIENT_ID, localClientSecret, localIssuer } from "./sso.server";

const digest = (value: string) => crypto.createHash("sha256").update(value).digest();

/** Constant-time check of a seeded account's password; returns the account's OIDC subject. */
export function verifySeededLogin(login: string, password: string): string | null {
  const account = SEEDED_ACCOUNTS.find((a) => a.login === login.trim().toLowerCase());
  const ok = crypto.timingSafeEqual(digest(password), digest(account?.password ?? crypto.randomUUID()));
  return account && ok ? account.id : null;
}

/**
 * The bundled OpenID Connect provider for evaluation installs: only wired in when OIDC_ISSUER is
 * not set. Its accounts are the seeded ones (README table); its state lives in PostgreSQL.
 */
export async function mountLocalOidc(app: express.Express, env: Env) {
  const provider = createLocalOidcProvider({
    issuer: localIssuer(),
    clientId: LOCAL_OIDC_CLIENT_ID,
    clientSecret: localClientSecret(),
    cookieKeys: [deriveSecret(env, "local-oidc-cookies")],
    jwksPath: path.join(env.dataDir, "oidc-jwks.json"),
    query: (sql, params) =>
      getOrm()
        .em.fork()
        .getConnection()
        .execute(sql, params as unknown[]),
    verifyLogin: async (login, password) => verifySeededLogin(login, password),
    findAccount: async (sub) => {
      const account = SEEDED_ACCOUNTS.find((a) => a.id === sub);
      return account ? { sub: account.id, email: account.login, firstName: account.firstName, lastName: account.lastName } : null;
    },
  });
  mountLocalOidcProvider(app, provider, {
    accounts: SEEDED_ACCOUNTS.map((a) => ({
      roleLabel: `${roleLabel(a.role)}${a.client === "second" ? " (second client)" : a.client === "fresh" ? " (new client, no projects)" : ""}`,
      login: a.login,
    })),
  });
}
