import pg from "pg";
import { mappedColumnsOf } from "../../app/modules/import/import-job.server";
import { ImportWriter, type IncomingRow } from "../../app/modules/import/import-writer.server";
import { MIN_GROWTH_ROWS } from "../../app/modules/import/growing-tables.server";
import { useTestDatabase } from "../setup/test-database";

/**
 * An import into a project of a nearly empty database (docs/import.md#the-import-job): the job writes every row in one
 * transaction, so PostgreSQL's statistics still describe the table as it was. Without ANALYZE as the table grows,
 * the foreign-key check of each new match key is planned as a scan of a one-page table and reads every row written
 * before it: 20,000 rows took 36 s where COPY takes 0.9 s (bench/README.md, "Import").
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let client: pg.Client;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

const COLUMNS = ["Name", "E-mail", "Mobile", "Address"];
const MAPPING = { columns: COLUMNS.map((name, index) => ({ index, name })), targets: { Name: "name", "E-mail": "email", Mobile: "mobile", Address: "address" } };

/** Distinct people: no row is a duplicate of another, so every row is created. */
const rows = (from: number, count: number): IncomingRow[] =>
  Array.from({ length: count }, (_, n) => {
    const i = from + n;
    return {
      rowNumber: i,
      values: { name: `Person${i} Surname${i % 977}`, email: `person${i}@example.com`, mobile: `04${String(20_000_000 + i).slice(-8)}`, address: `${i} Long Rd, Roma QLD 4455` },
      customFields: null,
    };
  });

/** The plan PostgreSQL keeps for a foreign-key check against `stakeholder` (a generic plan on a parameter). */
async function keyCheckPlan(): Promise<string> {
  await client.query("prepare key_check(int) as select 1 from only stakeholder x where id = $1 for key share of x");
  try {
    await client.query("set local plan_cache_mode = force_generic_plan");
    const { rows: plan } = await client.query("explain execute key_check(1)");
    return plan.map((row) => row["QUERY PLAN"]).join("\n");
  } finally {
    await client.query("deallocate key_check");
  }
}

describe("statistics of the tables an import grows", () => {
  it("are brought up to date inside the job's transaction, so new rows are checked through the index", async () => {
    const { rows: projects } = await client.query("select id, client_id from project where name = 'Western Pipeline Stage 2'");
    const project = projects[0]!;
    const { rows: records } = await client.query(
      `insert into import_record (project_id, client_id, created_by_id, file_name, import_type, status, data_key, mapping, total_rows, processed_rows, attempts, started_at)
       values ($1, $2, 'seed-officer', 'people.csv', 'stakeholders', 'running', 'key', $3, 6000, 0, 1, now()) returning id`,
      [project.id, project.client_id, JSON.stringify(MAPPING)],
    );
    await client.query("analyze stakeholder");
    const { rows: before } = await client.query<{ n: number }>("select reltuples::int as n from pg_class where oid = 'stakeholder'::regclass");
    expect(before[0]!.n).toBeLessThan(MIN_GROWTH_ROWS);

    await client.query("begin");
    try {
      const writer = new ImportWriter(
        client,
        { id: records[0]!.id, project_id: project.id, client_id: project.client_id, created_by_id: "seed-officer", import_type: "stakeholders" },
        mappedColumnsOf("stakeholders", MAPPING),
      );
      await writer.prepare();
      for (let batch = 0; batch < 3; batch++) await writer.writeBatch(rows(batch * 2000 + 1, 2000));
      expect(writer.counts.created).toBe(6000);

      // Seen from inside the transaction, before any commit or autovacuum.
      const { rows: after } = await client.query<{ n: number; keys: number }>(
        "select (select reltuples from pg_class where oid = 'stakeholder'::regclass)::int as n, (select reltuples from pg_class where oid = 'stakeholder_match_key'::regclass)::int as keys",
      );
      expect(after[0]!.n).toBeGreaterThanOrEqual(4000 + before[0]!.n);
      expect(after[0]!.keys).toBeGreaterThanOrEqual(4000);
      expect(await keyCheckPlan()).toMatch(/Index Scan using stakeholder_pkey/);
    } finally {
      await client.query("rollback");
    }
  });
});
