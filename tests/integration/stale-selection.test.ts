import { Client, Project, ProjectMembership } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import { getSelectedProjectAccess, STALE_SELECTION_FLASH } from "../../app/modules/access/project-access.server";
import { getLayoutData } from "../../app/modules/layout/layout.server";
import { loader as dashboardLoader, action as dashboardAction } from "../../app/routes/_index";
import { loader as stakeholdersLoader } from "../../app/routes/stakeholders";
import { action as propertiesAction } from "../../app/routes/properties";
import { loader as stakeholdersApiLoader } from "../../app/routes/api.stakeholders";
import { handleAppErrors } from "../../app/utils/http.server";
import { useTestDatabase } from "../setup/test-database";
import { callRoute, projectId, URL_BASE } from "./stakeholder-helpers";
import { createSignedInSession } from "../../app/modules/auth/session.server";

/**
 * A selected project that stopped working (docs/access.md#selected-project): the membership
 * withdrawn, a director demoted, the project deleted or moved to another client. The session's
 * selection is cleared and the user lands on the dashboard's project picker with a message; an
 * explicit ?projectId= is refused as before and leaves the selection alone.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let northern: number;
let coastal: number;
let secondClientId: number;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
  northern = await projectId("Northern Transmission Line");
  coastal = await projectId("Coastal Road Upgrade");
  secondClientId = await withRequestContext(async () => (await db().findOneOrFail(Client, { name: "Second Client Pty Ltd" })).id);
});

afterAll(async () => {
  await database?.drop();
});

const sql = (query: string, params: unknown[] = []) => withRequestContext(() => db().getConnection().execute(query, params));

/** Signs the user in and selects the project on the dashboard, as the browser would; returns the cookie. */
async function selectProject(userId: string, project: number): Promise<string> {
  await sql(`delete from session where sess->>'userId' = ?`, [userId]);
  const cookie = (await withRequestContext(() => createSignedInSession(new Request(`${URL_BASE}/`), userId))).split(";")[0]!;
  const request = new Request(`${URL_BASE}/`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: URL_BASE, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ projectId: String(project) }),
  });
  const response = await callRoute(() => dashboardAction({ request, params: {}, context: {} }));
  expect(response.status).toBe(302);
  expect(await selectedIn(userId)).toEqual([String(project)]);
  // The "Project selected" flash is read now, so the next one a test sees is its own.
  await withRequestContext(() => getLayoutData(get(cookie, "/")));
  return cookie;
}

/** The selected project of each of the user's session rows (null: none). */
async function selectedIn(userId: string): Promise<(string | null)[]> {
  const rows = (await sql(`select sess->>'selectedProjectId' as selected from session where sess->>'userId' = ?`, [userId])) as { selected: string | null }[];
  return rows.map((row) => row.selected);
}

const get = (cookie: string, path: string) => new Request(`${URL_BASE}${path}`, { headers: { Cookie: cookie } });

/** The flash the next page shows (the layout consumes it). */
const nextFlash = async (cookie: string) => (await withRequestContext(() => getLayoutData(get(cookie, "/")))).flash;

/** The dashboard after the redirect: the picker (no project selected) with the user's projects. */
async function dashboard(cookie: string) {
  const response = await callRoute(() => dashboardLoader({ request: get(cookie, "/"), params: {}, context: {} }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { dashboard: { selected: unknown; projects: { id: number }[] } }).dashboard;
}

function expectRedirectToPicker(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/");
  // The Set-Cookie also makes Remix reload every loader after a client-side redirect.
  expect(response.headers.get("Set-Cookie")).toBeTruthy();
}

describe("a stale selection in the session", () => {
  it("a member removed from the selected project: a page's loader clears it and sends them to the picker with a message", async () => {
    const cookie = await selectProject("seed-officer", western);
    await sql(`update project_membership set is_active = false where user_id = 'seed-officer' and project_id = ?`, [western]);
    try {
      const response = await callRoute(() => stakeholdersLoader({ request: get(cookie, "/stakeholders"), params: {}, context: {} }));
      expectRedirectToPicker(response);
      expect(await selectedIn("seed-officer")).toEqual([null]);
      expect(await nextFlash(cookie)).toEqual(STALE_SELECTION_FLASH);
      const picker = await dashboard(cookie);
      expect(picker.selected).toBeNull();
      expect(picker.projects.map((p) => p.id)).not.toContain(western);
      // The refusal itself is audited as before.
      const refused = await sql(`select count(*)::int as n from audit_log where action = 'access.refused' and user_id = 'seed-officer' and entity_id = ?`, [String(western)]);
      expect((refused as { n: number }[])[0]!.n).toBeGreaterThan(0);
      // Other pages now show "No Project Selected" rather than Access Denied.
      const again = await callRoute(() => stakeholdersLoader({ request: get(cookie, "/stakeholders"), params: {}, context: {} }));
      expect(again.status).toBe(200);
      expect(((await again.json()) as { project: unknown }).project).toBeNull();
    } finally {
      await sql(`update project_membership set is_active = true where user_id = 'seed-officer' and project_id = ?`, [western]);
    }
  });

  it("a demoted director: the dashboard itself clears it (no Access Denied) and shows the picker with the message", async () => {
    const cookie = await selectProject("seed-director", northern);
    await sql(`update "user" set system_role = 'officer' where id = 'seed-director'`);
    try {
      const response = await callRoute(() => dashboardLoader({ request: get(cookie, "/"), params: {}, context: {} }));
      expectRedirectToPicker(response);
      expect(await selectedIn("seed-director")).toEqual([null]);
      expect(await nextFlash(cookie)).toEqual(STALE_SELECTION_FLASH);
      expect((await dashboard(cookie)).selected).toBeNull();
    } finally {
      await sql(`update "user" set system_role = 'director' where id = 'seed-director'`);
    }
  });

  it("a page's action (a POST) clears it too and redirects to the picker", async () => {
    const cookie = await selectProject("seed-viewer", western);
    await sql(`update project_membership set is_active = false where user_id = 'seed-viewer' and project_id = ?`, [western]);
    try {
      const request = new Request(`${URL_BASE}/properties`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: URL_BASE, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "create", address: "1 Nowhere Road" }),
      });
      const response = await callRoute(() => propertiesAction({ request, params: {}, context: {} }));
      expectRedirectToPicker(response);
      expect(await selectedIn("seed-viewer")).toEqual([null]);
      expect(await nextFlash(cookie)).toEqual(STALE_SELECTION_FLASH);
    } finally {
      await sql(`update project_membership set is_active = true where user_id = 'seed-viewer' and project_id = ?`, [western]);
    }
  });

  it("an /api call that uses the session's selection clears it and answers INVALID_PROJECT", async () => {
    const cookie = await selectProject("seed-project-manager", western);
    await sql(`update project_membership set is_active = false where user_id = 'seed-project-manager' and project_id = ?`, [western]);
    try {
      const response = await callRoute(() => handleAppErrors(() => getSelectedProjectAccess(get(cookie, "/api/file/parse"))));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "You are not a member of this project", code: "INVALID_PROJECT" });
      expect(await selectedIn("seed-project-manager")).toEqual([null]);
    } finally {
      await sql(`update project_membership set is_active = true where user_id = 'seed-project-manager' and project_id = ?`, [western]);
    }
  });

  it("a project moved to another client: cleared, and the project is still 404 (not 403) when asked for by id", async () => {
    const moved = await withRequestContext(async () => {
      const em = db();
      const project = em.create(Project, { name: "Moved Away", client: (await em.findOneOrFail(Project, western)).client, owner: "seed-client-owner", isActive: true } as never);
      await em.flush();
      em.create(ProjectMembership, { user: "seed-officer", project, role: "officer", joinedAt: new Date() } as never);
      await em.flush();
      return project.id;
    });
    const cookie = await selectProject("seed-officer", moved);
    await sql(`update project set client_id = ? where id = ?`, [secondClientId, moved]);
    const response = await callRoute(() => stakeholdersLoader({ request: get(cookie, "/stakeholders"), params: {}, context: {} }));
    expectRedirectToPicker(response);
    expect(await selectedIn("seed-officer")).toEqual([null]);
    expect(await nextFlash(cookie)).toEqual(STALE_SELECTION_FLASH);
    // Another client's data, asked for explicitly, is still 404 INVALID_PROJECT, page and /api alike.
    for (const id of [moved, coastal]) {
      const page = await callRoute(() => stakeholdersLoader({ request: get(cookie, `/stakeholders?projectId=${id}`), params: {}, context: {} }));
      expect(page.status).toBe(404);
      const api = await callRoute(() => stakeholdersApiLoader({ request: get(cookie, `/api/stakeholders?projectId=${id}`), params: {}, context: {} }));
      expect(api.status).toBe(404);
      expect(((await api.json()) as { code?: string }).code).toBe("INVALID_PROJECT");
    }
  });

  it("a deleted project: cleared on the next page", async () => {
    const cookie = await selectProject("seed-client-owner", northern);
    await sql(`update project set is_active = false where id = ?`, [northern]);
    try {
      const response = await callRoute(() => stakeholdersLoader({ request: get(cookie, "/stakeholders"), params: {}, context: {} }));
      expectRedirectToPicker(response);
      expect(await selectedIn("seed-client-owner")).toEqual([null]);
      expect(await nextFlash(cookie)).toEqual(STALE_SELECTION_FLASH);
    } finally {
      await sql(`update project set is_active = true where id = ?`, [northern]);
    }
  });
});

describe("an explicit ?projectId= the user may not open", () => {
  it("is refused as before (403, 404) and leaves a working selection alone", async () => {
    const cookie = await selectProject("seed-viewer", western);
    const notMember = await callRoute(() => stakeholdersLoader({ request: get(cookie, `/stakeholders?projectId=${northern}`), params: {}, context: {} }));
    expect(notMember.status).toBe(403);
    const otherClient = await callRoute(() => stakeholdersApiLoader({ request: get(cookie, `/api/stakeholders?projectId=${coastal}`), params: {}, context: {} }));
    expect(otherClient.status).toBe(404);
    expect(((await otherClient.json()) as { code?: string }).code).toBe("INVALID_PROJECT");
    expect(await selectedIn("seed-viewer")).toEqual([String(western)]);
    expect(await nextFlash(cookie)).toBeNull();
  });
});
