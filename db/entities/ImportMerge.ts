import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { DUPLICATE_KINDS } from "./ImportDuplicate";
import { ImportRecord } from "./ImportRecord";
import { createdAtOnly } from "./columns";

/**
 * A change an import made to a record it did not create: an exact volume/folio merged automatically, or
 * a duplicate the user chose to merge (docs/import.md#duplicates). The columns it changed before and after, so Undo
 * import can put them back when nobody has changed them since.
 */
export const ImportMerge = defineEntity({
  name: "ImportMerge",
  tableName: "import_merge",
  properties: {
    id: p.integer().primary().autoincrement(),
    importRecord: p.manyToOne(ImportRecord).fieldName("import_id").deleteRule("cascade").index(),
    kind: p.enum([...DUPLICATE_KINDS]),
    entityId: p.integer(),
    /** Column name → value, as stored (jsonb of the row's columns). */
    before: p.json<Record<string, unknown>>(),
    after: p.json<Record<string, unknown>>(),
    createdAt: createdAtOnly(),
  },
});

export type IImportMerge = InferEntity<typeof ImportMerge>;
