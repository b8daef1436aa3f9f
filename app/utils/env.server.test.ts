import path from "node:path";
import { getEnv, resetEnvCache } from "./env.server";

const VARIABLES = [
  "NODE_ENV",
  "PORT",
  "HOST",
  "DATA_DIR",
  "DATABASE_URL",
  "EMBEDDED_PG_PORT",
  "SEED_DEMO_DATA",
  "SESSION_SECRET",
  "SESSION_IDLE_MINUTES",
  "SESSION_ABSOLUTE_HOURS",
  "FORCE_SECURE_COOKIES",
  "APP_URL",
  "OIDC_ISSUER",
  "OIDC_CLIENT_ID",
  "OIDC_CLIENT_SECRET",
  "OIDC_SCOPES",
  "LOCAL_SIGN_IN",
  "SINGLE_INSTANCE",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY",
  "S3_SECRET_KEY",
  "LOG_SQL",
  "STRIPE_SECRET_KEY",
  "STRIPE_PRICE_ID",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_SEAT_PRICE_ID",
  "SYSTEM_ADMIN_EMAILS",
] as const;

let saved: NodeJS.ProcessEnv;

beforeEach(() => {
  saved = { ...process.env };
  // Start from a clean slate whatever the shell (or vitest, NODE_ENV=test) exported.
  for (const name of VARIABLES) delete process.env[name];
  // The cases of "getEnv" are about other rules; "several instances" below starts without it.
  process.env.SINGLE_INSTANCE = "true";
  resetEnvCache();
});

afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  resetEnvCache();
});

describe("getEnv", () => {
  it("runs on defaults with nothing but LOCAL_SIGN_IN=true and SINGLE_INSTANCE=true set (what npm start gives)", () => {
    process.env.LOCAL_SIGN_IN = "true";
    process.env.SINGLE_INSTANCE = "true";
    const env = getEnv();
    expect(env.NODE_ENV).toBe("production");
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.EMBEDDED_PG_PORT).toBe(54329);
    expect(env.SESSION_IDLE_MINUTES).toBe(30);
    expect(env.SESSION_ABSOLUTE_HOURS).toBe(12);
    expect(env.FORCE_SECURE_COOKIES).toBe("false");
    expect(env.OIDC_SCOPES).toBe("openid email profile");
    expect(env.useLocalOidc).toBe(true);
    expect(env.seedDemoData).toBe(true);
  });

  it("refuses to start in production with neither an issuer nor LOCAL_SIGN_IN=true, saying what to set", () => {
    expect(() => getEnv()).toThrow(/^Invalid configuration: no sign-in is configured/);
    expect(() => getEnv()).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/);
    expect(() => getEnv()).toThrow(/LOCAL_SIGN_IN=true/);
    process.env.LOCAL_SIGN_IN = "false";
    expect(() => getEnv()).toThrow(/no sign-in is configured/);
    process.env.NODE_ENV = "development";
    expect(() => getEnv()).toThrow(/no sign-in is configured/);
  });

  it("turns the bundled sign-in and the demo data on by default outside production", () => {
    for (const mode of ["development", "test"] as const) {
      resetEnvCache();
      process.env.NODE_ENV = mode;
      const env = getEnv();
      expect(env.useLocalOidc).toBe(true);
      expect(env.seedDemoData).toBe(true);
    }
  });

  it("keeps the bundled sign-in off when an issuer is configured, whatever LOCAL_SIGN_IN says", () => {
    process.env.OIDC_ISSUER = "https://idp.example.test";
    process.env.OIDC_CLIENT_ID = "land-records";
    process.env.OIDC_CLIENT_SECRET = "secret";
    process.env.LOCAL_SIGN_IN = "true";
    const env = getEnv();
    expect(env.useLocalOidc).toBe(false);
    // The demo accounts exist only for the bundled sign-in.
    expect(env.seedDemoData).toBe(false);
  });

  it("seeds demo data with an issuer only when SEED_DEMO_DATA=true", () => {
    process.env.OIDC_ISSUER = "https://idp.example.test";
    process.env.OIDC_CLIENT_ID = "land-records";
    process.env.OIDC_CLIENT_SECRET = "secret";
    process.env.SEED_DEMO_DATA = "true";
    expect(getEnv().seedDemoData).toBe(true);
  });

  it("rejects LOCAL_SIGN_IN values other than true and false", () => {
    process.env.LOCAL_SIGN_IN = "yes";
    expect(() => getEnv()).toThrow(/LOCAL_SIGN_IN: /);
  });

  it("coerces numbers from strings", () => {
    process.env.LOCAL_SIGN_IN = "true";
    process.env.PORT = "8080";
    process.env.SESSION_IDLE_MINUTES = "15";
    const env = getEnv();
    expect(env.PORT).toBe(8080);
    expect(env.SESSION_IDLE_MINUTES).toBe(15);
  });

  it("caches until resetEnvCache()", () => {
    process.env.LOCAL_SIGN_IN = "true";
    process.env.PORT = "4000";
    expect(getEnv().PORT).toBe(4000);
    process.env.PORT = "5000";
    expect(getEnv().PORT).toBe(4000);
    resetEnvCache();
    expect(getEnv().PORT).toBe(5000);
  });

  it("treats empty-string variables as unset", () => {
    process.env.LOCAL_SIGN_IN = "true";
    process.env.PORT = "";
    process.env.DATABASE_URL = "";
    process.env.OIDC_ISSUER = "";
    process.env.SESSION_SECRET = "";
    process.env.SEED_DEMO_DATA = "";
    const env = getEnv();
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.OIDC_ISSUER).toBeUndefined();
    expect(env.SESSION_SECRET).toBeUndefined();
    expect(env.useLocalOidc).toBe(true);
    expect(env.seedDemoData).toBe(true);
  });

  it("refuses OIDC_ISSUER without a client id", () => {
    process.env.OIDC_ISSUER = "https://idp.example.test";
    process.env.OIDC_CLIENT_SECRET = "secret";
    expect(() => getEnv()).toThrow("Invalid configuration: OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
  });

  it("refuses OIDC_ISSUER without a client secret", () => {
    process.env.OIDC_ISSUER = "https://idp.example.test";
    process.env.OIDC_CLIENT_ID = "land-records";
    expect(() => getEnv()).toThrow("Invalid configuration: OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
  });

  it("uses the external provider when OIDC is fully configured", () => {
    process.env.OIDC_ISSUER = "https://idp.example.test";
    process.env.OIDC_CLIENT_ID = "land-records";
    process.env.OIDC_CLIENT_SECRET = "secret";
    const env = getEnv();
    expect(env.useLocalOidc).toBe(false);
    expect(env.OIDC_CLIENT_ID).toBe("land-records");
  });

  it("reports invalid values with the variable name", () => {
    process.env.LOCAL_SIGN_IN = "true";
    process.env.PORT = "70000";
    expect(() => getEnv()).toThrow(/^Invalid configuration:\n {2}PORT: /);
    resetEnvCache();
    process.env.PORT = "3000";
    process.env.SESSION_SECRET = "too-short";
    expect(() => getEnv()).toThrow(/SESSION_SECRET: /);
  });

  it("does not seed demo data into a configured DATABASE_URL unless SEED_DEMO_DATA=true", () => {
    process.env.LOCAL_SIGN_IN = "true";
    process.env.DATABASE_URL = "postgresql://app@db.example.test:5432/records";
    expect(getEnv().seedDemoData).toBe(false);

    resetEnvCache();
    process.env.SEED_DEMO_DATA = "true";
    expect(getEnv().seedDemoData).toBe(true);

    resetEnvCache();
    process.env.SEED_DEMO_DATA = "false";
    expect(getEnv().seedDemoData).toBe(false);
  });

  it("lets SEED_DEMO_DATA=false turn seeding off for the embedded database", () => {
    process.env.LOCAL_SIGN_IN = "true";
    process.env.SEED_DEMO_DATA = "false";
    expect(getEnv().seedDemoData).toBe(false);
  });
});

describe("payments and the first system administrator", () => {
  it("reads SYSTEM_ADMIN_EMAILS as a lower-cased, comma-separated list (none by default)", () => {
    process.env.NODE_ENV = "development";
    expect(getEnv().systemAdminEmails).toEqual([]);
    resetEnvCache();
    process.env.SYSTEM_ADMIN_EMAILS = " Ada@Example.com,, it@example.org ";
    expect(getEnv().systemAdminEmails).toEqual(["ada@example.com", "it@example.org"]);
  });

  it("takes the three Stripe variables together or not at all", () => {
    process.env.NODE_ENV = "development";
    process.env.STRIPE_SECRET_KEY = "sk_test_x";
    expect(() => getEnv()).toThrow("STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET are set together or not at all");
    resetEnvCache();
    Object.assign(process.env, { STRIPE_PRICE_ID: "price_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(getEnv()).toMatchObject({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PRICE_ID: "price_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
  });

  it("takes the optional seat price only with the other Stripe variables", () => {
    process.env.NODE_ENV = "development";
    process.env.STRIPE_SEAT_PRICE_ID = "price_seat";
    expect(() => getEnv()).toThrow("STRIPE_SEAT_PRICE_ID needs STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET");
    resetEnvCache();
    Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PRICE_ID: "price_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(getEnv()).toMatchObject({ STRIPE_SEAT_PRICE_ID: "price_seat" });
  });
});

describe("several instances in production", () => {
  const shared = { SESSION_SECRET: "s".repeat(32), APP_URL: "https://records.example.com", S3_ENDPOINT: "s3.example.com", S3_ACCESS_KEY: "key", S3_SECRET_KEY: "secret" };

  beforeEach(() => {
    delete process.env.SINGLE_INSTANCE;
    process.env.LOCAL_SIGN_IN = "true";
  });

  it("refuses to start without SESSION_SECRET, APP_URL and S3_ENDPOINT, naming each and the way out", () => {
    let message = "";
    try {
      getEnv();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).toMatch(/^ {2}SESSION_SECRET: not set; set the same secret on every instance/m);
    expect(message).toMatch(/^ {2}APP_URL: not set; set the public address/m);
    expect(message).toMatch(/^ {2}S3_ENDPOINT: not set; set an S3-compatible object store/m);
    expect(message).toContain("set SINGLE_INSTANCE=true");
  });

  it("names only what is missing", () => {
    Object.assign(process.env, shared);
    delete process.env.APP_URL;
    expect(() => getEnv()).toThrow(/APP_URL: not set/);
    resetEnvCache();
    try {
      getEnv();
    } catch (error) {
      expect((error as Error).message).not.toMatch(/SESSION_SECRET|S3_ENDPOINT: not set/);
    }
  });

  it("starts with all three set", () => {
    Object.assign(process.env, shared);
    const env = getEnv();
    expect(env.SINGLE_INSTANCE).toBe("false");
    expect(env.APP_URL).toBe("https://records.example.com");
  });

  it("starts on the local store and the data folder's secret with SINGLE_INSTANCE=true", () => {
    process.env.SINGLE_INSTANCE = "true";
    expect(getEnv().S3_ENDPOINT).toBeUndefined();
  });

  it("asks nothing of development or test", () => {
    for (const mode of ["development", "test"] as const) {
      resetEnvCache();
      process.env.NODE_ENV = mode;
      expect(() => getEnv()).not.toThrow();
    }
  });

  it("rejects SINGLE_INSTANCE values other than true and false", () => {
    Object.assign(process.env, shared);
    process.env.SINGLE_INSTANCE = "yes";
    expect(() => getEnv()).toThrow(/SINGLE_INSTANCE/);
  });
});
