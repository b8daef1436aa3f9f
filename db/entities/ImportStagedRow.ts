import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { ImportStagedData } from "./ImportStagedData";

/**
 * One data row of staged data: `rowNumber` is the row as the user sees it in the file (1-based,
 * the header row counted), `cells` the row's values by column index as JSON (a date as `{ "d": ISO }`).
 * Written and read in batches with raw SQL (app/modules/import/staging-rows.server.ts).
 */
export const ImportStagedRow = defineEntity({
  name: "ImportStagedRow",
  tableName: "import_staged_row",
  properties: {
    data: p.manyToOne(ImportStagedData).joinColumn("data_key").deleteRule("cascade").primary(),
    rowNumber: p.integer().primary(),
    cells: p.json<unknown[]>(),
    /** A parcel file's shape for the row, as the file wrote it (its own coordinate system); null for a spreadsheet. */
    geometry: p.json<Record<string, unknown>>().nullable(),
  },
});

export type IImportStagedRow = InferEntity<typeof ImportStagedRow>;
