import { getOrm, withRequestContext } from "../../db/orm";
import { accessFor } from "../factories/access";
import { parseUpload, getStagedData } from "../../app/modules/import/staging.server";
import { getImport, listImports, skippedRowsCsv, startImport, undoImport, waitForImport } from "../../app/modules/import/imports.server";
import { UNDO_NEEDS_DELETE } from "../../app/modules/import/import-undo.server";
import { importJobSettings, importConnectionName, runImportJob } from "../../app/modules/import/import-job.server";
import { IMPORT_QUEUE } from "../../app/modules/import/import-job.server";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { updateStakeholder } from "../../app/modules/stakeholder/stakeholder.server";
import { setStakeholderProperties } from "../../app/modules/links/links.server";
import { action as apiImport } from "../../app/routes/api.file.import";
import type { ProjectAccess } from "../../app/modules/access/project-access.server";
import { AppError } from "../../app/utils/app-error";
import { call, jsonRequest, multipartRequest, useUploadTestEnvironment } from "./support/uploads";

/** Import commit as a pg-boss job against a real PostgreSQL: end to end, all or nothing, retry, undo, tenancy. */
const env = useUploadTestEnvironment("imports");
const BASE = "http://localhost:3000";
const WESTERN = "Western Pipeline Stage 2";
const COASTAL = "Coastal Road Upgrade";

const access = (userId = "seed-officer", project = WESTERN) => withRequestContext(() => accessFor(userId, project, "viewData"));

beforeAll(async () => {
  // A short retry delay, so the retry after a killed connection comes within the test.
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: true, pollingIntervalSeconds: 0.5, queueOverrides: { [IMPORT_QUEUE]: { retryDelay: 3 } } });
});

afterAll(async () => {
  await stopJobs(2000);
});

afterEach(() => {
  importJobSettings.afterBatch = null;
  importJobSettings.readBatch = 2000;
  importJobSettings.insertBatch = 2000;
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;

async function stage(csv: string, who?: ProjectAccess, role = "officer", filename = "people.csv") {
  const a = who ?? (await access());
  const request = multipartRequest(`${BASE}/import?projectId=${a.project.id}`, env.cookies[role] ?? "", [], { filename, body: Buffer.from(csv, "utf8"), type: "text/csv" });
  const { result } = await withRequestContext(() => parseUpload(a, request));
  return result.dataKey!;
}

async function importCsv(csv: string, importType: "stakeholders" | "properties", mapping: Record<string, string>, who?: ProjectAccess) {
  const a = who ?? (await access());
  const dataKey = await stage(csv, a);
  const { importId } = await withRequestContext(() => startImport(a, { dataKey, importType, mapping }));
  const view = await withRequestContext(() => waitForImport(a, importId, 20_000));
  return { importId, view, dataKey };
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

async function projectState(projectId: number) {
  const [row] = await sql<{ stakeholders: number; properties: number; audits: number }>(
    `select (select count(*)::int from stakeholder where project_id = ?) as stakeholders, (select count(*)::int from property where project_id = ?) as properties,
            (select count(*)::int from audit_log where project_id = ?) as audits`,
    [projectId, projectId, projectId],
  );
  return row!;
}

const STAKEHOLDER_CSV = [
  "Full Name,E-mail Address,Mobile,Member Type,Next Action Due,Active,Favourite Colour",
  "Ada Landholder,ada@example.com,0400 111 222,individual,15/03/2027,yes,Blue",
  "Bob Grazier,bob@example.com,,Organisation,2027-04-01,no,",
  "Cat Farmer,not-an-email,0400 333 444,Individual,,,Green",
  ",nobody@example.com,,,,,",
  "Dan Orchard,dan@example.com,,Business,31/02/2027,,Red",
  'Eve Vineyard,eve@example.com,,Government,1/6/27,y,=HYPERLINK("http://x")',
].join("\n");

const STAKEHOLDER_MAPPING = {
  "Full Name": "name",
  "E-mail Address": "email",
  Mobile: "mobile",
  "Member Type": "memberType",
  "Next Action Due": "nextActionDueDate",
  Active: "isActive",
  "Favourite Colour": "custom:Favourite Colour",
};

describe("a stakeholder import end to end", () => {
  it("creates the valid rows with coerced values, custom fields and the import id, and skips the others with reasons", async () => {
    const officer = await access();
    const before = await projectState(officer.project.id);
    const { importId, view, dataKey } = await importCsv(STAKEHOLDER_CSV, "stakeholders", STAKEHOLDER_MAPPING, officer);
    expect(view.status).toBe("completed");
    expect(view.totalRows).toBe(6);
    expect(view.processedRows).toBe(6);
    expect(view.counts).toMatchObject({ imported: 3, created: 3, stakeholdersCreated: 3, skipped: 3, updated: 0, pendingDuplicates: 0 });
    expect(view.fileName).toBe("people.csv");
    expect(view.createdBy).toBe("Oscar Officer");
    // Undo deletes records: not the officer's to do (docs/import.md#undo), a project manager's.
    expect(view.canUndo).toBe(false);
    expect((await withRequestContext(async () => getImport(await access("seed-project-manager"), importId))).canUndo).toBe(true);
    // Row numbers as the user sees them: the header is row 1.
    expect(view.skippedRows).toEqual([
      expect.objectContaining({ rowNumber: 4, column: "E-mail Address", value: "not-an-email" }),
      expect.objectContaining({ rowNumber: 5, reason: "Name is required" }),
      expect.objectContaining({ rowNumber: 6, column: "Next Action Due", value: "31/02/2027" }),
    ]);
    expect(view.skippedRowsTotal).toBe(3);

    const rows = await sql<Record<string, unknown>>(
      "select name, email, mobile, member_type, next_action_due_date::text as due, is_active, custom_fields, user_id, import_id, version from stakeholder where import_id = ? order by name",
      [importId],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        name: "Ada Landholder",
        email: "ada@example.com",
        mobile: "0400 111 222",
        member_type: "Individual",
        due: "2027-03-15",
        is_active: true,
        custom_fields: { "Favourite Colour": "Blue" },
      }),
      expect.objectContaining({ name: "Bob Grazier", member_type: "Organization", due: "2027-04-01", is_active: false, custom_fields: null }),
      // A formula is kept as the text the file had, never evaluated.
      expect.objectContaining({ name: "Eve Vineyard", member_type: "Government", due: "2027-06-01", is_active: true, custom_fields: { "Favourite Colour": '=HYPERLINK("http://x")' } }),
    ]);
    for (const row of rows) expect(row).toMatchObject({ user_id: "seed-officer", import_id: importId, version: 1 });

    // Audited like hand-made records, plus one row for the import.
    const audits = await sql<{ action: string; after: Record<string, unknown> }>(
      "select action, after from audit_log where project_id = ? and ((after->>'import_id')::int = ? or (action = 'import.commit' and entity_id = ?)) order by id",
      [officer.project.id, importId, String(importId)],
    );
    const creates = audits.filter((a) => a.action === "stakeholder.create" && a.after.import_id === importId);
    expect(creates.map((a) => a.after.name).sort()).toEqual(["Ada Landholder", "Bob Grazier", "Eve Vineyard"]);
    expect(audits.find((a) => a.action === "import.commit")?.after).toMatchObject({ counts: { imported: 3, skipped: 3 } });
    expect(await projectState(officer.project.id)).toEqual({ ...before, stakeholders: before.stakeholders + 3, audits: before.audits + 4 });

    // The staged copy is removed once the rows are in.
    expect((await refusal(() => getStagedData(officer, dataKey))).status).toBe(404);

    const csv = await withRequestContext(() => skippedRowsCsv(officer, importId));
    expect(csv.split("\r\n")[0]).toBe("Row,Column,Value,Reason");
    expect(csv).toContain("4,E-mail Address,not-an-email,");
    expect(csv).toContain("6,Next Action Due,31/02/2027,");

    const history = await withRequestContext(() => listImports(officer, { limit: 10, offset: 0 }));
    expect(history.imports[0]).toMatchObject({ id: importId, status: "completed", counts: { imported: 3 } });
    expect(history.total).toBeGreaterThanOrEqual(1);
  });

  it("imports properties: money, lists, booleans and dates coerced, the title address defaulted, custom fields stored", async () => {
    const csv = [
      "Property Address,Vol,Fol,Proprietors,Estimated Value,Has LAA,LAA Expiry,Council Ref",
      '12 Creek Rd Emerald,1234,56,"Ivy Orchardist; Jed Shearer","$1,250,000.50",yes,31/12/2027,C-77',
      "Lot 4 Ridge Rd,99,1,IVY ORCHARDIST,,no,,",
      "No Value Farm,1,2,,twelve dollars,,,",
    ].join("\n");
    const { importId, view } = await importCsv(csv, "properties", {
      "Property Address": "address",
      Vol: "volume",
      Fol: "folio",
      Proprietors: "proprietors",
      "Estimated Value": "estimatedValue",
      "Has LAA": "hasLAA",
      "LAA Expiry": "laaExpiryDate",
      "Council Ref": "custom:Council Ref",
    });
    expect(view.status).toBe("completed");
    // The proprietors become owner stakeholders: two created, and the second title's owner found again.
    expect(view.counts).toMatchObject({ imported: 2, created: 2, skipped: 1, stakeholdersCreated: 2, stakeholdersLinked: 1 });
    expect(view.skippedRows).toEqual([expect.objectContaining({ rowNumber: 4, column: "Estimated Value", value: "twelve dollars" })]);
    const rows = await sql<Record<string, unknown>>(
      "select address, property_address, volume, folio, proprietors, estimated_value::text as value, has_laa, laa_expiry_date::text as laa, custom_fields, spatial_reference from property where import_id = ? order by address",
      [importId],
    );
    expect(rows).toEqual([
      {
        address: "12 Creek Rd Emerald",
        property_address: "12 Creek Rd Emerald",
        volume: "1234",
        folio: "56",
        proprietors: ["Ivy Orchardist", "Jed Shearer"],
        value: "1250000.50",
        has_laa: true,
        laa: "2027-12-31",
        custom_fields: { "Council Ref": "C-77" },
        spatial_reference: "EPSG:4326",
      },
      expect.objectContaining({ address: "Lot 4 Ridge Rd", has_laa: false, proprietors: ["IVY ORCHARDIST"], custom_fields: null }),
    ]);
    const owners = await sql<{ address: string; owner: string; primary_owner: string | null; owner_import: number; link_import: number; is_owner: boolean }>(
      `select p.address, s.name as owner, primary_s.name as primary_owner, s.import_id as owner_import, sp.import_id as link_import, s.is_project_property_owner as is_owner
         from stakeholder_property sp join property p on p.id = sp.property_id join stakeholder s on s.id = sp.stakeholder_id
         left join stakeholder primary_s on primary_s.id = p.stakeholder_id
        where p.import_id = ? order by p.address, s.name`,
      [importId],
    );
    expect(owners).toEqual([
      { address: "12 Creek Rd Emerald", owner: "Ivy Orchardist", primary_owner: "Ivy Orchardist", owner_import: importId, link_import: importId, is_owner: true },
      { address: "12 Creek Rd Emerald", owner: "Jed Shearer", primary_owner: "Ivy Orchardist", owner_import: importId, link_import: importId, is_owner: true },
      { address: "Lot 4 Ridge Rd", owner: "Ivy Orchardist", primary_owner: "Ivy Orchardist", owner_import: importId, link_import: importId, is_owner: true },
    ]);
    // The owner links reached stakeholder_link_count (statement triggers; the groups page reads it).
    expect(
      await sql(
        `select coalesce(lc.stakeholder_id, c.stakeholder_id) as id from stakeholder_link_count lc full join (select stakeholder_id, count(*)::int as n from stakeholder_property group by 1) c on c.stakeholder_id = lc.stakeholder_id where lc.property_count is distinct from c.n`,
      ),
    ).toEqual([]);
    expect(await sql(`select lc.property_count from stakeholder_link_count lc join stakeholder s on s.id = lc.stakeholder_id where s.import_id = ? and s.name = 'Ivy Orchardist'`, [importId])).toEqual(
      [{ property_count: 2 }],
    );
  });
});

describe("refusals", () => {
  it("checks the mapping like the wizard: errors by column index, nothing recorded", async () => {
    const officer = await access();
    const dataKey = await stage(STAKEHOLDER_CSV, officer);
    const count = async () => (await sql<{ n: number }>("select count(*)::int as n from import_record"))[0]!.n;
    const before = await count();
    const bad = await refusal(() => startImport(officer, { dataKey, importType: "stakeholders", mapping: { "Full Name": "name", Mobile: "favouriteFood", Active: "custom:  " } }));
    expect(bad.status).toBe(400);
    expect(bad.fieldErrors).toEqual({ "2": "Choose a field from the list", "5": "Enter a name for the new field" });
    const none = await refusal(() => startImport(officer, { dataKey, importType: "stakeholders", mapping: { "Full Name": "skip" } }));
    expect(none.fieldErrors).toEqual({ _form: "Map at least one column to a field before importing" });
    const unknown = await refusal(() => startImport(officer, { dataKey, importType: "stakeholders", mapping: { Nickname: "name" } }));
    expect(unknown.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("refuses a viewer (403) and another client's data or import (404)", async () => {
    const officer = await access();
    const viewer = await access("seed-viewer");
    const secondOwner = await access("seed-second-owner", COASTAL);
    const dataKey = await stage(STAKEHOLDER_CSV, officer);
    expect((await refusal(() => startImport(viewer, { dataKey, importType: "stakeholders", mapping: STAKEHOLDER_MAPPING }))).status).toBe(403);
    expect((await refusal(() => startImport(secondOwner, { dataKey, importType: "stakeholders", mapping: STAKEHOLDER_MAPPING }))).status).toBe(404);
    const { importId } = await importCsv("Name\nSolo Person\n", "stakeholders", { Name: "name" }, officer);
    expect((await refusal(() => getImport(viewer, importId))).status).toBe(403);
    expect((await refusal(() => getImport(secondOwner, importId))).status).toBe(404);
    expect((await refusal(() => undoImport(secondOwner, importId))).status).toBe(404);
    expect((await refusal(() => skippedRowsCsv(secondOwner, importId))).status).toBe(404);
    expect((await refusal(() => undoImport(viewer, importId))).status).toBe(403);
    expect((await withRequestContext(() => getImport(officer, importId))).status).toBe("completed");
  });
});

describe("all or nothing", () => {
  it("leaves the project exactly as before when the job's connection is killed mid-way, then the retry applies once", async () => {
    const officer = await access();
    const rows = ["Name,Email", ...Array.from({ length: 3000 }, (_, i) => `Person ${i + 1},p${i + 1}@example.com`)].join("\n");
    const dataKey = await stage(rows, officer);
    const before = await projectState(officer.project.id);
    importJobSettings.readBatch = 500;
    importJobSettings.insertBatch = 500;
    let killed = 0;
    importJobSettings.afterBatch = async (id, processed) => {
      // Kill once, after three batches are written inside the open transaction.
      if (killed || processed < 1500) return;
      const [{ n } = { n: 0 }] = await sql<{ n: number }>(`select count(*)::int as n from stakeholder where import_id = ?`, [id]);
      expect(n).toBe(0); // not visible outside the transaction
      const [progress] = await sql<{ processed_rows: number; status: string }>("select processed_rows, status from import_record where id = ?", [id]);
      expect(progress).toEqual({ processed_rows: processed, status: "running" });
      const terminated = await sql<{ ok: boolean }>("select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = ?", [importConnectionName(id)]);
      killed = terminated.filter((t) => t.ok).length;
    };
    const { importId } = await withRequestContext(() => startImport(officer, { dataKey, importType: "stakeholders", mapping: { Name: "name", Email: "email" } }));

    // Failed, nothing written; the retry comes three seconds later.
    const deadline = Date.now() + 15_000;
    let failed: Record<string, unknown> | undefined;
    while (Date.now() < deadline && !failed) {
      [failed] = await sql("select status, error, attempts from import_record where id = ? and status = 'failed'", [importId]);
      if (!failed) await new Promise((r) => setTimeout(r, 50));
    }
    expect(killed).toBe(1);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, error: expect.stringMatching(/connection was lost.*Nothing was imported/) });
    expect(await projectState(officer.project.id)).toEqual(before);

    // waitForImport waits through a failure that pg-boss will retry (three seconds later; the rest of the
    // budget is for a machine busy with the other test files: 20 s once ran out there).
    const view = await withRequestContext(() => waitForImport(officer, importId, 45_000));
    expect(view).toMatchObject({ status: "completed", error: null, processedRows: 3000, counts: { imported: 3000 } });
    const [record] = await sql<{ attempts: number }>("select attempts from import_record where id = ?", [importId]);
    expect(record!.attempts).toBe(2);
    const after = await projectState(officer.project.id);
    expect(after.stakeholders).toBe(before.stakeholders + 3000);

    // A second delivery of the same job does nothing.
    expect(await runImportJob({ importId })).toEqual({ applied: false });
    expect(await projectState(officer.project.id)).toEqual(after);
  }, 90_000);

  it("runs one import of a project at a time (stately queue): a second waits, a third is refused", async () => {
    const officer = await access();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldId = 0;
    importJobSettings.afterBatch = async (id) => {
      if (id === heldId) await held;
    };
    const first = await withRequestContext(() => startImport(officer, { dataKey: "", importType: "stakeholders", mapping: {} }).catch(() => null));
    expect(first).toBeNull(); // (an empty dataKey is simply not found)
    const keyA = await stage("Name\nFirst A\nFirst B\n", officer);
    const keyB = await stage("Name\nSecond A\n", officer);
    const keyC = await stage("Name\nThird A\n", officer);
    const a = await withRequestContext(() => startImport(officer, { dataKey: keyA, importType: "stakeholders", mapping: { Name: "name" } }));
    heldId = a.importId;
    // A is held inside its transaction; B is queued behind it.
    const deadline = Date.now() + 10_000;
    while ((await sql<{ status: string }>("select status from import_record where id = ?", [a.importId]))[0]!.status !== "running" && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const b = await withRequestContext(() => startImport(officer, { dataKey: keyB, importType: "stakeholders", mapping: { Name: "name" } }));
    await new Promise((r) => setTimeout(r, 1500));
    expect((await withRequestContext(() => getImport(officer, b.importId))).status).toBe("queued");
    const c = await refusal(() => startImport(officer, { dataKey: keyC, importType: "stakeholders", mapping: { Name: "name" } }));
    expect(c).toMatchObject({ status: 409, code: "IMPORT_WAITING" });
    release();
    const doneB = await withRequestContext(() => waitForImport(officer, b.importId, 20_000));
    const doneA = await withRequestContext(() => getImport(officer, a.importId));
    expect([doneA.status, doneB.status]).toEqual(["completed", "completed"]);
    const [times] = await sql<{ ok: boolean }>("select (select started_at from import_record where id = ?) >= (select finished_at from import_record where id = ?) as ok", [b.importId, a.importId]);
    expect(times!.ok).toBe(true);
  });
});

describe("undo", () => {
  it("removes what the import created, audited, and cannot run twice", async () => {
    const officer = await access();
    const manager = await access("seed-project-manager");
    const before = await projectState(officer.project.id);
    const { importId } = await importCsv("Name\nUndo One\nUndo Two\n", "stakeholders", { Name: "name" }, officer);
    expect(await withRequestContext(() => undoImport(manager, importId))).toEqual({ removed: 2, restored: 0 });
    expect((await sql("select id from stakeholder where import_id = ?", [importId])).length).toBe(0);
    const view = await withRequestContext(() => getImport(officer, importId));
    expect(view).toMatchObject({ status: "undone", canUndo: false });
    const audits = await sql<{ action: string }>("select action from audit_log where project_id = ? order by id desc limit 3", [officer.project.id]);
    expect(audits.map((a) => a.action)).toEqual(["import.undo", "stakeholder.delete", "stakeholder.delete"]);
    expect((await projectState(officer.project.id)).stakeholders).toBe(before.stakeholders);
    expect(await refusal(() => undoImport(manager, importId))).toMatchObject({ status: 409 });
  });

  it("is refused, naming how many and why, when rows were edited or linked since; nothing is removed", async () => {
    const officer = await access();
    const manager = await access("seed-project-manager");
    const edited = await importCsv("Name\nEdit Me\nLeave Me\nAnd Me\n", "stakeholders", { Name: "name" }, officer);
    const [target] = await sql<{ id: number }>("select id from stakeholder where import_id = ? and name = 'Edit Me'", [edited.importId]);
    await withRequestContext(() => updateStakeholder(officer, target!.id, { name: "Edited Person" } as never));
    const refused = await refusal(() => undoImport(manager, edited.importId));
    expect(refused).toMatchObject({ status: 409, code: "IMPORT_CHANGED_SINCE" });
    expect(refused.message).toBe("This import cannot be undone: of the 3 stakeholders it created, 1 was edited since it ran. Nothing was removed.");
    expect((await sql("select id from stakeholder where import_id = ?", [edited.importId])).length).toBe(3);

    const linked = await importCsv("Name\nLink Me\nNot Me\n", "stakeholders", { Name: "name" }, officer);
    const [person] = await sql<{ id: number }>("select id from stakeholder where import_id = ? and name = 'Link Me'", [linked.importId]);
    const [parcel] = await sql<{ id: number }>("select id from property where project_id = ? order by id limit 1", [officer.project.id]);
    await withRequestContext(() => setStakeholderProperties(officer, person!.id, [parcel!.id]));
    const refusedLinked = await refusal(() => undoImport(manager, linked.importId));
    expect(refusedLinked.message).toBe("This import cannot be undone: of the 2 stakeholders it created, 1 was linked to properties, interactions or documents since it ran. Nothing was removed.");
    expect((await withRequestContext(() => getImport(officer, linked.importId))).status).toBe("completed");
  });

  it("needs the right to delete the records it removes: an officer who may import is refused (403) and nothing is removed", async () => {
    const officer = await access();
    const { importId } = await importCsv("Name\nKeep Me Officer\n", "stakeholders", { Name: "name" }, officer);
    const before = await projectState(officer.project.id);
    const refused = await refusal(() => undoImport(officer, importId));
    expect(refused).toMatchObject({ status: 403, message: UNDO_NEEDS_DELETE });
    expect((await sql("select id from stakeholder where import_id = ?", [importId])).length).toBe(1);
    expect((await withRequestContext(() => getImport(officer, importId))).status).toBe("completed");
    expect((await projectState(officer.project.id)).stakeholders).toBe(before.stakeholders);
  });
});

describe("POST /api/file/import", () => {
  const post = (role: string, body: Record<string, unknown>) => call(() => apiImport({ request: jsonRequest(`${BASE}/api/file/import`, env.cookies[role]!, "POST", body), params: {}, context: {} }));

  it("answers the spec's counts once the job has committed", async () => {
    // Other people than the earlier tests imported: theirs would now be pending duplicates.
    const dataKey = await stage(
      STAKEHOLDER_CSV.replace(/Ada Landholder/g, "Fay Quarry")
        .replace(/Bob Grazier/g, "Gus Dairy")
        .replace(/Eve Vineyard/g, "Hal Apiary")
        .replace(/(ada|bob|eve)@/g, "$1.api@")
        .replace("0400 111 222", "0400 999 888"),
    );
    const response = await post("officer", { dataKey, importType: "stakeholders", mapping: STAKEHOLDER_MAPPING, projectId: env.westernId });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      importId: expect.any(Number),
      imported: 3,
      updated: 0,
      skipped: 3,
      autoMergedProperties: 0,
      pendingDuplicates: [],
      pendingDuplicateCount: 0,
      stakeholdersCreated: 3,
      stakeholdersLinked: 0,
      created: 3,
      linked: 0,
    });
  });

  it("refuses a viewer (403), another client's dataKey (404) and a bad payload (400)", async () => {
    const dataKey = await stage(STAKEHOLDER_CSV);
    expect((await post("viewer", { dataKey, importType: "stakeholders", mapping: STAKEHOLDER_MAPPING, projectId: env.westernId })).status).toBe(403);
    expect((await post("second_owner", { dataKey, importType: "stakeholders", mapping: STAKEHOLDER_MAPPING, projectId: env.secondProjectId })).status).toBe(404);
    const bad = await post("officer", { dataKey, importType: "buildings", mapping: STAKEHOLDER_MAPPING, projectId: env.westernId });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Choose stakeholders, properties or parcels", errors: { importType: "Choose stakeholders, properties or parcels" } });
    expect((await post("officer", { dataKey, importType: "stakeholders", mapping: JSON.stringify(STAKEHOLDER_MAPPING), projectId: env.westernId })).status).toBe(200);
  });
});
