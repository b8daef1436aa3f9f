/**
 * The /export page's POSTs (docs/export.md#column-list). The column list is one form: "Add column", "Remove",
 * "Move up/down" and "Update list" post it back and the page re-renders the edited list (nothing the
 * user typed is lost); "Export" checks it with the /api route's schema and, when it passes, starts
 * the download (export-download.server.ts). Errors re-render the list with the GOV.UK summary.
 */
import { json } from "@remix-run/node";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { FORM_ERROR } from "~/utils/form-state";
import { AppError } from "~/utils/app-error";
import { applyRowEdit, parseRowEdit, type RowFocus } from "~/utils/row-list";
import { blankMapping, describeColumnEdit, EXPORT_FORM_ID, MAPPING_KEYS, MAX_EXPORT_MAPPINGS } from "./column-list";
import { startExportDownload } from "./export-download.server";
import { exportedColumns, NO_PROJECT_MESSAGE, NO_PROJECT_TITLE, type ExportMapping } from "./export-modes";
import { exportValidator, type ExportFormat } from "./schemas";

/** What the page re-renders after a postback: the list as posted (and edited), and any errors. */
export interface ExportActionData {
  formId: typeof EXPORT_FORM_ID;
  mappings: ExportMapping[];
  format: ExportFormat;
  fieldErrors: Record<string, string>;
  /** Shown above the summary's list, e.g. "No Project Selected". */
  title?: string;
  announcement?: string;
  focus?: RowFocus;
}

const CELL = /^mappings\[(\d{1,3})\]\.(\w+)$/;
const MAX_TEXT = 500;

/** The posted rows in index order. An unticked "Enabled" box posts nothing, so it reads as false. */
export function readPostedMappings(form: FormData): ExportMapping[] {
  const rows = new Map<number, ExportMapping>();
  for (const [name, value] of form.entries()) {
    const cell = CELL.exec(name);
    if (!cell || typeof value !== "string") continue;
    const index = Number(cell[1]);
    const key = cell[2] as (typeof MAPPING_KEYS)[number];
    if (!MAPPING_KEYS.includes(key) || index >= MAX_EXPORT_MAPPINGS) continue;
    const row = rows.get(index) ?? blankMapping("");
    if (key !== "enabled") row[key] = value.slice(0, MAX_TEXT);
    rows.set(index, row);
  }
  // A row without its hidden id was not rendered by the page; ids are made unique if forged.
  const seen = new Set<string>();
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, row]) => ({ ...row, enabled: form.get(`mappings[${index}].enabled`) !== null }))
    .map((row, index) => {
      const id = row.id && !seen.has(row.id) ? row.id : `n${index + 1}`;
      seen.add(id);
      return { ...row, id };
    });
}

function exportedCount(mappings: ExportMapping[]): string {
  const count = exportedColumns(mappings).length;
  return `${count} of ${mappings.length} ${mappings.length === 1 ? "column" : "columns"} will be exported.`;
}

export async function exportPageAction(request: Request): Promise<Response> {
  const access = await getSelectedProjectAccess(request);
  const form = await request.formData();
  const mappings = readPostedMappings(form);
  const format: ExportFormat = form.get("format") === "csv" ? "csv" : "xlsx";
  const base = { formId: EXPORT_FORM_ID, mappings, format, fieldErrors: {} } satisfies ExportActionData;
  const intent = form.get("intent");

  const edit = parseRowEdit(intent);
  if (edit) {
    const result = applyRowEdit(mappings, edit, blankMapping, MAX_EXPORT_MAPPINGS);
    return json<ExportActionData>({ ...base, mappings: result.rows, focus: result.focus, announcement: describeColumnEdit(edit, result) });
  }
  // "Update list" (also what Enter in a text box submits) only re-renders the statuses.
  if (intent === "update" || intent === null) return json<ExportActionData>({ ...base, announcement: exportedCount(mappings) });
  if (intent !== "export") throw new AppError(400, "Unknown action");

  if (!access) return json<ExportActionData>({ ...base, title: NO_PROJECT_TITLE, fieldErrors: { [FORM_ERROR]: NO_PROJECT_MESSAGE } }, { status: 400 });
  const result = await exportValidator.validate(form);
  if (result.error) {
    const fieldErrors = Object.fromEntries(Object.entries(result.error.fieldErrors).map(([name, message]) => [name === "mappings" ? FORM_ERROR : name, message]));
    return json<ExportActionData>({ ...base, fieldErrors }, { status: 422 });
  }
  return startExportDownload(request, access, result.data);
}
