import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { simpleParser } from "mailparser";
import { PDFParse } from "pdf-parse";
import { Project } from "../../db/entities/index";
import { db, getOrm, withRequestContext } from "../../db/orm";
import { sqlExecute, sqlOne, sqlRows } from "../../db/sql.server";
import { createSignedInSession } from "../../app/modules/auth/session.server";
import { addDays, todayForProject } from "../../app/modules/calendar/today";
import { jobs, startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { REPORT_PACK_QUEUE, runReportPackJob, type ReportPackJobData } from "../../app/modules/reports/pack-job.server";
import { getObjectStore } from "../../app/modules/storage/index.server";
import * as apiRoute from "../../app/routes/api.reports.pack";
import * as scheduleApi from "../../app/routes/api.reports.schedule";
import { packMailBody, sendDueReportPacks } from "../../app/modules/reports/pack-schedule.server";
import { MAX_MAIL_ATTACHMENT_BYTES } from "../../app/modules/mail/message";
import { getMailConfig } from "../../app/modules/mail/mail-config.server";
import { runMailJob } from "../../app/modules/mail/mail-job.server";
import * as pageRoute from "../../app/routes/reports";
import { JOB_QUEUES } from "../../app/queues.server";
import { useTestDatabase } from "../setup/test-database";

/**
 * The report pack as documents (docs/records.md#report-pack) against a seeded PostgreSQL and pg-boss
 * without workers: the page's button (a plain form POST) and the /api twin queue a job; the test runs
 * the queued job's handler and reads back the two documents, the PDF's text and the workbook's sheets.
 */
const URL_BASE = "http://localhost:3000";
const OFFICER = "seed-officer";
const VIEWER = "seed-viewer";
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let northern: number;
let otherClient: number;
let today: string;
const cookies = new Map<string, string>();

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: false });
  await withRequestContext(async () => {
    const projects = await db().find(Project, {}, { populate: ["client"] });
    const project = projects.find((p) => p.name === "Western Pipeline Stage 2")!;
    western = project.id;
    northern = projects.find((p) => p.name === "Northern Transmission Line")!.id;
    otherClient = projects.find((p) => (p.client as { name: string }).name === "Second Client Pty Ltd")!.id;
    today = todayForProject(project);
  });
  // One row of each list, with words no seeded row has.
  for (const table of ["grievance", "commitment"]) await sqlExecute(`delete from ${table} where project_id = ?`, [western]);
  await sqlExecute(`update property set has_laa = false, laa_expiry_date = null where project_id = ?`, [western]);
  await sqlExecute(
    `insert into grievance (project_id, reference, received_at, channel, complainant_kind, complainant_name, category, severity, description, stage, acknowledge_by, resolve_by, created_at, updated_at)
     values (?, 'G-0077', now() - interval '40 days', 'phone', 'person', 'Jo Smith', 'dust_noise', 'high', 'Dust over the dairy', 'received', ?::date, ?::date, now(), now())`,
    [western, addDays(today, -30), addDays(today, -20)],
  );
  await sqlExecute(
    `insert into commitment (project_id, description, promised_on, due_date, status, version, created_at, updated_at)
     values (?, 'Rebuild the creek crossing fence', ?::date, ?::date, 'open', 1, now(), now())`,
    [western, addDays(today, -60), addDays(today, -3)],
  );
  const property = await sqlOne<{ id: number }>(`select id from property where project_id = ? order by id limit 1`, [western]);
  await sqlExecute(`update property set has_laa = true, laa_expiry_date = ?::date, address = '12 Wattle Gully Road' where id = ?`, [addDays(today, 10), property!.id]);
  for (const user of [OFFICER, VIEWER]) {
    const setCookie = await withRequestContext(() => createSignedInSession(new Request(`${URL_BASE}/`), user));
    cookies.set(user, setCookie.split(";")[0]!);
  }
});

afterAll(async () => {
  await stopJobs(2000);
  await database?.drop();
});

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response | unknown> | Response | unknown;

async function send(handler: Handler, pathname: string, userId: string, body: Record<string, string | number>, form: boolean): Promise<Response> {
  const request = new Request(`${URL_BASE}${pathname}`, {
    method: "POST",
    headers: { Cookie: cookies.get(userId)!, "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json" },
    body: form ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])) : JSON.stringify(body),
  });
  return withRequestContext(async () => {
    try {
      return (await handler({ request, params: {}, context: {} })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
}
const postPage = (projectId: number, fields: Record<string, string>, userId = OFFICER) =>
  send(pageRoute.action as Handler, `/reports?projectId=${projectId}`, userId, { intent: "pack", ...fields }, true);
const postApi = (body: Record<string, string | number>, userId = OFFICER) => send(apiRoute.action as Handler, "/api/reports/pack", userId, body, false);

async function takeJobs(): Promise<ReportPackJobData[]> {
  const found = (await jobs().fetch<ReportPackJobData>(REPORT_PACK_QUEUE, { batchSize: 10 })) ?? [];
  for (const job of found) await jobs().complete(REPORT_PACK_QUEUE, job.id);
  return found.map((j) => j.data);
}
const packDocuments = () =>
  sqlRows<{ id: number; originalFileName: string; storageKey: string; category: string; uploadedBy: string; fileSize: number }>(
    `select id, original_file_name as "originalFileName", storage_key as "storageKey", category, uploaded_by_id as "uploadedBy", file_size::int as "fileSize"
       from document where project_id = ? and tags @> '["report pack"]'::jsonb order by id`,
    [western],
  );
async function bytesOf(key: string): Promise<Buffer> {
  const { stream } = await getObjectStore().get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe("the report pack", () => {
  it("the page's button queues the range's job (back to the range with a message); the job stores a PDF and a workbook as documents", async () => {
    const response = await postPage(western, { from: "2026-05-01", to: "2026-05-31" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/reports?from=2026-05-01&to=2026-05-31");
    expect(await packDocuments()).toEqual([]);
    const queued = await takeJobs();
    expect(queued).toEqual([{ projectId: western, userId: OFFICER, from: "2026-05-01", to: "2026-05-31" }]);

    await runReportPackJob(queued[0]!);
    const documents = await packDocuments();
    expect(documents.map((d) => [d.originalFileName, d.category, d.uploadedBy])).toEqual([
      ["report_pack_2026-05-01_to_2026-05-31.pdf", "other", OFFICER],
      ["report_pack_2026-05-01_to_2026-05-31.xlsx", "other", OFFICER],
    ]);

    const pdf = await bytesOf(documents[0]!.storageKey);
    expect(pdf.byteLength).toBe(documents[0]!.fileSize);
    const text = (await new PDFParse({ data: pdf }).getText()).text.replace(/\s+/g, " ");
    expect(text).toContain("Report pack Western Pipeline Stage 2 1 May 2026 to 31 May 2026");
    expect(text).toContain("Overdue grievances");
    expect(text).toContain(`G-0077 | dust_noise | received | ${addDays(today, -30)} | ${addDays(today, -20)}`);
    expect(text).toContain(`Rebuild the creek crossing fence | ${addDays(today, -3)} | open`);
    expect(text).toContain("Agreements expiring in the next 30 days");
    expect(text).toContain(`12 Wattle Gully Road | ${addDays(today, 10)}`);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(documents[1]!.storageKey)) as never);
    const names = workbook.worksheets.map((w) => w.name);
    expect(names[0]).toBe("Key figures");
    expect(names.slice(-3)).toEqual(["Overdue grievances", "Overdue commitments", "Agreements expiring in the next"]);
    expect(names).toHaveLength(1 + 8 + 3);
    const grievances = workbook.getWorksheet("Overdue grievances")!;
    expect(grievances.getRow(4).values).toEqual([undefined, "Reference", "Category", "Stage", "Acknowledge by", "Resolve by"]);
    expect(grievances.getRow(5).getCell(1).value).toBe("G-0077");
    expect(workbook.getWorksheet("Overdue commitments")!.getRow(5).getCell(2).value).toBe("Rebuild the creek crossing fence");
    expect(workbook.getWorksheet("Agreements expiring in the next")!.getRow(5).getCell(1).value).toBe("12 Wattle Gully Road");
  });

  it("the /api twin takes the same range (this month when left out), answers 202 and queues the same job", async () => {
    const response = await postApi({ projectId: western });
    expect(response.status).toBe(202);
    const body = (await response.json()) as { queued: boolean; range: { from: string; to: string } };
    expect(body).toMatchObject({ queued: true, range: { from: `${today.slice(0, 7)}-01` } });
    expect(await takeJobs()).toEqual([{ projectId: western, userId: OFFICER, ...body.range }]);
  });

  it("refuses a range that is not one, with the field's message, and queues nothing", async () => {
    const api = await postApi({ projectId: western, from: "2026-05-31", to: "2026-05-01" });
    expect(api.status).toBe(400);
    expect(await api.json()).toMatchObject({ errors: { to: "The end date must be on or after the start date" } });
    const page = await postPage(western, { from: "2026-02-30", to: "" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/reports?from=2026-02-30&to=");
    expect(await takeJobs()).toEqual([]);
  });

  it("a viewer may read the reports but not make a pack (edit data); another client's project is 404, a non-member's 403", async () => {
    expect((await postPage(western, { from: "", to: "" }, VIEWER)).status).toBe(403);
    expect((await postApi({ projectId: western }, VIEWER)).status).toBe(403);
    expect((await postApi({ projectId: otherClient })).status).toBe(404);
    expect((await postPage(otherClient, { from: "", to: "" })).status).toBe(404);
    expect((await postApi({ projectId: northern }, VIEWER)).status).toBe(403);
    expect((await postPage(northern, { from: "", to: "" }, VIEWER)).status).toBe(403);
    expect(await takeJobs()).toEqual([]);
  });

  it("a job whose user lost the right to edit stores nothing", async () => {
    const before = (await packDocuments()).length;
    await expect(runReportPackJob({ projectId: western, userId: VIEWER, from: "2026-05-01", to: "2026-05-31" })).rejects.toMatchObject({ status: 403 });
    expect(await packDocuments()).toHaveLength(before);
  });
});

describe("the monthly schedule", () => {
  const SYDNEY_CLOCK = { defaultTimezone: "Australia/Sydney", grievanceJurisdiction: "NSW" };
  const schedule = async () => (await sqlOne<{ s: Record<string, unknown> | null }>(`select settings -> 'reportPackSchedule' as s from project where id = ?`, [western]))!.s;
  const mails = () =>
    sqlRows<{ id: number; to: string[]; subject: string; text: string }>(`select id, to_addresses as "to", subject, text_body as text from mail_message where kind = 'report-pack' order by id`);

  beforeAll(async () => {
    await sqlExecute(`update project set settings = settings || ?::jsonb where id = ?`, [JSON.stringify(SYDNEY_CLOCK), western]);
  });

  it("the page's form refuses a line that is not an address (422, the values kept) and saves a good list", async () => {
    const bad = await postPage(western, { intent: "schedule", enabled: "true", recipients: "director@client.example\nnot an address" });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ fieldErrors: { recipients: '"not an address" is not an e-mail address' }, repopulateFields: { recipients: "director@client.example\nnot an address" } });
    expect(await schedule()).toBeNull();

    const none = await postPage(western, { intent: "schedule", enabled: "true", recipients: " " });
    expect(none.status).toBe(422);

    const good = await postPage(western, { intent: "schedule", enabled: "true", recipients: "director@client.example\r\nlender@bank.example", from: "2026-05-01", to: "2026-05-31" });
    expect(good.status).toBe(302);
    expect(good.headers.get("Location")).toBe("/reports?from=2026-05-01&to=2026-05-31");
    expect(await schedule()).toEqual({ enabled: true, recipients: ["director@client.example", "lender@bank.example"], setBy: OFFICER, sentFor: null, lastFailure: null });
  });

  it("the /api twin reads and saves with the same schema; a viewer may do neither; another client 404", async () => {
    const read = await withRequestContext(
      async () =>
        (await scheduleApi.loader({
          request: new Request(`${URL_BASE}/api/reports/schedule?projectId=${western}`, { headers: { Cookie: cookies.get(OFFICER)! } }),
          params: {},
          context: {},
        })) as Response,
    );
    expect(await read.json()).toEqual({ enabled: true, recipients: ["director@client.example", "lender@bank.example"], sentFor: null });
    const bad = await send(scheduleApi.action as Handler, "/api/reports/schedule", OFFICER, { projectId: western, enabled: "true", recipients: "nobody" }, false);
    expect(bad.status).toBe(400);
    expect((await send(scheduleApi.action as Handler, "/api/reports/schedule", VIEWER, { projectId: western, enabled: "false", recipients: "" }, false)).status).toBe(403);
    expect((await postPage(western, { intent: "schedule", enabled: "false", recipients: "" }, VIEWER)).status).toBe(403);
    expect((await send(scheduleApi.action as Handler, "/api/reports/schedule", OFFICER, { projectId: otherClient, enabled: "false", recipients: "" }, false)).status).toBe(404);
    expect((await schedule())?.enabled).toBe(true);
  });

  it("sends the previous month's pack on the first business day (1 August 2026 is a Saturday), once, even from two sweeps at once", async () => {
    const documentsBefore = (await packDocuments()).length;
    expect(await sendDueReportPacks(new Date("2026-08-02T13:59:00Z"))).toBe(0); // Sunday 2 Aug 23:59 in Sydney
    expect(await mails()).toEqual([]);

    const monday = new Date("2026-08-02T14:30:00Z"); // Monday 3 Aug 00:30 in Sydney
    const [a, b] = await Promise.all([sendDueReportPacks(monday), sendDueReportPacks(monday)]);
    expect(a + b).toBe(1);
    expect(await sendDueReportPacks(new Date("2026-08-20T02:00:00Z"))).toBe(0);

    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: ["director@client.example", "lender@bank.example"], subject: "Report pack: Western Pipeline Stage 2, 1 Jul 2026 to 31 Jul 2026" });
    const documents = (await packDocuments()).slice(documentsBefore);
    expect(documents.map((d) => d.originalFileName)).toEqual(["report_pack_2026-07-01_to_2026-07-31.pdf", "report_pack_2026-07-01_to_2026-07-31.xlsx"]);
    expect(sent[0]!.text).toContain(`/api/documents/${documents[0]!.id}/download?projectId=${western}`);
    expect(sent[0]!.text).toContain(`/api/documents/${documents[1]!.id}/download?projectId=${western}`);
    expect(sent[0]!.text).toContain("The PDF and the Excel workbook are attached");

    // Sent (no SMTP_URL here: written to the outbox), the message carries both files, byte for byte.
    expect(getMailConfig().smtpUrl).toBeFalsy();
    expect(await runMailJob({ mailId: sent[0]!.id })).toEqual({ outcome: "sent" });
    const outbox = getMailConfig().outboxDir;
    const eml = fs.readFileSync(
      path.join(
        outbox,
        fs.readdirSync(outbox).find((name) => name.endsWith(`-mail-${sent[0]!.id}.eml`))!,
      ),
    );
    const parsed = await simpleParser(eml);
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [documents[0]!.originalFileName, "application/pdf"],
      [documents[1]!.originalFileName, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ]);
    expect(parsed.attachments[0]!.content.equals(await bytesOf(documents[0]!.storageKey))).toBe(true);
    expect(parsed.attachments[1]!.content.equals(await bytesOf(documents[1]!.storageKey))).toBe(true);
    // The bytes go once sent; the record of what went out stays.
    expect(await sqlRows(`select file_name as "fileName", size_bytes as size, content is null as dropped from mail_attachment where mail_id = ? order by position`, [sent[0]!.id])).toEqual(
      documents.map((d) => ({ fileName: d.originalFileName, size: d.fileSize, dropped: true })),
    );
    expect((await schedule())?.sentFor).toBe("2026-07");

    // The next month's first business day: Tuesday 1 September.
    expect(await sendDueReportPacks(new Date("2026-09-01T01:00:00Z"))).toBe(1);
    expect((await mails()).map((m) => m.subject)).toEqual([sent[0]!.subject, "Report pack: Western Pipeline Stage 2, 1 Aug 2026 to 31 Aug 2026"]);
  });

  it("a message that cannot be queued leaves no pack behind, and the month unclaimed", async () => {
    const documentsBefore = (await packDocuments()).length;
    const mailsBefore = (await mails()).length;
    const before = await schedule();
    // An address the form would have refused, written past it: queueMail refuses the message.
    await sqlExecute(`update project set settings = jsonb_set(settings, '{reportPackSchedule,recipients}', '["not an address"]'::jsonb) where id = ?`, [western]);
    try {
      expect(await sendDueReportPacks(new Date("2026-10-01T01:00:00Z"))).toBe(0); // Thursday 1 October in Sydney
      expect((await packDocuments()).length).toBe(documentsBefore);
      expect((await mails()).length).toBe(mailsBefore);
      expect((await schedule())?.sentFor).toBe(before?.sentFor);
      // The failure is kept for the reports page, with what to do about it.
      expect((await schedule())?.lastFailure).toEqual({ month: "2026-09", at: "2026-10-01T01:00:00.000Z", reason: "The pack could not be made or sent. The next hourly run tries again." });
    } finally {
      await sqlExecute(`update project set settings = jsonb_set(settings, '{reportPackSchedule,recipients}', ?::jsonb) where id = ?`, [JSON.stringify(before?.recipients), western]);
    }
  });

  it("a schedule whose owner may no longer add documents says so on the reports page until it is saved again", async () => {
    await sqlExecute(`update project set settings = jsonb_set(settings, '{reportPackSchedule,setBy}', to_jsonb(?::text)) where id = ?`, [VIEWER, western]);
    expect(await sendDueReportPacks(new Date("2026-10-01T02:00:00Z"))).toBe(0);
    expect((await schedule())?.lastFailure).toMatchObject({ month: "2026-09", reason: expect.stringContaining("Save the schedule again") });
    const page = await withRequestContext(async () =>
      pageRoute.loader({ request: new Request(`${URL_BASE}/reports?projectId=${western}`, { headers: { Cookie: cookies.get(OFFICER)! } }), params: {}, context: {} } as never),
    );
    const data = (await (page as Response).json()) as { schedule: { lastFailure: { reason: string } | null } };
    expect(data.schedule.lastFailure?.reason).toContain("can no longer add documents to this project");
    // Saving again puts the schedule in the saver's name and clears the failure; the next sweep sends.
    expect((await postPage(western, { intent: "schedule", enabled: "true", recipients: "director@client.example\nlender@bank.example" })).status).toBe(302);
    expect(await schedule()).toMatchObject({ setBy: OFFICER, lastFailure: null });
    expect(await sendDueReportPacks(new Date("2026-10-01T03:00:00Z"))).toBe(1);
    expect((await schedule())?.sentFor).toBe("2026-09");
  });

  it("a pack too large to attach goes as links, saying why", () => {
    const file = (fileName: string, bytes: number) => ({ fileName, contentType: "application/pdf", bytes: new Uint8Array(bytes) });
    const body = (bytes: number) => packMailBody({ id: 7, name: "P" }, "July", { pdfId: 1, workbookId: 2, files: [file("a.pdf", bytes), file("b.xlsx", 1)] }, "https://records.example");
    expect(body(MAX_MAIL_ATTACHMENT_BYTES - 1).attachments?.map((a) => a.fileName)).toEqual(["a.pdf", "b.xlsx"]);
    const large = body(MAX_MAIL_ATTACHMENT_BYTES);
    expect(large.attachments).toBeUndefined();
    expect(large.text).toContain("too large to attach (over 10 MB)");
    expect(large.text).toContain("https://records.example/api/documents/1/download?projectId=7");
  });

  it("a schedule turned off sends nothing", async () => {
    expect((await postPage(western, { intent: "schedule", enabled: "false", recipients: "director@client.example" })).status).toBe(302);
    expect(await sendDueReportPacks(new Date("2026-10-01T01:00:00Z"))).toBe(0);
  });
});
