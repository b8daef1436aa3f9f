import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { ImportWorkbook } from "./ImportWorkbook";
import { createdAtOnly } from "./columns";

/** A column of staged data: its unique header name, index in the row, and the first sample values. */
export interface StagedColumnJson {
  name: string;
  index: number;
  sampleData: string[];
}

/** One sheet of a staged workbook (a CSV has one, with no sheet name), under a random `dataKey`. */
export const ImportStagedData = defineEntity({
  name: "ImportStagedData",
  tableName: "import_staged_data",
  properties: {
    dataKey: p.text().primary(),
    workbook: p.manyToOne(ImportWorkbook).joinColumn("workbook_key").deleteRule("cascade").index(),
    sheet: p.text().nullable(),
    /** The sheet's position in the workbook (0 for a CSV). */
    sheetIndex: p.integer(),
    columns: p.json<StagedColumnJson[]>(),
    totalRows: p.integer(),
    /** A parcel file's coordinate system and shape problems, as read at upload (app/modules/import/gis-staging.server.ts); null for a spreadsheet. */
    gis: p.json<Record<string, unknown>>().nullable(),
    createdAt: createdAtOnly(),
  },
});

export type IImportStagedData = InferEntity<typeof ImportStagedData>;
