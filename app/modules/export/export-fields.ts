/**
 * What an Excel/CSV export can contain (docs/export.md#modes-and-templates): the field catalogue of each export
 * type, as the column list of the /export screen offers it. Pure and client-safe. The SQL that reads
 * each field lives in export-query.server.ts (a unit test proves every key here has one).
 *
 * Keys are the `dbField` of a mapping (docs/export.md#modes-and-templates). Stakeholder and property record fields use the
 * entity's property name (db/entities), engagement fields the spec's export names (with their earlier
 * names as aliases); derived and linked fields have names of their own; a project's custom fields are
 * `custom:<name>` (the import's CUSTOM_PREFIX, the key inside `custom_fields`).
 *
 * Linked records (decided here; the product description leaves it open):
 * - A property's stakeholder columns ("Stakeholder Name" … "Last Contact") cover every stakeholder linked
 *   to it: the primary owner first, then the other linked stakeholders by name. Each column lists that
 *   attribute's non-blank values joined with "; ", repeats dropped, so a single-owner title reads
 *   plainly and a title held by joint owners names them all. Last Contact is the most recent contact
 *   with any of them. The phone is the first one a stakeholder has (phone, then mobile numbers, then the
 *   others), since imports put landholders' numbers in different columns. In the Property + Stakeholder
 *   mode each linked stakeholder gets a row of their own instead (export-templates.ts).
 * - An engagement's property columns cover the properties of its stakeholder (owned or linked), in
 *   address order. Parish and LGA are not property columns: they come from the properties' custom fields
 *   named "Parish" and "LGA" (also "Local Government Area" or "Council"), any case, when an import
 *   created them.
 *
 * Column names follow what an Australian land-access consultancy reports: Volume/Folio, Lot/Plan, LGA,
 * IAP2 level, "Email", dates dd/mm/yyyy (export-values.ts).
 */
import { CUSTOM_PREFIX } from "~/modules/import/custom-prefix";
import type { ExportType } from "./export-types";

/** How a stored value becomes a cell (export-values.ts). money: decimal(15,2); decimal: any number, or text such as "2.43 ha" kept as written. */
export const EXPORT_VALUE_TYPES = ["text", "date", "datetime", "money", "decimal", "number", "boolean", "list", "json"] as const;
export type ExportValueType = (typeof EXPORT_VALUE_TYPES)[number];

export interface ExportField {
  key: string;
  /** The column name a template gives it unless the template names it otherwise. */
  label: string;
  type: ExportValueType;
  /** Where the value comes from: the record itself, a linked record, or an imported custom field. */
  source: "record" | "linked" | "custom";
}

const f = (key: string, label: string, type: ExportValueType = "text", source: ExportField["source"] = "record"): ExportField => ({ key, label, type, source });
const linked = (key: string, label: string, type: ExportValueType = "list") => f(key, label, type, "linked");

/** The order is the screen's field list; the first five start the custom mode (docs/export.md#modes-and-templates). */
export const STAKEHOLDER_EXPORT_FIELDS: readonly ExportField[] = [
  f("name", "Name"),
  f("email", "Email"),
  f("phone", "Phone"),
  f("address", "Address"),
  f("memberType", "Stakeholder Type"),
  f("stakeholderCategory", "Category"),
  f("influenceLevel", "Influence Level"),
  f("iap2EngagementLevel", "IAP2 Level"),
  f("lastContact", "Last Contact", "datetime"),
  f("notes", "Notes"),
  f("companyName", "Company Name"),
  f("nextAction", "Next Action"),
  f("nextActionDueDate", "Next Action Due", "date"),
  f("email2", "Email 2"),
  f("email3", "Email 3"),
  f("phone2", "Phone 2"),
  f("phone3", "Phone 3"),
  f("mobile", "Mobile"),
  f("mobilePhone", "Mobile Phone"),
  f("cellPhone", "Cell Phone"),
  f("homePhone", "Home Phone"),
  f("businessPhone", "Business Phone"),
  f("contactPhone", "Contact Phone"),
  f("address2", "Address 2"),
  f("address3", "Address 3"),
  f("isActive", "Active", "boolean"),
  f("isProjectPropertyOwner", "Project Property Owner", "boolean"),
  linked("propertyAddresses", "Linked Properties"),
  linked("propertyVolumeFolios", "Linked Volume/Folios"),
  f("latitude", "Latitude", "decimal"),
  f("longitude", "Longitude", "decimal"),
  f("address1Lat", "Address 1 Latitude", "decimal"),
  f("address1Lng", "Address 1 Longitude", "decimal"),
  f("address2Lat", "Address 2 Latitude", "decimal"),
  f("address2Lng", "Address 2 Longitude", "decimal"),
  f("address3Lat", "Address 3 Latitude", "decimal"),
  f("address3Lng", "Address 3 Longitude", "decimal"),
  f("spatialAccuracy", "Spatial Accuracy"),
  f("geoSource", "Geocode Source"),
  f("id", "Stakeholder ID", "number"),
  f("createdAt", "Created", "datetime"),
  f("updatedAt", "Updated", "datetime"),
];

/** The linked stakeholder attributes, in their described order (docs/export.md#modes-and-templates). */
export const PROPERTY_STAKEHOLDER_FIELDS: readonly ExportField[] = [
  linked("stakeholderName", "Stakeholder Name"),
  linked("stakeholderAddress", "Stakeholder Address"),
  linked("stakeholderPhone", "Stakeholder Phone"),
  linked("stakeholderEmail", "Stakeholder Email"),
  linked("stakeholderType", "Stakeholder Type"),
  linked("stakeholderCategory", "Stakeholder Category"),
  linked("stakeholderInfluence", "Influence Level"),
  linked("stakeholderIap2Level", "IAP2 Level"),
  linked("stakeholderLastContact", "Last Contact", "datetime"),
];

export const PROPERTY_EXPORT_FIELDS: readonly ExportField[] = [
  f("address", "Property Address"),
  f("volume", "Volume"),
  f("folio", "Folio"),
  f("lotPlanLine", "Lot/Plan"),
  f("proprietors", "Proprietors", "list"),
  f("lot", "Lot"),
  f("planNumber", "Plan Number"),
  f("titleType", "Title Type"),
  f("tenancyType", "Tenancy Type"),
  f("proprietor", "Proprietor"),
  f("proprietorInstr", "Proprietor Instrument"),
  f("proprietorDate", "Proprietor Date"),
  f("encumbrances", "Encumbrances"),
  f("area", "Area", "decimal"),
  f("affectedAreaHa", "Affected area (ha)", "decimal"),
  f("affectedAreaPercent", "Affected area (%)", "decimal"),
  f("perimeter", "Perimeter", "decimal"),
  f("spiNumber", "SPI Number"),
  f("securityNumber", "Security Number"),
  f("titleDate", "Title Date"),
  f("search", "Search Number"),
  f("produced", "Date Produced"),
  f("originalSearch", "Original Search"),
  f("diagram", "Diagram"),
  f("uid", "UID"),
  f("date", "Search Date"),
  f("ectController", "eCT Controller"),
  f("ectEffectiveFromDate", "eCT Effective From"),
  f("propertyAddress", "Title Address"),
  f("propertyAddressAlt", "Alternative Address"),
  f("addresses", "Other Addresses", "list"),
  f("additionalInfo", "Additional Information"),
  f("pdf", "Title Search PDF"),
  f("zoning", "Zoning"),
  f("propertyUse", "Property Use"),
  f("propertyType", "Property Type"),
  f("type", "Type"),
  f("ownershipStatus", "Ownership Status"),
  f("estimatedValue", "Estimated Value", "money"),
  f("taxAssessedValue", "Tax Assessed Value", "money"),
  f("squareFootage", "Square Footage", "number"),
  f("yearBuilt", "Year Built", "number"),
  f("hasLAA", "LAA in Place", "boolean"),
  f("laaExpiryDate", "LAA Expiry Date", "date"),
  f("laaDetails", "LAA Details"),
  f("nextAction", "Next Action"),
  f("nextActionDueDate", "Next Action Due", "date"),
  f("notes", "Notes"),
  ...PROPERTY_STAKEHOLDER_FIELDS,
  f("latitude", "Latitude", "decimal"),
  f("longitude", "Longitude", "decimal"),
  f("centroidLat", "Centroid Latitude", "decimal"),
  f("centroidLng", "Centroid Longitude", "decimal"),
  f("spatialReference", "Spatial Reference"),
  f("boundarySource", "Boundary Source"),
  f("spatialAccuracy", "Spatial Accuracy"),
  f("lastSpatialUpdate", "Last Spatial Update", "datetime"),
  f("boundaryGeoJSON", "Boundary GeoJSON", "json"),
  f("accessRouteGeoJSON", "Access Route GeoJSON", "json"),
  f("id", "Property ID", "number"),
  f("createdAt", "Created", "datetime"),
  f("updatedAt", "Updated", "datetime"),
];

/**
 * The described engagement export fields (docs/export.md#engagement-fields). Their keys are the spec's field names
 * (engagement_type, title, outcome, …), and the fields it does not name follow the same snake_case; the
 * keys they had before are accepted as aliases (ENGAGEMENT_FIELD_ALIASES). engagement_type is the type's
 * label, title the subject, outcome the outcomes, status Completed/Scheduled from the times, the
 * communication channel how the type reaches people (in person, phone, e-mail, …). The stored model has
 * no description or priority: description is what the interaction was about (its notes, then its key
 * topics and attendees), priority its follow-up's next-action priority on the project's today.
 */
export const ENGAGEMENT_EXPORT_FIELDS: readonly ExportField[] = [
  f("date", "Date", "datetime"),
  f("engagement_type", "Engagement Type"),
  f("title", "Subject"),
  linked("stakeholder_name", "Stakeholder", "text"),
  f("outcome", "Outcome"),
  f("description", "Description"),
  linked("stakeholder_phone", "Stakeholder Phone", "text"),
  linked("stakeholder_email", "Stakeholder Email", "text"),
  linked("stakeholder_address", "Stakeholder Address", "text"),
  f("location", "Location"),
  f("notes", "Notes"),
  f("follow_up_required", "Follow-up Required", "boolean"),
  f("follow_up_date", "Follow-up Date", "date"),
  f("priority", "Priority"),
  linked("related_volume_folios", "Volume/Folio"),
  linked("property_addresses", "Property Address"),
  linked("lot_plans", "Lot/Plan"),
  linked("parishes", "Parish"),
  linked("lgas", "LGA"),
  f("status", "Status"),
  f("communication_channel", "Communication Channel"),
  f("key_topics", "Key Topics", "list"),
  f("attendees", "Attendees", "list"),
  f("scheduled_at", "Scheduled At", "datetime"),
  f("completed_at", "Completed At", "datetime"),
  f("timezone", "Time Zone"),
  f("recorded_by", "Recorded By"),
  f("id", "Engagement ID", "number"),
  f("created_at", "Created", "datetime"),
  f("updated_at", "Updated", "datetime"),
];

/** The engagement fields' earlier keys (the entity's property names), still accepted: alias → key. */
export const ENGAGEMENT_FIELD_ALIASES: Readonly<Record<string, string>> = {
  type: "engagement_type",
  subject: "title",
  stakeholderName: "stakeholder_name",
  outcomes: "outcome",
  stakeholderPhone: "stakeholder_phone",
  stakeholderEmail: "stakeholder_email",
  stakeholderAddress: "stakeholder_address",
  followUpRequired: "follow_up_required",
  followUpDate: "follow_up_date",
  propertyVolumeFolios: "related_volume_folios",
  propertyAddresses: "property_addresses",
  propertyLotPlans: "lot_plans",
  propertyParishes: "parishes",
  propertyLgas: "lgas",
  communicationChannel: "communication_channel",
  keyTopics: "key_topics",
  scheduledAt: "scheduled_at",
  completedAt: "completed_at",
  recordedBy: "recorded_by",
  createdAt: "created_at",
  updatedAt: "updated_at",
};

/**
 * The grievance register's fields (docs/export.md#grievance-and-commitment-fields). Stored values are written as the
 * screens label them (channel, category, severity, stage, resolution); the complainant is the linked
 * stakeholder's name, the named person, or "Anonymous"; instants are in the project's time zone.
 */
export const GRIEVANCE_EXPORT_FIELDS: readonly ExportField[] = [
  f("reference", "Reference"),
  f("receivedAt", "Received", "datetime"),
  f("channel", "Channel"),
  linked("complainant", "Complainant", "text"),
  f("complainantKind", "Complainant Type"),
  f("complainantContact", "Complainant Contact"),
  linked("stakeholderName", "Stakeholder", "text"),
  linked("propertyAddress", "Property", "text"),
  linked("propertyVolumeFolio", "Volume/Folio", "text"),
  f("category", "Category"),
  f("severity", "Severity"),
  f("description", "Description"),
  f("stage", "Stage"),
  f("owner", "Owner"),
  f("acknowledgeBy", "Acknowledge By", "date"),
  f("resolveBy", "Resolve By", "date"),
  f("acknowledgedAt", "Acknowledged", "datetime"),
  f("resolvedAt", "Resolved", "datetime"),
  f("closedAt", "Closed", "datetime"),
  f("escalatedAt", "Escalated", "datetime"),
  f("escalationNote", "Escalation Note"),
  f("referredTo", "Referred To"),
  f("referredAt", "Referred On", "date"),
  f("resolution", "Resolution"),
  f("actionTaken", "Action Taken"),
  f("complainantToldOn", "Complainant Told On", "date"),
  f("complainantToldHow", "Complainant Told How"),
  f("complainantAccepted", "Complainant Accepted", "boolean"),
  f("id", "Grievance ID", "number"),
  f("createdAt", "Created", "datetime"),
  f("updatedAt", "Updated", "datetime"),
];

/**
 * The commitments' fields (docs/export.md#grievance-and-commitment-fields): the stakeholders and properties a promise was
 * made to are one text each (names, addresses), "Made At" is the interaction it came from, "Overdue"
 * is judged on the project's today as the list does (docs/records.md#commitments).
 */
export const COMMITMENT_EXPORT_FIELDS: readonly ExportField[] = [
  f("description", "Commitment"),
  linked("stakeholders", "Stakeholders"),
  linked("properties", "Properties"),
  f("promisedOn", "Promised On", "date"),
  f("dueDate", "Due Date", "date"),
  f("status", "Status"),
  f("overdue", "Overdue", "boolean"),
  f("owner", "Owner"),
  linked("engagement", "Made At", "text"),
  f("fulfilledOn", "Fulfilled On", "date"),
  f("evidenceNote", "Evidence"),
  f("cancellationReason", "Cancellation Reason"),
  f("id", "Commitment ID", "number"),
  f("createdAt", "Created", "datetime"),
  f("updatedAt", "Updated", "datetime"),
];

const FIELDS: Record<ExportType, readonly ExportField[]> = {
  stakeholders: STAKEHOLDER_EXPORT_FIELDS,
  properties: PROPERTY_EXPORT_FIELDS,
  engagements: ENGAGEMENT_EXPORT_FIELDS,
  grievances: GRIEVANCE_EXPORT_FIELDS,
  commitments: COMMITMENT_EXPORT_FIELDS,
};

/** The record types whose rows carry imported custom fields (engagements, grievances and commitments have none). */
export const TYPES_WITH_CUSTOM_FIELDS: readonly ExportType[] = ["stakeholders", "properties"];

export function exportFields(type: ExportType): readonly ExportField[] {
  return FIELDS[type];
}

export const customFieldKey = (name: string) => `${CUSTOM_PREFIX}${name}`;

/** The custom field's name for a `custom:<name>` key, else null. */
export function customFieldName(key: string): string | null {
  if (!key.startsWith(CUSTOM_PREFIX)) return null;
  const name = key.slice(CUSTOM_PREFIX.length);
  return name.trim() ? name : null;
}

const ALIASES: Record<ExportType, Readonly<Record<string, string>>> = { stakeholders: {}, properties: {}, engagements: ENGAGEMENT_FIELD_ALIASES, grievances: {}, commitments: {} };

/** The key a mapping's dbField stands for: the field's own key for an alias, else the dbField as given. */
export function exportFieldKey(type: ExportType, dbField: string): string {
  return Object.hasOwn(ALIASES[type], dbField) ? ALIASES[type][dbField]! : dbField;
}

/**
 * The field a mapping's dbField names for this type (a known key or one of its aliases, or any custom field of a
 * type that has them), else null. The field returned carries its own key, whichever name was given.
 */
export function findExportField(type: ExportType, dbField: string): ExportField | null {
  const key = exportFieldKey(type, dbField);
  const known = FIELDS[type].find((field) => field.key === key);
  if (known) return known;
  const name = customFieldName(key);
  if (name !== null && TYPES_WITH_CUSTOM_FIELDS.includes(type)) return { key, label: name, type: "json", source: "custom" };
  return null;
}

/** One choice of a column row's "Database field". */
export interface FieldOption {
  key: string;
  label: string;
}

/**
 * The choices of a row's "Database field": the type's fields, then the project's custom fields. The page
 * sends them with its data, so the screen's script does not carry the catalogue.
 */
export function fieldOptions(type: ExportType, customFieldNames: readonly string[]): { fields: FieldOption[]; custom: FieldOption[] } {
  return {
    fields: exportFields(type).map((field) => ({ key: field.key, label: field.label })),
    custom: customFieldNames.map((name) => ({ key: customFieldKey(name), label: name })),
  };
}
