import { ImapFlow } from "imapflow";
import { getOrm, withRequestContext } from "../../db/orm";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { readImapMailbox, runImapJob } from "../../app/modules/inbound-mail/imap-reader.server";
import { getImapConfig, type ImapConfig } from "../../app/modules/inbound-mail/imap-config";
import { receiveInboundMessage } from "../../app/modules/inbound-mail/receive.server";
import { processInboundMessage } from "../../app/modules/inbound-mail/process.server";
import { projectInboundAddress } from "../../app/modules/inbound-mail/settings.server";
import { accessFor, userFor } from "./stakeholder-helpers";
import { storedFiles, useUploadTestEnvironment } from "./support/uploads";
import { DOVECOT_MISSING, HAS_DOVECOT, startDovecot, type DovecotInstance } from "../setup/dovecot";

/**
 * The IMAP way in (docs/inbound-mail.md#imap) against a real Dovecot started by the test
 * (tests/setup/dovecot.ts): messages appended to its INBOX are read by the scheduled job's reader,
 * handed to the one pipeline and marked \Seen only after it took them; the rows, the raw messages in
 * the object store and the flags are checked, a second run takes nothing new, a message the pipeline
 * fails on stays unseen for the next run, one over the size limit is flagged without being read, and
 * IMAP_RECORDED_FOLDER moves what was taken.
 */
const env = useUploadTestEnvironment("inbound-imap");
const MAX = 26_214_400;
let server: DovecotInstance;
let address = "";
const IMAP_VARS = ["IMAP_HOST", "IMAP_PORT", "IMAP_TLS", "IMAP_USER", "IMAP_PASSWORD", "IMAP_MAILBOX", "IMAP_RECORDED_FOLDER"] as const;

const sql = <T>(text: string, params: unknown[] = []) => withRequestContext(() => getOrm().em.getConnection().execute<T[]>(text, params));
/** Raw messages in the local object store (not their content-type sidecars). */
const rawObjects = () => storedFiles(env.dataDir).filter((file) => file.includes("inbound") && !file.endsWith(".meta"));
const rowsOf = (projectId: number) =>
  sql<{ id: number; message_id: string; via: string; status: string; raw_key: string | null }>("select id, message_id, via, status, raw_key from inbound_message where project_id = ? order by id", [
    projectId,
  ]);

function client() {
  return new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: server.user, pass: server.password }, logger: false });
}

async function deliver(messages: { raw: string; seen?: boolean }[], folder = "INBOX") {
  const imap = client();
  await imap.connect();
  for (const m of messages) await imap.append(folder, m.raw.replace(/\n/g, "\r\n"), m.seen ? ["\\Seen"] : []);
  await imap.logout();
}

/** Subject → flags of every message in the folder. */
async function flagsIn(folder = "INBOX"): Promise<Record<string, string[]>> {
  const imap = client();
  await imap.connect();
  const lock = await imap.getMailboxLock(folder);
  const out: Record<string, string[]> = {};
  try {
    for await (const m of imap.fetch("1:*", { envelope: true, flags: true })) out[m.envelope?.subject ?? ""] = [...(m.flags ?? [])].filter((f) => f !== "\\Recent").sort();
  } catch (error) {
    // An empty folder has no 1:* to fetch.
    if (!String(error).includes("Invalid messageset")) throw error;
  } finally {
    lock.release();
  }
  await imap.logout();
  return out;
}

const message = ({ id, subject, from, to, deliveredTo, body = "Hello" }: { id: string; subject: string; from: string; to: string; deliveredTo?: string; body?: string }) =>
  [
    ...(deliveredTo ? [`Delivered-To: ${deliveredTo}`] : []),
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: Tue, 24 Nov 2026 09:30:00 +1100`,
    `Message-ID: <${id}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
  ].join("\n");

const config = (): ImapConfig => getImapConfig()!;

beforeAll(async () => {
  if (!HAS_DOVECOT) return;
  server = await startDovecot();
  Object.assign(process.env, { IMAP_HOST: server.host, IMAP_PORT: String(server.port), IMAP_TLS: "false", IMAP_USER: server.user, IMAP_PASSWORD: server.password });
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: false });
  const access = await accessFor(await userFor("seed-client-owner"), env.westernId);
  address = (await withRequestContext(() => projectInboundAddress(access))).address;
});

afterAll(async () => {
  for (const name of IMAP_VARS) delete process.env[name];
  await stopJobs(2000);
  await server?.stop();
});

describe.skipIf(!HAS_DOVECOT)(`reading a mailbox over IMAP${DOVECOT_MISSING}`, () => {
  it("hands each unseen message to the pipeline, then marks it \\Seen; BCC'd mail is found by Delivered-To", async () => {
    await deliver([
      // An officer's reply to a landholder, BCC'd to the project: the project address is only in Delivered-To.
      {
        raw: message({
          id: "bcc-1@demo-consultancy.local",
          subject: "Access track",
          from: "Oscar Officer <officer@demo-consultancy.local>",
          to: "margaret.ellis@example.com.au",
          deliveredTo: address,
        }),
      },
      // Someone the project does not know, writing to the project address.
      { raw: message({ id: "stranger-1@unknown.example", subject: "Who are you", from: "stranger@unknown.example", to: address }) },
      // The same message again (a second copy in the mailbox): recorded once.
      { raw: message({ id: "bcc-1@demo-consultancy.local", subject: "Access track (copy)", from: "officer@demo-consultancy.local", to: "margaret.ellis@example.com.au", deliveredTo: address }) },
      // Mail for nobody the app knows: taken (so it is not read forever), nothing stored.
      { raw: message({ id: "elsewhere-1@example.org", subject: "Not for us", from: "a@example.org", to: "someone@example.org" }) },
      // Already read in the mailbox by a person: left alone.
      { raw: message({ id: "read-1@example.org", subject: "Already read", from: "margaret.ellis@example.com.au", to: address }), seen: true },
    ]);
    const filesBefore = rawObjects().length;

    const result = await withRequestContext(() => runImapJob(receiveInboundMessage, MAX));
    expect(result).toEqual({ taken: 4, refused: 0, failed: 0 });

    const rows = await rowsOf(env.westernId);
    expect(rows.map((r) => [r.message_id, r.via, r.status])).toEqual([
      ["<bcc-1@demo-consultancy.local>", "imap", "received"],
      ["<stranger-1@unknown.example>", "imap", "received"],
    ]);
    // The raw messages are kept in the object store, one each (the duplicate's copy was deleted again).
    expect(rawObjects().length - filesBefore).toBe(2);
    expect(rows.every((r) => r.raw_key)).toBe(true);

    const flags = await flagsIn();
    for (const subject of ["Access track", "Who are you", "Access track (copy)", "Not for us", "Already read"]) expect(flags[subject], subject).toContain("\\Seen");

    // The job the pipeline queued records the officer's mail on the landholder and keeps the stranger's for review.
    for (const row of rows) await withRequestContext(() => processInboundMessage({ inboundMessageId: row.id }));
    const after = await rowsOf(env.westernId);
    expect(after.map((r) => r.status)).toEqual(["recorded", "review"]);
    const [engagement] = await sql<{ subject: string; name: string }>(
      `select e.subject, s.name from engagement e join stakeholder s on s.id = e.stakeholder_id where e.project_id = ? and e.subject = 'Access track'`,
      [env.westernId],
    );
    expect(engagement).toMatchObject({ subject: "Access track", name: "Margaret Ellis" });
  });

  it("a second run takes nothing and records nothing new", async () => {
    const before = await rowsOf(env.westernId);
    const files = rawObjects().length;
    expect(await withRequestContext(() => runImapJob(receiveInboundMessage, MAX))).toEqual({ taken: 0, refused: 0, failed: 0 });
    expect(await rowsOf(env.westernId)).toEqual(before);
    expect(rawObjects().length).toBe(files);
  });

  it("a message the pipeline fails on stays unseen and is taken by the next run", async () => {
    await deliver([{ raw: message({ id: "retry-1@example.com.au", subject: "After the storm", from: "margaret.ellis@example.com.au", to: address }) }]);
    const before = await rowsOf(env.westernId);
    let calls = 0;
    const crashing = async () => {
      calls++;
      throw new Error("database went away");
    };
    await expect(withRequestContext(() => runImapJob(crashing, MAX))).rejects.toThrow(/1 inbound message\(s\) could not be taken/);
    expect(calls).toBe(1);
    expect((await flagsIn())["After the storm"]).not.toContain("\\Seen");
    expect(await rowsOf(env.westernId)).toEqual(before);

    expect(await withRequestContext(() => runImapJob(receiveInboundMessage, MAX))).toEqual({ taken: 1, refused: 0, failed: 0 });
    expect((await flagsIn())["After the storm"]).toContain("\\Seen");
    expect((await rowsOf(env.westernId)).map((r) => r.message_id)).toContain("<retry-1@example.com.au>");
  });

  it("flags a message over the size limit without reading it, and moves taken messages to IMAP_RECORDED_FOLDER", async () => {
    await deliver([
      { raw: message({ id: "big-1@example.com.au", subject: "Survey photos", from: "margaret.ellis@example.com.au", to: address, body: "x".repeat(5000) }) },
      { raw: message({ id: "small-1@example.com.au", subject: "Gate code", from: "margaret.ellis@example.com.au", to: address }) },
    ]);
    const before = await rowsOf(env.westernId);
    const seen: string[] = [];
    const result = await withRequestContext(() =>
      readImapMailbox(
        { ...config(), recordedFolder: "Recorded" },
        async (raw, meta) => {
          seen.push(
            raw
              .toString("latin1")
              .match(/^Subject: (.*)$/m)![1]!
              .trim(),
          );
          return receiveInboundMessage(raw, meta);
        },
        { maxBytes: 2000 },
      ),
    );
    expect(result).toEqual({ taken: 1, refused: 1, failed: 0 });
    expect(seen).toEqual(["Gate code"]);
    const inbox = await flagsIn();
    expect(inbox["Survey photos"]).toEqual(["\\Flagged", "\\Seen"]);
    expect(inbox["Gate code"]).toBeUndefined();
    expect((await flagsIn("Recorded"))["Gate code"]).toContain("\\Seen");
    expect((await rowsOf(env.westernId)).length).toBe(before.length + 1);
  });
});
