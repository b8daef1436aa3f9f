import { PDFParse } from "pdf-parse";
import { loader as overviewLoader } from "../../app/routes/projects.$id.phases";
import { action as planningAction, loader as planningLoader } from "../../app/routes/projects.$id.phases_.planning";
import { action as closureAction, loader as closureLoader } from "../../app/routes/projects.$id.phases_.closure";
import { action as planningApi } from "../../app/routes/api.projects.$id.planning";
import { action as closureApi } from "../../app/routes/api.projects.$id.closure";
import { loader as allProjectsLoader } from "../../app/routes/api.projects.all";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { DEFAULT_CLOSURE_NOTIFY_EMAILS } from "../../app/modules/mail/mail-config.server";
import { getObjectStore, S3ObjectStore, setObjectStore } from "../../app/modules/storage/index.server";
import { consumeFlash } from "../../app/modules/auth/flash.server";
import { db, getOrm, withRequestContext } from "../../db/orm";
import { call, formRequest, jsonRequest, storedFiles, useUploadTestEnvironment } from "./support/uploads";

/**
 * The project phases (docs/lifecycle.md#phases) against a real PostgreSQL: the overview and the forms' loaders, saving
 * progress and submitting through the page (what a browser without JavaScript posts) and through
 * /api/projects/{id}/{planning|closure}; the closure's notification row and its PDF in the project's
 * documents; refusals: a viewer's and an officer's writes (403, nothing saved), another client's
 * project (404), a completed phase (409), a malformed or unknown id, a failure that rolls everything
 * back; and GET /api/projects/all for system admins only.
 */
const env = useUploadTestEnvironment("project-phases");
const BASE = "http://localhost:3000";
const savedNotify = process.env.CLOSURE_NOTIFY_EMAILS;

beforeAll(async () => {
  delete process.env.CLOSURE_NOTIFY_EMAILS;
  // Enqueue only: the messages stay queued, as they would while no mail worker runs.
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: false });
});

afterAll(async () => {
  await stopJobs(2000);
  if (savedNotify === undefined) delete process.env.CLOSURE_NOTIFY_EMAILS;
  else process.env.CLOSURE_NOTIFY_EMAILS = savedNotify;
});

afterEach(() => setObjectStore(null));

type Route = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;

const cookie = (role: string) => env.cookies[role]!;
const page = (route: Route, id: number | string, role: string, phase = "") =>
  call(() => route({ request: new Request(`${BASE}/projects/${id}/phases${phase && `/${phase}`}`, { headers: { Cookie: cookie(role) } }), params: { id: String(id) }, context: {} }));
const post = (route: Route, id: number | string, phase: string, role: string, fields: Record<string, string>) =>
  call(() => route({ request: formRequest(`${BASE}/projects/${id}/phases/${phase}`, cookie(role), fields), params: { id: String(id) }, context: {} }));
const api = (route: Route, id: number | string, phase: string, role: string, body: unknown, method = "POST") =>
  call(() => route({ request: jsonRequest(`${BASE}/api/projects/${id}/${phase}`, cookie(role), method, body), params: { id: String(id) }, context: {} }));

const sql = <T>(text: string, params: unknown[] = []) => withRequestContext(() => db().getConnection().execute<T[]>(text, params));

async function projectRow(id: number) {
  const [row] = await sql<Record<string, unknown>>(
    `select planning_phase_status, planning_completed_at, planning_completed_by, closure_phase_status, closure_completed_at, closure_completed_by, updated_at from project where id = ?`,
    [id],
  );
  return row!;
}

const phaseForm = async (id: number, phase: string) =>
  (await sql<{ values: Record<string, unknown>; submitted_by_id: string }>(`select values, submitted_by_id from project_phase_form where project_id = ? and phase = ?`, [id, phase]))[0] ?? null;
const mailRows = (id: number) =>
  sql<{ kind: string; to_addresses: string[]; subject: string; text_body: string; html_body: string }>(`select * from mail_message where dedupe_key = ?`, [`project-closure:${id}`]);
const documents = (id: number) =>
  sql<{ id: number; original_file_name: string; mime_type: string; file_size: string; storage_key: string; category: string; uploaded_by_id: string; tags: string[] }>(
    `select * from document where project_id = ? order by id`,
    [id],
  );

async function flashOf(role: string) {
  return withRequestContext(async () => (await consumeFlash(new Request(`${BASE}/`, { headers: { Cookie: cookie(role) } }))).flash);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function readObject(key: string): Promise<Buffer> {
  const { stream } = await getObjectStore().get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe("the phases overview", () => {
  it("shows part 1 completed with its stamp and parts 2 and 3 pending, and who may fill them", async () => {
    const response = await page(overviewLoader, env.northernId, "client_owner");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.project).toEqual({ id: env.northernId, name: "Northern Transmission Line", clientName: "Demo Land Consultancy" });
    expect(data.startup).toMatchObject({ status: "completed", completedBy: "Olivia Owner" });
    expect(data.startup.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data.planning).toMatchObject({ status: "pending", completedAt: null, completedBy: null, savedAt: null });
    expect(data.closure).toMatchObject({ status: "pending", completedAt: null });
    expect(data.canFill).toBe(true);
    expect(data.timeZone).toBe("Australia/Sydney");

    const viewer = await (await page(overviewLoader, env.westernId, "viewer")).json();
    expect(viewer.canFill).toBe(false);
  });

  it("answers Invalid project ID (400) for a malformed id and Project ID not found (404) for an unknown or another client's", async () => {
    for (const id of ["abc", `${env.northernId}abc`, "-1", "99999999999"]) {
      const response = await page(overviewLoader, id, "client_owner");
      expect(response.status, id).toBe(400);
      expect(await response.json()).toMatchObject({ message: "Invalid project ID" });
    }
    for (const [id, role] of [
      [2_000_000_000, "client_owner"],
      [env.northernId, "second_owner"],
      [env.secondProjectId, "client_owner"],
    ] as const) {
      const response = await page(overviewLoader, id, role);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ message: "Project ID not found" });
    }
    // A project of the user's own client that they are not a member of.
    expect((await page(overviewLoader, env.northernId, "viewer")).status).toBe(403);
  });
});

describe("the planning form", () => {
  it("starts with every answer No, editable for roles that may create projects", async () => {
    const data = await (await page(planningLoader, env.northernId, "client_owner", "planning")).json();
    expect(data).toMatchObject({ phase: "planning", status: "pending", editable: true, canFill: true, savedAt: null });
    expect(Object.keys(data.values)).toHaveLength(19);
    expect(data.values.clientKickoffMeeting).toBe("no");
    expect(data.values.additionalComments).toBeNull();
  });

  it("re-renders answers that fail the schema with the errors and what was sent, saving nothing", async () => {
    const response = await post(planningAction, env.northernId, "planning", "client_owner", { intent: "save", clientKickoffMeeting: "perhaps", hseExecutionPlanDetails: "x".repeat(2001) });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({
      clientKickoffMeeting: "Select yes or no for the client kick-off meeting",
      hseExecutionPlanDetails: "Details of the HSE execution plan must be 2,000 characters or fewer",
    });
    expect(body.repopulateFields.clientKickoffMeeting).toBe("perhaps");
    expect(await phaseForm(env.northernId, "planning")).toBeNull();
    expect((await projectRow(env.northernId)).planning_phase_status).toBe("pending");
  });

  it("a failed submit saves nothing and re-renders the answers with the spec's message", async () => {
    const before = await projectRow(env.northernId);
    // The database refuses the planning row (a real failure inside the save's transaction).
    await sql(`alter table project_phase_form add constraint test_refuse_planning check (phase <> 'planning') not valid`);
    try {
      const response = await post(planningAction, env.northernId, "planning", "client_owner", { intent: "submit", clientKickoffMeeting: "yes", deliverablesConfirmed: "yes" });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({
        fieldErrors: { _form: "Failed to submit planning form. Please try again." },
        repopulateFields: { intent: "submit", clientKickoffMeeting: "yes", deliverablesConfirmed: "yes" },
      });
    } finally {
      await sql(`alter table project_phase_form drop constraint test_refuse_planning`);
    }
    expect(await projectRow(env.northernId)).toEqual(before);
    expect(await phaseForm(env.northernId, "planning")).toBeNull();
    expect(await sql(`select id from audit_log where action like 'project.planning.%' and entity_id = ?`, [String(env.northernId)])).toEqual([]);
  });

  it("Save progress keeps the answers and sets the phase In Progress", async () => {
    const response = await post(planningAction, env.northernId, "planning", "client_owner", {
      intent: "save",
      clientKickoffMeeting: "yes",
      clientKickoffMeetingDetails: "  Held at the Ballarat office on 3 March  ",
      deliverablesConfirmed: "no",
      additionalComments: "",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/projects/${env.northernId}/phases/planning`);
    expect(await flashOf("client_owner")).toEqual({ kind: "success", title: "Progress Saved", description: "Your answers are saved. Project Planning is In Progress." });

    const row = await projectRow(env.northernId);
    expect(row).toMatchObject({ planning_phase_status: "in-progress", planning_completed_at: null, planning_completed_by: null, closure_phase_status: "pending" });
    const form = await phaseForm(env.northernId, "planning");
    expect(form!.submitted_by_id).toBe("seed-client-owner");
    expect(form!.values).toMatchObject({
      clientKickoffMeeting: "yes",
      clientKickoffMeetingDetails: "Held at the Ballarat office on 3 March",
      deliverablesConfirmed: "no",
      hseExecutionPlan: "no",
      additionalComments: null,
    });

    const data = await (await page(planningLoader, env.northernId, "client_owner", "planning")).json();
    expect(data).toMatchObject({ status: "in-progress", editable: true, savedBy: "Olivia Owner" });
    expect(data.values.clientKickoffMeetingDetails).toBe("Held at the Ballarat office on 3 March");
    const overview = await (await page(overviewLoader, env.northernId, "client_owner")).json();
    expect(overview.planning.status).toBe("in-progress");
    expect(overview.planning.savedAt).not.toBeNull();

    const [audit] = await sql<{ action: string; user_id: string; before: unknown; after: unknown }>(`select * from audit_log where action = 'project.planning.save' and entity_id = ?`, [
      String(env.northernId),
    ]);
    expect(audit).toMatchObject({ user_id: "seed-client-owner", before: { status: "pending" }, after: { status: "in-progress" } });
  });

  it("Submit completes the phase with who and when, sends no mail, and then shows the answers read-only", async () => {
    const before = Date.now();
    const response = await post(planningAction, env.northernId, "planning", "client_owner", {
      intent: "submit",
      clientKickoffMeeting: "yes",
      deliverablesConfirmed: "yes",
      hseExecutionPlan: "yes",
      hseExecutionPlanDetails: "HSE plan v2 approved",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/projects/${env.northernId}/phases`);
    expect(await flashOf("client_owner")).toEqual({ kind: "success", title: "Success!", description: "Planning Phase Completed" });

    const row = await projectRow(env.northernId);
    expect(row).toMatchObject({ planning_phase_status: "completed", planning_completed_by: "Olivia Owner", closure_phase_status: "pending" });
    expect(new Date(row.planning_completed_at as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await phaseForm(env.northernId, "planning"))!.values).toMatchObject({ deliverablesConfirmed: "yes", hseExecutionPlanDetails: "HSE plan v2 approved", clientKickoffMeetingDetails: null });
    expect(await sql(`select id from mail_message where dedupe_key like ?`, [`%:${env.northernId}`])).toEqual([]);

    const data = await (await page(planningLoader, env.northernId, "client_owner", "planning")).json();
    expect(data).toMatchObject({ status: "completed", editable: false, canFill: true, completedBy: "Olivia Owner" });
    const overview = await (await page(overviewLoader, env.northernId, "director")).json();
    expect(overview.planning).toMatchObject({ status: "completed", completedBy: "Olivia Owner" });
  });

  it("refuses to change a completed phase (409), through the page and the /api, and keeps what was submitted", async () => {
    const before = await phaseForm(env.northernId, "planning");
    for (const intent of ["save", "submit"]) {
      const response = await post(planningAction, env.northernId, "planning", "director", { intent, clientKickoffMeeting: "no" });
      expect(response.status).toBe(409);
      expect((await response.json()).fieldErrors).toEqual({ _form: "Project Planning is already completed and can no longer be changed." });
    }
    const viaApi = await api(planningApi, env.northernId, "planning", "director", { clientKickoffMeeting: "no" });
    expect(viaApi.status).toBe(409);
    expect(await viaApi.json()).toEqual({ message: "Project Planning is already completed and can no longer be changed." });
    expect(await phaseForm(env.northernId, "planning")).toEqual(before);
    expect((await projectRow(env.northernId)).planning_completed_by).toBe("Olivia Owner");
  });
});

describe("refusals", () => {
  it("a viewer and an officer read the forms but their saves and submits are 403, and nothing is saved", async () => {
    const data = await (await page(closureLoader, env.westernId, "viewer", "closure")).json();
    expect(data).toMatchObject({ status: "pending", editable: false, canFill: false });
    const before = await projectRow(env.westernId);
    for (const role of ["viewer", "officer"]) {
      for (const intent of ["save", "submit"]) {
        expect((await post(closureAction, env.westernId, "closure", role, { intent, clientHandover: "yes" })).status, `${role} ${intent}`).toBe(403);
        expect((await post(planningAction, env.westernId, "planning", role, { intent, clientKickoffMeeting: "yes" })).status).toBe(403);
        expect((await api(closureApi, env.westernId, "closure", role, { intent, clientHandover: true })).status).toBe(403);
      }
    }
    expect(await projectRow(env.westernId)).toEqual(before);
    expect(await phaseForm(env.westernId, "closure")).toBeNull();
    expect(await phaseForm(env.westernId, "planning")).toBeNull();
    expect(await mailRows(env.westernId)).toEqual([]);
  });

  it("another client's project is 404 for reads and writes, page and /api, and nothing changes", async () => {
    const before = await projectRow(env.secondProjectId);
    expect((await page(closureLoader, env.secondProjectId, "client_owner", "closure")).status).toBe(404);
    expect((await post(closureAction, env.secondProjectId, "closure", "client_owner", { intent: "submit", clientHandover: "yes" })).status).toBe(404);
    const viaApi = await api(closureApi, env.secondProjectId, "closure", "director", { clientHandover: true });
    expect(viaApi.status).toBe(404);
    expect(await viaApi.json()).toMatchObject({ message: "Project ID not found" });
    expect(await projectRow(env.secondProjectId)).toEqual(before);
    expect(await phaseForm(env.secondProjectId, "closure")).toBeNull();
    expect(await mailRows(env.secondProjectId)).toEqual([]);
  });

  it("the /api routes answer only POST, and refuse an unknown intent", async () => {
    const response = await api(planningApi, env.westernId, "planning", "client_owner", {}, "PUT");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    const unknown = await api(planningApi, env.westernId, "planning", "client_owner", { intent: "delete" });
    expect(unknown.status).toBe(400);
    const invalid = await api(planningApi, env.westernId, "planning", "client_owner", { clientKickoffMeeting: "maybe" });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ errors: { clientKickoffMeeting: "Select yes or no for the client kick-off meeting" } });
    expect(await phaseForm(env.westernId, "planning")).toBeNull();
  });
});

describe("the closure", () => {
  const answers = {
    deliverablesCompleted: true,
    deliverablesCompletedDetails: "Final easement report issued 2 March",
    clientHandover: "yes",
    finalInvoiceSent: "Yes",
    lessonsLearntMeeting: false,
    additionalComments: "Handover pack filed with the Ararat depot.",
  };

  it("a failure stores nothing: no status change, no mail, no document and no stored bytes, with the spec's message", async () => {
    const before = await projectRow(env.northernId);
    const filesBefore = storedFiles(env.dataDir).length;
    // The object store cannot be reached.
    setObjectStore(new S3ObjectStore({ endPoint: "127.0.0.1", port: 1, useSSL: false, accessKey: "k", secretKey: "s", bucket: "b" }));
    const unreachable = await post(closureAction, env.northernId, "closure", "client_owner", { intent: "submit", clientHandover: "yes" });
    expect(unreachable.status).toBe(503);
    expect(await unreachable.json()).toMatchObject({ fieldErrors: { _form: "Failed to submit closure form. Please try again." }, repopulateFields: { clientHandover: "yes" } });
    setObjectStore(null);

    // The PDF is stored, then the notification cannot be queued: the transaction and the stored bytes go.
    process.env.CLOSURE_NOTIFY_EMAILS = "not an address";
    try {
      // An unexpected error: Remix answers 500.
      await expect(api(closureApi, env.northernId, "closure", "client_owner", answers)).rejects.toThrow("CLOSURE_NOTIFY_EMAILS");
    } finally {
      delete process.env.CLOSURE_NOTIFY_EMAILS;
    }
    expect(await projectRow(env.northernId)).toEqual(before);
    expect(await phaseForm(env.northernId, "closure")).toBeNull();
    expect(await mailRows(env.northernId)).toEqual([]);
    expect(await documents(env.northernId)).toEqual([]);
    expect(storedFiles(env.dataDir)).toHaveLength(filesBefore);
  });

  it("submitting through the /api completes it, queues the mail to the three closure addresses and files the summary as a PDF", async () => {
    const response = await api(closureApi, env.northernId, "closure", "director", answers);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.message).toBe("Project Closure Completed (emailed to relevant departments and saved to the project folder)");
    expect(body.project).toMatchObject({
      id: env.northernId,
      name: "Northern Transmission Line",
      clientId: env.demoClientId,
      closurePhaseStatus: "completed",
      closureCompletedBy: "Dana Director",
      planningPhaseStatus: "completed",
    });
    expect(body.project.closureCompletedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const row = await projectRow(env.northernId);
    expect(row).toMatchObject({ closure_phase_status: "completed", closure_completed_by: "Dana Director" });
    expect((await phaseForm(env.northernId, "closure"))!.values).toMatchObject({
      deliverablesCompleted: "yes",
      clientHandover: "yes",
      finalInvoiceSent: "yes",
      lessonsLearntMeeting: "no",
      equipmentReturned: "no",
    });

    const mails = await mailRows(env.northernId);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.kind).toBe("project-closure");
    expect(mail.to_addresses).toEqual([...DEFAULT_CLOSURE_NOTIFY_EMAILS]);
    expect(mail.to_addresses).toHaveLength(3);
    expect(mail.subject).toBe("Project closure: Northern Transmission Line");
    expect(mail.text_body).toContain("Dana Director completed part 3 (closure) of the Project Start Up, Planning and Closure Form for Demo Land Consultancy.");
    expect(mail.text_body).toContain("1. Have all project deliverables been completed?:\n  Yes\n  Final easement report issued 2 March");
    expect(mail.text_body).toContain("7. Has a lessons learnt meeting been held?: No");
    expect(mail.text_body).toContain("Additional comments: Handover pack filed with the Ararat depot.");
    expect(mail.html_body).toContain('<th scope="row"');

    const [document] = await documents(env.northernId);
    expect(body.documentId).toBe(document!.id);
    expect(document).toMatchObject({ mime_type: "application/pdf", category: "planning", uploaded_by_id: "seed-director", tags: ["project closure", "phase form"] });
    expect(document!.original_file_name).toMatch(/^Project closure summary - Northern Transmission Line - \d{4}-\d{2}-\d{2}\.pdf$/);
    expect(mail.text_body).toContain(document!.original_file_name);
    const bytes = await readObject(document!.storage_key);
    expect(bytes.length).toBe(Number(document!.file_size));
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(bytes);
    for (const expected of [
      "Project Closure Summary",
      "Project: Northern Transmission Line",
      "Client: Demo Land Consultancy",
      "Completed by: Dana Director",
      "Details: Final easement report issued 2 March",
      "Handover pack filed with the Ararat depot.",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.match(/Answer: Yes/g)).toHaveLength(3);

    const actions = (
      await sql<{ action: string }>(`select action from audit_log where project_id = ? and action in ('project.closure.complete', 'document.create') order by id`, [env.northernId])
    ).map((r) => r.action);
    expect(actions).toEqual(["project.closure.complete", "document.create"]);
  });

  it("a second submit is refused and neither mails nor files again", async () => {
    const response = await post(closureAction, env.northernId, "closure", "client_owner", { intent: "submit", clientHandover: "no" });
    expect(response.status).toBe(409);
    expect((await response.json()).fieldErrors._form).toBe("Project Closure is already completed and can no longer be changed.");
    expect(await mailRows(env.northernId)).toHaveLength(1);
    expect(await documents(env.northernId)).toHaveLength(1);
  });

  it("a project manager saves progress through the /api in a project they are a member of", async () => {
    const response = await api(closureApi, env.westernId, "closure", "project_manager", { intent: "save", clientHandover: true, clientHandoverDetails: "Booked for Friday" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: "Project Closure progress saved", project: { id: env.westernId, closurePhaseStatus: "in-progress" } });
    expect((await phaseForm(env.westernId, "closure"))!.submitted_by_id).toBe("seed-project-manager");
    expect(await mailRows(env.westernId)).toEqual([]);
    expect(await documents(env.westernId)).toEqual([]);
  });
});

describe("GET /api/projects/all", () => {
  const list = (role: string, query = "") =>
    call(() => allProjectsLoader({ request: new Request(`${BASE}/api/projects/all${query}`, { headers: { Cookie: cookie(role) } }), params: {}, context: {} }));

  it("gives a system admin every client's projects with their clientId, paged like other lists", async () => {
    const response = await list("system_admin");
    expect(response.status).toBe(200);
    const projects = (await response.json()) as { id: number; name: string; clientId: number; clientName: string }[];
    expect(projects.map((p) => [p.name, p.clientName])).toEqual(
      expect.arrayContaining([
        ["Western Pipeline Stage 2", "Demo Land Consultancy"],
        ["Northern Transmission Line", "Demo Land Consultancy"],
        ["Coastal Road Upgrade", "Second Client Pty Ltd"],
      ]),
    );
    expect(projects.every((p) => Number.isInteger(p.clientId))).toBe(true);
    expect(response.headers.get("X-Total-Count")).toBe(String(projects.length));

    const first = await list("system_admin", "?limit=1");
    expect(await first.json()).toHaveLength(1);
    expect(first.headers.get("Link")).toContain("offset=1");
  });

  it("refuses everyone else (403), a client owner included", async () => {
    for (const role of ["client_owner", "director", "viewer", "second_owner"]) {
      const response = await list(role);
      expect(response.status, role).toBe(403);
      expect(await response.text()).not.toContain("Coastal Road Upgrade");
    }
  });
});
