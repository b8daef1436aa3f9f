import { PDFParse } from "pdf-parse";
import { AuditLog, Commitment, CommitmentProperty, CommitmentStakeholder, Engagement, Project, Property, Stakeholder } from "../../db/entities/index";
import { db } from "../../db/orm";
import { addDays, todayForProject } from "../../app/modules/calendar/today";
import { listCommitments, recordCommitments } from "../../app/modules/commitments/commitment-list.server";
import { createCommitment } from "../../app/modules/commitments/commitment.server";
import { CommitmentFormSchema, type CommitmentInput } from "../../app/modules/commitments/schemas";
import * as listApi from "../../app/routes/api.commitments";
import * as itemApi from "../../app/routes/api.commitments.$id";
import * as statusApi from "../../app/routes/api.commitments.$id.status";
import * as page from "../../app/routes/commitments";
import * as letterPage from "../../app/routes/commitments_.letter.$stakeholderId";
import * as letterPdf from "../../app/routes/commitments_.letter.$stakeholderId_.pdf";
import * as stakeholdersPage from "../../app/routes/stakeholders";
import { useTestDatabase } from "../setup/test-database";
import { accessFor, callRoute, inContext, projectId, signedInRequest, stakeholderIdByName, userFor } from "./stakeholder-helpers";

/**
 * Commitments (docs/records.md#commitments) through the real page and /api route modules and the
 * module functions, against a seeded PostgreSQL: links, status rules, the list's filters and tiles,
 * the stakeholder section, the letter and its PDF, permissions and tenancy.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let coastal: number;
let margaret: number;
let tom: number;
let property: number;
const ORIGIN = { Origin: "http://localhost" };
type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown> | unknown;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
  coastal = await projectId("Coastal Road Upgrade");
  margaret = await stakeholderIdByName("Margaret Ellis");
  tom = await stakeholderIdByName("Tom Nguyen");
  property = await inContext(async () => (await db().findOneOrFail(Property, { project: western }, { orderBy: { id: "asc" } })).id);
});

afterAll(async () => {
  await database?.drop();
});

async function call(route: RouteFn, user: string, path: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  const request = await signedInRequest(user, path, init);
  return callRoute(async () => route({ request, params, context: {} }));
}
const jsonBody = (body: unknown, method = "POST"): RequestInit => ({ method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...ORIGIN } });
const formBody = (fields: [string, string][]): RequestInit => ({ method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", ...ORIGIN } });
const today = () => inContext(async () => todayForProject(await db().findOneOrFail(Project, { id: western })));
const row = (id: number) => inContext(() => db().findOneOrFail(Commitment, { id }, { refresh: true }));
const unique = () => Math.random().toString(36).slice(2, 8);

async function seedCommitment(fields: Partial<Record<string, unknown>>, user = "seed-officer") {
  return inContext(async () => {
    const access = await accessFor(await userFor(user), western, "editData");
    const input = CommitmentFormSchema.parse({ description: `Promise ${unique()}`, promisedOn: "2026-01-05", stakeholderIds: [margaret], ...fields }) as CommitmentInput;
    return (await createCommitment(access, input)).id;
  });
}

describe("create with stakeholders and properties", () => {
  it("POST /api/commitments saves the links and an audit row; GET returns them", async () => {
    const description = `Fix the fence before lambing ${unique()}`;
    const res = await call(
      listApi.action as RouteFn,
      "seed-officer",
      "/api/commitments",
      jsonBody({ projectId: western, description, promisedOn: "2026-03-03", dueDate: "2026-04-30", stakeholderIds: [margaret, tom], propertyIds: [property], ownerId: "seed-officer" }),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number; stakeholderIds: number[]; propertyIds: number[]; status: string };
    expect(created).toMatchObject({ status: "open", stakeholderIds: [margaret, tom].sort((a, b) => a - b), propertyIds: [property] });
    expect(await inContext(() => db().count(CommitmentStakeholder, { commitment: created.id }))).toBe(2);
    expect(await inContext(() => db().count(CommitmentProperty, { commitment: created.id }))).toBe(1);
    expect(await inContext(() => db().count(AuditLog, { entityType: "Commitment", entityId: String(created.id), action: "commitment.create" }))).toBe(1);
    const got = await call(itemApi.loader as RouteFn, "seed-viewer", `/api/commitments/${created.id}?projectId=${western}`, {}, { id: String(created.id) });
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ description, dueDate: "2026-04-30", ownerId: "seed-officer" });
  });

  it("the page form creates one too (ticked boxes), and refuses one with no stakeholder or property, saving nothing", async () => {
    const description = `Page promise ${unique()}`;
    const ok = await call(
      page.action as RouteFn,
      "seed-officer",
      `/commitments?projectId=${western}`,
      formBody([
        ["intent", "create"],
        ["description", description],
        ["promisedOn", "2026-02-01"],
        ["stakeholderIds", String(margaret)],
        ["stakeholderIds", String(tom)],
        ["propertyIds", String(property)],
      ]),
    );
    expect(ok.status).toBe(302);
    const saved = await inContext(() => db().findOneOrFail(Commitment, { description }));
    expect(await inContext(() => db().count(CommitmentStakeholder, { commitment: saved.id }))).toBe(2);
    const before = await inContext(() => db().count(Commitment, {}));
    const refused = await call(
      page.action as RouteFn,
      "seed-officer",
      `/commitments?projectId=${western}`,
      formBody([
        ["intent", "create"],
        ["description", "No one"],
        ["promisedOn", "2026-02-01"],
      ]),
    );
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain("Choose at least one stakeholder or property");
    expect(await inContext(() => db().count(Commitment, {}))).toBe(before);
  });

  it("refuses another project's stakeholder, saving nothing", async () => {
    const other = await inContext(async () => await db().findOneOrFail(Stakeholder, { project: coastal }));
    const before = await inContext(() => db().count(Commitment, {}));
    const res = await call(listApi.action as RouteFn, "seed-officer", "/api/commitments", jsonBody({ projectId: western, description: "x", promisedOn: "2026-03-03", stakeholderIds: [other.id] }));
    expect(res.status).toBe(404);
    expect(await inContext(() => db().count(Commitment, {}))).toBe(before);
  });
});

describe("status rules", () => {
  it("refuses fulfil without evidence (page and /api) and changes nothing; fulfils with it", async () => {
    const id = await seedCommitment({});
    const page400 = await call(
      page.action as RouteFn,
      "seed-officer",
      `/commitments?projectId=${western}`,
      formBody([
        ["intent", "status"],
        ["id", String(id)],
        ["transition", "fulfil"],
        ["evidenceNote", ""],
      ]),
    );
    expect(page400.status).toBe(422);
    expect(JSON.stringify(await page400.json())).toContain("Describe how the commitment was fulfilled");
    const api400 = await call(statusApi.action as RouteFn, "seed-officer", `/api/commitments/${id}/status`, jsonBody({ projectId: western, transition: "fulfil" }), { id: String(id) });
    expect(api400.status).toBe(400);
    const unchanged = await row(id);
    expect([unchanged.status, unchanged.version, unchanged.evidenceNote ?? null]).toEqual(["open", 1, null]);

    const done = await call(
      page.action as RouteFn,
      "seed-officer",
      `/commitments?projectId=${western}`,
      formBody([
        ["intent", "status"],
        ["id", String(id)],
        ["transition", "fulfil"],
        ["evidenceNote", "New fence photographed"],
        ["fulfilledOn", "2026-04-20"],
      ]),
    );
    expect(done.status).toBe(302);
    const after = await row(id);
    expect([after.status, after.evidenceNote, String(after.fulfilledOn).slice(0, 10)]).toEqual(["fulfilled", "New fence photographed", "2026-04-20"]);
    expect(await inContext(() => db().count(AuditLog, { entityType: "Commitment", entityId: String(id), action: "commitment.fulfil" }))).toBe(1);
  });

  it("refuses cancel without a reason; cancels with one; reopens; refuses a change the status does not allow", async () => {
    const id = await seedCommitment({});
    const post = (body: Record<string, unknown>) => call(statusApi.action as RouteFn, "seed-officer", `/api/commitments/${id}/status`, jsonBody({ projectId: western, ...body }), { id: String(id) });
    expect((await post({ transition: "cancel", cancellationReason: " " })).status).toBe(400);
    expect((await row(id)).status).toBe("open");
    expect((await post({ transition: "cancel", cancellationReason: "Landholder sold the farm" })).status).toBe(200);
    expect((await row(id)).cancellationReason).toBe("Landholder sold the farm");
    const start = await post({ transition: "start" });
    expect(start.status).toBe(409);
    expect((await post({ transition: "reopen" })).status).toBe(200);
    expect((await row(id)).status).toBe("open");
    expect((await post({ transition: "start" })).status).toBe(200);
    expect((await row(id)).status).toBe("in_progress");
  });

  it("refuses a stale version with 409", async () => {
    const id = await seedCommitment({});
    const res = await call(itemApi.action as RouteFn, "seed-officer", `/api/commitments/${id}?projectId=${western}`, jsonBody({ projectId: western, description: "Changed", version: 99 }, "PUT"), {
      id: String(id),
    });
    expect(res.status).toBe(409);
    expect((await row(id)).description).not.toBe("Changed");
  });
});

describe("overdue and due soon", () => {
  it("lists and counts them on the project's today, and shows them in the stakeholder's section", async () => {
    const t = await today();
    const overdue = await seedCommitment({ description: `Overdue ${unique()}`, promisedOn: addDays(t, -30), dueDate: addDays(t, -1), stakeholderIds: [tom] });
    const dueToday = await seedCommitment({ description: `Due today ${unique()}`, promisedOn: addDays(t, -30), dueDate: t, stakeholderIds: [tom] });
    const later = await seedCommitment({ description: `Later ${unique()}`, promisedOn: addDays(t, -30), dueDate: addDays(t, 14), stakeholderIds: [tom] });
    const access = await inContext(async () => accessFor(await userFor("seed-viewer"), western));
    const q = { limit: 100, offset: 0, today: t };
    const overdueList = await inContext(() => listCommitments(access, { ...q, due: "overdue" }));
    expect(overdueList.rows.map((r) => r.id)).toContain(overdue);
    expect(overdueList.rows.map((r) => r.id)).not.toContain(dueToday);
    expect(overdueList.rows.find((r) => r.id === overdue)?.badge).toBe("overdue");
    const soon = await inContext(() => listCommitments(access, { ...q, due: "soon" }));
    expect(soon.rows.map((r) => r.id)).toContain(dueToday);
    expect(soon.rows.map((r) => r.id)).not.toContain(later);
    expect(soon.stats.overdue).toBe(overdueList.total);
    expect(soon.stats.dueSoon).toBe(soon.total);
    const section = await inContext(() => recordCommitments(access, { stakeholderId: tom }, t));
    expect(section.map((r) => [r.id, r.badge])).toEqual(
      expect.arrayContaining([
        [overdue, "overdue"],
        [dueToday, "due_soon"],
        [later, null],
      ]),
    );

    const pageData = (await (await call(stakeholdersPage.loader as RouteFn, "seed-viewer", `/stakeholders?projectId=${western}&highlight=${tom}`)).json()) as { commitments: { id: number }[] };
    expect(pageData.commitments.map((c) => c.id)).toEqual(expect.arrayContaining([overdue, dueToday, later]));
    const listPage = (await (await call(page.loader as RouteFn, "seed-viewer", `/commitments?projectId=${western}&due=overdue`)).json()) as {
      stats: { overdue: number };
      list: { rows: { id: number }[] };
    };
    expect(listPage.list.rows.map((r) => r.id)).toContain(overdue);
    expect(listPage.stats.overdue).toBe(overdueList.total);
  });
});

describe("What we promised you", () => {
  it("the page and the PDF say what was promised and when it was done", async () => {
    const open = await seedCommitment({ description: "Fix the fence before lambing", promisedOn: "2026-03-03", dueDate: "2026-04-30", stakeholderIds: [margaret] });
    const done = await seedCommitment({ description: "Grade the access track", promisedOn: "2026-01-10", stakeholderIds: [margaret] });
    await call(
      statusApi.action as RouteFn,
      "seed-officer",
      `/api/commitments/${done}/status`,
      jsonBody({ projectId: western, transition: "fulfil", evidenceNote: "Graded", fulfilledOn: "2026-02-01" }),
      { id: String(done) },
    );
    const data = (await (await call(letterPage.loader as RouteFn, "seed-viewer", `/commitments/letter/${margaret}?projectId=${western}`, {}, { stakeholderId: String(margaret) })).json()) as {
      letter: { open: { id: number }[]; fulfilled: { id: number }[] };
    };
    expect(data.letter.open.map((c) => c.id)).toContain(open);
    expect(data.letter.fulfilled.map((c) => c.id)).toContain(done);
    const pdf = await call(letterPdf.loader as RouteFn, "seed-viewer", `/commitments/letter/${margaret}/pdf?projectId=${western}`, {}, { stakeholderId: String(margaret) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe("%PDF");
    const text = (await new PDFParse({ data: bytes }).getText()).text.replace(/\s+/g, " ");
    expect(text).toContain("Fix the fence before lambing, by 30 April 2026");
    expect(text).toContain("Done on 1 February 2026");
  });

  it("another project's stakeholder is 404", async () => {
    const other = await inContext(async () => await db().findOneOrFail(Stakeholder, { project: coastal }));
    const res = await call(letterPdf.loader as RouteFn, "seed-officer", `/commitments/letter/${other.id}/pdf?projectId=${western}`, {}, { stakeholderId: String(other.id) });
    expect(res.status).toBe(404);
  });
});

describe("permissions and tenancy", () => {
  it("a viewer reads but may not write: 403 and nothing saved, page and /api alike", async () => {
    const before = await inContext(() => db().count(Commitment, {}));
    const api = await call(listApi.action as RouteFn, "seed-viewer", "/api/commitments", jsonBody({ projectId: western, description: "Viewer", promisedOn: "2026-03-03", stakeholderIds: [margaret] }));
    const form = await call(
      page.action as RouteFn,
      "seed-viewer",
      `/commitments?projectId=${western}`,
      formBody([
        ["intent", "create"],
        ["description", "Viewer"],
        ["promisedOn", "2026-03-03"],
        ["stakeholderIds", String(margaret)],
      ]),
    );
    expect([api.status, form.status]).toEqual([403, 403]);
    expect(await inContext(() => db().count(Commitment, {}))).toBe(before);
    const id = await seedCommitment({});
    const status = await call(statusApi.action as RouteFn, "seed-viewer", `/api/commitments/${id}/status`, jsonBody({ projectId: western, transition: "start" }), { id: String(id) });
    expect(status.status).toBe(403);
    expect((await row(id)).status).toBe("open");
    expect((await call(listApi.loader as RouteFn, "seed-viewer", `/api/commitments?projectId=${western}`)).status).toBe(200);
  });

  it("an officer may not delete; a project manager may", async () => {
    const id = await seedCommitment({});
    const del = (user: string) => call(itemApi.action as RouteFn, user, `/api/commitments/${id}?projectId=${western}`, { method: "DELETE", headers: ORIGIN }, { id: String(id) });
    expect((await del("seed-officer")).status).toBe(403);
    expect(await inContext(() => db().count(Commitment, { id }))).toBe(1);
    expect((await del("seed-project-manager")).status).toBe(200);
    expect(await inContext(() => db().count(Commitment, { id }))).toBe(0);
  });

  it("another client's user gets 404 for the commitment", async () => {
    const id = await seedCommitment({});
    expect((await call(itemApi.loader as RouteFn, "seed-second-owner", `/api/commitments/${id}?projectId=${coastal}`, {}, { id: String(id) })).status).toBe(404);
    const put = await call(itemApi.action as RouteFn, "seed-second-owner", `/api/commitments/${id}?projectId=${coastal}`, jsonBody({ projectId: coastal, description: "hijack" }, "PUT"), {
      id: String(id),
    });
    expect(put.status).toBe(404);
    expect((await row(id)).description).not.toBe("hijack");
  });

  it("links an engagement of the project and shows the commitment from it", async () => {
    const engagement = await inContext(async () => (await db().findOneOrFail(Engagement, { project: western, stakeholder: margaret })).id);
    const id = await seedCommitment({ engagementId: engagement });
    const access = await inContext(async () => accessFor(await userFor("seed-viewer"), western));
    const rows = await inContext(() => recordCommitments(access, { engagementId: engagement }, "2026-01-01"));
    expect(rows.map((r) => r.id)).toContain(id);
    // The interactions panel shows it under the engagement (linked both ways).
    const data = (await (await call(stakeholdersPage.loader as RouteFn, "seed-viewer", `/stakeholders?projectId=${western}&interactions=${margaret}`)).json()) as {
      panels: { interactions: { data: { commitments: Record<string, { id: number }[]> } } };
    };
    expect(data.panels.interactions.data.commitments[String(engagement)]?.map((c) => c.id)).toContain(id);
  });
});
