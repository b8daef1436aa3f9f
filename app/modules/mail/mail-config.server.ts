/**
 * Mail configuration (docs/architecture.md#mail): SMTP_URL sends through that server; without it every message is
 * written as an .eml file to DATA_DIR/outbox. Read from the environment like app/utils/env.server.ts
 * (an empty variable means "not set"), and checked when the background jobs start, so a mistake
 * stops start-up instead of failing every message.
 */
import path from "node:path";
import { z } from "zod";
import addressparser from "nodemailer/lib/addressparser";
import { getEnv } from "~/utils/env.server";
import { isEmailAddress, uniqueAddresses } from "./message";
import { log } from "~/utils/log.server";

export const DEFAULT_MAIL_FROM = "Land Liaison Records <no-reply@example.com>";

/**
 * The product description withholds the departmental addresses (four on start-up, three on closure; docs/lifecycle.md#notifications):
 * placeholders on the reserved example.com domain until a deployment sets its own.
 */
export const DEFAULT_STARTUP_NOTIFY_EMAILS = ["project-office@example.com", "finance@example.com", "health-safety@example.com", "records@example.com"] as const;
export const DEFAULT_CLOSURE_NOTIFY_EMAILS = ["project-office@example.com", "finance@example.com", "records@example.com"] as const;

export interface MailConfig {
  /** null: write each message to `outboxDir` instead. */
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  startupNotifyEmails: string[];
  closureNotifyEmails: string[];
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Comma-separated addresses; duplicates dropped case-insensitively; at least one. */
const emailList = (fallback: readonly string[]) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return [...fallback];
      const addresses = uniqueAddresses(value.split(","));
      const invalid = addresses.filter((address) => !isEmailAddress(address));
      if (invalid.length) ctx.addIssue({ code: "custom", message: `not an e-mail address: ${invalid.map((a) => `'${a}'`).join(", ")}` });
      if (!addresses.length) ctx.addIssue({ code: "custom", message: "list at least one e-mail address, separated by commas" });
      return addresses;
    });

const MailEnvSchema = z.object({
  // The URL may carry a password: the messages below never repeat it.
  SMTP_URL: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      const url = URL.parse(value);
      if (!url || !["smtp:", "smtps:"].includes(url.protocol) || !url.hostname) {
        ctx.addIssue({ code: "custom", message: "must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com:465" });
      }
    }),
  MAIL_FROM: z
    .string()
    .default(DEFAULT_MAIL_FROM)
    .superRefine((value, ctx) => {
      const parsed = addressparser(value);
      const single = parsed.length === 1 && !("group" in parsed[0]! && parsed[0].group) ? parsed[0]!.address : undefined;
      if (!single || !isEmailAddress(single)) ctx.addIssue({ code: "custom", message: `must be one address, e.g. "Land Records <no-reply@example.org>"` });
    }),
  STARTUP_NOTIFY_EMAILS: emailList(DEFAULT_STARTUP_NOTIFY_EMAILS),
  CLOSURE_NOTIFY_EMAILS: emailList(DEFAULT_CLOSURE_NOTIFY_EMAILS),
});

/** The mail configuration in `source` (process.env in the app); `dataDir` as env.server.ts resolved it. */
export function parseMailConfig(source: Record<string, string | undefined>, dataDir: string): MailConfig {
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = MailEnvSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  return {
    smtpUrl: env.SMTP_URL ?? null,
    from: env.MAIL_FROM.trim(),
    outboxDir: path.join(dataDir, "outbox"),
    startupNotifyEmails: env.STARTUP_NOTIFY_EMAILS,
    closureNotifyEmails: env.CLOSURE_NOTIFY_EMAILS,
  };
}

/** Read on each call (a handful of variables), so tests that change the environment need no reset. */
export function getMailConfig(): MailConfig {
  return parseMailConfig(process.env, getEnv().dataDir);
}

/** Who is told when a project's start-up form is completed (STARTUP_NOTIFY_EMAILS). */
export function getStartupNotifyEmails(): string[] {
  return getMailConfig().startupNotifyEmails;
}

/** Who is told when a project's closure form is completed (CLOSURE_NOTIFY_EMAILS). */
export function getClosureNotifyEmails(): string[] {
  return getMailConfig().closureNotifyEmails;
}

let warnedAboutPlaceholders = false;

/** Checked as the background jobs start (app/queues.server.ts): throws on a mistake. */
export function checkMailConfig(): void {
  const config = getMailConfig();
  const placeholders = [...config.startupNotifyEmails, ...config.closureNotifyEmails].some((address) => address.toLowerCase().endsWith("@example.com"));
  if (config.smtpUrl && placeholders && !warnedAboutPlaceholders) {
    warnedAboutPlaceholders = true;
    log.warn({ component: "mail" }, "STARTUP_NOTIFY_EMAILS or CLOSURE_NOTIFY_EMAILS still lists example.com placeholders; set your departments' addresses");
  }
}

/**
 * nodemailer's options for SMTP_URL. A login is never sent in clear text across a network: with
 * credentials in the URL and a host other than this machine, STARTTLS is required (smtps:// is TLS
 * from the start). The time limits keep a hung server from holding a job past its expiry.
 */
export function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const hasLogin = url.username !== "" || url.password !== "";
  const requireTLS = url.protocol === "smtp:" && hasLogin && !LOOPBACK_HOSTS.has(url.hostname.toLowerCase());
  return { url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000, ...(requireTLS ? { requireTLS: true } : {}) };
}
