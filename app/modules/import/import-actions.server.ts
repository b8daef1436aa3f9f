import { validationError } from "remix-validated-form";
import { getSelectedProjectAccess, type ProjectAccess, requirePermission } from "~/modules/access/project-access.server";
import { FORM_ERROR, type FormErrorData } from "~/utils/form-state";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { errorResponse } from "~/utils/http.server";
import { withParams } from "~/utils/list-query";
import { requireRecordId } from "~/utils/record-id";
import { normaliseCustomName, validateMapping, type MappingChoice } from "./column-mapping";
import { CREATE_NEW_FIELD, CUSTOM_PREFIX, isImportType, SKIP } from "./import-fields";
import { startImport, undoImport } from "./imports.server";
import { checkParcelChoices } from "./parcel-choices";
import { ImportFileError } from "./parse/errors";
import { discardStaged, getStagedData, parseSheet, parseUpload, SHEET_FAILED_MESSAGE } from "./staging.server";
import {
  CHOOSE_SHEET_MESSAGE,
  CHOOSE_TYPE_MESSAGE,
  CRS_FIELD,
  INVALID_SHAPES_FIELD,
  IMPORT_FAILED_MESSAGE,
  importTypeFrom,
  INVALID_FILE_TITLE,
  MAPPING_FORM_ID,
  newFieldNameName,
  plural,
  PROJECT_REQUIRED_MESSAGE,
  SHEET_FORM_ID,
  targetName,
  UPLOAD_FORM_ID,
  wizardUrls,
} from "./wizard";

/**
 * The POSTs of the import wizard (docs/import.md#wizard-steps). Each step posts to its own URL and
 * redirects to the next step's URL; a refusal the user can fix (a wrong file, an unnamed new field)
 * re-renders the step with the GOV.UK error pattern and what was chosen. The staging and import
 * modules check importData themselves; the actions check it first as well, so a viewer's post is 403
 * before anything else is said about it.
 */

/** The wizard's steps: what the user can act on is shown on the form (errorPlacement), a failure is the error page. */
const STEP = { form: "summary" } as const;

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

async function requireImportAccess(request: Request): Promise<ProjectAccess | null> {
  const access = await getSelectedProjectAccess(request);
  if (access) requirePermission(access, "importData");
  return access;
}

const projectRequired = (formId: string, fieldErrorKey = FORM_ERROR) => validationError({ formId, fieldErrors: { [fieldErrorKey]: PROJECT_REQUIRED_MESSAGE } }, {}, { status: 400 });

/** A refused file: the form's errors plus the title the error summary shows. */
export type UploadErrorData = FormErrorData & { title: string };

/** /import: the multipart upload, parsed and staged, then the sheet step or the mapping. */
export async function uploadAction(request: Request): Promise<Response> {
  // No body is read before the user and project are known.
  const access = await requireImportAccess(request);
  if (!access) return projectRequired(UPLOAD_FORM_ID);
  let parsed: Awaited<ReturnType<typeof parseUpload>>;
  try {
    parsed = await parseUpload(access, request);
  } catch (error) {
    // The parser names what kind of refusal it is ("Invalid File" for a type the wizard does not take,
    // "Failed to parse file" for a failure, whose "Failed to parse {TYPE} file" is shown on the form).
    const title = (error as { title?: unknown }).title;
    // The import type chosen is shown again (without JavaScript the page re-renders from scratch).
    const chosenType = error instanceof ImportFileError ? error.fields.importType : undefined;
    const data: Pick<UploadErrorData, "title"> = { title: typeof title === "string" && title ? title : INVALID_FILE_TITLE };
    return errorResponse(error, { ...STEP, failures: true, formId: UPLOAD_FORM_ID, field: "file", data, values: chosenType ? { importType: chosenType } : undefined });
  }
  const { result, fields } = parsed;
  if (!isImportType(fields.importType)) {
    if (result.dataKey) await discardStaged(result.dataKey);
    return validationError({ formId: UPLOAD_FORM_ID, fieldErrors: { importType: CHOOSE_TYPE_MESSAGE } }, {}, { status: 400 });
  }
  const type = fields.importType;
  if (result.hasMultipleSheets || !result.dataKey) {
    return redirectWithFlash(request, wizardUrls.sheet(result.workbookKey, type), {
      kind: "info",
      title: "Multiple Sheets Found",
      description: `${result.fileName} has ${plural(result.sheets.length, "sheet")}. Choose the one to import.`,
    });
  }
  return redirectWithFlash(request, wizardUrls.mapping(result.dataKey, type), {
    kind: "success",
    title: "File Parsed Successfully",
    description: `Found ${plural(result.columns.length, "column")} and ${plural(result.totalRows, "row")}.`,
  });
}

/** /import/sheet: the chosen sheet parsed and staged, then the mapping. */
export async function sheetAction(request: Request): Promise<Response> {
  const access = await requireImportAccess(request);
  if (!access) return projectRequired(SHEET_FORM_ID);
  const form = await request.formData();
  const workbookKey = text(form.get("workbookKey"));
  const selectedSheet = text(form.get("selectedSheet"));
  const type = importTypeFrom(form.get("importType"));
  if (!workbookKey) throw new AppError(404, "Workbook not found");
  if (!selectedSheet) return validationError({ formId: SHEET_FORM_ID, fieldErrors: { selectedSheet: CHOOSE_SHEET_MESSAGE } }, {}, { status: 400 });
  try {
    const sheet = await parseSheet(access, { workbookKey, selectedSheet });
    return redirectWithFlash(request, wizardUrls.mapping(sheet.dataKey, type), {
      kind: "success",
      title: "Sheet Parsed Successfully",
      description: `${sheet.selectedSheet}: ${plural(sheet.columns.length, "column")} and ${plural(sheet.totalRows, "row")}.`,
    });
  } catch (error) {
    return errorResponse(error, { ...STEP, failures: true, formId: SHEET_FORM_ID, field: "selectedSheet", values: { selectedSheet }, message: (refused) => refused?.message || SHEET_FAILED_MESSAGE });
  }
}

/** One column's choice as the /api mapping spells it: a field key, "skip", or "custom:Name". */
function apiTarget(choice: MappingChoice): string {
  const target = (choice.target ?? "").trim();
  if (!target || target === SKIP) return SKIP;
  if (target === CREATE_NEW_FIELD) return `${CUSTOM_PREFIX}${normaliseCustomName(choice.newFieldName ?? "")}`;
  return target;
}

/** The mapping form's errors keyed by its inputs: a new field's name error at the name box, the rest at the choice. */
function mappingFieldErrors(columns: readonly string[], choices: readonly MappingChoice[], errors: Record<string, string>, formError: string | null): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  if (formError) fieldErrors[FORM_ERROR] = formError;
  for (const [key, message] of Object.entries(errors)) {
    const index = Number(key);
    const column = columns[index];
    if (!Number.isInteger(index) || column === undefined) {
      fieldErrors[FORM_ERROR] ??= message;
      continue;
    }
    const input = choices[index]?.target === CREATE_NEW_FIELD ? newFieldNameName(index) : targetName(index);
    fieldErrors[input] = `${column}: ${message}`;
  }
  return fieldErrors;
}

/** /import/mapping: the user's mapping checked (docs/import.md#mapping), then the import queued and its progress page. */
export async function mappingAction(request: Request): Promise<Response> {
  const access = await requireImportAccess(request);
  if (!access) return projectRequired(MAPPING_FORM_ID);
  const form = await request.formData();
  const dataKey = text(form.get("dataKey"));
  const type = importTypeFrom(form.get("importType"));
  if (!dataKey) throw new AppError(404, "Import data not found");
  const staged = await getStagedData(access, dataKey);
  const columns = staged.columns.map((c) => c.name);
  const choices: MappingChoice[] = columns.map((_, index) => ({ target: text(form.get(targetName(index))), newFieldName: text(form.get(newFieldNameName(index))) }));
  const submitted = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  const checked = validateMapping(type, columns, choices);
  // A parcel file's coordinate system and invalid shapes (docs/import.md#parcels) are checked with the columns.
  const parcelInput = { crs: text(form.get(CRS_FIELD)), invalidShapes: text(form.get(INVALID_SHAPES_FIELD)) };
  const parcelChoices = type === "parcels" && staged.gis ? checkParcelChoices(staged.gis, parcelInput) : null;
  if (!checked.ok || (parcelChoices && !parcelChoices.ok)) {
    const fieldErrors = checked.ok ? {} : mappingFieldErrors(columns, choices, checked.errors, checked.formError);
    return validationError({ formId: MAPPING_FORM_ID, fieldErrors: { ...fieldErrors, ...(parcelChoices && !parcelChoices.ok ? parcelChoices.errors : {}) } }, submitted);
  }
  const mapping = Object.fromEntries(columns.map((column, index) => [column, apiTarget(choices[index]!)]));
  try {
    const { importId } = await startImport(access, { dataKey, importType: type, mapping, ...(type === "parcels" ? parcelInput : {}) });
    return redirectWithFlash(request, wizardUrls.progress(importId), { kind: "info", title: "Import Started", description: `Importing ${plural(staged.totalRows, "row")} from ${staged.fileName}.` });
  } catch (error) {
    // An /api-style refusal names columns; it is shown at their inputs.
    const byColumn = (refused: AppError) => {
      const fieldErrors = (refused as AppError & { fieldErrors?: Record<string, string> }).fieldErrors;
      const errors = fieldErrors ? mappingFieldErrors(columns, choices, fieldErrors, null) : {};
      return Object.keys(errors).length ? errors : null;
    };
    return errorResponse(error, { ...STEP, formId: MAPPING_FORM_ID, values: submitted, fieldErrors: byColumn, message: (refused) => refused?.message || IMPORT_FAILED_MESSAGE });
  }
}

/** Where to return after an undo: the history page the user was on, the confirmation closed. */
function historyBack(form: FormData): string {
  const back = text(form.get("back"));
  const search = back.startsWith("?") ? withParams(back, { undo: null }) : "?";
  return `${wizardUrls.history()}${search === "?" ? "" : search}`;
}

/** /imports: Undo import, confirmed on its own URL (?undo=ID); success and refusal as flash messages. */
export async function historyAction(request: Request): Promise<Response> {
  const access = await getSelectedProjectAccess(request);
  const form = await request.formData();
  const back = historyBack(form);
  if (!access) return redirectWithFlash(request, "/imports", { kind: "error", title: "Undo Failed", description: PROJECT_REQUIRED_MESSAGE });
  if (form.get("intent") !== "undo") throw new AppError(400, "Unknown action");
  const id = requireRecordId(form.get("id"), "Import not found");
  try {
    const { removed, restored } = await undoImport(access, id);
    const restoredText = restored ? ` and put back ${plural(restored, "record")} it merged into` : "";
    return redirectWithFlash(request, back, { kind: "success", title: "Import Undone", description: `Removed ${plural(removed, "record")} created by import #${id}${restoredText}.` });
  } catch (error) {
    return errorResponse(error, { form: "none", title: "Undo Failed", redirect: (flash) => redirectWithFlash(request, back, flash) });
  }
}
