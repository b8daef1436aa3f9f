import { Property, Stakeholder } from "../../db/entities/index";
import { db } from "../../db/orm";
import { action as engagementApi } from "../../app/routes/api.engagements.$id";
import { action as createEngagementApi } from "../../app/routes/api.engagements";
import { action as propertyApi } from "../../app/routes/api.properties.$id";
import { action as createPropertyApi } from "../../app/routes/api.properties";
import { action as stakeholderApi } from "../../app/routes/api.stakeholders.$id";
import { action as createStakeholderApi } from "../../app/routes/api.stakeholders";
import { action as documentApi } from "../../app/routes/api.documents.$id";
import { action as templateApi } from "../../app/routes/api.templates.$id";
import { action as linkPropertiesApi } from "../../app/routes/api.stakeholders.link-properties";
import { action as stakeholdersPage } from "../../app/routes/stakeholders";
import { action as propertiesPage } from "../../app/routes/properties";
import { useTestDatabase } from "../setup/test-database";
import { callRoute, inContext, projectId, signedInRequest, stakeholderIdByName } from "./stakeholder-helpers";

/**
 * The house pattern (CONTRIBUTING.md "Adding a screen") holds across screens and /api routes: one way
 * from an AppError to a response, 405 with Allow for a wrong method, each operation's permission
 * checked by the module function (so the page action and its /api twin agree), one form-level error key.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
const ORIGIN = { Origin: "http://localhost" };

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
});

afterAll(async () => {
  await database?.drop();
});

type RouteFn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown> | unknown;

async function call(route: RouteFn, user: string, path: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  const request = await signedInRequest(user, path, init);
  return callRoute(async () => route({ request, params, context: {} }));
}

const jsonBody = (body: unknown, method = "POST"): RequestInit => ({ method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...ORIGIN } });
const formBody = (fields: Record<string, string>): RequestInit => ({ method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", ...ORIGIN } });

describe("a wrong method is 405 with Allow on every /api write route", () => {
  const cases: [string, RouteFn, string, Record<string, string>][] = [
    ["POST /api/stakeholders/{id}", stakeholderApi as RouteFn, "/api/stakeholders/1", { id: "1" }],
    ["POST /api/properties/{id}", propertyApi as RouteFn, "/api/properties/1", { id: "1" }],
    ["POST /api/documents/{id}", documentApi as RouteFn, "/api/documents/1", { id: "1" }],
    ["POST /api/templates/{id}", templateApi as RouteFn, "/api/templates/1", { id: "1" }],
    ["POST /api/engagements/{id}", engagementApi as RouteFn, "/api/engagements/1", { id: "1" }],
  ];
  for (const [name, route, path, params] of cases) {
    it(name, async () => {
      const response = await call(route, "seed-officer", `${path}?projectId=${western}`, jsonBody({}), params);
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toMatch(/DELETE/);
      expect(await response.json()).toEqual({ message: "Method not allowed" });
    });
  }

  it("PUT on a create route", async () => {
    for (const route of [createStakeholderApi, createPropertyApi, createEngagementApi, linkPropertiesApi] as RouteFn[]) {
      const response = await call(route, "seed-officer", `/api/x?projectId=${western}`, jsonBody({}, "PUT"));
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
    }
  });
});

describe("each operation's permission is checked once, the same for the page and its /api twin", () => {
  it("an officer (editData, no deleteData) may not delete a stakeholder, a property or an interaction", async () => {
    const stakeholderId = await stakeholderIdByName("Margaret Ellis");
    const property = await inContext(() => db().findOneOrFail(Property, { project: western }));
    for (const [route, id] of [
      [stakeholderApi, stakeholderId],
      [propertyApi, property.id],
      [engagementApi, 1],
    ] as [RouteFn, number][]) {
      const response = await call(route, "seed-officer", `/api/x/${id}?projectId=${western}`, { method: "DELETE", headers: ORIGIN }, { id: String(id) });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: "You do not have permission to do that" });
    }
    expect(await inContext(() => db().count(Stakeholder, { id: stakeholderId }))).toBe(1);
    expect(await inContext(() => db().count(Property, { id: property.id }))).toBe(1);
  });

  it("a viewer's create is 403 through the page action and through /api, and nothing is saved", async () => {
    const page = await call(stakeholdersPage as RouteFn, "seed-viewer", `/stakeholders?projectId=${western}`, formBody({ intent: "create", formId: "stakeholder-form", name: "Pattern Viewer" }));
    const api = await call(createStakeholderApi as RouteFn, "seed-viewer", "/api/stakeholders", jsonBody({ projectId: western, name: "Pattern Viewer" }));
    const propertyPage = await call(propertiesPage as RouteFn, "seed-viewer", `/properties?projectId=${western}`, formBody({ intent: "create", address: "1 Pattern Road" }));
    const propertyApiResponse = await call(createPropertyApi as RouteFn, "seed-viewer", "/api/properties", jsonBody({ projectId: western, address: "1 Pattern Road" }));
    expect([page.status, api.status, propertyPage.status, propertyApiResponse.status]).toEqual([403, 403, 403, 403]);
    expect(await page.json()).toEqual(await api.json());
    expect(await inContext(() => db().count(Stakeholder, { name: "Pattern Viewer" }))).toBe(0);
    expect(await inContext(() => db().count(Property, { address: "1 Pattern Road" }))).toBe(0);
  });

  it("another client's project is 404 INVALID_PROJECT for pages and /api alike", async () => {
    const coastal = await projectId("Coastal Road Upgrade");
    const page = await call(stakeholdersPage as RouteFn, "seed-officer", `/stakeholders?projectId=${coastal}`, formBody({ intent: "create", formId: "stakeholder-form", name: "X" }));
    const api = await call(createStakeholderApi as RouteFn, "seed-officer", "/api/stakeholders", jsonBody({ projectId: coastal, name: "X" }));
    expect(page.status).toBe(404);
    expect(await page.json()).toEqual({ message: "Project not found", code: "INVALID_PROJECT" });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: "Project not found", code: "INVALID_PROJECT" });
  });
});

describe("one key for form-level errors", () => {
  it("a stale stakeholder edit and a stale property edit both answer 409 with _form", async () => {
    const stakeholder = await inContext(() => db().findOneOrFail(Stakeholder, { name: "Margaret Ellis" }));
    const staleStakeholder = await call(
      stakeholdersPage as RouteFn,
      "seed-officer",
      `/stakeholders?projectId=${western}`,
      formBody({ intent: "update", formId: "stakeholder-form", id: String(stakeholder.id), version: String(stakeholder.version - 1 || 999), name: stakeholder.name }),
    );
    expect(staleStakeholder.status).toBe(409);
    const stakeholderErrors = (await staleStakeholder.json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(stakeholderErrors.fieldErrors)).toEqual(["_form"]);

    const property = await inContext(() => db().findOneOrFail(Property, { project: western }));
    const staleProperty = await call(
      propertiesPage as RouteFn,
      "seed-officer",
      `/properties?projectId=${western}`,
      formBody({ intent: "update", formId: "property-form", id: String(property.id), version: String(property.version + 5), address: property.address }),
    );
    expect(staleProperty.status).toBe(409);
    const propertyErrors = (await staleProperty.json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(propertyErrors.fieldErrors)).toEqual(["_form"]);
  });
});
