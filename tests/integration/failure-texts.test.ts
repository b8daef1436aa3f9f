import { getOrm, withRequestContext } from "../../db/orm";
import { SEEDED_ACCOUNTS } from "../../db/seeders/seeded-accounts";
import { accessFor } from "../factories/access";
import { consumeFlash } from "../../app/modules/auth/flash.server";
import { parseUpload } from "../../app/modules/import/staging.server";
import { startImport, waitForImport } from "../../app/modules/import/imports.server";
import { listPendingDuplicates } from "../../app/modules/import/duplicates.server";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { createStakeholder } from "../../app/modules/stakeholder/stakeholder.server";
import { StakeholderSchema } from "../../app/modules/stakeholder/schemas";
import { recordEngagement } from "../../app/modules/engagement/engagement.server";
import { EngagementSchema } from "../../app/modules/engagement/schemas";
import { resetEnvCache } from "../../app/utils/env.server";
import { action as databaseManagementAction } from "../../app/routes/database-management";
import { action as stakeholderApi } from "../../app/routes/api.stakeholders.$id";
import { action as engagementApi } from "../../app/routes/api.engagements.$id";
import { action as subscriptionAction } from "../../app/routes/subscription";
import { action as switchApi } from "../../app/routes/api.auth.switch-to-system-admin";
import { loader as phasesLoader } from "../../app/routes/projects.$id.phases";
import { loader as planningLoader } from "../../app/routes/projects.$id.phases_.planning";
import { action as duplicatesPageAction } from "../../app/routes/import_.$id_.duplicates";
import { action as resolveApi } from "../../app/routes/api.resolve-duplicates";
import { action as uploadPageAction } from "../../app/routes/import";
import { action as parseApi } from "../../app/routes/api.file.parse";
import { action as parseSheetApi } from "../../app/routes/api.file.parse-sheet";
import { action as sheetPageAction } from "../../app/routes/import_.sheet";
import { fixture } from "./support/import-files";
import { withCancelledQuery } from "./support/cancelled-query";
import { call, formRequest, jsonRequest, multipartRequest, useUploadTestEnvironment, type FilePart } from "./support/uploads";

/**
 * The "Failed to …" texts of screens whose failures used to end on the error page (docs/errors.md#failures):
 * each failure is forced in PostgreSQL (a trigger, a constraint or a cancelled query), the page shows the
 * text as a flash or on its form, the /api twin answers it as its message with 500, and nothing changed.
 */
const env = useUploadTestEnvironment("failure-texts");
const BASE = "http://localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => withRequestContext(() => getOrm().em.getConnection().execute(query, params) as Promise<T[]>);
const flashOf = (role: string) => withRequestContext(async () => (await consumeFlash(new Request(`${BASE}/`, { headers: { Cookie: env.cookies[role]! } }))).flash);

/** Deletes from `table` fail while the returned function has not been called. */
async function refuseDeletes(table: string): Promise<() => Promise<void>> {
  await sql(`create or replace function test_refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'deletes refused by the test'; end $$`);
  await sql(`create trigger test_refuse_delete before delete on "${table}" for each row execute function test_refuse_delete()`);
  return async () => {
    await sql(`drop trigger test_refuse_delete on "${table}"`);
  };
}

describe("Failed to delete record (Database Management, DELETE /api/{recordType}/{id})", () => {
  it("a delete that fails is a flash on the page and 500 on the /api, and the record stays", async () => {
    const owner = await withRequestContext(() => accessFor("seed-client-owner", "Western Pipeline Stage 2"));
    const id = (await withRequestContext(() => createStakeholder(owner, StakeholderSchema.parse({ name: "Undeletable Person" })))).id;
    const engagementId = (await withRequestContext(() => recordEngagement(owner, id, EngagementSchema.parse({ subject: "Undeletable visit", type: "meeting" })))).id;
    await flashOf("client_owner");
    const allow = await refuseDeletes("stakeholder");
    const allowEngagements = await refuseDeletes("engagement");
    try {
      const page = await call(() =>
        databaseManagementAction(
          args(
            formRequest(`${BASE}/database-management?projectId=${env.westernId}`, env.cookies.client_owner!, {
              intent: "delete-record",
              records: "stakeholders",
              search: "Undeletable",
              id: String(id),
            }),
          ),
        ),
      );
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe(`/database-management?projectId=${env.westernId}&records=stakeholders&search=Undeletable`);
      expect(await flashOf("client_owner")).toEqual({ kind: "error", title: "Error", description: "Failed to delete record" });

      const api = await call(() => stakeholderApi(args(jsonRequest(`${BASE}/api/stakeholders/${id}?projectId=${env.westernId}`, env.cookies.client_owner!, "DELETE"), { id: String(id) })));
      expect(api.status).toBe(500);
      expect(await api.json()).toEqual({ message: "Failed to delete record", code: "DELETE_FAILED" });
      const engagement = await call(() =>
        engagementApi(args(jsonRequest(`${BASE}/api/engagements/${engagementId}?projectId=${env.westernId}`, env.cookies.client_owner!, "DELETE"), { id: String(engagementId) })),
      );
      expect(engagement.status).toBe(500);
      expect(await engagement.json()).toEqual({ message: "Failed to delete record", code: "DELETE_FAILED" });
      expect(await sql(`select id from stakeholder where id = ?`, [id])).toEqual([{ id }]);
      expect(await sql(`select id from engagement where id = ?`, [engagementId])).toEqual([{ id: engagementId }]);
    } finally {
      await allow();
      await allowEngagements();
    }
    // A refusal keeps its own answer: another project's id is still 404, not a failure.
    const missing = await call(() => stakeholderApi(args(jsonRequest(`${BASE}/api/stakeholders/${id}?projectId=${env.northernId}`, env.cookies.client_owner!, "DELETE"), { id: String(id) })));
    expect(missing.status).toBe(404);
    // Once the database lets it, the same delete works.
    const deleted = await call(() => stakeholderApi(args(jsonRequest(`${BASE}/api/stakeholders/${id}?projectId=${env.westernId}`, env.cookies.client_owner!, "DELETE"), { id: String(id) })));
    expect(deleted.status).toBe(200);
  });
});

describe("Failed to switch to system admin (Switch to System Admin, POST /api/auth/switch-to-system-admin)", () => {
  const director = SEEDED_ACCOUNTS.find((a) => a.id === "seed-director")!;

  afterAll(() => {
    delete process.env.SYSTEM_ADMIN_EMAILS;
    resetEnvCache();
  });

  it("a switch that fails is a flash on /subscription and 500 on the /api; the role and the audit are unchanged, and a refusal stays 403", async () => {
    process.env.SYSTEM_ADMIN_EMAILS = director.login;
    resetEnvCache();
    await sql(`update "user" set auth_subject = 'http://localhost/oidc|seed-director' where id = 'seed-director'`);
    await sql(`alter table "user" add constraint test_refuse_switch check (system_role <> 'system_admin' or id <> 'seed-director') not valid`);
    await flashOf("director");
    try {
      const page = await call(() => subscriptionAction(args(formRequest(`${BASE}/subscription`, env.cookies.director!, { intent: "switch-to-system-admin" }))));
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe("/subscription");
      expect(await flashOf("director")).toEqual({ kind: "error", title: "Error", description: "Failed to switch to system admin. Please try again." });
      const api = await call(() => switchApi(args(jsonRequest(`${BASE}/api/auth/switch-to-system-admin`, env.cookies.director!, "POST"))));
      expect(api.status).toBe(500);
      expect(await api.json()).toEqual({ message: "Failed to switch to system admin. Please try again.", code: "SWITCH_FAILED" });
    } finally {
      await sql(`alter table "user" drop constraint test_refuse_switch`);
    }
    expect(await sql(`select system_role from "user" where id = 'seed-director'`)).toEqual([{ system_role: "director" }]);
    expect(await sql(`select id from audit_log where action = 'auth.switch_to_system_admin'`)).toEqual([]);
    // Someone not listed is refused as before: 403 with its own reason.
    const refused = await call(() => switchApi(args(jsonRequest(`${BASE}/api/auth/switch-to-system-admin`, env.cookies.officer!, "POST"))));
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("You are not allowed to switch to system admin.");
  });
});

describe("Error loading project details (project phases)", () => {
  const load = (loader: typeof phasesLoader | typeof planningLoader, path: string, id: number | string) =>
    call(() => loader(args(new Request(`${BASE}${path}`, { headers: { Cookie: env.cookies.client_owner! } }), { id: String(id) })) as Promise<Response>);

  it("a load that fails shows the message in place of the screen (500), on the overview and on a part's form", async () => {
    const url = getOrm().config.get("clientUrl")!;
    const overview = await withCancelledQuery(url, "project_phase_form", () => load(phasesLoader, `/projects/${env.westernId}/phases`, env.westernId));
    expect(overview.status).toBe(500);
    expect(await overview.json()).toEqual({ loadError: "Error loading project details. Please try again." });
    const planning = await withCancelledQuery(url, "project_phase_form", () => load(planningLoader, `/projects/${env.westernId}/phases/planning`, env.westernId));
    expect(planning.status).toBe(500);
    expect(await planning.json()).toEqual({ loadError: "Error loading project details. Please try again." });
    // The refusals keep their answers, and the screen loads again.
    const missing = await load(phasesLoader, "/projects/99999999/phases", 99999999);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: "Project ID not found" });
    expect((await load(phasesLoader, "/projects/abc/phases", "abc")).status).toBe(400);
    const loaded = await load(phasesLoader, `/projects/${env.westernId}/phases`, env.westernId);
    expect(loaded.status).toBe(200);
    expect(await loaded.json()).toMatchObject({ project: { id: env.westernId } });
  });
});

describe("Failed to resolve duplicates (the duplicates step, POST /api/resolve-duplicates)", () => {
  beforeAll(async () => {
    await startJobs(getOrm(), { queues: JOB_QUEUES, workers: true, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await stopJobs(2000);
  });

  it("a resolution that fails is shown on the step's form and is 500 on the /api; nothing is created and the rows stay open", async () => {
    const officer = await withRequestContext(() => accessFor("seed-officer", "Western Pipeline Stage 2", "viewData"));
    await withRequestContext(() => createStakeholder(officer, StakeholderSchema.parse({ name: "Resolve Existing", email: "resolve.existing@example.com" })));
    const request = multipartRequest(`${BASE}/import?projectId=${officer.project.id}`, "", [], {
      filename: "dupes.csv",
      body: Buffer.from("Name,Email\nResolve Incoming,resolve.existing@example.com\n"),
      type: "text/csv",
    });
    const { result } = await withRequestContext(() => parseUpload(officer, request));
    const { importId } = await withRequestContext(() => startImport(officer, { dataKey: result.dataKey!, importType: "stakeholders", mapping: { Name: "name", Email: "email" } }));
    expect((await withRequestContext(() => waitForImport(officer, importId, 30_000))).status).toBe("completed");
    const pending = (await withRequestContext(() => listPendingDuplicates(officer, importId))).items;
    expect(pending).toHaveLength(1);
    const pendingId = pending[0]!.id;
    const count = () => sql(`select count(*)::int as n from stakeholder where project_id = ?`, [officer.project.id]);
    const before = await count();

    await sql(`alter table import_record add constraint test_refuse_resolve check (duplicates_resolved_at is null) not valid`);
    try {
      const page = await call(() =>
        duplicatesPageAction(
          args(formRequest(`${BASE}/import/${importId}/duplicates?projectId=${officer.project.id}`, env.cookies.officer!, { intent: "resolve", [`choice-${pendingId}`]: "create" }), {
            id: String(importId),
          }),
        ),
      );
      expect(page.status).toBe(500);
      expect(await page.json()).toMatchObject({ formId: "import-duplicates", fieldErrors: { _form: "Failed to resolve duplicates" } });
      const api = await call(() =>
        resolveApi(
          args(
            jsonRequest(`${BASE}/api/resolve-duplicates`, env.cookies.officer!, "POST", {
              projectId: officer.project.id,
              importId,
              resolutions: [{ type: "stakeholder", action: "create", pendingId }],
            }),
          ),
        ),
      );
      expect(api.status).toBe(500);
      expect(await api.json()).toEqual({ error: "Failed to resolve duplicates", message: "Failed to resolve duplicates", code: "RESOLVE_FAILED" });
    } finally {
      await sql(`alter table import_record drop constraint test_refuse_resolve`);
    }
    expect(await count()).toEqual(before);
    expect(await sql(`select duplicates_resolved_at from import_record where id = ?`, [importId])).toEqual([{ duplicates_resolved_at: null }]);
    // A refusal keeps its own text: the same rows, resolved meanwhile by someone else, are 409.
    const done = await call(() =>
      resolveApi(
        args(
          jsonRequest(`${BASE}/api/resolve-duplicates`, env.cookies.officer!, "POST", { projectId: officer.project.id, importId, resolutions: [{ type: "stakeholder", action: "create", pendingId }] }),
        ),
      ),
    );
    expect(done.status).toBe(200);
  });
});

describe("Failed to parse {TYPE} file, Failed to parse selected sheet, Unsupported file format (the upload and sheet steps, their /api)", () => {
  const staged = async () => (await sql<{ n: number }>(`select count(*)::int as n from import_workbook`))[0]!.n;
  const uploadPage = (file: FilePart) =>
    call(() => uploadPageAction(args(multipartRequest(`${BASE}/import?projectId=${env.westernId}`, env.cookies.officer!, [["importType", "stakeholders"]], file))));
  const uploadApi = (file: FilePart) =>
    call(() => parseApi(args(multipartRequest(`${BASE}/api/file/parse?projectId=${env.westernId}`, env.cookies.officer!, [["fileType", "csv"]], file))) as Promise<Response>);

  it("a file that fails to be staged is 'Failed to parse CSV file' (Excel, …) on the form and on the /api, and nothing is staged", async () => {
    const before = await staged();
    await sql(`alter table import_workbook add constraint test_refuse_staging check (file_name not like 'fail-me%') not valid`);
    try {
      const csv = await uploadPage({ filename: "fail-me.csv", body: Buffer.from("Name\nAda\n"), type: "text/csv" });
      expect(csv.status).toBe(500);
      expect(await csv.json()).toMatchObject({ formId: "import-upload", title: "Failed to parse file", fieldErrors: { file: "Failed to parse CSV file" } });
      const xlsx = await uploadPage({ filename: "fail-me.xlsx", body: fixture("landholders.xlsx") });
      expect(await xlsx.json()).toMatchObject({ title: "Failed to parse file", fieldErrors: { file: "Failed to parse Excel file" } });
      const api = await uploadApi({ filename: "fail-me.csv", body: Buffer.from("Name\nAda\n"), type: "text/csv" });
      expect(api.status).toBe(500);
      expect(await api.json()).toEqual({ error: "Failed to parse CSV file", message: "Failed to parse CSV file", title: "Failed to parse file", code: "IMPORT_PARSE_FAILED" });
    } finally {
      await sql(`alter table import_workbook drop constraint test_refuse_staging`);
    }
    expect(await staged()).toBe(before);
  });

  it("a sheet that fails to be read is 'Failed to parse selected sheet' on the sheet step and on the /api", async () => {
    const workbook = await (
      await call(
        () =>
          parseApi(
            args(multipartRequest(`${BASE}/api/file/parse?projectId=${env.westernId}`, env.cookies.officer!, [], { filename: "book.xlsx", body: fixture("landholders.xlsx") })),
          ) as Promise<Response>,
      )
    ).json();
    expect(workbook.hasMultipleSheets).toBe(true);
    const url = getOrm().config.get("clientUrl")!;
    const page = await withCancelledQuery(url, "import_staged_data", () =>
      call(() =>
        sheetPageAction(
          args(formRequest(`${BASE}/import/sheet?projectId=${env.westernId}`, env.cookies.officer!, { workbookKey: workbook.workbookKey, selectedSheet: "Parcels", importType: "properties" })),
        ),
      ),
    );
    expect(page.status).toBe(500);
    expect(await page.json()).toMatchObject({ formId: "import-sheet", fieldErrors: { selectedSheet: "Failed to parse selected sheet" }, repopulateFields: { selectedSheet: "Parcels" } });
    const api = await withCancelledQuery(url, "import_staged_data", () =>
      call(() =>
        parseSheetApi(args(jsonRequest(`${BASE}/api/file/parse-sheet`, env.cookies.officer!, "POST", { projectId: env.westernId, workbookKey: workbook.workbookKey, selectedSheet: "Parcels" }))),
      ),
    );
    expect(api.status).toBe(500);
    expect(await api.json()).toEqual({ error: "Failed to parse selected sheet", message: "Failed to parse selected sheet", code: "IMPORT_SHEET_FAILED" });
    // A sheet the workbook does not have keeps its own, more specific text.
    const missing = await call(() =>
      parseSheetApi(args(jsonRequest(`${BASE}/api/file/parse-sheet`, env.cookies.officer!, "POST", { projectId: env.westernId, workbookKey: workbook.workbookKey, selectedSheet: "Nope" }))),
    );
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toMatch(/^Failed to parse selected sheet: the workbook has no sheet named/);
  });

  it("a file of another type: the /api says 'Unsupported file format. …', the wizard's upload check its own text; a specific reason stays", async () => {
    const api = await uploadApi({ filename: "notes.txt", body: Buffer.from("hello"), type: "text/plain" });
    expect(api.status).toBe(415);
    expect(await api.json()).toEqual({
      error: "Unsupported file format. Please upload CSV, Excel (.xlsx, .xls), or PDF files.",
      message: "Unsupported file format. Please upload CSV, Excel (.xlsx, .xls), or PDF files.",
      title: "Invalid File",
      code: "IMPORT_FILE_REFUSED",
    });
    const page = await uploadPage({ filename: "notes.txt", body: Buffer.from("hello"), type: "text/plain" });
    expect(page.status).toBe(415);
    expect(await page.json()).toMatchObject({ title: "Invalid File", fieldErrors: { file: "Please select a CSV, Excel (.xlsx, .xls), or PDF file." } });
    const notAWorkbook = await uploadApi({ filename: "sheet.xlsx", body: Buffer.from("plain text, not a workbook") });
    expect(notAWorkbook.status).toBe(422);
    expect((await notAWorkbook.json()).message).toMatch(/^The file is not a valid Excel workbook/);
  });
});
