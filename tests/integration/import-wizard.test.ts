import ExcelJS from "exceljs";
import { Stakeholder } from "../../db/entities/index";
import { db, getOrm, withRequestContext } from "../../db/orm";
import { action as uploadAction, loader as uploadLoader } from "../../app/routes/import";
import { action as sheetAction, loader as sheetLoader } from "../../app/routes/import_.sheet";
import { action as mappingAction, loader as mappingLoader } from "../../app/routes/import_.mapping";
import { loader as progressLoader } from "../../app/routes/import_.$id";
import { loader as skippedCsvLoader } from "../../app/routes/import_.$id_.skipped[.]csv";
import { action as historyAction, loader as historyLoader } from "../../app/routes/imports";
import { MAPPING_MESSAGES } from "../../app/modules/import/column-mapping";
import { INVALID_FILE_MESSAGE, PROJECT_REQUIRED_MESSAGE } from "../../app/modules/import/wizard";
import { call, formRequest, multipartRequest, useUploadTestEnvironment, type FilePart } from "./support/uploads";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";

/**
 * The import wizard's pages (docs/import.md#wizard-steps): each step's loader and action called as Remix calls them,
 * against a real database, the real staging and the real import job.
 */
const env = useUploadTestEnvironment("import-wizard");
const BASE = "http://localhost:3000";
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

// The import runs as the real pg-boss job, with this process as its worker.
beforeAll(async () => {
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: true, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await stopJobs();
});

async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > until) throw new Error("Timed out waiting for the import");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const inWestern = (path: string) => `${BASE}${path}${path.includes("?") ? "&" : "?"}projectId=${env.westernId}`;
const get = (path: string, role = "officer") => new Request(inWestern(path), { headers: { Cookie: env.cookies[role]! } });
const location = (response: Response) => response.headers.get("Location") ?? "";

async function json(response: Response): Promise<any> {
  return response.json();
}

/** A mobile number of this file only: the import holds back a phone already in the project as a likely duplicate. */
const phone = () => `04${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

const CSV = (suffix: string) =>
  Buffer.from(
    [
      "Full Name,E-mail Address,Mobile,Postal Address,Favourite Colour,Member Type",
      `Ada Wizard ${suffix},ada.${suffix}@example.com,${phone()},1 Creek Rd,Green,Individual`,
      `Ben Wizard ${suffix},ben.${suffix}@example.com,${phone()},2 Creek Rd,Blue,Nonsense`,
      `Cy Wizard ${suffix},,${phone()},3 Creek Rd,,Organisation`,
    ].join("\r\n") + "\r\n",
  );

function upload(file: FilePart | null, importType = "stakeholders", role = "officer", project: number | null = env.westernId) {
  const url = project === null ? `${BASE}/import` : `${BASE}/import?projectId=${project}`;
  const request = multipartRequest(url, env.cookies[role]!, [["importType", importType]], file);
  return call(() => uploadAction(args(request)) as Promise<Response>);
}

/** Uploads a CSV and returns its data key (from the redirect to the mapping step). */
async function stageCsv(suffix: string, role = "officer") {
  const response = await upload({ filename: `landholders-${suffix}.csv`, body: CSV(suffix), type: "text/csv" }, "stakeholders", role);
  expect(response.status).toBe(302);
  const to = new URL(location(response), BASE);
  expect(to.pathname).toBe("/import/mapping");
  return to.searchParams.get("data")!;
}

function postMapping(dataKey: string, fields: Record<string, string>, role = "officer") {
  const request = formRequest(inWestern("/import/mapping?" + new URLSearchParams({ data: dataKey, type: "stakeholders" })), env.cookies[role]!, { dataKey, importType: "stakeholders", ...fields });
  return call(() => mappingAction(args(request)) as Promise<Response>);
}

describe("upload step", () => {
  it("without a selected project shows Project Required, and refuses the post with the spec's words", async () => {
    const page = await call(() => uploadLoader(args(new Request(`${BASE}/import`, { headers: { Cookie: env.cookies.officer! } }))) as Promise<Response>);
    expect(await json(page)).toEqual({ project: null });
    const response = await upload({ filename: "a.csv", body: CSV("np") }, "stakeholders", "officer", null);
    expect(response.status).toBe(400);
    expect((await json(response)).fieldErrors).toEqual({ _form: PROJECT_REQUIRED_MESSAGE });
  });

  it("is a 403 page for a viewer, and a viewer's upload is refused with 403 before the file is staged", async () => {
    const page = await call(() => uploadLoader(args(get("/import", "viewer"))) as Promise<Response>);
    expect(page.status).toBe(403);
    const response = await upload({ filename: "a.csv", body: CSV("viewer") }, "stakeholders", "viewer");
    expect(response.status).toBe(403);
  });

  it("refuses a file of another type with the spec's message under the title Invalid File", async () => {
    const response = await upload({ filename: "notes.txt", body: Buffer.from("just some text\n"), type: "text/plain" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = await json(response);
    expect(body.fieldErrors).toEqual({ file: INVALID_FILE_MESSAGE });
    expect(body.title).toBe("Invalid File");
  });

  it("a refused file keeps the import type that was chosen", async () => {
    for (const file of [
      { filename: "notes.txt", body: Buffer.from("just some text\n"), type: "text/plain" },
      { filename: "parcels.xlsx", body: Buffer.from("<html><body>not a workbook</body></html>"), type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
    ]) {
      const body = await json(await upload(file, "properties"));
      expect(body.repopulateFields, file.filename).toEqual({ importType: "properties" });
    }
  });

  it("a CSV goes to the mapping step with the File Parsed Successfully flash; the mapping shows 3 samples and the automatic guess", async () => {
    const dataKey = await stageCsv("map");
    const page = await call(() => mappingLoader(args(get(`/import/mapping?data=${dataKey}&type=stakeholders`))) as Promise<Response>);
    expect(page.status).toBe(200);
    const data = await json(page);
    expect(data.staged.totalRows).toBe(3);
    expect(data.columns.map((c: { name: string; target: string }) => [c.name, c.target])).toEqual([
      ["Full Name", "name"],
      ["E-mail Address", "email"],
      ["Mobile", "mobile"],
      ["Postal Address", "address"],
      ["Favourite Colour", "skip"],
      ["Member Type", "memberType"],
    ]);
    expect(data.columns[0].sampleData).toEqual(["Ada Wizard map", "Ben Wizard map", "Cy Wizard map"]);
    expect(data.fields.map((f: { key: string }) => f.key)).toContain("name");
  });
});

describe("sheet step", () => {
  async function workbook(): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    book.addWorksheet("Cover notes").addRows([
      ["Prepared by", "Council"],
      ["Date", "2026-01-01"],
    ]);
    const landholders = book.addWorksheet("Landholders");
    landholders.addRows([
      ["Name", "Email"],
      ["Sheet Person One", "one@example.com"],
      ["Sheet Person Two", "two@example.com"],
      ["Sheet Person Three", "three@example.com"],
    ]);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it("a workbook with several sheets lists their real names and row counts, and the chosen sheet goes to the mapping", async () => {
    const response = await upload({ filename: "title-search.xlsx", body: await workbook(), type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    expect(response.status).toBe(302);
    const to = new URL(location(response), BASE);
    expect(to.pathname).toBe("/import/sheet");
    const workbookKey = to.searchParams.get("workbook")!;
    const page = await json(await call(() => sheetLoader(args(get(`/import/sheet?workbook=${workbookKey}&type=stakeholders`))) as Promise<Response>));
    expect(page.workbook.sheets).toEqual([
      { name: "Cover notes", rowCount: 1 },
      { name: "Landholders", rowCount: 3 },
    ]);

    const none = await call(
      () =>
        sheetAction(args(formRequest(inWestern(`/import/sheet?workbook=${workbookKey}&type=stakeholders`), env.cookies.officer!, { workbookKey, importType: "stakeholders" }))) as Promise<Response>,
    );
    expect(none.status).toBe(400);
    expect((await json(none)).fieldErrors).toEqual({ selectedSheet: "Select the sheet to import" });

    const chosen = await call(
      () =>
        sheetAction(
          args(formRequest(inWestern(`/import/sheet?workbook=${workbookKey}&type=stakeholders`), env.cookies.officer!, { workbookKey, importType: "stakeholders", selectedSheet: "Landholders" })),
        ) as Promise<Response>,
    );
    expect(chosen.status).toBe(302);
    const mapping = new URL(location(chosen), BASE);
    expect(mapping.pathname).toBe("/import/mapping");
    const data = await json(await call(() => mappingLoader(args(get(`/import/mapping?data=${mapping.searchParams.get("data")}&type=stakeholders`))) as Promise<Response>));
    expect(data.staged.sheet).toBe("Landholders");
    expect(data.columns.map((c: { name: string }) => c.name)).toEqual(["Name", "Email"]);
  });
});

describe("mapping step", () => {
  it("refuses an unnamed new field and a mapping with nothing mapped, keeping every choice", async () => {
    const dataKey = await stageCsv("invalid");
    const choices = {
      "target-0": "name",
      "target-1": "skip",
      "target-2": "create_new",
      "newFieldName-2": "  ",
      "target-3": "address",
      "target-4": "create_new",
      "newFieldName-4": "Colour",
      "target-5": "skip",
    };
    const response = await postMapping(dataKey, choices);
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.fieldErrors).toEqual({ "newFieldName-2": `Mobile: ${MAPPING_MESSAGES.newFieldName}` });
    expect(body.repopulateFields).toMatchObject(choices);

    const nothing = await postMapping(dataKey, Object.fromEntries([0, 1, 2, 3, 4, 5].map((i) => [`target-${i}`, "skip"])));
    expect(nothing.status).toBe(422);
    expect((await json(nothing)).fieldErrors).toEqual({ _form: MAPPING_MESSAGES.noneMapped });

    const twice = await postMapping(dataKey, { "target-0": "name", "target-1": "name" });
    expect((await json(twice)).fieldErrors).toEqual({ "target-1": `E-mail Address: ${MAPPING_MESSAGES.alreadyChosen("Name", "Full Name")}` });
  });

  it("a viewer's mapping post is 403", async () => {
    const dataKey = await stageCsv("viewer-map");
    const response = await postMapping(dataKey, { "target-0": "name" }, "viewer");
    expect(response.status).toBe(403);
  });

  it("imports the mapped rows: progress page, counts, skipped rows as a CSV download, then undo from the history", async () => {
    const suffix = `ok${Date.now().toString(36)}`;
    const dataKey = await stageCsv(suffix);
    const response = await postMapping(dataKey, {
      "target-0": "name",
      "target-1": "email",
      "target-2": "mobile",
      "target-3": "address",
      "target-4": "create_new",
      "newFieldName-4": "Favourite colour",
      "target-5": "memberType",
    });
    expect(response.status).toBe(302);
    const match = /^\/import\/(\d+)$/.exec(location(response));
    expect(match).not.toBeNull();
    const id = match![1]!;

    const view = await waitFor(async () => {
      const data = await json(await call(() => progressLoader(args(get(`/import/${id}`), { id })) as Promise<Response>));
      return data.import.status === "completed" || data.import.status === "failed" ? data : null;
    });
    expect(view.import.status).toBe("completed");
    expect(view.import.counts).toMatchObject({ imported: 2, skipped: 1 });
    expect(view.skipped.total).toBe(1);
    expect(view.skipped.rows[0]).toMatchObject({ rowNumber: 3, column: "Member Type", value: "Nonsense" });

    const created = await withRequestContext(() => db().find(Stakeholder, { project: env.westernId, name: { $like: `%Wizard ${suffix}` } }, { orderBy: { name: "asc" } }));
    expect(created.map((s) => s.name)).toEqual([`Ada Wizard ${suffix}`, `Cy Wizard ${suffix}`]);
    expect(created[0]!.customFields).toMatchObject({ "Favourite colour": "Green" });

    const csv = await call(() => skippedCsvLoader(args(get(`/import/${id}/skipped.csv`), { id })) as Promise<Response>);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename=/);
    expect(await csv.text()).toContain("Nonsense");

    // The officer who imported may not undo (it deletes records: docs/import.md#undo); a project manager may.
    const officerHistory = await json(await call(() => historyLoader(args(get(`/imports?undo=${id}`))) as Promise<Response>));
    expect(officerHistory.imports.find((row: { id: number }) => String(row.id) === id).canUndo).toBe(false);
    expect(officerHistory.undoing).toBeNull();
    const history = await json(await call(() => historyLoader(args(get(`/imports?undo=${id}`, "project_manager"))) as Promise<Response>));
    expect(history.imports.some((row: { id: number }) => String(row.id) === id)).toBe(true);
    expect(String(history.undoing.id)).toBe(id);

    const undo = await call(() => historyAction(args(formRequest(inWestern("/imports"), env.cookies.project_manager!, { intent: "undo", id, back: `?undo=${id}` }))) as Promise<Response>);
    expect(undo.status).toBe(302);
    expect(location(undo)).toBe("/imports");
    const left = await withRequestContext(() => db().count(Stakeholder, { project: env.westernId, name: { $like: `%Wizard ${suffix}` } }));
    expect(left).toBe(0);
  });
});

describe("a failed import", () => {
  it("offers Try again back to the mapping of the same staged file while it is kept, else to the upload", async () => {
    const suffix = `failed${Date.now().toString(36)}`;
    const dataKey = await stageCsv(suffix);
    // A job that failed after its retries: the record says so and the staged rows are kept.
    const [{ id }] = (await getOrm()
      .em.getConnection()
      .execute(
        `insert into import_record (project_id, client_id, created_by_id, file_name, import_type, status, data_key, mapping, total_rows, error)
         select id, client_id, 'seed-officer', 'landholders.csv', 'stakeholders', 'failed', ?, '{}'::jsonb, 3, 'The database connection was lost' from project where id = ?
         returning id`,
        [dataKey, env.westernId],
      )) as { id: number }[];
    const progress = async () => json(await call(() => progressLoader(args(get(`/import/${id}`), { id: String(id) })) as Promise<Response>));

    const failed = await progress();
    expect(failed.import.status).toBe("failed");
    expect(failed.retryUrl).toBe(`/import/mapping?${new URLSearchParams({ data: dataKey, type: "stakeholders" })}`);

    await getOrm().em.getConnection().execute("delete from import_staged_data where data_key = ?", [dataKey]);
    expect((await progress()).retryUrl).toBe("/import?type=stakeholders");
  });
});

describe("another client's or user's keys and imports are 404", () => {
  it("another client's owner cannot open or post the officer's staged data, workbook or import", async () => {
    const dataKey = await stageCsv("foreign");
    const foreign = (path: string) => new Request(`${BASE}${path}${path.includes("?") ? "&" : "?"}projectId=${env.secondProjectId}`, { headers: { Cookie: env.cookies.second_owner! } });
    const mapping = await call(() => mappingLoader(args(foreign(`/import/mapping?data=${dataKey}&type=stakeholders`))) as Promise<Response>);
    expect(mapping.status).toBe(404);
    const sheet = await call(() => sheetLoader(args(foreign(`/import/sheet?workbook=${dataKey}&type=stakeholders`))) as Promise<Response>);
    expect(sheet.status).toBe(404);
    const post = await call(
      () =>
        mappingAction(
          args(formRequest(`${BASE}/import/mapping?projectId=${env.secondProjectId}&data=${dataKey}`, env.cookies.second_owner!, { dataKey, importType: "stakeholders", "target-0": "name" })),
        ) as Promise<Response>,
    );
    expect(post.status).toBe(404);

    // The officer's own import, asked for from the other client's project.
    const response = await postMapping(dataKey, { "target-0": "name" });
    const id = /^\/import\/(\d+)$/.exec(location(response))![1]!;
    for (const [loader, path] of [
      [progressLoader, `/import/${id}`],
      [skippedCsvLoader, `/import/${id}/skipped.csv`],
    ] as const) {
      const answer = await call(() => loader(args(foreign(path), { id })) as Promise<Response>);
      expect(answer.status).toBe(404);
    }
    const undo = await call(() => historyAction(args(formRequest(`${BASE}/imports?projectId=${env.secondProjectId}`, env.cookies.second_owner!, { intent: "undo", id }))) as Promise<Response>);
    expect(undo.status).toBe(404);
  });

  it("another user's staged data in the same project is 404 too (staging is bound to the user who uploaded)", async () => {
    const dataKey = await stageCsv("other-user");
    const page = await call(() => mappingLoader(args(get(`/import/mapping?data=${dataKey}&type=stakeholders`, "project_manager"))) as Promise<Response>);
    expect(page.status).toBe(404);
  });

  it("a malformed or unknown import id is 404", async () => {
    for (const id of ["abc", "0", "99999999"]) {
      const answer = await call(() => progressLoader(args(get(`/import/${id}`), { id })) as Promise<Response>);
      expect(answer.status).toBe(404);
    }
  });
});
