import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { ImportRecord } from "./ImportRecord";
import { Project } from "./Project";
import { Property } from "./Property";
import { Stakeholder } from "./Stakeholder";
import { User } from "./User";
import { optionalText, stringList, timestamps } from "./columns";
import { DOCUMENT_CATEGORIES } from "./enums";

/**
 * An uploaded file; the bytes live in object storage under `storageKey`. Documents made by an import
 * (a title PDF kept for each property it created, docs/import.md#land-title-pdfs) share one object and name their import;
 * the object is removed with the last document that refers to it.
 */
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
    storageKey: p.text().index(),
    description: optionalText(),
    category: p.enum([...DOCUMENT_CATEGORIES]).nullable(),
    tags: stringList(),
    /** The import that created the document; null for uploads. */
    importRecord: p.manyToOne(ImportRecord).fieldName("import_id").nullable().index().deleteRule("set null"),
    ...timestamps(),
  },
});

export type IDocument = InferEntity<typeof Document>;
