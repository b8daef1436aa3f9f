import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { getEnv } from "~/utils/env.server";
import { deriveSecret } from "~/utils/secrets.server";
import { requestOrigin, usesSecureCookies } from "~/utils/http.server";
import { isHttpsOrLoopback, normaliseIssuer } from "~/utils/secure-url";
import { pictureToKeep } from "./profile-picture.server";
import { generateNonce, mergeUserinfo, needsUserinfo, profileFromClaims, verifyIdToken, type SsoProfile } from "./sso-claims";

/** Where the relying party finds its identity provider, and how it identifies itself there. */
interface SsoClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string | null;
  jwksUri: string;
  endSessionEndpoint: string | null;
  redirectURI: string;
}

/** What a completed sign-in yields: the person, and the ID token to hand back at sign-out. */
export interface SsoResult {
  profile: SsoProfile;
  idToken: string;
}

export const LOCAL_OIDC_CLIENT_ID = "land-records-local";

/** The state cookies of sign-ins under way are `lr_oauth:<uuid>`, one per flow (remix-auth-oauth2). */
export const OAUTH_COOKIE_PREFIX = "lr_oauth";
const OAUTH_COOKIE_PATH = "/api";

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
  jwks_uri: string;
  end_session_endpoint?: string;
}
let discovery: { issuer: string; document: Promise<DiscoveryDocument> } | undefined;

async function discover(issuer: string): Promise<DiscoveryDocument> {
  const url = `${normaliseIssuer(issuer)}/.well-known/openid-configuration`;
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`OpenID Connect discovery failed at ${url}: ${response.status}`);
  const doc = (await response.json()) as DiscoveryDocument;
  // A document naming another issuer would have us trust tokens that provider signs (OIDC Discovery 4.3).
  if (typeof doc.issuer !== "string" || normaliseIssuer(doc.issuer) !== normaliseIssuer(issuer)) {
    throw new Error(`OpenID Connect discovery at ${url} names the issuer ${String(doc.issuer)}, not the configured OIDC_ISSUER ${issuer}`);
  }
  for (const key of ["authorization_endpoint", "token_endpoint", "jwks_uri"] as const) {
    if (typeof doc[key] !== "string" || !isHttpsOrLoopback(doc[key])) throw new Error(`OpenID Connect discovery at ${url}: ${key} must be an https URL`);
  }
  for (const key of ["userinfo_endpoint", "end_session_endpoint"] as const) {
    if (doc[key] !== undefined && (typeof doc[key] !== "string" || !isHttpsOrLoopback(doc[key]))) throw new Error(`OpenID Connect discovery at ${url}: ${key} must be an https URL`);
  }
  return doc;
}

function discoveryFor(issuer: string): Promise<DiscoveryDocument> {
  if (discovery?.issuer !== issuer) {
    const document = discover(issuer).catch((error: unknown) => {
      discovery = undefined;
      throw error;
    });
    discovery = { issuer, document };
  }
  return discovery.document;
}

/** jose caches the key set and refetches it when a token names a key it has not seen (key rotation). */
const keySets = new Map<string, JWTVerifyGetKey>();
function keysAt(jwksUri: string): JWTVerifyGetKey {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri));
    keySets.set(jwksUri, keys);
  }
  return keys;
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
      jwksUri: `${backChannel}/jwks`,
      endSessionEndpoint: `${origin}/oidc/session/end`,
      redirectURI,
    };
  }
  const doc = await discoveryFor(env.OIDC_ISSUER!);
  return {
    issuer: doc.issuer,
    clientId: env.OIDC_CLIENT_ID!,
    clientSecret: env.OIDC_CLIENT_SECRET!,
    authorizationEndpoint: doc.authorization_endpoint,
    tokenEndpoint: doc.token_endpoint,
    userinfoEndpoint: doc.userinfo_endpoint ?? null,
    jwksUri: doc.jwks_uri,
    endSessionEndpoint: doc.end_session_endpoint ?? null,
    redirectURI,
  };
}

async function fetchUserinfo(endpoint: string, accessToken: string): Promise<Record<string, unknown>> {
  const response = await fetch(endpoint, { headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" } });
  if (!response.ok) throw new Error(`Userinfo request failed: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * remix-auth-oauth2 keeps state → PKCE verifier in the flow's cookie. The nonce rides along in the
 * same httpOnly cookie ("verifier.nonce"; base64url has no dots) and is sent as `nonce`, so an ID
 * token is accepted only by the browser whose sign-in asked for it.
 */
class OidcStrategy<User> extends OAuth2Strategy<User> {
  nonce: string | undefined;

  protected override createAuthorizationURL() {
    const created = super.createAuthorizationURL();
    const nonce = generateNonce();
    created.url.searchParams.set("nonce", nonce);
    return { ...created, codeVerifier: `${created.codeVerifier}.${nonce}` };
  }

  protected override validateAuthorizationCode(code: string, stored: string) {
    const [codeVerifier, nonce] = stored.split(".");
    this.nonce = nonce;
    return super.validateAuthorizationCode(code, codeVerifier);
  }
}

/**
 * Runs the authorization-code flow with PKCE (S256) and a nonce. The first call redirects to the
 * provider; the call on /api/callback exchanges the code, verifies the ID token (signature against
 * the provider's JWKS, issuer, audience, expiry, azp, nonce) and returns who signed in.
 * Failed checks throw IdTokenError (sso-claims.ts).
 */
export async function authenticateWithSso(request: Request): Promise<SsoResult> {
  const env = getEnv();
  const client = await ssoClientFor(request);
  const secure = usesSecureCookies(request);
  const strategy: OidcStrategy<SsoResult> = new OidcStrategy<SsoResult>(
    {
      cookie: { name: OAUTH_COOKIE_PREFIX, httpOnly: true, sameSite: "Lax", path: OAUTH_COOKIE_PATH, maxAge: 600, ...(secure ? { secure: true as const } : {}) },
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      authorizationEndpoint: client.authorizationEndpoint,
      tokenEndpoint: client.tokenEndpoint,
      redirectURI: client.redirectURI,
      scopes: env.OIDC_SCOPES.split(/\s+/).filter(Boolean),
    },
    async ({ tokens }) => {
      const idToken = tokens.idToken();
      const claims = await verifyIdToken(idToken, { issuer: client.issuer, clientId: client.clientId, nonce: strategy.nonce, keys: keysAt(client.jwksUri) });
      let profile = profileFromClaims(claims, client.issuer);
      if (needsUserinfo(claims, profile) && client.userinfoEndpoint) {
        profile = mergeUserinfo(profile, claims, await fetchUserinfo(client.userinfoEndpoint, tokens.accessToken()));
      }
      // The picture is fetched now, once, and kept as an image (docs/access.md#profile-pictures).
      profile = { ...profile, picture: await pictureToKeep(profile.picture) };
      return { profile, idToken };
    },
  );
  const authenticator = new Authenticator<SsoResult>();
  authenticator.use(strategy, "sso");
  return authenticator.authenticate("sso", request);
}

/**
 * Set-Cookie headers removing every sign-in state cookie the request carries: a spent or abandoned
 * flow must not linger (each holds a PKCE verifier and a nonce).
 */
export function clearOAuthCookies(request: Request): string[] {
  const secure = usesSecureCookies(request);
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => name.startsWith(OAUTH_COOKIE_PREFIX));
  return [...new Set(names)].map((name) => `${name}=; Path=${OAUTH_COOKIE_PATH}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`);
}

/**
 * Where to send the browser after the app's own session has ended, so the identity provider ends
 * its session too (OIDC RP-Initiated Logout); null when the provider publishes no end_session_endpoint.
 */
export async function endSessionUrl(request: Request, idToken: string | undefined): Promise<string | null> {
  const client = await ssoClientFor(request);
  if (!client.endSessionEndpoint) return null;
  const url = new URL(client.endSessionEndpoint);
  if (idToken) url.searchParams.set("id_token_hint", idToken);
  url.searchParams.set("post_logout_redirect_uri", `${getEnv().APP_URL ?? requestOrigin(request)}/`);
  url.searchParams.set("client_id", client.clientId);
  return url.toString();
}
