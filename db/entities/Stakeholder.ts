import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { ImportRecord } from "./ImportRecord";
import { Project } from "./Project";
import { User } from "./User";
import { coordinate, optionalText, timestamps } from "./columns";
import { STAKEHOLDER_SORT_INDEXES } from "./list-sort-indexes";
import { searchTextSql, STAKEHOLDER_SEARCH_COLUMNS } from "./search-text";
import { IAP2_LEVELS, INFLUENCE_LEVELS, MEMBER_TYPES, STAKEHOLDER_CATEGORIES } from "./enums";

/** A person or organisation the project engages with (docs/records.md#stakeholder-fields). */
export const Stakeholder = defineEntity({
  name: "Stakeholder",
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The user who created the record (its owner). */
    user: p.manyToOne(User),
    project: p.manyToOne(Project).deleteRule("cascade"),
    name: p.text(),
    email: optionalText(),
    email2: optionalText(),
    email3: optionalText(),
    phone: optionalText(),
    phone2: optionalText(),
    phone3: optionalText(),
    address: optionalText(),
    address2: optionalText(),
    address3: optionalText(),
    latitude: coordinate(),
    longitude: coordinate(),
    address1Lat: coordinate(),
    address1Lng: coordinate(),
    address2Lat: coordinate(),
    address2Lng: coordinate(),
    address3Lat: coordinate(),
    address3Lng: coordinate(),
    spatialAccuracy: optionalText(),
    geoSource: optionalText(),
    memberType: p.enum([...MEMBER_TYPES]).nullable(),
    stakeholderCategory: p.enum([...STAKEHOLDER_CATEGORIES]).nullable(),
    influenceLevel: p.enum([...INFLUENCE_LEVELS]).nullable(),
    iap2EngagementLevel: p.enum([...IAP2_LEVELS]).nullable(),
    lastContact: p.datetime().nullable(),
    notes: optionalText(),
    nextAction: optionalText(),
    nextActionDueDate: p.date().nullable(),
    /** Imported columns mapped to "custom:<name>", as key/value pairs. */
    customFields: p.json<Record<string, unknown>>().nullable(),
    isActive: p.boolean().default(true),
    isProjectPropertyOwner: p.boolean().default(false),
    // Read by the screens (imports fill them); not on the stakeholder form.
    companyName: optionalText(),
    mobile: optionalText(),
    contactPhone: optionalText(),
    businessPhone: optionalText(),
    homePhone: optionalText(),
    cellPhone: optionalText(),
    mobilePhone: optionalText(),
    /** The import that created the record (import history, Undo import); null for records made by hand. */
    importRecord: p.manyToOne(ImportRecord).fieldName("import_id").nullable().index().deleteRule("set null"),
    /**
     * Duplicate-matching blocking keys (app/modules/duplicates/match-keys.ts), computed in JS and stored
     * because unaccent and metaphone are not immutable SQL. A trigger nulls them when a field they come
     * from changes; the matcher recomputes null keys before it looks for candidates.
     */
    matchKeys: p.array().nullable(),
    /** Optimistic locking: a stale edit form is refused instead of overwriting a newer save. */
    version: p.integer().version(),
    ...timestamps(),
  },
  // All lead with project, so they also serve as the project foreign-key index. The list's sorts and
  // search each have one (migration list_indexes; search-text.ts).
  indexes: [
    { properties: ["project", "name"] },
    { name: "stakeholder_project_due_name_index", expression: `create index "stakeholder_project_due_name_index" on "stakeholder" ("project_id", "next_action_due_date", lower("name"), "id")` },
    { name: "stakeholder_project_lower_name_index", expression: `create index "stakeholder_project_lower_name_index" on "stakeholder" ("project_id", lower("name"), "id")` },
    { name: "stakeholder_project_member_type_index", expression: `create index "stakeholder_project_member_type_index" on "stakeholder" ("project_id", "member_type", lower("name"), "id")` },
    // The tiles' counts, read from the index alone (migration count_indexes).
    { name: "stakeholder_project_counts_index", expression: `create index "stakeholder_project_counts_index" on "stakeholder" ("project_id", "member_type", "is_active")` },
    { name: "stakeholder_search_trgm_index", expression: `create index "stakeholder_search_trgm_index" on "stakeholder" using gin (${searchTextSql(STAKEHOLDER_SEARCH_COLUMNS)} gin_trgm_ops)` },
    // The e-mail sort (migration list_sort_indexes).
    ...STAKEHOLDER_SORT_INDEXES,
  ],
});

export type IStakeholder = InferEntity<typeof Stakeholder>;
