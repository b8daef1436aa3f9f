import { AuditLog, Property, Stakeholder, StakeholderProperty } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import {
  linkedPropertyIds,
  linkedStakeholderIds,
  removePropertyStakeholders,
  removeStakeholderProperties,
  setPropertyStakeholders,
  setStakeholderProperties,
} from "../../app/modules/links/links.server";
import { NOTHING_SELECTED } from "../../app/modules/links/link-rules";
import { AppError, FieldError } from "../../app/utils/app-error";
import { accessFor } from "../factories/access";
import { useTestDatabase } from "../setup/test-database";

const WESTERN = "Western Pipeline Stage 2";
const COASTAL = "Coastal Road Upgrade";
let database: Awaited<ReturnType<typeof useTestDatabase>>;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true });
});
afterAll(() => database?.drop());

const idsIn = (projectName: string, entity: typeof Stakeholder | typeof Property) =>
  withRequestContext(async () => (await db().find(entity as typeof Stakeholder, { project: { name: projectName } }, { orderBy: { id: "asc" } })).map((e) => e.id));

async function failure(fn: () => Promise<unknown>): Promise<AppError> {
  const error = await withRequestContext(fn).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("stakeholder-property links", () => {
  it("replaces a stakeholder's properties and records before/after in the audit log", async () => {
    const [stakeholderId] = await idsIn(WESTERN, Stakeholder);
    const [p1, p2, p3] = await idsIn(WESTERN, Property);
    await withRequestContext(async () => {
      const access = await accessFor("seed-officer", WESTERN, "editData");
      const before = await linkedPropertyIds(access, stakeholderId);
      expect(await setStakeholderProperties(access, stakeholderId, [p1, p2, p2])).toMatchObject({ count: 2 });
      expect((await linkedPropertyIds(access, stakeholderId)).sort()).toEqual([p1, p2].sort());
      const result = await setStakeholderProperties(access, stakeholderId, [p3]);
      expect(result.count).toBe(1);
      expect(await linkedPropertyIds(access, stakeholderId)).toEqual([p3]);
      expect(await linkedStakeholderIds(access, p3)).toContain(stakeholderId);
      const audits = await db().find(AuditLog, { action: "stakeholder.link_properties", entityId: String(stakeholderId) }, { orderBy: { id: "asc" } });
      expect(audits.map((a) => a.after)).toEqual([{ propertyIds: [p1, p2] }, { propertyIds: [p3] }]);
      expect(audits[0].before).toEqual({ propertyIds: before });
    });
  });

  it("replaces a property's stakeholders; an empty list is refused (400 on the list field) and removes nothing", async () => {
    const [s1, s2] = await idsIn(WESTERN, Stakeholder);
    const [, , , p4] = await idsIn(WESTERN, Property);
    await withRequestContext(async () => {
      const access = await accessFor("seed-director", WESTERN, "editData");
      expect(await setPropertyStakeholders(access, p4, [s1, s2])).toMatchObject({ count: 2 });
      expect((await linkedStakeholderIds(access, p4)).sort()).toEqual([s1, s2].sort());
    });
    const refused = await failure(async () => setPropertyStakeholders(await accessFor("seed-director", WESTERN, "editData"), p4, []));
    expect(refused).toBeInstanceOf(FieldError);
    expect(refused).toMatchObject({ status: 400, field: "stakeholderIds", message: NOTHING_SELECTED.property });
    const fromStakeholder = await failure(async () => setStakeholderProperties(await accessFor("seed-director", WESTERN, "editData"), s1, []));
    expect(fromStakeholder).toMatchObject({ status: 400, field: "propertyIds", message: NOTHING_SELECTED.stakeholder });
    expect(await withRequestContext(() => db().count(StakeholderProperty, { property: p4 }))).toBe(2);
  });

  it("removes named links explicitly, from either side, with an audit row; the last one too", async () => {
    const [s1, s2] = await idsIn(WESTERN, Stakeholder);
    const [, , , , p5] = await idsIn(WESTERN, Property);
    await withRequestContext(async () => {
      const access = await accessFor("seed-officer", WESTERN, "editData");
      await setPropertyStakeholders(access, p5, [s1, s2]);
      const fromProperty = await removePropertyStakeholders(access, p5, [s1]);
      expect(fromProperty).toMatchObject({ count: 1 });
      expect(fromProperty.names).toHaveLength(1);
      expect(await linkedStakeholderIds(access, p5)).toEqual([s2]);
      const fromStakeholder = await removeStakeholderProperties(access, s2, [p5]);
      expect(fromStakeholder.addresses).toHaveLength(1);
      expect(await db().count(StakeholderProperty, { property: p5 })).toBe(0);
      const audits = await db().find(
        AuditLog,
        { action: { $in: ["property.unlink_stakeholders", "stakeholder.unlink_properties"] }, entityId: { $in: [String(p5), String(s2)] } },
        { orderBy: { id: "asc" } },
      );
      expect(audits.map((a) => a.action)).toEqual(["property.unlink_stakeholders", "stakeholder.unlink_properties"]);
      expect(audits[0]!.after).toEqual({ stakeholderIds: [s2] });
      expect((audits[1]!.before as { propertyIds: number[] }).propertyIds).toContain(p5);
      expect((audits[1]!.after as { propertyIds: number[] }).propertyIds).not.toContain(p5);
    });
  });

  it("refuses a removal naming nothing (400), another project's record (404) or coming from a viewer (403), removing nothing", async () => {
    const [s1] = await idsIn(WESTERN, Stakeholder);
    const [, , , , , p6] = await idsIn(WESTERN, Property);
    const [coastalStakeholder] = await idsIn(COASTAL, Stakeholder);
    await withRequestContext(async () => setPropertyStakeholders(await accessFor("seed-officer", WESTERN, "editData"), p6, [s1]));
    expect(await failure(async () => removePropertyStakeholders(await accessFor("seed-officer", WESTERN, "editData"), p6, []))).toMatchObject({ status: 400, field: "stakeholderIds" });
    expect((await failure(async () => removePropertyStakeholders(await accessFor("seed-officer", WESTERN, "editData"), p6, [s1, coastalStakeholder]))).status).toBe(404);
    expect((await failure(async () => removeStakeholderProperties(await accessFor("seed-officer", WESTERN, "editData"), coastalStakeholder, [p6]))).status).toBe(404);
    expect((await failure(async () => removePropertyStakeholders(await accessFor("seed-viewer", WESTERN, "viewData"), p6, [s1]))).status).toBe(403);
    expect(await withRequestContext(() => db().count(StakeholderProperty, { property: p6 }))).toBe(1);
  });

  it("refuses ids of another project and changes nothing", async () => {
    const [stakeholderId] = await idsIn(WESTERN, Stakeholder);
    const [coastalProperty] = await idsIn(COASTAL, Property);
    const [westernProperty] = await idsIn(WESTERN, Property);
    const before = await withRequestContext(async () => linkedPropertyIds(await accessFor("seed-officer", WESTERN), stakeholderId));
    const error = await failure(async () => setStakeholderProperties(await accessFor("seed-officer", WESTERN, "editData"), stakeholderId, [westernProperty, coastalProperty]));
    expect(error.status).toBe(404);
    const after = await withRequestContext(async () => linkedPropertyIds(await accessFor("seed-officer", WESTERN), stakeholderId));
    expect(after).toEqual(before);
  });

  it("refuses a stakeholder of another client's project with 404", async () => {
    const [coastalStakeholder] = await idsIn(COASTAL, Stakeholder);
    const error = await failure(async () => setStakeholderProperties(await accessFor("seed-officer", WESTERN, "editData"), coastalStakeholder, []));
    expect(error.status).toBe(404);
  });

  it("refuses a viewer with 403", async () => {
    const [stakeholderId] = await idsIn(WESTERN, Stakeholder);
    const error = await failure(async () => {
      const access = await accessFor("seed-viewer", WESTERN, "viewData");
      return setStakeholderProperties(access, stakeholderId, []);
    });
    expect(error.status).toBe(403);
  });
});
