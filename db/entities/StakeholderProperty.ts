import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { ImportRecord } from "./ImportRecord";
import { Project } from "./Project";
import { Property } from "./Property";
import { Stakeholder } from "./Stakeholder";
import { createdAtOnly } from "./columns";

/** Links a stakeholder to a property of the same project (many to many, with its own row). */
export const StakeholderProperty = defineEntity({
  name: "StakeholderProperty",
  properties: {
    id: p.integer().primary().autoincrement(),
    stakeholder: p.manyToOne(Stakeholder).deleteRule("cascade"),
    property: p.manyToOne(Property).deleteRule("cascade").index(),
    project: p.manyToOne(Project).deleteRule("cascade"),
    /** The import that made the link (owners of imported titles), so Undo import can remove it; null when made by hand. */
    importRecord: p.manyToOne(ImportRecord).fieldName("import_id").nullable().index().deleteRule("set null"),
    createdAt: createdAtOnly(),
  },
  // Leads with stakeholder, so it also serves "properties of this stakeholder".
  uniques: [{ properties: ["stakeholder", "property"] }],
  // Stakeholder Property Groups count a project's links per stakeholder: with this index that is an
  // index-only scan already in stakeholder order (bench/explain.mjs). Leading with project, it is
  // also the project foreign-key index.
  indexes: [{ properties: ["project", "stakeholder"] }],
});

export type IStakeholderProperty = InferEntity<typeof StakeholderProperty>;
