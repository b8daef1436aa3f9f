import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from "jose";
import { IdTokenError, MAX_INLINE_PICTURE_LENGTH, MAX_PICTURE_URL_LENGTH, mergeUserinfo, needsUserinfo, pictureFromClaim, profileFromClaims, verifyIdToken } from "./sso-claims";

const ISSUER = "https://idp.example.test";
const CLIENT_ID = "land-records";
const NONCE = "nonce-of-this-sign-in";
const NOW = new Date("2027-01-15T10:00:00Z");
const nowSeconds = Math.floor(NOW.getTime() / 1000);

let signingKey: CryptoKey;
let otherKey: CryptoKey;
let jwks: ReturnType<typeof createLocalJWKSet>;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair("RS256")).privateKey;
  const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: "key-1", alg: "RS256", use: "sig" };
  jwks = createLocalJWKSet({ keys: [publicJwk] });
});

const valid: JWTPayload = {
  iss: ISSUER,
  aud: CLIENT_ID,
  sub: "user-123",
  iat: nowSeconds - 5,
  exp: nowSeconds + 300,
  nonce: NONCE,
  email: "Jane.Doe@Example.COM",
  email_verified: true,
  given_name: "Jane",
  family_name: "Doe",
  picture: "https://img.example.test/jane.png",
};

function sign(payload: JWTPayload, key: CryptoKey = signingKey) {
  return new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: "key-1" }).sign(key);
}

async function check(payload: JWTPayload, options: { nonce?: string | undefined; key?: CryptoKey } = {}) {
  const nonce = "nonce" in options ? options.nonce : NONCE;
  return verifyIdToken(await sign(payload, options.key), { issuer: ISSUER, clientId: CLIENT_ID, nonce, keys: jwks, now: NOW });
}

async function rejection(payload: JWTPayload, options: { nonce?: string | undefined; key?: CryptoKey } = {}) {
  const error = await check(payload, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IdTokenError);
  return (error as Error).message;
}

describe("verifyIdToken", () => {
  it("accepts a token signed by the provider's key for this client and this sign-in", async () => {
    const claims = await check(valid);
    expect(claims.sub).toBe("user-123");
    expect(profileFromClaims(claims, ISSUER)).toEqual({
      issuer: ISSUER,
      subject: "user-123",
      email: "jane.doe@example.com",
      emailVerified: true,
      firstName: "Jane",
      lastName: "Doe",
      picture: "https://img.example.test/jane.png",
    });
  });

  it("refuses a token signed by another key", async () => {
    expect(await rejection(valid, { key: otherKey })).toMatch(/signature verification failed/);
  });

  it("refuses a token whose payload was altered after signing", async () => {
    const [header, , signature] = (await sign(valid)).split(".");
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...valid, sub: "admin" })).toString("base64url")}.${signature}`;
    const error = await verifyIdToken(forged, { issuer: ISSUER, clientId: CLIENT_ID, nonce: NONCE, keys: jwks, now: NOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdTokenError);
  });

  it("refuses an unsigned token (alg none)", async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64(valid)}.`;
    const error = await verifyIdToken(unsigned, { issuer: ISSUER, clientId: CLIENT_ID, nonce: NONCE, keys: jwks, now: NOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdTokenError);
  });

  it("refuses another issuer", async () => {
    expect(await rejection({ ...valid, iss: "https://evil.example.test" })).toMatch(/"iss" claim/);
  });

  it("refuses another audience", async () => {
    expect(await rejection({ ...valid, aud: "another-app" })).toMatch(/"aud" claim/);
  });

  it("refuses an expired token, beyond a minute of clock skew", async () => {
    expect(await rejection({ ...valid, exp: nowSeconds - 61 })).toMatch(/"exp" claim/);
    await expect(check({ ...valid, exp: nowSeconds - 30 })).resolves.toBeTruthy();
  });

  it("refuses a token without a nonce, or with another sign-in's nonce", async () => {
    const { nonce: _omitted, ...withoutNonce } = valid;
    expect(await rejection(withoutNonce)).toMatch(/nonce/);
    expect(await rejection({ ...valid, nonce: "another-sign-in" })).toMatch(/nonce/);
  });

  it("refuses when this sign-in has no nonce to compare with", async () => {
    expect(await rejection(valid, { nonce: undefined })).toMatch(/no nonce/);
  });

  it("checks azp when present", async () => {
    expect(await rejection({ ...valid, azp: "another-app" })).toMatch(/azp/);
    await expect(check({ ...valid, azp: CLIENT_ID })).resolves.toMatchObject({ azp: CLIENT_ID });
  });

  it("needs azp when the token has several audiences", async () => {
    expect(await rejection({ ...valid, aud: [CLIENT_ID, "api://other"] })).toMatch(/azp/);
    await expect(check({ ...valid, aud: [CLIENT_ID, "api://other"], azp: CLIENT_ID })).resolves.toBeTruthy();
  });

  it("refuses a token without a subject", async () => {
    const { sub: _omitted, ...withoutSub } = valid;
    expect(await rejection(withoutSub)).toMatch(/sub/);
  });
});

describe("profileFromClaims", () => {
  it("never takes preferred_username as the e-mail", () => {
    const profile = profileFromClaims({ sub: "u", preferred_username: "jane@example.com" }, ISSUER);
    expect(profile.email).toBe("");
    expect(profile.emailVerified).toBe(false);
  });

  it.each([
    [true, true],
    ["true", true],
    [false, false],
    ["false", false],
    [undefined, false],
    [1, false],
  ])("email_verified %j counts as verified: %j", (flag, verified) => {
    expect(profileFromClaims({ sub: "u", email: "a@example.com", email_verified: flag }, ISSUER).emailVerified).toBe(verified);
  });
});

describe("mergeUserinfo", () => {
  const base = { sub: "u", email: "jane@example.com" };

  it("takes email_verified from userinfo when the ID token lacks it, for the same e-mail", () => {
    const profile = profileFromClaims(base, ISSUER);
    expect(needsUserinfo(base, profile)).toBe(true);
    expect(mergeUserinfo(profile, base, { sub: "u", email: "Jane@Example.com", email_verified: true, given_name: "Jane" })).toMatchObject({
      email: "jane@example.com",
      emailVerified: true,
      firstName: "Jane",
    });
  });

  it("ignores userinfo's verification of a different e-mail", () => {
    const profile = profileFromClaims(base, ISSUER);
    expect(mergeUserinfo(profile, base, { sub: "u", email: "other@example.com", email_verified: true }).emailVerified).toBe(false);
  });

  it("does not let userinfo overrule the ID token's email_verified", () => {
    const claims = { ...base, email_verified: false };
    const profile = profileFromClaims(claims, ISSUER);
    expect(mergeUserinfo(profile, claims, { sub: "u", email: "jane@example.com", email_verified: true }).emailVerified).toBe(false);
  });

  it("takes e-mail and its verification from userinfo when the ID token has no e-mail", () => {
    const profile = profileFromClaims({ sub: "u" }, ISSUER);
    expect(mergeUserinfo(profile, { sub: "u" }, { sub: "u", email: "NEW@example.com", email_verified: "true" })).toMatchObject({ email: "new@example.com", emailVerified: true });
    expect(mergeUserinfo(profile, { sub: "u" }, { sub: "u", email: "new@example.com" }).emailVerified).toBe(false);
  });

  it("refuses userinfo about another subject", () => {
    expect(() => mergeUserinfo(profileFromClaims(base, ISSUER), base, { sub: "someone-else" })).toThrow(IdTokenError);
  });
});

describe("pictureFromClaim (docs/access.md#profile-pictures)", () => {
  const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

  it.each([
    ["https://img.example.test/jane.png", "https://img.example.test/jane.png"],
    ["  https://lh3.googleusercontent.com/a/ACg8ocK=s96-c  ", "https://lh3.googleusercontent.com/a/ACg8ocK=s96-c"],
    ["HTTPS://IMG.EXAMPLE.TEST/Jane.png", "https://img.example.test/Jane.png"],
    ["https://img.example.test:8443/p?size=96#x", "https://img.example.test:8443/p?size=96#x"],
    [PNG, PNG],
    ["data:image/jpeg;base64,/9j/4AAQ", "data:image/jpeg;base64,/9j/4AAQ"],
  ])("keeps %j", (claim, expected) => {
    expect(pictureFromClaim(claim)).toBe(expected);
  });

  it.each([
    ["http://img.example.test/jane.png", "plain http"],
    ["javascript:alert(1)", "javascript:"],
    ["JaVaScRiPt:alert(1)", "javascript: in mixed case"],
    [" javascript:alert(1)", "javascript: after a space"],
    ["data:text/html;base64,PHNjcmlwdD4=", "data: that is not an image"],
    ["data:image/svg+xml;base64,PHN2Zz4=", "an SVG, which can carry script"],
    ["data:image/png,not-base64", "data: without base64"],
    ["data:image/png;base64,iVBOR w0K", "data: with a space in it"],
    ["DATA:image/png;base64,iVBOR", "data: in capitals (not what the app stores)"],
    [`data:image/png;base64,${"A".repeat(MAX_INLINE_PICTURE_LENGTH)}`, "a data: URL past the largest picture kept"],
    [`https://img.example.test/${"a".repeat(MAX_PICTURE_URL_LENGTH)}`, "an over-long URL"],
    ["https://user:secret@img.example.test/p.png", "credentials in the URL"],
    ["https://img.example.test/a b.png", "a space"],
    ["https://img.example.test/a\tb.png", "a tab"],
    ["https://img.example.test/a\nb.png", "a newline"],
    ["//img.example.test/p.png", "protocol-relative"],
    ["/avatar.png", "a path"],
    ["ftp://img.example.test/p.png", "another scheme"],
    ["https:", "no host"],
    ["", "empty"],
  ])("refuses %j (%s)", (claim) => {
    expect(pictureFromClaim(claim)).toBeUndefined();
  });

  it.each([null, undefined, 42, true, { url: "https://img.example.test/p.png" }, ["https://img.example.test/p.png"]])("refuses the non-string %j", (claim) => {
    expect(pictureFromClaim(claim)).toBeUndefined();
  });

  it("is what profileFromClaims and mergeUserinfo apply to the claim", () => {
    expect(profileFromClaims({ sub: "s", picture: "javascript:alert(1)" }, ISSUER).picture).toBeUndefined();
    expect(profileFromClaims({ sub: "s", picture: "http://img.example.test/p.png" }, ISSUER).picture).toBeUndefined();
    const profile = profileFromClaims({ sub: "s" }, ISSUER);
    expect(mergeUserinfo(profile, { sub: "s" }, { sub: "s", picture: "data:text/html,<script>" }).picture).toBeUndefined();
    expect(mergeUserinfo(profile, { sub: "s" }, { sub: "s", picture: "https://img.example.test/p.png" }).picture).toBe("https://img.example.test/p.png");
  });
});
