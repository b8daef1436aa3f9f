import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MikroORM } from "@mikro-orm/postgresql";
import { Client as PgClient } from "pg";
import { inject } from "vitest";
import { createOrmConfig } from "../../db/mikro-orm.config";
import { migrationsList } from "../../db/migrations/index";
import { createScratchDatabase, type ScratchDatabase } from "../../db/scripts/scratch-database";
import { loader } from "../../app/routes/api.database.export";
import { COLUMN_ALLOW_LISTS, DERIVED_TABLES, EXCLUDED_TABLES, isLeftOut } from "../../app/modules/database-export/sql-dump";
import { useTestDatabase } from "../setup/test-database";
import { callRoute, projectId, signedInRequest } from "./stakeholder-helpers";
import { withCancelledQuery } from "./support/cancelled-query";

/**
 * The project's SQL dump (docs/export.md#sql-dump): only system_admin, client_owner and director may
 * download it; it holds the project's rows and no other client's; and it restores, every value exact,
 * into an empty database migrated to the same version.
 */

let database: Awaited<ReturnType<typeof useTestDatabase>>;
let source: PgClient;
let western: number;
let coastal: number;
/** CI machines and this one have psql (docs/decisions.md#postgresql-tools); the embedded PostgreSQL ships none. */
const hasPsql = spawnSync("psql", ["--version"]).status === 0;
const FOREIGN_MARKER = `FOREIGN-MARKER-${Date.now().toString(36)}`;

/** Identity-provider, payment and billing values of the users and the client: none may be in the dump. */
const SECRET = `SENTINEL-${Date.now().toString(36)}`;
const SENTINELS = {
  authSubject: `https://idp.example|${SECRET}-subject`,
  userPayment: `cus_${SECRET}_user`,
  picture: `https://img.example/${SECRET}.png`,
  lastSignIn: "2026-01-02 03:04:05.678",
  billingEmail: `billing-${SECRET.toLowerCase()}@example.com`,
  clientPayment: `cus_${SECRET}_client`,
  clientSubscription: `sub_${SECRET}_client`,
  clientSettings: `${SECRET}-upgrade-note`,
  clientDomain: `${SECRET.toLowerCase()}.example`,
};

/** Values that break naive quoting, COPY or JSON handling. */
const AWKWARD = `O'Brien "the \\ one"\nline two\ttabbed\n\\.\nend 🦘 ünïcödé ''`;

async function exportAs(userId: string, project: number): Promise<Response> {
  const request = await signedInRequest(userId, `/api/database/export?projectId=${project}`);
  return callRoute(async () => (await loader({ request, params: {}, context: {} })) as Response);
}

async function rowsOf(client: PgClient, sql: string, params: unknown[] = []): Promise<string[]> {
  return (await client.query<{ r: string }>(sql, params)).rows.map((row) => row.r);
}

/** Awkward rows in every project-scoped table of the Western project, and a marker in the other client's. */
async function seedAwkwardRecords() {
  const q = (sql: string, params: unknown[] = []) => source.query(sql, params);
  const one = async (sql: string, params: unknown[] = []) => (await q(sql, params)).rows[0] as { id: number };
  const importRecord = await one(
    `insert into import_record (project_id, client_id, created_by_id, file_name, import_type, status, mapping, counts, skipped_rows, error, started_at)
     values ($1, (select client_id from project where id = $1), 'seed-officer', $2, 'stakeholders', 'completed', $3, '{"imported": 2}', $4, $2, '2026-11-23 01:02:03.456789+00') returning id`,
    [western, AWKWARD, JSON.stringify({ Name: "name", [AWKWARD]: "custom:notes" }), JSON.stringify([{ row: 3, reason: AWKWARD }])],
  );
  const stakeholder = await one(
    `insert into stakeholder (user_id, project_id, name, email, notes, custom_fields, match_keys, latitude, longitude, next_action_due_date, last_contact, is_project_property_owner, import_id, member_type)
     values ('seed-officer', $1, $2, null, $3, $4, $5, -33.86882012345678, 151.20929, '2027-02-28', '2026-11-23 23:59:59.999999+00', true, $6, 'Individual') returning id`,
    [
      western,
      `Awkward ${AWKWARD}`,
      AWKWARD,
      JSON.stringify({ note: AWKWARD, nested: { list: [1, 2.5, null, true, "x\u0000y".replace("\u0000", "")] }, emoji: "🦘" }),
      ["n:o'brien", 'q:"quoted"', "b:back\\slash", "c:{braces},comma", "NULL", "", "e:🦘"],
      importRecord.id,
    ],
  );
  const property = await one(
    `insert into property (project_id, stakeholder_id, address, estimated_value, tax_assessed_value, square_footage, notes, proprietors, addresses, match_keys, has_laa, laa_expiry_date, boundary_geo_json, custom_fields, import_id, title_type)
     values ($1, $2, $3, 1234567890123.45, 0.01, 2147483647, $4, $5, null, $6, true, '2028-01-31', $7, $8, $9, 'FREEHOLD') returning id`,
    [
      western,
      stakeholder.id,
      `Lot 1 ${AWKWARD}`,
      AWKWARD,
      JSON.stringify([AWKWARD, "Second Owner"]),
      ["a:lot 1", "v:12/34"],
      JSON.stringify({
        type: "Polygon",
        coordinates: [
          [
            [144.1, -37.2],
            [144.2, -37.3],
            [144.1, -37.2],
          ],
        ],
      }),
      JSON.stringify({ 'Field with "quotes"': AWKWARD }),
      importRecord.id,
    ],
  );
  await q(`insert into stakeholder_property (stakeholder_id, property_id, project_id, import_id) values ($1, $2, $3, $4)`, [stakeholder.id, property.id, western, importRecord.id]);
  await q(
    `insert into engagement (project_id, stakeholder_id, user_id, type, subject, location, attendees, key_topics, outcomes, follow_up_required, follow_up_date, notes, scheduled_at)
     values ($1, $2, 'seed-director', 'site_visit', $3, null, $4, $5, $3, true, '2026-12-01 09:30:00+00', $3, '2026-11-30 22:00:00.5+00')`,
    [western, stakeholder.id, AWKWARD, JSON.stringify([AWKWARD, "Dana"]), JSON.stringify(["access", AWKWARD])],
  );
  // A closed grievance with its timeline and a fulfilled commitment linked both ways (docs/export.md#sql-dump).
  const grievance = await one(
    `insert into grievance (project_id, reference, received_at, channel, complainant_kind, stakeholder_id, property_id, category, severity, description, owner_id, stage,
                            counted_received_on, acknowledge_by, resolve_by, acknowledged_at, resolved_at, closed_at, resolution, action_taken, complainant_told_on, complainant_told_how, complainant_accepted, created_by_id)
     values ($1, 'G-0001', '2026-11-20 23:30:00.123456+00', 'phone', 'stakeholder', $2, $3, 'gates_fences', 'high', $4, 'seed-officer', 'closed',
             '2026-11-21', '2026-11-25', '2026-12-19', '2026-11-22 01:00:00+00', '2026-11-24 02:00:00+00', '2026-11-25 03:00:00+00', 'upheld', $4, '2026-11-25', 'phone', true, 'seed-director') returning id`,
    [western, stakeholder.id, property.id, AWKWARD],
  );
  await q(
    `insert into grievance_event (grievance_id, at, by_id, kind, from_stage, to_stage, note) values ($1, '2026-11-20 23:31:00+00', 'seed-director', 'created', null, 'received', null), ($1, '2026-11-25 03:00:00+00', 'seed-officer', 'stage', 'resolved', 'closed', $2)`,
    [grievance.id, AWKWARD],
  );
  const commitment = await one(
    `insert into commitment (project_id, description, promised_on, due_date, owner_id, status, evidence_note, fulfilled_on, created_by_id) values ($1, $2, '2026-11-20', '2026-12-01', 'seed-officer', 'fulfilled', $2, '2026-11-28', 'seed-director') returning id`,
    [western, AWKWARD],
  );
  await q(`insert into commitment_stakeholder (commitment_id, stakeholder_id, project_id) values ($1, $2, $3)`, [commitment.id, stakeholder.id, western]);
  await q(`insert into commitment_property (commitment_id, property_id, project_id) values ($1, $2, $3)`, [commitment.id, property.id, western]);
  await q(
    `insert into community_project (project_id, user_id, title, description, estimated_budget, actual_budget, start_date, stakeholders_involved, status)
     values ($1, 'seed-client-owner', $2, $2, 9999999999999.99, null, '2026-01-01', $3, 'in_progress')`,
    [western, AWKWARD, JSON.stringify([stakeholder.id])],
  );
  await q(
    `insert into document (project_id, stakeholder_id, property_id, uploaded_by_id, original_file_name, mime_type, file_size, storage_key, description, category, tags, import_id)
     values ($1, $2, $3, 'seed-project-manager', $4, 'application/pdf', 9007199254740993, 'documents/awkward-key', $5, 'legal', $6, $7)`,
    [western, stakeholder.id, property.id, "title 'deed' 🦘.pdf", AWKWARD, JSON.stringify(["tag,one", AWKWARD]), importRecord.id],
  );
  await q(
    `insert into template (project_id, uploaded_by_id, template_name, template_description, tags, original_file_name, mime_type, file_size, storage_key)
     values ($1, 'seed-director', $2, null, '[]', 'letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 12345, 'templates/awkward')`,
    [western, AWKWARD],
  );
  await q(`insert into project_phase_form (project_id, phase, values, extracted_fields, submitted_by_id) values ($1, 'startup', $2, null, 'seed-client-owner')`, [
    western,
    JSON.stringify({ answer: AWKWARD, n: 1.5e-7 }),
  ]);
  await q(`insert into import_duplicate (import_id, project_id, row_number, kind, incoming, candidates, action) values ($1, $2, 4, 'stakeholder', $3, $4, 'merge')`, [
    importRecord.id,
    western,
    JSON.stringify({ name: AWKWARD }),
    JSON.stringify([{ id: stakeholder.id, similarity: 0.93 }]),
  ]);
  await q(`insert into import_merge (import_id, kind, entity_id, before, after) values ($1, 'property', $2, $3, $4)`, [
    importRecord.id,
    property.id,
    JSON.stringify({ notes: null }),
    JSON.stringify({ notes: AWKWARD }),
  ]);
  await q(
    `insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, before, after) values ('seed-officer', (select client_id from project where id = $1), $1, 'stakeholder.update', 'Stakeholder', $2, $3, null)`,
    [western, String(stakeholder.id), JSON.stringify({ name: AWKWARD })],
  );
  await q(
    `insert into user_invitation (email, role, client_id, project_id, invited_by_id) values ('invitee+awkward@example.com', 'officer', (select client_id from project where id = $1), $1, 'seed-client-owner')`,
    [western],
  );
  // A system admin (no client) who recorded an engagement: referenced, so dumped, but not by e-mail.
  await q(`insert into engagement (project_id, stakeholder_id, user_id, type, subject) values ($1, $2, 'seed-system-admin', 'meeting', 'Admin visit')`, [western, stakeholder.id]);
  // Sign-in and payment values on every user and on the client.
  await q(
    `update "user" set auth_subject = $1 || '-' || id, payment_customer_id = $2 || '-' || id, profile_image_url = $3, last_sign_in_at = $4::timestamptz
      where id in ('seed-system-admin', 'seed-client-owner', 'seed-director', 'seed-project-manager', 'seed-officer', 'seed-viewer')`,
    [SENTINELS.authSubject, SENTINELS.userPayment, SENTINELS.picture, `${SENTINELS.lastSignIn}+00`],
  );
  await q(
    `update client set billing_email = $2, payment_customer_id = $3, payment_subscription_id = $4, settings = $5, domain = $6, free_pro_granted_by = 'seed-system-admin',
                       subscription_plan = 'professional', max_projects = 7
      where id = (select client_id from project where id = $1)`,
    [western, SENTINELS.billingEmail, SENTINELS.clientPayment, SENTINELS.clientSubscription, JSON.stringify({ upgradeRequest: { note: SENTINELS.clientSettings } }), SENTINELS.clientDomain],
  );
  // The other client's project: none of this may appear in Western's dump.
  await q(`insert into stakeholder (user_id, project_id, name, notes) values ('seed-second-owner', $1, $2, $2)`, [coastal, FOREIGN_MARKER]);
  const foreignGrievance = await one(
    `insert into grievance (project_id, reference, received_at, channel, complainant_kind, category, severity, description) values ($1, 'G-0001', now(), 'email', 'anonymous', 'other', 'low', $2) returning id`,
    [coastal, FOREIGN_MARKER],
  );
  await q(`insert into grievance_event (grievance_id, kind, to_stage, note) values ($1, 'created', 'received', $2)`, [foreignGrievance.id, FOREIGN_MARKER]);
  await q(`insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id) values ('seed-second-owner', (select client_id from project where id = $1), $1, $2, 'Project', $1)`, [
    coastal,
    FOREIGN_MARKER,
  ]);
}

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
  coastal = await projectId("Coastal Road Upgrade");
  source = new PgClient({ connectionString: database.url });
  await source.connect();
  await seedAwkwardRecords();
});

afterAll(async () => {
  await source?.end();
  await database?.drop();
});

describe("who may export the database", () => {
  it.each(["seed-system-admin", "seed-client-owner", "seed-director"])("%s gets the file", async (user) => {
    const response = await exportAs(user, western);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="project_${western}_database_export.sql"; filename*=UTF-8''project_${western}_database_export.sql`);
    expect(response.headers.get("Content-Type")).toBe("application/sql; charset=utf-8");
    const text = await response.text();
    expect(text.trimEnd().endsWith("COMMIT;")).toBe(true);
  });

  it.each(["seed-project-manager", "seed-officer", "seed-viewer"])("%s (a member with exportData) is refused with 403", async (user) => {
    const response = await exportAs(user, western);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "You do not have permission to export the database" });
  });

  it("another client's project is 404", async () => {
    const response = await exportAs("seed-second-owner", western);
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe("INVALID_PROJECT");
    expect((await exportAs("seed-client-owner", coastal)).status).toBe(404);
  });

  it("a signed-out caller gets no file", async () => {
    const response = await callRoute(async () => (await loader({ request: new Request(`http://localhost:3000/api/database/export?projectId=${western}`), params: {}, context: {} })) as Response);
    expect(response.status).toBe(401);
  });
});

/** An empty database migrated to the same version as the source (as a restore target would be). */
async function migratedScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const scratch = await createScratchDatabase(inject("pgAdminUrl"), prefix);
  const orm = await MikroORM.init(createOrmConfig({ clientUrl: scratch.url, poolMax: 2 }));
  try {
    await orm.getMigrator().up();
  } finally {
    await orm.close(true);
  }
  return scratch;
}

/** Every dumped table's rows of the project, as PostgreSQL prints them, are the same in both databases (and nothing else was restored). */
async function expectSameRows(restored: PgClient, tables: readonly string[]): Promise<number> {
  const clientId = (await source.query<{ client_id: number }>(`select client_id from project where id = $1`, [western])).rows[0]!.client_id;
  // The export's own audit entries are written after its snapshot: compare the rest.
  const scopes: Record<string, string> = {
    client: `id = ${clientId}`,
    project: `id = ${western}`,
    import_merge: `import_id in (select id from import_record where project_id = ${western})`,
    grievance_event: `grievance_id in (select id from grievance where project_id = ${western})`,
    audit_log: `project_id = ${western} and action <> 'database.export'`,
  };
  let compared = 0;
  for (const table of tables) {
    if (table === "user") continue;
    const where = scopes[table] ?? `project_id = ${western}`;
    const sql = `select ${rowText(table)} as r from "${table}" t where ${where} order by 1`;
    const expected = await rowsOf(source, sql);
    expect(await rowsOf(restored, sql), table).toEqual(expected);
    const outside = table === "audit_log" ? `project_id is distinct from ${western}` : `not (${where})`;
    expect(await rowsOf(restored, `select count(*)::text as r from "${table}" where ${outside}`), `${table}: nothing else restored`).toEqual(["0"]);
    compared += expected.length;
  }
  // Users: those the rows reference (owner, members, creators, uploaders…), each exactly as stored.
  const userIds = await rowsOf(restored, `select id as r from "user" order by id`);
  expect(userIds).toEqual(expect.arrayContaining(["seed-client-owner", "seed-director", "seed-officer", "seed-project-manager", "seed-viewer"]));
  expect(userIds).not.toContain("seed-second-owner");
  // Of the project's client's users every kept column; of anyone else's all but the e-mail (a stand-in).
  const ownSql = `select ${rowText("user")} as r from "user" t where id = any($1) and client_id = ${clientId} order by 1`;
  expect(await rowsOf(restored, ownSql, [userIds])).toEqual(await rowsOf(source, ownSql, [userIds]));
  const othersSql = `select ${rowText("user", ["email"])} as r from "user" t where id = any($1) and client_id is null order by 1`;
  expect(await rowsOf(restored, othersSql, [userIds])).toEqual(await rowsOf(source, othersSql, [userIds]));
  return compared;
}

/** A row as text: every column, or for the client and users only the columns the dump keeps (less `without`). */
function rowText(table: string, without: readonly string[] = []): string {
  const kept = COLUMN_ALLOW_LISTS[table];
  return kept
    ? `row(${kept
        .filter((c) => !without.includes(c))
        .map((c) => `t."${c}"`)
        .join(", ")})::text`
    : "t::text";
}

describe("the dump", () => {
  let dump: string;
  let scratch: ScratchDatabase | undefined;
  let restored: PgClient | undefined;
  let tables: string[];

  beforeAll(async () => {
    dump = await (await exportAs("seed-director", western)).text();
    tables = /^-- Tables, in this order: (.*)\.$/m.exec(dump)![1]!.split(", ");
    scratch = await migratedScratchDatabase("test_dump_restore");
    restored = new PgClient({ connectionString: scratch.url });
    await restored.connect();
    await restored.query(dump); // the whole file as one simple-protocol script, as psql -f would run it
  }, 120_000);

  afterAll(async () => {
    await restored?.end();
    await scratch?.drop();
  }, 60_000);

  it("states the product, schema version, project and what it leaves out", () => {
    const lastMigration = migrationsList.at(-1)!.name;
    expect(dump.startsWith("-- Land Liaison Records: SQL dump of one project\n")).toBe(true);
    expect(dump).toContain(`-- Schema migration version: ${lastMigration}\n`);
    expect(dump).toContain(`-- Project: ${western} Western Pipeline Stage 2\n`);
    expect(dump).toMatch(/^-- Exported at: \d{4}-\d\d-\d\dT/m);
    expect(dump).toContain("their bytes stay in the object store");
    for (const table of [...Object.keys(EXCLUDED_TABLES), ...Object.keys(DERIVED_TABLES)]) expect(tables).not.toContain(table);
    expect(dump).not.toMatch(/INSERT INTO "(session|oidc_payload|sign_in_throttle|import_workbook|import_staged_data|import_staged_row)"/);
  });

  it("holds every table of the schema that is not excluded, referenced tables first", async () => {
    const all = await rowsOf(source, `select table_name as r from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
    expect([...tables].sort()).toEqual(all.filter((t) => !isLeftOut(t)).sort());
    expect(tables.slice(0, 3)).toEqual(["client", "user", "project"]);
    expect(tables.indexOf("import_record")).toBeLessThan(tables.indexOf("stakeholder"));
    expect(tables.indexOf("stakeholder")).toBeLessThan(tables.indexOf("property"));
    expect(tables.indexOf("property")).toBeLessThan(tables.indexOf("document"));
  });

  it("holds no other client's rows", () => {
    expect(dump).not.toContain(FOREIGN_MARKER);
    expect(dump).not.toContain("Second Client Pty Ltd");
    expect(dump).not.toContain("seed-second-owner");
    expect(dump).not.toContain("Coastal Road Upgrade");
  });

  it("holds no identity-provider, payment or billing value of the users or the client", () => {
    for (const [name, value] of Object.entries(SENTINELS)) expect(dump, name).not.toContain(value);
    expect(dump).not.toContain(SECRET);
    const userInsert = /^INSERT INTO "user" \(([^)]*)\)/m.exec(dump)![1];
    expect(userInsert).toBe('"id", "email", "first_name", "last_name", "client_id", "system_role", "is_active", "created_at", "updated_at", "deleted_at"');
    expect(/^INSERT INTO "client" \(([^)]*)\)/m.exec(dump)![1]).toBe('"id", "name", "is_active", "created_at", "updated_at"');
    // The project's client's users keep their e-mail (to sign in to a restored copy); the system admin's is not there.
    expect(dump).toContain("officer@demo-consultancy.local");
    expect(dump).not.toContain("admin@landrecords.local");
  });

  it("restores the users without sign-in or payment values, and anyone outside the client with a stand-in e-mail", async () => {
    const users = await restored!.query<{ id: string; email: string; auth_subject: string | null; payment_customer_id: string | null; profile_image_url: string | null; last_sign_in_at: Date | null }>(
      `select id, email, auth_subject, payment_customer_id, profile_image_url, last_sign_in_at from "user" order by id`,
    );
    expect(users.rows.map((u) => u.id)).toContain("seed-system-admin");
    for (const user of users.rows) expect([user.auth_subject, user.payment_customer_id, user.profile_image_url, user.last_sign_in_at], user.id).toEqual([null, null, null, null]);
    const md5 = (await restored!.query<{ h: string }>(`select md5('seed-system-admin') as h`)).rows[0]!.h;
    expect(users.rows.find((u) => u.id === "seed-system-admin")!.email).toBe(`user-${md5}@restored.invalid`);
    const client = await restored!.query(`select billing_email, payment_customer_id, payment_subscription_id, settings, domain, free_pro_granted_by, subscription_plan from client`);
    expect(client.rows).toEqual([{ billing_email: null, payment_customer_id: null, payment_subscription_id: null, settings: {}, domain: null, free_pro_granted_by: null, subscription_plan: "free" }]);
  });

  it("restores every row of every dumped table exactly, under the same ids", async () => {
    expect(await expectSameRows(restored!, tables)).toBeGreaterThan(20);
    for (const table of ["grievance", "grievance_event", "commitment", "commitment_stakeholder", "commitment_property"]) {
      expect(await rowsOf(restored!, `select count(*)::text as r from ${table}`), table).not.toEqual(["0"]);
    }
  });

  it.skipIf(!hasPsql)(
    "restores the same through psql -f with ON_ERROR_STOP",
    async () => {
      const viaPsql = await migratedScratchDatabase("test_dump_psql");
      const client = new PgClient({ connectionString: viaPsql.url });
      try {
        const file = path.join(os.tmpdir(), `project_${western}_database_export_${process.pid}.sql`);
        fs.writeFileSync(file, dump);
        try {
          execFileSync("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", viaPsql.url, "-f", file], { stdio: ["ignore", "ignore", "pipe"] });
        } finally {
          fs.rmSync(file, { force: true });
        }
        await client.connect();
        expect(await expectSameRows(client, tables)).toBeGreaterThan(20);
      } finally {
        await client.end().catch(() => {});
        await viaPsql.drop();
      }
    },
    120_000,
  );

  it("leaves stakeholder_link_count out and rebuilds it from the restored links, equal to the source's", async () => {
    expect(tables).not.toContain("stakeholder_link_count");
    expect(dump).not.toMatch(/INSERT INTO "stakeholder_link_count"/);
    // Every stakeholder of the project with its kept count (0 when it has no row) and a fresh count of its links.
    const sql = `select s.id || ':' || coalesce(lc.property_count, 0) || ':' || (select count(*) from stakeholder_property sp where sp.stakeholder_id = s.id) as r
                   from stakeholder s left join stakeholder_link_count lc on lc.stakeholder_id = s.id and lc.project_id = s.project_id
                  where s.project_id = $1 order by s.id`;
    const counts = await rowsOf(source, sql, [western]);
    expect(
      counts.some((row) => !row.endsWith(":0:0")),
      "some stakeholder has links",
    ).toBe(true);
    for (const row of counts) expect(row.split(":")[1], row).toBe(row.split(":")[2]);
    expect(await rowsOf(restored!, sql, [western])).toEqual(counts);
    // No zero rows, and no rows of another project.
    const rows = `select stakeholder_id || ':' || project_id || ':' || property_count as r from stakeholder_link_count where project_id = $1 or property_count <= 0 order by 1`;
    expect(await rowsOf(restored!, `select count(*)::text as r from stakeholder_link_count where project_id <> $1 or property_count <= 0`, [western])).toEqual(["0"]);
    expect(await rowsOf(restored!, rows, [western])).toEqual(await rowsOf(source, rows, [western]));
  });

  it("keeps the awkward values byte for byte", async () => {
    const sql = `select name as r from stakeholder where name like 'Awkward %'`;
    expect(await rowsOf(restored!, sql)).toEqual([`Awkward ${AWKWARD}`]);
    const keys = await restored!.query<{ match_keys: string[]; custom_fields: unknown }>(`select match_keys, custom_fields from stakeholder where name like 'Awkward %'`);
    expect(keys.rows[0]!.match_keys).toEqual(["n:o'brien", 'q:"quoted"', "b:back\\slash", "c:{braces},comma", "NULL", "", "e:🦘"]);
    expect(await rowsOf(restored!, `select file_size::text as r from document where storage_key = 'documents/awkward-key'`)).toEqual(["9007199254740993"]);
    expect(await rowsOf(restored!, `select estimated_value::text as r from property where estimated_value is not null and notes = $1`, [AWKWARD])).toEqual(["1234567890123.45"]);
  });

  it("advances each sequence past the restored ids", async () => {
    const maxId = Number((await rowsOf(restored!, `select max(id)::text as r from stakeholder`))[0]);
    const next = await restored!.query<{ id: number }>(`insert into stakeholder (user_id, project_id, name) values ('seed-officer', $1, 'After restore') returning id`, [western]);
    expect(next.rows[0]!.id).toBeGreaterThan(maxId);
  });
});

describe("audit", () => {
  it("writes a database.export row, under the project's client, for each download (a system admin's too)", async () => {
    const clientId = (await source.query<{ client_id: number }>(`select client_id from project where id = $1`, [western])).rows[0]!.client_id;
    const count = async (user: string) =>
      (
        await source.query<{ n: number }>(
          `select count(*)::int as n from audit_log where action = 'database.export' and user_id = $1 and project_id = $2 and client_id = $3 and entity_type = 'Project' and entity_id = $4`,
          [user, western, clientId, String(western)],
        )
      ).rows[0]!.n;
    for (const user of ["seed-director", "seed-system-admin"]) {
      const before = await count(user);
      const response = await exportAs(user, western);
      expect(response.status).toBe(200);
      await response.text();
      expect(await count(user), user).toBe(before + 1);
    }
    // A refused export is audited as a refusal, not as an export.
    const before = await count("seed-officer");
    expect((await exportAs("seed-officer", western)).status).toBe(403);
    expect(await count("seed-officer")).toBe(before);
  });
});

describe("streaming", () => {
  it("sends the file in pieces, and a download cut short gives its connection back", async () => {
    const response = await exportAs("seed-client-owner", western);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^-- Land Liaison Records/);
    await reader.cancel();
    // The test database's pool has 4 connections: a leaked one per cancelled download would exhaust it.
    for (let i = 0; i < 6; i++) {
      const cut = (await exportAs("seed-client-owner", western)).body!.getReader();
      await cut.read();
      await cut.cancel();
    }
    const whole = await exportAs("seed-client-owner", western);
    expect((await whole.text()).trimEnd().endsWith("COMMIT;")).toBe(true);
  });

  it("reads every table in the snapshot it opened: a row committed while the file streams is not in it", async () => {
    const marker = `SNAPSHOT-MARKER-${Date.now().toString(36)}`;
    const response = await exportAs("seed-director", western);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });
    expect(text).toMatch(/^-- Land Liaison Records/);
    // The stakeholders come after several tables, and each table's cursor is declared only as the file is read.
    expect(text).not.toContain("-- stakeholder\n");
    await source.query(`insert into stakeholder (user_id, project_id, name) values ('seed-officer', $1, $2)`, [western, marker]);
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
      expect(text).toContain("-- stakeholder\n");
      expect(text).toContain("Margaret Ellis");
      expect(text).not.toContain(marker);
      expect(text.trimEnd().endsWith("COMMIT;")).toBe(true);
      // The marker itself is exportable: a dump started now has it.
      expect(await (await exportAs("seed-director", western)).text()).toContain(marker);
    } finally {
      await source.query(`delete from stakeholder where name = $1`, [marker]);
    }
  });
});

describe("failure", () => {
  it("a query that fails before the first byte is 500 Failed to export database, and the connection is given back", async () => {
    const failed = await withCancelledQuery(database.url, "mikro_orm_migrations", () => exportAs("seed-client-owner", western));
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ message: "Failed to export database" });
    expect(failed.headers.get("Content-Disposition")).toBeNull();
    const idle = await source.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`);
    expect(idle.rows[0]!.n).toBe(0);
    // The pool has 4 connections: a leaked one per failure would soon leave none.
    for (let i = 0; i < 4; i++) expect((await withCancelledQuery(database.url, "mikro_orm_migrations", () => exportAs("seed-client-owner", western))).status).toBe(500);
    expect((await (await exportAs("seed-client-owner", western)).text()).trimEnd().endsWith("COMMIT;")).toBe(true);
  });
});
