import { refId } from "~db/entities/refs";
import { db } from "~db/orm";
import { sqlExecute, sqlRows } from "~db/sql.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { normaliseList, normaliseText } from "./normalise-text";
import type { NormalizeType } from "./schemas";
import { log } from "~/utils/log.server";

/**
 * Which text is normalised, and why only these: names and addresses are what arrives in capitals from
 * title searches and spreadsheets, and what people read on screens and letters. Not normalised:
 * e-mail addresses (identifiers, compared in lower case), phone numbers (no letters), notes, next
 * actions and interaction text (free text whose capitals the author chose: acronyms, emphasis),
 * title identifiers (volume, folio, lot, plan: references to be matched exactly), choice fields
 * (stored codes) and custom imported columns (unknown meaning).
 */
interface TableSpec {
  table: "stakeholder" | "property";
  entityType: "Stakeholder" | "Property";
  label: string;
  /** column → what the preview calls it. */
  textColumns: Record<string, string>;
  /** JSON lists of names. */
  listColumns: Record<string, string>;
}

const TABLES: Record<"stakeholders" | "properties", TableSpec> = {
  stakeholders: {
    table: "stakeholder",
    entityType: "Stakeholder",
    label: "stakeholders",
    textColumns: { name: "Name", company_name: "Company", address: "Address", address2: "Address 2", address3: "Address 3" },
    listColumns: {},
  },
  properties: {
    table: "property",
    entityType: "Property",
    label: "properties",
    textColumns: { address: "Address", property_address: "Property address", property_address_alt: "Alternative address", proprietor: "Proprietor" },
    listColumns: { proprietors: "Proprietors" },
  },
};

const tablesOf = (type: NormalizeType) => (type === "all" ? [TABLES.stakeholders, TABLES.properties] : [TABLES[type]]);

export interface NormaliseExample {
  recordType: string;
  field: string;
  before: string;
  after: string;
}

export interface NormalisePlan {
  records: number;
  values: number;
  examples: NormaliseExample[];
}

interface Change {
  id: number;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const EXAMPLES = 8;

async function changesIn(access: ProjectAccess, spec: TableSpec, lock: boolean): Promise<Change[]> {
  const columns = [...Object.keys(spec.textColumns), ...Object.keys(spec.listColumns)];
  // Only rows with a value that has a capital and no lower-case letter can change.
  const candidates = columns.map((c) => `(${c})::text ~ '[[:upper:]]' and (${c})::text !~ '[[:lower:]]'`).join(" or ");
  const rows = await sqlRows(`select id, ${columns.join(", ")} from ${spec.table} where project_id = ? and (${candidates}) order by id${lock ? " for update" : ""}`, [access.project.id]);
  const changes: Change[] = [];
  for (const row of rows) {
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const column of Object.keys(spec.textColumns)) {
      const value = row[column];
      if (typeof value !== "string") continue;
      const next = normaliseText(value);
      if (next === value) continue;
      before[column] = value;
      after[column] = next;
    }
    for (const column of Object.keys(spec.listColumns)) {
      const value = row[column];
      const next = Array.isArray(value) ? normaliseList(value) : null;
      if (!next) continue;
      before[column] = value;
      after[column] = next;
    }
    if (Object.keys(after).length) changes.push({ id: row.id as number, before, after });
  }
  return changes;
}

function countValues(changes: Change[]) {
  return changes.reduce(
    (sum, c) => sum + Object.entries(c.after).reduce((n, [column, value]) => n + (Array.isArray(value) ? value.filter((v, i) => v !== (c.before[column] as unknown[])[i]).length : 1), 0),
    0,
  );
}

/** What Normalize would change now: counts and a few examples, for the confirmation (deleteData). */
export async function planNormalisation(access: ProjectAccess, type: NormalizeType): Promise<NormalisePlan> {
  requirePermission(access, "deleteData");
  const plan: NormalisePlan = { records: 0, values: 0, examples: [] };
  for (const spec of tablesOf(type)) {
    const changes = await changesIn(access, spec, false);
    plan.records += changes.length;
    plan.values += countValues(changes);
    for (const change of changes) {
      for (const [column, after] of Object.entries(change.after)) {
        if (plan.examples.length >= EXAMPLES) break;
        const before = change.before[column];
        plan.examples.push({
          recordType: spec.entityType,
          field: spec.textColumns[column] ?? spec.listColumns[column] ?? column,
          before: Array.isArray(before) ? before.join("; ") : String(before),
          after: Array.isArray(after) ? after.join("; ") : String(after),
        });
      }
    }
  }
  return plan;
}

export interface NormaliseResult {
  records: number;
  values: number;
  message: string;
}

/**
 * Applies the normalisation in one transaction: the rows are locked and recomputed (so the count is
 * what really changed), each changed record gets an audit row with its old and new values (its
 * History), and the run one summary row. Versions move on, so a form opened before is stale.
 */
export async function applyNormalisation(access: ProjectAccess, type: NormalizeType): Promise<NormaliseResult> {
  requirePermission(access, "deleteData");
  try {
    return await db().transactional(async () => {
      let records = 0;
      let values = 0;
      for (const spec of tablesOf(type)) {
        const changes = await changesIn(access, spec, true);
        for (const change of changes) {
          const set = Object.keys(change.after);
          await sqlExecute(
            `update ${spec.table} set ${set.map((c) => `${c} = ?${spec.listColumns[c] ? "::jsonb" : ""}`).join(", ")}, version = version + 1, updated_at = now() where id = ? and project_id = ?`,
            [...set.map((c) => (spec.listColumns[c] ? JSON.stringify(change.after[c]) : change.after[c])), change.id, access.project.id],
          );
          recordAudit({
            userId: access.user.id,
            clientId: refId(access.project.client),
            projectId: access.project.id,
            action: `${spec.table}.normalize`,
            entityType: spec.entityType,
            entityId: change.id,
            before: camelise(change.before),
            after: camelise(change.after),
          });
        }
        records += changes.length;
        values += countValues(changes);
      }
      const [one, many] = { stakeholders: ["stakeholder", "stakeholders"], properties: ["property", "properties"], all: ["record", "records"] }[type];
      const message = values
        ? `Normalized ${values.toLocaleString("en-AU")} ${values === 1 ? "value" : "values"} in ${records.toLocaleString("en-AU")} ${records === 1 ? one : many}`
        : `No uppercase text found in ${many}: nothing to normalize`;
      recordAudit({
        userId: access.user.id,
        clientId: refId(access.project.client),
        projectId: access.project.id,
        action: "database.normalize-text",
        entityType: "Project",
        entityId: access.project.id,
        before: null,
        after: { dataType: type, records, values },
      });
      return { records, values, message };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error({ component: "database-management", err: error }, "Text normalisation failed");
    throw new AppError(500, "Failed to normalize text");
  }
}

/** Audit rows use the records' JSON names (companyName, propertyAddress), as the other writers do. */
function camelise(values: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), v]));
}
