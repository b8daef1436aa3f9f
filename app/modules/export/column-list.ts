/**
 * The /export screen's column list as a form (docs/export.md#column-list): the names its inputs carry, why a
 * row is "Excluded", and what an edit announces. Client-safe; the page action (export-actions.server.ts)
 * reads the same names back, the list editing itself is `applyRowEdit` (app/utils/row-list.ts), and the
 * fields a row may choose are `fieldOptions` (export-fields.ts).
 */
import type { RowEdit, RowEditResult } from "~/utils/row-list";
import type { ExportMapping, ExportMode } from "./export-modes";

/** What each mode gives, as the page explains it (docs/export.md#modes-and-templates). */
export const EXPORT_MODE_DESCRIPTIONS: Record<ExportMode, string> = {
  standard: "The usual report columns: 10 for stakeholders, 26 for properties, 15 for engagements, 16 for grievances, 12 for commitments.",
  "search-report": "Properties only: the title search layout with the contact found for each title (22 columns).",
  "property-stakeholder": "Properties only: one row per property and linked stakeholder (23 columns).",
  custom: "Start from the first 5 fields and build your own list.",
  "all-fields": "Every field, plus one column for each custom field in this project.",
};

/** The column list form's id (its errors and re-rendered values are this form's). */
export const EXPORT_FORM_ID = "export-columns";

/** Generous for all-fields (≈60 fields plus up to 100 custom ones per type) and hand-added columns. */
export const MAX_EXPORT_MAPPINGS = 300;

export const MAPPING_KEYS = ["id", "enabled", "dbField", "customColumnName"] as const;
export type MappingKey = (typeof MAPPING_KEYS)[number];

/** `mappings[3].dbField`: the form name of one cell, as remix-validated-form paths are written. */
export function mappingFieldName(index: number, key: MappingKey): string {
  return `mappings[${index}].${key}`;
}

/** Why a row is left out of the file (docs/export.md#column-list), or null when it is exported. */
export function exclusionReason(mapping: Pick<ExportMapping, "dbField" | "customColumnName" | "enabled">): string | null {
  if (!mapping.enabled) return "not enabled";
  if (!mapping.dbField.trim()) return "no database field";
  if (!mapping.customColumnName.trim()) return "no column name";
  return null;
}

/** What "Add column" appends: enabled, no field or name yet. */
export function blankMapping(id: string): ExportMapping {
  return { id, dbField: "", customColumnName: "", enabled: true };
}

/** How a row is named to a screen reader: its column name, else its position. */
export function rowLabel(mapping: ExportMapping, position: number): string {
  return mapping.customColumnName.trim() ? `column ${position}, ${mapping.customColumnName.trim()}` : `column ${position}`;
}

/** The sentence the status region reads after an edit, with or without JavaScript. */
export function describeColumnEdit(edit: RowEdit, result: RowEditResult<ExportMapping>): string {
  const name = result.row?.customColumnName.trim() || "Column";
  if (!result.changed) return edit.kind === "add" ? `No more than ${MAX_EXPORT_MAPPINGS} columns can be added.` : "Nothing to change.";
  switch (edit.kind) {
    case "add":
      return `Column ${result.position} added. Choose its database field and name.`;
    case "remove":
      return `${name} removed.`;
    default:
      return `${name} moved ${edit.kind} to position ${result.position}.`;
  }
}

/**
 * /api errors use dotted zod paths (`mappings.3.dbField`); the form uses its input names
 * (`mappings[3].dbField`), and an error about the list as a whole belongs to the form.
 */
export function formErrorName(path: string): string {
  if (path === "mappings" || path === "_" || path === "") return "_form";
  const cell = /^mappings\.(\d+)\.(\w+)$/.exec(path);
  return cell ? `mappings[${cell[1]}].${cell[2]}` : path;
}
