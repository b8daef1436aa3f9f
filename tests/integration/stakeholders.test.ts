import { Stakeholder } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import type { ProjectAccess } from "../../app/modules/access/project-access.server";
import {
  createStakeholder,
  deleteStakeholder,
  exportStakeholders,
  getStakeholder,
  linkedPropertiesPreview,
  listStakeholders,
  stakeholderCounts,
  updateStakeholder,
} from "../../app/modules/stakeholder/stakeholder.server";
import { StakeholderSchema } from "../../app/modules/stakeholder/schemas";
import { setStakeholderProperties } from "../../app/modules/links/links.server";
import { loader as listApi, action as createApi } from "../../app/routes/api.stakeholders";
import { loader as oneApi, action as patchApi } from "../../app/routes/api.stakeholders.$id";
import { loader as pageLoader, action as pageAction } from "../../app/routes/stakeholders";
import { useTestDatabase } from "../setup/test-database";
import { addDays, todayForProject } from "../../app/modules/calendar/today";
import { nextActionPriority } from "../../app/modules/next-action/priority";
import { searchTextSql, STAKEHOLDER_SEARCH_COLUMNS } from "../../db/entities/search-text";
import { STAKEHOLDER_SORT_KEYS, stakeholderPageQuery, TRIGRAM_SEARCH_LENGTH } from "../../app/modules/stakeholder/stakeholder-list.server";
import { stakeholderToJson } from "../../app/modules/stakeholder/stakeholder-json";
import { accessFor, callRoute, auditRows, inContext, projectId, propertyIdsOf, signedInRequest, stakeholderIdByName, statusOf, userFor } from "./stakeholder-helpers";

/** Stakeholders against a real PostgreSQL with the demo data: writes, audit, search, sort, paging, tenancy. */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;
let coastal: number;
let officer: ProjectAccess;
let manager: ProjectAccess;
let viewer: ProjectAccess;
let secondOwner: ProjectAccess;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
  coastal = await projectId("Coastal Road Upgrade");
  officer = await accessFor(await userFor("seed-officer"), western);
  manager = await accessFor(await userFor("seed-project-manager"), western);
  viewer = await accessFor(await userFor("seed-viewer"), western);
  secondOwner = await accessFor(await userFor("seed-second-owner"), coastal);
});

afterAll(async () => {
  await database?.drop();
});

const input = (fields: Record<string, unknown>) => StakeholderSchema.parse(fields);

describe("create, update, delete with audit rows", () => {
  it("creates a stakeholder with defaults and an audit row holding the after state", async () => {
    const created = await inContext(() => createStakeholder(officer, input({ name: "  Audit Person ", email: "audit@example.com", memberType: "Individual", nextActionDueDate: "2030-01-15" })));
    expect(created.name).toBe("Audit Person");
    expect(created.isActive).toBe(true);
    expect(created.version).toBe(1);
    const rows = await auditRows("Stakeholder", created.id);
    expect(rows.map((r) => r.action)).toEqual(["stakeholder.create"]);
    expect(rows[0]!.before).toBeNull();
    expect(rows[0]!.after).toMatchObject({ name: "Audit Person", email: "audit@example.com", nextActionDueDate: "2030-01-15", isActive: true });
    expect(Number((rows[0]!.project as { id: number } | null)?.id)).toBe(western);
  });

  it("updates with the current version, records before and after, and refuses a stale version", async () => {
    const created = await inContext(() => createStakeholder(officer, input({ name: "Versioned Person", phone: "0400 111 222" })));
    const updated = await inContext(() => updateStakeholder(officer, created.id, { ...input({ name: "Versioned Person", phone: "0400 999 888", isActive: false }), version: 1 }));
    expect(updated.phone).toBe("0400 999 888");
    expect(updated.isActive).toBe(false);
    expect(updated.version).toBe(2);
    const rows = await auditRows("Stakeholder", created.id);
    expect(rows.map((r) => r.action)).toEqual(["stakeholder.create", "stakeholder.update"]);
    expect(rows[1]!.before).toMatchObject({ phone: "0400 111 222", isActive: true, version: 1 });
    expect(rows[1]!.after).toMatchObject({ phone: "0400 999 888", isActive: false });

    // A form rendered at version 1 is now stale: refused, nothing saved.
    expect(await statusOf(() => updateStakeholder(officer, created.id, { ...input({ name: "Overwritten" }), version: 1 }))).toBe(409);
    const current = await inContext(() => getStakeholder(officer, created.id));
    expect(current.name).toBe("Versioned Person");
    expect(current.version).toBe(2);
    expect((await auditRows("Stakeholder", created.id)).length).toBe(2);
  });

  it("deletes (deleteData only) with an audit row of the before state", async () => {
    const created = await inContext(() => createStakeholder(officer, input({ name: "Short Lived" })));
    // Officers edit but may not delete (docs/access.md#permission-matrix).
    expect(await statusOf(() => deleteStakeholder(officer, created.id))).toBe(403);
    expect(await statusOf(() => deleteStakeholder(manager, created.id))).toBe("ok");
    expect(await statusOf(() => getStakeholder(officer, created.id))).toBe(404);
    const rows = await auditRows("Stakeholder", created.id);
    expect(rows.at(-1)!.action).toBe("stakeholder.delete");
    expect(rows.at(-1)!.before).toMatchObject({ name: "Short Lived" });
    expect(rows.at(-1)!.after).toBeNull();
  });

  it("refuses viewers' writes and another client's ids, saving nothing", async () => {
    const margaret = await stakeholderIdByName("Margaret Ellis");
    const before = await inContext(() => db().count(Stakeholder, {}));
    expect(await statusOf(() => createStakeholder(viewer, input({ name: "Viewer Was Here" })))).toBe(403);
    expect(await statusOf(() => updateStakeholder(viewer, margaret, input({ name: "Changed" })))).toBe(403);
    expect(await statusOf(() => getStakeholder(secondOwner, margaret))).toBe(404);
    expect(await statusOf(() => updateStakeholder(secondOwner, margaret, input({ name: "Hijacked" })))).toBe(404);
    expect(await statusOf(() => deleteStakeholder(secondOwner, margaret))).toBe(404);
    expect(await statusOf(() => setStakeholderProperties(secondOwner, margaret, []))).toBe(404);
    expect(await inContext(() => db().count(Stakeholder, {}))).toBe(before);
    expect((await inContext(() => getStakeholder(officer, margaret))).name).toBe("Margaret Ellis");
  });
});

describe("schema", () => {
  it("rejects bad input with the spec's messages", () => {
    const errors = (fields: Record<string, unknown>) => {
      const result = StakeholderSchema.safeParse(fields);
      return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(errors({ name: "  " })).toEqual({ name: "Name is required" });
    expect(errors({})).toEqual({ name: "Name is required" });
    expect(errors({ name: "A", email2: "not-an-email" })).toEqual({ email2: "Invalid email" });
    expect(errors({ name: "A", memberType: "Alien" })).toEqual({ memberType: "Select a valid member type" });
    expect(errors({ name: "A", nextActionDueDate: "2025-02-30" })).toHaveProperty("nextActionDueDate");
    expect(errors({ name: "x".repeat(201) })).toEqual({ name: "Name must be 200 characters or fewer" });
    expect(errors({ name: "A", notes: "x".repeat(5001) })).toEqual({ notes: "Notes must be 5000 characters or fewer" });
  });
});

describe("search, sort, pagination and counts", () => {
  it("searches name, e-mails, phones, addresses and company name, case-insensitively and literally", async () => {
    const names = async (search: string) => (await inContext(() => listStakeholders(officer, { search, limit: 25, offset: 0 }))).rows.map((r) => r.name);
    expect(await names("ELLIS")).toEqual(["Ellis Pastoral Co Pty Ltd", "Margaret Ellis"]);
    expect(await names("beaufortlandcare")).toEqual(["Beaufort Landcare Group"]); // e-mail
    expect(await names("0433 219")).toEqual(["Tom Nguyen"]); // phone
    expect(await names("Racecourse Road")).toEqual(["Aroha Walker"]); // address
    expect(await names("Western Grain Holdings")).toEqual(["Western Grain Holdings Pty Ltd"]);
    expect(await names("%")).toEqual([]); // no wildcard injection
    // Another project's stakeholders never match.
    expect(await names("Lindqvist")).toEqual([]);
  });

  it("sorts by next-action priority (overdue first, ties by due date) in SQL", async () => {
    const { rows } = await inContext(() => listStakeholders(officer, { sort: "priority", dir: "asc", limit: 100, offset: 0 }));
    const seeded = rows
      .map((r) => r.name)
      .filter((n) => ["Greg & Lisa Ferraro", "Margaret Ellis", "Beaufort Landcare Group", "Ellis Pastoral Co Pty Ltd", "Tom Nguyen", "Western Grain Holdings Pty Ltd", "Aroha Walker"].includes(n));
    expect(seeded).toEqual(["Greg & Lisa Ferraro", "Margaret Ellis", "Beaufort Landcare Group", "Ellis Pastoral Co Pty Ltd", "Tom Nguyen", "Western Grain Holdings Pty Ltd", "Aroha Walker"]);
    const desc = await inContext(() => listStakeholders(officer, { sort: "priority", dir: "desc", limit: 100, offset: 0 }));
    expect(desc.rows.at(-1)!.name).toBe("Greg & Lisa Ferraro");
  });

  it("sorts by name, email and type", async () => {
    const byName = (await inContext(() => listStakeholders(officer, { sort: "name", dir: "desc", limit: 100, offset: 0 }))).rows.map((r) => r.name.toLowerCase());
    expect(byName).toEqual([...byName].sort().reverse());
    const byType = (await inContext(() => listStakeholders(officer, { sort: "memberType", dir: "asc", limit: 100, offset: 0 }))).rows.map((r) => r.memberType ?? "~");
    expect(byType).toEqual([...byType].sort());
  });

  it("lists each sort descending as exactly the ascending order reversed, blanks included (each read from one index)", async () => {
    const ids = async (sort: (typeof STAKEHOLDER_SORT_KEYS)[number], dir: "asc" | "desc") =>
      (await inContext(() => listStakeholders(officer, { sort, dir, limit: 100, offset: 0 }))).rows.map((r) => r.id);
    for (const sort of STAKEHOLDER_SORT_KEYS) expect(await ids(sort, "desc"), sort).toEqual((await ids(sort, "asc")).reverse());
    // The seed has stakeholders without an e-mail: last ascending, first descending.
    const byEmail = (await inContext(() => listStakeholders(officer, { sort: "email", dir: "desc", limit: 100, offset: 0 }))).rows;
    expect(byEmail[0]!.email).toBeNull();
    expect(byEmail.at(-1)!.email).not.toBeNull();
  });

  it("pages with LIMIT/OFFSET and counts the whole project", async () => {
    await inContext(async () => {
      for (let i = 0; i < 30; i++)
        await createStakeholder(officer, input({ name: `Paging Person ${String(i).padStart(2, "0")}`, memberType: i % 2 ? "Business" : "Individual", isActive: i % 3 !== 0 }));
    });
    const page1 = await inContext(() => listStakeholders(officer, { search: "Paging Person", limit: 25, offset: 0 }));
    const page2 = await inContext(() => listStakeholders(officer, { search: "Paging Person", limit: 25, offset: 25 }));
    expect(page1.total).toBe(30);
    expect(page1.rows).toHaveLength(25);
    expect(page2.rows.map((r) => r.name)).toEqual(["Paging Person 25", "Paging Person 26", "Paging Person 27", "Paging Person 28", "Paging Person 29"]);

    const counts = await inContext(() => stakeholderCounts(officer));
    const all = await inContext(() => db().find(Stakeholder, { project: western }));
    expect(counts).toEqual({
      total: all.length,
      active: all.filter((s) => s.isActive !== false).length,
      individuals: all.filter((s) => s.memberType === "Individual").length,
      businesses: all.filter((s) => s.memberType === "Business").length,
    });
    expect(counts.total).toBeGreaterThan(25);
  });

  it("previews linked properties for a page in one query (first N by address, with the total)", async () => {
    const margaret = await stakeholderIdByName("Margaret Ellis");
    const ids = await propertyIdsOf(western);
    await inContext(() => setStakeholderProperties(officer, margaret, ids));
    const preview = await inContext(() => linkedPropertiesPreview(officer, [margaret], 2));
    expect(preview.get(margaret)!.total).toBe(ids.length);
    expect(preview.get(margaret)!.properties).toHaveLength(2);
    const addresses = preview.get(margaret)!.properties.map((p) => p.address);
    expect(addresses).toEqual([...addresses].sort());
  });

  it("returns each row's first linked properties with the page (one query), as linkedPropertiesPreview does", async () => {
    const margaret = await stakeholderIdByName("Margaret Ellis");
    const ids = await propertyIdsOf(western);
    await inContext(() => setStakeholderProperties(officer, margaret, ids));
    const { rows } = await inContext(() => listStakeholders(officer, { search: "Margaret Ellis", limit: 5, offset: 0, properties: 2 }));
    const preview = (await inContext(() => linkedPropertiesPreview(officer, [margaret], 2))).get(margaret)!;
    expect(rows.find((r) => r.id === margaret)).toMatchObject({ properties: preview.properties, propertyTotal: ids.length });
    // Without `properties`, none are read.
    const bare = await inContext(() => listStakeholders(officer, { search: "Margaret Ellis", limit: 5, offset: 0 }));
    expect(bare.rows.find((r) => r.id === margaret)).toMatchObject({ properties: [], propertyTotal: 0 });
  });

  it("gives the tiles and the count for a page past the end (no row to carry them)", async () => {
    const counts = await inContext(() => stakeholderCounts(officer));
    const past = await inContext(() => listStakeholders(officer, { limit: 25, offset: 100000 }));
    expect(past).toEqual({ rows: [], total: counts.total, counts });
    const searched = await inContext(() => listStakeholders(officer, { search: "Ellis", limit: 25, offset: 100000 }));
    expect(searched).toEqual({ rows: [], total: 2, counts });
  });

  it("returns the tiles with the page, taking the total from them when there is no search", async () => {
    const listed = await inContext(() => listStakeholders(officer, { limit: 5, offset: 0 }));
    const counts = await inContext(() => stakeholderCounts(officer));
    expect(listed.counts).toEqual(counts);
    expect(listed.total).toBe(counts.total);
    const searched = await inContext(() => listStakeholders(officer, { search: "Ellis", limit: 5, offset: 0 }));
    expect(searched.counts).toEqual(counts);
    expect(searched.total).toBe(2);
  });

  it("sends only the columns the list shows, with each row's priority on the given today", async () => {
    const today = todayForProject(officer.project);
    const { rows } = await inContext(() => listStakeholders(officer, { sort: "priority", limit: 100, offset: 0, today }));
    expect(Object.keys(rows[0]!).sort()).toEqual(["address", "email", "id", "isActive", "memberType", "name", "nextAction", "nextActionDueDate", "phone", "priority", "properties", "propertyTotal"]);
    for (const row of rows) expect(row.priority).toBe(nextActionPriority(row.nextActionDueDate, today));
    // The sort agrees with the priorities it shows, and a later today moves the same rows to overdue.
    expect(rows.map((r) => r.priority)).toEqual(rows.map((r) => r.priority).sort());
    const later = await inContext(() => listStakeholders(officer, { sort: "priority", limit: 100, offset: 0, today: addDays(today, 3650) }));
    expect(later.rows.filter((r) => r.nextActionDueDate).every((r) => r.priority === 1)).toBe(true);
  });

  it("searches through the trigram index and sorts by name through the (project, lower(name), id) index", async () => {
    const plan = (sql: string, params: unknown[]) =>
      inContext(() =>
        db().transactional(async (em) => {
          // The seed is tiny, so the planner would rightly read the table: forbid that to see whether an index can serve.
          await em.execute("set local enable_seqscan = off");
          const rows = await em.execute<{ "QUERY PLAN": string }[]>(`explain ${sql}`, params);
          return rows.map((r) => r["QUERY PLAN"]).join("\n");
        }),
      );
    expect(await plan(`select id from stakeholder s where ${searchTextSql(STAKEHOLDER_SEARCH_COLUMNS, "s")} ilike ?`, ["%nguyen%"])).toContain("stakeholder_search_trgm_index");
    expect(await plan("select id from stakeholder s where s.project_id = ? order by lower(s.name), s.id limit 25", [western])).toContain("stakeholder_project_lower_name_index");
    expect(await plan("select id from stakeholder s where s.project_id = ? order by s.next_action_due_date asc nulls last, lower(s.name), s.id limit 25", [western])).toContain(
      "stakeholder_project_due_name_index",
    );
    // The page's own statement, with a search the planner expects to match one row: the tiles are
    // counted once (a CTE of their own), not once per row of the page inside the join.
    const searched = stakeholderPageQuery(officer, { search: "Nguyen", limit: 25, offset: 0, properties: 2 });
    const searchedPlan = await plan(searched.sql, searched.params);
    expect(searchedPlan).toContain("CTE tiles");
  });

  it("cuts a search's page right whether it matches few or many, through the trigram index or (a short term) the sort's index", async () => {
    const dense = 1005;
    await inContext(async () => {
      await db().execute(
        `insert into stakeholder (user_id, project_id, name, member_type, next_action_due_date)
         select 'seed-officer', ?, 'Dense Zephyr ' || lpad(n::text, 4, '0'), 'Individual', date '2026-01-01' + (n % 40)
           from generate_series(1, ?) n`,
        [western, dense],
      );
      await db().execute(
        `insert into stakeholder (user_id, project_id, name, member_type, next_action_due_date)
         values ('seed-officer', ?, 'sparse quokka b', 'Business', '2026-03-01'), ('seed-officer', ?, 'Sparse Quokka A', 'Individual', null),
                ('seed-officer', ?, 'Sparse Quokka C', 'Individual', '2026-02-01')`,
        [western, western, western],
      );
    });
    try {
      const page = (search: string, options: { sort?: "name" | "priority"; dir?: "asc" | "desc"; offset?: number } = {}) =>
        inContext(() => listStakeholders(officer, { search, limit: 25, offset: options.offset ?? 0, sort: options.sort, dir: options.dir }));

      const few = await page("quokka");
      expect(few.total).toBe(3);
      expect(few.rows.map((r) => r.name)).toEqual(["Sparse Quokka A", "sparse quokka b", "Sparse Quokka C"]);
      expect((await page("quokka", { dir: "desc" })).rows.map((r) => r.name)).toEqual(["Sparse Quokka C", "sparse quokka b", "Sparse Quokka A"]);
      expect((await page("quokka", { sort: "priority" })).rows.map((r) => r.nextActionDueDate)).toEqual(["2026-02-01", "2026-03-01", null]);

      const many = await page("zephyr");
      expect(many.total).toBe(dense);
      expect(many.rows.map((r) => r.name)).toEqual(Array.from({ length: 25 }, (_, i) => `Dense Zephyr ${String(i + 1).padStart(4, "0")}`));
      expect((await page("zephyr", { offset: dense - 2 })).rows.map((r) => r.name)).toEqual([`Dense Zephyr ${dense - 1}`, `Dense Zephyr ${dense}`]);
      const byDue = (await page("zephyr", { sort: "priority" })).rows.map((r) => r.nextActionDueDate);
      expect(byDue).toEqual([...byDue].sort());
      // A term shorter than a trigram walks the sort's index: same rows, same count.
      const short = "ZE".slice(0, TRIGRAM_SEARCH_LENGTH - 1);
      const shortPage = await page(short);
      expect(shortPage.total).toBe(
        (
          await inContext(() =>
            db().execute<{ n: number }[]>("select count(*)::int as n from stakeholder s where project_id = ? and " + searchTextSql(STAKEHOLDER_SEARCH_COLUMNS, "s") + " ilike '%ze%'", [western]),
          )
        )[0]!.n,
      );
      expect(shortPage.rows.map((r) => r.name.toLowerCase())).toEqual(shortPage.rows.map((r) => r.name.toLowerCase()).sort());
    } finally {
      await inContext(() => db().execute("delete from stakeholder where project_id = ? and (name like 'Dense Zephyr %' or name ilike 'sparse quokka %')", [western]));
    }
  });

  it("exports the project's stakeholders only", async () => {
    const rows = await inContext(() => exportStakeholders(officer));
    expect(rows.length).toBe((await inContext(() => stakeholderCounts(officer))).total);
    expect(rows.some((r) => r.name === "Peter Lindqvist")).toBe(false);
  });
});

describe("routes", () => {
  const origin = { Origin: "http://localhost:3000" };
  const json = (body: unknown) => ({ method: "POST", headers: { "Content-Type": "application/json", ...origin }, body: JSON.stringify(body) });

  it("GET /api/stakeholders lists the project; another client's project is INVALID_PROJECT", async () => {
    // Every kind of column filled on one row: coordinates, a timestamp with microseconds, custom fields.
    await inContext(() =>
      db().execute(
        `update stakeholder set latitude = -33.8688, address2lat = 151.2093, last_contact = '2026-03-04 05:06:07.891789+00',
                custom_fields = '{"Parcel": "A-1", "n": 2}', iap2engagement_level = 'Consult' where project_id = ? and name = 'Margaret Ellis'`,
        [western],
      ),
    );
    const response = await callRoute(async () => listApi({ request: await signedInRequest("seed-viewer", `/api/stakeholders?projectId=${western}&search=ellis`), params: {}, context: {} }));
    expect(response.status).toBe(200);
    const listed = (await response.json()) as { id: number; name: string }[];
    expect(listed.map((s) => s.name)).toEqual(["Ellis Pastoral Co Pty Ltd", "Margaret Ellis"]);
    expect(response.headers.get("X-Total-Count")).toBe("2");
    // Plain rows, field for field what stakeholderToJson makes of the entity (JSON round trip for dates).
    for (const row of listed) expect(row).toEqual(JSON.parse(JSON.stringify(stakeholderToJson(await inContext(() => getStakeholder(viewer, row.id))))));
    const other = await callRoute(async () => listApi({ request: await signedInRequest("seed-second-owner", `/api/stakeholders?projectId=${western}`), params: {}, context: {} }));
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: "INVALID_PROJECT" });
  });

  it("POST /api/stakeholders creates (201), refuses viewers (403) and bad input (400) without saving", async () => {
    const created = await callRoute(async () =>
      createApi({ request: await signedInRequest("seed-officer", "/api/stakeholders", json({ projectId: western, name: "Api Person", email: "api@example.com" })), params: {}, context: {} }),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: "Api Person", projectId: western, isActive: true });

    const refused = await callRoute(async () =>
      createApi({ request: await signedInRequest("seed-viewer", "/api/stakeholders", json({ projectId: western, name: "Viewer Api" })), params: {}, context: {} }),
    );
    expect(refused.status).toBe(403);
    const bad = await callRoute(async () =>
      createApi({ request: await signedInRequest("seed-officer", "/api/stakeholders", json({ projectId: western, name: "", memberType: "Alien" })), params: {}, context: {} }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: { name: "Name is required", memberType: "Select a valid member type" } });
    expect(await inContext(() => db().count(Stakeholder, { name: { $in: ["Viewer Api", ""] } }))).toBe(0);
  });

  it("GET/PATCH /api/stakeholders/{id}: 404 across clients, 409 for a stale version", async () => {
    const tom = await stakeholderIdByName("Tom Nguyen");
    const foreign = await callRoute(async () =>
      oneApi({ request: await signedInRequest("seed-second-owner", `/api/stakeholders/${tom}?projectId=${coastal}`), params: { id: String(tom) }, context: {} }),
    );
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain("Nguyen");

    const patch = (body: unknown) => ({ ...json(body), method: "PATCH" });
    const ok = await callRoute(async () =>
      patchApi({
        request: await signedInRequest("seed-officer", `/api/stakeholders/${tom}`, patch({ projectId: western, notes: "Prefers SMS", version: 1 })),
        params: { id: String(tom) },
        context: {},
      }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ name: "Tom Nguyen", notes: "Prefers SMS", version: 2 });
    const stale = await callRoute(async () =>
      patchApi({ request: await signedInRequest("seed-officer", `/api/stakeholders/${tom}`, patch({ projectId: western, notes: "Old form", version: 1 })), params: { id: String(tom) }, context: {} }),
    );
    expect(stale.status).toBe(409);
    expect((await inContext(() => getStakeholder(officer, tom))).notes).toBe("Prefers SMS");
  });

  it("the page refuses a viewer's POST with 403 and shows not found for another client's id", async () => {
    const form = new URLSearchParams({ intent: "create", formId: "stakeholder-form", name: "Crafted By Viewer" });
    const request = await signedInRequest("seed-viewer", `/stakeholders?projectId=${western}`, {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...origin },
    });
    const thrown = await withRequestContext(() => pageAction({ request, params: {}, context: {} })).then(
      (r) => r,
      (e: unknown) => e,
    );
    expect((thrown as Response).status).toBe(403);
    expect(await inContext(() => db().count(Stakeholder, { name: "Crafted By Viewer" }))).toBe(0);

    const margaret = await stakeholderIdByName("Margaret Ellis");
    const page = await callRoute(async () => pageLoader({ request: await signedInRequest("seed-second-owner", `/stakeholders?projectId=${coastal}&highlight=${margaret}`), params: {}, context: {} }));
    expect(page.status).toBe(404);
    const body = await page.text();
    expect(body).not.toContain("Margaret");
    expect(body).toContain('"not-found"');
  });
});
