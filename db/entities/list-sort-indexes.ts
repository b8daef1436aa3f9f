import { GRIEVANCE_SEVERITIES, GRIEVANCE_STAGES } from "./enums";

/**
 * The sort keys the lists order by that are expressions, and the indexes that give each sort and
 * direction its page without sorting the project's rows (docs/data-access.md#lists). A B-tree read
 * backwards serves the exact reverse of its order; a direction that keeps blanks last, or ties in name
 * order, both ways needs an index of its own. The list modules order by the same expressions, and
 * tests/integration/list-sort-indexes.test.ts checks that every sort and direction is served.
 */

/** A title reference's digits as a number, so volume 9001 sorts before 11002; null when it has none. */
export const titleNumberSql = (column: string) => `nullif(regexp_replace(${column}, '\\D', '', 'g'), '')::numeric`;

const rankSql = (values: readonly string[], column: string) => `array_position(array[${values.map((v) => `'${v}'`).join(",")}], ${column})`;
/** A grievance's severity as its rank, low first. */
export const severityRankSql = (column: string) => rankSql(GRIEVANCE_SEVERITIES, column);
/** A grievance's stage as its place in the process, received first. */
export const stageRankSql = (column: string) => rankSql(GRIEVANCE_STAGES, column);

const index = (table: string, name: string, keys: string) => ({ name, expression: `create index "${name}" on "${table}" (${keys})` });

export const STAKEHOLDER_SORT_INDEXES = [
  index("stakeholder", "stakeholder_project_email_order_index", `"project_id", lower("email") asc nulls last, lower("name"), "id"`),
  index("stakeholder", "stakeholder_project_email_desc_index", `"project_id", lower("email") desc nulls last, lower("name") desc, "id" desc`),
  index("stakeholder", "stakeholder_project_member_type_desc_index", `"project_id", "member_type" desc nulls last, lower("name"), "id"`),
  index("stakeholder", "stakeholder_project_due_desc_index", `"project_id", "next_action_due_date" desc nulls first, lower("name"), "id"`),
];

const volume = `(${titleNumberSql(`"volume"`)})`;
const folio = `(${titleNumberSql(`"folio"`)})`;
export const PROPERTY_SORT_INDEXES = [
  index("property", "property_project_volume_order_index", `"project_id", ${volume}, "volume", ${folio}, "folio", "id"`),
  index("property", "property_project_volume_desc_index", `"project_id", ${volume} desc nulls last, "volume" desc nulls last, ${folio} desc nulls last, "folio" desc nulls last, "id" desc`),
  index("property", "property_project_folio_order_index", `"project_id", ${folio}, "folio", "id"`),
  index("property", "property_project_folio_desc_index", `"project_id", ${folio} desc nulls last, "folio" desc nulls last, "id" desc`),
  // The LAA expiry sort keeps parcels without an agreement last both ways.
  index("property", "property_project_laa_desc_index", `"project_id", (case when "has_laa" then "laa_expiry_date" end) desc nulls last, "id" desc`),
];

export const GRIEVANCE_SORT_INDEXES = [
  index("grievance", "grievance_project_severity_order_index", `"project_id", (${severityRankSql(`"severity"`)}), "id"`),
  index("grievance", "grievance_project_stage_order_index", `"project_id", (${stageRankSql(`"stage"`)}), "id"`),
  index("grievance", "grievance_project_resolve_by_desc_index", `"project_id", "resolve_by" desc nulls last, "id" desc`),
];
