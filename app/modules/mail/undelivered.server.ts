/**
 * Undelivered mail for the system administrator (docs/operations.md#mail-delivery): the messages
 * waiting for a retry or given up, with their attempts, last error, next attempt and a masked
 * recipient line, the failures of the last 24 hours, and "Retry now".
 */
import type { CurrentUser } from "~/modules/access/current-user.server";
import { requireSystemPermission } from "~/modules/access/system.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { AppError } from "~/utils/app-error";
import { parseListQuery } from "~/utils/list-query";
import { db } from "~db/orm";
import { sqlOne, sqlRows, transactionPgClient } from "~db/sql.server";
import { sendMailJob } from "./mail-job.server";
import { maskAddressesIn, recipientSummary } from "./redact";

export const MAIL_DELIVERY_REFUSED = "Access Denied - Only system administrators can see mail delivery.";
export const MAIL_NOT_FOUND = "Mail not found";
export const MAIL_ALREADY_SENT = "This message has already been sent.";
export const MAIL_BEING_SENT = "This message is being sent right now. Check again in a minute.";

/** "waiting": a retry is scheduled; "given-up": refused for good, or out of attempts. */
export type UndeliveredState = "waiting" | "given-up";

export interface UndeliveredMail {
  id: number;
  kind: string | null;
  state: UndeliveredState;
  recipients: string;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

/** Refuses (403, audited) everyone but a system administrator. */
export const requireMailDeliveryAccess = (user: CurrentUser, entityId: string | number = "all") =>
  requireSystemPermission(user, "mailDelivery", { message: MAIL_DELIVERY_REFUSED, entityType: "MailMessage", entityId });
const guard = requireMailDeliveryAccess;

// Queued messages that have been tried at least once wait for a retry; untried ones are simply new.
const UNDELIVERED = "(m.status = 'failed' or (m.status = 'queued' and m.attempts > 0))";

export async function loadMailDeliveryPage(user: CurrentUser, url: URL) {
  guard(user);
  const query = parseListQuery(url.searchParams, { sortKeys: ["recent"] as const, defaultSort: "recent", pageSize: 50 });
  const rows = await sqlRows<{
    id: number;
    kind: string | null;
    status: string;
    to_addresses: string[];
    attempts: number;
    last_error: string | null;
    last_attempt_at: Date | null;
    next_attempt_at: Date | null;
    created_at: Date;
  }>(
    `select m.id, m.kind, m.status, m.to_addresses, m.attempts, m.last_error, m.last_attempt_at, m.next_attempt_at, m.created_at
       from mail_message m where ${UNDELIVERED}
      order by coalesce(m.last_attempt_at, m.created_at) desc, m.id desc limit ? offset ?`,
    [query.pageSize, query.offset],
  );
  const totals = await sqlOne<{ waiting: number; given_up: number; failures_24h: number }>(
    `select (select count(*) from mail_message m where m.status = 'queued' and m.attempts > 0)::int as waiting,
            (select count(*) from mail_message m where m.status = 'failed')::int as given_up,
            (select count(*) from mail_attempt a where a.error is not null and a.attempted_at > now() - interval '24 hours')::int as failures_24h`,
  );
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const mails: UndeliveredMail[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    state: row.status === "failed" ? "given-up" : "waiting",
    recipients: recipientSummary(row.to_addresses),
    attempts: row.attempts,
    lastError: row.last_error === null ? null : maskAddressesIn(row.last_error),
    lastAttemptAt: iso(row.last_attempt_at),
    nextAttemptAt: iso(row.next_attempt_at),
    createdAt: iso(row.created_at)!,
  }));
  const waiting = totals?.waiting ?? 0;
  const givenUp = totals?.given_up ?? 0;
  return { mails, waiting, givenUp, failuresLast24h: totals?.failures_24h ?? 0, total: waiting + givenUp, page: query.page, pageSize: query.pageSize };
}
export type MailDeliveryPageData = Awaited<ReturnType<typeof loadMailDeliveryPage>>;

/**
 * "Retry now": the message is tried at once by a new job, which takes over from any retry that was
 * scheduled (that job finds itself overtaken and stops). A message that was given up gets one
 * attempt, and more only while it is under MAIL_MAX_ATTEMPTS. Audited as mail.retry.
 */
export async function retryMailNow(user: CurrentUser, mailId: number): Promise<{ mailId: number }> {
  guard(user, mailId);
  return db().transactional(async (em) => {
    const client = await transactionPgClient(em);
    if (!client) throw new Error("retryMailNow: no transaction");
    let row: { status: string; attempts: number } | undefined;
    try {
      // nowait: a job holds the row while it talks to the mail server; do not queue behind it.
      ({
        rows: [row],
      } = await client.query<{ status: string; attempts: number }>("select status, attempts from mail_message where id = $1 for update nowait", [mailId]));
    } catch (error) {
      if ((error as { code?: string }).code === "55P03") throw new AppError(409, MAIL_BEING_SENT);
      throw error;
    }
    if (!row) throw new AppError(404, MAIL_NOT_FOUND);
    if (row.status === "sent") throw new AppError(409, MAIL_ALREADY_SENT);
    const jobId = await sendMailJob(client, mailId);
    await client.query("update mail_message set status = 'queued', next_attempt_at = clock_timestamp(), job_id = $2 where id = $1", [mailId, jobId]);
    recordAudit({ userId: user.id, action: "mail.retry", entityType: "MailMessage", entityId: mailId, before: { status: row.status, attempts: row.attempts }, after: { status: "queued" } });
    return { mailId };
  });
}
