import { defineEntity, p } from "@mikro-orm/core";
import { Document } from "./Document";
import { Engagement } from "./Engagement";
import { Grievance } from "./Grievance";
import { Project } from "./Project";
import { createdAtOnly } from "./columns";

/** An engagement of the project attached to a grievance (docs/records.md#grievance-links). */
export const GrievanceEngagement = defineEntity({
  name: "GrievanceEngagement",
  properties: {
    id: p.integer().primary().autoincrement(),
    grievance: p.manyToOne(Grievance).deleteRule("cascade"),
    engagement: p.manyToOne(Engagement).deleteRule("cascade").index(),
    project: p.manyToOne(Project).deleteRule("cascade").index(),
    createdAt: createdAtOnly(),
  },
  uniques: [{ properties: ["grievance", "engagement"] }],
});

/** A document of the project attached to a grievance (docs/records.md#grievance-links). */
export const GrievanceDocument = defineEntity({
  name: "GrievanceDocument",
  properties: {
    id: p.integer().primary().autoincrement(),
    grievance: p.manyToOne(Grievance).deleteRule("cascade"),
    document: p.manyToOne(Document).deleteRule("cascade").index(),
    project: p.manyToOne(Project).deleteRule("cascade").index(),
    createdAt: createdAtOnly(),
  },
  uniques: [{ properties: ["grievance", "document"] }],
});
