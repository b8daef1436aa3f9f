/**
 * The export modes, one row of the column list, and which rows a file gets (docs/export.md#modes-and-templates,
 * #column-list). Client-safe and free of the field catalogue: the /export screen's script uses these, and the
 * server applies the same rule (`exportedColumns`) to whatever list is posted back. The modes' templates are
 * export-templates.ts.
 */
import type { ExportType } from "./export-types";

export const EXPORT_MODES = ["standard", "search-report", "property-stakeholder", "custom", "all-fields"] as const;
export type ExportMode = (typeof EXPORT_MODES)[number];

export const EXPORT_MODE_LABELS: Record<ExportMode, string> = {
  standard: "Standard",
  "search-report": "Search Report",
  "property-stakeholder": "Property + Stakeholder",
  custom: "Custom",
  "all-fields": "All Fields",
};

/** Search-report and property-stakeholder are for properties only (docs/export.md#modes-and-templates). */
export function exportModesFor(type: ExportType): ExportMode[] {
  return type === "properties" ? [...EXPORT_MODES] : EXPORT_MODES.filter((mode) => mode !== "search-report" && mode !== "property-stakeholder");
}

export function isModeAllowed(type: ExportType, mode: ExportMode): boolean {
  return exportModesFor(type).includes(mode);
}

/** One row of the column list (`{ id, dbField, customColumnName, enabled }`, docs/export.md#modes-and-templates). */
export interface ExportMapping {
  id: string;
  dbField: string;
  customColumnName: string;
  enabled: boolean;
}

/** A column of the file: the field it reads and the header it carries. */
export interface ExportColumn {
  dbField: string;
  columnName: string;
}

export const NO_FIELDS_MESSAGE = "Please select at least one field to export";
export const NO_PROJECT_TITLE = "No Project Selected";
export const NO_PROJECT_MESSAGE = "Please select a project before exporting";
export const EXPORT_FAILED_TITLE = "Export Failed";
export const EXPORT_FAILED_MESSAGE = "Failed to export data";
export const EXPORT_SUCCESS_TITLE = "Export Successful!";
export const EXCLUDED_LABEL = "Excluded";

/** docs/export.md#column-list: a row is exported when it is enabled, has a field and a non-blank column name; otherwise it is "Excluded". */
export function isMappingExported(mapping: Pick<ExportMapping, "dbField" | "customColumnName" | "enabled">): boolean {
  return mapping.enabled && mapping.dbField.trim() !== "" && mapping.customColumnName.trim() !== "";
}

/** The file's columns, in the list's order: the exported rows, names trimmed. */
export function exportedColumns(mappings: readonly ExportMapping[]): ExportColumn[] {
  return mappings.filter(isMappingExported).map((m) => ({ dbField: m.dbField.trim(), columnName: m.customColumnName.trim() }));
}
