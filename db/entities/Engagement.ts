import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Project } from "./Project";
import { Stakeholder } from "./Stakeholder";
import { User } from "./User";
import { optionalText, stringList, timestamps } from "./columns";
import { ENGAGEMENT_TYPES } from "./enums";

/** An interaction with a stakeholder (meeting, call, e-mail, …), recorded by a user. */
export const Engagement = defineEntity({
  name: "Engagement",
  properties: {
    id: p.integer().primary().autoincrement(),
    project: p.manyToOne(Project).deleteRule("cascade"),
    stakeholder: p.manyToOne(Stakeholder).deleteRule("cascade"),
    /** The user who recorded it. */
    user: p.manyToOne(User),
    type: p.enum([...ENGAGEMENT_TYPES]),
    subject: p.text(),
    location: optionalText(),
    attendees: stringList(),
    keyTopics: stringList(),
    outcomes: optionalText(),
    followUpRequired: p.boolean().default(false),
    followUpDate: p.datetime().nullable(),
    notes: optionalText(),
    /** IANA zone the times were entered in; instants are stored in UTC. */
    timezone: p.text().default("Australia/Sydney"),
    scheduledAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    ...timestamps(),
  },
  // Leads with project, so it also serves as the project foreign-key index.
  indexes: [{ properties: ["project", "stakeholder"] }, { properties: ["stakeholder"] }],
});

export type IEngagement = InferEntity<typeof Engagement>;
