import { AuditLog, Project, Property, Stakeholder, StakeholderProperty } from "../../db/entities/index";
import { recordStatements } from "./support/statements";
import { db, withRequestContext } from "../../db/orm";
import { createSignedInSession } from "../../app/modules/auth/session.server";
import { listProperties, propertyStats, type PropertySortKey } from "../../app/modules/property/property.server";
import * as listRoute from "../../app/routes/api.properties";
import * as itemRoute from "../../app/routes/api.properties.$id";
import * as stakeholdersRoute from "../../app/routes/api.properties.$id.stakeholders";
import * as linkedIdsRoute from "../../app/routes/api.properties.$id.linked-stakeholder-ids";
import * as linkRoute from "../../app/routes/api.properties.link-stakeholders";
import { accessFor } from "../factories/access";
import { useTestDatabase } from "../setup/test-database";
import { addDays, todayForProject } from "../../app/modules/calendar/today";
import { laaStatus } from "../../app/modules/property/laa-status";
import { PROPERTY_SEARCH_COLUMNS, searchTextSql } from "../../db/entities/search-text";

/**
 * Properties through the real /api route modules (signed-in session cookies, permission checks,
 * one zod schema) and the module functions behind /properties, against a seeded PostgreSQL.
 */
const WESTERN = "Western Pipeline Stage 2";
const COASTAL = "Coastal Road Upgrade";
const URL_BASE = "http://localhost:3000";
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let coastal: number;
const cookies = new Map<string, string>();

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  await withRequestContext(async () => {
    western = (await db().findOneOrFail(Project, { name: WESTERN })).id;
    coastal = (await db().findOneOrFail(Project, { name: COASTAL })).id;
  });
});

afterAll(async () => {
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

/** Calls a route's loader or action as Remix would, returning status and parsed JSON. */
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
  const json = await response.json();
  return { status: response.status, json, headers: response.headers };
}

const OFFICER = "seed-officer";
const VIEWER = "seed-viewer";
const PM = "seed-project-manager";
const SECOND_OWNER = "seed-second-owner";

const create = (body: Record<string, unknown>, userId = OFFICER) => call(listRoute.action as Handler, userId, "/api/properties", { method: "POST", body: { projectId: western, ...body } });
const patch = (id: number, body: Record<string, unknown>, userId = OFFICER, projectId = western) =>
  call(itemRoute.action as Handler, userId, `/api/properties/${id}?projectId=${projectId}`, { method: "PATCH", body, params: { id: String(id) } });
const get = (id: number, userId = OFFICER, projectId = western) => call(itemRoute.loader as Handler, userId, `/api/properties/${id}?projectId=${projectId}`, { params: { id: String(id) } });
const list = (query: string, userId = OFFICER) => call(listRoute.loader as Handler, userId, `/api/properties?${query}`);
const countProperties = () => withRequestContext(() => db().count(Property, {}));
const propertyId = (address: string) => withRequestContext(async () => (await db().findOneOrFail(Property, { address })).id);
const suffix = () => Math.random().toString(36).slice(2, 8);

describe("summary tiles and LAA filter", () => {
  it("counts the whole project: total, Freehold, Certificate of Title, with LAA, expired and expiring soon", async () => {
    const stats = await withRequestContext(async () => propertyStats(await accessFor(VIEWER, WESTERN)));
    // Seed: 6 parcels, 5 FREEHOLD and 1 CoT; LAAs expiring in -10 (expired), 14 (soon) and 200 days.
    expect(stats).toEqual({ total: 6, freehold: 5, certificateOfTitle: 1, withLaa: 3, laaExpired: 1, laaExpiringSoon: 1 });
  });

  it("judges LAA expiry on the request's today in tiles and rows alike (a bound date, not the database's current_date)", async () => {
    const access = await withRequestContext(() => accessFor(VIEWER, WESTERN));
    const today = todayForProject(access.project);
    for (const day of [today, addDays(today, 20), addDays(today, 300), addDays(today, -400)]) {
      const { rows, stats } = await withRequestContext(() => listProperties(access, { limit: 25, offset: 0, today: day }));
      expect(stats.laaExpired).toBe(rows.filter((r) => r.laaStatus === "expired").length);
      expect(stats.laaExpiringSoon).toBe(rows.filter((r) => r.laaStatus === "expiring_soon").length);
      for (const row of rows) expect(row.laaStatus).toBe(laaStatus(row.hasLAA, row.laaExpiryDate, day));
      expect(await withRequestContext(() => propertyStats(access, day))).toEqual(stats);
    }
    // Seeded expiries are -10, 14 and 200 days away: 300 days on, all three have expired; 400 days back, none has.
    const later = await withRequestContext(() => propertyStats(access, addDays(today, 300)));
    expect([later.laaExpired, later.laaExpiringSoon]).toEqual([3, 0]);
    const earlier = await withRequestContext(() => propertyStats(access, addDays(today, -400)));
    expect([earlier.laaExpired, earlier.laaExpiringSoon]).toEqual([0, 0]);
  });

  it("returns the tiles with the page; the total comes from them unless a search narrows the list", async () => {
    const access = await withRequestContext(() => accessFor(VIEWER, WESTERN));
    const run = (query: Partial<Parameters<typeof listProperties>[1]>) => withRequestContext(() => listProperties(access, { limit: 2, offset: 0, ...query }));
    expect((await run({})).total).toBe(6);
    expect((await run({ laa: "with" })).total).toBe(3);
    expect((await run({ laa: "without" })).total).toBe(3);
    expect((await run({ search: "Beaufort" })).total).toBe((await run({ search: "Beaufort", limit: 25 })).rows.length);
    expect((await run({ search: "Beaufort", laa: "with" })).total).toBe(2);
  });

  it("filters With LAA / Without LAA / All", async () => {
    const run = (laa: "all" | "with" | "without") => withRequestContext(async () => (await listProperties(await accessFor(VIEWER, WESTERN), { laa, limit: 25, offset: 0 })).rows.map((r) => r.address));
    expect((await run("with")).sort()).toEqual(["1480 Western Highway, Beaufort VIC 3373", "22 Lake Road, Buangor VIC 3375", "Lot 2 Western Highway, Beaufort VIC 3373"]);
    expect(await run("without")).toHaveLength(3);
    expect(await run("all")).toHaveLength(6);
    const api = await list(`projectId=${western}&laa=with`, VIEWER);
    expect(api.json).toHaveLength(3);
    expect(api.json.every((p: { hasLAA: boolean }) => p.hasLAA)).toBe(true);
  });
});

describe("sorting and pagination", () => {
  const order = (sort: PropertySortKey, dir: "asc" | "desc" = "asc") =>
    withRequestContext(async () => (await listProperties(await accessFor(VIEWER, WESTERN), { sort, dir, limit: 25, offset: 0 })).rows.map((r) => r.address.split(",")[0]));

  it("sorts by address, case-insensitively, both ways", async () => {
    const asc = await order("address");
    expect(asc).toEqual(["1480 Western Highway", "22 Lake Road", "77 Main Lead Road", "Lot 2 Western Highway", "Old Beaufort Road", "Racecourse Road"]);
    expect(await order("address", "desc")).toEqual([...asc].reverse());
  });

  it("sorts volume and folio as numbers (9876 before 10234)", async () => {
    expect(await order("volume")).toEqual(["Racecourse Road", "22 Lake Road", "1480 Western Highway", "Lot 2 Western Highway", "77 Main Lead Road", "Old Beaufort Road"]);
    expect((await order("folio"))[0]).toBe("Old Beaufort Road"); // folio 045
  });

  it("sorts LAA status by expiry date, properties without an LAA last", async () => {
    expect((await order("laaExpiryDate")).slice(0, 3)).toEqual(["1480 Western Highway", "Lot 2 Western Highway", "22 Lake Road"]);
  });

  it("sorts next-action priority: overdue first, ties by due date, no date last", async () => {
    // 77 Main Lead (-2 days, overdue), 22 Lake (6 days) and Lot 2 (7 days) both due soon.
    expect((await order("nextActionPriority")).slice(0, 3)).toEqual(["77 Main Lead Road", "22 Lake Road", "Lot 2 Western Highway"]);
    expect((await order("nextActionPriority", "desc")).slice(-3)).toEqual(["Lot 2 Western Highway", "22 Lake Road", "77 Main Lead Road"]);
  });

  it("pages with limit and offset, reporting the total", async () => {
    const first = await list(`projectId=${western}&limit=2`);
    const second = await list(`projectId=${western}&limit=2&offset=2`);
    expect(first.json).toHaveLength(2);
    expect(second.json).toHaveLength(2);
    expect(first.headers.get("X-Total-Count")).toBe("6");
    expect(second.json[0].id).not.toBe(first.json[0].id);
    const page = await withRequestContext(async () => listProperties(await accessFor(VIEWER, WESTERN), { limit: 25, offset: 50 }));
    expect(page).toMatchObject({ rows: [], total: 6 });
  });

  it("returns each row's linked stakeholders (counts for the table) from one query", async () => {
    const rows = await withRequestContext(async () => (await listProperties(await accessFor(VIEWER, WESTERN), { limit: 25, offset: 0 })).rows);
    const lot2 = rows.find((r) => r.address.startsWith("Lot 2"))!;
    expect(lot2.linkedStakeholders.map((s) => s.name)).toEqual(["Ellis Pastoral Co Pty Ltd", "Margaret Ellis"]);
    expect(rows.find((r) => r.address.startsWith("77 Main"))!.linkedStakeholders).toHaveLength(1);
  });
});

describe("the page's one query", () => {
  it("reads the page, the tiles and the total in one statement, with or without a search", async () => {
    const access = await withRequestContext(() => accessFor(VIEWER, WESTERN));
    const sent = recordStatements();
    try {
      for (const query of [{}, { search: "Beaufort" }, { laa: "with" as const, sort: "laaExpiryDate" as const }, { view: "table" as const, search: "road" }]) {
        sent.clear();
        const { rows, total, stats } = await withRequestContext(() => listProperties(access, { limit: 2, offset: 0, ...query }));
        expect(sent.statements).toHaveLength(1);
        expect(rows.length).toBeGreaterThan(0);
        expect(total).toBeGreaterThanOrEqual(rows.length);
        expect(stats.total).toBe(6);
      }
    } finally {
      sent.stop();
    }
    // Past the last page a search has no row to carry its count: that costs a second query, and the total is still right.
    const beyond = await withRequestContext(() => listProperties(access, { search: "Beaufort", limit: 25, offset: 50 }));
    expect(beyond).toMatchObject({ rows: [], total: (await withRequestContext(() => listProperties(access, { search: "Beaufort", limit: 25, offset: 0 }))).rows.length });
  });

  it("gives the table view only its columns: the first two proprietors with a count of the rest, and a count of linked stakeholders", async () => {
    const access = await withRequestContext(() => accessFor(VIEWER, WESTERN));
    const cards = (await withRequestContext(() => listProperties(access, { limit: 25, offset: 0 }))).rows;
    const table = (await withRequestContext(() => listProperties(access, { limit: 25, offset: 0, view: "table" }))).rows;
    expect(table.map((r) => r.id)).toEqual(cards.map((r) => r.id));
    for (const [i, row] of table.entries()) {
      const card = cards[i]!;
      expect(Object.keys(row).sort()).toEqual(
        ["address", "folio", "id", "laaExpiryDate", "laaStatus", "linkedCount", "nextActionDueDate", "priority", "proprietors", "proprietorsMore", "titleType", "volume"].sort(),
      );
      expect(row.linkedCount).toBe(card.linkedStakeholders.length);
      expect(row.proprietors).toEqual(card.proprietors.slice(0, 2));
      expect(row.proprietorsMore).toBe(Math.max(0, card.proprietors.length - 2));
      expect([row.laaStatus, row.priority, row.nextActionDueDate]).toEqual([card.laaStatus, card.priority, card.nextActionDueDate]);
      expect(row.laaExpiryDate).toBe(card.hasLAA ? card.laaExpiryDate : null);
    }
    expect(table.find((r) => r.address.startsWith("Lot 2"))!.linkedCount).toBe(2);
  });
});

describe("search", () => {
  it("searches address, search number, volume, folio and proprietors", async () => {
    await withRequestContext(async () => {
      const property = await db().findOneOrFail(Property, { address: "Racecourse Road, Ararat VIC 3377" });
      property.search = "SRCH-77812";
      await db().flush();
    });
    const addresses = async (term: string) => (await list(`projectId=${western}&search=${encodeURIComponent(term)}`)).json.map((p: { address: string }) => p.address);
    expect(await addresses("lake road")).toEqual(["22 Lake Road, Buangor VIC 3375"]);
    expect(await addresses("SRCH-778")).toEqual(["Racecourse Road, Ararat VIC 3377"]);
    expect(await addresses("11002")).toEqual(["77 Main Lead Road, Waterloo VIC 3373"]);
    expect(await addresses("101")).toEqual(["22 Lake Road, Buangor VIC 3375"]); // folio
    expect(await addresses("Mai Nguyen")).toEqual(["22 Lake Road, Buangor VIC 3375"]);
    expect(await addresses("no such thing")).toEqual([]);
    // LIKE wildcards are matched literally.
    expect(await addresses("%")).toEqual([]);
  });
});

describe("indexes", () => {
  it("the search, address and LAA sorts can be served by their indexes", async () => {
    const plan = (sql: string, params: unknown[]) =>
      withRequestContext(() =>
        db().transactional(async (em) => {
          // The seed is tiny, so the planner would rightly read the table: forbid that to see whether an index can serve.
          await em.execute("set local enable_seqscan = off");
          const rows = await em.execute<{ "QUERY PLAN": string }[]>(`explain ${sql}`, params);
          return rows.map((r) => r["QUERY PLAN"]).join("\n");
        }),
      );
    expect(await plan(`select id from property p where ${searchTextSql(PROPERTY_SEARCH_COLUMNS, "p")} ilike ?`, ["%beaufort%"])).toContain("property_search_trgm_index");
    expect(await plan("select id from property p where p.project_id = ? order by lower(p.address), p.id limit 25", [western])).toContain("property_project_lower_address_index");
    expect(await plan("select id from property p where p.project_id = ? order by (case when p.has_laa then p.laa_expiry_date end) asc nulls last, p.id limit 25", [western])).toContain(
      "property_project_laa_order_index",
    );
  });
});

describe("create with the duplicate check", () => {
  it("creates a property (201), records the audit row, and keeps LAA fields only when hasLAA", async () => {
    const before = await countProperties();
    const address = `5 Test Street ${suffix()}, Ararat VIC 3377`;
    const { status, json } = await create({ address, volume: "55501", folio: "1", notes: "Gate code 1234", hasLAA: false, laaExpiryDate: "2030-01-01", laaDetails: "ignored" });
    expect(status).toBe(201);
    expect(json).toMatchObject({ address, volume: "55501", folio: "1", hasLAA: false, laaExpiryDate: null, laaDetails: null, projectId: western, laaStatus: "none", version: 1 });
    expect(await countProperties()).toBe(before + 1);
    const audit = await withRequestContext(() => db().findOneOrFail(AuditLog, { action: "property.create", entityId: String(json.id) }));
    expect(audit.after).toMatchObject({ address, notes: "Gate code 1234" });
    expect(audit.before).toBeNull();
    expect(audit.user).toBeTruthy();
  });

  it("answers 409 with candidates for the same volume/folio, and creates with force", async () => {
    const before = await countProperties();
    const dup = await create({ address: "Somewhere Else Entirely", volume: "10234", folio: "512" });
    expect(dup.status).toBe(409);
    expect(dup.json.duplicates[0]).toEqual({
      id: await propertyId("1480 Western Highway, Beaufort VIC 3373"),
      similarity: 1,
      matchType: "volume_folio",
      address: "1480 Western Highway, Beaufort VIC 3373",
      volume: "10234",
      folio: "512",
      lotPlanLine: "Lot 1 on Plan of Subdivision 412345",
      proprietors: ["Margaret Anne Ellis"],
    });
    expect(await countProperties()).toBe(before);
    const forced = await create({ address: "Somewhere Else Entirely", volume: "10234", folio: "512", force: true });
    expect(forced.status).toBe(201);
    expect(await countProperties()).toBe(before + 1);
    const audit = await withRequestContext(() => db().findOne(AuditLog, { action: "property.create_ignoring_duplicates", entityId: String(forced.json.id) }));
    expect(audit).not.toBeNull();
  });

  it("finds address duplicates despite abbreviations, partial volume/folio, and lot/plan", async () => {
    const byAddress = await create({ address: "22 Lake Rd, Buangor VIC 3375" });
    expect(byAddress.status).toBe(409);
    expect(byAddress.json.duplicates[0]).toMatchObject({ matchType: "address", similarity: 1, address: "22 Lake Road, Buangor VIC 3375" });
    const partial = await create({ address: "Unrelated Lane", volume: "12001", folio: "45" });
    expect(partial.json.duplicates[0]).toMatchObject({ matchType: "volume_folio_partial", folio: "045" });
    const lotPlan = await create({ address: "Another Unrelated Lane", lot: "3", planNumber: "LP98765" });
    expect(lotPlan.json.duplicates[0]).toMatchObject({ matchType: "lot/plan", address: "Racecourse Road, Ararat VIC 3377" });
    // A different folio of the same volume is a different lot: no duplicate.
    expect((await create({ address: `Lot 9 ${suffix()} Track`, volume: "10234", folio: "599" })).status).toBe(201);
  });

  it("does not offer another project's properties as duplicates", async () => {
    const { status } = await create({ address: "14 Great Ocean Road, Apollo Bay VIC 3233", volume: "9512", folio: "220" });
    expect(status).toBe(201);
  });
});

describe("update and delete", () => {
  it("updates (omitted fields kept), bumps the version, audits before/after, and refuses a stale version", async () => {
    const created = await create({ address: `9 Version Street ${suffix()}`, volume: "77001", folio: "3", zoning: "Farming Zone" });
    const id = created.json.id as number;
    const first = await patch(id, { notes: "First edit", hasLAA: true, laaExpiryDate: "2031-05-01", laaDetails: "Two gates", version: 1 });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ notes: "First edit", zoning: "Farming Zone", volume: "77001", hasLAA: true, laaExpiryDate: "2031-05-01", laaDetails: "Two gates", version: 2 });
    const audit = await withRequestContext(() => db().findOneOrFail(AuditLog, { action: "property.update", entityId: String(id) }));
    expect(audit.before).toMatchObject({ notes: null, hasLAA: false });
    expect(audit.after).toMatchObject({ notes: "First edit", hasLAA: true, laaExpiryDate: "2031-05-01" });

    const stale = await patch(id, { notes: "Stale edit", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe("STALE_VERSION");
    expect((await get(id)).json.notes).toBe("First edit");

    // Unticking hasLAA clears the agreement's fields.
    const cleared = await patch(id, { hasLAA: false });
    expect(cleared.json).toMatchObject({ hasLAA: false, laaExpiryDate: null, laaDetails: null, version: 3 });
  });

  it("deletes with deleteData (project manager), audits it, then answers 404; an officer may not delete", async () => {
    const created = await create({ address: `1 Delete Me Road ${suffix()}` });
    const id = created.json.id as number;
    const del = (userId: string) => call(itemRoute.action as Handler, userId, `/api/properties/${id}?projectId=${western}`, { method: "DELETE", params: { id: String(id) } });
    expect((await del(OFFICER)).status).toBe(403);
    expect((await del(PM)).status).toBe(200);
    expect((await get(id)).status).toBe(404);
    const audit = await withRequestContext(() => db().findOneOrFail(AuditLog, { action: "property.delete", entityId: String(id) }));
    expect(audit.before).toMatchObject({ address: created.json.address });
    expect(audit.after).toBeNull();
  });
});

describe("link stakeholders", () => {
  it("replaces the links, answers the spec's message, and lists them back", async () => {
    const property = await propertyId("Old Beaufort Road, Beaufort VIC 3373");
    const [a, b] = await withRequestContext(async () => (await db().find(Stakeholder, { project: western }, { orderBy: { name: "asc" }, limit: 2 })).map((s) => s.id));
    const linked = await call(linkRoute.action as Handler, OFFICER, "/api/properties/link-stakeholders", {
      method: "POST",
      body: { projectId: western, propertyId: property, stakeholderIds: [a, b] },
    });
    expect(linked).toMatchObject({ status: 200, json: { message: "Linked 2 stakeholders to property.", count: 2 } });
    const ids = await call(linkedIdsRoute.loader as Handler, VIEWER, `/api/properties/${property}/linked-stakeholder-ids?projectId=${western}`, { params: { id: String(property) } });
    expect([...ids.json].sort()).toEqual([a, b].sort());
    const people = await call(stakeholdersRoute.loader as Handler, VIEWER, `/api/properties/${property}/stakeholders?projectId=${western}`, { params: { id: String(property) } });
    expect(people.json.map((s: { id: number }) => s.id).sort()).toEqual([a, b].sort());
    expect(people.json[0]).toHaveProperty("name");
    const audit = await withRequestContext(() => db().find(AuditLog, { action: "property.link_stakeholders", entityId: String(property) }));
    expect(audit.at(-1)?.after).toEqual({ stakeholderIds: [a, b] });
  });
});

describe("tenancy, permissions and bad input", () => {
  it("gives another client's owner 404 for the demo client's property and project", async () => {
    const id = await propertyId("1480 Western Highway, Beaufort VIC 3373");
    expect((await get(id, SECOND_OWNER, coastal)).status).toBe(404);
    expect((await patch(id, { notes: "hijack" }, SECOND_OWNER, coastal)).status).toBe(404);
    const other = await get(id, SECOND_OWNER, western);
    expect(other).toMatchObject({ status: 404, json: { code: "INVALID_PROJECT" } });
    expect((await list(`projectId=${western}`, SECOND_OWNER)).status).toBe(404);
    expect((await call(linkedIdsRoute.loader as Handler, SECOND_OWNER, `/api/properties/${id}/linked-stakeholder-ids?projectId=${coastal}`, { params: { id: String(id) } })).status).toBe(404);
    // Linking a demo stakeholder to the second client's own property is refused too.
    const coastalProperty = await propertyId("14 Great Ocean Road, Apollo Bay VIC 3233");
    const demoStakeholder = await withRequestContext(async () => (await db().findOneOrFail(Stakeholder, { name: "Margaret Ellis" })).id);
    const link = await call(linkRoute.action as Handler, SECOND_OWNER, "/api/properties/link-stakeholders", {
      method: "POST",
      body: { projectId: coastal, propertyId: coastalProperty, stakeholderIds: [demoStakeholder] },
    });
    expect(link.status).toBe(404);
    expect(await withRequestContext(() => db().count(StakeholderProperty, { property: coastalProperty }))).toBe(1);
    expect((await get(id, SECOND_OWNER, coastal)).json.message).toBe("Property not found");
  });

  it("refuses writes to a viewer (403) and saves nothing", async () => {
    const before = await countProperties();
    expect((await create({ address: "Viewer Was Here" }, VIEWER)).status).toBe(403);
    const id = await propertyId("22 Lake Road, Buangor VIC 3375");
    expect((await patch(id, { notes: "viewer" }, VIEWER)).status).toBe(403);
    const link = await call(linkRoute.action as Handler, VIEWER, "/api/properties/link-stakeholders", { method: "POST", body: { projectId: western, propertyId: id, stakeholderIds: [] } });
    expect(link.status).toBe(403);
    expect(await countProperties()).toBe(before);
    expect((await get(id)).json.notes).toBeNull();
  });

  it("answers 400 INVALID_PROJECT without a project", async () => {
    expect((await list("", OFFICER)).json).toMatchObject({ code: "INVALID_PROJECT" });
  });

  it("rejects bad input with clear messages and saves nothing", async () => {
    const before = await countProperties();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ address: "   " }, "address", "Property address is required"],
      [{}, "address", "Property address is required"],
      [{ address: "x".repeat(501) }, "address", "Property address must be 500 characters or fewer"],
      [{ address: "1 Bad Date Rd", nextActionDueDate: "2026-02-30" }, "nextActionDueDate", "Next action due date must be a real date, for example 2026-03-31"],
      [{ address: "1 Bad Date Rd", hasLAA: true, laaExpiryDate: "soon" }, "laaExpiryDate", "LAA expiry date must be a real date, for example 2026-03-31"],
      [{ address: "1 Long Notes Rd", notes: "n".repeat(5001) }, "notes", "Notes must be 5000 characters or fewer"],
      [{ address: "1 Object Rd", volume: { $ne: null } }, "volume", "Volume must be text"],
    ];
    for (const [body, field, message] of cases) {
      const { status, json } = await create(body);
      expect(status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(json.errors[field]).toBe(message);
    }
    const id = await propertyId("22 Lake Road, Buangor VIC 3375");
    const badPatch = await patch(id, { address: "" });
    expect(badPatch.json.errors.address).toBe("Property address is required");
    const badLink = await call(linkRoute.action as Handler, OFFICER, "/api/properties/link-stakeholders", { method: "POST", body: { projectId: western, propertyId: id, stakeholderIds: ["abc"] } });
    expect(badLink.status).toBe(400);
    expect(await countProperties()).toBe(before);
    expect((await get(id)).json.address).toBe("22 Lake Road, Buangor VIC 3375");
    expect((await call(itemRoute.loader as Handler, OFFICER, `/api/properties/abc?projectId=${western}`, { params: { id: "abc" } })).status).toBe(404);
  });
});
