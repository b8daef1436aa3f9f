import ExcelJS from "exceljs";
import * as XLSX from "xlsx";
import { getOrm, withRequestContext } from "../../db/orm";
import { accessFor } from "../factories/access";
import { action as exportAction } from "../../app/routes/api.export.excel";
import { exportData, listCustomFieldNames } from "../../app/modules/export/excel-export.server";
import { loadExportPage } from "../../app/modules/export/export-page.server";
import { templateMappings } from "../../app/modules/export/export-templates";
import type { ExportMapping } from "../../app/modules/export/export-modes";
import type { ExportMode } from "../../app/modules/export/export-modes";
import type { ExportType } from "../../app/modules/export/export-types";
import { projectToday } from "../../app/modules/calendar/today";
import { withCancelledQuery } from "./support/cancelled-query";
import { call, jsonRequest, useUploadTestEnvironment } from "./support/uploads";

/** POST /api/export/excel against a real PostgreSQL; every file is read back with exceljs and SheetJS. */
const env = useUploadTestEnvironment("export-excel");
const BASE = "http://localhost:3000";
const EVIL = '=HYPERLINK("http://x","y")';
const ZOE = "Zoë Ngô";
let projectId = 0;

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;
const one = async (query: string, params: unknown[] = []) => (await sql<{ id: number }>(query, params))[0]!.id;

beforeAll(async () => {
  const [client] = await sql<{ id: number }>(`select id from client where name = 'Demo Land Consultancy'`);
  // Perth (UTC+8) so instants and dates near midnight UTC prove nothing shifts by zone.
  projectId = await one(`insert into project (name, client_id, owner_id, settings) values ('Export Test', ?, 'seed-client-owner', '{"defaultTimezone":"Australia/Perth"}') returning id`, [client!.id]);
  await sql(`insert into project_membership (user_id, project_id, role) values ('seed-viewer', ?, 'viewer')`, [projectId]);
  const stakeholder = (name: string, extra: string, values: unknown[]) =>
    one(`insert into stakeholder (user_id, project_id, name, ${extra}) values ('seed-officer', ?, ?, ${values.map(() => "?").join(", ")}) returning id`, [projectId, name, ...values]);
  const zoe = await stakeholder(ZOE, "email, phone, address, member_type, stakeholder_category, influence_level, iap2engagement_level, last_contact, next_action_due_date, custom_fields", [
    "zoe@example.com",
    "+61 400 111 222",
    "1 Rue Street, Orange NSW 2800",
    "Individual",
    "Resident",
    "High",
    "Consult",
    "2025-03-01T02:30:00Z",
    "2025-07-01",
    JSON.stringify({ "Preferred contact": "Phone", Acres: 40 }),
  ]);
  const evil = await stakeholder(EVIL, "email, mobile", ["evil@example.com", "0400 999 888"]);
  const ann = await stakeholder("Ann Lee", "address, last_contact", ["PO Box 5, Orange NSW 2800", "2025-05-20T23:00:00Z"]);
  const parcel = await one(
    `insert into property (project_id, stakeholder_id, address, volume, folio, lot_plan_line, proprietors, area, estimated_value, has_laa, laa_expiry_date, custom_fields)
     values (?, ?, '12 Farm Road, Molong NSW 2866', '1234', '56', 'Lot 1 DP 123456', ?, '40.5', 1250000.50, true, '2026-01-31', ?) returning id`,
    [projectId, zoe, JSON.stringify([ZOE, "Ann Lee"]), JSON.stringify({ Parish: "Molong", LGA: "Cabonne" })],
  );
  await one(`insert into property (project_id, address, area, custom_fields) values (?, '-5 Hill Lane', '2.43 ha', '{"parish":"Boree"}') returning id`, [projectId]);
  for (const s of [zoe, ann]) await sql(`insert into stakeholder_property (stakeholder_id, property_id, project_id) values (?, ?, ?)`, [s, parcel, projectId]);
  await sql(
    `insert into engagement (project_id, stakeholder_id, user_id, type, subject, completed_at, follow_up_required, follow_up_date, attendees) values (?, ?, 'seed-officer', 'call', 'Access discussion', '2025-03-01T02:30:00Z', true, '2025-03-09T16:30:00Z', ?)`,
    [projectId, zoe, JSON.stringify([ZOE, "Oscar Officer"])],
  );
  await sql(`insert into engagement (project_id, stakeholder_id, user_id, type, subject, scheduled_at) values (?, ?, 'seed-officer', 'meeting', '+61 400', '2025-04-02T01:00:00Z')`, [projectId, evil]);
});

function post(body: Record<string, unknown>, role = "viewer", query = "") {
  return call(() => exportAction({ request: jsonRequest(`${BASE}/api/export/excel${query}`, env.cookies[role]!, "POST", body), params: {}, context: {} }));
}

async function exportFile(exportType: ExportType, mode: ExportMode, format: "xlsx" | "csv" = "xlsx", mappings?: ExportMapping[], custom: string[] = []) {
  const response = await post({ projectId, exportType, mode, format, mappings: mappings ?? templateMappings(exportType, mode, custom) });
  expect(
    response.status,
    await response
      .clone()
      .text()
      .catch(() => ""),
  ).toBe(200);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function readExcelJs(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** Every cell of the first sheet as SheetJS reads it (dates as Dates). */
function readSheetJs(bytes: Buffer) {
  const workbook = XLSX.read(bytes, { type: "buffer", cellDates: true, cellNF: true });
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
  return { workbook, sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null }) };
}

function expectNoFormula(sheetjs: XLSX.WorkSheet, exceljs: ExcelJS.Worksheet) {
  for (const [address, cell] of Object.entries(sheetjs)) if (!address.startsWith("!")) expect((cell as XLSX.CellObject).f, address).toBeUndefined();
  exceljs.eachRow((row) => row.eachCell((cell) => expect(cell.type, cell.address).not.toBe(ExcelJS.ValueType.Formula)));
}

const headerNames = (mappings: ExportMapping[]) => mappings.filter((m) => m.enabled).map((m) => m.customColumnName);

describe("POST /api/export/excel", () => {
  it("exports stakeholders (standard): headers, typed dates, text that looks like a formula, accents", async () => {
    const { response, bytes } = await exportFile("stakeholders", "standard");
    expect(response.headers.get("Content-Type")).toContain("spreadsheetml");
    expect(response.headers.get("Content-Disposition")).toContain(`stakeholders_export_${projectToday("Australia/Perth")}.xlsx`);
    const workbook = await readExcelJs(bytes);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(headerNames(templateMappings("stakeholders", "standard")));
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.rowCount).toBe(4);

    const { workbook: sj, sheet: sjSheet, rows } = readSheetJs(bytes);
    expect(sj.SheetNames).toEqual(["Stakeholders"]);
    expect(rows[0]).toEqual(headers);
    // Ordered by name in the database's collation (which may ignore the "=").
    expect(rows.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(["Ann Lee", EVIL, ZOE]));
    expect(rows.at(-1)![0]).toBe(ZOE);
    const zoe = rows[3]!;
    expect(zoe[4]).toBe("+61 400 111 222");
    // Last contact 2025-03-01 02:30 UTC is 10:30 in Perth.
    const lastContact = sheet.getRow(4).getCell(9);
    expect(lastContact.value).toEqual(new Date(Date.UTC(2025, 2, 1, 10, 30)));
    expect(lastContact.numFmt).toBe("dd/mm/yyyy hh:mm");
    const sjLast = sjSheet["I4"] as XLSX.CellObject;
    expect(sjLast.t).toBe("d");
    expect(sjLast.z).toBe("dd/mm/yyyy hh:mm");
    const evilRow = rows.findIndex((r) => r[0] === EVIL) + 1;
    expect((sjSheet[`A${evilRow}`] as XLSX.CellObject).t).toBe("s");
    expect(sheet.getRow(evilRow).getCell(1).value).toBe(EVIL);
    expect((sjSheet["E4"] as XLSX.CellObject).t).toBe("s");
    expectNoFormula(sjSheet, sheet);
  });

  it("exports properties in every mode with the template's columns and linked stakeholders", async () => {
    for (const mode of ["standard", "search-report", "property-stakeholder", "custom"] as const) {
      const { bytes } = await exportFile("properties", mode);
      const { sheet, rows } = readSheetJs(bytes);
      const expected = headerNames(templateMappings("properties", mode));
      expect(rows[0], mode).toEqual(expected);
      expect(rows[0]!.length).toBe({ standard: 26, "search-report": 22, "property-stakeholder": 23, custom: 5 }[mode]);
      // Property + Stakeholder: one row per linked stakeholder (two for the farm), one for the unlinked lot.
      expect(rows.length - 1, mode).toBe(mode === "property-stakeholder" ? 3 : 2);
      const exceljs = (await readExcelJs(bytes)).worksheets[0]!;
      expect(exceljs.name).toBe("Properties");
      expectNoFormula(sheet, exceljs);
    }
    const { bytes } = await exportFile("properties", "standard");
    const { sheet, rows } = readSheetJs(bytes);
    // Rows follow the database's collation, which may or may not ignore the "-".
    const hill = rows.find((r) => r[0] === "-5 Hill Lane");
    const farm = rows.find((r) => r[0] !== "-5 Hill Lane" && r !== rows[0]);
    const farmRow = rows.indexOf(farm!) + 1;
    expect(hill![0]).toBe("-5 Hill Lane");
    expect(hill![8]).toBe("2.43 ha");
    expect(hill![12]).toBe("No");
    expect(farm!.slice(0, 4)).toEqual(["12 Farm Road, Molong NSW 2866", "1234", "56", "Lot 1 DP 123456"]);
    expect(farm![6]).toBe(`${ZOE}; Ann Lee`);
    expect(farm![8]).toBe(40.5);
    // No parcels, so no affected area: the two columns after Area are empty.
    expect([farm![9], farm![10]]).toEqual([null, null]);
    expect(farm![12]).toBe("Yes");
    // LAA expiry 2026-01-31, a date-only value: the same day whatever the zone, shown dd/mm/yyyy.
    const expiry = sheet[`N${farmRow}`] as XLSX.CellObject;
    expect(expiry.t).toBe("d");
    expect(expiry.z).toBe("dd/mm/yyyy");
    expect((expiry.v as Date).toISOString().slice(0, 10)).toBe("2026-01-31");
    // Linked stakeholders: the primary owner first, joined with "; "; the latest contact of any.
    expect(farm![17]).toBe(`${ZOE}; Ann Lee`);
    expect(farm![18]).toBe("1 Rue Street, Orange NSW 2800; PO Box 5, Orange NSW 2800");
    expect(farm![19]).toBe("+61 400 111 222");
    expect((farm![25] as Date).toISOString()).toBe("2025-05-21T07:00:00.000Z");
  });

  it("exports all fields with the project's custom fields, money as numbers", async () => {
    const custom = await withRequestContext(async () => listCustomFieldNames(await accessFor("seed-viewer", "Export Test"), "properties"));
    expect(custom).toEqual(["LGA", "Parish", "parish"]);
    const mappings = templateMappings("properties", "all-fields", custom);
    const { bytes } = await exportFile("properties", "all-fields", "xlsx", mappings);
    const { sheet, rows } = readSheetJs(bytes);
    expect(rows[0]).toEqual(headerNames(mappings));
    const farmIndex = rows.findIndex((r) => r[0] === "12 Farm Road, Molong NSW 2866");
    const farm = rows[farmIndex]!;
    const hill = rows[farmIndex === 1 ? 2 : 1]!;
    const column = (name: string) => rows[0]!.indexOf(name);
    expect(farm[column("Estimated Value")]).toBe(1250000.5);
    const moneyCell = sheet[XLSX.utils.encode_cell({ r: farmIndex, c: column("Estimated Value") })] as XLSX.CellObject;
    expect(moneyCell.t).toBe("n");
    expect(farm[column("LGA")]).toBe("Cabonne");
    expect(hill[rows[0]!.lastIndexOf("parish")]).toBe("Boree");
  });

  it("exports every field of stakeholders and engagements (all-fields) and their custom mode", async () => {
    for (const type of ["stakeholders", "engagements"] as const) {
      for (const mode of ["all-fields", "custom"] as const) {
        const custom = mode === "all-fields" && type === "stakeholders" ? ["Acres", "Preferred contact"] : [];
        const mappings = templateMappings(type, mode, custom);
        const { bytes } = await exportFile(type, mode, "xlsx", mappings);
        const { sheet, rows } = readSheetJs(bytes);
        expect(rows[0], `${type} ${mode}`).toEqual(headerNames(mappings));
        expect(rows.length - 1).toBe(type === "stakeholders" ? 3 : 2);
        expectNoFormula(sheet, (await readExcelJs(bytes)).worksheets[0]!);
        if (type === "stakeholders" && mode === "all-fields") {
          const zoe = rows.find((r) => r[0] === ZOE)!;
          expect(zoe.slice(-2)).toEqual([40, "Phone"]);
          expect(zoe[rows[0]!.indexOf("Linked Volume/Folios")]).toBe("1234/56");
        }
      }
    }
  });

  it("exports engagements with the stakeholder and related property fields", async () => {
    const { bytes } = await exportFile("engagements", "standard");
    const { sheet, rows } = readSheetJs(bytes);
    expect(rows[0]).toEqual(headerNames(templateMappings("engagements", "standard")));
    expect(rows).toHaveLength(3);
    const [, call, meeting] = rows;
    expect(call!.slice(1, 4)).toEqual(["Phone Call", "Access discussion", ZOE]);
    expect(call![9]).toBe("Yes");
    // Follow-up at 16:30 UTC on the 9th is the 10th in Perth.
    expect((call![10] as Date).toISOString().slice(0, 10)).toBe("2025-03-10");
    expect((sheet["K2"] as XLSX.CellObject).z).toBe("dd/mm/yyyy");
    expect(call!.slice(11)).toEqual(["1234/56", "12 Farm Road, Molong NSW 2866", "Molong", "Cabonne"]);
    expect(meeting!.slice(1, 5)).toEqual(["In-Person Meeting", "+61 400", EVIL, "0400 999 888"]);
    expectNoFormula(sheet, (await readExcelJs(bytes)).worksheets[0]!);
  });

  it("writes CSV with a BOM, the same columns, RFC 4180 quoting, CRLF and neutralised formulas", async () => {
    const { response, bytes } = await exportFile("stakeholders", "standard", "csv");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain(`stakeholders_export_${projectToday("Australia/Perth")}.csv`);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8").slice(1);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(headerNames(templateMappings("stakeholders", "standard")).join(","));
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe("");
    expect(lines).toContain(`"'=HYPERLINK(""http://x"",""y"")",,,evil@example.com,,,,,,`);
    expect(lines[3]).toContain(`${ZOE},Individual,Resident,zoe@example.com,'+61 400 111 222,"1 Rue Street, Orange NSW 2800",High,Consult,01/03/2025 10:30,`);
    // SheetJS reads the same columns back, accents intact.
    const wb = XLSX.read(bytes.toString("utf8"), { type: "string" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 });
    expect(rows[3]![0]).toBe(ZOE);
  });

  it("lets a viewer export, refuses another client's project (404), no column (400) and no project", async () => {
    expect((await exportFile("stakeholders", "custom")).bytes.length).toBeGreaterThan(0);
    const mappings = templateMappings("stakeholders", "standard");
    const foreign = await post({ projectId: env.secondProjectId, exportType: "stakeholders", mappings }, "client_owner");
    expect(foreign.status).toBe(404);
    const none = await post({ projectId, exportType: "stakeholders", mappings: mappings.map((m) => ({ ...m, enabled: false })) });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: "Please select at least one field to export" });
    const blank = await post({ projectId, exportType: "stakeholders", mappings: [{ id: "1", dbField: "name", customColumnName: "  ", enabled: true }] });
    expect(blank.status).toBe(400);
    const noProject = await post({ exportType: "stakeholders", mappings });
    expect(noProject.status).toBe(400);
    expect(await noProject.json()).toMatchObject({ message: "Please select a project before exporting" });
    const wrongMode = await post({ projectId, exportType: "engagements", mode: "search-report", mappings });
    expect(wrongMode.status).toBe(400);
    const get = await call(() =>
      exportAction({ request: new Request(`${BASE}/api/export/excel?projectId=${projectId}`, { method: "PUT", headers: { Cookie: env.cookies.viewer! } }), params: {}, context: {} }),
    );
    expect(get.status).toBe(405);
  });

  it("records each export in the audit log (who, which records, which columns); a refused one is not recorded", async () => {
    const count = async () => Number((await sql<{ n: string }>(`select count(*) as n from audit_log where action = 'data.export' and project_id = ?`, [projectId]))[0]!.n);
    const before = await count();
    await exportFile("properties", "standard", "csv");
    const [row] = await sql<{ user_id: string; client_id: number; after: { exportType: string; format: string; mode: string; columns: string[] } }>(
      `select user_id, client_id, after from audit_log where action = 'data.export' and project_id = ? order by id desc limit 1`,
      [projectId],
    );
    expect(row).toMatchObject({ user_id: "seed-viewer", after: { exportType: "properties", format: "csv", mode: "standard" } });
    expect(row!.client_id).toBeGreaterThan(0);
    expect(row!.after.columns).toContain("address");
    const refused = await post({ projectId, exportType: "stakeholders", mappings: templateMappings("stakeholders", "standard").map((m) => ({ ...m, enabled: false })) });
    expect(refused.status).toBe(400);
    expect(await count()).toBe(before + 1);
  });

  it("streams 5,000 rows in batches with every row present", async () => {
    await sql(`insert into stakeholder (user_id, project_id, name, last_contact) select 'seed-officer', ?, 'Bulk ' || lpad(g::text, 5, '0'), '2025-01-01T00:00:00Z' from generate_series(1, 5000) g`, [
      projectId,
    ]);
    try {
      const { bytes } = await exportFile("stakeholders", "standard");
      const { rows } = readSheetJs(bytes);
      expect(rows).toHaveLength(5004);
      const csv = await exportFile("stakeholders", "custom", "csv");
      expect(csv.bytes.toString("utf8").split("\r\n")).toHaveLength(5004 + 1);

      // A download the client abandons stops the writer and gives its connection back, transaction ended.
      for (const format of ["xlsx", "csv"] as const) {
        const response = await post({ projectId, exportType: "stakeholders", mode: "standard", format, mappings: templateMappings("stakeholders", "standard") });
        const reader = response.body!.getReader();
        await reader.read();
        await reader.cancel();
      }
      await expect
        .poll(async () => (await sql<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`))[0]!.n, {
          timeout: 5000,
        })
        .toBe(0);
      expect((await exportFile("stakeholders", "custom")).bytes.length).toBeGreaterThan(0);
    } finally {
      await sql(`delete from stakeholder where project_id = ? and name like 'Bulk %'`, [projectId]);
    }
  });

  it("sizes the columns from their header and type, not Excel's default", async () => {
    const mappings: ExportMapping[] = [
      { id: "1", dbField: "name", customColumnName: "Landholder name as shown on the title", enabled: true },
      { id: "2", dbField: "email", customColumnName: "Email", enabled: true },
      { id: "3", dbField: "lastContact", customColumnName: "Last Contact", enabled: true },
      { id: "4", dbField: "propertyAddresses", customColumnName: "Properties", enabled: true },
    ];
    const { bytes } = await exportFile("stakeholders", "custom", "xlsx", mappings);
    const sheet = (await readExcelJs(bytes)).worksheets[0]!;
    // A long header: its length and two characters of room; text 18, an instant 17, a list 30.
    expect([1, 2, 3, 4].map((i) => sheet.getColumn(i).width)).toEqual([39, 18, 17, 30]);
  });

  it("a query that fails is 500 Failed to export data, and the connection goes back to the pool", async () => {
    const body = { projectId, exportType: "stakeholders", mode: "standard", format: "xlsx", mappings: templateMappings("stakeholders", "standard") };
    const failed = await withCancelledQuery(getOrm().config.get("clientUrl")!, "stakeholder", () => post(body));
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ message: "Failed to export data" });
    await expect
      .poll(async () => (await sql<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`))[0]!.n, {
        timeout: 5000,
      })
      .toBe(0);
    expect((await exportFile("stakeholders", "standard")).bytes.length).toBeGreaterThan(0);
  });

  it("names the file for today in the project's time zone (Perth), not UTC's or the default zone's", async () => {
    const request = { exportType: "stakeholders", mode: "custom", format: "csv", mappings: templateMappings("stakeholders", "custom") } as const;
    await withRequestContext(async () => {
      const access = await accessFor("seed-viewer", "Export Test");
      // 17:30 UTC on 1 March is 01:30 on 2 March in Perth (UTC+8).
      const lateUtc = await exportData(access, request, new Date("2025-03-01T17:30:00Z"));
      await lateUtc.body.cancel();
      expect(lateUtc.fileName).toBe("stakeholders_export_2025-03-02.csv");
      // 14:30 UTC is still 1 March in Perth, though already 2 March in Sydney (the default zone).
      const evening = await exportData(access, { ...request, format: "xlsx" }, new Date("2025-03-01T14:30:00Z"));
      await evening.body.cancel();
      expect(evening.fileName).toBe("stakeholders_export_2025-03-01.xlsx");
      // The page announces the same name.
      const page = await loadExportPage(access, new URL(`${BASE}/export?type=properties`), new Date("2025-03-01T17:30:00Z"));
      expect(page.fileNames).toEqual({ xlsx: "properties_export_2025-03-02.xlsx", csv: "properties_export_2025-03-02.csv" });
    });
  });

  it("CSV neutralises text that starts with '-' (a lot number like '-5 Hill Lane') but keeps negative numbers", async () => {
    const mappings: ExportMapping[] = [
      { id: "1", dbField: "address", customColumnName: "Address", enabled: true },
      { id: "2", dbField: "area", customColumnName: "Area", enabled: true },
    ];
    const { bytes } = await exportFile("properties", "custom", "csv", mappings);
    const lines = bytes.toString("utf8").slice(1).split("\r\n");
    expect(lines).toContain("'-5 Hill Lane,2.43 ha");
    expect(lines).toContain(`"12 Farm Road, Molong NSW 2866",40.5`);
  });
});

describe("engagement export: the spec's field names, description and priority", () => {
  let project = 0;
  /** The Perth calendar day `days` from today, as 'YYYY-MM-DD', and an instant at its noon. */
  const perthDay = (days: number) => {
    const [y, m, d] = projectToday("Australia/Perth").split("-").map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  };
  const noon = (days: number) => `${perthDay(days)}T04:00:00Z`;

  beforeAll(async () => {
    const [client] = await sql<{ id: number }>(`select id from client where name = 'Demo Land Consultancy'`);
    project = await one(`insert into project (name, client_id, owner_id, settings) values ('Export Priority', ?, 'seed-client-owner', '{"defaultTimezone":"Australia/Perth"}') returning id`, [
      client!.id,
    ]);
    await sql(`insert into project_membership (user_id, project_id, role) values ('seed-viewer', ?, 'viewer')`, [project]);
    const person = await one(`insert into stakeholder (user_id, project_id, name) values ('seed-officer', ?, 'Pat Rowe') returning id`, [project]);
    const engagement = (subject: string, completedDaysAgo: number, columns: Record<string, unknown>) =>
      sql(
        `insert into engagement (project_id, stakeholder_id, user_id, type, subject, completed_at${Object.keys(columns)
          .map((c) => `, ${c}`)
          .join("")})
         values (?, ?, 'seed-officer', 'call', ?, ?${Object.keys(columns)
           .map(() => ", ?")
           .join("")})`,
        [project, person, subject, noon(-completedDaysAgo), ...Object.values(columns)],
      );
    await engagement("Overdue follow-up", 9, {
      follow_up_required: true,
      follow_up_date: noon(-1),
      notes: "Talked through the gate locations.",
      key_topics: JSON.stringify(["Gates", " Stock "]),
      attendees: JSON.stringify(["Pat Rowe", "Oscar Officer"]),
    });
    await engagement("Follow-up today", 8, { follow_up_required: true, follow_up_date: noon(0), attendees: JSON.stringify(["Pat Rowe"]) });
    await engagement("Follow-up in a week", 7, { follow_up_required: true, follow_up_date: noon(7), notes: "  " });
    await engagement("Follow-up in eight days", 6, { follow_up_required: true, follow_up_date: noon(8) });
    await engagement("Follow-up without a date", 5, { follow_up_required: true });
    await engagement("No follow-up", 4, { follow_up_required: false, follow_up_date: noon(-3), notes: "Nothing to chase." });
  });

  it("exports description and priority with their values, the spec's names and the earlier ones alike", async () => {
    const names = ["title", "engagement_type", "description", "priority", "follow_up_date", "subject"];
    const mappings = names.map((dbField, i) => ({ id: String(i + 1), dbField, customColumnName: `C ${dbField}`, enabled: true }));
    const response = await post({ projectId: project, exportType: "engagements", mode: "custom", mappings });
    expect(response.status, await response.clone().text()).toBe(200);
    const { rows } = readSheetJs(Buffer.from(await response.arrayBuffer()));
    expect(rows[0]).toEqual(names.map((n) => `C ${n}`));
    const byTitle = new Map(rows.slice(1).map((r) => [r[0] as string, r]));
    const cells = (title: string) => {
      const row = byTitle.get(title)!;
      return { type: row[1], description: row[2], priority: row[3], subject: row[5] };
    };
    expect(cells("Overdue follow-up")).toEqual({
      type: "Phone Call",
      description: "Talked through the gate locations.\nKey topics: Gates; Stock\nAttendees: Pat Rowe; Oscar Officer",
      priority: "P1 · Overdue",
      subject: "Overdue follow-up",
    });
    expect(cells("Follow-up today")).toMatchObject({ description: "Attendees: Pat Rowe", priority: "P2 · Due soon" });
    expect(cells("Follow-up in a week")).toMatchObject({ description: null, priority: "P2 · Due soon" });
    expect(cells("Follow-up in eight days").priority).toBe("P3 · Scheduled");
    expect(cells("Follow-up without a date").priority).toBe("P4 · No due date");
    expect(cells("No follow-up")).toMatchObject({ description: "Nothing to chase.", priority: null });

    // The same export in CSV: the cell with line breaks is quoted whole.
    const csv = await post({ projectId: project, exportType: "engagements", mode: "custom", format: "csv", mappings: mappings.slice(0, 4) });
    const text = Buffer.from(await csv.arrayBuffer()).toString("utf8");
    expect(text).toContain(`Overdue follow-up,Phone Call,"Talked through the gate locations.\nKey topics: Gates; Stock\nAttendees: Pat Rowe; Oscar Officer",P1 · Overdue\r\n`);
  });

  it("still refuses a field that is neither a name nor an alias", async () => {
    const response = await post({ projectId: project, exportType: "engagements", mode: "custom", mappings: [{ id: "1", dbField: "engagementType", customColumnName: "T", enabled: true }] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { "mappings.0.dbField": "Unknown field for engagements: engagementType" } });
  });
});

describe("grievance and commitment exports (docs/export.md#grievance-and-commitment-fields)", () => {
  beforeAll(async () => {
    const [zoe] = await sql<{ id: number }>(`select id from stakeholder where project_id = ? and name = ?`, [projectId, ZOE]);
    const [ann] = await sql<{ id: number }>(`select id from stakeholder where project_id = ? and name = 'Ann Lee'`, [projectId]);
    const [parcel] = await sql<{ id: number }>(`select id from property where project_id = ? and volume = '1234'`, [projectId]);
    const [call] = await sql<{ id: number }>(`select id from engagement where project_id = ? and subject = 'Access discussion'`, [projectId]);
    // Received 17:30 UTC on 1 March is 01:30 on 2 March in Perth.
    await sql(
      `insert into grievance (project_id, reference, received_at, channel, complainant_kind, stakeholder_id, property_id, category, severity, description, owner_id, stage, acknowledge_by, resolve_by)
       values (?, 'G-0001', '2025-03-01T17:30:00Z', 'phone', 'stakeholder', ?, ?, 'gates_fences', 'high', ?, 'seed-officer', 'investigating', '2025-03-05', '2025-03-31')`,
      [projectId, zoe!.id, parcel!.id, `${EVIL} gate left open`],
    );
    await sql(
      `insert into grievance (project_id, reference, received_at, channel, complainant_kind, category, severity, description, stage, acknowledge_by, resolve_by,
                              resolution, action_taken, complainant_told_on, complainant_told_how, complainant_accepted, closed_at)
       values (?, 'G-0002', '2025-04-01T01:00:00Z', 'email', 'anonymous', 'dust_noise', 'low', 'Dust on the haul road', 'closed', '2025-04-03', '2025-04-29',
               'upheld', 'Water cart twice a day', '2025-04-10', 'Phone', true, '2025-04-10T08:00:00Z')`,
      [projectId],
    );
    const open = await one(
      `insert into commitment (project_id, description, engagement_id, promised_on, due_date, owner_id, status) values (?, 'Fix the fence before lambing', ?, '2025-03-01', '2025-03-10', 'seed-officer', 'open') returning id`,
      [projectId, call!.id],
    );
    for (const s of [zoe!.id, ann!.id]) await sql(`insert into commitment_stakeholder (commitment_id, stakeholder_id, project_id) values (?, ?, ?)`, [open, s, projectId]);
    await sql(`insert into commitment_property (commitment_id, property_id, project_id) values (?, ?, ?)`, [open, parcel!.id, projectId]);
    const done = await one(
      `insert into commitment (project_id, description, promised_on, due_date, status, evidence_note, fulfilled_on) values (?, 'Grade the access track', '2025-03-02', '2025-03-09', 'fulfilled', 'Graded 8 March', '2025-03-08') returning id`,
      [projectId],
    );
    await sql(`insert into commitment_stakeholder (commitment_id, stakeholder_id, project_id) values (?, ?, ?)`, [done, ann!.id, projectId]);
  });

  it("exports the grievance register (standard): labels, the complainant, the property, dates in the project's zone", async () => {
    const { response, bytes } = await exportFile("grievances", "standard");
    expect(response.headers.get("Content-Disposition")).toContain(`grievances_export_${projectToday("Australia/Perth")}.xlsx`);
    const sheet = (await readExcelJs(bytes)).worksheets[0]!;
    expect(sheet.name).toBe("Grievances");
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headerNames(templateMappings("grievances", "standard")));
    expect(sheet.rowCount).toBe(3);
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(first).toEqual([
      "G-0001",
      new Date(Date.UTC(2025, 2, 2, 1, 30)),
      "Phone",
      ZOE,
      "12 Farm Road, Molong NSW 2866",
      "Gates and fences",
      "High",
      `${EVIL} gate left open`,
      "Investigating",
      expect.stringContaining("Officer"),
      new Date(Date.UTC(2025, 2, 5)),
      new Date(Date.UTC(2025, 2, 31)),
      // exceljs gives no value for the empty cells at the end of a row (resolution, action, accepted, closed).
    ]);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe("dd/mm/yyyy hh:mm");
    const second = (sheet.getRow(3).values as unknown[]).slice(1);
    expect(second.slice(0, 4)).toEqual(["G-0002", new Date(Date.UTC(2025, 3, 1, 9, 0)), "Email", "Anonymous"]);
    expect(second.slice(8)).toEqual([
      "Closed",
      undefined,
      new Date(Date.UTC(2025, 3, 3)),
      new Date(Date.UTC(2025, 3, 29)),
      "Upheld",
      "Water cart twice a day",
      "Yes",
      new Date(Date.UTC(2025, 3, 10, 16, 0)),
    ]);
    const { sheet: sjSheet } = readSheetJs(bytes);
    expectNoFormula(sjSheet, sheet);
  });

  it("exports commitments (standard): stakeholders and properties as one text, Overdue, the interaction it came from", async () => {
    const { bytes } = await exportFile("commitments", "standard");
    const sheet = (await readExcelJs(bytes)).worksheets[0]!;
    expect(sheet.name).toBe("Commitments");
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headerNames(templateMappings("commitments", "standard")));
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      "Fix the fence before lambing",
      `Ann Lee; ${ZOE}`,
      "12 Farm Road, Molong NSW 2866",
      new Date(Date.UTC(2025, 2, 1)),
      new Date(Date.UTC(2025, 2, 10)),
      "Open",
      "Yes",
      expect.stringContaining("Officer"),
      "Access discussion · 01/03/2025",
      // Not fulfilled or cancelled: the last three cells are empty (exceljs gives no value for them).
    ]);
    expect((sheet.getRow(3).values as unknown[]).slice(1, 11)).toEqual([
      "Grade the access track",
      "Ann Lee",
      undefined,
      new Date(Date.UTC(2025, 2, 2)),
      new Date(Date.UTC(2025, 2, 9)),
      "Fulfilled",
      "No",
      undefined,
      undefined,
      new Date(Date.UTC(2025, 2, 8)),
    ]);
  });

  it("exports every field of both (all-fields), and as CSV", async () => {
    for (const type of ["grievances", "commitments"] as const) {
      const { bytes } = await exportFile(type, "all-fields");
      const sheet = (await readExcelJs(bytes)).worksheets[0]!;
      expect((sheet.getRow(1).values as unknown[]).slice(1), type).toEqual(headerNames(templateMappings(type, "all-fields")));
      expect(sheet.rowCount, type).toBe(3);
      const csv = await exportFile(type, "standard", "csv");
      expect(csv.bytes.toString("utf8").split("\r\n").length, type).toBe(4 + 1 - 1);
    }
  });
});
