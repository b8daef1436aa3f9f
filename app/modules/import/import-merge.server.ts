/**
 * Merging incoming rows into existing records inside an import's transaction (docs/import.md#duplicates): an exact
 * volume/folio merged automatically, or a duplicate the user chose to merge. The merge rule is
 * duplicates/merge.ts; this writes it: one UPDATE per batch of records, the changed columns' values
 * before and after in import_merge (so Undo import can put them back) and an update audit row each.
 */
import type pg from "pg";
import { KIND_RULES, matchFieldsOf, matchKeysOf, type DuplicateKind } from "~/modules/duplicates/candidates.server";
import { CUSTOM_FIELDS_KEY, planMerge, type NotTaken } from "~/modules/duplicates/merge";
import { importFields, type ImportType } from "./import-fields";
import { entityOf, targetColumn } from "./import-insert.server";

export interface MergeRequest {
  id: number;
  /** The incoming row's values by field key, its custom fields under "customFields". */
  values: Record<string, unknown>;
}

export interface MergeResult {
  id: number;
  changed: string[];
  notTaken: NotTaken[];
}

export interface MergeContext {
  importId: number;
  projectId: number;
  clientId: number;
  userId: string;
}

export const importTypeOf = (kind: DuplicateKind): ImportType => (kind === "stakeholder" ? "stakeholders" : "properties");

interface Column {
  key: string;
  column: string;
  sqlType: string;
  datetime: boolean;
}

/** Field key ↔ column for every stored field of a kind, plus custom fields. */
function columnsOf(kind: DuplicateKind): Column[] {
  const type = importTypeOf(kind);
  const { entity } = entityOf(type);
  const columns: Column[] = importFields(type)
    .filter((field) => !field.owner)
    .map((field) => {
      const target = targetColumn(entity, field.key);
      return { key: field.key, column: target.column, sqlType: target.sqlType, datetime: target.datetime };
    });
  columns.push({ key: CUSTOM_FIELDS_KEY, column: "custom_fields", sqlType: "jsonb", datetime: false });
  return columns;
}

const COLUMNS: Partial<Record<DuplicateKind, Column[]>> = {};
const columnsFor = (kind: DuplicateKind) => (COLUMNS[kind] ??= columnsOf(kind));

/** A stored row (to_jsonb of the table's columns) as values by field key. */
export function rowToValues(kind: DuplicateKind, row: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const c of columnsFor(kind)) values[c.key] = row[c.column] ?? null;
  return values;
}

/** Optimistic locking's columns: recorded with each merge and restored by Undo. */
export const VERSION_COLUMNS = ["version", "updated_at"] as const;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function toColumnValue(column: Column, value: unknown): unknown {
  if (column.datetime && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00Z`;
  return value;
}

/**
 * Applies the merge rule to each record and writes the changes. Records that gain nothing are left
 * alone (no update, no audit row). Records of another project are ignored (the caller checked them).
 */
export async function applyMerges(client: pg.ClientBase, kind: DuplicateKind, context: MergeContext, requests: readonly MergeRequest[]): Promise<MergeResult[]> {
  if (!requests.length) return [];
  const { table } = KIND_RULES[kind];
  const columns = columnsFor(kind);
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const { rows } = await client.query<{ id: number; row: Record<string, unknown> }>(
    `select id, to_jsonb(t.*) - 'match_keys' as row from ${quote(table)} t where t.project_id = $1 and t.id = any($2::int[])`,
    [context.projectId, requests.map((r) => r.id)],
  );
  const current = new Map(rows.map((r) => [r.id, r.row]));
  const results: MergeResult[] = [];
  const updates: { id: number; changes: Record<string, unknown>; match_keys: string[] }[] = [];
  const changedLogs: { id: number; before: Record<string, unknown> }[] = [];
  for (const request of requests) {
    const row = current.get(request.id);
    if (!row) continue;
    const existing = rowToValues(kind, row);
    const plan = planMerge(kind, existing, request.values);
    const changedKeys = Object.keys(plan.changes).filter((key) => byKey.has(key));
    results.push({ id: request.id, changed: changedKeys, notTaken: plan.notTaken });
    if (!changedKeys.length) continue;
    const changes: Record<string, unknown> = {};
    const before: Record<string, unknown> = {};
    for (const key of changedKeys) {
      const column = byKey.get(key)!;
      changes[column.column] = toColumnValue(column, plan.changes[key]);
      before[column.column] = row[column.column] ?? null;
    }
    // Undo puts these back too, so a record merged and unmerged reads as never edited.
    for (const column of VERSION_COLUMNS) before[column] = row[column] ?? null;
    // Written with the new keys, so the trigger keeps them and later batches find the merged record.
    updates.push({ id: request.id, changes, match_keys: matchKeysOf(kind, matchFieldsOf(kind, { ...existing, ...plan.changes })) });
    changedLogs.push({ id: request.id, before });
  }
  if (!updates.length) return results;
  const touched = [...new Set(updates.flatMap((u) => Object.keys(u.changes)))].map((name) => columns.find((c) => c.column === name)!);
  const assignments = touched.map((c) => assignFromJson(c, "r.changes"));
  // A record this import created is still as imported (Undo checks version); anyone else's is edited.
  const { rows: written } = await client.query<{ id: number; row: Record<string, unknown> }>(
    `with r as (select * from jsonb_to_recordset($1::jsonb) as r(id int, changes jsonb, match_keys text[]))
     update ${quote(table)} t set ${assignments.join(", ")}, match_keys = r.match_keys,
            version = case when t.import_id is not distinct from $2 then t.version else t.version + 1 end,
            updated_at = case when t.import_id is not distinct from $2 then t.updated_at else now() end
       from r where t.id = r.id and t.project_id = $3
     returning t.id, to_jsonb(t.*) as row`,
    [JSON.stringify(updates), context.importId, context.projectId],
  );
  // "after" as PostgreSQL reads it back, so Undo can tell whether anyone changed it since.
  const stored = new Map(written.map((w) => [w.id, w.row]));
  const logs = changedLogs
    .filter((log) => stored.has(log.id))
    .map((log) => ({ id: log.id, before: log.before, after: Object.fromEntries(Object.keys(log.before).map((column) => [column, stored.get(log.id)![column] ?? null])) }));
  const entity = entityOf(importTypeOf(kind)).entity;
  await client.query(
    `with l as (select * from jsonb_to_recordset($1::jsonb) as l(id int, before jsonb, after jsonb)),
     merged as (
       insert into import_merge (import_id, kind, entity_id, before, after) select $2, $3, l.id, l.before, l.after from l returning entity_id, before, after
     )
     insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, before, after)
     select $4, $5, $6, $7, $8, merged.entity_id::text, merged.before, merged.after from merged`,
    [JSON.stringify(logs), context.importId, kind, context.userId, context.clientId, context.projectId, `${table}.update`, entity],
  );
  return results;
}

/** The UPDATE assignment of one column from a jsonb object `source` of alias r: its value when the key is there. */
export function assignFromJson(column: { column: string; sqlType: string }, source: string, alias = "t"): string {
  const value = column.sqlType === "jsonb" ? `${source} -> '${column.column}'` : `(${source} ->> '${column.column}')::${column.sqlType}`;
  return `${quote(column.column)} = case when ${source} ? '${column.column}' then ${value} else ${alias}.${quote(column.column)} end`;
}

export { columnsFor };
