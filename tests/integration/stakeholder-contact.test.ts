import { Stakeholder } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import { consumeFlash } from "../../app/modules/auth/flash.server";
import { CONTACT_FAILED } from "../../app/modules/stakeholder/stakeholders-actions.server";
import { STALE_MESSAGE } from "../../app/modules/stakeholder/stakeholder.server";
import { loader as pageLoader, action as pageAction } from "../../app/routes/stakeholders";
import { action as stakeholderApi } from "../../app/routes/api.stakeholders.$id";
import { useTestDatabase } from "../setup/test-database";
import { callRoute, inContext, projectId, signedInRequest, URL_BASE } from "./stakeholder-helpers";

/**
 * Edit Contact Details in the stakeholder detail view (docs/records.md#contact-details), as a browser
 * without JavaScript uses it: GET ?highlight=ID&contact=1, then a plain form POST to the page action.
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

const origin = { Origin: URL_BASE };

async function newStakeholder(fields: Record<string, unknown> = {}) {
  return inContext(async () => {
    const s = db().create(Stakeholder, {
      name: `Contact ${Math.random().toString(36).slice(2, 8)}`,
      user: "seed-officer",
      project: western,
      notes: "Keep me",
      memberType: "Business",
      ...fields,
    } as never);
    await db().flush();
    return { id: s.id, version: s.version, name: s.name };
  });
}

const row = (id: number) => inContext(async () => db().findOneOrFail(Stakeholder, { id }, { refresh: true }));

/** The page action as the form posts it, from the detail view's URL. */
async function post(userId: string, fields: Record<string, string | number>, project = western) {
  const body = new URLSearchParams(Object.entries({ intent: "update-contact", formId: "contact-form", ...fields }).map(([k, v]) => [k, String(v)]));
  const request = await signedInRequest(userId, `/stakeholders?projectId=${project}&highlight=${fields.id}&contact=1`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...origin },
  });
  return { request, response: await callRoute(() => pageAction({ request, params: {}, context: {} }) as Promise<unknown>) };
}

const flashFor = (response: Response) =>
  withRequestContext(async () => (await consumeFlash(new Request(`${URL_BASE}/`, { headers: { Cookie: response.headers.get("Set-Cookie")!.split(";")[0]! } }))).flash);

describe("Edit Contact Details (no JavaScript)", () => {
  it("opens from the detail view for an editor; a viewer gets Not allowed (403)", async () => {
    const s = await newStakeholder();
    const open = await callRoute(async () => pageLoader({ request: await signedInRequest("seed-officer", `/stakeholders?projectId=${western}&highlight=${s.id}&contact=1`), params: {}, context: {} }));
    expect(open.status).toBe(200);
    expect(((await open.json()) as { panels: { contact: unknown } }).panels.contact).toEqual({ state: "open", data: null });
    const viewer = await callRoute(async () =>
      pageLoader({ request: await signedInRequest("seed-viewer", `/stakeholders?projectId=${western}&highlight=${s.id}&contact=1`), params: {}, context: {} }),
    );
    expect(viewer.status).toBe(403);
    expect(((await viewer.json()) as { panels: { contact: unknown } }).panels.contact).toEqual({ state: "forbidden" });
  });

  it("saves the contact fields only, redirects to the details with 'Contact details updated successfully'", async () => {
    const s = await newStakeholder({ phone2: "0400 000 002" });
    const { response } = await post("seed-officer", {
      id: s.id,
      version: s.version,
      name: "  Renamed Person ",
      email: "renamed@example.com",
      email2: "",
      email3: "",
      phone: "0400 111 222",
      phone2: "",
      phone3: "",
      address: "1 New Street",
      address2: "",
      address3: "",
      // Not a contact field: ignored.
      notes: "Overwritten?",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/stakeholders?projectId=${western}&highlight=${s.id}`);
    expect(await flashFor(response)).toEqual({ kind: "success", title: "Success!", description: "Contact details updated successfully" });
    const saved = await row(s.id);
    expect(saved).toMatchObject({ name: "Renamed Person", email: "renamed@example.com", phone: "0400 111 222", phone2: null, address: "1 New Street", notes: "Keep me", memberType: "Business" });
    expect(saved.version).toBe(s.version + 1);
  });

  it("a validation failure shows 'Failed to update contact details' with the field errors, keeps what was typed and saves nothing", async () => {
    const s = await newStakeholder();
    const { response } = await post("seed-officer", { id: s.id, version: s.version, name: " ", email: "not-an-email", phone: "0400 999 999" });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      formId: "contact-form",
      title: CONTACT_FAILED,
      fieldErrors: { name: "Name is required", email: "Invalid email" },
      repopulateFields: { name: " ", email: "not-an-email", phone: "0400 999 999" },
    });
    const after = await row(s.id);
    expect(after).toMatchObject({ name: s.name, email: null, phone: null, version: s.version });
  });

  it("refuses a stale version (409) with the record's current values and saves nothing", async () => {
    const s = await newStakeholder();
    expect((await post("seed-officer", { id: s.id, version: s.version, name: s.name, phone: "first save" })).response.status).toBe(302);
    const { response } = await post("seed-officer", { id: s.id, version: s.version, name: s.name, phone: "stale save" });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { title: string; fieldErrors: Record<string, string>; repopulateFields: Record<string, string> };
    expect(body.title).toBe(CONTACT_FAILED);
    expect(body.fieldErrors).toEqual({ _form: STALE_MESSAGE });
    expect(body.repopulateFields).toMatchObject({ phone: "first save", version: String(s.version + 1) });
    expect((await row(s.id)).phone).toBe("first save");
  });

  it("refuses a viewer (403) and another client's owner (404), saving nothing", async () => {
    const s = await newStakeholder();
    const viewer = await post("seed-viewer", { id: s.id, version: s.version, name: "Viewer Was Here" });
    expect(viewer.response.status).toBe(403);
    const foreign = await post("seed-second-owner", { id: s.id, version: s.version, name: "Other Client Was Here" }, coastal);
    expect(foreign.response.status).toBe(404);
    expect(await foreign.response.text()).not.toContain(s.name);
    expect(await row(s.id)).toMatchObject({ name: s.name, version: s.version });
  });

  it("the /api twin (PUT /api/stakeholders/{id}) refuses the same input with the same messages and takes the same fields", async () => {
    const s = await newStakeholder();
    const put = async (body: unknown) => {
      const request = await signedInRequest("seed-officer", `/api/stakeholders/${s.id}`, { method: "PUT", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...origin } });
      return callRoute(() => stakeholderApi({ request, params: { id: String(s.id) }, context: {} }) as Promise<unknown>);
    };
    const bad = await put({ projectId: western, name: " ", email: "not-an-email", version: s.version });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: { name: "Name is required", email: "Invalid email" } });
    const good = await put({ projectId: western, name: "Api Contact", phone: "0400 333 444", version: s.version });
    expect(good.status).toBe(200);
    expect(await row(s.id)).toMatchObject({ name: "Api Contact", phone: "0400 333 444", notes: "Keep me" });
  });
});
