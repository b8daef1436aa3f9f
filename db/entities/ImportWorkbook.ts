import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Client } from "./Client";
import { Project } from "./Project";
import { User } from "./User";
import { createdAtOnly } from "./columns";

/** One sheet of an uploaded file as the import wizard lists it. */
export interface StagedSheetSummary {
  name: string;
  rowCount: number;
}

/**
 * An uploaded import file (docs/import.md#wizard-steps), staged for the wizard under a random `workbookKey` and bound to
 * the user, project and client that uploaded it. Every sheet's rows are staged at upload
 * (import_staged_data, import_staged_row) and removed with this row. A spreadsheet's bytes are not
 * kept; a land-title PDF's are (docs/import.md#land-title-pdfs): the object under `sourceObjectKey` becomes a document of
 * each property the import creates. An object no document refers to once this row is gone is swept
 * (storage/orphans.server.ts).
 */
export const ImportWorkbook = defineEntity({
  name: "ImportWorkbook",
  tableName: "import_workbook",
  properties: {
    workbookKey: p.text().primary(),
    user: p.manyToOne(User).deleteRule("cascade").index(),
    project: p.manyToOne(Project).deleteRule("cascade").index(),
    client: p.manyToOne(Client).deleteRule("cascade").index(),
    fileName: p.text(),
    fileType: p.enum(["csv", "excel", "pdf", "gis"]),
    sourceObjectKey: p.text().nullable().index(),
    sourceSize: p.bigint("number").nullable(),
    sourceMime: p.text().nullable(),
    sheets: p.json<StagedSheetSummary[]>(),
    createdAt: createdAtOnly().index(),
  },
});

export type IImportWorkbook = InferEntity<typeof ImportWorkbook>;
