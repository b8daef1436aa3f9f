import { getEnv, resetEnvCache } from "./env.server";
import { isHttpsOrLoopback, normaliseIssuer } from "./secure-url";

describe("isHttpsOrLoopback", () => {
  it.each(["https://login.example.com/tenant/v2.0", "https://idp.example.test:8443/", "http://localhost:3000/oidc", "http://127.0.0.1:4000/oidc", "http://[::1]:4000/oidc", "http://LOCALHOST/oidc"])(
    "accepts %s",
    (url) => expect(isHttpsOrLoopback(url)).toBe(true),
  );

  it.each(["http://idp.example.com", "http://10.0.0.5/oidc", "http://localhost.example.com/oidc", "http://127.0.0.2.nip.io/oidc", "ftp://idp.example.com", "not a url", "javascript:alert(1)"])(
    "refuses %s",
    (url) => expect(isHttpsOrLoopback(url)).toBe(false),
  );
});

describe("normaliseIssuer", () => {
  it("drops trailing slashes and surrounding space only", () => {
    expect(normaliseIssuer(" https://idp.example.test/realms/a/ ")).toBe("https://idp.example.test/realms/a");
    expect(normaliseIssuer("https://idp.example.test")).toBe("https://idp.example.test");
  });
});

describe("getEnv: OIDC_ISSUER", () => {
  const names = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;
  let saved: Record<string, string | undefined>;
  beforeEach(() => {
    saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    process.env.OIDC_CLIENT_ID = "client";
    process.env.OIDC_CLIENT_SECRET = "secret";
    resetEnvCache();
  });
  afterEach(() => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnvCache();
  });

  it("refuses a plain-http issuer on another machine, with a clear message", () => {
    process.env.OIDC_ISSUER = "http://idp.example.com/realms/land";
    expect(() => getEnv()).toThrow("Invalid configuration: OIDC_ISSUER must be an https URL (http is accepted only for localhost, 127.0.0.1 or ::1): http://idp.example.com/realms/land");
  });

  it.each(["https://idp.example.com/realms/land", "http://127.0.0.1:4000/oidc"])("accepts %s", (issuer) => {
    process.env.OIDC_ISSUER = issuer;
    expect(getEnv().OIDC_ISSUER).toBe(issuer);
  });
});
