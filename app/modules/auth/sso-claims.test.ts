import { claimsFromIdToken } from "./sso-claims";

const ISSUER = "https://idp.example.test";
const CLIENT_ID = "land-records";
const NOW = 1_800_000_000;

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
/** An unsigned JWT: claimsFromIdToken checks claims only (the token came over the back channel). */
const jwt = (payload: Record<string, unknown>) => `${b64url({ alg: "none", typ: "JWT" })}.${b64url(payload)}.sig`;

const valid = {
  iss: ISSUER,
  aud: CLIENT_ID,
  sub: "user-123",
  exp: NOW + 300,
  email: "Jane.Doe@Example.COM",
  given_name: "Jane",
  family_name: "Doe",
  picture: "https://img.example.test/jane.png",
};
const check = (payload: Record<string, unknown>) => claimsFromIdToken(jwt(payload), { issuer: ISSUER, clientId: CLIENT_ID, now: NOW });

describe("claimsFromIdToken", () => {
  it("maps a valid token to a profile with the e-mail lower-cased", () => {
    expect(check(valid)).toEqual({
      issuer: ISSUER,
      subject: "user-123",
      email: "jane.doe@example.com",
      firstName: "Jane",
      lastName: "Doe",
      picture: "https://img.example.test/jane.png",
    });
  });

  it("rejects a token from another issuer", () => {
    expect(() => check({ ...valid, iss: "https://evil.example.test" })).toThrow("Unexpected ID token issuer https://evil.example.test");
  });

  it("rejects a token issued to another audience", () => {
    expect(() => check({ ...valid, aud: "other-app" })).toThrow("ID token was not issued to this application");
    expect(() => check({ ...valid, aud: ["other-app", "third-app"] })).toThrow("ID token was not issued to this application");
    const { aud: _aud, ...noAud } = valid;
    expect(() => check(noAud)).toThrow("ID token was not issued to this application");
  });

  it("accepts an audience array that contains the client id", () => {
    expect(check({ ...valid, aud: ["other-app", CLIENT_ID] }).subject).toBe("user-123");
  });

  it("allows 60 s of clock skew on exp and no more", () => {
    expect(check({ ...valid, exp: NOW - 60 }).subject).toBe("user-123");
    expect(() => check({ ...valid, exp: NOW - 61 })).toThrow("ID token has expired");
    expect(() => check({ ...valid, exp: NOW - 3600 })).toThrow("ID token has expired");
  });

  it("rejects a token without a numeric exp", () => {
    const { exp: _exp, ...noExp } = valid;
    expect(() => check(noExp)).toThrow("ID token has expired");
    expect(() => check({ ...valid, exp: String(NOW + 300) })).toThrow("ID token has expired");
  });

  it("rejects a token without a subject", () => {
    const { sub: _sub, ...noSub } = valid;
    expect(() => check(noSub)).toThrow("ID token has no subject");
    expect(() => check({ ...valid, sub: "" })).toThrow("ID token has no subject");
    expect(() => check({ ...valid, sub: 42 })).toThrow("ID token has no subject");
  });

  it("falls back to preferred_username (lower-cased) when there is no email claim", () => {
    const { email: _email, ...noEmail } = valid;
    expect(check({ ...noEmail, preferred_username: "  Jane@Corp.Example " }).email).toBe("jane@corp.example");
    expect(check({ ...valid, email: "   ", preferred_username: "Fallback@X.test" }).email).toBe("fallback@x.test");
  });

  it("leaves e-mail empty and optional names undefined when the token has none", () => {
    expect(check({ iss: ISSUER, aud: CLIENT_ID, sub: "s", exp: NOW + 1 })).toEqual({
      issuer: ISSUER,
      subject: "s",
      email: "",
      firstName: undefined,
      lastName: undefined,
      picture: undefined,
    });
  });

  it("rejects a token that is not three dot-separated parts", () => {
    expect(() => claimsFromIdToken("a.b", { issuer: ISSUER, clientId: CLIENT_ID, now: NOW })).toThrow("Malformed ID token");
    expect(() => claimsFromIdToken(`${jwt(valid)}.extra`, { issuer: ISSUER, clientId: CLIENT_ID, now: NOW })).toThrow("Malformed ID token");
  });

  it("uses the current time when no now is given", () => {
    const nowSec = Math.floor(Date.now() / 1000);
    expect(() => claimsFromIdToken(jwt({ ...valid, exp: nowSec - 120 }), { issuer: ISSUER, clientId: CLIENT_ID })).toThrow("ID token has expired");
    expect(claimsFromIdToken(jwt({ ...valid, exp: nowSec + 120 }), { issuer: ISSUER, clientId: CLIENT_ID }).subject).toBe("user-123");
  });
});
