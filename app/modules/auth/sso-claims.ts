import crypto from "node:crypto";
import { jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";

/** Who the identity provider says signed in. */
export interface SsoProfile {
  issuer: string;
  subject: string;
  /** Lower-cased; empty when the provider shared none. Only the `email` claim, never a user name. */
  email: string;
  /** The provider vouches that the person controls `email` (`email_verified: true`). */
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  picture?: string;
}

/** The ID token failed a check: it is not proof of anyone's identity. */
export class IdTokenError extends Error {
  override name = "IdTokenError";
}

export interface IdTokenExpectations {
  /** The issuer exactly as the provider's discovery document publishes it. */
  issuer: string;
  clientId: string;
  /** The nonce this browser's sign-in sent in the authorization request. */
  nonce: string | undefined;
  /** The provider's signing keys (jose's createRemoteJWKSet over its `jwks_uri`). */
  keys: JWTVerifyGetKey;
  /** For tests. */
  now?: Date;
}

// Public-key algorithms only: a token "signed" with none or with a shared secret proves nothing here.
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"];

/**
 * The checks OIDC Core 3.1.3.7 asks of a relying party: signature against the provider's keys,
 * issuer, audience, expiry (jose), then `azp` and the nonce of this sign-in.
 */
export async function verifyIdToken(idToken: string, expected: IdTokenExpectations): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, expected.keys, {
      issuer: expected.issuer,
      audience: expected.clientId,
      algorithms: ALGORITHMS,
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 60,
      ...(expected.now ? { currentDate: expected.now } : {}),
    }));
  } catch (error) {
    throw new IdTokenError(`The ID token was rejected: ${error instanceof Error ? error.message : String(error)}`);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.azp !== undefined && payload.azp !== expected.clientId) throw new IdTokenError("The ID token was issued to another application (azp)");
  if (audiences.length > 1 && payload.azp === undefined) throw new IdTokenError("The ID token has several audiences but no azp");
  if (!expected.nonce) throw new IdTokenError("This sign-in has no nonce to check the ID token against");
  if (typeof payload.nonce !== "string" || !sameString(payload.nonce, expected.nonce)) throw new IdTokenError("The ID token's nonce does not match this sign-in");
  if (typeof payload.sub !== "string" || !payload.sub) throw new IdTokenError("The ID token has no subject");
  return payload;
}

function sameString(a: string, b: string): boolean {
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}

/** A random value for the authorization request's `nonce`, echoed in the ID token. */
export function generateNonce(): string {
  return crypto.randomBytes(32).toString("base64url");
}

const str = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** The longest `picture` URL taken from a provider (docs/access.md#profile-pictures). */
export const MAX_PICTURE_URL_LENGTH = 2048;
/** The largest picture kept, in bytes, and so the longest data: URL a provider may send. */
export const MAX_PICTURE_BYTES = 100 * 1024;
export const MAX_INLINE_PICTURE_LENGTH = "data:image/jpeg;base64,".length + Math.ceil(MAX_PICTURE_BYTES / 3) * 4;
const INLINE_PICTURE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u00a0\u2028\u2029]/;

/**
 * The provider's `picture` claim, when it is one the app will use: an https URL of at most 2,048
 * characters, without user name or password (the server fetches it once at sign-in and keeps the
 * image), or an inline PNG, JPEG, GIF or WebP (`data:image/…;base64,`) no larger than the largest
 * picture kept. Anything else — http, javascript:, other data: types such as SVG or HTML, over-long
 * values, whitespace or control characters — is no picture (docs/access.md#profile-pictures).
 */
export function pictureFromClaim(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (!text) return undefined;
  if (text.slice(0, 5).toLowerCase() === "data:") {
    return text.length <= MAX_INLINE_PICTURE_LENGTH && INLINE_PICTURE.test(text) ? text : undefined;
  }
  if (text.length > MAX_PICTURE_URL_LENGTH || CONTROL_OR_SPACE.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" || url.username || url.password || !url.hostname) return undefined;
  return url.href.length <= MAX_PICTURE_URL_LENGTH ? url.href : undefined;
}
/** Some providers (older Cognito) send the boolean as a string. */
const verifiedFlag = (value: unknown) => value === true || value === "true";

/** Maps verified ID token claims to a profile. `preferred_username` is a login name, never an e-mail. */
export function profileFromClaims(claims: JWTPayload, issuer: string): SsoProfile {
  return {
    issuer,
    subject: String(claims.sub),
    email: (str(claims.email) ?? "").toLowerCase(),
    emailVerified: str(claims.email) !== undefined && verifiedFlag(claims.email_verified),
    firstName: str(claims.given_name),
    lastName: str(claims.family_name),
    picture: pictureFromClaim(claims.picture),
  };
}

/** Whether the ID token left out something the userinfo endpoint may add. */
export function needsUserinfo(claims: JWTPayload, profile: SsoProfile): boolean {
  return !profile.email || claims.email_verified === undefined || !profile.firstName;
}

/**
 * Fills gaps in the profile from the userinfo response (which must be about the same subject).
 * Its `email_verified` counts only for the e-mail it comes with, and only when the ID token had none.
 */
export function mergeUserinfo(profile: SsoProfile, claims: JWTPayload, info: Record<string, unknown>): SsoProfile {
  if (info.sub !== profile.subject) throw new IdTokenError("The userinfo response is about another subject");
  const merged = { ...profile };
  const infoEmail = (str(info.email) ?? "").toLowerCase();
  if (!merged.email && infoEmail) {
    merged.email = infoEmail;
    merged.emailVerified = verifiedFlag(info.email_verified);
  } else if (merged.email && claims.email_verified === undefined && infoEmail === merged.email) {
    merged.emailVerified = verifiedFlag(info.email_verified);
  }
  merged.firstName ??= str(info.given_name);
  merged.lastName ??= str(info.family_name);
  merged.picture ??= pictureFromClaim(info.picture);
  return merged;
}
