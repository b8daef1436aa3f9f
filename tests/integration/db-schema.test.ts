import { MikroORM, UniqueConstraintViolationException } from "@mikro-orm/postgresql";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createOrmConfig } from "../../db/mikro-orm.config";
import { Client, Project, ProjectMembership, Property, Stakeholder, User } from "../../db/entities/index";
import { createScratchDatabase, DEFAULT_ADMIN_URL, type ScratchDatabase } from "../../db/scripts/scratch-database";
import { seedDemoData } from "../../db/seeders/demo-seed";

// The integration project's global setup provides a server (TEST_PG_ADMIN_URL or an embedded one);
// run on its own, the file falls back to the environment or the local service.
const adminUrl = inject("pgAdminUrl") ?? process.env.TEST_PG_ADMIN_URL ?? DEFAULT_ADMIN_URL;

const EXPECTED_TABLES = [
  "affected_area",
  "audit_log",
  "client",
  "commitment",
  "commitment_property",
  "commitment_stakeholder",
  "community_project",
  "document",
  "engagement",
  "grievance",
  "grievance_document",
  "grievance_engagement",
  "grievance_event",
  "import_duplicate",
  "import_merge",
  "import_record",
  "import_staged_data",
  "import_staged_row",
  "import_workbook",
  "inbound_message",
  "mail_attachment",
  "mail_attempt",
  "mail_message",
  "oidc_payload",
  "parcel",
  "parcel_affected_area",
  "project",
  "project_membership",
  "project_phase_form",
  "property",
  "property_match_key",
  "released_object",
  "restore_point",
  "restore_point_object",
  "session",
  "sign_in_throttle",
  "stakeholder",
  "stakeholder_link_count",
  "stakeholder_match_key",
  "stakeholder_property",
  "template",
  "user",
  "user_invitation",
];

let scratch: ScratchDatabase | undefined;
let orm: MikroORM;

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return orm.em.getConnection().execute<T[]>(sql, params);
}

/**
 * Migrates an empty database (not the shared template) so the committed migrations themselves are
 * proven, then checks the schema against the entities and the demo seeder against the schema.
 */
describe("database schema", () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl, "test_db_schema");
    orm = await MikroORM.init(createOrmConfig({ clientUrl: scratch.url, poolMax: 3 }));
    await orm.getMigrator().up();
  }, 60_000);

  afterAll(async () => {
    await orm?.close(true);
    await scratch?.drop();
  }, 60_000);

  it("applies every migration and leaves nothing for the entities to change", async () => {
    expect(await orm.getMigrator().getPendingMigrations()).toEqual([]);
    expect(await orm.getMigrator().checkMigrationNeeded()).toBe(false);
  });

  it("has a table for every entity", async () => {
    const found = (await rows<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'")).map((r) => r.table_name);
    const entityTables = Object.values(orm.getMetadata().getAll()).map((meta) => meta.tableName);
    expect(entityTables.sort()).toEqual(EXPECTED_TABLES);
    expect(found).toEqual(expect.arrayContaining(EXPECTED_TABLES));
  });

  it("enables pg_trgm for trigram search", async () => {
    expect(await rows("select 1 from pg_extension where extname = 'pg_trgm'")).toHaveLength(1);
  });

  it("stores money and valuations as decimal(15,2)", async () => {
    const columns = await rows<{ table_name: string; column_name: string; numeric_precision: number; numeric_scale: number }>(
      `select table_name, column_name, numeric_precision, numeric_scale from information_schema.columns
        where table_schema = 'public' and data_type = 'numeric' order by table_name, column_name`,
    );
    expect(columns).toEqual([
      { table_name: "community_project", column_name: "actual_budget", numeric_precision: 15, numeric_scale: 2 },
      { table_name: "community_project", column_name: "estimated_budget", numeric_precision: 15, numeric_scale: 2 },
      { table_name: "property", column_name: "estimated_value", numeric_precision: 15, numeric_scale: 2 },
      { table_name: "property", column_name: "tax_assessed_value", numeric_precision: 15, numeric_scale: 2 },
    ]);
  });

  it("indexes session.expire", async () => {
    const indexes = await rows<{ indexdef: string }>("select indexdef from pg_indexes where schemaname = 'public' and tablename = 'session'");
    expect(indexes.some((i) => /\(expire\)/.test(i.indexdef))).toBe(true);
  });

  it("allows only one membership per user and project", async () => {
    const em = orm.em.fork();
    const attempt = em.transactional(async (tx) => {
      const client = tx.create(Client, { name: "Uniqueness Check Ltd" });
      const user = tx.create(User, { id: "uniq-user", email: "Uniq@Example.com", client });
      const project = tx.create(Project, { name: "Uniqueness", client, owner: user });
      tx.create(ProjectMembership, { user, project, role: "officer" });
      await tx.flush();
      expect(user.email).toBe("uniq@example.com");
      await tx.insert(ProjectMembership, { user: user.id, project: project.id, role: "viewer" });
    });
    await expect(attempt).rejects.toBeInstanceOf(UniqueConstraintViolationException);
    // The transaction rolled back, so the seeder below still sees an empty database.
    expect(await orm.em.fork().count(Client, {})).toBe(0);
  });

  it("seeds the demo data once", async () => {
    expect(await seedDemoData(orm.em.fork())).toBe(true);
    const em = orm.em.fork();
    expect(await em.count(Client, {})).toBe(3);
    expect(await em.count(User, {})).toBe(8);
    expect(await em.count(Project, {})).toBe(3);

    const [pipeline] = await em.find(Project, { name: "Western Pipeline Stage 2" });
    const memberships = await em.find(ProjectMembership, {}, { populate: ["user"] });
    expect(memberships.map((m) => [m.user.id, m.role, m.project.id])).toEqual(
      expect.arrayContaining([
        ["seed-project-manager", "project_manager", pipeline.id],
        ["seed-officer", "officer", pipeline.id],
        ["seed-viewer", "viewer", pipeline.id],
      ]),
    );
    expect(memberships).toHaveLength(3);
    expect(await em.count(Stakeholder, { project: pipeline })).toBeGreaterThanOrEqual(8);
    const laa = await em.find(Property, { project: pipeline, hasLAA: true });
    expect(laa.length).toBeGreaterThanOrEqual(3);
    expect(typeof laa[0].latitude === "number" || laa[0].latitude == null).toBe(true);

    expect(await seedDemoData(orm.em.fork())).toBe(false);
    expect(await orm.em.fork().count(Client, {})).toBe(3);
    expect(await orm.em.fork().count(User, {})).toBe(8);
    expect(await orm.em.fork().count(Project, {})).toBe(3);
  });
});
