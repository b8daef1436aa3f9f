import ExcelJS from "exceljs";
import { action, loader } from "../../app/routes/export";
import { loader as downloadLoader } from "../../app/routes/export_.download.$token";
import { mappingFieldName } from "../../app/modules/export/column-list";
import { templateMappings } from "../../app/modules/export/export-templates";
import type { ExportMapping } from "../../app/modules/export/export-modes";
import { consumeFlash } from "../../app/modules/auth/flash.server";
import { getOrm, withRequestContext } from "../../db/orm";
import { withCancelledQuery } from "./support/cancelled-query";
import { call, useUploadTestEnvironment } from "./support/uploads";

/**
 * The /export page against a real PostgreSQL (docs/export.md): the loader's templates and fallbacks, the
 * column list's postbacks (what a browser without JavaScript sends), the checks before an export,
 * and the download that follows the redirect: the file, once, and only for the user who asked.
 */
const env = useUploadTestEnvironment("export-page");
const BASE = "http://localhost:3000";

const page = (query: string, role = "viewer") => call(() => loader({ request: new Request(`${BASE}/export?${query}`, { headers: { Cookie: env.cookies[role]! } }), params: {}, context: {} }));

/** The form as the page renders it: hidden id, the checkbox only when ticked, the field and the name. */
function formOf(mappings: ExportMapping[], extra: Record<string, string>): URLSearchParams {
  const form = new URLSearchParams(extra);
  mappings.forEach((mapping, index) => {
    form.append(mappingFieldName(index, "id"), mapping.id);
    if (mapping.enabled) form.append(mappingFieldName(index, "enabled"), "on");
    form.append(mappingFieldName(index, "dbField"), mapping.dbField);
    form.append(mappingFieldName(index, "customColumnName"), mapping.customColumnName);
  });
  return form;
}

function post(query: string, form: URLSearchParams, role = "viewer") {
  const request = new Request(`${BASE}/export?${query}`, { method: "POST", headers: { Cookie: env.cookies[role]!, "Content-Type": "application/x-www-form-urlencoded" }, body: form });
  return call(() => action({ request, params: {}, context: {} }));
}

function download(location: string, role = "viewer") {
  const token = location.split("/").pop()!;
  return call(() => downloadLoader({ request: new Request(`${BASE}${location}`, { headers: { Cookie: env.cookies[role]! } }), params: { token }, context: {} }));
}

async function headerOf(response: Response): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
  return (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
}

describe("/export", () => {
  it("starts each type and mode from its template, with the project's custom fields to choose from", async () => {
    await getOrm().em.getConnection().execute(`update property set custom_fields = '{"Parish":"Molong"}' where id = (select min(id) from property where project_id = ?)`, [env.westernId]);
    const search = await (await page(`projectId=${env.westernId}&type=properties&mode=search-report`)).json();
    expect(search).toMatchObject({ type: "properties", mode: "search-report", modeNotice: null });
    expect(search.mappings).toEqual(templateMappings("properties", "search-report"));
    expect(search.mappings).toHaveLength(22);
    expect(search.options.custom).toEqual([{ key: "custom:Parish", label: "Parish" }]);
    expect(search.fileNames.xlsx).toMatch(/^properties_export_\d{4}-\d{2}-\d{2}\.xlsx$/);

    const all = await (await page(`projectId=${env.westernId}&type=properties&mode=all-fields`)).json();
    expect(all.mappings.at(-1)).toMatchObject({ dbField: "custom:Parish", customColumnName: "Parish" });

    // A properties-only mode asked for stakeholders falls back to Standard and says why.
    const fallback = await (await page(`projectId=${env.westernId}&type=stakeholders&mode=search-report`)).json();
    expect(fallback).toMatchObject({ type: "stakeholders", mode: "standard" });
    expect(fallback.modeNotice).toContain("Search Report is for properties only");
    expect(fallback.mappings).toHaveLength(10);
  });

  it("gives another client's project 404 and no project the No Project Selected state", async () => {
    expect((await page(`projectId=${env.westernId}`, "second_owner")).status).toBe(404);
    expect(await (await page("")).json()).toEqual({ project: null });
  });

  it("edits the posted list without JavaScript: move, remove, add; an unticked box reads as not enabled", async () => {
    const list = templateMappings("stakeholders", "custom");
    list[1]!.enabled = false;
    list[0]!.customColumnName = "Landholder";
    const query = `projectId=${env.westernId}`;
    const moved = await (await post(query, formOf(list, { exportType: "stakeholders", mode: "custom", format: "csv", intent: `up:${list[2]!.id}` }))).json();
    expect(moved.mappings.map((m: ExportMapping) => m.customColumnName)).toEqual([
      "Landholder",
      list[2]!.customColumnName,
      list[1]!.customColumnName,
      list[3]!.customColumnName,
      list[4]!.customColumnName,
    ]);
    expect(moved.mappings[2].enabled).toBe(false);
    expect(moved.format).toBe("csv");
    expect(moved.focus).toEqual({ rowId: list[2]!.id, control: "up" });
    expect(moved.announcement).toBe(`${list[2]!.customColumnName} moved up to position 2.`);

    const removed = await (await post(query, formOf(list, { exportType: "stakeholders", mode: "custom", intent: `remove:${list[0]!.id}` }))).json();
    expect(removed.mappings).toHaveLength(4);
    expect(removed.mappings[0].id).toBe(list[1]!.id);

    const added = await (await post(query, formOf(list, { exportType: "stakeholders", mode: "custom", intent: "add" }))).json();
    expect(added.mappings).toHaveLength(6);
    expect(added.mappings[5]).toEqual({ id: "6", dbField: "", customColumnName: "", enabled: true });
    expect(added.focus).toEqual({ rowId: "6", control: "first" });

    const updated = await (await post(query, formOf(list, { exportType: "stakeholders", mode: "custom", intent: "update" }))).json();
    expect(updated.announcement).toBe("4 of 5 columns will be exported.");
    expect(updated.fieldErrors).toEqual({});
  });

  it("refuses an export without an exported column, with an unknown field, or without a project, keeping the list", async () => {
    const list = templateMappings("engagements", "custom").map((m) => ({ ...m, enabled: false }));
    const none = await post(`projectId=${env.westernId}`, formOf(list, { exportType: "engagements", mode: "custom", intent: "export" }));
    expect(none.status).toBe(422);
    const noneBody = await none.json();
    expect(noneBody.fieldErrors).toEqual({ _form: "Please select at least one field to export" });
    expect(noneBody.mappings).toEqual(list);

    const forged = [{ id: "1", dbField: "passwordHash", customColumnName: "Secrets", enabled: true }];
    const unknown = await (await post(`projectId=${env.westernId}`, formOf(forged, { exportType: "engagements", mode: "custom", intent: "export" }))).json();
    expect(unknown.fieldErrors[mappingFieldName(0, "dbField")]).toBe("Unknown field for engagements: passwordHash");

    const noProject = await post("", formOf(templateMappings("engagements", "standard"), { exportType: "engagements", mode: "standard", intent: "export" }));
    expect(noProject.status).toBe(400);
    expect(await noProject.json()).toMatchObject({ title: "No Project Selected", fieldErrors: { _form: "Please select a project before exporting" } });
  });

  it("downloads a checked export once, for the user who asked, with the columns as posted", async () => {
    const list = templateMappings("properties", "standard");
    list[0]!.customColumnName = "Address of the title";
    list[1]!.enabled = false;
    const started = await post(`projectId=${env.westernId}&type=properties`, formOf(list, { exportType: "properties", mode: "standard", format: "xlsx", intent: "export" }));
    expect(started.status).toBe(303);
    expect(started.headers.get("X-Remix-Reload-Document")).toBe("true");
    const location = started.headers.get("Location")!;
    expect(location).toMatch(/^\/export\/download\/[A-Za-z0-9_-]{20,}$/);

    // Another user cannot use the token: it lives in the asker's session.
    const stolen = await download(location, "officer");
    expect(stolen.status).toBe(302);
    expect(stolen.headers.get("Location")).toBe("/export");

    const file = await download(location);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(/attachment; filename="properties_export_\d{4}-\d{2}-\d{2}\.xlsx"/);
    const header = await headerOf(file);
    // The standard template's 26 columns, one of them unticked.
    expect(header).toHaveLength(25);
    expect(header[0]).toBe("Address of the title");
    expect(header).not.toContain("Volume");

    const again = await download(location);
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/export");
  });

  it("offers an engagement's Description and Priority and exports them without JavaScript", async () => {
    const start = await (await page(`projectId=${env.westernId}&type=engagements&mode=custom`)).json();
    expect(start.options.fields).toEqual(
      expect.arrayContaining([
        { key: "description", label: "Description" },
        { key: "priority", label: "Priority" },
      ]),
    );
    // Two rows of the custom list changed to the new fields, one to an earlier field name, as a plain form posts them.
    const list: ExportMapping[] = [
      ...start.mappings.slice(0, 3),
      { id: "6", dbField: "description", customColumnName: "What happened", enabled: true },
      { id: "7", dbField: "priority", customColumnName: "Priority", enabled: true },
      { id: "8", dbField: "outcomes", customColumnName: "Result", enabled: true },
    ];
    const started = await post(`projectId=${env.westernId}&type=engagements&mode=custom`, formOf(list, { exportType: "engagements", mode: "custom", format: "xlsx", intent: "export" }));
    expect(started.status).toBe(303);
    const file = await download(started.headers.get("Location")!);
    expect(file.status).toBe(200);
    expect(await headerOf(file)).toEqual(["Date", "Engagement Type", "Subject", "What happened", "Priority", "Result"]);
  });

  it("a download whose query fails goes back to the page with Export Failed: Failed to export data", async () => {
    const flashOf = (role: string) => withRequestContext(async () => (await consumeFlash(new Request(`${BASE}/export`, { headers: { Cookie: env.cookies[role]! } }))).flash);
    await flashOf("viewer"); // whatever an earlier test left
    const list = templateMappings("engagements", "custom");
    const started = await post(`projectId=${env.westernId}&type=engagements&mode=custom`, formOf(list, { exportType: "engagements", mode: "custom", format: "csv", intent: "export" }));
    expect(started.status).toBe(303);
    const failed = await withCancelledQuery(getOrm().config.get("clientUrl")!, "engagement", () => download(started.headers.get("Location")!));
    expect(failed.status).toBe(302);
    expect(failed.headers.get("Location")).toBe("/export?type=engagements&mode=custom");
    expect(failed.headers.get("Content-Disposition")).toBeNull();
    expect(await flashOf("viewer")).toEqual({ kind: "error", title: "Export Failed", description: "Failed to export data" });
  });

  it("past the user's download budget, the page's download goes back with Export Failed and what to do, and works again once one ends", async () => {
    const flashOf = (role: string) => withRequestContext(async () => (await consumeFlash(new Request(`${BASE}/export`, { headers: { Cookie: env.cookies[role]! } }))).flash);
    await flashOf("viewer");
    const list = templateMappings("stakeholders", "standard");
    const start = () => post(`projectId=${env.westernId}&type=stakeholders&mode=standard`, formOf(list, { exportType: "stakeholders", mode: "standard", format: "csv", intent: "export" }));
    // Two downloads whose bodies nobody reads yet hold the viewer's two slots.
    const open = [await download((await start()).headers.get("Location")!), await download((await start()).headers.get("Location")!)];
    expect(open.map((r) => r.status)).toEqual([200, 200]);
    const refused = await download((await start()).headers.get("Location")!);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/export?type=stakeholders");
    expect(await flashOf("viewer")).toEqual({ kind: "error", title: "Export Failed", description: "You already have 2 downloads in progress. Please wait for one to finish, then try again." });
    expect((await open[0]!.text()).length).toBeGreaterThan(0);
    await open[1]!.body!.cancel();
    expect((await download((await start()).headers.get("Location")!)).status).toBe(200);
  });
});
