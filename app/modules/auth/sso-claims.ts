/** Who the identity provider says signed in. */
export interface SsoProfile {
  issuer: string;
  subject: string;
  email: string;
  firstName?: string;
  lastName?: string;
  picture?: string;
}

function decodeJwtPayload(jwt: string): Record<string, unknown> {
  const parts = jwt.split(".");
  if (parts.length !== 3) throw new Error("Malformed ID token");
  return JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as Record<string, unknown>;
}

/** Checks the claims an RP must check (issuer, audience, expiry) and maps them to a profile. */
export function claimsFromIdToken(idToken: string, expected: { issuer: string; clientId: string; now?: number }): SsoProfile {
  const claims = decodeJwtPayload(idToken);
  const now = expected.now ?? Math.floor(Date.now() / 1000);
  if (claims.iss !== expected.issuer) throw new Error(`Unexpected ID token issuer ${String(claims.iss)}`);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId)) throw new Error("ID token was not issued to this application");
  if (typeof claims.exp !== "number" || claims.exp < now - 60) throw new Error("ID token has expired");
  if (typeof claims.sub !== "string" || !claims.sub) throw new Error("ID token has no subject");
  const str = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
  return {
    issuer: expected.issuer,
    subject: claims.sub,
    email: (str(claims.email) ?? str(claims.preferred_username) ?? "").toLowerCase(),
    firstName: str(claims.given_name),
    lastName: str(claims.family_name),
    picture: str(claims.picture),
  };
}
