import { AuditLog, Grievance, GrievanceEvent, Project, Property, Stakeholder } from "../../db/entities/index";
import { db, getOrm, withRequestContext } from "../../db/orm";
import { createSignedInSession } from "../../app/modules/auth/session.server";
import { createGrievance } from "../../app/modules/grievances/grievance.server";
import { changeGrievanceStage } from "../../app/modules/grievances/grievance-stages.server";
import { listGrievances } from "../../app/modules/grievances/grievance-list.server";
import { dueDatesFor } from "../../app/modules/grievances/due-dates";
import { GrievanceSchema, GrievanceStageSchema } from "../../app/modules/grievances/schemas";
import { addDays, todayForProject } from "../../app/modules/calendar/today";
import { zonedLocalToInstant } from "../../app/modules/engagement/zoned-time";
import * as listRoute from "../../app/routes/api.grievances";
import * as itemRoute from "../../app/routes/api.grievances.$id";
import * as stageRoute from "../../app/routes/api.grievances.$id.stage";
import * as listPage from "../../app/routes/grievances";
import * as itemPage from "../../app/routes/grievances_.$id";
import { accessFor } from "../factories/access";
import { useTestDatabase } from "../setup/test-database";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";

/** The grievance register through its /api routes and module functions, against a seeded PostgreSQL (docs/records.md#grievances). */
const WESTERN = "Western Pipeline Stage 2";
const COASTAL = "Coastal Road Upgrade";
const URL_BASE = "http://localhost:3000";
const OFFICER = "seed-officer";
const VIEWER = "seed-viewer";
const PM = "seed-project-manager";
const SECOND_OWNER = "seed-second-owner";
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let coastal: number;
let stakeholderId: number;
let otherStakeholderId: number;
let propertyId: number;
const cookies = new Map<string, string>();

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  // A new owner is mailed (docs/records.md#grievance-reminders): queued only, no workers.
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: false });
  await withRequestContext(async () => {
    western = (await db().findOneOrFail(Project, { name: WESTERN })).id;
    coastal = (await db().findOneOrFail(Project, { name: COASTAL })).id;
    stakeholderId = (await db().findOneOrFail(Stakeholder, { project: western }, { orderBy: { id: "asc" } })).id;
    otherStakeholderId = (await db().findOneOrFail(Stakeholder, { project: coastal }, { orderBy: { id: "asc" } })).id;
    propertyId = (await db().findOneOrFail(Property, { project: western }, { orderBy: { id: "asc" } })).id;
  });
});

afterAll(async () => {
  await stopJobs(2000);
  await database?.drop();
});

async function cookieFor(userId: string) {
  if (!cookies.has(userId)) {
    const setCookie = await withRequestContext(() => createSignedInSession(new Request(`${URL_BASE}/`), userId));
    cookies.set(userId, setCookie.split(";")[0]!);
  }
  return cookies.get(userId)!;
}

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response | unknown> | Response | unknown;

async function call(handler: Handler, userId: string, pathname: string, { method = "GET", body, params = {} }: { method?: string; body?: unknown; params?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { Cookie: await cookieFor(userId) };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const request = new Request(`${URL_BASE}${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const response = await withRequestContext(async () => {
    try {
      return (await handler({ request, params, context: {} })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
  return { status: response.status, json: await response.json(), headers: response.headers };
}

/** Posts a form to a page's action (the project from ?projectId=), returning status, location and the JSON body if any. */
async function postForm(handler: Handler, userId: string, pathname: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  const request = new Request(`${URL_BASE}${pathname}`, {
    method: "POST",
    headers: { Cookie: await cookieFor(userId), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const response = await withRequestContext(async () => {
    try {
      return (await handler({ request, params, context: {} })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
  const text = await response.text();
  return { status: response.status, location: response.headers.get("Location"), json: text.startsWith("{") ? JSON.parse(text) : null };
}

const BASE = { receivedDate: "2026-11-20", receivedTime: "09:15", channel: "phone", category: "gates_fences", severity: "medium", description: "Gate left open by the survey crew" };
const create = (body: Record<string, unknown>, userId = OFFICER, projectId = western) =>
  call(listRoute.action as Handler, userId, "/api/grievances", { method: "POST", body: { projectId, ...BASE, ...body } });
const get = (id: number, userId = OFFICER, projectId = western) => call(itemRoute.loader as Handler, userId, `/api/grievances/${id}?projectId=${projectId}`, { params: { id: String(id) } });
const put = (id: number, body: Record<string, unknown>, userId = OFFICER, projectId = western) =>
  call(itemRoute.action as Handler, userId, `/api/grievances/${id}?projectId=${projectId}`, { method: "PUT", body, params: { id: String(id) } });
const del = (id: number, userId: string) => call(itemRoute.action as Handler, userId, `/api/grievances/${id}?projectId=${western}`, { method: "DELETE", params: { id: String(id) } });
const stage = (id: number, body: Record<string, unknown>, userId = OFFICER, projectId = western) =>
  call(stageRoute.action as Handler, userId, `/api/grievances/${id}/stage`, { method: "POST", body: { projectId, ...body }, params: { id: String(id) } });
const list = (query: string, userId = OFFICER) => call(listRoute.loader as Handler, userId, `/api/grievances?projectId=${western}&${query}`);
const events = (id: number) => withRequestContext(() => db().find(GrievanceEvent, { grievance: id }, { orderBy: { id: "asc" } }));
const audits = (id: number) => withRequestContext(() => db().find(AuditLog, { entityType: "Grievance", entityId: String(id) }, { orderBy: { id: "asc" } }));
const row = (id: number) => withRequestContext(async () => db().findOneOrFail(Grievance, { id }, { disableIdentityMap: true }));
const OUTCOME = { resolution: "partly_upheld", actionTaken: "Gate rehung and padlocked", complainantToldOn: "2026-11-25", complainantToldHow: "Phone call", complainantAccepted: "yes" };

describe("grievances", () => {
  let first: number;

  it("creates with each kind of complainant, numbering G-0001, G-0002, … in the project, with due dates from the project's clock", async () => {
    const a = await create({ complainantKind: "stakeholder", stakeholderId, propertyId, ownerId: OFFICER });
    expect(a.status).toBe(201);
    expect(a.json).toMatchObject({ reference: "G-0001", stage: "received", complainantKind: "stakeholder", stakeholderId, propertyId, ownerId: OFFICER, complainantName: null });
    first = a.json.id;
    const received = zonedLocalToInstant("2026-11-20T09:15", "Australia/Sydney")!;
    expect(a.json.receivedAt).toBe(received.toISOString());
    const project = await withRequestContext(() => db().findOneOrFail(Project, { id: western }));
    const due = dueDatesFor(received, project.settings);
    expect(a.json).toMatchObject({ countedReceivedOn: due.countedReceivedOn, acknowledgeBy: due.acknowledgeBy, resolveBy: due.resolveBy });

    const b = await create({ complainantKind: "person", complainantName: "Jo Walker", complainantContact: "0400 111 222", stakeholderId });
    expect(b.json).toMatchObject({ reference: "G-0002", complainantKind: "person", complainantName: "Jo Walker", stakeholderId: null });
    const c = await create({ complainantKind: "anonymous" });
    expect(c.json).toMatchObject({ reference: "G-0003", complainantKind: "anonymous", complainantName: null, stakeholderId: null });
    expect((await events(first)).map((e) => e.kind)).toEqual(["created"]);
    expect((await audits(first)).map((e) => e.action)).toEqual(["grievance.create"]);

    // Another project counts from G-0001 of its own.
    const other = await create({ complainantKind: "anonymous" }, SECOND_OWNER, coastal);
    expect(other).toMatchObject({ status: 201, json: { reference: "G-0001" } });
  });

  it("allocates distinct references to saves at the same time", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => create({ complainantKind: "anonymous" })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json.reference)).size).toBe(5);
  });

  it("refuses a complainant missing for its kind, and another project's stakeholder, saving nothing", async () => {
    const count = await withRequestContext(() => db().count(Grievance, {}));
    expect(await create({ complainantKind: "person" })).toMatchObject({ status: 400, json: { message: "Enter the complainant's name" } });
    expect(await create({ complainantKind: "stakeholder", stakeholderId: otherStakeholderId })).toMatchObject({ status: 422, json: { message: "Select a stakeholder of this project" } });
    expect(await create({ complainantKind: "anonymous", ownerId: SECOND_OWNER })).toMatchObject({ status: 422 });
    expect(await withRequestContext(() => db().count(Grievance, {}))).toBe(count);
  });

  it("moves through the stages, writing an event and an audit row for each", async () => {
    const ack = await stage(first, { action: "move", to: "acknowledged" });
    expect(ack).toMatchObject({ status: 200, json: { stage: "acknowledged" } });
    expect(ack.json.acknowledgedAt).toBeTruthy();
    expect((await stage(first, { action: "move", to: "received" })).status).toBe(422);
    expect((await stage(first, { action: "escalate", note: "Landholder rang the director" })).json.escalatedAt).toBeTruthy();
    expect((await stage(first, { action: "refer", referredTo: "Energy ombudsman", referredAt: "2026-11-22" })).json).toMatchObject({ referredTo: "Energy ombudsman", referredAt: "2026-11-22" });
    expect((await stage(first, { action: "move", to: "response_proposed" })).json.stage).toBe("response_proposed");
    const timeline = await events(first);
    expect(timeline.map((e) => [e.kind, e.fromStage, e.toStage])).toEqual([
      ["created", null, "received"],
      ["stage", "received", "acknowledged"],
      ["escalated", null, null],
      ["referred", null, null],
      ["stage", "acknowledged", "response_proposed"],
    ]);
    expect((await audits(first)).map((a) => a.action)).toEqual(["grievance.create", "grievance.stage", "grievance.escalate", "grievance.refer", "grievance.stage"]);
  });

  it("refuses closing without the outcome, naming each missing field, and changes nothing", async () => {
    const before = await row(first);
    const refused = await stage(first, { action: "close", resolution: "upheld" });
    expect(refused.status).toBe(400);
    expect(refused.json.errors ?? refused.json.message).toBeTruthy();
    // The module refuses it too when called without the schema.
    const access = await withRequestContext(() => accessFor(OFFICER, WESTERN));
    const input = { ...GrievanceStageSchema.parse({ action: "move", to: "resolved" }), action: "close" as const };
    await expect(withRequestContext(() => changeGrievanceStage(access, first, input))).rejects.toMatchObject({ status: 422, field: "resolution" });
    const after = await row(first);
    expect(after).toMatchObject({ stage: before.stage, version: before.version, closedAt: null, resolution: null });
    expect(await events(first)).toHaveLength(5);
  });

  it("closes with the outcome, and reopens to investigating keeping the history", async () => {
    const closed = await stage(first, { action: "close", ...OUTCOME });
    expect(closed.json).toMatchObject({ stage: "closed", resolution: "partly_upheld", complainantAccepted: true, complainantToldOn: "2026-11-25" });
    expect(closed.json.closedAt).toBeTruthy();
    expect((await stage(first, { action: "move", to: "resolved" })).status).toBe(422);
    const reopened = await stage(first, { action: "reopen", note: "Gate open again" });
    expect(reopened.json).toMatchObject({ stage: "investigating", resolution: "partly_upheld" });
    expect((await events(first)).slice(-2).map((e) => [e.kind, e.fromStage, e.toStage])).toEqual([
      ["stage", "response_proposed", "closed"],
      ["reopened", "closed", "investigating"],
    ]);
    expect((await audits(first)).slice(-2).map((a) => a.action)).toEqual(["grievance.close", "grievance.reopen"]);
  });

  it("edits: a new received time recalculates the due dates; a stale version is 409; a new owner is an assigned event", async () => {
    const current = await get(first);
    const moved = await put(first, { receivedDate: "2026-12-01", receivedTime: "10:00", version: current.json.version });
    expect(moved.status).toBe(200);
    const project = await withRequestContext(() => db().findOneOrFail(Project, { id: western }));
    expect(moved.json.resolveBy).toBe(dueDatesFor(zonedLocalToInstant("2026-12-01T10:00", "Australia/Sydney")!, project.settings).resolveBy);
    expect((await put(first, { description: "Old", version: current.json.version })).status).toBe(409);
    expect((await put(first, { ownerId: PM })).json.ownerId).toBe(PM);
    expect((await events(first)).slice(-2).map((e) => e.kind)).toEqual(["edited", "assigned"]);
  });

  it("refuses writes to a viewer (403) and saves nothing", async () => {
    const before = await row(first);
    expect((await create({ complainantKind: "anonymous" }, VIEWER)).status).toBe(403);
    expect((await put(first, { description: "Viewer edit" }, VIEWER)).status).toBe(403);
    expect((await stage(first, { action: "escalate" }, VIEWER)).status).toBe(403);
    expect((await del(first, VIEWER)).status).toBe(403);
    expect((await get(first, VIEWER)).status).toBe(200);
    const after = await row(first);
    expect(after.version).toBe(before.version);
    expect(after.description).toBe(before.description);
  });

  it("gives another client's owner 404 for the grievance", async () => {
    expect((await get(first, SECOND_OWNER, coastal)).status).toBe(404);
    expect((await put(first, { description: "hijack" }, SECOND_OWNER, coastal)).status).toBe(404);
    expect((await stage(first, { action: "escalate" }, SECOND_OWNER, coastal)).status).toBe(404);
    expect((await get(first, SECOND_OWNER, western)).status).toBe(404);
    expect((await row(first)).description).not.toBe("hijack");
  });

  it("lists with filters, search and tiles in one answer", async () => {
    const access = await withRequestContext(() => accessFor(OFFICER, WESTERN));
    const today = await withRequestContext(async () => todayForProject(await db().findOneOrFail(Project, { id: western })));
    // One overdue (received long ago) and one due this week (received so its resolve-by is within seven days).
    const parse = (over: Record<string, unknown>) => GrievanceSchema.parse({ ...BASE, complainantKind: "anonymous", ...over });
    const old = await withRequestContext(() => createGrievance(access, parse({ receivedDate: "2025-01-06", description: "Dust from the haul road", category: "dust_noise" })));
    const all = await withRequestContext(() => listGrievances(access, { limit: 50, offset: 0, today }));
    const openCount = all.rows.filter((r) => r.stage !== "closed").length;
    expect(all.total).toBe(all.rows.length);
    expect(all.stats.open).toBe(openCount);
    const overdueRows = all.rows.filter((r) => r.acknowledgeOverdue || r.resolveOverdue);
    expect(all.stats.overdue).toBe(overdueRows.length);
    expect(overdueRows.map((r) => r.id)).toContain(old.id);
    const week = all.rows.filter((r) => r.stage !== "closed" && r.stage !== "resolved" && r.resolveBy && r.resolveBy >= today && r.resolveBy <= addDays(today, 7));
    expect(all.stats.dueThisWeek).toBe(week.length);

    const overdue = await withRequestContext(() => listGrievances(access, { overdue: true, limit: 50, offset: 0, today }));
    expect(overdue.rows.map((r) => r.id).sort()).toEqual(overdueRows.map((r) => r.id).sort());
    // A filtered list counts its own matches; the unfiltered one takes the tiles' count of the project.
    expect(overdue.total).toBe(overdueRows.length);
    expect((await withRequestContext(() => listGrievances(access, { limit: 1, offset: 0, today }))).total).toBe(all.total);
    const dust = await withRequestContext(() => listGrievances(access, { category: "dust_noise", limit: 50, offset: 0, today }));
    expect(dust.rows.map((r) => r.reference)).toEqual([old.reference]);
    expect(dust.total).toBe(1);
    const byName = await list("search=walker");
    expect(byName.json.map((r: { reference: string }) => r.reference)).toEqual(["G-0002"]);
    expect(byName.headers.get("X-Total-Count")).toBe("1");
    const stakeholderName = await withRequestContext(async () => (await db().findOneOrFail(Stakeholder, { id: stakeholderId })).name);
    expect((await list(`search=${encodeURIComponent(stakeholderName)}`)).json.map((r: { reference: string }) => r.reference)).toContain("G-0001");
    expect((await list("search=G-0003")).json.map((r: { reference: string }) => r.reference)).toEqual(["G-0003"]);
    expect((await list(`property=${propertyId}`)).json.map((r: { id: number }) => r.id)).toEqual([first]);
    // "place" finds the property by the words the property list's search takes (address, title, lot/plan).
    const address = await withRequestContext(async () => (await db().findOneOrFail(Property, { id: propertyId })).address);
    expect((await list(`place=${encodeURIComponent(address)}`)).json.map((r: { id: number }) => r.id)).toEqual([first]);
    expect((await list(`place=${encodeURIComponent("no such street anywhere")}`)).json).toEqual([]);
    expect((await list(`owner=${PM}`)).json.map((r: { id: number }) => r.id)).toEqual([first]);
    expect((await list("stage=investigating")).json.map((r: { id: number }) => r.id)).toEqual([first]);
    const paged = await list("limit=2&offset=0");
    expect(paged.json).toHaveLength(2);
    expect(Number(paged.headers.get("X-Total-Count"))).toBe(all.total);
  });

  it("deletes with deleteData (project manager), audits it, then answers 404; an officer may not delete", async () => {
    const made = await create({ complainantKind: "anonymous" });
    expect((await del(made.json.id, OFFICER)).status).toBe(403);
    expect((await del(made.json.id, PM)).status).toBe(200);
    expect((await get(made.json.id)).status).toBe(404);
    expect((await audits(made.json.id)).map((a) => a.action)).toEqual(["grievance.create", "grievance.delete"]);
  });

  it("works through the pages' forms: record, then closing refused field by field with nothing changed, then the page shows it", async () => {
    const made = await postForm(listPage.action as Handler, OFFICER, `/grievances?projectId=${western}`, {
      intent: "create",
      receivedDate: "2026-11-24",
      receivedTime: "14:05",
      channel: "letter",
      complainantKind: "person",
      complainantName: "Page Person",
      category: "water",
      severity: "low",
      description: "Trough drained by the crew",
    });
    expect(made.status).toBe(302);
    const id = Number(made.location?.match(/^\/grievances\/(\d+)$/)?.[1]);
    expect(id).toBeGreaterThan(0);
    const before = await row(id);
    const refused = await postForm(
      itemPage.action as Handler,
      OFFICER,
      `/grievances/${id}?projectId=${western}`,
      { intent: "stage", action: "close", resolution: "upheld", version: "" },
      { id: String(id) },
    );
    expect(refused.status).toBe(422);
    expect(refused.json.fieldErrors).toMatchObject({ actionTaken: "Enter what was done", complainantAccepted: "Select whether the complainant accepted the outcome" });
    expect(await row(id)).toMatchObject({ stage: "received", version: before.version, resolution: null });
    const viewer = await postForm(itemPage.action as Handler, VIEWER, `/grievances/${id}?projectId=${western}`, { intent: "stage", action: "escalate", version: "" }, { id: String(id) });
    expect(viewer.status).toBe(403);
    expect((await row(id)).escalatedAt).toBeNull();

    const page = await call(itemPage.loader as Handler, OFFICER, `/grievances/${id}?projectId=${western}`, { params: { id: String(id) } });
    expect(page.status).toBe(200);
    expect(page.json.grievance).toMatchObject({ reference: expect.stringMatching(/^G-\d{4}$/), complainantName: "Page Person", stage: "received" });
    expect(page.json.moves).toEqual(["acknowledged", "investigating", "response_proposed", "resolved"]);
    expect(page.json.timeline.map((e: { kind: string; byName: string }) => e.kind)).toEqual(["created"]);
    const list = await call(listPage.loader as Handler, OFFICER, `/grievances?projectId=${western}&search=Page%20Person`);
    expect(list.json.list.rows.map((r: { id: number }) => r.id)).toEqual([id]);
  });
});
