import { Property, Stakeholder, StakeholderProperty } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import { consumeFlash } from "../../app/modules/auth/flash.server";
import { NOTHING_SELECTED } from "../../app/modules/links/link-rules";
import { action as propertiesPage } from "../../app/routes/properties";
import { action as stakeholdersPage } from "../../app/routes/stakeholders";
import { action as linkStakeholdersApi } from "../../app/routes/api.properties.link-stakeholders";
import { action as linkPropertiesApi } from "../../app/routes/api.stakeholders.link-properties";
import { useTestDatabase } from "../setup/test-database";
import { callRoute, inContext, projectId, signedInRequest, URL_BASE } from "./stakeholder-helpers";

/**
 * The Link Stakeholders and Link Properties dialogs (docs/records.md#links) through the page actions, as
 * a browser without JavaScript posts them, and their /api twins: a save with nothing ticked is refused
 * and changes nothing; Remove link (DELETE on the /api) removes exactly the named link; tenancy.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let coastal: number;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
  coastal = await projectId("Coastal Road Upgrade");
});

afterAll(async () => {
  await database?.drop();
});

const unique = () => Math.random().toString(36).slice(2, 8);
type Fields = Record<string, string | number | (string | number)[]>;
type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;

/** A stakeholder linked to two properties (and the reverse), made fresh for each test. */
async function linkedPair(project = western) {
  return inContext(async () => {
    const user = project === western ? "seed-officer" : "seed-second-owner";
    const s = db().create(Stakeholder, { name: `Linked ${unique()}`, user, project } as never);
    const p1 = db().create(Property, { address: `${unique()} First Road`, user, project } as never);
    const p2 = db().create(Property, { address: `${unique()} Second Road`, user, project } as never);
    await db().flush();
    for (const p of [p1, p2]) db().create(StakeholderProperty, { stakeholder: s.id, property: p.id, project } as never);
    await db().flush();
    return { stakeholder: s.id, name: s.name, properties: [p1.id, p2.id], addresses: [p1.address, p2.address] };
  });
}

const linksOf = (stakeholder: number) =>
  inContext(async () => (await db().find(StakeholderProperty, { stakeholder }, { orderBy: { property: "asc" } })).map((l) => (l.property as unknown as { id: number }).id));

async function postForm(route: Action, userId: string, path: string, fields: Fields) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, String(one));
  const request = await signedInRequest(userId, path, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: URL_BASE } });
  return callRoute(() => route({ request, params: {}, context: {} }));
}

async function api(route: Action, userId: string, path: string, method: "POST" | "DELETE", body: unknown) {
  const request = await signedInRequest(userId, path, { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", Origin: URL_BASE } });
  return callRoute(() => route({ request, params: {}, context: {} }));
}

const flashOf = (response: Response) =>
  withRequestContext(async () => (await consumeFlash(new Request(`${URL_BASE}/`, { headers: { Cookie: response.headers.get("Set-Cookie")!.split(";")[0]! } }))).flash);

describe("saving a Link dialog with nothing ticked", () => {
  it("Link Stakeholders (property page) is refused beside the checklist and removes nothing", async () => {
    const pair = await linkedPair();
    const response = await postForm(propertiesPage as Action, "seed-officer", `/properties?projectId=${western}&link=${pair.properties[0]}`, {
      intent: "link",
      formId: "link-stakeholders",
      propertyId: pair.properties[0]!,
      returnTo: "?",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ formId: "link-stakeholders", fieldErrors: { stakeholderIds: NOTHING_SELECTED.property } });
    expect(await linksOf(pair.stakeholder)).toEqual(pair.properties);
  });

  it("Link Properties (stakeholder page) is refused beside the checklist and removes nothing", async () => {
    const pair = await linkedPair();
    const response = await postForm(stakeholdersPage as Action, "seed-officer", `/stakeholders?projectId=${western}&link=${pair.stakeholder}`, {
      intent: "link-properties",
      formId: "link-properties",
      stakeholderId: pair.stakeholder,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ formId: "link-properties", fieldErrors: { propertyIds: NOTHING_SELECTED.stakeholder } });
    expect(await linksOf(pair.stakeholder)).toEqual(pair.properties);
  });

  it("the /api twins answer 400 NOTHING_SELECTED and remove nothing", async () => {
    const pair = await linkedPair();
    const fromProperty = await api(linkStakeholdersApi as Action, "seed-officer", "/api/properties/link-stakeholders", "POST", {
      projectId: western,
      propertyId: pair.properties[0],
      stakeholderIds: [],
    });
    expect(fromProperty.status).toBe(400);
    expect(await fromProperty.json()).toEqual({ message: NOTHING_SELECTED.property, code: "NOTHING_SELECTED" });
    const fromStakeholder = await api(linkPropertiesApi as Action, "seed-officer", "/api/stakeholders/link-properties", "POST", {
      projectId: western,
      stakeholderId: pair.stakeholder,
      propertyIds: [],
    });
    expect(fromStakeholder.status).toBe(400);
    expect(await fromStakeholder.json()).toMatchObject({ code: "NOTHING_SELECTED" });
    expect(await linksOf(pair.stakeholder)).toEqual(pair.properties);
  });
});

describe("Remove link", () => {
  it("from a property's dialog removes that one link and returns to the dialog with a message", async () => {
    const pair = await linkedPair();
    const response = await postForm(propertiesPage as Action, "seed-officer", `/properties?projectId=${western}&link=${pair.properties[0]}`, {
      intent: "unlink",
      propertyId: pair.properties[0]!,
      stakeholderId: pair.stakeholder,
      returnTo: "?view=cards",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/properties?view=cards&link=${pair.properties[0]}`);
    expect(await flashOf(response)).toEqual({ kind: "success", title: "Link removed", description: `${pair.name} is no longer linked to ${pair.addresses[0]}.` });
    expect(await linksOf(pair.stakeholder)).toEqual([pair.properties[1]]);
  });

  it("from a stakeholder's dialog removes that one link, the last one too", async () => {
    const pair = await linkedPair();
    for (const [index, property] of pair.properties.entries()) {
      const response = await postForm(stakeholdersPage as Action, "seed-officer", `/stakeholders?projectId=${western}&link=${pair.stakeholder}`, {
        intent: "unlink-property",
        stakeholderId: pair.stakeholder,
        propertyId: property,
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/stakeholders?projectId=${western}&link=${pair.stakeholder}`);
      expect(await flashOf(response)).toMatchObject({ title: "Link removed", description: `${pair.name} is no longer linked to ${pair.addresses[index]}.` });
    }
    expect(await linksOf(pair.stakeholder)).toEqual([]);
  });

  it("DELETE on the /api twins removes the named links; naming none is 400", async () => {
    const pair = await linkedPair();
    const none = await api(linkStakeholdersApi as Action, "seed-officer", "/api/properties/link-stakeholders", "DELETE", { projectId: western, propertyId: pair.properties[0], stakeholderIds: [] });
    expect(none.status).toBe(400);
    const one = await api(linkStakeholdersApi as Action, "seed-officer", "/api/properties/link-stakeholders", "DELETE", {
      projectId: western,
      propertyId: pair.properties[0],
      stakeholderIds: [pair.stakeholder],
    });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ message: `${pair.name} is no longer linked to ${pair.addresses[0]}.`, count: 0 });
    const other = await api(linkPropertiesApi as Action, "seed-officer", "/api/stakeholders/link-properties", "DELETE", {
      projectId: western,
      stakeholderId: pair.stakeholder,
      propertyIds: [pair.properties[1]],
    });
    expect(other.status).toBe(200);
    expect(await other.json()).toMatchObject({ count: 0 });
    expect(await linksOf(pair.stakeholder)).toEqual([]);
  });

  it("is refused for a viewer (403) and for another client's records (404), removing nothing", async () => {
    const pair = await linkedPair();
    const foreign = await linkedPair(coastal);
    const unlink = (userId: string, project: number, propertyId: number, stakeholderId: number) =>
      postForm(propertiesPage as Action, userId, `/properties?projectId=${project}`, { intent: "unlink", propertyId, stakeholderId, returnTo: "?" });
    expect((await unlink("seed-viewer", western, pair.properties[0]!, pair.stakeholder)).status).toBe(403);
    // Own property, the other client's stakeholder; the other client's owner on our records.
    expect((await unlink("seed-officer", western, pair.properties[0]!, foreign.stakeholder)).status).toBe(404);
    expect((await unlink("seed-second-owner", coastal, pair.properties[0]!, pair.stakeholder)).status).toBe(404);
    const viaStakeholder = await postForm(stakeholdersPage as Action, "seed-second-owner", `/stakeholders?projectId=${coastal}`, {
      intent: "unlink-property",
      stakeholderId: pair.stakeholder,
      propertyId: pair.properties[0]!,
    });
    expect(viaStakeholder.status).toBe(404);
    const viaApi = await api(linkPropertiesApi as Action, "seed-second-owner", "/api/stakeholders/link-properties", "DELETE", {
      projectId: coastal,
      stakeholderId: pair.stakeholder,
      propertyIds: [pair.properties[0]],
    });
    expect(viaApi.status).toBe(404);
    expect(await linksOf(pair.stakeholder)).toEqual(pair.properties);
    expect(await linksOf(foreign.stakeholder)).toEqual(foreign.properties);
  });
});
