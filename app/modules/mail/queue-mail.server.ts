/**
 * queueMail: the one way the app sends e-mail (the project phases' notifications, user invitations).
 * The message is stored in mail_message and its pg-boss job created on the caller's connection, so
 * inside a transaction both exist only if that transaction commits, and the save never waits for
 * (or fails because of) a mail server: mail-job.server.ts sends it later, with retries.
 */
import type pg from "pg";
import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { transactionPgClient, withPgTransaction } from "~db/sql.server";
import { checkOutgoingMail, type OutgoingMail } from "./message";
import { sendMailJob } from "./mail-job.server";

export interface QueueMailOptions {
  /**
   * The unit of work to join. By default the current one: inside `db().transactional(...)` that
   * transaction; outside any transaction the message is queued at once, in a transaction of its own.
   */
  em?: EntityManager;
  /** A pg connection with a transaction begun (withPgTransaction in db/sql.server.ts): joins that instead of `em`. */
  client?: pg.ClientBase;
  /** What the message is for ("startup-notification", "invitation" …), kept with it for whoever reads the table. */
  kind?: string;
  /**
   * "This message once": a second queueMail with the same key (a double submit, a retried request)
   * queues nothing and returns the first message's id.
   */
  dedupeKey?: string;
}

export interface QueuedMail {
  mailId: number;
  /** false when `dedupeKey` matched a message queued before. */
  queued: boolean;
}

/**
 * Queues `mail` for sending. Throws InvalidMailError for a message without a valid recipient, subject
 * or plain-text body; otherwise only when the database itself fails.
 */
export async function queueMail(mail: OutgoingMail, options: QueueMailOptions = {}): Promise<QueuedMail> {
  const checked = checkOutgoingMail(mail);
  const insert = (client: pg.ClientBase) => insertMessage(client, checked, options);
  if (options.client) return insert(options.client);
  // Outside any request context (a job, a script) there is simply no transaction to join.
  const joined = await transactionPgClient(options.em);
  if (joined) return insert(joined);
  return withPgTransaction(insert);
}

async function insertMessage(client: pg.ClientBase, mail: ReturnType<typeof checkOutgoingMail>, options: QueueMailOptions): Promise<QueuedMail> {
  const { rows } = await client.query<{ id: number }>(
    `insert into mail_message (kind, dedupe_key, from_address, to_addresses, reply_to, subject, text_body, html_body, message_uuid)
     values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9)
     on conflict (dedupe_key) do nothing returning id`,
    [options.kind ?? null, options.dedupeKey ?? null, mail.from, JSON.stringify(mail.to), mail.replyTo, mail.subject, mail.text, mail.html, randomUUID()],
  );
  if (!rows[0]) {
    const existing = await client.query<{ id: number }>("select id from mail_message where dedupe_key = $1", [options.dedupeKey]);
    return { mailId: existing.rows[0]!.id, queued: false };
  }
  for (const [position, attachment] of mail.attachments.entries())
    await client.query(`insert into mail_attachment (mail_id, position, file_name, content_type, size_bytes, content) values ($1, $2, $3, $4, $5, $6)`, [
      rows[0].id,
      position,
      attachment.fileName,
      attachment.contentType,
      attachment.content.byteLength,
      Buffer.from(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength),
    ]);
  const jobId = await sendMailJob(client, rows[0].id);
  await client.query("update mail_message set job_id = $2 where id = $1", [rows[0].id, jobId]);
  return { mailId: rows[0].id, queued: true };
}
