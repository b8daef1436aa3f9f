import { AsyncLocalStorage } from "node:async_hooks";
import type { Express } from "express";
import Provider, { interactionPolicy, type Account, type KoaContextWithOIDC } from "oidc-provider";
import { createInteractionRouter, LOCAL_OIDC_MOUNT_PATH, requestHosts, sameHost, type LocalOidcInteractionOptions } from "./interactions.server";
import { accessibleEndSessionPage, logoutSource, postLogoutSuccessSource } from "./logout-pages.server";
import { renderMessagePage } from "./pages.server";
import { createPgAdapterFactory, type SqlQuery } from "./pg-adapter.server";
import { loadOrCreateSigningKeys } from "./signing-keys.server";

export { LOCAL_OIDC_MOUNT_PATH } from "./interactions.server";
export type { LocalAccountHint } from "./pages.server";
export type { SqlQuery } from "./pg-adapter.server";

/** What the provider may say about an account (scopes email and profile). */
export interface LocalAccountClaims {
  sub: string;
  email: string;
  /** Sent as `email_verified`; the relying party links accounts by e-mail only when it is true. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  profileImageUrl?: string | null;
}

export interface LocalOidcProviderOptions {
  /** `${origin}/oidc`: the provider is always mounted at /oidc. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Signing keys for the provider's cookies; the first signs, all verify. Same on every server. */
  cookieKeys: string[];
  /** A JSON file (under the data folder) holding the RS256 signing key; created when missing. */
  jwksPath: string;
  findAccount: (sub: string) => Promise<LocalAccountClaims | null>;
  verifyLogin: (login: string, password: string) => Promise<string | null>;
  query: SqlQuery;
}

/** The relying party's callback path; its origin follows the host the app was reached by. */
export const LOCAL_OIDC_CALLBACK_PATH = "/api/callback";
/** Where the provider sends the browser after sign-out: the app's home page, on the same host. */
export const LOCAL_OIDC_POST_LOGOUT_PATH = "/";

/** What the sign-in page shows besides the form. */
export type LocalOidcMountOptions = Omit<LocalOidcInteractionOptions, "verifyLogin">;

/** Hosts of the request being handled, so redirect_uri checks can insist on the same host. */
const currentRequestHosts = new AsyncLocalStorage<string[]>();

/** The credential check given to createLocalOidcProvider, used by the sign-in form of that provider. */
const loginVerifiers = new WeakMap<Provider, LocalOidcInteractionOptions["verifyLogin"]>();

/**
 * The OpenID Connect provider the app runs itself when no OIDC_ISSUER is configured. One static,
 * confidential client (the app), authorization code with PKCE S256 only, everything stored in
 * PostgreSQL. Mount it with `mountLocalOidcProvider`.
 */
export function createLocalOidcProvider(options: LocalOidcProviderOptions): Provider {
  const issuerUrl = new URL(options.issuer);
  if (issuerUrl.pathname.replace(/\/$/, "") !== LOCAL_OIDC_MOUNT_PATH) {
    throw new Error(`The local OpenID Connect issuer must end in ${LOCAL_OIDC_MOUNT_PATH}: ${options.issuer}`);
  }
  if (options.cookieKeys.length === 0) throw new Error("The local OpenID Connect provider needs cookie keys");

  const provider = new Provider(options.issuer, {
    adapter: createPgAdapterFactory(options.query),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        client_name: "Land liaison records",
        application_type: "web",
        grant_types: ["authorization_code"],
        response_types: ["code"],
        // Only a placeholder: redirectUriAllowed below accepts the callback on whichever host is used.
        redirect_uris: [`${issuerUrl.origin}${LOCAL_OIDC_CALLBACK_PATH}`],
        // Placeholder too: postLogoutRedirectUriAllowed below follows the request's host likewise.
        post_logout_redirect_uris: [`${issuerUrl.origin}${LOCAL_OIDC_POST_LOGOUT_PATH}`],
        // Either way of sending the secret is accepted for both methods; arctic uses HTTP Basic.
        token_endpoint_auth_method: "client_secret_basic",
        id_token_signed_response_alg: "RS256",
      },
    ],
    // The placeholder must never be used silently in place of the real callback.
    allowOmittingSingleRegisteredRedirectUri: false,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name", "picture"],
    },
    scopes: ["openid", "email", "profile"],
    // Put the granted claims in the ID token as well as at the userinfo endpoint.
    conformIdTokenClaims: false,
    // The relying party talks to the token and userinfo endpoints from the server, never from a browser.
    clientBasedCORS: () => false,
    cookies: {
      keys: options.cookieKeys,
      // Distinct names so they can never be mistaken for the application's own session cookie.
      names: { session: "local_oidc_session", interaction: "local_oidc_interaction", resume: "local_oidc_resume" },
      long: { httpOnly: true, sameSite: "lax", path: LOCAL_OIDC_MOUNT_PATH },
      short: { httpOnly: true, sameSite: "lax" },
    },
    features: {
      devInteractions: { enabled: false },
      // Off, so access tokens stay opaque and are accepted by the userinfo endpoint (/oidc/me).
      resourceIndicators: { enabled: false },
      // The app sends the browser here after ending its own session (with id_token_hint), so the
      // provider's session ends too; the confirmation is a plain form that works without scripts.
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      userinfo: { enabled: true },
    },
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
      const account = await options.findAccount(sub);
      if (!account) return undefined;
      return { accountId: account.sub, claims: () => accountClaims(account) };
    },
    interactions: {
      policy: evaluationSignInPolicy(),
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `${LOCAL_OIDC_MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    jwks: loadOrCreateSigningKeys(options.jwksPath),
    pkce: { required: () => true },
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.set("Cache-Control", "no-store");
      ctx.body = renderMessagePage({
        heading: "Sign-in could not be completed",
        paragraphs: [
          typeof out.error_description === "string" && out.error_description ? `The sign-in service reported: ${out.error_description}.` : `The sign-in service reported the error “${out.error}”.`,
          "Return to the application and choose to sign in again.",
        ],
      });
    },
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 10 * 60,
      Interaction: 10 * 60,
      Session: 60 * 60,
      Grant: 60 * 60,
    },
  });

  // Behind a proxy, trust X-Forwarded-Host/-Proto: endpoint URLs follow the host the browser used.
  provider.proxy = true;

  // The app's callback is `${request origin}/api/callback`, so any host it is reached by must work;
  // still only on the host this very request came to, so codes are never sent to another site.
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(redirectUri: string) {
    return allowedOnThisHost(redirectUri, LOCAL_OIDC_CALLBACK_PATH, { query: true });
  };
  provider.Client.prototype.postLogoutRedirectUriAllowed = function postLogoutRedirectUriAllowed(redirectUri: string) {
    return allowedOnThisHost(redirectUri, LOCAL_OIDC_POST_LOGOUT_PATH, { query: false });
  };
  function allowedOnThisHost(value: string, path: string, { query }: { query: boolean }) {
    const url = URL.parse(value);
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return false;
    if (url.pathname !== path || url.hash || url.username || url.password || (!query && url.search)) return false;
    const hosts = currentRequestHosts.getStore() ?? [];
    return sameHost(value, [...hosts, issuerUrl.host]);
  }
  provider.use(accessibleEndSessionPage);

  loginVerifiers.set(provider, options.verifyLogin);
  return provider;
}

/**
 * Adds the sign-in pages at /oidc/interaction/:uid, then hands everything else under /oidc to the
 * provider. Mount it before any body parser (oidc-provider reads request bodies itself) and before
 * the Remix handler.
 */
export function mountLocalOidcProvider(app: Express, provider: Provider, options: LocalOidcMountOptions): void {
  const verifyLogin = loginVerifiers.get(provider);
  if (!verifyLogin) throw new Error("mountLocalOidcProvider needs a provider made by createLocalOidcProvider");
  app.use(createInteractionRouter(provider, { ...options, verifyLogin }));
  const callback = provider.callback();
  app.use(LOCAL_OIDC_MOUNT_PATH, (req, res) => {
    currentRequestHosts.run(requestHosts(req), () => {
      void callback(req, res);
    });
  });
}

function accountClaims(account: LocalAccountClaims): Record<string, unknown> {
  const name = [account.firstName, account.lastName].filter(Boolean).join(" ");
  return {
    sub: account.sub,
    email: account.email,
    email_verified: account.emailVerified,
    given_name: account.firstName,
    family_name: account.lastName,
    name: name || account.email,
    ...(account.profileImageUrl ? { picture: account.profileImageUrl } : {}),
  };
}

/**
 * The default policy plus one rule: credentials are asked for on every sign-in, even while the
 * provider still remembers a session, so an evaluator can sign out and back in as another role.
 */
function evaluationSignInPolicy() {
  const policy = interactionPolicy.base();
  policy
    .get("login")
    ?.checks.add(
      new interactionPolicy.Check("evaluation_sign_in_every_time", "The local evaluation sign-in asks for credentials on every sign-in", "login_required", (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}
