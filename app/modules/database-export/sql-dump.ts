/**
 * The pure pieces of a project's SQL dump (GET /api/database/export): which tables it holds and how each
 * is scoped to the project, the order they are written in, and the text around the rows. The row
 * literals themselves are made by PostgreSQL (quote_nullable in the SELECT), so every type round-trips
 * exactly as PostgreSQL prints and reads it.
 */

export const PRODUCT_NAME = "Land Liaison Records";

/**
 * Tables the dump never holds, with the reason the header gives. Every other table of the schema but
 * the DERIVED_TABLES below must be scoped in `scopeFor` (a table with a project_id column is scoped by
 * it automatically); the integration test fails on a table in none of them.
 */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  session: "sign-in sessions (secrets)",
  oidc_payload: "sign-in provider state (secrets)",
  sign_in_throttle: "failed sign-in counters (ephemeral)",
  import_workbook: "import staging (ephemeral, removed after 24 hours)",
  import_staged_data: "import staging (ephemeral)",
  import_staged_row: "import staging (ephemeral)",
  mail_message: "outgoing mail and its delivery state (no project column; a restored copy must not send it again)",
  mail_attempt: "delivery attempts of outgoing mail (no project column; kept with the messages above)",
  mail_attachment: "files sent with outgoing mail (no project column; kept with the messages above)",
  restore_point: "restore points (earlier dumps themselves, kept in the object store for 30 days)",
  restore_point_object: "which stored files each restore point refers to (bookkeeping of the object store)",
  released_object: "stored files whose rows were deleted, kept for the restore points' lifetime (bookkeeping of the object store)",
  mikro_orm_migrations: "schema bookkeeping (the restore database is migrated to the version above)",
};

/**
 * Tables kept by triggers from other tables' rows, left out of the dump although they have a project_id:
 * the restore rebuilds them as it inserts those rows (the triggers run there too), whereas dumped rows
 * would collide with the rebuilt ones or, for a count, be added to (counted twice). A new trigger-kept
 * table goes here; the integration test restores a dump and compares them with the source. With the
 * reason the header gives.
 */
export const DERIVED_TABLES: Readonly<Record<string, string>> = {
  stakeholder_match_key: "duplicate-matching keys (rebuilt from stakeholder.match_keys by a trigger as the rows are inserted)",
  property_match_key: "duplicate-matching keys (rebuilt from property.match_keys by a trigger as the rows are inserted)",
  stakeholder_link_count: "linked properties per stakeholder (recounted from the stakeholder_property rows by a trigger as they are inserted)",
};

/** Whether the dump leaves the table out altogether (excluded or derived). */
export function isLeftOut(table: string): boolean {
  return Object.hasOwn(EXCLUDED_TABLES, table) || Object.hasOwn(DERIVED_TABLES, table);
}

/** The table every user reference points at, and the tenant table. */
export const USER_TABLE = "user";
export const CLIENT_TABLE = "client";

/**
 * The columns the dump keeps of the tenant's and the users' rows, by name (docs/export.md#sql-dump):
 * what a restore needs to re-link the project's rows (ids), show who did what (names) and what they
 * may do (roles, whether the account is active or deleted). Left out: payment ids, billing e-mail,
 * plan and settings of the client; identity-provider subject, picture, payment id and last sign-in
 * of a user. Unlike the other tables, a column added to these two later stays out until it is named
 * here. Every other table keeps all its columns.
 */
export const COLUMN_ALLOW_LISTS: Readonly<Record<string, readonly string[]>> = {
  [CLIENT_TABLE]: ["id", "name", "is_active", "created_at", "updated_at"],
  [USER_TABLE]: ["id", "email", "first_name", "last_name", "client_id", "system_role", "is_active", "deleted_at", "created_at", "updated_at"],
};

/** The table's columns the dump writes, in the table's order. */
export function dumpedColumns(table: string, columns: readonly string[]): string[] {
  const allowed = COLUMN_ALLOW_LISTS[table];
  return allowed ? columns.filter((c) => allowed.includes(c)) : [...columns];
}

/** The domain of the stand-in e-mail (reserved, RFC 2606: it can never receive mail). */
export const STAND_IN_EMAIL_DOMAIN = "restored.invalid";

/**
 * Values the dump writes instead of the stored one, as SQL over the row `t`. A user's e-mail is kept
 * only for users of the project's client (the people its owner and directors manage, and who must be
 * able to sign in to a restored copy); anyone else's (another client's, a system admin's) becomes a
 * stand-in made from the id, since the column may not be empty and must stay unique.
 */
export function columnOverrides(table: string, clientIdSql: string): Map<string, string> {
  if (table !== USER_TABLE) return new Map();
  const standIn = `'user-' || md5(t."id") || ${quoteText(`@${STAND_IN_EMAIL_DOMAIN}`)}`;
  return new Map([["email", `case when t."client_id" = ${clientIdSql} then t."email" else ${standIn} end`]]);
}

export interface ForeignKey {
  table: string;
  column: string;
  references: string;
  nullable: boolean;
}

/** A PostgreSQL identifier, always quoted ("user" is reserved). */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A string literal for names the dump itself writes (standard_conforming_strings is on in the dump). */
export function quoteText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The project's client, as SQL (the project row is in the same snapshot). */
export function projectClientSql(projectId: number): string {
  return `(select "client_id" from "project" where "id" = ${checkedId(projectId)})`;
}

function checkedId(projectId: number): string {
  if (!Number.isSafeInteger(projectId) || projectId <= 0) throw new Error(`Invalid project id: ${projectId}`);
  return String(projectId);
}

/**
 * The WHERE clause that picks each dumped table's rows of the project; tables that are excluded or not
 * project-scoped are left out. A table with a project_id column is scoped by it without being named
 * here. Users are those the dumped rows reference (owner, members, creators, uploaders…), found through
 * the foreign keys, so a new reference to a user is followed without a change here.
 */
export function projectScopes(projectId: number, tables: ReadonlyMap<string, readonly string[]>, foreignKeys: readonly ForeignKey[]): Map<string, string> {
  const project = checkedId(projectId);
  const scopes = new Map<string, string>();
  for (const [table, columns] of tables) {
    if (isLeftOut(table) || table === USER_TABLE) continue;
    if (table === "project") scopes.set(table, `"id" = ${project}`);
    else if (table === CLIENT_TABLE) scopes.set(table, `"id" = ${projectClientSql(projectId)}`);
    else if (table === "import_merge") scopes.set(table, `"import_id" in (select "id" from "import_record" where "project_id" = ${project})`);
    // A grievance's timeline has no project column of its own (docs/export.md#sql-dump).
    else if (table === "grievance_event") scopes.set(table, `"grievance_id" in (select "id" from "grievance" where "project_id" = ${project})`);
    else if (columns.includes("project_id")) scopes.set(table, `"project_id" = ${project}`);
  }
  if (tables.has(USER_TABLE)) {
    const sources = foreignKeys
      .filter((fk) => fk.references === USER_TABLE && fk.table !== USER_TABLE && scopes.has(fk.table))
      .map((fk) => `select ${quoteIdent(fk.column)} from ${quoteIdent(fk.table)} where ${scopes.get(fk.table)}`);
    scopes.set(USER_TABLE, sources.length ? `"id" in (${sources.join(" union ")})` : "false");
  }
  return scopes;
}

/**
 * The tables in an order that satisfies every foreign key between them (referenced first), keeping the
 * given order where the keys leave a choice. Self-references are left to the row order (by primary key).
 */
export function dependencyOrder(tables: readonly string[], foreignKeys: readonly Pick<ForeignKey, "table" | "references">[]): string[] {
  const set = new Set(tables);
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const fk of foreignKeys) {
    if (fk.table !== fk.references && set.has(fk.table) && set.has(fk.references)) needs.get(fk.table)!.add(fk.references);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !placed.has(t) && [...needs.get(t)!].every((dep) => placed.has(dep)));
    if (next === undefined) {
      const stuck = tables.filter((t) => !placed.has(t));
      throw new Error(`Foreign keys form a cycle between: ${stuck.join(", ")}`);
    }
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}

/** Comment text on one line: a project name can hold anything, and a newline would end the comment. */
export function commentText(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what must go
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ");
}

const COLUMN_LIST_TEXT = Object.entries(COLUMN_ALLOW_LISTS)
  .map(([table, columns]) => `${table} (${columns.join(", ")})`)
  .join(" and ");

export interface DumpHeader {
  migration: string | null;
  projectId: number;
  projectName: string;
  exportedAt: Date;
  tables: readonly string[];
}

/** The opening of the file: what it is, what it is not, and the session settings its literals assume. */
export function dumpHeader(header: DumpHeader): string {
  const lines = [
    `${PRODUCT_NAME}: SQL dump of one project`,
    `Schema migration version: ${header.migration ?? "(none applied)"}`,
    `Project: ${header.projectId} ${commentText(header.projectName)}`,
    `Exported at: ${header.exportedAt.toISOString()}`,
    "",
    "Restore into a database migrated to the same schema version, e.g. psql -v ON_ERROR_STOP=1 -f <file>.",
    "Everything is one transaction: a file cut short (no COMMIT at the end) restores nothing.",
    `Tables, in this order: ${header.tables.join(", ")}.`,
    "Users are those the project's rows reference; a user's client is kept only when it is this project's client.",
    `Client and user rows hold only ${COLUMN_LIST_TEXT}; a user's e-mail only when the user is of this project's client (others have a stand-in @${STAND_IN_EMAIL_DOMAIN} address).`,
    "Client and user rows that already exist are left as they are (ON CONFLICT DO NOTHING).",
    "Document and template files are not in this dump: their bytes stay in the object store, under each row's storage_key.",
    `Not exported: ${Object.entries(EXCLUDED_TABLES)
      .map(([table, why]) => `${table} (${why})`)
      .join("; ")}.`,
    `Not exported, rebuilt by the restore's triggers: ${Object.entries(DERIVED_TABLES)
      .map(([table, why]) => `${table} (${why})`)
      .join("; ")}.`,
  ];
  return [
    ...lines.map((line) => (line ? `-- ${line}` : "--")),
    "",
    "SET client_encoding = 'UTF8';",
    "SET standard_conforming_strings = on;",
    "BEGIN;",
    "SET LOCAL datestyle = 'ISO, YMD';",
    "SET LOCAL timezone = 'UTC';",
    "SET LOCAL intervalstyle = 'postgres';",
    "",
    "",
  ].join("\n");
}

/** One INSERT of a batch of rows, each already a parenthesised list of literals. */
export function insertStatement(table: string, columns: readonly string[], rows: readonly string[], options: { overridingSystemValue?: boolean; onConflictDoNothing?: boolean } = {}): string {
  const into = `INSERT INTO ${quoteIdent(table)} (${columns.map(quoteIdent).join(", ")})`;
  const overriding = options.overridingSystemValue ? " OVERRIDING SYSTEM VALUE" : "";
  const conflict = options.onConflictDoNothing ? "\nON CONFLICT DO NOTHING" : "";
  return `${into}${overriding} VALUES\n${rows.join(",\n")}${conflict};\n`;
}

/** Moves a column's sequence past every id in the table (restored rows included): next value = max + 1. */
export function sequenceReset(table: string, column: string): string {
  return `SELECT setval(pg_get_serial_sequence(${quoteText(quoteIdent(table))}, ${quoteText(column)}), coalesce(max(${quoteIdent(column)}), 0) + 1, false) FROM ${quoteIdent(table)};\n`;
}

/**
 * The SELECT expression that makes PostgreSQL write one row as `(lit, lit, …)`: quote_nullable gives
 * NULL or a quoted literal of the value's text form (E'' when it holds a backslash, which reads the same
 * whatever standard_conforming_strings is). A chain of `||` has no argument limit, unlike concat_ws.
 * A nullable client reference to another client is written as NULL (that client is not in the dump);
 * a column in `overrides` is written as that SQL expression's value (columnOverrides).
 */
export function rowExpression(columns: readonly string[], clientColumns: ReadonlySet<string>, clientIdSql: string, overrides: ReadonlyMap<string, string> = new Map()): string {
  const parts = columns.map((c) => {
    const value = `t.${quoteIdent(c)}`;
    const override = overrides.get(c);
    if (override) return `quote_nullable(${override})`;
    return clientColumns.has(c) ? `quote_nullable(case when ${value} = ${clientIdSql} then ${value} end)` : `quote_nullable(${value})`;
  });
  return `'(' || ${parts.join(" || ', ' || ")} || ')'`;
}
