/**
 * The job that sends one queued message (queue-mail.server.ts queues it), run by a pg-boss worker
 * (app/modules/jobs/). It locks the message's row for the whole attempt and marks it sent in the
 * same transaction, so a retry, an expired job run again or a second worker finds it sent and stops:
 * nothing goes out twice. A refusal worth retrying (4xx, timeout, no connection) is recorded and
 * thrown, and pg-boss tries again later with a growing delay; a permanent refusal (5xx) fails the
 * message at once.
 */
import { withPgTransaction } from "~db/sql.server";
import type { MailStatus } from "~db/entities/MailMessage";
import { getMailConfig } from "./mail-config.server";
import { describeMailError, isPermanentRefusal } from "./message";
import { deliverMail, type StoredMail } from "./transport.server";
import { log } from "~/utils/log.server";
import { countMailFailure } from "~/utils/metrics.server";

export const MAIL_QUEUE = "mail-send";
/**
 * Retries after the first attempt. With a 60 s delay doubling each time (app/queues.server.ts), the last
 * comes some 4 to 8 hours after the first: a mail server down for an afternoon loses nothing.
 */
export const MAIL_RETRY_LIMIT = 8;

export interface MailJobData {
  mailId: number;
}

/** Which try this is (pg-boss's counters: retryCount is 0 on the first run). */
export interface MailJobAttempt {
  retryCount: number;
  retryLimit: number;
}

export type MailJobOutcome = "sent" | "already-sent" | "already-failed" | "refused" | "missing";

interface MailRow {
  id: number;
  status: MailStatus;
  from_address: string | null;
  to_addresses: string[];
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  message_uuid: string;
  created_at: Date;
}

const toStored = (row: MailRow): StoredMail => ({
  id: row.id,
  from: row.from_address,
  to: row.to_addresses,
  replyTo: row.reply_to,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  messageUuid: row.message_uuid,
  createdAt: row.created_at,
});

export async function runMailJob({ mailId }: MailJobData, attempt?: MailJobAttempt): Promise<{ outcome: MailJobOutcome }> {
  // A connection of its own: the row stays locked while the server is talked to, without holding
  // one of the ORM pool's connections that requests need.
  const { outcome, retry } = await withPgTransaction(
    async (client): Promise<{ outcome: MailJobOutcome; retry?: { error: unknown } }> => {
      const { rows } = await client.query<MailRow>(
        `select id, status, from_address, to_addresses, reply_to, subject, text_body, html_body, message_uuid, created_at
           from mail_message where id = $1 for update`,
        [mailId],
      );
      const row = rows[0];
      const settled: MailJobOutcome | null = !row ? "missing" : row.status === "sent" ? "already-sent" : row.status === "failed" ? "already-failed" : null;
      if (settled) return { outcome: settled };
      let delivery: string;
      try {
        delivery = await deliverMail(toStored(row!), getMailConfig());
      } catch (error) {
        const permanent = isPermanentRefusal(error);
        const lastTry = permanent || (attempt !== undefined && attempt.retryCount >= attempt.retryLimit);
        await client.query("update mail_message set status = $3, attempts = attempts + 1, last_error = $2 where id = $1", [mailId, describeMailError(error), lastTry ? "failed" : "queued"]);
        // The server's answer can name the recipient: it stays in the row (last_error); the line has codes only.
        const failure = permanent ? "refused" : lastTry ? "failed" : "retry";
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        log.error({ component: "mail", mailId, outcome: failure, code, responseCode }, "Mail delivery failed");
        countMailFailure(failure);
        // The refusal is recorded (committed) either way; thrown after the commit, pg-boss retries the job,
        // while a permanent refusal completes it.
        return permanent ? { outcome: "refused" } : { outcome: "refused", retry: { error } };
      }
      await client.query("update mail_message set status = 'sent', sent_at = clock_timestamp(), attempts = attempts + 1, delivery = $2, last_error = null where id = $1", [mailId, delivery]);
      return { outcome: "sent" };
    },
    { applicationName: "land-records-mail" },
  );
  if (retry) throw retry.error;
  return { outcome };
}
