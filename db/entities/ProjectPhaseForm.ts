import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Project } from "./Project";
import { User } from "./User";
import { PROJECT_PHASES } from "./enums";

/** The submitted values of a phase form (start-up, planning or closure); one per project and phase. */
export const ProjectPhaseForm = defineEntity({
  name: "ProjectPhaseForm",
  properties: {
    id: p.integer().primary().autoincrement(),
    project: p.manyToOne(Project).deleteRule("cascade"),
    phase: p.enum([...PROJECT_PHASES]),
    values: p.json<Record<string, unknown>>(),
    /** Fields extracted from an uploaded start-up PDF, kept as evidence of what was auto-filled. */
    extractedFields: p.json<unknown>().nullable(),
    submittedBy: p.manyToOne(User).nullable(),
    submittedAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw("now()"),
  },
  uniques: [{ properties: ["project", "phase"] }],
});

export type IProjectPhaseForm = InferEntity<typeof ProjectPhaseForm>;
