import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { getOrm } from "../../db/orm";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { resetEnvCache } from "../../app/utils/env.server";
import { getObjectStore } from "../../app/modules/storage/index.server";
import { startInboundSmtp, tooLargeText, type InboundSmtpHandle } from "../../app/modules/inbound-mail/smtp-listener.server";
import { ensureInboundKey, updateInboundSettings } from "../../app/modules/inbound-mail/settings.server";
import { InboundSettingsSchema, ReviewAcceptSchema } from "../../app/modules/inbound-mail/schemas";
import { getInboundMessage, listInboundMessages, recordReviewedMessage, rejectReviewedMessage } from "../../app/modules/inbound-mail/review.server";
import { useTestDatabase } from "../setup/test-database";
import { freePort } from "./support/ports";
import { accessFor, inContext, projectId, statusOf, userFor } from "./stakeholder-helpers";

/**
 * Inbound e-mail end to end (docs/inbound-mail.md): real messages sent with nodemailer over SMTP to
 * the embedded listener, the pg-boss job on a real PostgreSQL, and the rows and objects it leaves.
 */
const SIZE_LIMIT = 200 * 1024;
const ENV = ["DATA_DIR", "INBOUND_MAIL_DOMAIN"] as const;
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let dataDir: string;
let listener: InboundSmtpHandle;
let western: number;
let projectAddress: string;
let key: string;

const OFFICER = "officer@demo-consultancy.local";
const VIEWER = "viewer@demo-consultancy.local";
const MARGARET = "margaret.ellis@example.com.au";
const TOM = "tom.nguyen@example.com";

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;
let sequence = 0;
const unique = (what: string) => `${what} ${Date.now().toString(36)}-${++sequence}`;
const messageId = () => `<${Date.now().toString(36)}.${++sequence}@test.example>`;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

function transport() {
  return nodemailer.createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true, tls: { rejectUnauthorized: false } });
}

async function send(mail: SendMailOptions) {
  const id = (mail.messageId as string | undefined) ?? messageId();
  await transport().sendMail({ ...mail, messageId: id });
  return id;
}

interface InboundRow {
  id: number;
  status: string;
  review_reason: string | null;
  subject: string | null;
  text_body: string | null;
  raw_key: string | null;
  recorded: { engagements?: number[]; documents?: number[]; grievances?: number[] };
  refused_attachments: { fileName: string; reason: string }[];
  sender_user_id: string | null;
  forwarded: boolean;
  spf: string | null;
}

async function settled(id: string, timeoutMs = 20_000): Promise<InboundRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<InboundRow>("select * from inbound_message where project_id = ? and message_id = ?", [western, id]);
    if (row && row.status !== "received") return row;
    if (Date.now() > deadline) {
      const jobs = await sql("select state, retry_count, output from pgboss.job where name = 'inbound-mail' order by created_on desc limit 3");
      throw new Error(`message ${id} did not settle: ${JSON.stringify(row)}; jobs ${JSON.stringify(jobs)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const engagementsOf = (ids: number[] = []) =>
  ids.length
    ? sql<{ id: number; stakeholder_id: number; user_id: string; type: string; subject: string; notes: string }>(
        `select * from engagement where id in (${ids.map(() => "?").join(",")}) order by id`,
        ids,
      )
    : Promise.resolve([]);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-inbound-"));
  process.env.DATA_DIR = dataDir;
  process.env.INBOUND_MAIL_DOMAIN = "inbound.test";
  resetEnvCache();
  database = await useTestDatabase({ seed: true });
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: true, pollingIntervalSeconds: 0.5 });
  listener = await startInboundSmtp({ port: await freePort(), host: "127.0.0.1", sizeLimit: SIZE_LIMIT });
  western = await projectId("Western Pipeline Stage 2");
  const manager = await accessFor(await userFor("seed-project-manager"), western);
  key = await inContext(() => ensureInboundKey(manager));
  projectAddress = `${key}@inbound.test`;
  await inContext(() => updateInboundSettings(manager, InboundSettingsSchema.parse({ allowedDomains: "", blockedDomains: "spam.example", confirmReply: "on" })));
});

afterAll(async () => {
  await listener?.stop();
  await stopJobs(2000);
  await database?.drop();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the project address", () => {
  it("is made once and kept", async () => {
    const officer = await accessFor(await userFor("seed-officer"), western);
    expect(await inContext(() => ensureInboundKey(officer))).toBe(key);
    expect(key).toMatch(/^[a-z2-9]{10}$/);
  });
});

describe("messages over SMTP", () => {
  it("records a member's plain message BCC'd to the project on the stakeholder it was sent to, keeps the raw message and confirms", async () => {
    const subject = unique("Gate on the north boundary");
    const id = await send({ from: `Oscar Officer <${OFFICER}>`, to: `Margaret Ellis <${MARGARET}>`, bcc: projectAddress, subject, text: "Hi Margaret,\n\nThe gate will be fixed on Friday.\n\nOscar" });
    const row = await settled(id);
    expect(row).toMatchObject({ status: "recorded", sender_user_id: "seed-officer", forwarded: false, subject });
    const [engagement, ...more] = await engagementsOf(row.recorded.engagements);
    expect(more).toHaveLength(0);
    expect(engagement).toMatchObject({ type: "email", subject, user_id: "seed-officer" });
    expect(engagement!.notes).toContain("The gate will be fixed on Friday.");
    expect(engagement!.notes).toContain(`From: Oscar Officer <${OFFICER}>`);
    const [margaret] = await sql<{ id: number }>("select id from stakeholder where email = ?", [MARGARET]);
    expect(engagement!.stakeholder_id).toBe(margaret!.id);
    expect(await getObjectStore().exists(row.raw_key!)).toBe(true);
    const [confirmation] = await sql<{ to_addresses: string[]; subject: string; text_body: string }>("select to_addresses, subject, text_body from mail_message where dedupe_key = ?", [
      `inbound-confirmation-${row.id}`,
    ]);
    expect(confirmation).toMatchObject({ to_addresses: [OFFICER], subject: `Recorded: ${subject}` });
    expect(confirmation!.text_body).toContain("an e-mail interaction on Margaret Ellis");
  });

  it("stores a PDF attachment as a document of each matched stakeholder and lists a refused one with its reason", async () => {
    const subject = unique("Survey plan");
    const id = await send({
      from: OFFICER,
      to: [MARGARET, TOM],
      bcc: projectAddress,
      subject,
      text: "Plan attached.",
      html: "<p>Plan <b>attached</b>.<script>alert(1)</script></p>",
      attachments: [
        { filename: "Survey plan.pdf", content: PDF, contentType: "application/pdf" },
        { filename: "tool.exe", content: Buffer.from("MZ\x90\x00"), contentType: "application/octet-stream" },
        { filename: "fake.png", content: Buffer.from("%PDF-1.4 not a png"), contentType: "image/png" },
      ],
    });
    const row = await settled(id);
    expect(row.status).toBe("recorded");
    expect(row.recorded.engagements).toHaveLength(2);
    expect(row.recorded.documents).toHaveLength(2);
    const documents = await sql<{ stakeholder_id: number; original_file_name: string; mime_type: string; storage_key: string; file_size: string }>(
      `select stakeholder_id, original_file_name, mime_type, storage_key, file_size from document where id in (${row.recorded.documents!.join(",")})`,
    );
    expect(new Set(documents.map((d) => d.storage_key)).size).toBe(1);
    expect(documents[0]).toMatchObject({ original_file_name: "Survey plan.pdf", mime_type: "application/pdf", file_size: String(PDF.length) });
    const stored = await getObjectStore().get(documents[0]!.storage_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    expect(row.refused_attachments).toEqual([
      { fileName: "tool.exe", reason: expect.stringContaining("This file type is not accepted") },
      { fileName: "fake.png", reason: "The file's contents do not match its .png extension" },
    ]);
    // Plain text only: the HTML part is never kept.
    expect(row.text_body).toBe("Plan attached.");
  });

  it("records a forwarded message as the original conversation", async () => {
    const original = unique("Dust from the trucks");
    const id = await send({
      from: OFFICER,
      to: projectAddress,
      subject: `Fwd: ${original}`,
      text: [
        "For the record.",
        "",
        "---------- Forwarded message ---------",
        `From: Tom Nguyen <${TOM}>`,
        "Date: Tue, 3 Mar 2026 at 10:00",
        `Subject: ${original}`,
        `To: Oscar Officer <${OFFICER}>`,
        "",
        "The trucks raise too much dust near the house.",
      ].join("\n"),
    });
    const row = await settled(id);
    expect(row).toMatchObject({ status: "recorded", forwarded: true, subject: original, sender_user_id: "seed-officer" });
    const [engagement] = await engagementsOf(row.recorded.engagements);
    expect(engagement).toMatchObject({ subject: original, user_id: "seed-officer" });
    expect(engagement!.notes).toContain(`From: Tom Nguyen <${TOM}>`);
    expect(engagement!.notes).toContain(`Forwarded by: ${OFFICER}`);
    expect(engagement!.notes).toContain("too much dust");
    expect(engagement!.notes).not.toContain("For the record.");
  });

  it("trims the quoted text of a stakeholder's reply, recorded in the name of the member it was sent to", async () => {
    const subject = unique("Re: Access on Monday");
    const id = await send({
      from: `Margaret Ellis <${MARGARET}>`,
      to: OFFICER,
      cc: projectAddress,
      subject,
      text: "Monday suits us.\n\nOn Fri, 27 Feb 2026 at 09:00, Oscar Officer <officer@demo-consultancy.local> wrote:\n> Can we come on Monday?\n> Oscar\n",
    });
    const row = await settled(id);
    expect(row.status).toBe("recorded");
    expect(row.sender_user_id).toBeNull();
    expect(row.text_body).toBe("Monday suits us.");
    const [engagement] = await engagementsOf(row.recorded.engagements);
    expect(engagement).toMatchObject({ user_id: "seed-officer" });
    expect(engagement!.notes).not.toContain("Can we come on Monday?");
  });

  it("keeps an unknown sender's message for review and creates no stakeholder", async () => {
    const [{ n: before }] = (await sql<{ n: number }>("select count(*)::int as n from stakeholder where project_id = ?", [western])) as [{ n: number }];
    const id = await send({ from: "Stranger <someone@elsewhere.example>", to: projectAddress, subject: unique("Hello"), text: "Who do I talk to about the pipeline?" });
    const row = await settled(id);
    expect(row).toMatchObject({ status: "review", review_reason: "unknown_sender", recorded: {} });
    expect((await sql<{ n: number }>("select count(*)::int as n from stakeholder where project_id = ?", [western]))[0]!.n).toBe(before);
  });

  it("keeps a read-only member's and a failed SPF check's messages for review", async () => {
    const viewer = await settled(await send({ from: VIEWER, to: MARGARET, bcc: projectAddress, subject: unique("From the viewer"), text: "Hello" }));
    expect(viewer).toMatchObject({ status: "review", review_reason: "sender_cannot_record" });
    const failed = await settled(
      await send({
        from: OFFICER,
        to: MARGARET,
        bcc: projectAddress,
        subject: unique("Spoofed"),
        text: "Hello",
        headers: { "Authentication-Results": "mx.inbound.test; spf=fail smtp.mailfrom=demo-consultancy.local" },
      }),
    );
    expect(failed).toMatchObject({ status: "review", review_reason: "authentication_failed", spf: "fail" });
  });

  it("rejects a blocked domain and keeps nothing of it but the row", async () => {
    const id = await send({ from: "Offers <deals@mail.spam.example>", to: projectAddress, subject: unique("Cheap pipes"), text: "Buy now" });
    const row = await settled(id);
    expect(row).toMatchObject({ status: "rejected", review_reason: "blocked_domain", subject: null, text_body: null, raw_key: null });
  });

  it("records the same Message-ID once", async () => {
    const id = messageId();
    const mail = { from: OFFICER, to: TOM, bcc: projectAddress, subject: unique("Twice"), text: "Once only", messageId: id };
    await send(mail);
    await send(mail);
    const row = await settled(id);
    expect(row.recorded.engagements).toHaveLength(1);
    expect((await sql<{ n: number }>("select count(*)::int as n from inbound_message where message_id = ?", [id]))[0]!.n).toBe(1);
    expect((await sql<{ n: number }>("select count(*)::int as n from engagement where subject = ?", [mail.subject]))[0]!.n).toBe(1);
  });

  it("refuses an oversized message during SMTP with 552 and a clear text, and an unknown address with 550", async () => {
    const subject = unique("Huge");
    const error = await send({ from: OFFICER, to: projectAddress, subject, text: "x".repeat(SIZE_LIMIT + 10_000) }).catch((e: { responseCode?: number; response?: string }) => e);
    expect(error).toMatchObject({ responseCode: 552 });
    expect((error as { response: string }).response).toContain(tooLargeText(SIZE_LIMIT));
    expect((await sql("select id from inbound_message where subject = ?", [subject])).length).toBe(0);
    const unknown = await send({ from: OFFICER, to: "nobody12345@inbound.test", subject: unique("Lost"), text: "?" }).catch((e: { responseCode?: number }) => e);
    expect(unknown).toMatchObject({ responseCode: 550 });
  });

  it("the +meeting and +grievance tags choose the record", async () => {
    const meeting = await settled(await send({ from: OFFICER, to: MARGARET, bcc: `${key}+meeting@inbound.test`, subject: unique("Kitchen table meeting"), text: "Notes of the meeting." }));
    expect((await engagementsOf(meeting.recorded.engagements))[0]).toMatchObject({ type: "meeting" });
    const grievance = await settled(
      await send({ from: MARGARET, to: OFFICER, cc: `${key}+grievance@inbound.test`, subject: unique("Fence left down"), text: "The fence was left down and stock got out." }),
    );
    expect(grievance.recorded.grievances).toHaveLength(1);
    const [g] = await sql<{ channel: string; complainant_kind: string; description: string }>("select channel, complainant_kind, description from grievance where id = ?", [
      grievance.recorded.grievances![0],
    ]);
    expect(g).toMatchObject({ channel: "email", complainant_kind: "stakeholder" });
    expect(g!.description).toContain("stock got out");
  });
});

describe("the review inbox", () => {
  it("accepts a message onto a new stakeholder, and rejects another, deleting its raw message", async () => {
    const accepted = await settled(await send({ from: "Jo Farmer <jo@newfarm.example>", to: projectAddress, subject: unique("New neighbour"), text: "We bought the block next door." }));
    const rejected = await settled(await send({ from: "x@elsewhere.example", to: projectAddress, subject: unique("Noise"), text: "..." }));
    const officer = await accessFor(await userFor("seed-officer"), western);
    const listed = await inContext(() => listInboundMessages(officer));
    expect(listed.rows.map((r) => r.id)).toEqual(expect.arrayContaining([accepted.id, rejected.id]));

    const viewer = await accessFor(await userFor("seed-viewer"), western);
    const input = ReviewAcceptSchema.parse({ inboundMessageId: accepted.id, stakeholder: "new", newStakeholderName: "Jo Farmer" });
    expect(await statusOf(() => recordReviewedMessage(viewer, input))).toBe(403);

    const result = await inContext(() => recordReviewedMessage(officer, input));
    const [created] = await sql<{ name: string; email: string; project_id: number }>("select name, email, project_id from stakeholder where id = ?", [result.stakeholderId]);
    expect(created).toMatchObject({ name: "Jo Farmer", email: "jo@newfarm.example", project_id: western });
    const after = await inContext(() => getInboundMessage(officer, accepted.id));
    expect(after).toMatchObject({ status: "recorded", recorded: { engagements: [expect.any(Number)] } });
    expect(await statusOf(() => recordReviewedMessage(officer, input))).toBe(409);

    await inContext(() => rejectReviewedMessage(officer, { inboundMessageId: rejected.id }));
    const [gone] = await sql<InboundRow>("select * from inbound_message where id = ?", [rejected.id]);
    expect(gone).toMatchObject({ status: "rejected", raw_key: null, subject: null, text_body: null });
    expect(await getObjectStore().exists(rejected.raw_key!)).toBe(false);
  });

  it("another client's project never sees the message (404)", async () => {
    const row = await settled(await send({ from: "y@elsewhere.example", to: projectAddress, subject: unique("Elsewhere"), text: "..." }));
    const secondOwner = await accessFor(await userFor("seed-second-owner"), await projectId("Coastal Road Upgrade"));
    expect(await statusOf(() => getInboundMessage(secondOwner, row.id))).toBe(404);
    expect(await statusOf(() => rejectReviewedMessage(secondOwner, { inboundMessageId: row.id }))).toBe(404);
  });
});
