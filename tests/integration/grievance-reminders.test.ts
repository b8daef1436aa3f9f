import { Project } from "../../db/entities/index";
import { db, getOrm, withRequestContext } from "../../db/orm";
import { createSignedInSession } from "../../app/modules/auth/session.server";
import { createGrievance, updateGrievance } from "../../app/modules/grievances/grievance.server";
import { GRIEVANCE_REMINDER_QUEUE, sendDueGrievanceReminders } from "../../app/modules/grievances/grievance-reminders.server";
import { GrievanceSchema } from "../../app/modules/grievances/schemas";
import { jobs, startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { zonedLocalToInstant } from "../../app/modules/engagement/zoned-time";
import * as listRoute from "../../app/routes/api.grievances";
import { JOB_QUEUES } from "../../app/queues.server";
import { accessFor } from "../factories/access";
import { useTestDatabase } from "../setup/test-database";

/**
 * The grievance owner's mail (docs/records.md#grievance-reminders) against a seeded PostgreSQL and
 * pg-boss without workers, so queued messages wait in mail_message: the assignment mail from the save,
 * and the reminder sweep at fixed instants, run twice (and twice at once) to show it sends each once.
 */
const WESTERN = "Western Pipeline Stage 2";
const COASTAL = "Coastal Road Upgrade";
const OFFICER = "seed-officer";
const PM = "seed-project-manager";
const PM_EMAIL = "pm@demo-consultancy.local";
const SECOND_OWNER = "seed-second-owner";
const URL_BASE = "http://localhost:3000";
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: false });
  western = await withRequestContext(async () => (await db().findOneOrFail(Project, { name: WESTERN })).id);
});

afterAll(async () => {
  await stopJobs(2000);
  await database?.drop();
});

interface MailRow {
  id: number;
  kind: string;
  to_addresses: string[];
  subject: string;
  text_body: string;
  job_id: string | null;
}
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;
const mails = (kind: string) => sql<MailRow>("select id, kind, to_addresses, subject, text_body, job_id from mail_message where kind = ? order by id", [kind]);

const FORM = {
  receivedDate: "2026-11-20",
  receivedTime: "09:15",
  channel: "phone",
  complainantKind: "person",
  complainantName: "Jo Smith",
  complainantContact: "0400 000 000",
  category: "gates_fences",
  severity: "high",
  description: "Gate left open by the survey crew",
};
const input = (over: Record<string, unknown> = {}) => GrievanceSchema.parse({ ...FORM, ...over });
const create = (userId: string, over: Record<string, unknown> = {}, project = WESTERN) => withRequestContext(async () => createGrievance(await accessFor(userId, project), input(over)));
const update = (userId: string, id: number, over: Record<string, unknown>) => withRequestContext(async () => updateGrievance(await accessFor(userId, WESTERN), id, input(over)));
/** Sets the stored due dates and stage directly: the sweep reads what is stored. */
const setDue = (id: number, fields: { stage?: string; acknowledgeBy?: string | null; resolveBy?: string | null }) =>
  sql("update grievance set stage = coalesce(?, stage), acknowledge_by = ?, resolve_by = ? where id = ?", [fields.stage ?? null, fields.acknowledgeBy ?? null, fields.resolveBy ?? null, id]);
const sydney = (local: string) => zonedLocalToInstant(local, "Australia/Sydney")!;

describe("assignment mail", () => {
  it("mails the new owner when a grievance is created with an owner over /api, with the reference, dates, complainant's name and link", async () => {
    const setCookie = await withRequestContext(() => createSignedInSession(new Request(`${URL_BASE}/`), OFFICER));
    const request = new Request(`${URL_BASE}/api/grievances`, {
      method: "POST",
      headers: { Cookie: setCookie.split(";")[0]!, "Content-Type": "application/json" },
      body: JSON.stringify({ projectId: western, ...FORM, ownerId: PM }),
    });
    const response = (await withRequestContext(() => listRoute.action({ request, params: {}, context: {} }))) as Response;
    expect(response.status).toBe(201);
    const created = await response.json();
    const [mail, ...more] = await mails("grievance-assignment");
    expect(more).toEqual([]);
    expect(mail!.to_addresses).toEqual([PM_EMAIL]);
    expect(mail!.subject).toBe(`Grievance ${created.reference} assigned to you`);
    expect(mail!.job_id).not.toBeNull();
    for (const line of [
      "Oscar Officer made you the owner",
      `Reference: ${created.reference}`,
      "Category: Gates and fences",
      "Severity: High",
      "Complainant: Jo Smith",
      "Acknowledge by: ",
      "Resolve by: ",
      `Open the grievance: http://localhost:3000/grievances/${created.id}?projectId=${western}`,
    ]) {
      expect(mail!.text_body).toContain(line);
    }
    // The complainant's contact details and the description stay behind the sign-in.
    expect(mail!.text_body).not.toContain("0400 000 000");
    expect(mail!.text_body).not.toContain("survey crew");
  });

  it("mails a change of owner, not an edit that keeps the owner, not an officer taking it themselves, not a refused save", async () => {
    const before = (await mails("grievance-assignment")).length;
    const own = await create(OFFICER, { ownerId: OFFICER });
    expect(await mails("grievance-assignment")).toHaveLength(before);
    await update(OFFICER, own.id, { ownerId: OFFICER, description: "Edited, same owner" });
    expect(await mails("grievance-assignment")).toHaveLength(before);
    await update(OFFICER, own.id, { ownerId: PM });
    const after = await mails("grievance-assignment");
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.to_addresses).toEqual([PM_EMAIL]);
    expect(after.at(-1)!.subject).toBe(`Grievance ${own.reference} assigned to you`);
    // A member of another client's project cannot be the owner: the save is refused and nothing is queued.
    await expect(create(OFFICER, { ownerId: SECOND_OWNER })).rejects.toMatchObject({ status: 422 });
    await expect(update(OFFICER, own.id, { ownerId: SECOND_OWNER })).rejects.toMatchObject({ status: 422 });
    expect(await mails("grievance-assignment")).toHaveLength(before + 1);
  });
});

describe("due-date reminders", () => {
  let ack: number;
  let acknowledged: number;
  let unowned: number;
  let coastal: number;

  beforeAll(async () => {
    // Only the grievances below may have due dates near the sweeps' instants.
    await sql("update grievance set acknowledge_by = null, resolve_by = null");
    // The other client's owner joins their project, so a grievance there can be theirs.
    await sql("insert into project_membership (user_id, project_id, role) select ?, id, 'client_owner' from project where name = ?", [SECOND_OWNER, COASTAL]);
    ack = (await create(OFFICER, { ownerId: PM })).id;
    acknowledged = (await create(OFFICER, { ownerId: PM })).id;
    unowned = (await create(OFFICER, { ownerId: null })).id;
    coastal = (await create(SECOND_OWNER, { ownerId: SECOND_OWNER }, COASTAL)).id;
    // Monday 30 November 2026: the reminders are due on Friday 27 November.
    await setDue(ack, { acknowledgeBy: "2026-11-30", resolveBy: "2027-01-11" });
    await setDue(acknowledged, { stage: "acknowledged", acknowledgeBy: "2026-11-30", resolveBy: "2026-11-30" });
    await setDue(unowned, { acknowledgeBy: "2026-11-30", resolveBy: "2026-11-30" });
    await setDue(coastal, { acknowledgeBy: "2026-11-30", resolveBy: "2027-01-11" });
  });

  it("is a pg-boss job on an hourly schedule, whichever process keeps the clock", async () => {
    expect((await jobs().getSchedules()).map((s) => [s.name, s.cron])).toContainEqual([GRIEVANCE_REMINDER_QUEUE, "5 * * * *"]);
    expect(await jobs().getQueue(GRIEVANCE_REMINDER_QUEUE)).toMatchObject({ name: GRIEVANCE_REMINDER_QUEUE, policy: "singleton" });
  });

  it("sends nothing before the business day before", async () => {
    expect(await sendDueGrievanceReminders(sydney("2026-11-26T16:00"))).toBe(0);
    expect(await mails("grievance-reminder")).toEqual([]);
  });

  it("on the Friday before a Monday due date reminds each owner once per due date, for the stage's date only; run again, nothing new", async () => {
    const version = (await sql<{ version: number }>("select version from grievance where id = ?", [ack]))[0]!.version;
    expect(await sendDueGrievanceReminders(sydney("2026-11-27T08:00"))).toBe(3);
    const sent = await mails("grievance-reminder");
    const reference = async (id: number) => (await sql<{ reference: string }>("select reference from grievance where id = ?", [id]))[0]!.reference;
    expect(sent.map((m) => [m.to_addresses, m.subject]).sort()).toEqual(
      [
        [[PM_EMAIL], `Reminder: grievance ${await reference(ack)} is due to be acknowledged by 30 Nov 2026`],
        [[PM_EMAIL], `Reminder: grievance ${await reference(acknowledged)} is due to be resolved by 30 Nov 2026`],
        [["owner@second-client.local"], `Reminder: grievance ${await reference(coastal)} is due to be acknowledged by 30 Nov 2026`],
      ].sort(),
    );
    expect(sent.every((m) => m.job_id)).toBe(true);
    expect(await sql("select id, acknowledge_reminded_for::text as ack, resolve_reminded_for::text as resolve from grievance where id in (?, ?, ?) order by id", [ack, acknowledged, unowned])).toEqual(
      [
        { id: ack, ack: "2026-11-30", resolve: null },
        { id: acknowledged, ack: null, resolve: "2026-11-30" },
        { id: unowned, ack: null, resolve: null },
      ],
    );
    // A reminder is not an edit: a form opened before it still saves.
    expect((await sql<{ version: number }>("select version from grievance where id = ?", [ack]))[0]!.version).toBe(version);

    expect(await sendDueGrievanceReminders(sydney("2026-11-27T09:00"))).toBe(0);
    expect(await sendDueGrievanceReminders(sydney("2026-11-30T08:00"))).toBe(0);
    expect(await mails("grievance-reminder")).toHaveLength(3);
  });

  it("reminds on the business day before a public holiday; two sweeps at once send it once", async () => {
    // Christmas (Friday) and Boxing Day's substitute (Monday 28 December) are NSW holidays: due Tuesday 29, reminded Thursday 24.
    await setDue(ack, { stage: "investigating", acknowledgeBy: "2026-11-30", resolveBy: "2026-12-29" });
    const before = (await mails("grievance-reminder")).length;
    expect(await sendDueGrievanceReminders(sydney("2026-12-23T12:00"))).toBe(0);
    const counts = await Promise.all([sendDueGrievanceReminders(sydney("2026-12-24T12:00")), sendDueGrievanceReminders(sydney("2026-12-24T12:00"))]);
    expect(counts.sort()).toEqual([0, 1]);
    const sent = await mails("grievance-reminder");
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)!.subject).toMatch(/is due to be resolved by 29 Dec 2026$/);
    expect(await sendDueGrievanceReminders(sydney("2026-12-24T13:00"))).toBe(0);
  });

  it("reminds again when a due date moves, and never once the grievance is resolved or after the date", async () => {
    await setDue(ack, { stage: "investigating", acknowledgeBy: "2026-11-30", resolveBy: "2027-01-11" });
    await setDue(acknowledged, { stage: "resolved", acknowledgeBy: "2026-11-30", resolveBy: "2027-01-11" });
    const before = (await mails("grievance-reminder")).length;
    expect(await sendDueGrievanceReminders(sydney("2027-01-12T08:00"))).toBe(0);
    // Friday 8 January 2027 is the business day before Monday 11: the moved date of `ack` and the
    // other client's grievance, not the resolved one.
    expect(await sendDueGrievanceReminders(sydney("2027-01-08T08:00"))).toBe(2);
    const sent = (await mails("grievance-reminder")).slice(before);
    expect(sent.map((m) => m.to_addresses[0]).sort()).toEqual(["owner@second-client.local", PM_EMAIL]);
    expect(sent.every((m) => m.subject.endsWith("is due to be resolved by 11 Jan 2027"))).toBe(true);
    expect(await sql("select resolve_reminded_for::text as resolve from grievance where id in (?, ?) order by id", [ack, acknowledged])).toEqual([
      { resolve: "2027-01-11" },
      { resolve: "2026-11-30" },
    ]);
  });
});
