import { describe, expect, it } from "vitest";
import {
  COLUMN_ALLOW_LISTS,
  columnOverrides,
  commentText,
  dependencyOrder,
  DERIVED_TABLES,
  dumpedColumns,
  dumpHeader,
  EXCLUDED_TABLES,
  insertStatement,
  isLeftOut,
  projectScopes,
  quoteIdent,
  quoteText,
  rowExpression,
  sequenceReset,
  type ForeignKey,
} from "./sql-dump";

const fk = (table: string, column: string, references: string, nullable = false): ForeignKey => ({ table, column, references, nullable });

describe("quoting", () => {
  it("always quotes identifiers and doubles quotes inside them", () => {
    expect(quoteIdent("user")).toBe('"user"');
    expect(quoteIdent('we"ird')).toBe('"we""ird"');
  });

  it("doubles single quotes in text literals", () => {
    expect(quoteText("it's")).toBe("'it''s'");
  });
});

describe("dependencyOrder", () => {
  it("keeps the given order when the keys allow it", () => {
    expect(dependencyOrder(["a", "b", "c"], [fk("b", "a_id", "a"), fk("c", "b_id", "b")])).toEqual(["a", "b", "c"]);
  });

  it("moves a referenced table before the tables that reference it", () => {
    // property references stakeholder and import_record; stakeholder references import_record.
    const keys = [fk("property", "stakeholder_id", "stakeholder"), fk("property", "import_id", "import_record"), fk("stakeholder", "import_id", "import_record")];
    expect(dependencyOrder(["property", "stakeholder", "import_record", "audit_log"], keys)).toEqual(["import_record", "stakeholder", "property", "audit_log"]);
  });

  it("ignores self-references and keys to tables outside the list", () => {
    expect(dependencyOrder(["b", "a"], [fk("a", "parent_id", "a"), fk("b", "session_id", "session")])).toEqual(["b", "a"]);
  });

  it("refuses a cycle", () => {
    expect(() => dependencyOrder(["a", "b"], [fk("a", "b_id", "b"), fk("b", "a_id", "a")])).toThrow(/cycle between: a, b/);
  });
});

describe("projectScopes", () => {
  const tables = new Map<string, string[]>([
    ["client", ["id", "name"]],
    ["user", ["id", "client_id"]],
    ["project", ["id", "client_id", "owner_id"]],
    ["stakeholder", ["id", "project_id", "user_id"]],
    ["import_record", ["id", "project_id", "created_by_id"]],
    ["import_merge", ["id", "import_id"]],
    ["grievance", ["id", "project_id", "owner_id"]],
    ["grievance_event", ["id", "grievance_id", "by_id"]],
    ["session", ["sid", "sess"]],
    ["import_workbook", ["workbook_key", "project_id", "user_id"]],
    ["unrelated", ["id", "name"]],
    ["new_project_table", ["id", "project_id"]],
  ]);
  const keys = [
    fk("project", "owner_id", "user"),
    fk("stakeholder", "user_id", "user"),
    fk("import_record", "created_by_id", "user"),
    fk("import_workbook", "user_id", "user"),
    fk("user", "client_id", "client", true),
  ];
  const scopes = projectScopes(7, tables, keys);

  it("scopes the project, its client, project_id tables, import merges and grievance events; leaves out excluded and unrelated tables", () => {
    expect(scopes.get("project")).toBe('"id" = 7');
    expect(scopes.get("client")).toBe('"id" = (select "client_id" from "project" where "id" = 7)');
    expect(scopes.get("stakeholder")).toBe('"project_id" = 7');
    expect(scopes.get("new_project_table")).toBe('"project_id" = 7');
    expect(scopes.get("import_merge")).toBe('"import_id" in (select "id" from "import_record" where "project_id" = 7)');
    expect(scopes.get("grievance_event")).toBe('"grievance_id" in (select "id" from "grievance" where "project_id" = 7)');
    expect(scopes.has("session")).toBe(false);
    expect(scopes.has("import_workbook")).toBe(false);
    expect(scopes.has("unrelated")).toBe(false);
  });

  it("takes the users the dumped rows reference, never those of excluded tables", () => {
    expect(scopes.get("user")).toBe(
      '"id" in (select "owner_id" from "project" where "id" = 7 union select "user_id" from "stakeholder" where "project_id" = 7 union select "created_by_id" from "import_record" where "project_id" = 7)',
    );
  });

  it("excludes the secret and ephemeral tables", () => {
    expect(Object.keys(EXCLUDED_TABLES)).toEqual(expect.arrayContaining(["session", "oidc_payload", "sign_in_throttle", "import_workbook", "import_staged_data", "import_staged_row"]));
  });

  it("leaves trigger-kept tables to the restore (dumped counts would be added to), scoped or not", () => {
    expect(Object.keys(DERIVED_TABLES)).toEqual(expect.arrayContaining(["stakeholder_link_count", "stakeholder_match_key", "property_match_key"]));
    for (const table of ["stakeholder_link_count", "session"]) expect(isLeftOut(table)).toBe(true);
    for (const table of ["stakeholder", "stakeholder_property", "constructor"]) expect(isLeftOut(table)).toBe(false);
    const withCounts = new Map([...tables, ["stakeholder_link_count", ["stakeholder_id", "project_id", "property_count"]]]);
    expect(projectScopes(7, withCounts, keys).has("stakeholder_link_count")).toBe(false);
  });

  it("accepts only a positive integer project id", () => {
    expect(() => projectScopes(Number.NaN, tables, keys)).toThrow();
    expect(() => projectScopes(1.5, tables, keys)).toThrow();
    expect(() => projectScopes(0, tables, keys)).toThrow();
  });
});

describe("the dump's text", () => {
  it("keeps a project name on its comment line", () => {
    expect(commentText("Line one\nDROP TABLE x;\r\n\tend")).toBe("Line one DROP TABLE x; end");
  });

  it("opens with a header of comments, then the settings and BEGIN", () => {
    const header = dumpHeader({
      migration: "Migration20261123010000_title_pdf",
      projectId: 12,
      projectName: "Evil\n; DROP TABLE project; --",
      exportedAt: new Date("2026-11-23T04:05:06.789Z"),
      tables: ["client", "user", "project"],
    });
    const lines = header.split("\n");
    const firstSql = lines.findIndex((line) => line !== "" && !line.startsWith("--"));
    expect(lines[firstSql]).toBe("SET client_encoding = 'UTF8';");
    expect(lines.slice(0, firstSql).join("\n")).toContain("-- Project: 12 Evil ; DROP TABLE project; --");
    expect(header).toContain("-- Land Liaison Records: SQL dump of one project");
    expect(header).toContain("-- Schema migration version: Migration20261123010000_title_pdf");
    expect(header).toContain("-- Exported at: 2026-11-23T04:05:06.789Z");
    expect(header).toMatch(/-- Document and template files are not in this dump: their bytes stay in the object store/);
    expect(header).toMatch(/-- Not exported: session \(sign-in sessions \(secrets\)\); oidc_payload/);
    expect(header).toMatch(
      /-- Not exported, rebuilt by the restore's triggers: stakeholder_match_key \(.*; stakeholder_link_count \(linked properties per stakeholder \(recounted from the stakeholder_property rows/,
    );
    expect(header).toContain("SET standard_conforming_strings = on;\nBEGIN;\n");
  });

  it("writes a batch as one INSERT with quoted names", () => {
    expect(insertStatement("user", ["id", "first_name"], ["('a', 'Ann')", "('b', NULL)"], { onConflictDoNothing: true })).toBe(
      `INSERT INTO "user" ("id", "first_name") VALUES\n('a', 'Ann'),\n('b', NULL)\nON CONFLICT DO NOTHING;\n`,
    );
    expect(insertStatement("t", ["id"], ["('1')"], { overridingSystemValue: true })).toBe(`INSERT INTO "t" ("id") OVERRIDING SYSTEM VALUE VALUES\n('1');\n`);
  });

  it("moves a sequence past the table's highest id", () => {
    expect(sequenceReset("user", "id")).toBe(`SELECT setval(pg_get_serial_sequence('"user"', 'id'), coalesce(max("id"), 0) + 1, false) FROM "user";\n`);
  });

  it("has PostgreSQL quote each value, and writes another client's id in a nullable reference as NULL", () => {
    expect(rowExpression(["id", "client_id"], new Set(["client_id"]), "(42)")).toBe(
      `'(' || quote_nullable(t."id") || ', ' || quote_nullable(case when t."client_id" = (42) then t."client_id" end) || ')'`,
    );
  });
});

describe("client and user columns", () => {
  const userColumns = [
    "id",
    "email",
    "first_name",
    "last_name",
    "profile_image_url",
    "client_id",
    "system_role",
    "auth_subject",
    "payment_customer_id",
    "is_active",
    "last_sign_in_at",
    "created_at",
    "updated_at",
    "deleted_at",
  ];
  const clientColumns = [
    "id",
    "name",
    "domain",
    "subscription_plan",
    "subscription_status",
    "payment_customer_id",
    "payment_subscription_id",
    "max_projects",
    "billing_email",
    "is_active",
    "settings",
    "free_pro_granted_by",
    "created_at",
    "updated_at",
  ];

  it("keeps only the allow-listed columns of client and user, in the table's order; other tables keep every column", () => {
    expect(dumpedColumns("user", userColumns)).toEqual(["id", "email", "first_name", "last_name", "client_id", "system_role", "is_active", "created_at", "updated_at", "deleted_at"]);
    expect(dumpedColumns("client", clientColumns)).toEqual(["id", "name", "is_active", "created_at", "updated_at"]);
    expect(dumpedColumns("stakeholder", ["id", "email", "payment_customer_id"])).toEqual(["id", "email", "payment_customer_id"]);
    // A column added to user or client later stays out until it is named.
    expect(dumpedColumns("user", [...userColumns, "mfa_secret"])).not.toContain("mfa_secret");
  });

  it.each(["auth_subject", "payment_customer_id", "payment_subscription_id", "billing_email", "last_sign_in_at", "profile_image_url", "settings", "subscription_plan"])("never allows %s", (column) => {
    for (const allowed of Object.values(COLUMN_ALLOW_LISTS)) expect(allowed).not.toContain(column);
  });

  it("writes a user's e-mail only when the user is of the project's client, else a stand-in made from the id", () => {
    const overrides = columnOverrides("user", "(42)");
    expect(rowExpression(["id", "email"], new Set(), "(42)", overrides)).toBe(
      `'(' || quote_nullable(t."id") || ', ' || quote_nullable(case when t."client_id" = (42) then t."email" else 'user-' || md5(t."id") || '@restored.invalid' end) || ')'`,
    );
    expect(columnOverrides("stakeholder", "(42)").size).toBe(0);
  });

  it("says in the header which columns are kept", () => {
    const header = dumpHeader({ migration: null, projectId: 1, projectName: "P", exportedAt: new Date(0), tables: ["client", "user"] });
    expect(header).toContain("-- Client and user rows hold only client (id, name, is_active, created_at, updated_at) and user (id, email, first_name, last_name");
  });
});
