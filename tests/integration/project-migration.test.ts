import { loader as pageLoader, action as pageAction } from "../../app/routes/project-migration";
import { action as migrateApi } from "../../app/routes/api.client.migrate-project.$projectId";
import { loader as projectLoader } from "../../app/routes/api.projects.$id";
import { loader as restorePointLoader } from "../../app/routes/database-management_.restore-points.$id";
import { loader as restoreConfirmationLoader } from "../../app/routes/database-management_.restore-points.$id_.restore";
import { resolveProjectAccess } from "../../app/modules/access/project-access.server";
import { createRestorePoint, listRestorePoints } from "../../app/modules/database-management/restore-points.server";
import { getOrm, withRequestContext } from "../../db/orm";
import { currentUser } from "../factories/access";
import { auditRowsEventually } from "./support/audit";
import { call, formRequest, jsonRequest, useUploadTestEnvironment } from "./support/uploads";

/**
 * Project migration (docs/administration.md#project-migration) against a real PostgreSQL: system admins only, the GET form's
 * preview (records moving, members losing access, the target's plan), the move itself from the
 * page and the /api (the project and its import history change client, the source client's users
 * lose their memberships and so their access), the target's plan limit checked first, and the
 * missing-choice message.
 */
const env = useUploadTestEnvironment("project-migration");
const BASE = "http://localhost:3000";
const ACCESS_DENIED = "Access Denied - Only system administrators can migrate projects between client organizations.";
const MISSING = "Missing Information: Please select both a project and target client";

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;
const page = (query: string, role = "system_admin") =>
  call(() => pageLoader({ request: new Request(`${BASE}/project-migration${query}`, { headers: { Cookie: env.cookies[role]! } }), params: {}, context: {} }));
const post = (fields: Record<string, string>, role = "system_admin") =>
  call(() => pageAction({ request: formRequest(`${BASE}/project-migration`, env.cookies[role]!, fields), params: {}, context: {} }));
const api = (projectId: string | number, body: unknown, role = "system_admin") =>
  call(() => migrateApi({ request: jsonRequest(`${BASE}/api/client/migrate-project/${projectId}`, env.cookies[role]!, "POST", body), params: { projectId: String(projectId) }, context: {} }));
const openProject = (id: number, role: string) =>
  call(() => projectLoader({ request: new Request(`${BASE}/api/projects/${id}`, { headers: { Cookie: env.cookies[role]! } }), params: { id: String(id) }, context: {} }));
const clientOf = async (projectId: number) => (await sql<{ client_id: number }>(`select client_id from project where id = ?`, [projectId]))[0]!.client_id;
const snapshot = async () => JSON.stringify([await sql(`select id, client_id from project order by id`), await sql(`select id, user_id, project_id from project_membership order by id`)]);

let targetA = 0;
let targetB = 0;
let secondClient = 0;

beforeAll(async () => {
  const [a] = await sql<{ id: number }>(`insert into client (name, max_projects) values ('Migration Target A', 1) returning id`);
  const [b] = await sql<{ id: number }>(`insert into client (name, max_projects) values ('Migration Target B', 1) returning id`);
  targetA = a!.id;
  targetB = b!.id;
  secondClient = (await sql<{ id: number }>(`select id from client where name = 'Second Client Pty Ltd'`))[0]!.id;
});

describe("/project-migration", () => {
  it("is for system admins only: every other role gets the spec's Access Denied, page and /api, and nothing changes", async () => {
    const before = await snapshot();
    for (const role of ["client_owner", "director", "project_manager", "officer", "viewer", "second_owner"]) {
      const refused = await page("", role);
      expect(refused.status, role).toBe(403);
      expect((await refused.json()).message).toBe(ACCESS_DENIED);
      expect((await post({ projectId: String(env.northernId), targetClientId: String(targetA) }, role)).status, role).toBe(403);
      expect((await api(env.northernId, { targetClientId: targetA }, role)).status, role).toBe(403);
    }
    expect(await snapshot()).toBe(before);
    expect(await auditRowsEventually(`action = 'access.refused' and after->>'reason' like '%migrateProjects%'`, 18)).toBe(18);
  });

  it("lists projects and clients with plan badges, excludes the project's own client from the targets, and asks for both choices", async () => {
    const plain = await (await page("")).json();
    expect(plain.preview).toBeNull();
    expect(plain.errors).toBeNull();
    expect(plain.projects.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["Western Pipeline Stage 2", "Northern Transmission Line", "Coastal Road Upgrade"]));
    expect(plain.clients.find((c: { name: string }) => c.name === "Migration Target A")).toMatchObject({ plan: "Free", freeProActive: false, projectCount: 0 });

    const chosen = await (await page(`?projectId=${env.westernId}&targetClientId=&preview=1`)).json();
    expect(chosen.errors).toEqual({ _form: MISSING });
    expect(chosen.targets.map((c: { id: number }) => c.id)).not.toContain(env.demoClientId);
    expect(chosen.targets.map((c: { id: number }) => c.id)).toContain(targetA);
    expect((await (await page(`?preview=1`)).json()).errors).toEqual({ _form: MISSING });

    const same = await (await page(`?projectId=${env.westernId}&targetClientId=${env.demoClientId}`)).json();
    expect(same.errors).toEqual({ _form: "Western Pipeline Stage 2 already belongs to Demo Land Consultancy" });
  });

  it("previews the records moving, the members who will lose access and a target plan that has no room", async () => {
    const preview = (await (await page(`?projectId=${env.westernId}&targetClientId=${targetB}&preview=1`)).json()).preview;
    expect(preview.project.name).toBe("Western Pipeline Stage 2");
    expect(preview.source.name).toBe("Demo Land Consultancy");
    expect(preview.target.name).toBe("Migration Target B");
    expect(preview.records.stakeholders).toBeGreaterThan(0);
    expect(preview.records.properties).toBeGreaterThan(0);
    expect(preview.membersLosingAccess.map((m: { email: string }) => m.email)).toEqual(
      expect.arrayContaining(["pm@demo-consultancy.local", "officer@demo-consultancy.local", "viewer@demo-consultancy.local"]),
    );
    expect(preview.planRefusal).toBeNull();

    const full = (await (await page(`?projectId=${env.westernId}&targetClientId=${secondClient}`)).json()).preview;
    expect(full.planRefusal).toContain("Second Client Pty Ltd is on the Free plan, which allows 1 project, and already has 1.");
  });

  it("refuses a migration into a client whose plan has no room (checked first), and a POST without both choices", async () => {
    const before = await snapshot();
    const refused = await post({ projectId: String(env.westernId), targetClientId: String(secondClient) });
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body.fieldErrors._form).toContain("Second Client Pty Ltd is on the Free plan");
    expect(body.title).toBe("Migration Failed");
    expect((await api(env.westernId, { targetClientId: secondClient })).status).toBe(403);

    const missing = await post({ projectId: String(env.westernId), targetClientId: "" });
    expect(missing.status).toBe(422);
    expect((await missing.json()).fieldErrors).toEqual({ targetClientId: MISSING });
    const apiMissing = await api(env.westernId, {});
    expect(apiMissing.status).toBe(400);
    expect((await apiMissing.json()).message).toBe(MISSING);
    expect((await api("abc", { targetClientId: targetA })).status).toBe(400);
    expect((await api(99999999, { targetClientId: targetA })).status).toBe(404);
    expect((await api(env.northernId, { targetClientId: 99999999 })).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it("moves a project from the page: its client changes, the previous client's owner loses it, and the message is the spec's", async () => {
    expect((await openProject(env.northernId, "client_owner")).status).toBe(200);
    const response = await post({ projectId: String(env.northernId), targetClientId: String(targetA) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/project-migration");
    const [flash] = await sql<{ sess: { __flash_flash__: { title: string; description: string } } }>(`select sess from session where sess->'__flash_flash__' is not null`);
    expect(flash!.sess.__flash_flash__).toMatchObject({
      title: "Project Migrated Successfully",
      description: "Northern Transmission Line now belongs to Migration Target A; 0 members of the previous client lost access.",
    });
    await sql(`update session set sess = sess - '__flash_flash__'`);
    expect(await clientOf(env.northernId)).toBe(targetA);
    expect((await openProject(env.northernId, "client_owner")).status).toBe(404);
    expect(await sql(`select before, after from audit_log where action = 'project.migrate' and entity_id = ?`, [String(env.northernId)])).toEqual([
      { before: { clientId: env.demoClientId, members: [] }, after: { clientId: targetA } },
    ]);
    // Target A's one project is now taken: a second one is refused by its plan.
    expect((await api(env.westernId, { targetClientId: targetA })).status).toBe(403);
  });

  it("moves a project through the /api: the source client's members lose their memberships and access", async () => {
    const membersBefore = await sql<{ user_id: string }>(`select user_id from project_membership where project_id = ? order by user_id`, [env.westernId]);
    expect(membersBefore.map((m) => m.user_id)).toEqual(expect.arrayContaining(["seed-officer", "seed-project-manager", "seed-viewer"]));

    const response = await api(env.westernId, { targetClientId: targetB });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: "Project Migrated Successfully", targetClient: { id: targetB, name: "Migration Target B" }, membersRemoved: membersBefore.length });
    expect(await clientOf(env.westernId)).toBe(targetB);
    expect(await sql(`select * from project_membership where project_id = ?`, [env.westernId])).toEqual([]);
    expect(await sql(`select * from import_record where project_id = ? and client_id <> ?`, [env.westernId, targetB])).toEqual([]);
    for (const role of ["client_owner", "director", "project_manager", "officer", "viewer"]) expect((await openProject(env.westernId, role)).status, role).toBe(404);
    expect((await openProject(env.westernId, "system_admin")).status).toBe(200);
  });
});

describe("restore points of a migrated project", () => {
  const download = (id: number, role: string) =>
    call(() => restorePointLoader({ request: new Request(`${BASE}/database-management/restore-points/${id}`, { headers: { Cookie: env.cookies[role]! } }), params: { id: String(id) }, context: {} }));
  const confirmation = (id: number, role: string) =>
    call(() =>
      restoreConfirmationLoader({
        request: new Request(`${BASE}/database-management/restore-points/${id}/restore`, { headers: { Cookie: env.cookies[role]! } }),
        params: { id: String(id) },
        context: {},
      }),
    );

  it("are withdrawn: the previous client's owner (and everyone else) gets 404 for them, and the new client does not get them", async () => {
    // The second client's project, with a restore point of its own, moves to a client with room for it.
    const [c] = await sql<{ id: number }>(`insert into client (name, max_projects) values ('Migration Target C', 1) returning id`);
    const point = await withRequestContext(async () =>
      createRestorePoint(await resolveProjectAccess(await currentUser("seed-second-owner"), env.secondProjectId, "viewData"), "delete-all-engagements"),
    );
    const before = await download(point.id, "second_owner");
    expect(before.status).toBe(200);
    await before.text();
    expect((await confirmation(point.id, "second_owner")).status).toBe(200);

    const stale = await withRequestContext(async () => resolveProjectAccess(await currentUser("seed-second-owner"), env.secondProjectId, "viewData"));
    const response = await api(env.secondProjectId, { targetClientId: c!.id });
    expect(response.status).toBe(200);
    // A point started by the previous client as the project moved is refused, not left to that client.
    await expect(withRequestContext(() => createRestorePoint(stale, "delete-all-engagements"))).rejects.toMatchObject({ status: 409 });
    expect(await sql(`select id from restore_point where project_id = ? and id <> ?`, [env.secondProjectId, point.id])).toEqual([]);
    for (const role of ["second_owner", "system_admin"]) {
      expect((await download(point.id, role)).status, role).toBe(404);
      expect((await confirmation(point.id, role)).status, role).toBe(404);
    }
    // Not listed under the project's new client either, and its file goes with the next sweep of expired points.
    const listed = await withRequestContext(async () => listRestorePoints(await resolveProjectAccess(await currentUser("seed-system-admin"), env.secondProjectId, "viewData")));
    expect(listed.map((p) => p.id)).not.toContain(point.id);
    expect(await sql(`select id from restore_point where id = ? and expires_at > now()`, [point.id])).toEqual([]);
    expect(await sql(`select after from audit_log where action = 'project.migrate' and entity_id = ?`, [String(env.secondProjectId)])).toEqual([
      { after: { clientId: c!.id, restorePointsWithdrawn: [point.id] } },
    ]);
  });
});
