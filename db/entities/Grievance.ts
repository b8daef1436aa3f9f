import { GRIEVANCE_SORT_INDEXES } from "./list-sort-indexes";
import { GRIEVANCE_SEARCH_COLUMNS, searchTextSql } from "./search-text";
import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { Project } from "./Project";
import { Property } from "./Property";
import { Stakeholder } from "./Stakeholder";
import { User } from "./User";
import { optionalText, timestamps } from "./columns";
import { GRIEVANCE_CATEGORIES, GRIEVANCE_CHANNELS, GRIEVANCE_COMPLAINANT_KINDS, GRIEVANCE_RESOLUTIONS, GRIEVANCE_SEVERITIES, GRIEVANCE_STAGES } from "./enums";

/**
 * Exactly one kind of complainant. A stakeholder deleted later leaves the kind with an empty link (the
 * foreign key sets it null), so the stakeholder kind does not require stakeholder_id here; the save does.
 */
export const COMPLAINANT_CHECK =
  "(complainant_kind = 'stakeholder' and complainant_name is null and complainant_contact is null)" +
  " or (complainant_kind = 'person' and stakeholder_id is null and complainant_name is not null)" +
  " or (complainant_kind = 'anonymous' and stakeholder_id is null and complainant_name is null and complainant_contact is null)";

/** A closed grievance has its whole outcome (docs/records.md#grievance-closing), whoever writes the row. */
export const CLOSED_OUTCOME_CHECK =
  "stage <> 'closed' or (resolution is not null and action_taken is not null and complainant_told_on is not null" +
  " and complainant_told_how is not null and complainant_accepted is not null and closed_at is not null)";

/**
 * A grievance (complaint) raised with the project (docs/records.md#grievances). The complainant is a
 * stakeholder of the project, a named person who is not one, or anonymous (`complainantKind`; a check
 * constraint keeps the columns consistent with it). Due dates are stored when the grievance is created
 * and whenever `receivedAt` changes, so lists and reminders read them without the calendar rules.
 */
export const Grievance = defineEntity({
  name: "Grievance",
  properties: {
    id: p.integer().primary().autoincrement(),
    project: p.manyToOne(Project).deleteRule("cascade"),
    /** "G-0001", unique in the project, allocated in the save's transaction. */
    reference: p.text(),
    receivedAt: p.datetime(),
    channel: p.enum([...GRIEVANCE_CHANNELS]),
    complainantKind: p.enum([...GRIEVANCE_COMPLAINANT_KINDS]),
    stakeholder: p.manyToOne(Stakeholder).nullable().index().deleteRule("set null"),
    complainantName: optionalText(),
    complainantContact: optionalText(),
    property: p.manyToOne(Property).nullable().index().deleteRule("set null"),
    category: p.enum([...GRIEVANCE_CATEGORIES]),
    severity: p.enum([...GRIEVANCE_SEVERITIES]),
    description: p.text(),
    owner: p.manyToOne(User).nullable().index().deleteRule("set null"),
    stage: p.enum([...GRIEVANCE_STAGES]).default("received"),
    countedReceivedOn: p.date().nullable(),
    acknowledgeBy: p.date().nullable(),
    resolveBy: p.date().nullable(),
    /** The due dates the owner was last reminded of (docs/records.md#grievance-reminders). */
    acknowledgeRemindedFor: p.date().nullable(),
    resolveRemindedFor: p.date().nullable(),
    acknowledgedAt: p.datetime().nullable(),
    resolvedAt: p.datetime().nullable(),
    closedAt: p.datetime().nullable(),
    escalatedAt: p.datetime().nullable(),
    escalationNote: optionalText(),
    referredTo: optionalText(),
    referredAt: p.date().nullable(),
    resolution: p.enum([...GRIEVANCE_RESOLUTIONS]).nullable(),
    actionTaken: optionalText(),
    complainantToldOn: p.date().nullable(),
    complainantToldHow: optionalText(),
    complainantAccepted: p.boolean().nullable(),
    createdBy: p.manyToOne(User).nullable().deleteRule("set null"),
    /** Optimistic locking, as on Property. */
    version: p.integer().version(),
    ...timestamps(),
  },
  uniques: [{ properties: ["project", "reference"] }],
  checks: [
    { name: "grievance_complainant_check", expression: COMPLAINANT_CHECK },
    { name: "grievance_closed_outcome_check", expression: CLOSED_OUTCOME_CHECK },
  ],
  indexes: [
    { properties: ["project", "stage", "resolveBy"] },
    { properties: ["project", "receivedAt"] },
    // The list's sorts read their page through an index, and its search through the trigram index (docs/records.md#grievance-list).
    { name: "grievance_project_received_order_index", expression: `create index "grievance_project_received_order_index" on "grievance" ("project_id", "received_at", "id")` },
    { name: "grievance_project_resolve_by_order_index", expression: `create index "grievance_project_resolve_by_order_index" on "grievance" ("project_id", "resolve_by", "id")` },
    { name: "grievance_project_tiles_index", expression: `create index "grievance_project_tiles_index" on "grievance" ("project_id", "stage", "acknowledge_by", "resolve_by")` },
    { name: "grievance_search_trgm_index", expression: `create index "grievance_search_trgm_index" on "grievance" using gin (${searchTextSql(GRIEVANCE_SEARCH_COLUMNS)} gin_trgm_ops)` },
    // The severity and stage sorts (migration list_sort_indexes).
    ...GRIEVANCE_SORT_INDEXES,
  ],
});

export type IGrievance = InferEntity<typeof Grievance>;
