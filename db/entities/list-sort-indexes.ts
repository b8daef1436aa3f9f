import { GRIEVANCE_SEVERITIES, GRIEVANCE_STAGES } from "./enums";

/**
 * The sort keys the lists order by that are expressions, and the indexes that give each sort its page
 * without sorting the project's rows (docs/data-access.md#lists), read backwards for the descending
 * order, which is the ascending one reversed. The list modules order by the same expressions, and
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

// Each text comparison an index makes costs an import's every row, so an index has the sort's key and
// the id only, and serves both directions.
export const STAKEHOLDER_SORT_INDEXES = [index("stakeholder", "stakeholder_project_email_order_index", `"project_id", lower("email"), "id"`)];

const volume = `(${titleNumberSql(`"volume"`)})`;
const folio = `(${titleNumberSql(`"folio"`)})`;
export const PROPERTY_SORT_INDEXES = [
  index("property", "property_project_volume_order_index", `"project_id", ${volume}, "volume", ${folio}, "folio", "id"`),
  index("property", "property_project_folio_order_index", `"project_id", ${folio}, "folio", "id"`),
];

export const GRIEVANCE_SORT_INDEXES = [
  index("grievance", "grievance_project_severity_order_index", `"project_id", (${severityRankSql(`"severity"`)}), "id"`),
  index("grievance", "grievance_project_stage_order_index", `"project_id", (${stageRankSql(`"stage"`)}), "id"`),
];
