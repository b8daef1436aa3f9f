import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Client } from "./Client";
import { Project } from "./Project";
import { User } from "./User";
import { createdAtOnly, jsonObject, optionalText } from "./columns";

/** The wizard's import types (app/modules/import/import-fields.ts keeps the same list). */
export const IMPORT_RECORD_TYPES = ["stakeholders", "properties", "parcels"] as const;
/** queued → running → completed (→ undone), or failed (a retry may run it again). */
export const IMPORT_STATUSES = ["queued", "running", "completed", "failed", "undone"] as const;

export interface ImportMappingJson {
  columns: { name: string; index: number }[];
  targets: Record<string, string>;
  /** A parcel import's choices on the mapping step (docs/import.md#parcels): the coordinate system and what to do with invalid shapes. */
  parcels?: { crs: string; invalidShapes: "repair" | "skip" };
}

/**
 * One import of a staged file into a project (docs/import.md#the-import-job): who started it, the mapping it used, its
 * progress and outcome. The commit job (app/modules/import/import-job.server.ts) writes progress on
 * its own connection while its transaction is open, so the progress page can read it; every row the
 * import created carries its id (stakeholder.import_id, property.import_id) so it can be undone.
 */
export const ImportRecord = defineEntity({
  name: "ImportRecord",
  tableName: "import_record",
  properties: {
    id: p.integer().primary().autoincrement(),
    project: p.manyToOne(Project).deleteRule("cascade"),
    client: p.manyToOne(Client).deleteRule("cascade").index(),
    createdBy: p.manyToOne(User).index(),
    fileName: p.text(),
    importType: p.enum([...IMPORT_RECORD_TYPES]),
    status: p.enum([...IMPORT_STATUSES]).default("queued"),
    /** The staged rows (staging.server.ts); cleared once they are discarded after the commit. */
    dataKey: optionalText(),
    /** The staged file's columns and the mapping as validated (column name → field key, "skip" or "custom:Name"). */
    mapping: jsonObject<ImportMappingJson>(),
    totalRows: p.integer().default(0),
    processedRows: p.integer().default(0),
    counts: jsonObject(),
    /** The first SKIPPED_ROWS_KEPT problems (row number, column, value, reason); skippedTotal counts them all. */
    skippedRows: p
      .json<{ rowNumber: number; column: string; value: string; reason: string }[]>()
      .onCreate(() => [])
      .defaultRaw(`'[]'`),
    skippedTotal: p.integer().default(0),
    error: optionalText(),
    /** How many times the job started on it (a retry after a failure counts). */
    attempts: p.integer().default(0),
    createdAt: createdAtOnly(),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    undoneAt: p.datetime().nullable(),
    /** When the user resolved the import's pending duplicates (null while any wait, or when there were none). */
    duplicatesResolvedAt: p.datetime().nullable(),
  },
  // The import history lists a project's imports newest first; leading with project, it is also the FK index.
  indexes: [{ properties: ["project", "createdAt"] }],
});

export type IImportRecord = InferEntity<typeof ImportRecord>;
