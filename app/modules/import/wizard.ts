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
export const IMPORT_ACCEPT =
  ".csv,.xlsx,.xls,.pdf,.geojson,.json,.zip,.kml,.kmz,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,application/pdf,application/geo+json,application/vnd.google-earth.kml+xml";
export const CHOOSE_TYPE_MESSAGE = "Choose what the file contains: stakeholders, properties or parcels";
export const CHOOSE_SHEET_MESSAGE = "Select the sheet to import";
export const IMPORT_FAILED_MESSAGE = "Failed to import data. Please try again.";

export const IMPORT_TYPE_LABELS: Record<ImportType, string> = { stakeholders: "Stakeholders", properties: "Properties", parcels: "Parcels" };
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
  /** The review of a parcel import's unmatched parcels; `link` opens the search-then-pick for one parcel. */
  parcels: (importId: number, params: { link?: number; q?: string; page?: number } = {}) => {
    const entries: [string, string][] = [];
    if (params.link) entries.push(["link", String(params.link)]);
    if (params.q) entries.push(["q", params.q]);
    if (params.page && params.page > 1) entries.push(["page", String(params.page)]);
    return `/import/${importId}/parcels${entries.length ? `?${new URLSearchParams(entries)}` : ""}`;
  },
};

/** The mapping step's parcel choices and the review step's form (docs/import.md#parcels). */
export const CRS_FIELD = "crs";
export const INVALID_SHAPES_FIELD = "invalidShapes";
export const PARCEL_REVIEW_FORM_ID = "import-parcels";
export const CHOOSE_CRS_MESSAGE = "Choose the coordinate system the file is in";
export const CHOOSE_INVALID_SHAPES_MESSAGE = "Choose whether to repair the invalid shapes or skip them";

/** "1 row", "2 rows". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-AU")} ${count === 1 ? one : many}`;
}
