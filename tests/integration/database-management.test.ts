import { action as pageAction, loader as pageLoader } from "../../app/routes/database-management";
import { loader as stakeholdersLoader } from "../../app/routes/stakeholders";
import { loader as propertiesLoader } from "../../app/routes/properties";
import { loader as restorePointLoader } from "../../app/routes/database-management_.restore-points.$id";
import { loader as statsLoader } from "../../app/routes/api.database.stats";
import { action as normalizeApi } from "../../app/routes/api.database.normalize-text";
import { action as deleteAllStakeholdersApi } from "../../app/routes/api.database.delete-all-stakeholders";
import { action as deleteAllEngagementsApi } from "../../app/routes/api.database.delete-all-engagements";
import { action as resetApi } from "../../app/routes/api.database.reset-project";
import { action as deleteProjectApi } from "../../app/routes/api.database.delete-project";
import { recordEngagement } from "../../app/modules/engagement/engagement.server";
import { EngagementSchema } from "../../app/modules/engagement/schemas";
import { createProperty } from "../../app/modules/property/property.server";
import { PropertyFormSchema } from "../../app/modules/property/schemas";
import { createStakeholder } from "../../app/modules/stakeholder/stakeholder.server";
import { StakeholderSchema } from "../../app/modules/stakeholder/schemas";
import { resolveProjectAccess } from "../../app/modules/access/project-access.server";
import { createCommitment } from "../../app/modules/commitments/commitment.server";
import { CommitmentFormSchema, type CommitmentInput } from "../../app/modules/commitments/schemas";
import { createGrievance } from "../../app/modules/grievances/grievance.server";
import { GrievanceSchema } from "../../app/modules/grievances/schemas";
import { db, withRequestContext } from "../../db/orm";
import { currentUser } from "../factories/access";
import { call, formRequest, jsonRequest, useUploadTestEnvironment } from "./support/uploads";

/**
 * Database Management against a real PostgreSQL (docs/administration.md#database-management): who may open what (the screen's four
 * roles, deleteData for normalisation and record delete, the Danger Zone's two), another client's
 * project or record 404, the typed confirmations, restore points and their downloads, the counts.
 */
const env = useUploadTestEnvironment("database-management");
const BASE = "http://localhost:3000";
const ROLES = ["system_admin", "client_owner", "director", "project_manager", "officer", "viewer"] as const;

const page = (query: string, role: string) =>
  call(() => pageLoader({ request: new Request(`${BASE}/database-management?${query}`, { headers: { Cookie: env.cookies[role]! } }), params: {}, context: {} }));
const post = (query: string, role: string, fields: Record<string, string>) =>
  call(() => pageAction({ request: formRequest(`${BASE}/database-management?${query}`, env.cookies[role]!, fields), params: {}, context: {} }));
const api = (fn: typeof resetApi, path: string, role: string, method: string, body?: unknown) =>
  call(() => fn({ request: jsonRequest(`${BASE}${path}`, env.cookies[role]!, method, body), params: {}, context: {} }));
const stats = (projectId: number, role = "client_owner") =>
  call(() => statsLoader({ request: new Request(`${BASE}/api/database/stats?projectId=${projectId}`, { headers: { Cookie: env.cookies[role]! } }), params: {}, context: {} }));
const download = (id: number, role: string) =>
  call(() => restorePointLoader({ request: new Request(`${BASE}/database-management/restore-points/${id}`, { headers: { Cookie: env.cookies[role]! } }), params: { id: String(id) }, context: {} }));

const sql = <T>(text: string, params: unknown[] = []) => withRequestContext(() => db().getConnection().execute<T[]>(text, params));

/** Records in a project, written through the modules as the owner. */
async function seed(projectId: number, { stakeholders = [] as { name: string; email?: string; address?: string }[], properties = [] as string[], engagements = 0 }) {
  return withRequestContext(async () => {
    const access = await resolveProjectAccess(await currentUser("seed-client-owner"), projectId, "viewData");
    const ids: number[] = [];
    for (const s of stakeholders) ids.push((await createStakeholder(access, StakeholderSchema.parse(s))).id);
    for (const address of properties) await createProperty(access, PropertyFormSchema.parse({ address }), { force: true });
    for (let i = 0; i < engagements; i++) await recordEngagement(access, ids[0]!, EngagementSchema.parse({ subject: `Site visit ${i}`, type: "meeting" }));
    return ids;
  });
}

describe("who may use Database Management", () => {
  it("the screen and GET /api/database/stats: system_admin, client_owner, director, project_manager; others 403", async () => {
    for (const role of ROLES) {
      const allowed = ["system_admin", "client_owner", "director", "project_manager"].includes(role);
      const response = await page(`projectId=${env.westernId}`, role);
      expect(response.status, role).toBe(allowed ? 200 : 403);
      expect((await stats(env.westernId, role)).status, role).toBe(allowed ? 200 : 403);
      if (!allowed) continue;
      const data = await response.json();
      expect(data.project).toMatchObject({ id: env.westernId, name: "Western Pipeline Stage 2", clientName: "Demo Land Consultancy" });
      expect(data.canDanger).toBe(role === "system_admin" || role === "client_owner");
      expect(data.canMaintain).toBe(true);
    }
    const body = await (await stats(env.westernId)).json();
    expect(body).toEqual({ totalStakeholders: expect.any(Number), totalProperties: expect.any(Number), totalEngagements: expect.any(Number) });
    expect(body.totalStakeholders).toBeGreaterThan(0);
  });

  it("another client's project is 404 on the page, the stats and every Danger Zone call", async () => {
    expect((await page(`projectId=${env.westernId}`, "second_owner")).status).toBe(404);
    expect((await stats(env.westernId, "second_owner")).status).toBe(404);
    const before = await sql<{ n: number }>("select count(*)::int as n from stakeholder where project_id = ?", [env.westernId]);
    const response = await api(deleteAllStakeholdersApi, `/api/database/delete-all-stakeholders?projectId=${env.westernId}`, "second_owner", "DELETE", { confirmation: "DELETE_STAKEHOLDERS" });
    expect(response.status).toBe(404);
    expect(await sql("select count(*)::int as n from stakeholder where project_id = ?", [env.westernId])).toEqual(before);
  });
});

describe("text normalisation", () => {
  it("previews how many values change with examples, then applies them in one go with audit", async () => {
    const [john, mary, farm] = await seed(env.northernId, {
      stakeholders: [
        { name: "JOHN SMITH", email: "JOHN@EXAMPLE.COM", address: "12 GEORGE ST SYDNEY NSW 2000" },
        { name: "Mary BROWN", address: "PO BOX 5 DUBBO NSW" },
        { name: "SMITH FARMING PTY LTD" },
      ],
      properties: ["LOT 3 DP123456 MOLONG ROAD"],
    });
    const preview = await (await page(`projectId=${env.northernId}&normalize=stakeholders`, "director")).json();
    expect(preview.normalizing.plan).toMatchObject({ records: 3, values: 4 });
    expect(preview.normalizing.plan.examples).toContainEqual({ recordType: "Stakeholder", field: "Name", before: "JOHN SMITH", after: "John Smith" });

    // Previewing changed nothing; an officer (no deleteData) is refused.
    expect(await sql("select name from stakeholder where id = ?", [john])).toEqual([{ name: "JOHN SMITH" }]);
    expect((await api(normalizeApi, "/api/database/normalize-text", "officer", "POST", { projectId: env.northernId, dataType: "all" })).status).toBe(403);
    expect(await sql("select name from stakeholder where id = ?", [john])).toEqual([{ name: "JOHN SMITH" }]);

    const response = await post(`projectId=${env.northernId}`, "director", { intent: "normalize", dataType: "stakeholders" });
    expect(response.status).toBe(302);
    const rows = await sql<{ id: number; name: string; email: string; address: string | null }>("select id, name, email, address from stakeholder where id in (?, ?, ?) order by id", [
      john,
      mary,
      farm,
    ]);
    expect(rows).toEqual([
      { id: john, name: "John Smith", email: "JOHN@EXAMPLE.COM", address: "12 George St Sydney NSW 2000" },
      { id: mary, name: "Mary BROWN", email: null, address: "PO Box 5 Dubbo NSW" },
      { id: farm, name: "Smith Farming PTY LTD", email: null, address: null },
    ]);
    // Properties were not asked for.
    expect(await sql("select address from property where project_id = ?", [env.northernId])).toEqual([{ address: "LOT 3 DP123456 MOLONG ROAD" }]);
    const audit = await sql<{ before: unknown; after: unknown }>("select before, after from audit_log where action = 'stakeholder.normalize' and entity_id = ?", [String(john)]);
    expect(audit).toEqual([{ before: { name: "JOHN SMITH", address: "12 GEORGE ST SYDNEY NSW 2000" }, after: { name: "John Smith", address: "12 George St Sydney NSW 2000" } }]);

    const all = await api(normalizeApi, "/api/database/normalize-text", "director", "POST", { projectId: env.northernId, dataType: "all" });
    expect(all.status).toBe(200);
    // The form keeps the address in property_address too: two values of one record.
    expect(await all.json()).toEqual({ records: 1, values: 2, message: "Normalized 2 values in 1 record" });
    expect(await sql("select address from property where project_id = ?", [env.northernId])).toEqual([{ address: "Lot 3 DP123456 Molong Road" }]);
    expect((await api(normalizeApi, "/api/database/normalize-text", "director", "POST", { projectId: env.northernId, dataType: "nonsense" })).status).toBe(400);

    // The History tab of the stakeholder and of the property: who changed what, old → new.
    const history = await call(() =>
      stakeholdersLoader({
        request: new Request(`${BASE}/stakeholders?projectId=${env.northernId}&highlight=${john}&tab=history`, { headers: { Cookie: env.cookies.director! } }),
        params: {},
        context: {},
      }),
    );
    const historyData = await history.json();
    expect(historyData.tab).toBe("history");
    expect(historyData.history[0]).toMatchObject({
      action: "stakeholder.normalize",
      userName: expect.any(String),
      changes: expect.arrayContaining([{ field: "name", from: "JOHN SMITH", to: "John Smith" }]),
    });
    expect(historyData.history.at(-1)).toMatchObject({ action: "stakeholder.create" });
    const [propertyId] = (await sql<{ id: number }>("select id from property where project_id = ?", [env.northernId])).map((r) => r.id);
    const propertyHistory = await call(() =>
      propertiesLoader({
        request: new Request(`${BASE}/properties?projectId=${env.northernId}&highlight=${propertyId}&tab=history`, { headers: { Cookie: env.cookies.director! } }),
        params: {},
        context: {},
      }),
    );
    expect((await propertyHistory.json()).history[0].changes).toContainEqual({ field: "address", from: "LOT 3 DP123456 MOLONG ROAD", to: "Lot 3 DP123456 Molong Road" });
  });
});

describe("individual records", () => {
  it("searches with 3 characters or more and deletes one record through its confirmation", async () => {
    const [target] = await seed(env.northernId, { stakeholders: [{ name: "Zebedee Quill", email: "zq@example.com" }, { name: "Zebedee Other" }] });
    const short = await (await page(`projectId=${env.northernId}&records=stakeholders&search=ze`, "director")).json();
    expect(short.search).toMatchObject({ tooShort: true, total: 0, rows: [] });
    const found = await (await page(`projectId=${env.northernId}&records=stakeholders&search=zebedee`, "director")).json();
    expect(found.search.total).toBe(2);
    expect(found.search.rows[0]).toMatchObject({ type: "stakeholders", name: "Zebedee Other", email: null });
    const none = await (await page(`projectId=${env.northernId}&records=properties&search=zebedee`, "director")).json();
    expect(none.search).toMatchObject({ total: 0, rows: [] });

    const confirm = await (await page(`projectId=${env.northernId}&records=stakeholders&search=zebedee&delete=${target}`, "director")).json();
    expect(confirm.deleting).toMatchObject({ id: target, name: "Zebedee Quill", email: "zq@example.com" });
    // An officer cannot; another client's owner sees no such project.
    expect((await post(`projectId=${env.northernId}`, "officer", { intent: "delete-record", records: "stakeholders", id: String(target) })).status).toBe(403);
    expect((await post(`projectId=${env.northernId}`, "second_owner", { intent: "delete-record", records: "stakeholders", id: String(target) })).status).toBe(404);
    const response = await post(`projectId=${env.northernId}`, "director", { intent: "delete-record", records: "stakeholders", search: "zebedee", id: String(target) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/database-management?projectId=${env.northernId}&records=stakeholders&search=zebedee`);
    expect(await sql("select id from stakeholder where id = ?", [target])).toEqual([]);
    expect(await sql("select action from audit_log where entity_type = 'Stakeholder' and entity_id = ?", [String(target)])).toContainEqual({ action: "stakeholder.delete" });
  });
});

/** A grievance from a named person and a commitment, written through their modules as the owner (no other owner: no assignment mail). */
async function seedRegister(projectId: number, word: string) {
  return withRequestContext(async () => {
    const access = await resolveProjectAccess(await currentUser("seed-client-owner"), projectId, "viewData");
    const grievance = await createGrievance(
      access,
      GrievanceSchema.parse({
        receivedDate: "2026-11-20",
        receivedTime: "09:15",
        channel: "phone",
        category: "gates_fences",
        severity: "medium",
        complainantKind: "person",
        complainantName: `${word} Complainant`,
        description: "Gate left open by the survey crew",
      }),
    );
    const stakeholder = await createStakeholder(access, StakeholderSchema.parse({ name: `${word} Landholder` }));
    const commitment = await createCommitment(
      access,
      CommitmentFormSchema.parse({ description: `Replace the ${word} gate`, promisedOn: "2026-11-20", dueDate: "2026-12-01", stakeholderIds: [stakeholder.id] }) as CommitmentInput,
    );
    return { grievanceId: grievance.id, reference: grievance.reference, commitmentId: commitment.id };
  });
}

describe("grievances and commitments in record search and the Activity view", () => {
  it("finds a grievance by complainant, reference or description and a commitment by its promise; deletes each through the confirmation", async () => {
    const { grievanceId, reference, commitmentId } = await seedRegister(env.northernId, "Quokka");
    const byName = await (await page(`projectId=${env.northernId}&records=grievances&search=quokka`, "director")).json();
    expect(byName.search.total).toBe(1);
    expect(byName.search.rows[0]).toEqual({ type: "grievances", id: grievanceId, reference, complainant: "Quokka Complainant", stage: "received" });
    const byReference = await (await page(`projectId=${env.northernId}&records=grievances&search=${reference}`, "director")).json();
    expect(byReference.search.rows.map((r: { id: number }) => r.id)).toContain(grievanceId);
    const byDescription = await (await page(`projectId=${env.northernId}&records=grievances&search=survey%20crew`, "director")).json();
    expect(byDescription.search.rows.map((r: { id: number }) => r.id)).toContain(grievanceId);
    const promise = await (await page(`projectId=${env.northernId}&records=commitments&search=quokka%20gate`, "director")).json();
    expect(promise.search.rows).toEqual([{ type: "commitments", id: commitmentId, description: "Replace the Quokka gate", status: "open", dueDate: "2026-12-01" }]);
    // Another project's search does not see them.
    const elsewhere = await (await page(`projectId=${env.westernId}&records=grievances&search=quokka`, "director")).json();
    expect(elsewhere.search).toMatchObject({ total: 0, rows: [] });

    const confirm = await (await page(`projectId=${env.northernId}&records=grievances&search=quokka&delete=${grievanceId}`, "director")).json();
    expect(confirm.deleting).toMatchObject({ id: grievanceId, reference });
    expect((await post(`projectId=${env.northernId}`, "officer", { intent: "delete-record", records: "grievances", id: String(grievanceId) })).status).toBe(403);
    expect((await post(`projectId=${env.northernId}`, "second_owner", { intent: "delete-record", records: "commitments", id: String(commitmentId) })).status).toBe(404);
    expect(await sql("select id from grievance where id = ?", [grievanceId])).toHaveLength(1);
    const deleted = await post(`projectId=${env.northernId}`, "director", { intent: "delete-record", records: "grievances", search: "quokka", id: String(grievanceId) });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(`/database-management?projectId=${env.northernId}&records=grievances&search=quokka`);
    expect(await sql("select id from grievance where id = ?", [grievanceId])).toEqual([]);
    expect(await sql("select id from grievance_event where grievance_id = ?", [grievanceId])).toEqual([]);
    expect((await post(`projectId=${env.northernId}`, "director", { intent: "delete-record", records: "commitments", id: String(commitmentId) })).status).toBe(302);
    expect(await sql("select id from commitment where id = ?", [commitmentId])).toEqual([]);

    // History: the Activity view lists them by record type, create and delete.
    const grievances = await (await page(`projectId=${env.northernId}&view=activity&type=Grievance`, "director")).json();
    expect(grievances.activity.recordTypes).toEqual(expect.arrayContaining(["Grievance", "Commitment"]));
    expect(grievances.activity.rows.every((r: { entityType: string }) => r.entityType === "Grievance")).toBe(true);
    expect(grievances.activity.rows.filter((r: { entityId: string }) => r.entityId === String(grievanceId)).map((r: { action: string }) => r.action)).toEqual(["grievance.delete", "grievance.create"]);
    const commitments = await (await page(`projectId=${env.northernId}&view=activity&type=Commitment`, "director")).json();
    expect(commitments.activity.rows.filter((r: { entityId: string }) => r.entityId === String(commitmentId)).map((r: { action: string }) => r.action)).toEqual([
      "commitment.delete",
      "commitment.create",
    ]);
  });
});

describe("a stakeholder deleted with grievances and commitments", () => {
  it("keeps the grievance with an empty link and the commitment without the stakeholder; its interactions go", async () => {
    const ids = await withRequestContext(async () => {
      const access = await resolveProjectAccess(await currentUser("seed-client-owner"), env.northernId, "viewData");
      const stakeholder = await createStakeholder(access, StakeholderSchema.parse({ name: "Wombat Complainant" }));
      const grievance = await createGrievance(
        access,
        GrievanceSchema.parse({
          receivedDate: "2026-11-20",
          receivedTime: "09:15",
          channel: "phone",
          category: "damage",
          severity: "low",
          complainantKind: "stakeholder",
          stakeholderId: String(stakeholder.id),
          description: "Culvert damaged",
        }),
      );
      const commitment = await createCommitment(
        access,
        CommitmentFormSchema.parse({ description: "Repair the culvert", promisedOn: "2026-11-20", stakeholderIds: [stakeholder.id] }) as CommitmentInput,
      );
      await recordEngagement(access, stakeholder.id, EngagementSchema.parse({ subject: "Culvert visit", type: "meeting" }));
      return { stakeholder: stakeholder.id, grievance: grievance.id, commitment: commitment.id };
    });
    const response = await post(`projectId=${env.northernId}`, "director", { intent: "delete-record", records: "stakeholders", id: String(ids.stakeholder) });
    expect(response.status).toBe(302);
    expect(await sql("select complainant_kind, stakeholder_id from grievance where id = ?", [ids.grievance])).toEqual([{ complainant_kind: "stakeholder", stakeholder_id: null }]);
    expect(await sql("select id from commitment where id = ?", [ids.commitment])).toHaveLength(1);
    expect(await sql("select id from commitment_stakeholder where commitment_id = ?", [ids.commitment])).toEqual([]);
    expect(await sql("select id from engagement where stakeholder_id = ?", [ids.stakeholder])).toEqual([]);
  });
});

describe("the Danger Zone", () => {
  it("refuses a wrong confirmation and changes nothing; director and below are 403", async () => {
    await seed(env.northernId, { stakeholders: [{ name: "Danger Test" }], engagements: 2 });
    const count = async () => (await (await stats(env.northernId)).json()) as { totalStakeholders: number; totalEngagements: number };
    const before = await count();
    const points = async () => (await sql<{ n: number }>("select count(*)::int as n from restore_point"))[0]!.n;
    const pointsBefore = await points();

    const wrong = await post(`projectId=${env.northernId}&danger=delete-all-engagements`, "client_owner", { intent: "danger", action: "delete-all-engagements", confirmation: "DELETE_STAKEHOLDERS" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).fieldErrors).toEqual({ confirmation: 'Invalid Confirmation: Please type "DELETE_ENGAGEMENTS" to confirm' });
    const wrongApi = await api(deleteAllEngagementsApi, `/api/database/delete-all-engagements?projectId=${env.northernId}`, "client_owner", "DELETE", { confirmation: "delete_engagements" });
    expect(wrongApi.status).toBe(400);
    expect((await wrongApi.json()).message).toBe('Invalid Confirmation: Please type "DELETE_ENGAGEMENTS" to confirm');
    for (const role of ["director", "project_manager", "officer", "viewer"]) {
      const refused = await api(deleteAllEngagementsApi, `/api/database/delete-all-engagements?projectId=${env.northernId}`, role, "DELETE", { confirmation: "DELETE_ENGAGEMENTS" });
      // The project manager is no member of this project: 403 either way.
      expect(refused.status, role).toBe(403);
    }
    expect((await page(`projectId=${env.northernId}&danger=reset-project`, "director")).status).toBe(200);
    expect((await (await page(`projectId=${env.northernId}&danger=reset-project`, "director")).json()).danger).toBeNull();
    expect(await count()).toEqual(before);
    expect(await points()).toBe(pointsBefore);
  });

  it("saves a downloadable restore point first, then deletes all engagements; at 0 it is refused", async () => {
    const before = (await (await stats(env.northernId)).json()) as { totalEngagements: number; totalStakeholders: number };
    expect(before.totalEngagements).toBeGreaterThan(0);
    const response = await post(`projectId=${env.northernId}&danger=delete-all-engagements`, "client_owner", {
      intent: "danger",
      action: "delete-all-engagements",
      confirmation: "DELETE_ENGAGEMENTS",
    });
    expect(response.status).toBe(302);
    // The project named in the URL stays there.
    expect(response.headers.get("Location")).toBe(`/database-management?projectId=${env.northernId}`);
    const after = await (await stats(env.northernId)).json();
    expect(after).toMatchObject({ totalEngagements: 0, totalStakeholders: before.totalStakeholders });

    const listed = await (await page(`projectId=${env.northernId}`, "client_owner")).json();
    const point = listed.restorePoints[0];
    expect(point).toMatchObject({ reason: "delete-all-engagements" });
    const file = await download(point.id, "client_owner");
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(new RegExp(`project_${env.northernId}_restore_point_\\d{8}-\\d{6}\\.sql`));
    const text = await file.text();
    expect(text).toContain('INSERT INTO "engagement"');
    expect(text).toContain("Site visit 0");
    expect(text.trimEnd().endsWith("COMMIT;")).toBe(true);
    expect((await download(point.id, "second_owner")).status).toBe(404);
    expect((await download(point.id, "director")).status).toBe(403);
    expect((await download(999999, "client_owner")).status).toBe(404);
    // The download is audited, with its project; the refused ones are not downloads.
    expect(await sql("select user_id, client_id, project_id, entity_id, after->>'reason' as reason from audit_log where action = 'database.restore-point-download'")).toEqual([
      { user_id: "seed-client-owner", client_id: env.demoClientId, project_id: env.northernId, entity_id: String(point.id), reason: "delete-all-engagements" },
    ]);
    expect(await sql("select action, after from audit_log where action = 'database.delete-all-engagements'")).toEqual([
      { action: "database.delete-all-engagements", after: { restorePointId: point.id } },
    ]);

    const again = await api(deleteAllEngagementsApi, `/api/database/delete-all-engagements?projectId=${env.northernId}`, "client_owner", "DELETE", { confirmation: "DELETE_ENGAGEMENTS" });
    expect(again.status).toBe(409);
  });

  it("deletes all stakeholders and resets the project through the /api with their counts", async () => {
    await seed(env.northernId, { stakeholders: [{ name: "Reset A" }], properties: ["1 Reset Road"] });
    const before = (await (await stats(env.northernId)).json()) as { totalStakeholders: number; totalProperties: number };
    const stakeholders = await api(deleteAllStakeholdersApi, `/api/database/delete-all-stakeholders?projectId=${env.northernId}`, "system_admin", "DELETE", { confirmation: "DELETE_STAKEHOLDERS" });
    expect(stakeholders.status).toBe(200);
    expect((await stakeholders.json()).message).toBe(`Deleted ${before.totalStakeholders} stakeholders and their interactions. A restore point was saved first.`);
    const reset = await api(resetApi, `/api/database/reset-project?projectId=${env.northernId}`, "client_owner", "DELETE", { confirmation: "DELETE_RESET" });
    expect(reset.status).toBe(200);
    expect(await (await stats(env.northernId)).json()).toEqual({ totalStakeholders: 0, totalProperties: 0, totalEngagements: 0 });
    expect(await sql("select name from project where id = ?", [env.northernId])).toEqual([{ name: "Northern Transmission Line" }]);
  });

  it("deletes the whole project (to the dashboard); its restore point outlives it", async () => {
    const wrong = await api(deleteProjectApi, `/api/database/delete-project?projectId=${env.northernId}`, "client_owner", "DELETE", { confirmation: "DELETE_RESET" });
    expect(wrong.status).toBe(400);
    const response = await post(`projectId=${env.northernId}&danger=delete-project`, "client_owner", { intent: "danger", action: "delete-project", confirmation: "DELETE_PROJECT" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await sql("select id from project where id = ?", [env.northernId])).toEqual([]);
    const [point] = await sql<{ id: number }>("select id from restore_point where project_id = ? and reason = 'delete-project'", [env.northernId]);
    const file = await download(point!.id, "client_owner");
    expect(file.status).toBe(200);
    expect(await file.text()).toContain("Northern Transmission Line");
    // Audited with the project in its details (an audit row may not name a project that is gone).
    expect(await sql("select project_id, after->>'projectId' as project from audit_log where action = 'database.restore-point-download' and entity_id = ?", [String(point!.id)])).toEqual([
      { project_id: null, project: String(env.northernId) },
    ]);

    // Listed for the client's Danger Zone roles, with or without a project selected; not for another client or a director.
    type Listed = { deletedProjects: { points: { id: number; projectId: number; projectName: string }[]; showClient: boolean } | null; view: string };
    const ids = (data: Listed) => data.deletedProjects?.points.map((p) => p.id) ?? [];
    const without = (await (await page("", "client_owner")).json()) as Listed;
    expect(without.view).toBe("no-project");
    expect(without.deletedProjects?.points.find((p) => p.id === point!.id)).toMatchObject({ projectId: env.northernId, projectName: "Northern Transmission Line" });
    const withProject = (await (await page(`projectId=${env.westernId}`, "client_owner")).json()) as Listed;
    expect(ids(withProject)).toContain(point!.id);
    expect(withProject.deletedProjects?.showClient).toBe(false);
    // Points of projects that still exist are not in this list.
    const live = await sql<{ id: number }>("select id from restore_point where project_id <> ?", [env.northernId]);
    for (const { id } of live) expect(ids(withProject)).not.toContain(id);
    const admin = (await (await page("", "system_admin")).json()) as Listed;
    expect(ids(admin)).toContain(point!.id);
    expect(admin.deletedProjects?.showClient).toBe(true);
    expect(ids((await (await page("", "second_owner")).json()) as Listed)).not.toContain(point!.id);
    expect(((await (await page(`projectId=${env.westernId}`, "director")).json()) as Listed).deletedProjects).toBeNull();
    expect(((await (await page("", "director")).json()) as Listed).deletedProjects).toBeNull();
  });
});

describe("the Activity view", () => {
  it("lists the project's audit rows, filtered by user, record type and dates, paginated", async () => {
    await seed(env.westernId, { stakeholders: [{ name: "Activity Person" }] });
    const all = await (await page(`projectId=${env.westernId}&view=activity`, "director")).json();
    expect(all.view).toBe("activity");
    expect(all.activity.rows[0]).toMatchObject({ action: "stakeholder.create", entityType: "Stakeholder", userName: expect.any(String) });
    expect(all.activity.rows[0].changes).toContainEqual({ field: "name", from: "—", to: "Activity Person" });
    const byType = await (await page(`projectId=${env.westernId}&view=activity&type=Property`, "director")).json();
    expect(byType.activity.rows.every((r: { entityType: string }) => r.entityType === "Property")).toBe(true);
    const owner = all.activity.users.find((u: { id: string }) => u.id === "seed-client-owner");
    expect(owner).toBeDefined();
    const byUser = await (await page(`projectId=${env.westernId}&view=activity&user=seed-client-owner`, "director")).json();
    expect(byUser.activity.total).toBeGreaterThan(0);
    const future = await (await page(`projectId=${env.westernId}&view=activity&from=2999-01-01`, "director")).json();
    expect(future.activity).toMatchObject({ total: 0, rows: [] });
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Australia/Sydney" });
    const todays = await (await page(`projectId=${env.westernId}&view=activity&from=${today}&to=${today}`, "director")).json();
    expect(todays.activity.total).toBeGreaterThan(0);
    expect((await page(`projectId=${env.westernId}&view=activity`, "viewer")).status).toBe(403);
  });
});
