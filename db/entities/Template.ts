import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Project } from "./Project";
import { User } from "./User";
import { optionalText, stringList, timestamps } from "./columns";

/** A template document offered for download within a project (docs/records.md#templates). */
export const Template = defineEntity({
  name: "Template",
  properties: {
    id: p.integer().primary().autoincrement(),
    project: p.manyToOne(Project).deleteRule("cascade").index(),
    uploadedBy: p.manyToOne(User),
    templateName: p.text(),
    templateDescription: optionalText(),
    category: optionalText(),
    tags: stringList(),
    originalFileName: p.text(),
    mimeType: p.text(),
    fileSize: p.bigint("number"),
    storageKey: p.text().unique(),
    ...timestamps(),
  },
});

export type ITemplate = InferEntity<typeof Template>;
