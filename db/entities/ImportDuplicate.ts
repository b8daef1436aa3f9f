import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { ImportRecord } from "./ImportRecord";
import { Project } from "./Project";
import { createdAtOnly } from "./columns";

/** The kinds of record an import flags as a likely duplicate. */
export const DUPLICATE_KINDS = ["stakeholder", "property"] as const;
/** Link to the existing record, merge into it, or create a new one (docs/import.md#duplicates). */
export const RESOLUTION_ACTIONS = ["link", "merge", "create"] as const;

export interface DuplicateCandidateJson {
  id: number;
  similarity: number;
  matchType: string;
  reason: string;
}

/**
 * One incoming row an import held back because it looks like a record already in the project (or one
 * earlier in the same file), with its candidates, until the user resolves it (docs/import.md#duplicates). The user's
 * choice is saved here page by page; the resolution then writes everything in one transaction.
 */
export const ImportDuplicate = defineEntity({
  name: "ImportDuplicate",
  tableName: "import_duplicate",
  properties: {
    id: p.integer().primary().autoincrement(),
    importRecord: p.manyToOne(ImportRecord).fieldName("import_id").deleteRule("cascade"),
    project: p.manyToOne(Project).deleteRule("cascade").index(),
    /** The row as the user sees it in the file (the header is row 1). */
    rowNumber: p.integer(),
    kind: p.enum([...DUPLICATE_KINDS]),
    /** The row's coerced values by field key, its custom fields under "customFields", and its owners for a property. */
    incoming: p.json<Record<string, unknown>>(),
    candidates: p.json<DuplicateCandidateJson[]>(),
    /** The chosen action and candidate, saved before the resolution is applied. */
    action: p.enum([...RESOLUTION_ACTIONS]).nullable(),
    selectedId: p.integer().nullable(),
    /** What the resolution did: the record created or merged into, and the values not taken. */
    outcome: p.json<Record<string, unknown>>().nullable(),
    resolvedAt: p.datetime().nullable(),
    createdAt: createdAtOnly(),
  },
  // The duplicates step lists an import's rows in file order.
  indexes: [{ properties: ["importRecord", "rowNumber"] }],
});

export type IImportDuplicate = InferEntity<typeof ImportDuplicate>;
