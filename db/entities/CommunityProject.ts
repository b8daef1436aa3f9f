import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Project } from "./Project";
import { User } from "./User";
import { money, optionalText, stringList, timestamps } from "./columns";
import { COMMUNITY_PROJECT_STATUSES } from "./enums";

/** A community benefit initiative within a project (docs/records.md#other-entities; no screen yet). */
export const CommunityProject = defineEntity({
  name: "CommunityProject",
  properties: {
    id: p.integer().primary().autoincrement(),
    project: p.manyToOne(Project).deleteRule("cascade").index(),
    user: p.manyToOne(User),
    title: p.text(),
    description: optionalText(),
    projectType: optionalText(),
    estimatedBudget: money(),
    actualBudget: money(),
    startDate: p.date().nullable(),
    expectedEndDate: p.date().nullable(),
    actualEndDate: p.date().nullable(),
    impactArea: optionalText(),
    stakeholdersInvolved: stringList(),
    status: p.enum([...COMMUNITY_PROJECT_STATUSES]).default("proposed"),
    priority: optionalText(),
    ...timestamps(),
  },
});

export type ICommunityProject = InferEntity<typeof CommunityProject>;
