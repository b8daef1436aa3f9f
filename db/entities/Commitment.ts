import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Document } from "./Document";
import { Engagement } from "./Engagement";
import { Grievance } from "./Grievance";
import { Project } from "./Project";
import { Property } from "./Property";
import { Stakeholder } from "./Stakeholder";
import { User } from "./User";
import { createdAtOnly, optionalText, timestamps } from "./columns";
import { COMMITMENT_STATUSES } from "./enums";

/**
 * A promise made to landholders (docs/records.md#commitments): what, to whom (stakeholders and/or
 * properties through the link tables below), where it came from (an engagement), when, who owns it,
 * and how it ended (fulfilled with evidence, or cancelled with a reason).
 */
export const Commitment = defineEntity({
  name: "Commitment",
  properties: {
    id: p.integer().primary().autoincrement(),
    project: p.manyToOne(Project).deleteRule("cascade"),
    description: p.text(),
    /** Where it came from: the engagement it was made at and/or the grievance it answers (docs/records.md#commitments). */
    engagement: p.manyToOne(Engagement).nullable().index().deleteRule("set null"),
    grievance: p.manyToOne(Grievance).nullable().index().deleteRule("set null"),
    promisedOn: p.date(),
    dueDate: p.date().nullable(),
    owner: p.manyToOne(User).nullable().index().deleteRule("set null"),
    status: p.enum([...COMMITMENT_STATUSES]).default("open"),
    cancellationReason: optionalText(),
    evidenceNote: optionalText(),
    evidenceDocument: p.manyToOne(Document).nullable().index().deleteRule("set null"),
    fulfilledOn: p.date().nullable(),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    version: p.integer().version(),
    ...timestamps(),
  },
  // Leads with project, so it also serves as the project foreign-key index.
  indexes: [{ properties: ["project", "status", "dueDate"] }],
});

export type ICommitment = InferEntity<typeof Commitment>;

/** A stakeholder a commitment was made to. */
export const CommitmentStakeholder = defineEntity({
  name: "CommitmentStakeholder",
  properties: {
    id: p.integer().primary().autoincrement(),
    commitment: p.manyToOne(Commitment).deleteRule("cascade"),
    stakeholder: p.manyToOne(Stakeholder).deleteRule("cascade").index(),
    project: p.manyToOne(Project).deleteRule("cascade").index(),
    createdAt: createdAtOnly(),
  },
  uniques: [{ properties: ["commitment", "stakeholder"] }],
});

/** A property a commitment concerns. */
export const CommitmentProperty = defineEntity({
  name: "CommitmentProperty",
  properties: {
    id: p.integer().primary().autoincrement(),
    commitment: p.manyToOne(Commitment).deleteRule("cascade"),
    property: p.manyToOne(Property).deleteRule("cascade").index(),
    project: p.manyToOne(Project).deleteRule("cascade").index(),
    createdAt: createdAtOnly(),
  },
  uniques: [{ properties: ["commitment", "property"] }],
});
