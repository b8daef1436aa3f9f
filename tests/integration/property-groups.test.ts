import { wrap } from "@mikro-orm/core";
import { recordStatements } from "./support/statements";
import { Client, Project, Property, Stakeholder, StakeholderProperty } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import type { CurrentUser } from "../../app/modules/access/current-user.server";
import { resolveProjectAccess, type ProjectAccess } from "../../app/modules/access/project-access.server";
import { getPropertyGroup, GROUPS_PAGE_SIZE, listPropertyGroups } from "../../app/modules/property-groups/groups.server";
import { useTestDatabase } from "../setup/test-database";

/**
 * Stakeholder Property Groups against a real, seeded database: ordering by link count, search by
 * name or linked address, pagination in a fixed number of queries, project/tenant scoping, and the
 * stakeholder_link_count the page reads, kept by triggers through every way links change.
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let officer: CurrentUser;
let owner: CurrentUser;
let secondOwner: CurrentUser;
const ids = { western: 0, coastal: 0, paging: 0 };
const stakeholderId: Record<string, number> = {};

const run = <T>(fn: () => Promise<T>) => withRequestContext(fn);
const access = (user: CurrentUser, projectId: number) => run(() => resolveProjectAccess(user, projectId, "viewData"));
const list = (a: ProjectAccess, options?: { search?: string; page?: number }) => run(() => listPropertyGroups(a, options));
const group = (a: ProjectAccess, id: unknown, withProperties = false) => run(() => getPropertyGroup(a, id, { withProperties }));

beforeAll(async () => {
  database = await useTestDatabase({ seed: true });
  await run(async () => {
    const em = db();
    const demo = await em.findOneOrFail(Client, { name: "Demo Land Consultancy" });
    const second = await em.findOneOrFail(Client, { name: "Second Client Pty Ltd" });
    const user = (id: string, role: CurrentUser["role"], clientId: number): CurrentUser => ({ id, email: `${id}@x.test`, firstName: null, lastName: null, profileImageUrl: null, role, clientId });
    officer = user("seed-officer", "officer", demo.id);
    owner = user("seed-client-owner", "client_owner", demo.id);
    secondOwner = user("seed-second-owner", "client_owner", second.id);
    ids.western = (await em.findOneOrFail(Project, { name: "Western Pipeline Stage 2" })).id;
    ids.coastal = (await em.findOneOrFail(Project, { name: "Coastal Road Upgrade" })).id;
    for (const s of await em.find(Stakeholder, {})) stakeholderId[s.name] = s.id;

    // A project of 30 single-property stakeholders plus one with five links, to page through.
    const paging = em.create(Project, { name: "Paging Project", client: demo, owner: "seed-client-owner" } as never);
    const many = em.create(Stakeholder, { name: "Zed Manyparcels", project: paging, user: "seed-client-owner", email: "zed@example.com", mobile: "0400 000 001" } as never);
    for (let i = 0; i < 5; i++) {
      const parcel = em.create(Property, { address: `${i + 1} Paging Lane, Ararat VIC 3377`, project: paging } as never);
      em.create(StakeholderProperty, { stakeholder: many, property: parcel, project: paging } as never);
    }
    for (let i = 0; i < 30; i++) {
      const name = `Pager ${String(i).padStart(2, "0")}`;
      const person = em.create(Stakeholder, { name, project: paging, user: "seed-client-owner" } as never);
      const parcel = em.create(Property, { address: `${100 + i} Single Street, Stawell VIC 3380`, project: paging } as never);
      em.create(StakeholderProperty, { stakeholder: person, property: parcel, project: paging } as never);
    }
    // Linked to nothing: never a group.
    em.create(Stakeholder, { name: "Pager Unlinked", project: paging, user: "seed-client-owner" } as never);
    await em.flush();
    ids.paging = paging.id;
    stakeholderId["Zed Manyparcels"] = many.id;
  });
});

afterAll(async () => {
  await database?.drop();
});

describe("listPropertyGroups", () => {
  it("lists only stakeholders with linked properties, most links first, then by name", async () => {
    const page = await list(await access(officer, ids.western));
    expect(page.groups.map((g) => [g.name, g.propertyCount])).toEqual([
      ["Margaret Ellis", 3],
      ["Aroha Walker", 1],
      ["Ellis Pastoral Co Pty Ltd", 1],
      ["Greg & Lisa Ferraro", 1],
      ["Tom Nguyen", 1],
      ["Western Grain Holdings Pty Ltd", 1],
    ]);
    expect(page.total).toBe(6);
    // Seeded stakeholders without links are not groups.
    expect(page.groups.map((g) => g.name)).not.toContain("Pyrenees Shire Council");
    expect(page.groups.map((g) => g.name)).not.toContain("Beaufort Landcare Group");
  });

  it("shows each card's contact summary and first three properties by address", async () => {
    const { groups } = await list(await access(officer, ids.western));
    const margaret = groups.find((g) => g.name === "Margaret Ellis")!;
    expect(margaret.id).toBe(stakeholderId["Margaret Ellis"]);
    expect(margaret.contact).toBe("margaret.ellis@example.com.au · 0412 345 678");
    expect(margaret.properties.map((p) => p.address)).toEqual(["1480 Western Highway, Beaufort VIC 3373", "Lot 2 Western Highway, Beaufort VIC 3373", "Old Beaufort Road, Beaufort VIC 3373"]);
    expect(groups.find((g) => g.name === "Aroha Walker")!.contact).toBe("03 5352 4410");
  });

  it("caps a card at three properties while counting all of them", async () => {
    const { groups } = await list(await access(owner, ids.paging));
    expect(groups[0]).toMatchObject({ name: "Zed Manyparcels", propertyCount: 5, contact: "zed@example.com · 0400 000 001" });
    expect(groups[0]!.properties.map((p) => p.address)).toEqual(["1 Paging Lane, Ararat VIC 3377", "2 Paging Lane, Ararat VIC 3377", "3 Paging Lane, Ararat VIC 3377"]);
  });

  it("searches stakeholder names and linked property addresses, case-insensitively and literally", async () => {
    const western = await access(officer, ids.western);
    expect((await list(western, { search: "ellis" })).groups.map((g) => g.name)).toEqual(["Margaret Ellis", "Ellis Pastoral Co Pty Ltd"]);
    const byAddress = await list(western, { search: "racecourse road" });
    expect(byAddress.groups.map((g) => g.name)).toEqual(["Aroha Walker", "Western Grain Holdings Pty Ltd"]);
    expect(byAddress.total).toBe(2);
    // A matched group still counts and shows all its properties, not just the matching one.
    const lot2 = await list(western, { search: "Lot 2 Western" });
    expect(lot2.groups.map((g) => [g.name, g.propertyCount])).toEqual([
      ["Margaret Ellis", 3],
      ["Ellis Pastoral Co Pty Ltd", 1],
    ]);
    expect((await list(western, { search: "%" })).groups).toEqual([]);
    expect((await list(western, { search: "Pyrenees" })).total).toBe(0);
  });

  it("pages 24 at a time with the full total, in one query whatever the page size, searched or not", async () => {
    const paging = await access(owner, ids.paging);
    const western = await access(officer, ids.western);
    const sent = recordStatements();
    let first: Awaited<ReturnType<typeof list>>;
    try {
      first = await list(paging, { page: 1 });
      expect(sent.statements).toHaveLength(1);
      for (const [a, options] of [
        [western, { page: 1 }],
        [paging, { page: 2 }],
        [paging, { search: "pager" }],
        [paging, { search: "Paging Lane" }],
      ] as const) {
        sent.clear();
        await list(a, options);
        expect(sent.statements).toHaveLength(1);
      }
    } finally {
      sent.stop();
    }
    expect(first.pageSize).toBe(GROUPS_PAGE_SIZE);
    expect(first.groups).toHaveLength(24);
    expect(first.total).toBe(31);
    expect(first.groups.slice(0, 3).map((g) => g.name)).toEqual(["Zed Manyparcels", "Pager 00", "Pager 01"]);
    expect(first.groups.every((g) => g.properties.length >= 1)).toBe(true);

    const second = await list(paging, { page: 2 });
    expect(second.groups.map((g) => g.name)).toEqual(["Pager 23", "Pager 24", "Pager 25", "Pager 26", "Pager 27", "Pager 28", "Pager 29"]);
    expect(second.total).toBe(31);
    expect(second.groups[0]!.properties.map((p) => p.address)).toEqual(["123 Single Street, Stawell VIC 3380"]);

    const beyond = await list(paging, { page: 9 });
    expect(beyond.groups).toEqual([]);
    expect(beyond.total).toBe(31);
    expect((await list(paging, { search: "pager 2" })).total).toBe(10);
    expect((await list(paging, { search: "pager 2", page: 9 })).total).toBe(10);
    // The name is found through the stakeholder search's wider text, but only the name counts.
    expect((await list(paging, { search: "manyparcels" })).groups.map((g) => g.name)).toEqual(["Zed Manyparcels"]);
    expect((await list(paging, { search: "zed@example.com" })).total).toBe(0);
    expect((await list(paging, { search: "0400 000 001" })).total).toBe(0);
  });

  it("scopes to the project: the second client's project sees only its own group", async () => {
    const coastal = await list(await access(secondOwner, ids.coastal));
    expect(coastal.groups.map((g) => [g.name, g.propertyCount])).toEqual([["Peter Lindqvist", 1]]);
    expect(coastal.total).toBe(1);
    expect((await list(await access(secondOwner, ids.coastal), { search: "Ellis" })).total).toBe(0);
    // And the demo projects never show the second client's stakeholder.
    const western = await list(await access(owner, ids.western), { search: "Lindqvist" });
    expect(western.total).toBe(0);
  });
});

describe("getPropertyGroup", () => {
  it("returns contact details and, for the properties tab, every linked property", async () => {
    const western = await access(officer, ids.western);
    const margaret = await group(western, String(stakeholderId["Margaret Ellis"]), true);
    expect(margaret).toMatchObject({
      name: "Margaret Ellis",
      propertyCount: 3,
      contact: { emails: ["margaret.ellis@example.com.au"], phones: [{ value: "0412 345 678", label: null }], addresses: ["1480 Western Highway, Beaufort VIC 3373"] },
    });
    expect(margaret!.properties).toEqual([
      { id: expect.any(Number), address: "1480 Western Highway, Beaufort VIC 3373", volumeFolio: "10234/512", lotPlan: "Lot 1 on Plan of Subdivision 412345" },
      { id: expect.any(Number), address: "Lot 2 Western Highway, Beaufort VIC 3373", volumeFolio: "10234/513", lotPlan: "Lot 2 on Plan of Subdivision 412345" },
      { id: expect.any(Number), address: "Old Beaufort Road, Beaufort VIC 3373", volumeFolio: "12001/045", lotPlan: "Lot 4 on Plan of Subdivision 412345" },
    ]);
    // The contact tab does not load the property list.
    expect((await group(western, stakeholderId["Margaret Ellis"]))!.properties).toBeNull();
  });

  it("lists extra phone columns with their kind", async () => {
    const zed = await group(await access(owner, ids.paging), stakeholderId["Zed Manyparcels"]);
    expect(zed!.contact.phones).toEqual([{ value: "0400 000 001", label: "mobile" }]);
  });

  it("gives null for another client's stakeholder, a stakeholder without links, and malformed ids", async () => {
    const coastal = await access(secondOwner, ids.coastal);
    expect(await group(coastal, stakeholderId["Margaret Ellis"], true)).toBeNull();
    expect(await group(coastal, stakeholderId["Peter Lindqvist"])).toMatchObject({ name: "Peter Lindqvist", propertyCount: 1 });
    const western = await access(officer, ids.western);
    expect(await group(western, stakeholderId["Peter Lindqvist"], true)).toBeNull();
    expect(await group(western, stakeholderId["Pyrenees Shire Council"])).toBeNull();
    for (const bad of ["abc", "", "-1", "1e3", "99999999"]) expect(await group(western, bad)).toBeNull();
  });
});

/** The page's order and counts as the groups page computed them before stakeholder_link_count: every link counted per request. */
async function aggregateOrder(projectId: number): Promise<[number, number][]> {
  const rows = await sql<{ id: number; n: number }>(
    `select s.id, c.n from (select stakeholder_id, count(*)::int as n from stakeholder_property where project_id = ? group by stakeholder_id) c
     join stakeholder s on s.id = c.stakeholder_id and s.project_id = ? order by c.n desc, s.name asc, s.id asc`,
    [projectId, projectId],
  );
  return rows.map((r) => [r.id, r.n]);
}

async function listedOrder(a: ProjectAccess): Promise<{ order: [number, number][]; totals: number[] }> {
  const order: [number, number][] = [];
  const totals: number[] = [];
  for (let page = 1; ; page++) {
    const result = await list(a, { page });
    totals.push(result.total);
    order.push(...result.groups.map((g): [number, number] => [g.id, g.propertyCount]));
    if (result.groups.length < GROUPS_PAGE_SIZE) return { order, totals };
  }
}

const sql = <T>(text: string, params: unknown[] = []) => run(async () => (await db().getConnection().execute(text, params)) as T[]);

/**
 * Stakeholders (of every project) whose stakeholder_link_count row is not a fresh count of their links:
 * a missing row for linked properties, a row without links (0 rows are deleted), a wrong count or a
 * project that is not the stakeholder's.
 */
const wrongCounts = () =>
  sql<{ id: number; kept: number | null; project: number | null; n: number; stakeholderProject: number }>(
    `select s.id, lc.property_count as kept, lc.project_id as project, coalesce(c.n, 0) as n, s.project_id as "stakeholderProject"
       from stakeholder s
       left join stakeholder_link_count lc on lc.stakeholder_id = s.id
       left join (select stakeholder_id, count(*)::int as n from stakeholder_property group by 1) c on c.stakeholder_id = s.id
      where lc.property_count is distinct from c.n or lc.project_id is distinct from (case when c.n is null then null else s.project_id end)`,
  );

/** The kept count, undefined when the stakeholder has no row (no links, or deleted). */
const countOf = async (id: number) => (await sql<{ n: number }>("select property_count as n from stakeholder_link_count where stakeholder_id = ?", [id]))[0]?.n;

describe("stakeholder_link_count", () => {
  const sh: Record<string, number> = {};
  const pr: Record<string, number> = {};
  let countProject = 0;

  beforeAll(async () => {
    const project = (
      await sql<{ id: number }>(`insert into project (name, client_id, owner_id) select 'Count Project', client_id, owner_id from project where id = ? returning id`, [ids.western])
    )[0]!;
    countProject = project.id;
    for (const name of ["Ann", "Bob", "Cat", "Dee", "Eve"]) {
      sh[name] = (await sql<{ id: number }>(`insert into stakeholder (user_id, project_id, name) values ('seed-officer', ?, ?) returning id`, [countProject, name]))[0]!.id;
    }
    for (const address of ["P1", "P2", "P3", "P4", "P5", "P6", "P7"]) {
      pr[address] = (await sql<{ id: number }>(`insert into property (project_id, address) values (?, ?) returning id`, [countProject, `${address} Count Road`]))[0]!.id;
    }
  });

  const link = (pairs: [string, string][]) =>
    sql(`insert into stakeholder_property (stakeholder_id, property_id, project_id) select l.s, l.p, ? from unnest(?::int[], ?::int[]) as l(s, p)`, [
      countProject,
      `{${pairs.map(([s]) => sh[s]).join(",")}}`,
      `{${pairs.map(([, p]) => pr[p]).join(",")}}`,
    ]);

  it("starts right: the migration's backfill counted the seeded links", async () => {
    expect(await wrongCounts()).toEqual([]);
    expect(await countOf(stakeholderId["Margaret Ellis"]!)).toBe(3);
    expect(await countOf(stakeholderId["Pyrenees Shire Council"]!)).toBeUndefined();
    expect(await sql(`select count(*)::int as n from stakeholder_link_count where property_count <= 0`)).toEqual([{ n: 0 }]);
  });

  it("follows a bulk insert of several links in one statement, without touching version, updated_at or match keys", async () => {
    const before = await sql(`select id, version, updated_at, match_keys from stakeholder where id = ?`, [sh.Ann]);
    await link([
      ["Ann", "P1"],
      ["Ann", "P2"],
      ["Ann", "P3"],
      ["Bob", "P1"],
      ["Bob", "P4"],
      ["Cat", "P5"],
      ["Cat", "P6"],
      ["Dee", "P6"],
      ["Dee", "P7"],
    ]);
    expect(await wrongCounts()).toEqual([]);
    expect(await countOf(sh.Ann!)).toBe(3);
    expect(await sql(`select id, version, updated_at, match_keys from stakeholder where id = ?`, [sh.Ann])).toEqual(before);
  });

  it("follows links made and removed through the ORM", async () => {
    await run(async () => {
      const em = db();
      em.create(StakeholderProperty, { stakeholder: sh.Eve, property: pr.P7, project: countProject } as never);
      await em.flush();
    });
    expect(await countOf(sh.Eve!)).toBe(1);
    await run(() => db().nativeDelete(StakeholderProperty, { stakeholder: sh.Eve, property: pr.P7 }));
    // Its last link gone, the stakeholder is no group: the row is deleted, not kept at 0.
    expect(await countOf(sh.Eve!)).toBeUndefined();
    expect(await wrongCounts()).toEqual([]);
  });

  it("follows deletes: a link directly, a property's links by cascade, a stakeholder's links by cascade", async () => {
    await sql(`delete from stakeholder_property where stakeholder_id = ? and property_id = ?`, [sh.Ann, pr.P2]);
    expect(await countOf(sh.Ann!)).toBe(2);
    await sql(`delete from property where id = ?`, [pr.P1]);
    expect([await countOf(sh.Ann!), await countOf(sh.Bob!)]).toEqual([1, 1]);
    await sql(`delete from stakeholder where id = ?`, [sh.Dee]);
    expect(await countOf(sh.Dee!)).toBeUndefined();
    // One statement deletes Eve's only link and one of Ann's two: Eve's row goes, Ann's is decremented.
    await link([
      ["Ann", "P7"],
      ["Eve", "P7"],
    ]);
    expect([await countOf(sh.Ann!), await countOf(sh.Eve!)]).toEqual([2, 1]);
    await sql(`delete from stakeholder_property where property_id = ? and stakeholder_id in (?, ?)`, [pr.P7, sh.Ann, sh.Eve]);
    expect([await countOf(sh.Ann!), await countOf(sh.Eve!)]).toEqual([1, undefined]);
    expect(await wrongCounts()).toEqual([]);
  });

  it("follows links moved to another stakeholder by an update, one or several at once", async () => {
    await sql(`update stakeholder_property set stakeholder_id = ? where stakeholder_id = ? and property_id = ?`, [sh.Bob, sh.Cat, pr.P5]);
    expect([await countOf(sh.Bob!), await countOf(sh.Cat!)]).toEqual([2, 1]);
    // Two links swap owners in one statement: the counts stay; then an update that moves nothing.
    await sql(
      `update stakeholder_property set stakeholder_id = case stakeholder_id when ?::int then ?::int else ?::int end where (stakeholder_id, property_id) in ((?::int, ?::int), (?::int, ?::int))`,
      [sh.Ann, sh.Cat, sh.Ann, sh.Ann, pr.P3, sh.Cat, pr.P6],
    );
    await sql(`update stakeholder_property set import_id = null where project_id = ?`, [countProject]);
    expect([await countOf(sh.Ann!), await countOf(sh.Bob!), await countOf(sh.Cat!)]).toEqual([1, 2, 1]);
    // A move that empties one stakeholder and gives another its first link deletes and inserts rows.
    await sql(`update stakeholder_property set stakeholder_id = ? where stakeholder_id = ?`, [sh.Eve, sh.Ann]);
    expect([await countOf(sh.Ann!), await countOf(sh.Eve!)]).toEqual([undefined, 1]);
    await sql(`update stakeholder_property set stakeholder_id = ? where stakeholder_id = ?`, [sh.Ann, sh.Eve]);
    expect([await countOf(sh.Ann!), await countOf(sh.Eve!)]).toEqual([1, undefined]);
    expect(await wrongCounts()).toEqual([]);
  });

  it("is not touched by stakeholder edits: an ORM edit or insert of a stakeholder writes no count", async () => {
    await run(async () => {
      const em = db();
      const bob = await em.findOneOrFail(Stakeholder, sh.Bob!);
      await sql(`insert into stakeholder_property (stakeholder_id, property_id, project_id) values (?, ?, ?)`, [sh.Bob, pr.P7, countProject]);
      const execute = vi.spyOn(em.getConnection(), "execute");
      bob.notes = "Edited after a link was made";
      await em.flush();
      expect(wrap(bob).toObject()).not.toHaveProperty("propertyCount");
      const fresh = em.create(Stakeholder, { name: "Fay", project: countProject, user: "seed-officer" } as never);
      await em.flush();
      sh.Fay = fresh.id;
      const calls = execute.mock.calls.map(([query]) => String(query));
      execute.mockRestore();
      expect(calls.some((query) => query.startsWith('update "stakeholder"'))).toBe(true);
      expect(calls.some((query) => query.startsWith('insert into "stakeholder"'))).toBe(true);
      // The app never writes the derived table (only the triggers on stakeholder_property do).
      expect(calls.filter((query) => query.includes("stakeholder_link_count"))).toEqual([]);
    });
    expect(await countOf(sh.Bob!)).toBe(3);
    expect(await countOf(sh.Fay!)).toBeUndefined();
    expect(await wrongCounts()).toEqual([]);
  });

  it("gives the groups page the same order, counts and totals as counting every link", async () => {
    for (const [user, projectId] of [
      [officer, ids.western],
      [owner, ids.paging],
      [owner, countProject],
      [secondOwner, ids.coastal],
    ] as const) {
      const expected = await aggregateOrder(projectId);
      expect(expected.length).toBeGreaterThan(0);
      const { order, totals } = await listedOrder(await access(user, projectId));
      expect(order).toEqual(expected);
      expect(new Set(totals)).toEqual(new Set([expected.length]));
    }
  });
});
