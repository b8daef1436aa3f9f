/**
 * Reads the configured mailbox over IMAP (docs/inbound-mail.md#imap): a scheduled job takes each unseen
 * message, hands its source to the one inbound pipeline and only then marks it \Seen (and moves it to
 * IMAP_RECORDED_FOLDER when set). A crash between the two re-reads the message on the next run rather than
 * losing it, and the pipeline records a Message-ID once, so reading a message twice records it once.
 */
import { ImapFlow, type ImapFlowOptions } from "imapflow";
import { log } from "~/utils/log.server";
import { getImapConfig, isLoopbackHost, type ImapConfig } from "./imap-config";

export const IMAP_QUEUE = "inbound-imap";
/** Every minute (UTC): mail BCC'd from the field should be on the timeline by the time the officer looks. */
export const IMAP_CRON = "* * * * *";
/** Messages taken per run, so one run ends well within its expiry; the next run goes on. */
export const IMAP_BATCH = 200;

const imapLog = log.child({ component: "inbound-imap" });

/** IMAP has no envelope: the pipeline reads the project address from Delivered-To, To and Cc itself. */
export interface ImapReceiveMeta {
  via: "imap";
  envelopeTo: [];
}

/** What the pipeline is handed for each message (receiveInboundMessage in the app). Throwing leaves the message unseen. */
export type ImapReceive = (raw: Buffer, meta: ImapReceiveMeta) => Promise<unknown>;

export interface ImapRunResult {
  /** Messages handed to the pipeline and marked \Seen. */
  taken: number;
  /** Messages over the size limit: marked \Seen and \Flagged without being read, so a person can look. */
  refused: number;
  /** Messages the pipeline threw on: left unseen for the next run. */
  failed: number;
}

export function imapOptions(config: ImapConfig): ImapFlowOptions {
  return {
    host: config.host,
    port: config.port,
    secure: config.tls,
    // A login never crosses a network in clear text: without TLS from the start, STARTTLS is required
    // unless the server is this machine (docs/inbound-mail.md#imap).
    ...(config.tls || isLoopbackHost(config.host) ? {} : { doSTARTTLS: true }),
    auth: config.accessToken ? { user: config.user, accessToken: config.accessToken } : { user: config.user, pass: config.password ?? "" },
    logger: false,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 120_000,
    disableAutoIdle: true,
  };
}

/** One pass over the mailbox's unseen messages (at most `batch`); see the file's comment for the order of things. */
export async function readImapMailbox(config: ImapConfig, receive: ImapReceive, { maxBytes, batch = IMAP_BATCH }: { maxBytes: number; batch?: number }): Promise<ImapRunResult> {
  const client = new ImapFlow(imapOptions(config));
  const result: ImapRunResult = { taken: 0, refused: 0, failed: 0 };
  client.on("error", (error: Error) => imapLog.warn({ err: { message: error.message } }, "IMAP connection error"));
  await client.connect();
  try {
    if (config.recordedFolder) await ensureFolder(client, config.recordedFolder);
    const lock = await client.getMailboxLock(config.mailbox);
    try {
      const unseen = ((await client.search({ seen: false }, { uid: true })) || []).slice(0, batch);
      for (const uid of unseen) {
        const message = await client.fetchOne(String(uid), { uid: true, size: true }, { uid: true });
        if (!message) continue;
        if ((message.size ?? 0) > maxBytes) {
          imapLog.warn({ uid, size: message.size, maxBytes }, "Inbound message over the size limit left in the mailbox, flagged");
          await client.messageFlagsAdd(String(uid), ["\\Seen", "\\Flagged"], { uid: true });
          result.refused++;
          continue;
        }
        const full = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
        if (!full || !full.source) continue;
        try {
          await receive(full.source, { via: "imap", envelopeTo: [] });
        } catch (error) {
          result.failed++;
          imapLog.error({ uid, err: { message: error instanceof Error ? error.message : String(error) } }, "Inbound message not taken; it stays unseen for the next run");
          continue;
        }
        await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
        if (config.recordedFolder) await client.messageMove(String(uid), config.recordedFolder, { uid: true });
        result.taken++;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return result;
}

async function ensureFolder(client: ImapFlow, folder: string) {
  const exists = (await client.list()).some((box) => box.path === folder);
  if (!exists) await client.mailboxCreate(folder);
}

/**
 * The scheduled job: nothing when no mailbox is configured (docs/inbound-mail.md#imap). A run in which a
 * message failed throws after the others were taken, so the failure is counted; the message waits for the next run.
 */
export async function runImapJob(receive: ImapReceive, maxBytes: number): Promise<ImapRunResult | null> {
  const config = getImapConfig();
  if (!config) return null;
  const result = await readImapMailbox(config, receive, { maxBytes });
  if (result.taken || result.refused || result.failed) imapLog.info({ ...result, mailbox: config.mailbox }, "Read the inbound mailbox");
  if (result.failed) throw new Error(`${result.failed} inbound message(s) could not be taken; they stay unseen`);
  return result;
}

/** Checked as the background jobs start: a mistake in IMAP_* stops start-up. */
export function checkImapConfig(): void {
  getImapConfig();
}
