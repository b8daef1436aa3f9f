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
 * An uploaded import file (issue 10), staged for the wizard under a random `workbookKey` and bound to
 * the user, project and client that uploaded it. The bytes are not kept: every sheet's rows are
 * staged at upload (import_staged_data, import_staged_row) and removed with this row.
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
    fileType: p.enum(["csv", "excel"]),
    sheets: p.json<StagedSheetSummary[]>(),
    createdAt: createdAtOnly().index(),
  },
});

export type IImportWorkbook = InferEntity<typeof ImportWorkbook>;
