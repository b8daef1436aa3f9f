import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { db, getOrm, withRequestContext } from "../../db/orm";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { withPgClient } from "../../db/sql.server";
import { queueMail } from "../../app/modules/mail/queue-mail.server";
import { MAIL_QUEUE, runMailJob } from "../../app/modules/mail/mail-job.server";
import { formSummaryMessage } from "../../app/modules/mail/form-summary";
import { DEFAULT_MAIL_FROM, getClosureNotifyEmails, getStartupNotifyEmails } from "../../app/modules/mail/mail-config.server";
import { resetEnvCache } from "../../app/utils/env.server";
import { useTestDatabase } from "../setup/test-database";
import { freePort } from "./support/ports";
import { JOB_QUEUES } from "../../app/queues.server";

/**
 * Mail end to end against a real PostgreSQL, pg-boss and a real SMTP server on loopback
 * (smtp-server): what arrives, the retry after a refusal, a server that is down, the transaction
 * the message joins, nothing sent twice, and the outbox folder when no server is configured.
 */
const MAIL_ENV = ["SMTP_URL", "MAIL_FROM", "STARTUP_NOTIFY_EMAILS", "CLOSURE_NOTIFY_EMAILS", "DATA_DIR", "MAIL_RETRY_BASE_SECONDS", "MAIL_RETRY_MAX_SECONDS", "MAIL_MAX_ATTEMPTS"] as const;
const saved = Object.fromEntries(MAIL_ENV.map((name) => [name, process.env[name]]));
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let dataDir: string;

interface Arrival {
  from: string;
  recipients: string[];
  mail: ParsedMail;
}

/** A loopback SMTP server that keeps what it accepts and can refuse, for now or for good, at RCPT or DATA. */
class TestSmtpServer {
  readonly arrivals: Arrival[] = [];
  refusals = { stage: "data" as "rcpt" | "data", count: 0, code: 451 };
  private refusing = new Set<string>();
  private server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      // smtp-server's STARTTLS would offer a self-signed certificate that nodemailer rightly refuses.
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo: (_address, session, callback) => callback(this.refusal("rcpt", session)),
      onData: (stream, session, callback) => {
        simpleParser(stream).then(
          (mail) => {
            const refused = this.refusal("data", session);
            if (!refused) {
              this.arrivals.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", recipients: session.envelope.rcptTo.map((r) => r.address), mail });
            }
            callback(refused);
          },
          (error: Error) => callback(error),
        );
      },
    });
  }

  /** Refuses every recipient (or the data) of the next `count` transactions. */
  private refusal(stage: "rcpt" | "data", session: SMTPServerSession): Error | null {
    if (stage !== this.refusals.stage) return null;
    if (!this.refusing.has(session.id)) {
      if (this.refusals.count <= 0) return null;
      this.refusals.count--;
      this.refusing.add(session.id);
    }
    const temporary = this.refusals.code < 500;
    return Object.assign(new Error(temporary ? "Try again later" : "No such mailbox here"), { responseCode: this.refusals.code });
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => resolve());
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let smtp: TestSmtpServer;
let smtpPort: number;

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;

interface MailRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  delivery: string | null;
  message_uuid: string;
  sent_at: Date | null;
}

const mailRow = async (id: number) => (await sql<MailRow>("select id, status, attempts, last_error, delivery, message_uuid, sent_at from mail_message where id = ?", [id]))[0];

async function waitForMail(id: number, until: (row: MailRow) => boolean = (row) => row.status !== "queued", timeoutMs = 20_000): Promise<MailRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await mailRow(id);
    if (row && until(row)) return row;
    if (Date.now() > deadline) throw new Error(`mail ${id} did not settle: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const addresses = (field: AddressObject | AddressObject[] | undefined) => (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));
const mailJobs = async () => (await sql<{ n: number }>("select count(*)::int as n from pgboss.job where name = ?", [MAIL_QUEUE]))[0]!.n;
let sequence = 0;
const uniqueSubject = (what: string) => `${what} #${++sequence}`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-mail-"));
  process.env.DATA_DIR = dataDir;
  for (const name of ["SMTP_URL", "MAIL_FROM", "STARTUP_NOTIFY_EMAILS", "CLOSURE_NOTIFY_EMAILS", "MAIL_MAX_ATTEMPTS"]) delete process.env[name];
  // Retries a second or two apart instead of minutes, so a refusal's retry comes within the test.
  process.env.MAIL_RETRY_BASE_SECONDS = "1";
  process.env.MAIL_RETRY_MAX_SECONDS = "2";
  resetEnvCache();
  database = await useTestDatabase();
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: true, pollingIntervalSeconds: 0.5 });
  smtpPort = await freePort();
  smtp = new TestSmtpServer();
  await smtp.listen(smtpPort);
});

afterAll(async () => {
  await stopJobs(2000);
  await smtp?.close();
  await database?.drop();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  smtp.refusals = { stage: "data", count: 0, code: 451 };
});

afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.STARTUP_NOTIFY_EMAILS;
});

describe("mail through SMTP_URL", () => {
  it("delivers the start-up notification to the four departments with its subject and both bodies", async () => {
    process.env.STARTUP_NOTIFY_EMAILS = "pmo@corp.example, finance@corp.example, hse@corp.example, records@corp.example";
    const recipients = getStartupNotifyEmails();
    expect(recipients).toHaveLength(4);
    const summary = formSummaryMessage(uniqueSubject("Project start-up completed: Western Pipeline"), [
      ["Project title", "Western Pipeline <Stage 2>"],
      ["Comments", "Line one\nLine two"],
    ]);
    const { mailId, queued } = await queueMail({ to: recipients, ...summary }, { kind: "startup-notification" });
    expect(queued).toBe(true);

    const row = await waitForMail(mailId);
    expect(row).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    expect(row.delivery).toMatch(/^SMTP 250/);
    const arrived = smtp.arrivals.filter((a) => a.mail.subject === summary.subject);
    expect(arrived).toHaveLength(1);
    const [{ mail, recipients: envelope, from }] = arrived;
    expect(envelope).toEqual(recipients);
    expect(addresses(mail.to)).toEqual(recipients);
    expect(from).toBe("no-reply@example.com");
    expect(DEFAULT_MAIL_FROM).toBe("Land Liaison Records <no-reply@example.com>");
    expect(mail.from?.value).toEqual([{ name: "Land Liaison Records", address: "no-reply@example.com" }]);
    expect(mail.messageId).toBe(`<${row.message_uuid}@example.com>`);
    expect(mail.text).toContain("Project title: Western Pipeline <Stage 2>");
    expect(mail.text).toContain("Comments:\n  Line one\n  Line two");
    expect(mail.html).toContain("Western Pipeline &lt;Stage 2&gt;");
    expect(mail.html).toContain("Line one<br>");
  });

  it("uses MAIL_FROM and the closure list of three", async () => {
    process.env.MAIL_FROM = "Records Office <records-office@corp.example>";
    try {
      const recipients = getClosureNotifyEmails();
      expect(recipients).toHaveLength(3);
      const subject = uniqueSubject("Project closure completed");
      const { mailId } = await queueMail({ to: recipients, subject, text: "Closed." });
      expect((await waitForMail(mailId)).status).toBe("sent");
      const [arrival] = smtp.arrivals.filter((a) => a.mail.subject === subject);
      expect(arrival!.from).toBe("records-office@corp.example");
      expect(arrival!.recipients).toEqual(recipients);
      expect(arrival!.mail.html).toBe(false);
    } finally {
      delete process.env.MAIL_FROM;
    }
  });

  it.each(["rcpt", "data"] as const)("retries after a 451 at %s and then delivers the message once", async (stage) => {
    smtp.refusals = { stage, count: 1, code: 451 };
    const subject = uniqueSubject(`Refused at ${stage} first`);
    const { mailId } = await queueMail({ to: ["pmo@corp.example", "finance@corp.example"], subject, text: "Second time lucky", html: "<p>Second time lucky</p>" });

    const refused = await waitForMail(mailId, (row) => row.attempts >= 1);
    expect(refused.last_error ?? "").toMatch(/451/);
    const row = await waitForMail(mailId);
    expect(row).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    // Each attempt is a row: the refusal with the server's answer, then the delivery.
    const tries = await sql<{ error: string | null }>("select error from mail_attempt where mail_id = ? order by id", [mailId]);
    expect(tries.map((t) => (t.error ?? "delivered").slice(0, 3))).toEqual(["451", "del"]);
    expect((await sql<{ next_attempt_at: Date | null; job_id: string | null }>("select next_attempt_at, job_id from mail_message where id = ?", [mailId]))[0]).toEqual({
      next_attempt_at: null,
      job_id: null,
    });
    expect(smtp.refusals.count).toBe(0);
    const arrived = smtp.arrivals.filter((a) => a.mail.subject === subject);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.mail.text?.trim()).toBe("Second time lucky");
    expect(arrived[0]!.mail.html).toContain("<p>Second time lucky</p>");
    // Nothing more comes later: the job completed and the message is marked sent.
    await sleep(2000);
    expect(smtp.arrivals.filter((a) => a.mail.subject === subject)).toHaveLength(1);
  });

  it("gives up at once on a permanent refusal (550) and keeps the server's answer", async () => {
    smtp.refusals = { stage: "rcpt", count: 1, code: 550 };
    const subject = uniqueSubject("Nobody home");
    const { mailId } = await queueMail({ to: "gone@corp.example", subject, text: "Hello?" });
    const row = await waitForMail(mailId);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.last_error).toMatch(/550/);
    await sleep(2500);
    expect(await mailRow(mailId)).toMatchObject({ status: "failed", attempts: 1 });
    expect(smtp.arrivals.filter((a) => a.mail.subject === subject)).toHaveLength(0);
  });

  it("schedules the retry after the policy's delay, and marks a message failed when its last allowed attempt is refused too", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${await freePort()}`;
    // Two attempts in all, a minute apart: the scheduled job stays out of the way while this test runs the job itself.
    process.env.MAIL_MAX_ATTEMPTS = "2";
    process.env.MAIL_RETRY_BASE_SECONDS = "60";
    process.env.MAIL_RETRY_MAX_SECONDS = "60";
    resetEnvCache();
    try {
      // A row without a job: only the runs below touch it.
      const [{ id }] = await sql<{ id: number }>(
        "insert into mail_message (to_addresses, subject, text_body, message_uuid) values ('[\"pmo@corp.example\"]', 'Last try', 'Body', gen_random_uuid()) returning id",
      );
      expect(await runMailJob({ mailId: id })).toEqual({ outcome: "retry-scheduled" });
      const [waiting] = await sql<MailRow & { job_id: string; next_attempt_at: Date }>("select status, attempts, job_id, next_attempt_at, last_error from mail_message where id = ?", [id]);
      expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
      expect(waiting!.last_error).toMatch(/ECONNREFUSED/);
      // 60 s, less up to a fifth at random.
      const nextAttempt = new Date(waiting!.next_attempt_at).getTime();
      const wait = (nextAttempt - Date.now()) / 1000;
      expect(wait).toBeGreaterThan(40);
      expect(wait).toBeLessThanOrEqual(61);
      const [job] = await sql<{ state: string; start_after: Date }>("select state, start_after from pgboss.job where id = ?", [waiting!.job_id]);
      expect(job!.state).toBe("created");
      expect(Math.abs(new Date(job!.start_after).getTime() - nextAttempt)).toBeLessThan(2000);

      // Another run of the job (not the one scheduled) stands aside.
      expect(await runMailJob({ mailId: id }, { id: "00000000-0000-4000-8000-000000000000" })).toEqual({ outcome: "superseded" });
      expect(await runMailJob({ mailId: id }, { id: waiting!.job_id })).toEqual({ outcome: "gave-up" });
      const row = await mailRow(id);
      expect(row).toMatchObject({ status: "failed", attempts: 2, sent_at: null });
      expect(row!.last_error).toMatch(/ECONNREFUSED/);
      expect(await runMailJob({ mailId: id })).toEqual({ outcome: "already-failed" });
      expect(await sql("select error is not null as failed from mail_attempt where mail_id = ?", [id])).toEqual([{ failed: true }, { failed: true }]);
      await sql("delete from pgboss.job where id = ?", [waiting!.job_id]);
    } finally {
      delete process.env.MAIL_MAX_ATTEMPTS;
      process.env.MAIL_RETRY_BASE_SECONDS = "1";
      process.env.MAIL_RETRY_MAX_SECONDS = "2";
      resetEnvCache();
    }
  });

  it("never fails the save while the mail server is down, and delivers once it is back", async () => {
    const downPort = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${downPort}`;
    const subject = uniqueSubject("Sent while the server was down");
    const saved = await withRequestContext(() =>
      db().transactional(async () => {
        const { mailId } = await queueMail({ to: "pmo@corp.example", subject, text: "Patience" });
        return mailId;
      }),
    );
    const waiting = await waitForMail(saved, (row) => row.attempts >= 1);
    expect(waiting.status).toBe("queued");
    expect(waiting.last_error).toMatch(/ECONNREFUSED|connect/i);

    const late = new TestSmtpServer();
    await late.listen(downPort);
    try {
      const row = await waitForMail(saved);
      expect(row.status).toBe("sent");
      expect(row.attempts).toBeGreaterThanOrEqual(2);
      expect(late.arrivals.map((a) => a.mail.subject)).toEqual([subject]);
    } finally {
      await late.close();
    }
  });
});

describe("attachments", () => {
  it("arrive with their names, types and bytes; the bytes are dropped once sent, the record stays", async () => {
    const subject = uniqueSubject("Report pack");
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(200_000, 7)]);
    const csv = Buffer.from("name,area\nLot 1,12.5\n");
    const { mailId } = await queueMail({
      to: "lender@bank.example",
      subject,
      text: "Attached.",
      attachments: [
        { fileName: "pack.pdf", contentType: "application/pdf", content: pdf },
        { fileName: "areas.csv", contentType: "text/csv", content: csv },
      ],
    });
    expect((await waitForMail(mailId)).status).toBe("sent");
    const arrival = smtp.arrivals.find((a) => a.mail.subject === subject)!;
    expect(arrival.mail.text?.trim()).toBe("Attached.");
    expect(arrival.mail.attachments.map((a) => [a.filename, a.contentType, a.size])).toEqual([
      ["pack.pdf", "application/pdf", pdf.byteLength],
      ["areas.csv", "text/csv", csv.byteLength],
    ]);
    expect(arrival.mail.attachments[0]!.content.equals(pdf)).toBe(true);
    expect(await sql("select file_name, size_bytes, content is null as dropped from mail_attachment where mail_id = ? order by position", [mailId])).toEqual([
      { file_name: "pack.pdf", size_bytes: pdf.byteLength, dropped: true },
      { file_name: "areas.csv", size_bytes: csv.byteLength, dropped: true },
    ]);
  });

  it("are kept for the retry after a refusal, and sent then", async () => {
    smtp.refusals = { stage: "data", count: 1, code: 451 };
    const subject = uniqueSubject("Retried with a file");
    const { mailId } = await queueMail({ to: "lender@bank.example", subject, text: "Attached.", attachments: [{ fileName: "a.txt", contentType: "text/plain", content: Buffer.from("one") }] });
    const row = await waitForMail(mailId, (r) => r.status === "sent");
    expect(row.attempts).toBe(2);
    const arrival = smtp.arrivals.find((a) => a.mail.subject === subject)!;
    expect(arrival.mail.attachments.map((a) => a.content.toString())).toEqual(["one"]);
  });

  it("over the limit, or badly named, queue nothing", async () => {
    const before = await sql<{ n: number }>("select count(*)::int as n from mail_message");
    const big = { fileName: "big.pdf", contentType: "application/pdf", content: Buffer.alloc(10 * 1024 * 1024 + 1) };
    await expect(queueMail({ to: "a@example.com", subject: "Too big", text: "Body", attachments: [big] })).rejects.toThrow("Attachments over 10 MB");
    await expect(queueMail({ to: "a@example.com", subject: "Bad name", text: "Body", attachments: [{ ...big, fileName: "../x.pdf", content: Buffer.from("x") }] })).rejects.toThrow("Not a file name");
    expect(await sql<{ n: number }>("select count(*)::int as n from mail_message")).toEqual(before);
  });
});

describe("the caller's transaction", () => {
  it("queues nothing when the save rolls back, and sends only after the save commits", async () => {
    const jobsBefore = await mailJobs();
    const rolledBack = uniqueSubject("Rolled back");
    await expect(
      withRequestContext(() =>
        db().transactional(async () => {
          await queueMail({ to: "pmo@corp.example", subject: rolledBack, text: "Never" });
          throw new Error("the save failed");
        }),
      ),
    ).rejects.toThrow("the save failed");
    expect(await sql("select id from mail_message where subject = ?", [rolledBack])).toEqual([]);
    expect(await mailJobs()).toBe(jobsBefore);

    // While the save is still open the worker sees neither the message nor its job.
    const committed = uniqueSubject("Committed");
    let mailId = 0;
    await withRequestContext(() =>
      db().transactional(async (em) => {
        ({ mailId } = await queueMail({ to: "pmo@corp.example", subject: committed, text: "After commit" }, { em }));
        await sleep(1500);
        expect(smtp.arrivals.filter((a) => a.mail.subject === committed)).toHaveLength(0);
      }),
    );
    expect((await waitForMail(mailId)).status).toBe("sent");
    expect(smtp.arrivals.filter((a) => a.mail.subject === committed)).toHaveLength(1);
  });

  it("joins a transaction on a raw pg connection", async () => {
    const subject = uniqueSubject("On a pg client");
    const mailId = await withPgClient(async (client) => {
      await client.query("begin");
      const queued = await queueMail({ to: "pmo@corp.example", subject, text: "Raw" }, { client });
      await client.query("rollback");
      return queued.mailId;
    });
    expect(await mailRow(mailId)).toBeUndefined();
    expect(smtp.arrivals.filter((a) => a.mail.subject === subject)).toHaveLength(0);
  });
});

describe("nothing is sent twice", () => {
  it("queues a message with a dedupe key once, and a job run again finds it sent", async () => {
    const subject = uniqueSubject("Closure of project 42");
    const first = await queueMail({ to: "records@corp.example", subject, text: "Once" }, { dedupeKey: `closure:${subject}` });
    const second = await withRequestContext(() => db().transactional(() => queueMail({ to: "records@corp.example", subject, text: "Once" }, { dedupeKey: `closure:${subject}` })));
    expect(second).toEqual({ mailId: first.mailId, queued: false });
    expect((await waitForMail(first.mailId)).status).toBe("sent");

    // A second delivery of the job (an expired job run again, a retry after a lost answer).
    expect(await runMailJob({ mailId: first.mailId })).toEqual({ outcome: "already-sent" });
    await sleep(1000);
    expect(smtp.arrivals.filter((a) => a.mail.subject === subject)).toHaveLength(1);
    expect(await mailRow(first.mailId)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("sends a message once when two runs of its job race", async () => {
    smtp.refusals = { stage: "rcpt", count: 0, code: 451 };
    const subject = uniqueSubject("Raced");
    const { mailId } = await queueMail({ to: "pmo@corp.example", subject, text: "Race" });
    const outcomes = await Promise.all([runMailJob({ mailId }), runMailJob({ mailId }), runMailJob({ mailId })]);
    expect(outcomes.filter((o) => o.outcome === "sent").length).toBeLessThanOrEqual(1);
    await waitForMail(mailId);
    await sleep(1000);
    expect(smtp.arrivals.filter((a) => a.mail.subject === subject)).toHaveLength(1);
  });
});

describe("the outbox when no SMTP_URL is set", () => {
  it("writes each message as an .eml file in DATA_DIR/outbox that a mail parser reads back", async () => {
    delete process.env.SMTP_URL;
    const summary = formSummaryMessage(uniqueSubject("Project start-up completed: Coastal Road"), [
      ["Client name", "Coastal & Co"],
      ["Région", "Île-de-France"],
    ]);
    const { mailId } = await queueMail({ to: ["pmo@corp.example", "finance@corp.example"], ...summary, replyTo: "pm@corp.example" });
    const row = await waitForMail(mailId);
    expect(row.status).toBe("sent");
    const outbox = path.join(dataDir, "outbox");
    const file = path.join(
      outbox,
      fs.readdirSync(outbox).find((name) => name.endsWith(`-mail-${mailId}.eml`))!,
    );
    expect(row.delivery).toBe(`outbox ${file}`);
    expect(fs.readdirSync(outbox).some((name) => name.endsWith(".partial"))).toBe(false);

    const raw = fs.readFileSync(file);
    // RFC 5322 line ends, headers first.
    expect(raw.toString("latin1")).toMatch(/^[\x21-\x39\x3b-\x7e]+: [^\r\n]*\r\n/);
    expect(raw.toString("latin1")).not.toMatch(/[^\r]\n/);
    const mail = await simpleParser(raw);
    expect(mail.subject).toBe(summary.subject);
    expect(addresses(mail.to)).toEqual(["pmo@corp.example", "finance@corp.example"]);
    expect(addresses(mail.replyTo)).toEqual(["pm@corp.example"]);
    expect(mail.from?.value[0]?.address).toBe("no-reply@example.com");
    expect(mail.messageId).toBe(`<${row.message_uuid}@example.com>`);
    expect(mail.date).toBeInstanceOf(Date);
    expect(mail.text).toContain("Région: Île-de-France");
    expect(mail.html).toContain("Coastal &amp; Co");
    expect(smtp.arrivals.filter((a) => a.mail.subject === summary.subject)).toHaveLength(0);
  });
});
