/**
 * The job that sends one queued message (queue-mail.server.ts queues it), run by a pg-boss worker
 * (app/modules/jobs/). It locks the message's row for the whole attempt and records the outcome in
 * the same transaction, so a second worker or a job run again finds it sent and stops: nothing goes
 * out twice. A failed attempt is recorded (mail_attempt), and the retry is scheduled by this job as a
 * new job after the delay of retry-policy.ts, in the same transaction (docs/operations.md#mail-delivery);
 * a permanent refusal (5xx) or the last allowed attempt gives the message up.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { withPgTransaction } from "~db/sql.server";
import type { MailStatus } from "~db/entities/MailMessage";
import { inTransaction, jobs } from "~/modules/jobs/boss.server";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { getMailConfig } from "./mail-config.server";
import { describeMailError, isPermanentRefusal } from "./message";
import { retryAfterFailure, type MailRetryPolicy } from "./retry-policy";
import { deliverMail, type StoredMail } from "./transport.server";
import { countMailFailure } from "~/utils/metrics.server";

export const MAIL_QUEUE = "mail-send";
/**
 * pg-boss's own retries of a mail job: only for a run that crashed or expired (a worker that died, a
 * database that went away mid-attempt). A refused delivery is not an error of the job; this job
 * schedules its retry itself.
 */
export const MAIL_RETRY_LIMIT = 3;

export interface MailJobData {
  mailId: number;
}

/** The run of the job: its pg-boss id (absent when a test or a script calls the job directly). */
export interface MailJobRun {
  id?: string;
}

export type MailJobOutcome = "sent" | "already-sent" | "already-failed" | "superseded" | "retry-scheduled" | "refused" | "gave-up" | "missing";

const mailLog = log.child({ component: "mail" });

/** The retry policy in force (MAIL_RETRY_BASE_SECONDS, MAIL_RETRY_MAX_SECONDS, MAIL_MAX_ATTEMPTS). */
export function mailRetryPolicy(): MailRetryPolicy {
  const env = getEnv();
  return { baseSeconds: env.MAIL_RETRY_BASE_SECONDS, maxSeconds: env.MAIL_RETRY_MAX_SECONDS, maxAttempts: env.MAIL_MAX_ATTEMPTS };
}

/**
 * Creates the job that makes the message's next attempt, on the caller's transaction, and returns its
 * id for mail_message.job_id. `delaySeconds` 0 means now.
 */
export async function sendMailJob(client: pg.ClientBase, mailId: number, delaySeconds = 0): Promise<string> {
  const id = randomUUID();
  const data: MailJobData = { mailId };
  const jobId = await jobs().send(MAIL_QUEUE, data, { id, db: inTransaction(client), ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}) });
  // pg-boss inserts nothing for a queue it does not know: better to fail the save than lose the mail.
  if (!jobId) throw new Error(`the ${MAIL_QUEUE} queue does not exist`);
  return jobId;
}

interface MailRow {
  id: number;
  status: MailStatus;
  attempts: number;
  job_id: string | null;
  from_address: string | null;
  to_addresses: string[];
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  message_uuid: string;
  created_at: Date;
}

const toStored = (row: MailRow, attachments: StoredMail["attachments"]): StoredMail => ({
  id: row.id,
  from: row.from_address,
  to: row.to_addresses,
  replyTo: row.reply_to,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  messageUuid: row.message_uuid,
  createdAt: row.created_at,
  attachments,
});

async function attachmentsOf(client: pg.ClientBase, mailId: number): Promise<StoredMail["attachments"]> {
  const { rows } = await client.query<{ file_name: string; content_type: string; content: Buffer | null }>(
    "select file_name, content_type, content from mail_attachment where mail_id = $1 order by position",
    [mailId],
  );
  // Bytes go only once the message is sent, and a sent message is never sent again.
  if (rows.some((row) => row.content === null)) throw new Error(`mail ${mailId}: an attachment's content is gone`);
  return rows.map((row) => ({ fileName: row.file_name, contentType: row.content_type, content: row.content! }));
}

/** Codes only: the server's answer can name a recipient, so it stays in the table, not in the log. */
const errorCodes = (error: unknown) => {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  return { responseCode: typeof responseCode === "number" ? responseCode : undefined, code: typeof code === "string" ? code : undefined };
};

export async function runMailJob({ mailId }: MailJobData, run: MailJobRun = {}): Promise<{ outcome: MailJobOutcome }> {
  // A connection of its own: the row stays locked while the server is talked to, without holding
  // one of the ORM pool's connections that requests need.
  return withPgTransaction(
    async (client): Promise<{ outcome: MailJobOutcome }> => {
      const { rows } = await client.query<MailRow>(
        `select id, status, attempts, job_id, from_address, to_addresses, reply_to, subject, text_body, html_body, message_uuid, created_at
           from mail_message where id = $1 for update`,
        [mailId],
      );
      const row = rows[0];
      if (!row) return { outcome: "missing" };
      if (row.status === "sent") return { outcome: "already-sent" };
      if (row.status === "failed") return { outcome: "already-failed" };
      if (run.id && row.job_id && row.job_id !== run.id) return { outcome: "superseded" };
      try {
        const delivery = await deliverMail(toStored(row, await attachmentsOf(client, mailId)), getMailConfig());
        // The bytes were only kept to send; the name and size stay as a record of what went out.
        await client.query("update mail_attachment set content = null where mail_id = $1", [mailId]);
        await client.query("insert into mail_attempt (mail_id, attempted_at, error) values ($1, clock_timestamp(), null)", [mailId]);
        await client.query(
          `update mail_message set status = 'sent', sent_at = clock_timestamp(), last_attempt_at = clock_timestamp(), next_attempt_at = null,
                  job_id = null, attempts = attempts + 1, delivery = $2, last_error = null where id = $1`,
          [mailId, delivery],
        );
        return { outcome: "sent" };
      } catch (error) {
        const reason = describeMailError(error);
        const decision = retryAfterFailure(mailRetryPolicy(), row.attempts + 1, isPermanentRefusal(error));
        await client.query("insert into mail_attempt (mail_id, attempted_at, error) values ($1, clock_timestamp(), $2)", [mailId, reason]);
        if (decision.retry) {
          const jobId = await sendMailJob(client, mailId, decision.delaySeconds);
          await client.query(
            `update mail_message set status = 'queued', attempts = attempts + 1, last_error = $2, last_attempt_at = clock_timestamp(),
                    next_attempt_at = clock_timestamp() + make_interval(secs => $3), job_id = $4 where id = $1`,
            [mailId, reason, decision.delaySeconds, jobId],
          );
          mailLog.warn({ mailId, attempt: row.attempts + 1, retryInSeconds: decision.delaySeconds, ...errorCodes(error) }, "mail delivery failed; retry scheduled");
          countMailFailure("retry");
          return { outcome: "retry-scheduled" };
        }
        await client.query(
          `update mail_message set status = 'failed', attempts = attempts + 1, last_error = $2, last_attempt_at = clock_timestamp(),
                  next_attempt_at = null, job_id = null where id = $1`,
          [mailId, reason],
        );
        mailLog.error({ mailId, attempt: row.attempts + 1, reason: decision.reason, ...errorCodes(error) }, "mail delivery failed; given up");
        countMailFailure(decision.reason === "permanent" ? "refused" : "failed");
        return { outcome: decision.reason === "permanent" ? "refused" : "gave-up" };
      }
    },
    { applicationName: "land-records-mail" },
  );
}
