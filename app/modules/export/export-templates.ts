/**
 * The export modes' column templates (docs/export.md#modes-and-templates). Pure: the /export page's loader
 * starts its column list from `templateMappings`; the modes themselves and the rule for which rows are
 * exported are export-modes.ts, which the screen's script imports without the field catalogue.
 *
 * Sizes: stakeholders standard 10, properties standard 26, engagements standard 15, grievances standard 16,
 * commitments standard 12,
 * Search Report 22 (19 title-search columns plus the found contact's address, phone and e-mail),
 * Property + Stakeholder 23, custom the first 5 fields of the type, all-fields every field of the type
 * plus one column per custom-field key found in the project.
 *
 * Rows: every mode writes one row per record, except Property + Stakeholder, which writes one row per
 * property and linked stakeholder (a property without one still gets its row, with blank contact
 * columns), so a mail merge or a call list has one contact per line.
 */
import { exportFields, findExportField, customFieldKey, customFieldName, TYPES_WITH_CUSTOM_FIELDS } from "./export-fields";
import type { ExportMapping, ExportMode } from "./export-modes";
import type { ExportType } from "./export-types";

/** A template column: a field key, and its header when the template names it otherwise than the field's label. */
type TemplateColumn = readonly [key: string, columnName?: string];

const STAKEHOLDERS_STANDARD: readonly TemplateColumn[] = [
  ["name"],
  ["memberType"],
  ["stakeholderCategory"],
  ["email"],
  ["phone"],
  ["address"],
  ["influenceLevel"],
  ["iap2EngagementLevel"],
  ["lastContact"],
  ["notes"],
];

const PROPERTY_STAKEHOLDER_COLUMNS: readonly TemplateColumn[] = [
  ["stakeholderName"],
  ["stakeholderAddress"],
  ["stakeholderPhone"],
  ["stakeholderEmail"],
  ["stakeholderType"],
  ["stakeholderCategory"],
  ["stakeholderInfluence"],
  ["stakeholderIap2Level"],
  ["stakeholderLastContact"],
];

/** 17 property columns (the area and what the affected areas take of it among them) and the 9 linked stakeholder attributes. */
const PROPERTIES_STANDARD: readonly TemplateColumn[] = [
  ["address"],
  ["volume"],
  ["folio"],
  ["lotPlanLine"],
  ["titleType"],
  ["tenancyType"],
  ["proprietors"],
  ["encumbrances"],
  ["area"],
  ["affectedAreaHa"],
  ["affectedAreaPercent"],
  ["zoning"],
  ["hasLAA"],
  ["laaExpiryDate"],
  ["nextAction"],
  ["nextActionDueDate"],
  ["notes"],
  ...PROPERTY_STAKEHOLDER_COLUMNS,
];

/** The title search as a search report lays it out (19), then the contact found for it (3). */
const PROPERTIES_SEARCH_REPORT: readonly TemplateColumn[] = [
  ["address"],
  ["volume"],
  ["folio"],
  ["lot"],
  ["planNumber"],
  ["lotPlanLine"],
  ["titleType"],
  ["tenancyType"],
  ["proprietor"],
  ["proprietors"],
  ["proprietorInstr"],
  ["proprietorDate"],
  ["encumbrances"],
  ["area"],
  ["spiNumber"],
  ["securityNumber"],
  ["titleDate"],
  ["search"],
  ["produced"],
  ["stakeholderAddress", "Found Address"],
  ["stakeholderPhone", "Found Phone"],
  ["stakeholderEmail", "Found Email"],
];

/** 14 property columns and the 9 stakeholder attributes, one row per linked stakeholder. */
const PROPERTIES_PROPERTY_STAKEHOLDER: readonly TemplateColumn[] = [
  ["address"],
  ["volume"],
  ["folio"],
  ["lotPlanLine"],
  ["titleType"],
  ["tenancyType"],
  ["proprietors"],
  ["area"],
  ["zoning"],
  ["hasLAA"],
  ["laaExpiryDate"],
  ["laaDetails"],
  ["nextAction"],
  ["nextActionDueDate"],
  ...PROPERTY_STAKEHOLDER_COLUMNS,
];

const ENGAGEMENTS_STANDARD: readonly TemplateColumn[] = [
  ["date"],
  ["engagement_type"],
  ["title"],
  ["stakeholder_name"],
  ["stakeholder_phone"],
  ["stakeholder_email"],
  ["location"],
  ["outcome"],
  ["notes"],
  ["follow_up_required"],
  ["follow_up_date"],
  ["related_volume_folios"],
  ["property_addresses"],
  ["parishes"],
  ["lgas"],
];

/** The register as a report reads it: who, what, where it stands and how it ended (docs/export.md#grievance-and-commitment-fields). */
const GRIEVANCES_STANDARD: readonly TemplateColumn[] = [
  ["reference"],
  ["receivedAt"],
  ["channel"],
  ["complainant"],
  ["propertyAddress"],
  ["category"],
  ["severity"],
  ["description"],
  ["stage"],
  ["owner"],
  ["acknowledgeBy"],
  ["resolveBy"],
  ["resolution"],
  ["actionTaken"],
  ["complainantAccepted"],
  ["closedAt"],
];

const COMMITMENTS_STANDARD: readonly TemplateColumn[] = [
  ["description"],
  ["stakeholders"],
  ["properties"],
  ["promisedOn"],
  ["dueDate"],
  ["status"],
  ["overdue"],
  ["owner"],
  ["engagement"],
  ["fulfilledOn"],
  ["evidenceNote"],
  ["cancellationReason"],
];

const TEMPLATES: Record<ExportType, Partial<Record<ExportMode, readonly TemplateColumn[]>>> = {
  stakeholders: { standard: STAKEHOLDERS_STANDARD },
  grievances: { standard: GRIEVANCES_STANDARD },
  commitments: { standard: COMMITMENTS_STANDARD },
  properties: { standard: PROPERTIES_STANDARD, "search-report": PROPERTIES_SEARCH_REPORT, "property-stakeholder": PROPERTIES_PROPERTY_STAKEHOLDER },
  engagements: { standard: ENGAGEMENTS_STANDARD },
};

/** Custom mode starts with this many fields of the type (docs/export.md#modes-and-templates). */
export const CUSTOM_MODE_FIELD_COUNT = 5;

function columnsFor(type: ExportType, mode: ExportMode, customFieldNames: readonly string[]): TemplateColumn[] {
  const fields = exportFields(type);
  if (mode === "custom") return fields.slice(0, CUSTOM_MODE_FIELD_COUNT).map((field) => [field.key]);
  if (mode === "all-fields") {
    const custom = TYPES_WITH_CUSTOM_FIELDS.includes(type) ? [...new Set(customFieldNames.filter((name) => name.trim()))].map((name): TemplateColumn => [customFieldKey(name)]) : [];
    return [...fields.map((field): TemplateColumn => [field.key]), ...custom];
  }
  const template = TEMPLATES[type][mode];
  if (!template) throw new RangeError(`The ${mode} mode is not offered for ${type}`);
  return [...template];
}

/**
 * The column list a mode starts with, every row enabled. `customFieldNames` are the names of the
 * project's custom fields of this type (`listCustomFieldNames`); only all-fields uses them.
 */
export function templateMappings(type: ExportType, mode: ExportMode, customFieldNames: readonly string[] = []): ExportMapping[] {
  return columnsFor(type, mode, customFieldNames).map(([key, columnName], index) => ({
    id: String(index + 1),
    dbField: key,
    customColumnName: columnName ?? findExportField(type, key)?.label ?? customFieldName(key) ?? key,
    enabled: true,
  }));
}
