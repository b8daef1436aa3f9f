import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Project } from "./Project";
import { Property } from "./Property";
import { Stakeholder } from "./Stakeholder";
import { User } from "./User";
import { optionalText, stringList, timestamps } from "./columns";
import { DOCUMENT_CATEGORIES } from "./enums";

/** An uploaded file; the bytes live in object storage under `storageKey`. */
export const Document = defineEntity({
  name: "Document",
  properties: {
    id: p.integer().primary().autoincrement(),
    project: p.manyToOne(Project).deleteRule("cascade").index(),
    stakeholder: p.manyToOne(Stakeholder).nullable().index(),
    property: p.manyToOne(Property).nullable().index(),
    uploadedBy: p.manyToOne(User),
    originalFileName: p.text(),
    mimeType: p.text(),
    fileSize: p.bigint("number"),
    storageKey: p.text().unique(),
    description: optionalText(),
    category: p.enum([...DOCUMENT_CATEGORIES]).nullable(),
    tags: stringList(),
    ...timestamps(),
  },
});

export type IDocument = InferEntity<typeof Document>;
