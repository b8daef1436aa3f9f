import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { getOrm, withRequestContext } from "../../db/orm";
import { accessFor } from "../factories/access";
import { parseUpload, readStagedRows, discardStaged, type StagingOptions } from "../../app/modules/import/staging.server";
import { attachSourceDocument, documentDownloadUrl, sourceDocumentDescription } from "../../app/modules/import/source-document.server";
import { autoMapColumns } from "../../app/modules/import/column-mapping";
import { PDF_MESSAGES } from "../../app/modules/import/parse/title-pdf-messages";
import { TITLE_COLUMNS } from "../../app/modules/import/parse/register-search-row";
import { deleteDocument } from "../../app/modules/document/document.server";
import { clientStoredBytes } from "../../app/modules/billing/storage-quota.server";
import { getObjectStore } from "../../app/modules/storage/index.server";
import { sweepOrphanObjects } from "../../app/modules/storage/orphans.server";
import type { ProjectAccess } from "../../app/modules/access/project-access.server";
import { multipartRequest, PDF, storedFiles, useUploadTestEnvironment, type FilePart } from "./support/uploads";
import { fixture } from "./support/import-files";

/** Land-title PDFs in the import wizard (docs/import.md#land-title-pdfs): staged from the committed fixtures against a real PostgreSQL. */
const env = useUploadTestEnvironment("import-title-pdf");
const BASE = "http://localhost:3000";
const WESTERN = "Western Pipeline Stage 2";
const STATEMENTS = "titles/register-search-statements.pdf";

const access = (userId = "seed-officer", permission: "viewData" | "deleteData" = "viewData") => withRequestContext(() => accessFor(userId, WESTERN, permission));
const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;

async function upload(filename: string, body: FilePart["body"], { importType = "properties", options = {} as StagingOptions } = {}) {
  const a = await access();
  const request = multipartRequest(`${BASE}/import?projectId=${env.westernId}`, env.cookies.officer!, [["importType", importType]], { filename, body, type: "application/pdf" });
  return withRequestContext(() => parseUpload(a, request, options));
}

async function stagedCounts() {
  const [row] = await sql<{ workbooks: string; data: string; rows: string }>(
    `select (select count(*) from import_workbook) as workbooks, (select count(*) from import_staged_data) as data, (select count(*) from import_staged_row) as rows`,
  );
  return { workbooks: Number(row!.workbooks), data: Number(row!.data), rows: Number(row!.rows), objects: storedFiles(env.dataDir).length };
}

async function allRows(dataKey: string) {
  const rows = [];
  for await (const batch of readStagedRows(dataKey)) rows.push(...batch);
  return rows;
}

async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: getOrm().config.get("clientUrl") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

afterEach(async () => {
  await sql("delete from import_workbook");
  await sql("delete from document where import_id is not null");
  await sql("delete from property where import_id is not null");
  await sql("delete from import_record");
  fs.rmSync(path.join(env.dataDir, "objects"), { recursive: true, force: true });
});

describe("a PDF of register search statements", () => {
  it("stages one row per statement with the title columns pre-mapped, and keeps the PDF", async () => {
    const { result } = await upload("titles.pdf", fixture(STATEMENTS));
    expect(result).toMatchObject({ fileType: "pdf", fileName: "titles.pdf", hasMultipleSheets: false, sheets: [], totalRows: 3 });
    expect(result.columns.map((c) => c.name)).toEqual([...TITLE_COLUMNS]);
    const mapped = autoMapColumns(
      "properties",
      result.columns.map((c) => c.name),
    );
    expect(mapped.filter((m) => m.target === "skip")).toEqual([]);
    expect(mapped.find((m) => m.column === "Property address (as on title)")!.target).toBe("propertyAddress");

    const rows = await allRows(result.dataKey!);
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 3, 4]);
    const byColumn = rows.map((r) => Object.fromEntries(TITLE_COLUMNS.map((c, i) => [c, r.cells[i] ?? null])));
    expect(byColumn[0]).toMatchObject({
      address: "12 SMITH STREET BALLARAT VIC 3350",
      volume: "10123",
      folio: "456",
      securityNumber: "124078123456A",
      produced: "12/03/2024 10:15 am",
      lotPlanLine: "Lot 1 on Plan of Subdivision 123456A",
      lot: "1",
      planNumber: "PS123456A",
      proprietors: "JOHN ALBERT SMITH; MARY ELLEN SMITH",
      proprietor: "JOHN ALBERT SMITH",
      ownerAddress: "12 SMITH STREET BALLARAT VIC 3350",
      tenancyType: "Joint Proprietors",
      encumbrances: "MORTGAGE AB123457D 12/03/2019 WESTPAC BANKING CORPORATION",
      diagram: "SEE PS123456A FOR FURTHER DETAILS AND BOUNDARIES",
      ectController: "16089P WESTPAC BANKING CORPORATION",
      ectEffectiveFromDate: "05/06/2019",
      titleType: "FREEHOLD",
      search: "Register Search Statement",
    });
    expect(byColumn[1]).toMatchObject({ folio: "512A", planNumber: "TP654321X", proprietors: "PETER JAMES WONG", ectController: null, "Property address (as on title)": null });
    expect(byColumn[1]!.address).toMatch(/^Lot 2 on Title Plan 654321X/);
    expect(byColumn[2]).toMatchObject({ tenancyType: "Tenants in Common", proprietors: "ANNA MARIE KELLY; BRIGHTWATER PASTORAL PTY LTD", ectEffectiveFromDate: "21/11/2020" });

    const [workbook] = await sql<{ source_object_key: string; source_size: string; source_mime: string }>(
      "select source_object_key, source_size, source_mime from import_workbook where workbook_key = ?",
      [result.workbookKey],
    );
    expect(workbook!.source_object_key).toMatch(new RegExp(`^projects/${env.westernId}/documents/`));
    expect(Number(workbook!.source_size)).toBe(fixture(STATEMENTS).length);
    expect(workbook!.source_mime).toBe("application/pdf");
    expect(await getObjectStore().exists(workbook!.source_object_key)).toBe(true);
  });

  it("keeps the staged PDF from the orphan sweep until its staging is removed", async () => {
    const { result } = await upload("titles.pdf", fixture(STATEMENTS));
    const [{ source_object_key: key }] = (await sql<{ source_object_key: string }>("select source_object_key from import_workbook")) as [{ source_object_key: string }];
    const future = new Date(Date.now() + 60_000);
    await withRequestContext(() => sweepOrphanObjects({ olderThan: future }));
    expect(await getObjectStore().exists(key)).toBe(true);
    await discardStaged(result.dataKey!);
    await withRequestContext(() => sweepOrphanObjects({ olderThan: future }));
    expect(await getObjectStore().exists(key)).toBe(false);
  });
});

describe("refused PDFs: a clear message, nothing staged, nothing kept", () => {
  const cases: [string, () => Buffer, string, { importType?: string; options?: StagingOptions }?][] = [
    ["a password-protected PDF", () => fixture("titles/encrypted-title.pdf"), PDF_MESSAGES.encrypted],
    ["a truncated PDF", () => fixture("titles/damaged-title.pdf"), PDF_MESSAGES.damaged],
    ["a file that is not a PDF", () => PDF(500), PDF_MESSAGES.damaged],
    ["a scan without a text layer", () => fixture("titles/scanned-title.pdf"), PDF_MESSAGES.noText],
    ["a letter", () => fixture("titles/no-statement.pdf"), PDF_MESSAGES.noStatement],
    ["more pages than the limit", () => fixture(STATEMENTS), PDF_MESSAGES.tooManyPages(2), { options: { limits: { maxPdfPages: 2 } } }],
    ["a stakeholder import", () => fixture(STATEMENTS), PDF_MESSAGES.stakeholders, { importType: "stakeholders" }],
  ];

  it.each(cases)("%s", async (_name, body, message, settings = {}) => {
    const error = await upload("title.pdf", body(), settings).then(
      () => null,
      (e: unknown) => e as { status: number; message: string },
    );
    expect(error).toMatchObject({ status: 422, message });
    expect(await stagedCounts()).toEqual({ workbooks: 0, data: 0, rows: 0, objects: 0 });
  });

  it("says 'more than 500 pages' by default", () => {
    expect(PDF_MESSAGES.tooManyPages(500)).toBe("This PDF has more than 500 pages. Split it into smaller files and import each one.");
  });
});

describe("attachSourceDocument", () => {
  /** Stages the fixture and makes an import record with `count` properties as the job would. */
  async function importedProperties(who: ProjectAccess, count: number) {
    const { result } = await upload("titles.pdf", fixture(STATEMENTS));
    const clientId = (await sql<{ client_id: number }>("select client_id from project where id = ?", [who.project.id]))[0]!.client_id;
    const [record] = await sql<{ id: number }>(
      `insert into import_record (project_id, client_id, created_by_id, file_name, import_type, status, data_key) values (?, ?, ?, 'titles.pdf', 'properties', 'running', ?) returning id`,
      [who.project.id, clientId, who.user.id, result.dataKey],
    );
    const properties = await sql<{ id: number }>(`insert into property (project_id, address, import_id) select ?, 'Imported ' || n, ? from generate_series(1, ?) n returning id`, [
      who.project.id,
      record!.id,
      count,
    ]);
    return { record: { id: record!.id, project_id: who.project.id, client_id: clientId, created_by_id: who.user.id, data_key: result.dataKey }, propertyIds: properties.map((p) => p.id) };
  }

  it("records the PDF as a document of each property, links it from property.pdf and audits each", async () => {
    const officer = await access();
    const before = await withRequestContext(() => clientStoredBytes(env.demoClientId));
    const { record, propertyIds } = await importedProperties(officer, 2);
    const created = await withClient(async (client) => {
      await client.query("begin");
      const n = await attachSourceDocument(client, record, propertyIds);
      await client.query("commit");
      return n;
    });
    expect(created).toBe(2);
    const documents = await sql<{
      id: number;
      property_id: number;
      storage_key: string;
      original_file_name: string;
      mime_type: string;
      file_size: string;
      description: string;
      category: string;
      import_id: number;
    }>("select id, property_id, storage_key, original_file_name, mime_type, file_size, description, category, import_id from document where import_id = ? order by property_id", [record.id]);
    expect(documents.map((d) => d.property_id)).toEqual(propertyIds);
    expect(new Set(documents.map((d) => d.storage_key)).size).toBe(1);
    for (const d of documents) {
      expect(d).toMatchObject({ original_file_name: "titles.pdf", mime_type: "application/pdf", description: sourceDocumentDescription("titles.pdf"), category: "legal", import_id: record.id });
      expect(Number(d.file_size)).toBe(fixture(STATEMENTS).length);
    }
    const properties = await sql<{ id: number; pdf: string }>("select id, pdf from property where import_id = ? order by id", [record.id]);
    expect(properties.map((p) => p.pdf)).toEqual(documents.map((d) => documentDownloadUrl(d.id)));
    const audit = await sql<{ entity_id: string }>("select entity_id from audit_log where action = 'document.create' and entity_type = 'Document' and project_id = ? order by entity_id", [
      officer.project.id,
    ]);
    expect(audit.map((a) => Number(a.entity_id)).sort()).toEqual(documents.map((d) => d.id).sort());
    // One object, counted once against the quota.
    expect(await withRequestContext(() => clientStoredBytes(env.demoClientId))).toBe(before + fixture(STATEMENTS).length);

    // Deleting one of the two keeps the object the other still uses; deleting the last keeps it too, for
    // the restore points' lifetime, and the sweep removes it once the release is older than that.
    const manager = await access("seed-project-manager", "deleteData");
    const key = documents[0]!.storage_key;
    await withRequestContext(() => deleteDocument(manager, documents[0]!.id));
    const future = new Date(Date.now() + 60_000);
    await withRequestContext(() => sweepOrphanObjects({ olderThan: future, releasedBefore: future }));
    expect(await getObjectStore().exists(key)).toBe(true);
    await withRequestContext(() => deleteDocument(manager, documents[1]!.id));
    await withRequestContext(() => sweepOrphanObjects({ olderThan: future }));
    expect(await getObjectStore().exists(key)).toBe(true);
    // Past the release's keeping time it goes once its staged import no longer holds it either.
    await withRequestContext(() => sweepOrphanObjects({ olderThan: future, releasedBefore: future }));
    expect(await getObjectStore().exists(key)).toBe(true);
    await discardStaged(record.data_key!);
    await withRequestContext(() => sweepOrphanObjects({ olderThan: future, releasedBefore: future }));
    expect(await getObjectStore().exists(key)).toBe(false);
  });

  it("creates nothing for a CSV import, and nothing when the transaction rolls back", async () => {
    const officer = await access();
    const csv = multipartRequest(`${BASE}/import?projectId=${env.westernId}`, env.cookies.officer!, [["importType", "properties"]], { filename: "p.csv", body: Buffer.from("Address\n1 Main St\n") });
    const { result } = await withRequestContext(() => parseUpload(officer, csv));
    const clientId = env.demoClientId;
    const record = { id: 0, project_id: officer.project.id, client_id: clientId, created_by_id: officer.user.id, data_key: result.dataKey };
    expect(await withClient((client) => attachSourceDocument(client, record, [1, 2, 3]))).toBe(0);

    const pdf = await importedProperties(officer, 1);
    await withClient(async (client) => {
      await client.query("begin");
      expect(await attachSourceDocument(client, pdf.record, pdf.propertyIds)).toBe(1);
      await client.query("rollback");
    });
    expect(await sql("select id from document where import_id = ?", [pdf.record.id])).toEqual([]);
  });

  it("ignores property ids of another project", async () => {
    const officer = await access();
    const { record } = await importedProperties(officer, 1);
    const [other] = await sql<{ id: number }>("insert into property (project_id, address) values (?, 'Elsewhere') returning id", [env.secondProjectId]);
    expect(await withClient((client) => attachSourceDocument(client, record, [other!.id]))).toBe(0);
    await sql("delete from property where id = ?", [other!.id]);
  });
});
