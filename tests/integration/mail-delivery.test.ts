import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import { getOrm } from "../../db/orm";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { queueMail } from "../../app/modules/mail/queue-mail.server";
import { runMailJob } from "../../app/modules/mail/mail-job.server";
import { resetEnvCache } from "../../app/utils/env.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { loader, action } from "../../app/routes/mail-delivery";
import { loader as rootLoader } from "../../app/root";
import { call, formRequest, useUploadTestEnvironment } from "./support/uploads";
import { freePort } from "./support/ports";

/**
 * The mail delivery screen (docs/operations.md#mail-delivery) against a real PostgreSQL, pg-boss and a
 * loopback SMTP server that refuses for now (451) before it accepts: a refused message is listed for a
 * system admin with its attempts, masked recipients and error, and the next attempt; "Retry now" posted
 * as a plain form (what a browser without JavaScript sends) delivers it once and is audited; everyone
 * else is refused (403, access.refused).
 */
const env = useUploadTestEnvironment("mail-delivery");
const BASE = "http://localhost:3000";
const SAVED = Object.fromEntries(["SMTP_URL", "MAIL_RETRY_BASE_SECONDS", "MAIL_RETRY_MAX_SECONDS", "MAIL_MAX_ATTEMPTS"].map((n) => [n, process.env[n]]));

const received: { subject: string; to: string[] }[] = [];
let refuseNext = 0;
let smtp: SMTPServer;

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

const mailRow = async (id: number) =>
  (await sql<{ status: string; attempts: number; job_id: string | null; next_attempt_at: string | null }>("select status, attempts, job_id, next_attempt_at from mail_message where id = ?", [id]))[0]!;
const page = (role: string, query = "") => call(() => loader({ request: new Request(`${BASE}/mail-delivery${query}`, { headers: { Cookie: env.cookies[role]! } }), params: {}, context: {} }));
const retry = (role: string, mailId: number | string) =>
  call(() => action({ request: formRequest(`${BASE}/mail-delivery`, env.cookies[role]!, { intent: "retry", mailId: String(mailId), page: "1" }), params: {}, context: {} }));
const flashAfter = async (response: Response, role: string) => {
  const cookie = `${env.cookies[role]!}; ${(response.headers.get("Set-Cookie") ?? "").split(";")[0]}`;
  const root = (await (await call(() => rootLoader({ request: new Request(`${BASE}/mail-delivery`, { headers: { Cookie: cookie } }), params: {}, context: {} }))).json()) as {
    flash?: { title: string } | null;
  };
  return root.flash ?? null;
};
const refusals = async (userId: string) =>
  (await sql<{ n: number }>("select count(*)::int as n from audit_log where action = 'access.refused' and user_id = ? and entity_type = 'MailMessage'", [userId]))[0]!.n;

beforeAll(async () => {
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData: (stream, session, callback) => {
      simpleParser(stream).then((mail) => {
        if (refuseNext > 0) {
          refuseNext--;
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        }
        received.push({ subject: mail.subject ?? "", to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", () => resolve()));
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  // The retry after a refusal comes in a minute: long enough to look at the screen and press "Retry now" first.
  process.env.MAIL_RETRY_BASE_SECONDS = "60";
  process.env.MAIL_RETRY_MAX_SECONDS = "60";
  delete process.env.MAIL_MAX_ATTEMPTS;
  resetEnvCache();
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: true, pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await stopJobs(2000);
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  for (const [name, value] of Object.entries(SAVED)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

describe("a refused message on the mail delivery screen", () => {
  let mailId = 0;

  it("is retried later, and listed meanwhile with its attempts, masked recipients, error and next attempt", async () => {
    refuseNext = 1;
    ({ mailId } = await queueMail(
      { to: ["margaret.nguyen@farm.example", "pmo@corp.example", "finance@corp.example"], subject: "Project start-up completed: Delivery test", text: "Body text" },
      { kind: "startup-notification" },
    ));
    const waiting = await until(
      () => mailRow(mailId),
      (row) => row.attempts === 1,
    );
    expect(waiting.status).toBe("queued");
    expect(waiting.next_attempt_at).not.toBeNull();

    const response = await page("system_admin");
    expect(response.status).toBe(200);
    const data = (await response.json()) as { mails: Record<string, unknown>[]; waiting: number; givenUp: number; failuresLast24h: number };
    expect(data.failuresLast24h).toBeGreaterThanOrEqual(1);
    expect(data.waiting).toBeGreaterThanOrEqual(1);
    const listed = data.mails.find((m) => m.id === mailId)!;
    expect(listed).toMatchObject({ kind: "startup-notification", state: "waiting", attempts: 1, recipients: "m…@farm.example, p…@corp.example and 1 more" });
    expect(listed.lastError).toMatch(/^451/);
    expect(new Date(listed.nextAttemptAt as string).getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Neither the body, nor the subject, nor a whole address reaches the screen.
    const text = JSON.stringify(data);
    expect(text).not.toContain("Body text");
    expect(text).not.toContain("Delivery test");
    expect(text).not.toContain("margaret.nguyen");
    expect(received).toHaveLength(0);
  });

  it("is refused to everyone but a system admin, and each refusal is audited", async () => {
    for (const [role, userId] of [
      ["client_owner", "seed-client-owner"],
      ["director", "seed-director"],
      ["officer", "seed-officer"],
    ] as const) {
      const before = await refusals(userId);
      expect((await page(role)).status, role).toBe(403);
      expect((await retry(role, mailId)).status, role).toBe(403);
      await until(
        () => refusals(userId),
        (n) => n >= before + 2,
        5000,
      );
    }
    expect((await mailRow(mailId)).attempts).toBe(1);
  });

  it('is delivered once by "Retry now", posted as a plain form, which is audited and takes over from the scheduled retry', async () => {
    const scheduledJob = (await mailRow(mailId)).job_id!;
    const response = await retry("system_admin", mailId);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/mail-delivery");
    expect(await flashAfter(response, "system_admin")).toMatchObject({ title: "Retry Queued" });

    const sent = await until(
      () => mailRow(mailId),
      (row) => row.status !== "queued",
    );
    expect(sent).toMatchObject({ status: "sent", attempts: 2, job_id: null, next_attempt_at: null });
    expect(received).toEqual([{ subject: "Project start-up completed: Delivery test", to: ["margaret.nguyen@farm.example", "pmo@corp.example", "finance@corp.example"] }]);
    const attempts = await sql<{ error: string | null }>("select error from mail_attempt where mail_id = ? order by id", [mailId]);
    expect(attempts.map((a) => (a.error === null ? "delivered" : a.error.slice(0, 3)))).toEqual(["451", "delivered"]);
    const audit = await sql<{ user_id: string; entity_id: string; after: { status: string } }>("select user_id, entity_id, after from audit_log where action = 'mail.retry'");
    expect(audit).toEqual([{ user_id: "seed-system-admin", entity_id: String(mailId), after: { status: "queued" } }]);

    // The retry that was scheduled for later finds the message sent; nothing goes out twice.
    expect(await runMailJob({ mailId }, { id: scheduledJob })).toEqual({ outcome: "already-sent" });
    expect(received).toHaveLength(1);
    const after = (await (await page("system_admin")).json()) as { mails: { id: number }[] };
    expect(after.mails.map((m) => m.id)).not.toContain(mailId);
  });

  it("gives a message that was given up one more attempt, and refuses to retry one that was sent", async () => {
    const [{ id }] = await sql<{ id: number }>(
      `insert into mail_message (to_addresses, subject, text_body, message_uuid, status, attempts, last_error, last_attempt_at)
       values ('["records@corp.example"]', 'Given up earlier', 'Body', gen_random_uuid(), 'failed', 10, '550 <records@corp.example> mailbox full', now()) returning id`,
    );
    const listed = ((await (await page("system_admin")).json()) as { mails: { id: number; state: string; lastError: string; nextAttemptAt: string | null }[] }).mails.find((m) => m.id === id)!;
    expect(listed).toMatchObject({ state: "given-up", lastError: "550 <r…@corp.example> mailbox full", nextAttemptAt: null });

    expect((await retry("system_admin", id)).status).toBe(302);
    expect(
      await until(
        () => mailRow(id),
        (row) => row.status !== "queued",
      ),
    ).toMatchObject({ status: "sent", attempts: 11 });
    expect(received.filter((r) => r.subject === "Given up earlier")).toHaveLength(1);

    const again = await retry("system_admin", id);
    expect(again.status).toBe(302);
    expect(await flashAfter(again, "system_admin")).toMatchObject({ title: "Retry Failed" });
    expect((await mailRow(id)).attempts).toBe(11);
  });
});
