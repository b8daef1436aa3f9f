import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { getEnv } from "~/utils/env.server";
import { deriveSecret } from "~/utils/secrets.server";
import { requestOrigin } from "~/utils/http.server";
import { claimsFromIdToken, type SsoProfile } from "./sso-claims";

/** Where the relying party finds its identity provider, and how it identifies itself there. */
interface SsoClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string | null;
  redirectURI: string;
}

export const LOCAL_OIDC_CLIENT_ID = "land-records-local";

export function localIssuer() {
  return `http://localhost:${getEnv().PORT}/oidc`;
}

export function localClientSecret() {
  return deriveSecret(getEnv(), "local-oidc-client-secret");
}

interface DiscoveryDocument {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
}
let discovery: Promise<DiscoveryDocument> | undefined;

async function discover(issuer: string): Promise<DiscoveryDocument> {
  const url = `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`OpenID Connect discovery failed at ${url}: ${response.status}`);
  return (await response.json()) as DiscoveryDocument;
}

async function ssoClientFor(request: Request): Promise<SsoClient> {
  const env = getEnv();
  const origin = requestOrigin(request);
  const redirectURI = `${env.APP_URL ?? origin}/api/callback`;
  if (env.useLocalOidc) {
    // The browser reaches the bundled provider on whatever host it used for the app; the server
    // itself talks to it over loopback.
    const backChannel = `http://127.0.0.1:${env.PORT}/oidc`;
    return {
      issuer: localIssuer(),
      clientId: LOCAL_OIDC_CLIENT_ID,
      clientSecret: localClientSecret(),
      authorizationEndpoint: `${origin}/oidc/auth`,
      tokenEndpoint: `${backChannel}/token`,
      userinfoEndpoint: `${backChannel}/me`,
      redirectURI,
    };
  }
  discovery ??= discover(env.OIDC_ISSUER!).catch((error) => {
    discovery = undefined;
    throw error;
  });
  const doc = await discovery;
  return {
    issuer: doc.issuer,
    clientId: env.OIDC_CLIENT_ID!,
    clientSecret: env.OIDC_CLIENT_SECRET!,
    authorizationEndpoint: doc.authorization_endpoint,
    tokenEndpoint: doc.token_endpoint,
    userinfoEndpoint: doc.userinfo_endpoint ?? null,
    redirectURI,
  };
}

async function fetchUserinfo(endpoint: string, accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(endpoint, { headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" } });
  if (!response.ok) throw new Error(`Userinfo request failed: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Runs the authorization-code flow with PKCE (S256). The first call redirects to the provider;
 * the call on /api/callback exchanges the code and returns the signed-in person's profile.
 */
export async function authenticateWithSso(request: Request): Promise<SsoProfile> {
  const env = getEnv();
  const client = await ssoClientFor(request);
  const secure = new URL(request.url).protocol === "https:" || env.FORCE_SECURE_COOKIES === "true";
  const strategy = new OAuth2Strategy<SsoProfile>(
    {
      cookie: { name: "lr_oauth", httpOnly: true, sameSite: "Lax", path: "/api", maxAge: 600, ...(secure ? { secure: true as const } : {}) },
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      authorizationEndpoint: client.authorizationEndpoint,
      tokenEndpoint: client.tokenEndpoint,
      redirectURI: client.redirectURI,
      scopes: env.OIDC_SCOPES.split(/\s+/).filter(Boolean),
    },
    async ({ tokens }) => {
      // The ID token came straight from the token endpoint over the back channel, so its issuer,
      // audience and expiry are checked here without a signature check (OIDC Core 3.1.3.7).
      const profile = claimsFromIdToken(tokens.idToken(), { issuer: client.issuer, clientId: client.clientId });
      if ((!profile.email || !profile.firstName) && client.userinfoEndpoint) {
        const info = await fetchUserinfo(client.userinfoEndpoint, tokens.accessToken());
        if (info.sub !== profile.subject) throw new Error("Userinfo subject does not match the ID token");
        profile.email ||= typeof info.email === "string" ? info.email : "";
        profile.firstName ??= typeof info.given_name === "string" ? info.given_name : undefined;
        profile.lastName ??= typeof info.family_name === "string" ? info.family_name : undefined;
        profile.picture ??= typeof info.picture === "string" ? info.picture : undefined;
      }
      if (!profile.email) throw new Error("The identity provider did not return an e-mail address");
      return profile;
    },
  );
  const authenticator = new Authenticator<SsoProfile>();
  authenticator.use(strategy, "sso");
  return authenticator.authenticate("sso", request);
}
