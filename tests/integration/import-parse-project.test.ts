import { getOrm, withRequestContext } from "../../db/orm";
import { action as dashboardAction } from "../../app/routes/_index";
import { action as parseApi } from "../../app/routes/api.file.parse";
import { action as parseSheetApi } from "../../app/routes/api.file.parse-sheet";
import { fixture } from "./support/import-files";
import { call, formRequest, jsonRequest, multipartRequest, useUploadTestEnvironment } from "./support/uploads";

/**
 * POST /api/file/parse and /api/file/parse-sheet work in the project the call names, else in the project
 * selected in the session; "No project selected" only when there is neither (docs/import.md#api).
 */
const env = useUploadTestEnvironment("import-parse-project");
const BASE = "http://localhost:3000";
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => withRequestContext(() => getOrm().em.getConnection().execute(query, params) as Promise<T[]>);
const NO_PROJECT = { error: "No project selected", message: "No project selected", code: "INVALID_PROJECT" };

/** The officer selects Western on the dashboard; the director selects nothing. */
beforeAll(async () => {
  const selected = await call(() => dashboardAction(args(formRequest(`${BASE}/`, env.cookies.officer!, { projectId: String(env.westernId) }))));
  expect(selected.status).toBe(302);
});

const parse = (role: string, query = "", fields: [string, string][] = []) =>
  call(() =>
    parseApi(args(multipartRequest(`${BASE}/api/file/parse${query}`, env.cookies[role]!, [["fileType", "excel"], ...fields], { filename: "landholders.xlsx", body: fixture("landholders.xlsx") }))),
  );
const parseSheet = (role: string, body: Record<string, unknown>, query = "") => call(() => parseSheetApi(args(jsonRequest(`${BASE}/api/file/parse-sheet${query}`, env.cookies[role]!, "POST", body))));
const projectOf = async (workbookKey: string) => (await sql<{ project_id: number }>(`select project_id from import_workbook where workbook_key = ?`, [workbookKey]))[0]?.project_id;

describe("POST /api/file/parse", () => {
  it("works in the project named in the query or the form", async () => {
    const byQuery = await parse("director", `?projectId=${env.northernId}`);
    expect(byQuery.status).toBe(200);
    expect(await projectOf((await byQuery.json()).workbookKey)).toBe(env.northernId);
    const byForm = await parse("director", "", [["projectId", String(env.northernId)]]);
    expect(byForm.status).toBe(200);
    expect(await projectOf((await byForm.json()).workbookKey)).toBe(env.northernId);
  });

  it("without a projectId, works in the project selected in the session", async () => {
    const response = await parse("officer");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ fileType: "excel", hasMultipleSheets: true });
    expect(await projectOf(body.workbookKey)).toBe(env.westernId);
  });

  it("with neither, says No project selected (400) and stages nothing", async () => {
    const before = await sql(`select count(*)::int as n from import_workbook`);
    const response = await parse("director");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(NO_PROJECT);
    expect(await sql(`select count(*)::int as n from import_workbook`)).toEqual(before);
  });
});

describe("POST /api/file/parse-sheet", () => {
  it("works with projectId, without it in the session's project, and says No project selected with neither", async () => {
    const named = await (await parse("officer", `?projectId=${env.westernId}`)).json();
    const withId = await parseSheet("officer", { projectId: env.westernId, workbookKey: named.workbookKey, selectedSheet: "Parcels" });
    expect(withId.status).toBe(200);
    expect(await withId.json()).toMatchObject({ totalRows: 3, selectedSheet: "Parcels" });

    const fromSession = await parseSheet("officer", { workbookKey: named.workbookKey, selectedSheet: "Parcels" });
    expect(fromSession.status).toBe(200);
    expect(await fromSession.json()).toMatchObject({ totalRows: 3, selectedSheet: "Parcels" });

    // The director's upload, in Northern; without a projectId and with no selection the sheet call is refused.
    const directors = await (await parse("director", `?projectId=${env.northernId}`)).json();
    const neither = await parseSheet("director", { workbookKey: directors.workbookKey, selectedSheet: "Parcels" });
    expect(neither.status).toBe(400);
    expect(await neither.json()).toEqual(NO_PROJECT);
    // The session's project is the one checked: the officer's Western selection does not reach Northern's upload.
    expect((await parseSheet("officer", { workbookKey: directors.workbookKey, selectedSheet: "Parcels" })).status).toBe(404);
  });
});
