/**
 * The target fields an import column may be mapped to (docs/import.md#mapping). Keys are the entity
 * property names (db/entities/Stakeholder.ts, Property.ts) so the commit can write them as they are.
 * Client-safe: the mapping screen lists these, the coercion and the commit read their types.
 *
 * Left out on purpose: ids, owner, project, timestamps, version (the system sets them), customFields
 * (filled from "Create new field" columns) and Property.stakeholder (the primary owner is found or
 * created from the proprietors, not typed as an id).
 */
import { IAP2_LEVELS, INFLUENCE_LEVELS, MEMBER_TYPES, STAKEHOLDER_CATEGORIES, TITLE_TYPES } from "~db/entities/enums";
import { LIMITS } from "~/modules/stakeholder/limits";
import { PROPERTY_LIMITS } from "~/modules/property/limits";
import { CUSTOM_PREFIX } from "./custom-prefix";

export const IMPORT_TYPES = ["stakeholders", "properties", "parcels"] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

export type FieldType = "text" | "email" | "phone" | "date" | "decimal" | "integer" | "boolean" | "enum" | "list" | "json";

export interface ImportField {
  key: string;
  /** As the mapping screen shows it. */
  label: string;
  type: FieldType;
  required: boolean;
  /** What a row that leaves a required field blank is told (the forms' own wording). */
  requiredMessage?: string;
  /** enum: the stored values, exactly as db/entities/enums.ts spells them. */
  values?: readonly string[];
  /** enum: other spellings files use for a stored value (normalised like the values themselves). */
  valueAliases?: Readonly<Record<string, string>>;
  /** text, email, phone, list (each item), json: longest accepted value. */
  maxLength?: number;
  /** decimal, integer: accepted range, inclusive. */
  min?: number;
  max?: number;
  /** decimal: digits kept after the point (money is decimal(15,2), docs/records.md#property-fields). */
  scale?: number;
  /**
   * Names that match this field exactly during automatic mapping; default [key, label]. Narrowed where
   * a key would steal a header that belongs to a required field ("Property Address" is the address).
   */
  matchNames?: readonly string[];
  /**
   * A property import's owner details: not stored on the property, used to find or create the owner
   * stakeholder and link it (docs/import.md#land-title-pdfs).
   */
  owner?: boolean;
}

/** Select values of the two special targets, and the prefix of a custom field target (docs/import.md#api). */
export const SKIP = "skip";
export const CREATE_NEW_FIELD = "create_new";
export { CUSTOM_PREFIX };
export const SKIP_LABEL = "Skip";
export const CREATE_NEW_FIELD_LABEL = "Create new field";

// Free text nobody caps on a form; still bounded so one cell cannot carry megabytes into a row.
const TEXT_MAX = 5000;
// Excel's own cell limit: a GeoJSON boundary longer than this cannot have come from a spreadsheet cell.
const JSON_MAX = 32_767;
// decimal(15,2): 13 digits before the point.
const MONEY = { type: "decimal", scale: 2, min: -9_999_999_999_999.99, max: 9_999_999_999_999.99 } as const;
const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;
const LAT = { type: "decimal", min: -90, max: 90 } as const;
const LNG = { type: "decimal", min: -180, max: 180 } as const;

type Extra = Partial<Omit<ImportField, "key" | "label">>;

function field(key: string, label: string, extra: Extra = {}): ImportField {
  const type = extra.type ?? "text";
  const bounded = type === "text" || type === "phone" || type === "list";
  return { key, label, type, required: false, ...(bounded ? { maxLength: TEXT_MAX } : {}), ...extra };
}

const text = (key: string, label: string, maxLength: number = TEXT_MAX) => field(key, label, { maxLength });
const phone = (key: string, label: string) => field(key, label, { type: "phone", maxLength: LIMITS.phone });
const email = (key: string, label: string) => field(key, label, { type: "email", maxLength: LIMITS.email });
const choice = (key: string, label: string, values: readonly string[], valueAliases?: Record<string, string>) => field(key, label, { type: "enum", values, ...(valueAliases ? { valueAliases } : {}) });

export const STAKEHOLDER_FIELDS: readonly ImportField[] = [
  field("name", "Name", { required: true, requiredMessage: "Name is required", maxLength: LIMITS.name }),
  text("companyName", "Company name", LIMITS.name),
  email("email", "Email"),
  email("email2", "Email 2"),
  email("email3", "Email 3"),
  phone("phone", "Phone"),
  phone("phone2", "Phone 2"),
  phone("phone3", "Phone 3"),
  phone("mobile", "Mobile"),
  phone("mobilePhone", "Mobile phone"),
  phone("cellPhone", "Cell phone"),
  phone("homePhone", "Home phone"),
  phone("businessPhone", "Business phone"),
  phone("contactPhone", "Contact phone"),
  text("address", "Address", LIMITS.address),
  text("address2", "Address 2", LIMITS.address),
  text("address3", "Address 3", LIMITS.address),
  // "Organisation" is how Australian files spell the stored "Organization".
  choice("memberType", "Member type", MEMBER_TYPES, { organisation: "Organization" }),
  choice("stakeholderCategory", "Stakeholder category", STAKEHOLDER_CATEGORIES),
  choice("influenceLevel", "Influence level", INFLUENCE_LEVELS),
  choice("iap2EngagementLevel", "IAP2 engagement level", IAP2_LEVELS),
  field("lastContact", "Last contact", { type: "date" }),
  text("nextAction", "Next action", LIMITS.nextAction),
  field("nextActionDueDate", "Next action due date", { type: "date" }),
  text("notes", "Notes", LIMITS.notes),
  field("isActive", "Active", { type: "boolean" }),
  field("isProjectPropertyOwner", "Project property owner", { type: "boolean" }),
  field("latitude", "Latitude", LAT),
  field("longitude", "Longitude", LNG),
  field("address1Lat", "Address 1 latitude", LAT),
  field("address1Lng", "Address 1 longitude", LNG),
  field("address2Lat", "Address 2 latitude", LAT),
  field("address2Lng", "Address 2 longitude", LNG),
  field("address3Lat", "Address 3 latitude", LAT),
  field("address3Lng", "Address 3 longitude", LNG),
  text("spatialAccuracy", "Spatial accuracy"),
  text("geoSource", "Geo source"),
];

export const PROPERTY_FIELDS: readonly ImportField[] = [
  field("address", "Address", { required: true, requiredMessage: "Property address is required", maxLength: PROPERTY_LIMITS.address }),
  // "address (alias propertyAddress)" (docs/records.md#property-fields): a "Property Address" header fills the address.
  field("propertyAddress", "Property address (as on title)", { maxLength: PROPERTY_LIMITS.address, matchNames: ["Property address (as on title)"] }),
  text("propertyAddressAlt", "Alternative property address", PROPERTY_LIMITS.address),
  field("addresses", "Additional addresses", { type: "list", maxLength: PROPERTY_LIMITS.address }),
  text("volume", "Volume", PROPERTY_LIMITS.volume),
  text("folio", "Folio", PROPERTY_LIMITS.folio),
  text("lot", "Lot", PROPERTY_LIMITS.lot),
  text("planNumber", "Plan number", PROPERTY_LIMITS.planNumber),
  text("lotPlanLine", "Lot/Plan", PROPERTY_LIMITS.lotPlanLine),
  text("search", "Search number"),
  text("originalSearch", "Original search"),
  text("uid", "UID"),
  text("spiNumber", "SPI number"),
  text("securityNumber", "Security number"),
  // "Certificate of Title" is what the stored "CoT" abbreviates.
  choice("titleType", "Title type", TITLE_TYPES, { certificateoftitle: "CoT" }),
  text("tenancyType", "Tenancy type"),
  field("proprietors", "Proprietors", { type: "list", maxLength: LIMITS.name }),
  text("proprietor", "Proprietor"),
  // The owners: linked as stakeholders (the first proprietor gets these details), not stored on the property.
  field("ownerEmail", "Owner e-mail", { type: "email", maxLength: LIMITS.email, owner: true }),
  field("ownerPhone", "Owner phone", { type: "phone", maxLength: LIMITS.phone, owner: true }),
  field("ownerAddress", "Owner postal address", { maxLength: LIMITS.address, owner: true }),
  text("proprietorInstr", "Proprietor instrument"),
  // Dates copied from title documents are kept as the text the document shows (Property.ts).
  text("proprietorDate", "Proprietor date"),
  text("titleDate", "Title date"),
  text("date", "Date"),
  text("produced", "Produced"),
  text("ectController", "eCT controller"),
  text("ectEffectiveFromDate", "eCT effective date"),
  text("encumbrances", "Encumbrances"),
  text("diagram", "Diagram"),
  text("pdf", "PDF"),
  text("additionalInfo", "Additional information"),
  text("propertyType", "Property type"),
  text("type", "Type"),
  text("ownershipStatus", "Ownership status"),
  text("propertyUse", "Property use"),
  text("zoning", "Zoning", PROPERTY_LIMITS.zoning),
  // Area and perimeter are kept as written ("2.43 ha").
  text("area", "Area", PROPERTY_LIMITS.area),
  text("perimeter", "Perimeter", PROPERTY_LIMITS.area),
  field("squareFootage", "Square footage", { type: "integer", min: 0, max: INT4.max }),
  field("yearBuilt", "Year built", { type: "integer", min: 1000, max: 9999 }),
  field("estimatedValue", "Estimated value", MONEY),
  field("taxAssessedValue", "Tax assessed value", MONEY),
  text("notes", "Notes", PROPERTY_LIMITS.notes),
  text("nextAction", "Next action", PROPERTY_LIMITS.nextAction),
  field("nextActionDueDate", "Next action due date", { type: "date" }),
  field("hasLAA", "Has LAA", { type: "boolean" }),
  field("laaExpiryDate", "LAA expiry date", { type: "date" }),
  text("laaDetails", "LAA details", PROPERTY_LIMITS.laaDetails),
  field("latitude", "Latitude", LAT),
  field("longitude", "Longitude", LNG),
  field("centroidLat", "Centroid latitude", LAT),
  field("centroidLng", "Centroid longitude", LNG),
  field("boundaryGeoJSON", "Boundary GeoJSON", { type: "json", maxLength: JSON_MAX }),
  field("accessRouteGeoJSON", "Access route GeoJSON", { type: "json", maxLength: JSON_MAX }),
  text("spatialReference", "Spatial reference", 100),
  text("boundarySource", "Boundary source"),
  text("spatialAccuracy", "Spatial accuracy"),
  field("lastSpatialUpdate", "Last spatial update", { type: "date" }),
];

/**
 * A parcel file's attributes (docs/import.md#parcels): what meets the parcel with its property (lot, plan or
 * one lot/plan text) and what a property made from it takes (address, title reference). The shape is not a
 * column; the other attributes are kept with the parcel as the file wrote them.
 */
export const PARCEL_FIELDS: readonly ImportField[] = [
  text("lot", "Lot", PROPERTY_LIMITS.lot),
  text("plan", "Plan", PROPERTY_LIMITS.planNumber),
  text("lotPlan", "Lot/Plan", PROPERTY_LIMITS.lotPlanLine),
  text("address", "Address", PROPERTY_LIMITS.address),
  text("titleReference", "Title reference", PROPERTY_LIMITS.volume + PROPERTY_LIMITS.folio + 10),
];

const FIELDS: Record<ImportType, readonly ImportField[]> = { stakeholders: STAKEHOLDER_FIELDS, properties: PROPERTY_FIELDS, parcels: PARCEL_FIELDS };
const BY_KEY: Record<ImportType, ReadonlyMap<string, ImportField>> = {
  stakeholders: new Map(STAKEHOLDER_FIELDS.map((f) => [f.key, f])),
  properties: new Map(PROPERTY_FIELDS.map((f) => [f.key, f])),
  parcels: new Map(PARCEL_FIELDS.map((f) => [f.key, f])),
};

export function importFields(type: ImportType): readonly ImportField[] {
  return FIELDS[type];
}

/** The field for a key, or undefined (also for "skip" and "custom:…" targets). */
export function importField(type: ImportType, key: string): ImportField | undefined {
  return BY_KEY[type].get(key);
}

export function isImportType(value: unknown): value is ImportType {
  return typeof value === "string" && (IMPORT_TYPES as readonly string[]).includes(value);
}

/** A custom field target is text as the file wrote it (custom fields are free key/value pairs). */
export function customField(name: string): ImportField {
  return { key: `${CUSTOM_PREFIX}${name}`, label: name, type: "text", required: false, maxLength: LIMITS.notes };
}
