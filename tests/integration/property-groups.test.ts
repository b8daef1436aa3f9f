import { Client, Project, Property, Stakeholder, StakeholderProperty } from "../../db/entities/index";
import { db, getOrm, withRequestContext } from "../../db/orm";
import type { CurrentUser } from "../../app/modules/auth/guards.server";
import { resolveProjectAccess, type ProjectAccess } from "../../app/modules/project/access.server";
import { getPropertyGroup, GROUPS_PAGE_SIZE, listPropertyGroups } from "../../app/modules/property-groups/groups.server";
import { useTestDatabase } from "../setup/test-database";

/**
 * Stakeholder Property Groups against a real, seeded database: ordering by link count, search by
 * name or linked address, pagination in two queries, and project/tenant scoping.
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

  it("pages 24 at a time with the full total, in two queries whatever the page size", async () => {
    const paging = await access(owner, ids.paging);
    const connection = getOrm().em.getConnection();
    const execute = vi.spyOn(connection, "execute");
    const first = await list(paging, { page: 1 });
    expect(execute).toHaveBeenCalledTimes(2);
    execute.mockRestore();
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
