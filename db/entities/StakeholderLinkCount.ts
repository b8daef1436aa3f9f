import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Project } from "./Project";
import { Stakeholder } from "./Stakeholder";

/**
 * How many properties are linked to a stakeholder (its stakeholder_property rows), for Stakeholder
 * Property Groups: one row per stakeholder with at least one link (a count that reaches 0 is deleted),
 * so every row is a group and a page is an index scan with a limit. Kept only by statement triggers on
 * stakeholder_property (migration stakeholder_link_count); the app never writes it, and a SQL dump
 * leaves it out for the restore's triggers to rebuild (sql-dump.ts DERIVED_TABLES). A narrow table of its
 * own, not a stakeholder column: a link written or deleted then rewrites this small row and its two
 * indexes, not the wide stakeholder row and all of its (trigram) indexes.
 */
export const StakeholderLinkCount = defineEntity({
  name: "StakeholderLinkCount",
  tableName: "stakeholder_link_count",
  properties: {
    stakeholder: p.manyToOne(Stakeholder).primary().deleteRule("cascade"),
    project: p.manyToOne(Project).deleteRule("cascade"),
    propertyCount: p.integer(),
  },
  indexes: [
    {
      name: "stakeholder_link_count_project_count_index",
      expression: `create index "stakeholder_link_count_project_count_index" on "stakeholder_link_count" ("project_id", "property_count" desc)`,
    },
  ],
});

export type IStakeholderLinkCount = InferEntity<typeof StakeholderLinkCount>;
