/**
 * The import wizard's URLs, form names and messages (docs/import.md#wizard-steps, #messages). Client-safe: the
 * screens build their links with these, the actions their redirects, so the two cannot drift apart.
 */
import { IMPORT_TYPES, isImportType, type ImportType } from "./import-fields";

export const PROJECT_REQUIRED_TITLE = "Project Required";
export const PROJECT_REQUIRED_TEXT = "Please select a project first. All imported data must be associated with a specific project.";
export const PROJECT_REQUIRED_MESSAGE = `${PROJECT_REQUIRED_TITLE}: ${PROJECT_REQUIRED_TEXT}`;
export const INVALID_FILE_TITLE = "Invalid File";
export const INVALID_FILE_MESSAGE = "Please select a CSV, Excel (.xlsx, .xls), or PDF file.";
export const IMPORT_ACCEPT = ".csv,.xlsx,.xls,.pdf,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,application/pdf";
export const CHOOSE_TYPE_MESSAGE = "Choose what the file contains: stakeholders or properties";
export const CHOOSE_SHEET_MESSAGE = "Select the sheet to import";
export const IMPORT_FAILED_MESSAGE = "Failed to import data. Please try again.";

export const IMPORT_TYPE_LABELS: Record<ImportType, string> = { stakeholders: "Stakeholders", properties: "Properties" };
export const IMPORT_TYPE_OPTIONS = IMPORT_TYPES.map((value) => ({ value, label: IMPORT_TYPE_LABELS[value] }));

/** The type a step's URL carries (`type=`); anything else falls back to stakeholders, the spec's default. */
export function importTypeFrom(value: unknown): ImportType {
  return isImportType(value) ? value : "stakeholders";
}

/** Form ids, so each step's error summary reads only its own form's errors. */
export const UPLOAD_FORM_ID = "import-upload";
export const SHEET_FORM_ID = "import-sheet";
export const MAPPING_FORM_ID = "import-mapping";

/** The mapping form's per-column input names (column index, not name: names may hold any character). */
export const targetName = (index: number) => `target-${index}`;
export const newFieldNameName = (index: number) => `newFieldName-${index}`;

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const wizardUrls = {
  upload: (type?: ImportType) => (type && type !== "stakeholders" ? `/import?${query({ type })}` : "/import"),
  sheet: (workbookKey: string, type: ImportType) => `/import/sheet?${query({ workbook: workbookKey, type })}`,
  mapping: (dataKey: string, type: ImportType) => `/import/mapping?${query({ data: dataKey, type })}`,
  progress: (importId: number) => `/import/${importId}`,
  duplicates: (importId: number) => `/import/${importId}/duplicates`,
  skippedCsv: (importId: number) => `/import/${importId}/skipped.csv`,
  history: () => "/imports",
  undo: (importId: number) => `/imports?${query({ undo: String(importId) })}`,
};

/** "1 row", "2 rows". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-AU")} ${count === 1 ? one : many}`;
}
