import { defineEntity, p, type InferEntity } from "@mikro-orm/core";
import { ImportRecord } from "./ImportRecord";
import { Project } from "./Project";
import { Stakeholder } from "./Stakeholder";
import { coordinate, money, optionalText, timestamps } from "./columns";
import { TITLE_TYPES } from "./enums";
import { PROPERTY_SORT_INDEXES } from "./list-sort-indexes";
import { PROPERTY_SEARCH_COLUMNS, searchTextSql } from "./search-text";

/**
 * A land parcel (docs/records.md#property-fields). Dates copied from title documents (date, titleDate,
 * proprietorDate, ectEffectiveFromDate, produced) are kept as the text the document shows.
 */
export const Property = defineEntity({
  name: "Property",
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Primary owner; nullable because imported parcels may have no owner yet. */
    stakeholder: p.manyToOne(Stakeholder).nullable().index(),
    project: p.manyToOne(Project).deleteRule("cascade"),
    address: p.text(),
    propertyType: optionalText(),
    ownershipStatus: optionalText(),
    estimatedValue: money(),
    taxAssessedValue: money(),
    squareFootage: p.integer().nullable(),
    yearBuilt: p.integer().nullable(),
    zoning: optionalText(),
    propertyUse: optionalText(),
    notes: optionalText(),
    type: optionalText(),
    /** As written on the title or entered on the form (e.g. "2.43 ha"). */
    area: optionalText(),
    perimeter: optionalText(),
    // Land-title fields.
    proprietorInstr: optionalText(),
    spiNumber: optionalText(),
    originalSearch: optionalText(),
    planNumber: optionalText(),
    ectController: optionalText(),
    propertyAddress: optionalText(),
    uid: optionalText(),
    encumbrances: optionalText(),
    folio: optionalText(),
    volume: optionalText(),
    diagram: optionalText(),
    tenancyType: optionalText(),
    ectEffectiveFromDate: optionalText(),
    titleType: p.enum([...TITLE_TYPES]).nullable(),
    addresses: p.json<string[]>().nullable(),
    proprietor: optionalText(),
    proprietors: p.json<string[]>().nullable(),
    date: optionalText(),
    propertyAddressAlt: optionalText(),
    securityNumber: optionalText(),
    lotPlanLine: optionalText(),
    lot: optionalText(),
    produced: optionalText(),
    /** Link to the title search PDF. */
    pdf: optionalText(),
    proprietorDate: optionalText(),
    additionalInfo: optionalText(),
    titleDate: optionalText(),
    search: optionalText(),
    // Action and land access agreement (LAA).
    nextAction: optionalText(),
    nextActionDueDate: p.date().nullable(),
    hasLAA: p.boolean().default(false),
    laaExpiryDate: p.date().nullable(),
    laaDetails: optionalText(),
    // Spatial.
    latitude: coordinate(),
    longitude: coordinate(),
    boundaryGeoJSON: p.json<Record<string, unknown>>().nullable(),
    centroidLat: coordinate(),
    centroidLng: coordinate(),
    spatialReference: p.text().default("EPSG:4326"),
    boundarySource: optionalText(),
    spatialAccuracy: optionalText(),
    lastSpatialUpdate: p.datetime().nullable(),
    accessRouteGeoJSON: p.json<Record<string, unknown>>().nullable(),
    /** Imported columns mapped to "custom:<name>", as key/value pairs (as on Stakeholder). */
    customFields: p.json<Record<string, unknown>>().nullable(),
    /** The import that created the record (import history, Undo import); null for records made by hand. */
    importRecord: p.manyToOne(ImportRecord).fieldName("import_id").nullable().index().deleteRule("set null"),
    /** Duplicate-matching blocking keys, as on Stakeholder (app/modules/duplicates/match-keys.ts). */
    matchKeys: p.array().nullable(),
    /** Optimistic locking, as on Stakeholder. */
    version: p.integer().version(),
    ...timestamps(),
  },
  // All lead with project, so they also serve as the project foreign-key index.
  indexes: [
    { properties: ["project", "address"] },
    { properties: ["project", "volume", "folio"] },
    { properties: ["project", "laaExpiryDate"] },
    // Trigram index: the list's address search (ILIKE '%…%').
    { name: "property_address_trgm_index", expression: `create index "property_address_trgm_index" on "property" using gin ("address" gin_trgm_ops)` },
    // The list's sorts and search (migration list_indexes; search-text.ts).
    { name: "property_project_lower_address_index", expression: `create index "property_project_lower_address_index" on "property" ("project_id", lower("address"), "id")` },
    { name: "property_project_laa_order_index", expression: `create index "property_project_laa_order_index" on "property" ("project_id", (case when "has_laa" then "laa_expiry_date" end), "id")` },
    { name: "property_project_due_index", expression: `create index "property_project_due_index" on "property" ("project_id", "next_action_due_date", "id")` },
    // The tiles' counts, read from the index alone (migration count_indexes).
    { name: "property_project_counts_index", expression: `create index "property_project_counts_index" on "property" ("project_id", "title_type", "has_laa", "laa_expiry_date")` },
    { name: "property_search_trgm_index", expression: `create index "property_search_trgm_index" on "property" using gin (${searchTextSql(PROPERTY_SEARCH_COLUMNS)} gin_trgm_ops)` },
    // The title-reference sorts (migration list_sort_indexes).
    ...PROPERTY_SORT_INDEXES,
  ],
});

export type IProperty = InferEntity<typeof Property>;
