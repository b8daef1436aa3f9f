import type pg from "pg";
import { openPgSnapshot, type PgSnapshot } from "~db/sql.server";
import { refId } from "~db/entities/refs";
import { recordSecurityEvent } from "~/modules/audit/audit.server";
import { contentDisposition } from "~/utils/download";
import { requireDatabaseExport, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { guardDownload } from "~/utils/downloads.server";
import { admitLinkedDownload } from "./linked-download.server";
import { withDatabaseOutage } from "~/utils/http.server";
import {
  CLIENT_TABLE,
  columnOverrides,
  dependencyOrder,
  dumpedColumns,
  dumpHeader,
  insertStatement,
  projectClientSql,
  projectScopes,
  quoteIdent,
  rowExpression,
  sequenceReset,
  USER_TABLE,
  type ForeignKey,
} from "./sql-dump";
import { log } from "~/utils/log.server";

export const DATABASE_EXPORT_FAILED = "Failed to export database";

/** Rows per FETCH, and so per INSERT statement: small enough to stream, large enough to restore quickly. */
const FETCH_ROWS = 200;
const CURSOR = "project_dump_rows";

/** The dependency order where foreign keys leave a choice: the order of the data model (docs/records.md), then the rest. */
const PREFERRED_ORDER = [
  CLIENT_TABLE,
  USER_TABLE,
  "project",
  "project_membership",
  "import_record",
  "stakeholder",
  "property",
  "stakeholder_property",
  "engagement",
  "grievance",
  "grievance_event",
  "commitment",
  "commitment_stakeholder",
  "commitment_property",
  "parcel",
  "affected_area",
  "parcel_affected_area",
  "community_project",
  "document",
  "template",
  "inbound_message",
  "project_phase_form",
  "import_duplicate",
  "import_merge",
  "user_invitation",
  "audit_log",
];

interface TablePlan {
  table: string;
  columns: string[];
  scope: string;
  primaryKey: string[];
  sequenced: string[];
  clientColumns: Set<string>;
  overrides: Map<string, string>;
  overridingSystemValue: boolean;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  generated: boolean;
  identity_always: boolean;
  sequenced: boolean;
}

/**
 * What the dump holds, read from the catalogue inside the export's snapshot: every column of every
 * scoped table (a new column is included without a change here) but the client's and the users', which
 * keep only their allow-listed columns (COLUMN_ALLOW_LISTS), the foreign keys that order the tables
 * and find the users, and the primary keys that order the rows.
 */
async function readPlan(client: pg.ClientBase, projectId: number): Promise<TablePlan[]> {
  const columns = (
    await client.query<ColumnRow>(
      `select c.table_name, c.column_name, c.is_generated = 'ALWAYS' as generated, c.identity_generation = 'ALWAYS' as identity_always,
              (c.is_identity = 'YES' or c.column_default like 'nextval(%') as sequenced
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema()
        order by c.table_name, c.ordinal_position`,
    )
  ).rows;
  const foreignKeys = (
    await client.query<ForeignKey>(
      `select src.relname as "table", a.attname as "column", dst.relname as "references", not a.attnotnull as nullable
         from pg_constraint k
         join pg_class src on src.oid = k.conrelid
         join pg_class dst on dst.oid = k.confrelid
         join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
        where k.contype = 'f' and src.relnamespace = current_schema()::regnamespace`,
    )
  ).rows;
  const primaryKeys = (
    await client.query<{ table: string; column: string }>(
      `select c.relname as "table", a.attname as "column"
         from pg_index i
         join pg_class c on c.oid = i.indrelid
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indisprimary and c.relnamespace = current_schema()::regnamespace
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
    )
  ).rows;

  const byTable = new Map<string, ColumnRow[]>();
  for (const column of columns) byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column]);
  const scopes = projectScopes(projectId, new Map([...byTable].map(([table, cols]) => [table, cols.map((c) => c.column_name)])), foreignKeys);
  const preferred = [...PREFERRED_ORDER.filter((t) => scopes.has(t)), ...[...scopes.keys()].filter((t) => !PREFERRED_ORDER.includes(t)).sort()];
  return dependencyOrder(preferred, foreignKeys).map((table) => {
    const kept = new Set(
      dumpedColumns(
        table,
        (byTable.get(table) ?? []).map((c) => c.column_name),
      ),
    );
    const tableColumns = (byTable.get(table) ?? []).filter((c) => !c.generated && kept.has(c.column_name));
    return {
      table,
      columns: tableColumns.map((c) => c.column_name),
      scope: scopes.get(table)!,
      primaryKey: primaryKeys.filter((k) => k.table === table).map((k) => k.column),
      sequenced: tableColumns.filter((c) => c.sequenced).map((c) => c.column_name),
      // Another client's id in a nullable reference (a user of another client, say) becomes NULL.
      clientColumns: new Set(foreignKeys.filter((fk) => fk.table === table && fk.references === CLIENT_TABLE && fk.nullable && table !== CLIENT_TABLE).map((fk) => fk.column)),
      overrides: columnOverrides(table, projectClientSql(projectId)),
      overridingSystemValue: tableColumns.some((c) => c.identity_always),
    };
  });
}

async function lastMigration(client: pg.ClientBase): Promise<string | null> {
  const { rows } = await client.query<{ name: string | null }>(
    `select case when to_regclass('mikro_orm_migrations') is null then null
                 else (select name from mikro_orm_migrations order by executed_at desc, id desc limit 1) end as name`,
  );
  return rows[0]?.name ?? null;
}

/** The dump as text chunks, read a batch at a time from a cursor in the open snapshot. */
async function* dumpChunks(client: pg.ClientBase, access: ProjectAccess, plan: TablePlan[], migration: string | null): AsyncGenerator<string> {
  const projectId = access.project.id;
  yield dumpHeader({ migration, projectId, projectName: access.project.name, exportedAt: new Date(), tables: plan.map((t) => t.table) });
  for (const table of plan) {
    const order = table.primaryKey.length ? ` order by ${table.primaryKey.map((c) => `t.${quoteIdent(c)}`).join(", ")}` : "";
    const row = rowExpression(table.columns, table.clientColumns, projectClientSql(projectId), table.overrides);
    await client.query(`declare ${CURSOR} no scroll cursor for select ${row} as row from ${quoteIdent(table.table)} as t where ${table.scope}${order}`);
    yield `-- ${table.table}\n`;
    for (;;) {
      const { rows } = await client.query<{ row: string }>(`fetch forward ${FETCH_ROWS} from ${CURSOR}`);
      if (rows.length)
        yield insertStatement(
          table.table,
          table.columns,
          rows.map((r) => r.row),
          { overridingSystemValue: table.overridingSystemValue, onConflictDoNothing: table.table === CLIENT_TABLE || table.table === USER_TABLE },
        );
      if (rows.length < FETCH_ROWS) break;
    }
    await client.query(`close ${CURSOR}`);
  }
  yield "\n-- Sequences: the next id of each table follows the highest restored one.\n";
  yield plan.flatMap((t) => t.sequenced.map((column) => sequenceReset(t.table, column))).join("");
  yield "\nCOMMIT;\n";
}

function filename(projectId: number) {
  return `project_${projectId}_database_export.sql`;
}

/**
 * GET /api/database/export: the project's rows as a SQL file that restores into an empty database of the
 * same schema version (docs/export.md#sql-dump). Only system_admin, client_owner and director may (403 otherwise).
 * Everything is read in one REPEATABLE READ READ ONLY snapshot on one connection, through a cursor, and
 * the response is pulled a batch at a time, so neither the rows nor the file are ever held in memory.
 * A failure before the first byte is a 500 "Failed to export database" (503 when the database is away);
 * after it, the download is cut off (and the file, lacking its COMMIT, restores nothing). A download
 * takes a slot of the download budget and a connection of the download pool, and is cut off when its
 * client stops reading (docs/operations.md#pools-and-timeouts); an `internal` copy (a restore point
 * written to the store) reads at the store's pace on the ORM's pool.
 */
export async function exportProjectDatabase(access: ProjectAccess, request: Request, { internal = false }: { internal?: boolean } = {}): Promise<Response> {
  requireDatabaseExport(access);
  const projectId = access.project.id;
  const headers = {
    "Content-Type": "application/sql; charset=utf-8",
    "Content-Disposition": contentDisposition("attachment", filename(projectId)),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });

  // The dashboard's link: a refused browser goes back there with the message.
  const slot = internal ? null : await admitLinkedDownload(request, access.user.id, "/");
  // The snapshot's connection is kept until the download ends (it may outlive the request handler).
  let held: PgSnapshot | undefined;
  const finish = async () => {
    await held?.end();
  };
  let plan: TablePlan[];
  let migration: string | null;
  try {
    held = await openPgSnapshot({ forDownload: !internal });
    // Literals are the values' text forms: fix the settings that shape them (timestamps with their offset, exact floats).
    await held.client.query(
      `set local timezone = 'UTC'; set local datestyle = 'ISO, YMD'; set local intervalstyle = 'postgres'; set local extra_float_digits = 3;
       set local bytea_output = 'hex'`,
    );
    migration = await lastMigration(held.client);
    plan = await readPlan(held.client, projectId);
  } catch (error) {
    slot?.release();
    await finish();
    const outage = withDatabaseOutage(error);
    if (outage instanceof AppError) throw outage;
    log.error({ component: "database-export", err: error }, "Database export failed");
    throw new AppError(500, DATABASE_EXPORT_FAILED);
  }
  // Audited as it starts (docs/export.md#sql-dump), under the project's client (a system admin has none
  // of their own); a restore point's copy is not a download: its own download is audited when it happens.
  if (!internal) {
    await recordSecurityEvent({ userId: access.user.id, clientId: refId(access.project.client), projectId, action: "database.export", entityType: "Project", entityId: projectId });
  }

  const client = held.client;
  const chunks = (async function* () {
    try {
      yield* dumpChunks(client, access, plan, migration);
    } finally {
      await finish();
    }
  })();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    request.signal.removeEventListener("abort", stop);
    void chunks.return(undefined).finally(finish);
  };
  request.signal.addEventListener("abort", stop, { once: true });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      // Called only when the reader wants more: the response's pace sets the cursor's.
      async pull(controller) {
        try {
          if (request.signal.aborted) throw new Error("the download was cancelled");
          const next = await chunks.next();
          if (stopped) return; // cancelled while this batch was read: nobody is listening
          if (next.done) {
            stop();
            controller.close();
          } else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          if (stopped) return;
          log.error({ component: "database-export", err: error }, "Database export failed while streaming");
          stop();
          controller.error(error);
        }
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(slot ? guardDownload(body, { slot }) : body, { status: 200, headers });
}
