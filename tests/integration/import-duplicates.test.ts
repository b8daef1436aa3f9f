import { getOrm, withRequestContext } from "../../db/orm";
import { accessFor } from "../factories/access";
import { parseUpload } from "../../app/modules/import/staging.server";
import { startImport, undoImport, waitForImport } from "../../app/modules/import/imports.server";
import { listPendingDuplicates } from "../../app/modules/import/duplicates.server";
import { resolveDuplicates, saveDuplicateChoices } from "../../app/modules/import/duplicates-resolve.server";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { createStakeholder } from "../../app/modules/stakeholder/stakeholder.server";
import { StakeholderSchema } from "../../app/modules/stakeholder/schemas";
import { createProperty } from "../../app/modules/property/property.server";
import { PropertyFormSchema } from "../../app/modules/property/schemas";
import { action as apiImport } from "../../app/routes/api.file.import";
import { action as apiResolve } from "../../app/routes/api.resolve-duplicates";
import type { ProjectAccess } from "../../app/modules/access/project-access.server";
import { AppError } from "../../app/utils/app-error";
import { call, jsonRequest, multipartRequest, useUploadTestEnvironment } from "./support/uploads";

/** Duplicates during an import (docs/import.md#duplicates) against a real PostgreSQL: detection, the step's reads, resolution, the /api, undo, tenancy. */
const env = useUploadTestEnvironment("import-duplicates");
const BASE = "http://localhost:3000";

const access = (userId = "seed-officer", project = "Western Pipeline Stage 2") => withRequestContext(() => accessFor(userId, project, "viewData"));
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;

beforeAll(async () => {
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: true, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await stopJobs(2000);
});

async function importCsv(a: ProjectAccess, csv: string, importType: "stakeholders" | "properties", mapping: Record<string, string>) {
  const request = multipartRequest(`${BASE}/import?projectId=${a.project.id}`, "", [], { filename: "file.csv", body: Buffer.from(csv, "utf8"), type: "text/csv" });
  const { result } = await withRequestContext(() => parseUpload(a, request));
  const { importId } = await withRequestContext(() => startImport(a, { dataKey: result.dataKey!, importType, mapping }));
  const view = await withRequestContext(() => waitForImport(a, importId, 30_000));
  expect(view.status).toBe("completed");
  return { importId, view };
}

async function refusal(fn: () => Promise<unknown>) {
  try {
    await withRequestContext(fn);
  } catch (error) {
    if (error instanceof AppError) return error as AppError & { fieldErrors?: Record<string, string> };
    throw error;
  }
  throw new Error("expected a refusal");
}

const PEOPLE = { Name: "name", Email: "email", Phone: "phone", Type: "memberType", Address: "address", Notes: "notes" };

async function seedPeople(a: ProjectAccess) {
  const make = (fields: Record<string, unknown>) => withRequestContext(async () => (await createStakeholder(a, StakeholderSchema.parse(fields))).id);
  return {
    john: await make({ name: "John Michael Smith", email: "john.smith@example.com", phone: "0412 345 678" }),
    acme: await make({ name: "Acme Proprietary Limited", memberType: "Business", address: "22 Lydiard St North, Ballarat VIC 3350", email: "office@acme.example" }),
    mary: await make({ name: "Mary O'Brien", phone: "03 5352 1234", notes: "Prefers letters" }),
  };
}

describe("a stakeholder import with likely duplicates", () => {
  it("holds back each near-duplicate with its candidates, creates the rest, and resolves link, merge and create in one go", async () => {
    const officer = await access();
    const ids = await seedPeople(officer);
    const csv = [
      "Name,Email,Phone,Type,Address,Notes",
      '"Smith, John",,,,,Met at the field day',
      "Jon Smyth,JOHN.SMITH@EXAMPLE.COM,,,,",
      'ACME Pty Ltd,accounts@acme.example,,Business,"22 Lydiard Street North, Ballarat VIC 3350",',
      "Mary OBrien,mary@example.com,+61 3 5352 1234,,,Call after 5",
      "Quentin Newperson,quentin@example.com,,,,",
      "Zed Repeat,zed@example.com,,,,",
      "ZED REPEAT,,,,,",
    ].join("\n");
    const { importId, view } = await importCsv(officer, csv, "stakeholders", PEOPLE);
    expect(view.counts).toMatchObject({ created: 2, imported: 2, pendingDuplicates: 5 });
    expect(view.duplicatesPending).toBe(true);

    const page = await withRequestContext(() => listPendingDuplicates(officer, importId));
    expect(page).toMatchObject({ total: 5, undecided: 5, page: 1, pageCount: 1, firstUndecidedPage: 1, resolved: false });
    const byRow = new Map(page.items.map((item) => [item.rowNumber, item]));
    const candidate = (row: number) => byRow.get(row)!.candidates[0]!;
    expect(candidate(2)).toMatchObject({ id: ids.john, matchType: "name", reason: expect.stringMatching(/^name \d+ % similar$/) });
    expect(candidate(2).similarity).toBeGreaterThanOrEqual(0.8);
    expect(candidate(3)).toMatchObject({ id: ids.john, matchType: "email", reason: "same e-mail", similarity: 1, similarityText: "100%" });
    expect(candidate(4)).toMatchObject({ id: ids.acme });
    // Same name (100 %) names the match over the same phone (95 %).
    expect(candidate(5)).toMatchObject({ id: ids.mary, matchType: "name", reason: "same name" });
    // The repeat within the file is held back against the row created a line earlier.
    const [zed] = await sql<{ id: number }>("select id from stakeholder where import_id = ? and name = 'Zed Repeat'", [importId]);
    expect(candidate(8)).toMatchObject({ id: zed!.id, reason: "same name" });
    // The fields that differ are shown: Mary's notes and e-mail.
    expect(candidate(5).differences.map((d) => d.field)).toEqual(expect.arrayContaining(["email", "notes"]));
    expect(candidate(5).actions).toEqual(["link", "merge", "create"]);

    // Refused while a row has no choice; nothing changes.
    const before = await sql("select count(*)::int as n from stakeholder where project_id = ?", [officer.project.id]);
    const pick = (row: number) => byRow.get(row)!.id;
    await withRequestContext(() => saveDuplicateChoices(officer, importId, [{ pendingId: pick(2), action: "merge", selectedId: ids.john }]));
    const refused = await refusal(() => resolveDuplicates(officer, importId));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe("Please resolve all duplicate stakeholders before proceeding.");
    expect(await sql("select count(*)::int as n from stakeholder where project_id = ?", [officer.project.id])).toEqual(before);
    expect((await withRequestContext(() => listPendingDuplicates(officer, importId))).undecided).toBe(4);

    // A record that is not one of the row's candidates is refused.
    const wrong = await refusal(() => resolveDuplicates(officer, importId, [{ pendingId: pick(3), action: "link", selectedId: ids.mary }]));
    expect(wrong.status).toBe(400);

    const outcome = await withRequestContext(() =>
      resolveDuplicates(officer, importId, [
        { pendingId: pick(3), action: "link", selectedId: ids.john },
        { pendingId: pick(4), action: "merge", selectedId: ids.acme },
        { pendingId: pick(5), action: "merge", selectedId: ids.mary },
        { pendingId: pick(8), action: "create", selectedId: null },
      ]),
    );
    expect(outcome).toMatchObject({ created: 1, linked: 1, merged: 3 });
    // Mary's notes were kept and listed; her e-mail filled the blank slot.
    expect(outcome.notTaken).toEqual(expect.arrayContaining([expect.objectContaining({ recordId: ids.mary, field: "notes", existing: "Prefers letters", incoming: "Call after 5" })]));
    const [mary] = await sql<{ email: string; phone: string; phone2: string | null; notes: string; version: number }>("select email, phone, phone2, notes, version from stakeholder where id = ?", [
      ids.mary,
    ]);
    expect(mary).toEqual({ email: "mary@example.com", phone: "03 5352 1234", phone2: null, notes: "Prefers letters", version: 2 });
    const [acme] = await sql<{ email: string; email2: string }>("select email, email2 from stakeholder where id = ?", [ids.acme]);
    expect(acme).toEqual({ email: "office@acme.example", email2: "accounts@acme.example" });
    const [john] = await sql<{ notes: string }>("select notes from stakeholder where id = ?", [ids.john]);
    expect(john!.notes).toBe("Met at the field day");

    const after = await withRequestContext(() => waitForImport(officer, importId, 1000));
    expect(after.counts).toMatchObject({ created: 3, imported: 3, linked: 1, updated: 3, pendingDuplicates: 0 });
    expect(after.duplicatesPending).toBe(false);
    expect(await sql("select count(*)::int as n from stakeholder where import_id = ?", [importId])).toEqual([{ n: 3 }]);
    expect((await refusal(() => resolveDuplicates(officer, importId))).status).toBe(409);

    // Undo (a project manager's: it deletes records, docs/import.md#undo) removes what it created and puts back what it merged.
    expect(await withRequestContext(async () => undoImport(await access("seed-project-manager"), importId))).toEqual({ removed: 3, restored: 3 });
    const [restored] = await sql<{ email: string | null; notes: string | null; version: number }>("select email, notes, version from stakeholder where id = ?", [ids.mary]);
    // The version comes back too: merged and unmerged reads as never edited.
    expect(restored).toEqual({ email: null, notes: "Prefers letters", version: 1 });
    const [johnBack] = await sql<{ notes: string | null }>("select notes from stakeholder where id = ?", [ids.john]);
    expect(johnBack!.notes).toBeNull();
    const [acmeBack] = await sql<{ email2: string | null }>("select email2 from stakeholder where id = ?", [ids.acme]);
    expect(acmeBack!.email2).toBeNull();
  });

  it("undoes a later import's merge into an earlier import's record, and then the earlier import", async () => {
    const officer = await access();
    const first = await importCsv(officer, "Name,Email,Notes\nUna Layered,una@example.com,\n", "stakeholders", { Name: "name", Email: "email", Notes: "notes" });
    const second = await importCsv(officer, "Name,Email,Notes\nUna Layered,UNA@example.com,Second thoughts\n", "stakeholders", { Name: "name", Email: "email", Notes: "notes" });
    const page = await withRequestContext(() => listPendingDuplicates(officer, second.importId));
    const [una] = await sql<{ id: number }>("select id from stakeholder where import_id = ?", [first.importId]);
    await withRequestContext(() => resolveDuplicates(officer, second.importId, [{ pendingId: page.items[0]!.id, action: "merge", selectedId: una!.id }]));
    expect(await sql("select notes, version from stakeholder where id = ?", [una!.id])).toEqual([{ notes: "Second thoughts", version: 2 }]);
    // The first import cannot be undone while the merge stands (its record changed since)...
    const manager = await access("seed-project-manager");
    expect((await refusal(() => undoImport(manager, first.importId))).status).toBe(409);
    // ...and can once the second import is undone.
    expect(await withRequestContext(() => undoImport(manager, second.importId))).toEqual({ removed: 0, restored: 1 });
    expect(await withRequestContext(() => undoImport(manager, first.importId))).toEqual({ removed: 1, restored: 0 });
  });

  it("refuses a viewer (403) and another client's import or rows (404), changing nothing", async () => {
    const officer = await access();
    const { importId } = await importCsv(officer, "Name,Email\nViewer Probe,john.smith@example.com\n", "stakeholders", { Name: "name", Email: "email" });
    const viewer = await access("seed-viewer");
    const foreign = await access("seed-second-owner", "Coastal Road Upgrade");
    const [pending] = await sql<{ id: number }>("select id from import_duplicate where import_id = ?", [importId]);
    expect((await refusal(() => listPendingDuplicates(viewer, importId))).status).toBe(403);
    expect((await refusal(() => resolveDuplicates(viewer, importId, [{ pendingId: pending!.id, action: "create", selectedId: null }]))).status).toBe(403);
    expect((await refusal(() => listPendingDuplicates(foreign, importId))).status).toBe(404);
    expect((await refusal(() => resolveDuplicates(foreign, importId, [{ pendingId: pending!.id, action: "create", selectedId: null }]))).status).toBe(404);
    expect(await sql("select action, resolved_at from import_duplicate where id = ?", [pending!.id])).toEqual([{ action: null, resolved_at: null }]);
  });
});

describe("the /api calls", () => {
  it("lists pendingDuplicates in the spec's shape and resolves them with POST /api/resolve-duplicates", async () => {
    const officer = await access();
    const [existing] = await sql<{ id: number }>("select id from stakeholder where project_id = ? and email = 'john.smith@example.com' and import_id is null", [officer.project.id]);
    const request = multipartRequest(`${BASE}/import?projectId=${officer.project.id}`, "", [], {
      filename: "api.csv",
      body: Buffer.from("Name,Email\nJ. Smith,John.Smith@example.com\n"),
      type: "text/csv",
    });
    const { result } = await withRequestContext(() => parseUpload(officer, request));
    const response = await call(() =>
      apiImport({
        request: jsonRequest(`${BASE}/api/file/import`, env.cookies.officer!, "POST", {
          dataKey: result.dataKey,
          importType: "stakeholders",
          mapping: { Name: "name", Email: "email" },
          projectId: env.westernId,
        }),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { importId: number; pendingDuplicateCount: number; pendingDuplicates: Record<string, any>[] };
    expect(body.pendingDuplicateCount).toBe(1);
    const [item] = body.pendingDuplicates;
    expect(item).toMatchObject({
      type: "stakeholder",
      rowNumber: 2,
      pendingStakeholder: { name: "J. Smith", email: "john.smith@example.com", pendingId: expect.any(Number) },
      stakeholderData: { name: "J. Smith" },
      potentialDuplicates: [{ id: existing!.id, name: "John Michael Smith", similarity: 1, _similarity: 1, matchType: "email", reason: "same e-mail", _reason: "same e-mail" }],
    });

    const resolve = (role: string, payload: unknown) =>
      call(() => apiResolve({ request: jsonRequest(`${BASE}/api/resolve-duplicates`, env.cookies[role]!, "POST", payload), params: {}, context: {} }));
    const resolution = { type: "stakeholder", action: "link", pendingStakeholder: item!.pendingStakeholder, selectedStakeholderId: existing!.id, stakeholderData: item!.stakeholderData };
    expect((await resolve("viewer", { projectId: env.westernId, resolutions: [resolution] })).status).toBe(403);
    expect((await resolve("second_owner", { projectId: env.secondProjectId, resolutions: [resolution] })).status).toBe(404);
    const missing = await resolve("officer", { projectId: env.westernId, resolutions: [{ type: "stakeholder", action: "link", selectedStakeholderId: existing!.id }] });
    expect(missing.status).toBe(400);
    // A stakeholder of another client's project as the record to link to: refused, nothing changes.
    const [foreign] = await sql<{ id: number }>("select id from stakeholder where project_id = ? limit 1", [env.secondProjectId]);
    const stolen = await resolve("officer", { projectId: env.westernId, resolutions: [{ ...resolution, selectedStakeholderId: foreign!.id }] });
    expect(stolen.status).toBe(400);
    expect(await sql("select action, resolved_at from import_duplicate where id = ?", [item!.pendingStakeholder.pendingId])).toEqual([{ action: null, resolved_at: null }]);
    const ok = await resolve("officer", { projectId: env.westernId, resolutions: [resolution] });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ message: "Duplicates Resolved Successfully!", created: 0, linked: 1, merged: 0 });
  });
});

describe("a property import", () => {
  it("merges an exact volume/folio automatically, holds back partial, lot/plan and address matches, and links the owners", async () => {
    const owner = await access("seed-client-owner", "Northern Transmission Line");
    const make = (fields: Record<string, unknown>) => withRequestContext(async () => (await createProperty(owner, PropertyFormSchema.parse(fields), { force: true })).property!.id);
    const exact = await make({ address: "1 Exact Lane Creswick VIC 3363", volume: "10234", folio: "512" });
    const partial = await make({ address: "2 Partial Road Creswick VIC 3363", volume: "10999", folio: "45" });
    const csv = [
      "Address,Volume,Folio,Zoning,Proprietors,Owner e-mail",
      '1 Exact Lane Creswick VIC 3363,10234,512,FZ,"Ivy Holder; Jed Holder",ivy@example.com',
      "2 Partial Rd Creswick VIC 3363,010999,045,,,",
      "3 New Track Creswick VIC 3363,20001,1,,Ivy Holder,",
    ].join("\n");
    const { importId, view } = await importCsv(owner, csv, "properties", {
      Address: "address",
      Volume: "volume",
      Folio: "folio",
      Zoning: "zoning",
      Proprietors: "proprietors",
      "Owner e-mail": "ownerEmail",
    });
    expect(view.counts).toMatchObject({ created: 1, autoMergedProperties: 1, updated: 1, pendingDuplicates: 1, stakeholdersCreated: 2, stakeholdersLinked: 1 });
    const [merged] = await sql<{ zoning: string; proprietors: string[] }>("select zoning, proprietors from property where id = ?", [exact]);
    expect(merged).toEqual({ zoning: "FZ", proprietors: ["Ivy Holder", "Jed Holder"] });
    // The owners: Ivy (with her e-mail) and Jed linked to the merged title, and Ivy found again for the new one.
    const links = await sql<{ address: string; name: string; email: string | null }>(
      "select p.address, s.name, s.email from stakeholder_property sp join property p on p.id = sp.property_id join stakeholder s on s.id = sp.stakeholder_id where sp.import_id = ? order by p.address, s.name",
      [importId],
    );
    expect(links).toEqual([
      { address: "1 Exact Lane Creswick VIC 3363", name: "Ivy Holder", email: "ivy@example.com" },
      { address: "1 Exact Lane Creswick VIC 3363", name: "Jed Holder", email: null },
      { address: "3 New Track Creswick VIC 3363", name: "Ivy Holder", email: "ivy@example.com" },
    ]);
    // Every link the import wrote (or undid) is in stakeholder_link_count, which the groups page reads.
    expect(
      await sql(
        `select coalesce(lc.stakeholder_id, c.stakeholder_id) as id from stakeholder_link_count lc full join (select stakeholder_id, count(*)::int as n from stakeholder_property group by 1) c on c.stakeholder_id = lc.stakeholder_id where lc.property_count is distinct from c.n`,
      ),
    ).toEqual([]);
    const page = await withRequestContext(() => listPendingDuplicates(owner, importId));
    expect(page.items[0]!.candidates[0]).toMatchObject({ id: partial, matchType: "volume_folio_partial", actions: ["link", "merge", "create"] });

    // Undo removes the new property and the owners, and puts the merged title back as it was.
    expect(await withRequestContext(() => undoImport(owner, importId))).toEqual({ removed: 3, restored: 1 });
    expect(await sql("select zoning, proprietors from property where id = ?", [exact])).toEqual([{ zoning: null, proprietors: null }]);
    expect(await sql("select count(*)::int as n from stakeholder_property where import_id = ?", [importId])).toEqual([{ n: 0 }]);
    expect(
      await sql(
        `select coalesce(lc.stakeholder_id, c.stakeholder_id) as id from stakeholder_link_count lc full join (select stakeholder_id, count(*)::int as n from stakeholder_property group by 1) c on c.stakeholder_id = lc.stakeholder_id where lc.property_count is distinct from c.n`,
      ),
    ).toEqual([]);
  });

  it("offers only link or create for a lot/plan or address match, and refuses a merge", async () => {
    const owner = await access("seed-client-owner", "Northern Transmission Line");
    await withRequestContext(() => createProperty(owner, PropertyFormSchema.parse({ address: "Lot 7 Ridge Road Smeaton", volume: "30001", folio: "7" }), { force: true }));
    await sql("update property set lot = '7', plan_number = 'PS123456' where volume = '30001'");
    const { importId } = await importCsv(owner, "Address,Lot,Plan\nRidge Road Smeaton,7,PS 123456\n", "properties", { Address: "address", Lot: "lot", Plan: "planNumber" });
    const page = await withRequestContext(() => listPendingDuplicates(owner, importId));
    const [candidate] = page.items[0]!.candidates;
    expect(candidate).toMatchObject({ matchType: "lot/plan", actions: ["link", "create"] });
    const refused = await refusal(() => resolveDuplicates(owner, importId, [{ pendingId: page.items[0]!.id, action: "merge", selectedId: candidate!.id }]));
    expect(refused.status).toBe(400);
  });
});

describe("a shared phone under another name", () => {
  const HOUSEHOLD = "same phone, different name — possibly the same household";

  it("holds the row back as a possible household at 50 %, not as the same person at 95 %", async () => {
    const officer = await access();
    const [margaret] = await sql<{ id: number }>("select id from stakeholder where project_id = ? and name = 'Margaret Ellis' and phone = '0412 345 678'", [officer.project.id]);
    const csv = ["Name,Phone", "John Albert Citizen,0412 345 678", "M. Ellis,+61 412 345 678"].join("\n");
    const { importId, view } = await importCsv(officer, csv, "stakeholders", { Name: "name", Phone: "phone" });
    expect(view.counts).toMatchObject({ pendingDuplicates: 2 });
    const page = await withRequestContext(() => listPendingDuplicates(officer, importId));
    const candidatesOf = (row: number) => page.items.find((item) => item.rowNumber === row)!.candidates;
    // The example: the number is all John Albert Citizen and Margaret Ellis have in common.
    expect(candidatesOf(2).find((c) => c.id === margaret!.id)).toMatchObject({ matchType: "phone", similarity: 0.5, similarityText: "50%", reason: HOUSEHOLD });
    expect(candidatesOf(2).every((c) => c.similarity < 0.8)).toBe(true);
    // The same number under her initial and surname stays near-certain, and ranks first.
    expect(candidatesOf(3)[0]).toMatchObject({ id: margaret!.id, matchType: "phone", similarity: 0.95, reason: "same phone" });
    // Cleaned up by a project manager: undoing deletes records (docs/import.md#undo).
    await withRequestContext(async () => undoImport(await access("seed-project-manager"), importId));
  });

  it("does not link an imported title's owner to someone else who shares the owner's phone", async () => {
    const officer = await access();
    const [margaret] = await sql<{ id: number }>("select id from stakeholder where project_id = ? and name = 'Margaret Ellis' and phone = '0412 345 678'", [officer.project.id]);
    const csv = ["Address,Volume,Folio,Proprietors,Owner phone", "9 Household Lane Beaufort VIC 3373,40001,9,John Albert Citizen,0412 345 678"].join("\n");
    const { importId, view } = await importCsv(officer, csv, "properties", { Address: "address", Volume: "volume", Folio: "folio", Proprietors: "proprietors", "Owner phone": "ownerPhone" });
    expect(view.counts).toMatchObject({ created: 1, stakeholdersCreated: 1, stakeholdersLinked: 0 });
    const links = await sql<{ id: number; name: string; phone: string }>(
      "select s.id, s.name, s.phone from stakeholder_property sp join stakeholder s on s.id = sp.stakeholder_id where sp.import_id = ?",
      [importId],
    );
    expect(links).toEqual([{ id: expect.any(Number), name: "John Albert Citizen", phone: "0412 345 678" }]);
    expect(links[0]!.id).not.toBe(margaret!.id);
    // Cleaned up by a project manager: undoing deletes records (docs/import.md#undo).
    await withRequestContext(async () => undoImport(await access("seed-project-manager"), importId));
  });
});
