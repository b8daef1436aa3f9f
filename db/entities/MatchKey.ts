import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Property } from "./Property";
import { Stakeholder } from "./Stakeholder";

/**
 * One blocking key of a record (docs/import.md#duplicates), kept from the record's match_keys by triggers (migration
 * import_duplicates): the duplicate search joins the incoming keys to these rows on a b-tree index,
 * which stays a few index probes per key however many keys a batch sends (an array overlap with
 * thousands of keys made the planner scan the table).
 */
export const StakeholderMatchKey = defineEntity({
  name: "StakeholderMatchKey",
  tableName: "stakeholder_match_key",
  properties: {
    stakeholder: p.manyToOne(Stakeholder).primary().deleteRule("cascade"),
    key: p.text().primary(),
    projectId: p.integer(),
  },
  indexes: [{ properties: ["projectId", "key"] }],
});

export const PropertyMatchKey = defineEntity({
  name: "PropertyMatchKey",
  tableName: "property_match_key",
  properties: {
    property: p.manyToOne(Property).primary().deleteRule("cascade"),
    key: p.text().primary(),
    projectId: p.integer(),
  },
  indexes: [{ properties: ["projectId", "key"] }],
});

export type IStakeholderMatchKey = InferEntity<typeof StakeholderMatchKey>;
export type IPropertyMatchKey = InferEntity<typeof PropertyMatchKey>;
