/**
 * The IMAP mailbox the app reads inbound mail from (docs/inbound-mail.md#imap): with IMAP_HOST and a
 * login set, a scheduled job reads it; with none, only the embedded SMTP listener takes mail. Read from
 * the environment like the mail configuration (an empty variable means "not set"), and checked when
 * the background jobs start, so a mistake stops start-up instead of failing every run.
 */
import { z } from "zod";

export interface ImapConfig {
  host: string;
  port: number;
  /** TLS from the first byte (993); false: plain, upgraded with STARTTLS when offered (required off this machine). */
  tls: boolean;
  user: string;
  /** One of the two: a password (an app password) or an OAuth2 access token (XOAUTH2). */
  password: string | null;
  accessToken: string | null;
  mailbox: string;
  /** Where a taken message is moved after it was marked \Seen; null leaves it in `mailbox`. */
  recordedFolder: string | null;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host.toLowerCase());

const ImapEnvSchema = z
  .object({
    IMAP_HOST: z.string().trim().min(1).optional(),
    IMAP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    IMAP_TLS: z.enum(["true", "false"]).default("true"),
    IMAP_USER: z.string().trim().min(1).optional(),
    IMAP_PASSWORD: z.string().optional(),
    IMAP_ACCESS_TOKEN: z.string().optional(),
    IMAP_MAILBOX: z.string().trim().min(1).default("INBOX"),
    IMAP_RECORDED_FOLDER: z.string().trim().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    const others = (["IMAP_PORT", "IMAP_USER", "IMAP_PASSWORD", "IMAP_ACCESS_TOKEN", "IMAP_RECORDED_FOLDER"] as const).filter((name) => env[name] !== undefined);
    if (!env.IMAP_HOST) {
      if (others.length) ctx.addIssue({ code: "custom", path: ["IMAP_HOST"], message: `is needed with ${others.join(", ")}` });
      return;
    }
    if (!env.IMAP_USER) ctx.addIssue({ code: "custom", path: ["IMAP_USER"], message: "is needed with IMAP_HOST" });
    if ((env.IMAP_PASSWORD === undefined) === (env.IMAP_ACCESS_TOKEN === undefined)) {
      ctx.addIssue({ code: "custom", path: ["IMAP_PASSWORD"], message: "set IMAP_PASSWORD or IMAP_ACCESS_TOKEN (OAuth2), one of the two" });
    }
  });

/** The IMAP configuration in `source` (process.env in the app), or null when no mailbox is configured; throws on a mistake. */
export function parseImapConfig(source: Record<string, string | undefined>): ImapConfig | null {
  const given = Object.fromEntries(Object.entries(source).filter(([name, value]) => name.startsWith("IMAP_") && value !== undefined && value !== ""));
  const parsed = ImapEnvSchema.safeParse(given);
  if (!parsed.success) {
    // Never repeats a value: IMAP_PASSWORD and IMAP_ACCESS_TOKEN are secrets.
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  if (!env.IMAP_HOST) return null;
  const tls = env.IMAP_TLS === "true";
  return {
    host: env.IMAP_HOST,
    port: env.IMAP_PORT ?? (tls ? 993 : 143),
    tls,
    user: env.IMAP_USER!,
    password: env.IMAP_PASSWORD ?? null,
    accessToken: env.IMAP_ACCESS_TOKEN ?? null,
    mailbox: env.IMAP_MAILBOX,
    recordedFolder: env.IMAP_RECORDED_FOLDER ?? null,
  };
}

/** Read on each call (a handful of variables), so tests that change the environment need no reset. */
export const getImapConfig = (): ImapConfig | null => parseImapConfig(process.env);
