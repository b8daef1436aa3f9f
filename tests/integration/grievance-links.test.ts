import { AuditLog, Commitment, Stakeholder } from "../../db/entities/index";
import { db, getOrm } from "../../db/orm";
import { sqlRows } from "../../db/sql.server";
import { recordEngagement } from "../../app/modules/engagement/engagement.server";
import { EngagementSchema } from "../../app/modules/engagement/schemas";
import { createGrievance } from "../../app/modules/grievances/grievance.server";
import { GrievanceSchema } from "../../app/modules/grievances/schemas";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import * as commitmentsApi from "../../app/routes/api.commitments";
import * as commitmentApi from "../../app/routes/api.commitments.$id";
import * as commitmentsPage from "../../app/routes/commitments";
import * as engagementsApi from "../../app/routes/api.grievances.$id.engagements";
import * as documentsApi from "../../app/routes/api.grievances.$id.documents";
import * as grievancePage from "../../app/routes/grievances_.$id";
import { useTestDatabase } from "../setup/test-database";
import { accessFor, callRoute, inContext, projectId, signedInRequest, userFor } from "./stakeholder-helpers";

/**
 * Grievance links (docs/records.md#grievance-links) through the real page and /api route modules:
 * commitments made from a grievance (both ways), engagements and documents attached and removed,
 * permissions (a viewer's write is 403) and tenancy (another project's record is 404), nothing saved
 * on a refusal.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let coastal: number;
let stakeholder: number;
const ORIGIN = { Origin: "http://localhost" };
type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown> | unknown;
const unique = () => Math.random().toString(36).slice(2, 8);
/** Who may write in each project: Coastal belongs to the other client. */
const editorOf = (project: number) => (project === western ? "seed-project-manager" : "seed-second-owner");
const GRIEVANCE = { receivedDate: "2026-11-20", receivedTime: "09:00", channel: "phone", category: "access", severity: "low" };

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  // Creating a grievance may mail its owner (docs/records.md#grievance-reminders): queued only, no workers.
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: false });
  western = await projectId("Western Pipeline Stage 2");
  coastal = await projectId("Coastal Road Upgrade");
  stakeholder = await inContext(async () => (await db().findOneOrFail(Stakeholder, { project: western }, { orderBy: { id: "asc" } })).id);
});

afterAll(async () => {
  await stopJobs(2000);
  await database?.drop();
});

async function call(route: RouteFn, user: string, path: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  const request = await signedInRequest(user, path, init);
  return callRoute(async () => route({ request, params, context: {} }));
}
const jsonBody = (body: unknown, method = "POST"): RequestInit => ({ method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...ORIGIN } });
const formBody = (fields: Record<string, string>): RequestInit => ({ method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", ...ORIGIN } });

async function seedGrievance(project = western, fields: Record<string, unknown> = {}) {
  return inContext(async () => {
    const access = await accessFor(await userFor(editorOf(project)), project, "editData");
    const input = GrievanceSchema.parse({ ...GRIEVANCE, complainantKind: "anonymous", description: `Dust on the track ${unique()}`, ...fields });
    return (await createGrievance(access, input)).id;
  });
}

async function seedEngagement(project = western, subject = `Site visit ${unique()}`) {
  return inContext(async () => {
    const access = await accessFor(await userFor(editorOf(project)), project, "editData");
    const owner = (await db().findOneOrFail(Stakeholder, { project }, { orderBy: { id: "asc" } })).id;
    return (await recordEngagement(access, owner, EngagementSchema.parse({ subject, type: "call" }))).id;
  });
}

async function seedDocument(project = western, name = `letter-${unique()}.pdf`) {
  return inContext(async () => {
    const [row] = await sqlRows<{ id: number }>(
      `insert into document (project_id, uploaded_by_id, original_file_name, mime_type, file_size, storage_key) values (?, ?, ?, 'application/pdf', 10, ?) returning id`,
      [project, editorOf(project), name, `test/${unique()}`],
    );
    return Number(row!.id);
  });
}

const count = (sql: string, params: unknown[]) => inContext(async () => Number((await sqlRows<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n));
const pageData = async (user: string, grievance: number, query = "") => {
  const res = await call(grievancePage.loader as RouteFn, user, `/grievances/${grievance}?projectId=${western}${query}`, {}, { id: String(grievance) });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    links: {
      commitments: { id: number; description: string }[];
      engagements: { id: number; subject: string }[];
      documents: { id: number; name: string }[];
      matches: { engagements: { id: number }[]; documents: { id: number }[] };
    };
  };
};

describe("commitments made from a grievance", () => {
  it("POST /api/commitments with grievanceId links both ways: the row, the JSON, the grievance page and the ?grievanceId= filter", async () => {
    const grievance = await seedGrievance();
    const description = `Water the track daily ${unique()}`;
    const res = await call(
      commitmentsApi.action as RouteFn,
      "seed-officer",
      "/api/commitments",
      jsonBody({ projectId: western, description, promisedOn: "2026-11-21", stakeholderIds: [stakeholder], grievanceId: grievance }),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number; grievanceId: number | null };
    expect(created.grievanceId).toBe(grievance);
    expect(await count("commitment where id = ? and grievance_id = ?", [created.id, grievance])).toBe(1);
    expect((await pageData("seed-viewer", grievance)).links.commitments.map((c) => c.description)).toEqual([description]);

    const listed = await call(commitmentsApi.loader as RouteFn, "seed-viewer", `/api/commitments?projectId=${western}&grievanceId=${grievance}`);
    expect(((await listed.json()) as { id: number }[]).map((c) => c.id)).toEqual([created.id]);

    const view = await call(commitmentsPage.loader as RouteFn, "seed-viewer", `/commitments?projectId=${western}&view=${created.id}`);
    expect(((await view.json()) as { details: { grievance: { id: number; reference: string } | null } }).details.grievance).toMatchObject({
      id: grievance,
      reference: expect.stringMatching(/^G-\d+$/),
    });

    // The edit (PATCH) can clear it; the grievance keeps no commitment then.
    const cleared = await call(commitmentApi.action as RouteFn, "seed-officer", `/api/commitments/${created.id}?projectId=${western}`, jsonBody({ grievanceId: null }, "PATCH"), {
      id: String(created.id),
    });
    expect(cleared.status).toBe(200);
    expect((await pageData("seed-viewer", grievance)).links.commitments).toEqual([]);
  });

  it("refuses another project's grievance (404) and saves nothing", async () => {
    const foreign = await seedGrievance(coastal);
    const before = await inContext(() => db().count(Commitment, {}));
    const res = await call(
      commitmentsApi.action as RouteFn,
      "seed-officer",
      "/api/commitments",
      jsonBody({ projectId: western, description: "From elsewhere", promisedOn: "2026-11-21", stakeholderIds: [stakeholder], grievanceId: foreign }),
    );
    expect(res.status).toBe(404);
    expect(JSON.stringify(await res.json())).toContain("Grievance not found");
    expect(await inContext(() => db().count(Commitment, {}))).toBe(before);
  });

  it("'Add a commitment' opens the form prefilled with the grievance, its stakeholder and property; the page form saves the link", async () => {
    const grievance = await seedGrievance(western, { complainantKind: "stakeholder", stakeholderId: stakeholder });
    const res = await call(commitmentsPage.loader as RouteFn, "seed-officer", `/commitments?projectId=${western}&new=1&grievanceId=${grievance}`);
    const data = (await res.json()) as { form: { values: Record<string, string>; choices: { grievances: { id: number }[]; stakeholders: { id: number }[] } } };
    expect(data.form.values).toMatchObject({ grievanceId: String(grievance), stakeholderIds: String(stakeholder) });
    expect(data.form.choices.grievances.map((g) => g.id)).toContain(grievance);
    expect(data.form.choices.stakeholders.map((s) => s.id)).toContain(stakeholder);

    const description = `Grade the road ${unique()}`;
    const saved = await call(
      commitmentsPage.action as RouteFn,
      "seed-officer",
      `/commitments?projectId=${western}`,
      formBody({ intent: "create", description, promisedOn: "2026-11-22", stakeholderIds: String(stakeholder), grievanceId: String(grievance) }),
    );
    expect(saved.status).toBe(302);
    expect(await count("commitment where description = ? and grievance_id = ?", [description, grievance])).toBe(1);
  });
});

describe("engagements and documents attached to a grievance", () => {
  it("the page finds, attaches and removes an engagement; a viewer is refused and nothing changes", async () => {
    const grievance = await seedGrievance();
    const subject = `Fence walk ${unique()}`;
    const engagement = await seedEngagement(western, subject);
    const found = await pageData("seed-officer", grievance, `&findEngagement=${encodeURIComponent(subject)}`);
    expect(found.links.matches.engagements.map((e) => e.id)).toEqual([engagement]);

    const viewer = await call(
      grievancePage.action as RouteFn,
      "seed-viewer",
      `/grievances/${grievance}?projectId=${western}`,
      formBody({ intent: "attach-engagement", engagementId: String(engagement) }),
      {
        id: String(grievance),
      },
    );
    expect(viewer.status).toBe(403);
    expect(await count("grievance_engagement where grievance_id = ?", [grievance])).toBe(0);

    const attach = await call(
      grievancePage.action as RouteFn,
      "seed-officer",
      `/grievances/${grievance}?projectId=${western}`,
      formBody({ intent: "attach-engagement", engagementId: String(engagement) }),
      {
        id: String(grievance),
      },
    );
    expect(attach.status).toBe(302);
    expect(attach.headers.get("Location")).toBe(`/grievances/${grievance}#grievance-links`);
    const after = await pageData("seed-viewer", grievance);
    expect(after.links.engagements.map((e) => e.subject)).toEqual([subject]);
    expect((await pageData("seed-officer", grievance, `&findEngagement=${encodeURIComponent(subject)}`)).links.matches.engagements).toEqual([]);
    expect(await inContext(() => db().count(AuditLog, { entityType: "Grievance", entityId: String(grievance), action: "grievance.attach_engagement" }))).toBe(1);

    const remove = await call(
      grievancePage.action as RouteFn,
      "seed-officer",
      `/grievances/${grievance}?projectId=${western}`,
      formBody({ intent: "remove-engagement", engagementId: String(engagement) }),
      {
        id: String(grievance),
      },
    );
    expect(remove.status).toBe(302);
    expect(await count("grievance_engagement where grievance_id = ?", [grievance])).toBe(0);
    expect(await count("engagement where id = ?", [engagement])).toBe(1);
  });

  it("the page refuses another project's engagement and document (404), attaching nothing", async () => {
    const grievance = await seedGrievance();
    const engagement = await seedEngagement(coastal);
    const document = await seedDocument(coastal);
    for (const fields of [{ intent: "attach-engagement", engagementId: String(engagement) } as Record<string, string>, { intent: "attach-document", documentId: String(document) }]) {
      const res = await call(grievancePage.action as RouteFn, "seed-officer", `/grievances/${grievance}?projectId=${western}`, formBody(fields), { id: String(grievance) });
      expect(res.status).toBe(404);
    }
    expect(await count("grievance_engagement where grievance_id = ?", [grievance])).toBe(0);
    expect(await count("grievance_document where grievance_id = ?", [grievance])).toBe(0);
  });

  it("POST and DELETE /api/grievances/{id}/documents attach and remove a document; twice is one link", async () => {
    const grievance = await seedGrievance();
    const name = `survey-${unique()}.pdf`;
    const document = await seedDocument(western, name);
    const url = `/api/grievances/${grievance}/documents`;
    const params = { id: String(grievance) };
    for (let i = 0; i < 2; i++) {
      const res = await call(documentsApi.action as RouteFn, "seed-officer", url, jsonBody({ projectId: western, documentId: document }), params);
      expect(res.status).toBe(201);
      expect(((await res.json()) as { documents: { id: number; name: string }[] }).documents).toEqual([{ id: document, name }]);
    }
    expect(await count("grievance_document where grievance_id = ?", [grievance])).toBe(1);
    expect((await pageData("seed-viewer", grievance)).links.documents.map((d) => d.name)).toEqual([name]);

    const viewer = await call(documentsApi.action as RouteFn, "seed-viewer", url, jsonBody({ projectId: western, documentId: document }, "DELETE"), params);
    expect(viewer.status).toBe(403);
    expect(await count("grievance_document where grievance_id = ?", [grievance])).toBe(1);

    const removed = await call(documentsApi.action as RouteFn, "seed-officer", url, jsonBody({ projectId: western, documentId: document }, "DELETE"), params);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { documents: unknown[] }).documents).toEqual([]);
    const again = await call(documentsApi.action as RouteFn, "seed-officer", url, jsonBody({ projectId: western, documentId: document }, "DELETE"), params);
    expect(again.status).toBe(404);
    expect(await count("document where id = ?", [document])).toBe(1);
  });

  it("POST /api/grievances/{id}/engagements: a missing id is 400, another project's engagement or grievance 404, nothing saved", async () => {
    const grievance = await seedGrievance();
    const foreignGrievance = await seedGrievance(coastal);
    const own = await seedEngagement();
    const foreign = await seedEngagement(coastal);
    const post = (id: number, body: Record<string, unknown>) =>
      call(engagementsApi.action as RouteFn, "seed-officer", `/api/grievances/${id}/engagements`, jsonBody({ projectId: western, ...body }), { id: String(id) });
    expect((await post(grievance, {})).status).toBe(400);
    expect((await post(grievance, { engagementId: foreign })).status).toBe(404);
    expect((await post(foreignGrievance, { engagementId: own })).status).toBe(404);
    expect(await count("grievance_engagement where grievance_id in (?, ?)", [grievance, foreignGrievance])).toBe(0);
    const ok = await post(grievance, { engagementId: own });
    expect(ok.status).toBe(201);
    expect(await count("grievance_engagement where grievance_id = ? and engagement_id = ?", [grievance, own])).toBe(1);
    const get = await call(
      engagementsApi.action as RouteFn,
      "seed-officer",
      `/api/grievances/${grievance}/engagements?projectId=${western}`,
      { method: "PUT", headers: ORIGIN },
      { id: String(grievance) },
    );
    expect(get.status).toBe(405);
  });
});
