import path from "node:path";
import { z } from "zod";
import { isHttpsOrLoopback } from "./secure-url";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy";

/**
 * Configuration read once from the environment. Every variable is optional outside production: with
 * none set the app runs on its embedded defaults (PostgreSQL under ./data, the bundled OpenID Connect
 * provider). In production (the default NODE_ENV) sign-in must be chosen: an OIDC_ISSUER, or
 * LOCAL_SIGN_IN=true for an evaluation (`npm start` sets it). Production also assumes several app servers
 * and workers unless SINGLE_INSTANCE=true (docs/operations.md#several-instances).
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  // Pools and timeouts: defaults and reasons in docs/operations.md#pools-and-timeouts.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DOWNLOAD_SLOTS: z.coerce.number().int().min(1).max(100).default(4),
  DOWNLOAD_SLOTS_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  DOWNLOAD_STALL_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(60_000),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(0).default(900),
  SEED_DEMO_DATA: z.enum(["true", "false"]).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  // How long an invitation can be accepted after it was sent (docs/administration.md#invitations).
  INVITATION_EXPIRY_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  FORCE_SECURE_COOKIES: z.enum(["true", "false"]).default("false"),
  // Whose X-Forwarded-* headers to believe (app/utils/trust-proxy.ts, docs/operations.md#behind-a-proxy).
  TRUST_PROXY: z.string().default("loopback"),
  APP_URL: z.string().url().optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_SCOPES: z.string().default("openid email profile"),
  LOCAL_SIGN_IN: z.enum(["true", "false"]).optional(),
  SINGLE_INSTANCE: z.enum(["true", "false"]).default("false"),
  LOG_SQL: z.enum(["true", "false"]).default("false"),
  // Read by app/utils/log.server.ts when it loads; listed here so a wrong value stops the start.
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().default(8),
  JOB_WORKERS: z.enum(["true", "false"]).default("true"),
  S3_ENDPOINT: z.string().optional(),
  S3_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  S3_USE_SSL: z.enum(["true", "false"]).default("true"),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_BUCKET: z.string().default("land-records"),
  S3_REGION: z.string().default("us-east-1"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Optional: the Stripe price of one additional seat; without it seats are not billed through Stripe (docs/administration.md#seats). */
  STRIPE_SEAT_PRICE_ID: z.string().optional(),
  SYSTEM_ADMIN_EMAILS: z.string().optional(),
  // Inbound e-mail (docs/inbound-mail.md#configuration): the domain of the project addresses, the
  // embedded SMTP listener's port (0 = off) and the largest message taken.
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, "must be a domain name")
    .transform((v) => v.toLowerCase())
    .default("inbound.localhost"),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  INBOUND_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  // Mail retries (docs/operations.md#mail-delivery): the first delay, the longest, and attempts in all.
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().positive().default(60),
  MAIL_RETRY_MAX_SECONDS: z.coerce.number().positive().default(3600),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  // Untrusted PDFs are read in worker threads (docs/operations.md#off-the-request-path): how many at once, and each one's heap.
  PDF_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  PDF_WORKER_HEAP_MB: z.coerce.number().int().min(16).max(4096).default(256),
});

export type Env = z.infer<typeof EnvSchema> & {
  dataDir: string;
  /**
   * True when no OIDC_ISSUER is configured and the bundled provider signs users in: outside
   * production by default, in production only with LOCAL_SIGN_IN=true (its passwords are published).
   */
  useLocalOidc: boolean;
  seedDemoData: boolean;
  /** Lower-cased addresses from SYSTEM_ADMIN_EMAILS: who may switch to system admin. */
  systemAdminEmails: string[];
  /** TRUST_PROXY as Express's `trust proxy` setting takes it. */
  trustProxy: TrustProxy;
};

let cached: Env | undefined;

const NO_SIGN_IN_MESSAGE =
  "Invalid configuration: no sign-in is configured, and in production the bundled sign-in (whose passwords are published) is off. " +
  "Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for your identity provider, " +
  "or LOCAL_SIGN_IN=true to evaluate with the bundled demo accounts.";

/**
 * What a production deployment of several processes must share, and the variable that shares it: each
 * missing one breaks something only once a second instance runs (docs/operations.md#several-instances).
 */
const SHARED_BY_INSTANCES = [
  { name: "SESSION_SECRET", why: "the same secret on every instance, or a user is signed out whenever a request reaches another one" },
  { name: "APP_URL", why: "the public address, or links in e-mail and the sign-in redirect are built from whatever Host header a request carried" },
  {
    name: "S3_ENDPOINT",
    why: "an S3-compatible object store (with S3_ACCESS_KEY and S3_SECRET_KEY), or uploaded documents and templates are kept on one instance's disk, and another instance answers 404 for them",
  },
] as const;

/** The problems of a production configuration for several instances; none outside production or with SINGLE_INSTANCE=true. */
export function instanceProblems(env: Pick<z.infer<typeof EnvSchema>, "NODE_ENV" | "SINGLE_INSTANCE" | (typeof SHARED_BY_INSTANCES)[number]["name"]>): string[] {
  if (env.NODE_ENV !== "production" || env.SINGLE_INSTANCE === "true") return [];
  return SHARED_BY_INSTANCES.filter(({ name }) => !env[name]).map(({ name, why }) => `  ${name}: not set; set ${why}`);
}

const instanceMessage = (problems: string[]) =>
  "Invalid configuration: in production several app servers and workers may share this database, and they need\n" +
  `${problems.join("\n")}\n` +
  "If this is the only app server and nothing else runs jobs (an evaluation, one container with its own data folder), set SINGLE_INSTANCE=true.";

function parseEnv(): z.infer<typeof EnvSchema> {
  // An exported but empty variable (FOO=) means "not set", as in most twelve-factor apps.
  const given = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}

/** What reaching the database takes (`npm run migrate`): no sign-in or instance checks, which concern serving. */
export type DatabaseEnv = Pick<Env, "DATABASE_URL" | "EMBEDDED_PG_PORT" | "LOG_SQL" | "dataDir">;

export function getDatabaseEnv(): DatabaseEnv {
  const env = parseEnv();
  return { DATABASE_URL: env.DATABASE_URL, EMBEDDED_PG_PORT: env.EMBEDDED_PG_PORT, LOG_SQL: env.LOG_SQL, dataDir: path.resolve(env.DATA_DIR) };
}

export function getEnv(): Env {
  if (cached) return cached;
  const env = parseEnv();
  if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)) {
    throw new Error("Invalid configuration: OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
  }
  // Tokens and discovery must not travel in clear text; http is fine only within this machine.
  if (env.OIDC_ISSUER && !isHttpsOrLoopback(env.OIDC_ISSUER)) {
    throw new Error(`Invalid configuration: OIDC_ISSUER must be an https URL (http is accepted only for localhost, 127.0.0.1 or ::1): ${env.OIDC_ISSUER}`);
  }
  const localSignIn = !env.OIDC_ISSUER && (env.LOCAL_SIGN_IN ? env.LOCAL_SIGN_IN === "true" : env.NODE_ENV !== "production");
  if (!env.OIDC_ISSUER && !localSignIn) throw new Error(NO_SIGN_IN_MESSAGE);
  if (env.S3_ENDPOINT && (!env.S3_ACCESS_KEY || !env.S3_SECRET_KEY)) {
    throw new Error("Invalid configuration: S3_ENDPOINT needs S3_ACCESS_KEY and S3_SECRET_KEY");
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (trustProxy instanceof Error) throw new Error(`Invalid configuration: ${trustProxy.message}`);
  const problems = instanceProblems(env);
  if (problems.length) throw new Error(instanceMessage(problems));
  // Stripe is all or nothing: a checkout without a verified webhook would take money and change no plan.
  const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PRICE_ID, env.STRIPE_WEBHOOK_SECRET];
  if (stripe.some(Boolean) && !stripe.every(Boolean)) {
    throw new Error("Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET are set together or not at all");
  }
  if (env.STRIPE_SEAT_PRICE_ID && !env.STRIPE_SECRET_KEY) throw new Error("Invalid configuration: STRIPE_SEAT_PRICE_ID needs STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET");
  cached = {
    ...env,
    systemAdminEmails: (env.SYSTEM_ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    dataDir: path.resolve(env.DATA_DIR),
    useLocalOidc: localSignIn,
    trustProxy,
    // Demo data (the bundled sign-in's accounts) goes into the embedded database when the bundled
    // sign-in is on, never into a configured database unless asked.
    seedDemoData: env.SEED_DEMO_DATA ? env.SEED_DEMO_DATA === "true" : localSignIn && !env.DATABASE_URL,
  };
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
