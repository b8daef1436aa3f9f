import { getSelectedProjectAccess, requirePermission } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { errorResponse } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";
import { DANGER_ACTIONS } from "./danger-zone";
import { deleteRecord, getRecordRow, recordLabel, SCREEN_REFUSALS, runDangerAction } from "./database-management.server";
import { applyNormalisation } from "./normalise.server";
import { DANGER_FORM_ID, DangerActionSchema, NormalizeSchema, RecordTypeSchema } from "./schemas";
import { databaseManagementUrl } from "./urls";

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/** A project named in the URL (not the session's) stays in it after the redirect. */
function projectParams(request: Request) {
  const params = new URLSearchParams();
  const projectId = new URL(request.url).searchParams.get("projectId");
  if (projectId) params.set("projectId", projectId);
  return params;
}

/** Where to go back to: the search the user was on (records and term only). */
function backSearch(request: Request, formData: FormData) {
  const params = projectParams(request);
  for (const name of ["records", "search"]) if (text(formData.get(name))) params.set(name, text(formData.get(name)));
  return params;
}

/**
 * The POSTs of /database-management (intent by intent): normalize, delete-record, danger. The module
 * functions check the permission; a wrong typed confirmation re-renders the confirmation with the
 * GOV.UK error pattern and changes nothing.
 */
export async function databaseManagementAction(request: Request): Promise<Response> {
  const access = await getSelectedProjectAccess(request);
  if (!access) return redirectWithFlash(request, "/", { kind: "error", title: "No Project Selected", description: "Please select a project first from the dashboard." });
  requirePermission(access, "databaseManagement", SCREEN_REFUSALS.databaseManagement);
  const formData = await request.formData();
  const home = databaseManagementUrl(projectParams(request));
  const intent = formData.get("intent");

  if (intent === "normalize") {
    const parsed = NormalizeSchema.safeParse({ dataType: formData.get("dataType") });
    if (!parsed.success) throw new AppError(400, "Choose stakeholders, properties or all");
    try {
      const result = await applyNormalisation(access, parsed.data.dataType);
      return redirectWithFlash(request, home, { kind: "success", title: "Text Normalized", description: result.message });
    } catch (error) {
      return errorResponse(error, { form: "none", failures: true, redirect: (flash) => redirectWithFlash(request, home, flash) });
    }
  }

  if (intent === "delete-record") {
    const type = RecordTypeSchema.safeParse(formData.get("records"));
    if (!type.success) throw new AppError(400, "Unknown record type");
    const id = parseRecordId(formData.get("id"));
    const row = await getRecordRow(access, type.data, id);
    const back = databaseManagementUrl(backSearch(request, formData));
    try {
      await deleteRecord(access, type.data, id);
    } catch (error) {
      return errorResponse(error, { form: "none", failures: true, redirect: (flash) => redirectWithFlash(request, back, flash) });
    }
    return redirectWithFlash(request, back, { kind: "success", title: "Record Deleted", description: `"${recordLabel(row)}" was deleted.` });
  }

  if (intent === "danger") {
    const action = DangerActionSchema.safeParse(formData.get("action"));
    if (!action.success) throw new AppError(400, "Unknown action");
    const confirmation = text(formData.get("confirmation"));
    try {
      const result = await runDangerAction(access, action.data, confirmation);
      return redirectWithFlash(request, action.data === "delete-project" ? "/" : home, { kind: "success", title: result.title, description: result.message });
    } catch (error) {
      // A wrong typed confirmation re-renders the confirmation; nothing to delete or a failure is a flash.
      return errorResponse(error, {
        form: "fields",
        failures: true,
        formId: DANGER_FORM_ID,
        values: { confirmation, action: action.data },
        title: (refused) => (refused?.code === "NOTHING_TO_DELETE" ? "Nothing to Delete" : DANGER_ACTIONS[action.data].failure),
        redirect: (flash) => redirectWithFlash(request, home, flash),
      });
    }
  }
  throw new AppError(400, "Unknown action");
}
