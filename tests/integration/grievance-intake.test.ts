import { loader as formLoader, action as formAction } from "../../app/routes/grievance-form.$token";
import { loader as clockLoader, action as clockAction } from "../../app/routes/projects.$id.phases_.grievance-clock";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { longDate } from "../../app/modules/grievances/public-intake";
import { db, getOrm, withRequestContext } from "../../db/orm";
import { call, formRequest, useUploadTestEnvironment } from "./support/uploads";

/**
 * The public grievance form (docs/records.md#public-grievance-form) against a real PostgreSQL, through
 * the route's loader and action as the server calls them (no browser): turning it on, off and to a new
 * address on the grievance clock page (audited; a viewer may not); a submission creates a grievance
 * with channel public form and shows its reference and dates through a signed confirmation URL, with
 * no session written; the receipt mail is queued only with an e-mail address; the honeypot creates
 * nothing; the per-address limit answers 429 with Retry-After; an unknown, turned-off or replaced
 * address is the same 404; the page shows nothing of the project's records.
 */
const env = useUploadTestEnvironment("grievance-intake");
const BASE = "http://localhost:3000";

type Route = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;

const sql = <T>(text: string, params: unknown[] = []) => withRequestContext(() => db().getConnection().execute<T[]>(text, params));
const tokenOf = async (id: number) => (await sql<{ token: string | null }>(`select settings->>'grievanceFormToken' as token from project where id = ?`, [id]))[0]!.token;

const clockUrl = (id: number) => `${BASE}/projects/${id}/phases/grievance-clock`;
const setForm = (id: number, role: string, intent: "public-form-on" | "public-form-off" | "public-form-new-address") =>
  call(() => (clockAction as Route)({ request: formRequest(clockUrl(id), env.cookies[role]!, { intent }), params: { id: String(id) }, context: {} }));
const clockPage = async (id: number, role: string) =>
  (await call(() => (clockLoader as Route)({ request: new Request(clockUrl(id), { headers: { Cookie: env.cookies[role]! } }), params: { id: String(id) }, context: {} }))).json();

const formUrl = (token: string) => `${BASE}/grievance-form/${token}`;
const getForm = (token: string, search = "") => call(() => (formLoader as Route)({ request: new Request(`${formUrl(token)}${search}`), params: { token }, context: {} }));
const submit = (token: string, fields: Record<string, string>, address = "203.0.113.1") =>
  call(() =>
    (formAction as Route)({
      request: new Request(formUrl(token), { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) }),
      params: { token },
      context: { clientAddress: address },
    }),
  );
const followReceipt = async (token: string, response: Response) => {
  const location = response.headers.get("Location")!;
  expect(location.startsWith(`/grievance-form/${token}?receipt=`)).toBe(true);
  return (await getForm(token, location.slice(location.indexOf("?")))).json();
};

type Row = {
  id: number;
  reference: string;
  channel: string;
  complainant_kind: string;
  complainant_name: string | null;
  complainant_contact: string | null;
  description: string;
  category: string;
  severity: string;
  stage: string;
  created_by_id: string | null;
  owner_id: string | null;
  acknowledge_by: string;
  resolve_by: string;
};
const grievances = (projectId: number) => sql<Row>(`select * from grievance where project_id = ? order by id`, [projectId]);
const receipts = () => sql<{ to_addresses: string[]; subject: string; text_body: string; kind: string }>(`select * from mail_message where kind = 'grievance-receipt' order by id`);
const asDate = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

let token = "";

beforeAll(async () => {
  // Enqueue only: the receipts stay queued, as they would while no mail worker runs.
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: false });
  // A grievance the project already has, which the public pages must never show.
  await sql(
    `insert into grievance (project_id, reference, received_at, channel, complainant_kind, complainant_name, complainant_contact, category, severity, description, stage, version, created_at, updated_at)
     values (?, 'G-0001', now(), 'phone', 'person', 'Prudence Hidden-Neighbour', '0499 111 222', 'access', 'high', 'Secret boundary dispute', 'received', 1, now(), now())`,
    [env.westernId],
  );
});

afterAll(() => stopJobs(2000));

describe("turning the public form on and off (grievance clock page)", () => {
  it("is off until turned on; turning it on gives an unguessable address, shown to those who may change it, and is audited", async () => {
    expect((await clockPage(env.westernId, "client_owner")).publicForm).toEqual({ enabled: false, url: null, canEdit: true });
    const response = await setForm(env.westernId, "client_owner", "public-form-on");
    expect(response.status).toBe(302);
    token = (await tokenOf(env.westernId))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await clockPage(env.westernId, "client_owner")).publicForm).toEqual({ enabled: true, url: `${BASE}/grievance-form/${token}`, canEdit: true });
    expect((await clockPage(env.westernId, "viewer")).publicForm).toEqual({ enabled: true, url: null, canEdit: false });
    const audit = await sql<{ action: string; before: unknown; after: unknown }>(
      `select action, before, after from audit_log where project_id = ? and action like 'project.grievance_form.%' order by id`,
      [env.westernId],
    );
    expect(audit).toEqual([{ action: "project.grievance_form.on", before: { publicGrievanceForm: false }, after: { publicGrievanceForm: true, newAddress: true } }]);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it("refuses a viewer's and an officer's change with 403 and changes nothing", async () => {
    for (const role of ["viewer", "officer"]) {
      expect((await setForm(env.westernId, role, "public-form-off")).status).toBe(403);
      expect(await tokenOf(env.westernId)).toBe(token);
    }
  });
});

describe("the public form", () => {
  it("shows the form with the project's name and clock targets, and nothing of its records", async () => {
    const response = await getForm(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const data = await response.json();
    expect(Object.keys(data).sort()).toEqual(["clock", "confirmation", "formAction", "limits", "projectName"]);
    expect(data).toMatchObject({ projectName: "Western Pipeline Stage 2", formAction: `/grievance-form/${token}`, clock: { acknowledgeDays: 5, resolveDays: 30 }, confirmation: null });
    const text = JSON.stringify(data);
    // The keys are exactly those above, so no id can ride along; the project's records' texts must not either.
    for (const secret of ["G-0001", "Prudence", "Secret boundary"]) expect(text).not.toContain(secret);
  });

  it("creates a grievance with channel public form, queues a receipt to the e-mail given, and shows the reference and dates", async () => {
    const before = (await grievances(env.westernId)).length;
    const response = await submit(token, {
      name: "Ann Lee",
      email: "Ann.Lee@Example.com",
      phone: "0400 123 456",
      location: "Gate 3, Ridge Road",
      whatHappened: "The contractor left the gate open and cattle got out.",
      website: "",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const rows = await grievances(env.westernId);
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({
      reference: "G-0002",
      channel: "public_form",
      complainant_kind: "person",
      complainant_name: "Ann Lee",
      complainant_contact: "E-mail: ann.lee@example.com; Phone: 0400 123 456",
      description: "The contractor left the gate open and cattle got out.\n\nLocation or property: Gate 3, Ridge Road",
      category: "other",
      severity: "medium",
      stage: "received",
      created_by_id: null,
      owner_id: null,
    });
    expect(row.acknowledge_by).toBeTruthy();
    // The confirmation URL carries the reference and dates, signed; no id of the grievance or the project.
    const payload = JSON.parse(Buffer.from(decodeURIComponent(response.headers.get("Location")!.split("receipt=")[1]!).split(".")[0]!, "base64url").toString());
    expect(Object.keys(payload).sort()).toEqual(["a", "d", "m", "r", "x"]);
    const events = await sql<{ kind: string; by_id: string | null; note: string }>(`select kind, by_id, note from grievance_event where grievance_id = ?`, [row.id]);
    expect(events).toEqual([{ kind: "created", by_id: null, note: "Received through the public grievance form" }]);
    const audit = await sql<{ user_id: string | null; after: { channel: string } }>(`select user_id, after from audit_log where action = 'grievance.create' and entity_id = ?`, [String(row.id)]);
    expect(audit).toEqual([expect.objectContaining({ user_id: null, after: expect.objectContaining({ channel: "public_form", reference: "G-0002" }) })]);

    const mails = await receipts();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_addresses: ["ann.lee@example.com"], subject: "Your grievance G-0002 has been received" });
    expect(mails[0]!.text_body).toContain(`We will acknowledge your grievance by ${longDate(asDate(row.acknowledge_by))}.`);
    expect(mails[0]!.text_body).not.toContain("cattle");

    const page = await followReceipt(token, response);
    expect(page.confirmation).toEqual({
      reference: "G-0002",
      mailed: true,
      nextSteps: expect.arrayContaining([
        `We will acknowledge your grievance by ${longDate(asDate(row.acknowledge_by))}.`,
        expect.stringContaining(`We aim to resolve it by ${longDate(asDate(row.resolve_by))}.`),
      ]),
    });
    const text = JSON.stringify(page);
    for (const secret of ["G-0001", "Prudence", "Secret boundary"]) expect(text).not.toContain(secret);
  });

  it("without any name or contact details records it as anonymous and queues no mail", async () => {
    const mailsBefore = (await receipts()).length;
    const response = await submit(token, { name: "", email: "", phone: "", location: "", whatHappened: "Dust from the haul road every afternoon.", website: "" });
    expect(response.status).toBe(302);
    expect((await grievances(env.westernId)).at(-1)).toMatchObject({ reference: "G-0003", complainant_kind: "anonymous", complainant_name: null, complainant_contact: null });
    expect(await receipts()).toHaveLength(mailsBefore);
    expect((await followReceipt(token, response)).confirmation).toMatchObject({ reference: "G-0003", mailed: false });
  });

  it("refuses a submission without what happened, or with a bad e-mail address, with field errors and creates nothing", async () => {
    const before = (await grievances(env.westernId)).length;
    const response = await submit(token, { name: "Bo", email: "bo-at-example", whatHappened: "  ", website: "" });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({ whatHappened: "Tell us what happened", email: "Enter an e-mail address in the correct format, like name@example.com" });
    expect(body.repopulateFields).toMatchObject({ name: "Bo", email: "bo-at-example" });
    expect(await grievances(env.westernId)).toHaveLength(before);
  });

  it("honeypot: a submission that fills the hidden field gets the same confirmation, and nothing is created or mailed", async () => {
    const before = (await grievances(env.westernId)).length;
    const mailsBefore = (await receipts()).length;
    const response = await submit(token, { name: "Robot", email: "robot@example.com", whatHappened: "Buy cheap things", website: "http://spam.example" }, "203.0.113.2");
    expect(response.status).toBe(302);
    expect(await grievances(env.westernId)).toHaveLength(before);
    expect(await receipts()).toHaveLength(mailsBefore);
    const page = await followReceipt(token, response);
    expect(page.confirmation).toMatchObject({ reference: "G-0004", mailed: true });
    expect(page.confirmation.nextSteps[0]).toMatch(/^We will acknowledge your grievance by \w+day \d{1,2} \w+ \d{4}\.$/);
  });

  it("a confirmation value that was tampered with shows the plain form", async () => {
    const response = await submit(token, { whatHappened: "Noise at night.", website: "" }, "203.0.113.3");
    const location = response.headers.get("Location")!;
    const value = decodeURIComponent(location.split("receipt=")[1]!);
    const [payload, signature] = value.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), r: "G-0001" })).toString("base64url");
    expect((await (await getForm(token, `?receipt=${forged}.${signature}`)).json()).confirmation).toBeNull();
    expect((await (await getForm(token, `?receipt=${encodeURIComponent(value)}`)).json()).confirmation).toMatchObject({ reference: "G-0004" });
  });

  it("limits each address to 5 submissions an hour: the 6th is 429 with Retry-After and creates nothing; another address still may", async () => {
    const address = "198.51.100.77";
    for (let i = 0; i < 5; i++) expect((await submit(token, { whatHappened: `Complaint ${i}`, website: "" }, address)).status).toBe(302);
    const before = (await grievances(env.westernId)).length;
    const refused = await submit(token, { whatHappened: "One too many", website: "" }, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await refused.json()).toMatchObject({ code: "TOO_MANY_SUBMISSIONS", message: expect.stringContaining("Too many grievances have been sent from your internet address") });
    expect(await grievances(env.westernId)).toHaveLength(before);
    expect((await submit(token, { whatHappened: "From elsewhere", website: "" }, "198.51.100.78")).status).toBe(302);
  });
});

describe("addresses that answer 404", () => {
  const notFoundBody = async (response: Response) => {
    expect(response.status).toBe(404);
    return response.json();
  };

  it("an unknown or malformed token is 404", async () => {
    const unknown = await notFoundBody(await getForm("A".repeat(32)));
    expect(await notFoundBody(await getForm("short"))).toEqual(unknown);
    expect(await notFoundBody(await submit("A".repeat(32), { whatHappened: "x", website: "" }))).toEqual(unknown);
  });

  it("a new address makes the old one 404 (the same 404) and the new one works; turning off makes it 404 too", async () => {
    const unknown = await (await getForm("B".repeat(32))).json();
    const old = token;
    expect((await setForm(env.westernId, "client_owner", "public-form-new-address")).status).toBe(302);
    token = (await tokenOf(env.westernId))!;
    expect(token).not.toBe(old);
    expect(await notFoundBody(await getForm(old))).toEqual(unknown);
    expect(await notFoundBody(await submit(old, { whatHappened: "x", website: "" }, "203.0.113.9"))).toEqual(unknown);
    expect((await getForm(token)).status).toBe(200);

    const before = (await grievances(env.westernId)).length;
    expect((await setForm(env.westernId, "client_owner", "public-form-off")).status).toBe(302);
    expect(await tokenOf(env.westernId)).toBeNull();
    expect(await notFoundBody(await getForm(token))).toEqual(unknown);
    expect(await notFoundBody(await submit(token, { whatHappened: "x", website: "" }, "203.0.113.9"))).toEqual(unknown);
    expect(await grievances(env.westernId)).toHaveLength(before);
    expect((await clockPage(env.westernId, "client_owner")).publicForm).toEqual({ enabled: false, url: null, canEdit: true });

    const actions = await sql<{ action: string }>(`select action from audit_log where project_id = ? and action like 'project.grievance_form.%' order by id`, [env.westernId]);
    expect(actions.map((a) => a.action)).toEqual(["project.grievance_form.on", "project.grievance_form.new_address", "project.grievance_form.off"]);
  });
});
