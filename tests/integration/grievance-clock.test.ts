import { loader as clockLoader, action as clockAction } from "../../app/routes/projects.$id.phases_.grievance-clock";
import { loader as clockApiLoader, action as clockApi } from "../../app/routes/api.projects.$id.grievance-clock";
import { consumeFlash } from "../../app/modules/auth/flash.server";
import { db, withRequestContext } from "../../db/orm";
import { call, formRequest, jsonRequest, useUploadTestEnvironment } from "./support/uploads";

/**
 * A project's grievance clock settings (docs/records.md#grievance-clock-settings) against a real
 * PostgreSQL: the form (what a browser without JavaScript posts) and PUT /api/projects/{id}/grievance-clock
 * save the three keys into the project's settings and audit it; defaults until saved; a viewer's and an
 * officer's saves are 403 with nothing changed; another client's project is 404; bad values are refused
 * with field errors and change nothing.
 */
const env = useUploadTestEnvironment("grievance-clock");
const BASE = "http://localhost:3000";

type Route = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;

const cookie = (role: string) => env.cookies[role]!;
const url = (id: number) => `${BASE}/projects/${id}/phases/grievance-clock`;
const apiUrl = (id: number) => `${BASE}/api/projects/${id}/grievance-clock`;
const getPage = (id: number, role: string) => call(() => (clockLoader as Route)({ request: new Request(url(id), { headers: { Cookie: cookie(role) } }), params: { id: String(id) }, context: {} }));
const post = (id: number, role: string, fields: Record<string, string>) =>
  call(() => (clockAction as Route)({ request: formRequest(url(id), cookie(role), fields), params: { id: String(id) }, context: {} }));
const put = (id: number, role: string, body: unknown, method = "PUT") =>
  call(() => (clockApi as Route)({ request: jsonRequest(apiUrl(id), cookie(role), method, body), params: { id: String(id) }, context: {} }));
const apiGet = (id: number, role: string) =>
  call(() => (clockApiLoader as Route)({ request: new Request(apiUrl(id), { headers: { Cookie: cookie(role) } }), params: { id: String(id) }, context: {} }));

const sql = <T>(text: string, params: unknown[] = []) => withRequestContext(() => db().getConnection().execute<T[]>(text, params));
const settingsOf = async (id: number) => (await sql<{ settings: Record<string, unknown> }>(`select settings from project where id = ?`, [id]))[0]!.settings;
const audits = (id: number) =>
  sql<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
    `select action, before, after from audit_log where project_id = ? and action = 'project.grievance_clock.update' order by id`,
    [id],
  );
const flashOf = async (role: string) => withRequestContext(async () => (await consumeFlash(new Request(`${BASE}/`, { headers: { Cookie: cookie(role) } }))).flash);

describe("the grievance clock form", () => {
  it("shows the defaults until saved: the time zone's state, 5 and 30 business days", async () => {
    const response = await getPage(env.northernId, "client_owner");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.clock).toEqual({ jurisdiction: "NSW", jurisdictionLabel: "New South Wales", acknowledgeDays: 5, resolveDays: 30, timeZone: "Australia/Sydney" });
    expect(data.canEdit).toBe(true);
    expect(data.jurisdictions).toHaveLength(8);
    expect((await getPage(env.westernId, "viewer")).status).toBe(200);
    expect((await (await getPage(env.westernId, "viewer")).json()).canEdit).toBe(false);
  });

  it("saves through the form, keeps the other settings, flashes, audits, and reads back", async () => {
    const before = await settingsOf(env.northernId);
    const response = await post(env.northernId, "client_owner", { grievanceJurisdiction: "VIC", grievanceAcknowledgeDays: "3", grievanceResolveDays: "20" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/projects/${env.northernId}/phases/grievance-clock`);
    const settings = await settingsOf(env.northernId);
    expect(settings).toMatchObject({ grievanceJurisdiction: "VIC", grievanceAcknowledgeDays: 3, grievanceResolveDays: 20 });
    for (const [key, value] of Object.entries(before)) if (!key.startsWith("grievance")) expect(settings[key]).toEqual(value);
    expect(await flashOf("client_owner")).toMatchObject({ kind: "success", title: "Grievance clock saved" });
    const rows = await audits(env.northernId);
    expect(rows.at(-1)).toMatchObject({
      before: { jurisdiction: "NSW", acknowledgeDays: 5, resolveDays: 30 },
      after: { jurisdiction: "VIC", acknowledgeDays: 3, resolveDays: 20 },
    });
    const data = await (await getPage(env.northernId, "client_owner")).json();
    expect(data.clock).toMatchObject({ jurisdiction: "VIC", jurisdictionLabel: "Victoria", acknowledgeDays: 3, resolveDays: 20 });
  });

  it("refuses bad values with field errors and changes nothing", async () => {
    const before = await settingsOf(env.northernId);
    const auditCount = (await audits(env.northernId)).length;
    const response = await post(env.northernId, "client_owner", { grievanceJurisdiction: "XX", grievanceAcknowledgeDays: "0", grievanceResolveDays: "2.5" });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({
      grievanceJurisdiction: "Choose a state or territory from the list",
      grievanceAcknowledgeDays: "Acknowledge within must be a whole number of business days from 1 to 90",
      grievanceResolveDays: "Resolve within must be a whole number of business days from 1 to 90",
    });
    expect(body.repopulateFields).toMatchObject({ grievanceAcknowledgeDays: "0" });
    const blank = await post(env.northernId, "client_owner", { grievanceJurisdiction: "NSW", grievanceAcknowledgeDays: "", grievanceResolveDays: "91" });
    expect(blank.status).toBe(422);
    expect(Object.keys((await blank.json()).fieldErrors).sort()).toEqual(["grievanceAcknowledgeDays", "grievanceResolveDays"]);
    expect(await settingsOf(env.northernId)).toEqual(before);
    expect(await audits(env.northernId)).toHaveLength(auditCount);
  });

  it("refuses a viewer and an officer (403) with nothing changed, and another client's project (404)", async () => {
    const before = await settingsOf(env.westernId);
    for (const role of ["viewer", "officer"]) {
      const response = await post(env.westernId, role, { grievanceJurisdiction: "WA", grievanceAcknowledgeDays: "2", grievanceResolveDays: "10" });
      expect(response.status, role).toBe(403);
    }
    expect(await settingsOf(env.westernId)).toEqual(before);
    const other = await post(env.secondProjectId, "client_owner", { grievanceJurisdiction: "WA", grievanceAcknowledgeDays: "2", grievanceResolveDays: "10" });
    expect(other.status).toBe(404);
    expect((await getPage(env.secondProjectId, "client_owner")).status).toBe(404);
    expect(await audits(env.westernId)).toHaveLength(0);
  });
});

describe("PUT /api/projects/{id}/grievance-clock", () => {
  it("saves JSON with the form's schema and answers the clock", async () => {
    const response = await put(env.westernId, "client_owner", { grievanceJurisdiction: "QLD", grievanceAcknowledgeDays: 7, grievanceResolveDays: 45 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: "Grievance clock saved",
      grievanceClock: { jurisdiction: "QLD", jurisdictionLabel: "Queensland", acknowledgeDays: 7, resolveDays: 45, timeZone: "Australia/Sydney" },
    });
    expect(await settingsOf(env.westernId)).toMatchObject({ grievanceJurisdiction: "QLD", grievanceAcknowledgeDays: 7, grievanceResolveDays: 45 });
    expect(await (await apiGet(env.westernId, "viewer")).json()).toMatchObject({ grievanceClock: { jurisdiction: "QLD", acknowledgeDays: 7 } });
  });

  it("answers 400 with per-field errors for bad values, 403 for a viewer, 404 for another client's project, 405 for POST", async () => {
    const before = await settingsOf(env.westernId);
    const bad = await put(env.westernId, "client_owner", { grievanceJurisdiction: "Victoria", grievanceAcknowledgeDays: 100, grievanceResolveDays: "ten" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({
      grievanceJurisdiction: "Choose a state or territory from the list",
      grievanceAcknowledgeDays: "Acknowledge within must be a whole number of business days from 1 to 90",
      grievanceResolveDays: "Resolve within must be a whole number of business days from 1 to 90",
    });
    expect((await put(env.westernId, "viewer", { grievanceJurisdiction: "SA", grievanceAcknowledgeDays: 1, grievanceResolveDays: 1 })).status).toBe(403);
    expect((await put(env.secondProjectId, "client_owner", { grievanceJurisdiction: "SA", grievanceAcknowledgeDays: 1, grievanceResolveDays: 1 })).status).toBe(404);
    expect((await apiGet(env.secondProjectId, "client_owner")).status).toBe(404);
    const post405 = await put(env.westernId, "client_owner", { grievanceJurisdiction: "SA", grievanceAcknowledgeDays: 1, grievanceResolveDays: 1 }, "POST");
    expect(post405.status).toBe(405);
    expect(post405.headers.get("Allow")).toBe("PUT");
    expect(await settingsOf(env.westernId)).toEqual(before);
  });
});
