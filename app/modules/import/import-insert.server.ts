/**
 * The batched INSERT of the import job: one statement per batch of rows, passed as one JSON array and
 * unpacked by jsonb_to_recordset, that creates the records and their audit rows together (a CTE
 * feeding audit_log from the inserted rows). One parameter per batch whatever its size, and no
 * per-row round trip: the import stays within a few times of COPY (bench/import.mjs).
 *
 * Column names and SQL types come from the ORM's metadata of the entity, so a field the import
 * offers is written exactly as the entity declares it.
 */
import type { EntityProperty } from "@mikro-orm/core";
import { getOrm } from "~db/orm";
import type { MappedColumn } from "./column-mapping";
import { CUSTOM_PREFIX, customField, importField, importFields, type ImportType } from "./import-fields";
import type { CoercedValue } from "./value-coercion";

interface TargetColumn {
  key: string;
  column: string;
  sqlType: string;
  /** The value written: the cell, or for NOT NULL columns with a default, the default when blank. */
  expression: string;
  /** A calendar date written into a timestamptz column (last contact, last spatial update). */
  datetime: boolean;
}

/** What the job decides for a new record besides the file's values. */
export interface RecordExtras {
  /** Taken from the table's sequence before the insert, so duplicates later in the file can point at it. */
  id: number;
  matchKeys: string[];
  /** Properties: the primary owner found or created from the proprietors. */
  stakeholderId?: number | null;
}

export interface InsertPlan {
  /** $1 user id, $2 project id, $3 import id, $4 client id, $5 the rows as a JSON array; returns nothing. */
  sql: string;
  /** One row as the JSON object the statement unpacks. */
  toRecord(values: Record<string, CoercedValue>, customFields: Record<string, CoercedValue> | null, extras: RecordExtras): Record<string, unknown>;
}

const ENTITY: Record<ImportType, { entity: string; table: string; action: string; owned: boolean }> = {
  stakeholders: { entity: "Stakeholder", table: "stakeholder", action: "stakeholder.create", owned: true },
  properties: { entity: "Property", table: "property", action: "property.create", owned: false },
  parcels: { entity: "Parcel", table: "parcel", action: "parcel.create", owned: false },
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function sqlDefault(prop: EntityProperty): string | null {
  if (prop.nullable) return null;
  if (prop.defaultRaw !== undefined) return prop.defaultRaw;
  if (typeof prop.default === "boolean" || typeof prop.default === "number") return String(prop.default);
  if (typeof prop.default === "string") return `'${prop.default.replace(/'/g, "''")}'`;
  return null;
}

export function targetColumn(entity: string, key: string): TargetColumn {
  const prop = getOrm().getMetadata().get(entity).properties[key as never] as EntityProperty | undefined;
  const column = prop?.fieldNames?.[0];
  const sqlType = prop?.columnTypes?.[0];
  if (!prop || !column || !sqlType) throw new Error(`${entity}.${key} is not a column the import can write`);
  const fallback = sqlDefault(prop);
  const cell = `r.${quote(column)}`;
  return { key, column, sqlType, expression: fallback ? `coalesce(${cell}, ${fallback})` : cell, datetime: /^timestamp/.test(sqlType) };
}

/** The INSERT for the mapped fields of one import (custom fields go to custom_fields as one JSON object). */
export function insertPlan(type: ImportType, mapped: readonly MappedColumn[]): InsertPlan {
  const { entity, table, action, owned } = ENTITY[type];
  const columns = mapped.filter((m) => isStoredField(type, m.target)).map((m) => targetColumn(entity, m.target));
  const hasCustom = mapped.some((m) => m.target.startsWith(CUSTOM_PREFIX));
  const withOwner = type === "properties";
  const definitions = ['"id" int', '"match_keys" text[]', ...(withOwner ? ['"stakeholder_id" int'] : []), ...columns.map((c) => `${quote(c.column)} ${c.sqlType}`)];
  const targets = ['"id"', '"match_keys"', ...(withOwner ? ['"stakeholder_id"'] : []), ...(owned ? ['"user_id"'] : []), '"project_id"', '"import_id"', ...columns.map((c) => quote(c.column))];
  const values = ["r.id", "r.match_keys", ...(withOwner ? ["r.stakeholder_id"] : []), ...(owned ? ["$1"] : []), "$2", "$3", ...columns.map((c) => c.expression)];
  if (hasCustom) {
    definitions.push('"custom_fields" jsonb');
    targets.push('"custom_fields"');
    values.push('r."custom_fields"');
  }
  // As the property form does: the title's address is the address unless the file gives its own.
  if (type === "properties") {
    const own = columns.find((c) => c.key === "propertyAddress");
    if (own) values[targets.indexOf('"property_address"')] = 'coalesce(r."property_address", r."address")';
    else {
      targets.push('"property_address"');
      values.push('r."address"');
    }
  }
  const sql = `with ins as (
      insert into ${quote(table)} (${targets.join(", ")})
      select ${values.join(", ")} from jsonb_to_recordset($5::jsonb) as r(${definitions.join(", ")})
      returning id, jsonb_strip_nulls(to_jsonb(${quote(table)}.*) - 'match_keys') as after
    )
    insert into audit_log (user_id, client_id, project_id, action, entity_type, entity_id, after)
    select $1, $4, $2, '${action}', '${entity}', ins.id::text, ins.after from ins`;

  const datetimeKeys = new Set(columns.filter((c) => c.datetime).map((c) => c.key));
  const columnOf = new Map(columns.map((c) => [c.key, c.column]));
  return {
    sql,
    toRecord(values, customFields, extras) {
      const record: Record<string, unknown> = { id: extras.id, match_keys: extras.matchKeys };
      if (withOwner) record.stakeholder_id = extras.stakeholderId ?? null;
      for (const [key, value] of Object.entries(values)) {
        const column = columnOf.get(key);
        if (!column) continue;
        // A calendar date in a timestamp column is that day's midnight UTC, as the ORM would store it.
        record[column] = datetimeKeys.has(key) && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
      }
      if (hasCustom) record.custom_fields = customFields;
      return record;
    },
  };
}

/** A field written to the record's own column (not a custom field, not an owner field used for linking). */
export function isStoredField(type: ImportType, key: string): boolean {
  const field = importField(type, key);
  return Boolean(field && !field.owner);
}

/** Every stored import field of a type as a mapped column: the plan that can write any of them (merges). */
export function allFieldsPlan(type: ImportType): InsertPlan {
  const stored = importFields(type)
    .filter((field) => !field.owner)
    .map((field, index) => ({ index, column: field.label, target: field.key, field }));
  // One custom target stands for them all: the plan then writes custom_fields.
  const custom = customField("");
  return insertPlan(type, [...stored, { index: stored.length, column: "", target: custom.key, field: custom }]);
}

export function entityOf(type: ImportType) {
  return ENTITY[type];
}
