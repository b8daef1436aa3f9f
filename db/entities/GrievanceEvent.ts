import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Grievance } from "./Grievance";
import { User } from "./User";
import { optionalText } from "./columns";
import { GRIEVANCE_EVENT_KINDS, GRIEVANCE_STAGES } from "./enums";

/** One entry of a grievance's timeline (docs/records.md#grievances): every change writes one. */
export const GrievanceEvent = defineEntity({
  name: "GrievanceEvent",
  properties: {
    id: p.integer().primary().autoincrement(),
    grievance: p.manyToOne(Grievance).deleteRule("cascade"),
    at: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw("now()"),
    by: p.manyToOne(User).nullable().deleteRule("set null"),
    kind: p.enum([...GRIEVANCE_EVENT_KINDS]),
    fromStage: p.enum([...GRIEVANCE_STAGES]).nullable(),
    toStage: p.enum([...GRIEVANCE_STAGES]).nullable(),
    note: optionalText(),
  },
  indexes: [{ properties: ["grievance", "at"] }],
});

export type IGrievanceEvent = InferEntity<typeof GrievanceEvent>;
