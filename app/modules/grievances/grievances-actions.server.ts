import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { AppError } from "~/utils/app-error";
import { errorResponse } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";
import { validateForm } from "~/utils/validation.server";
import { GRIEVANCE_CLOSE_FORM, GRIEVANCE_FORM, GRIEVANCE_STAGE_FORM } from "./form-ids";
import { createGrievance, updateGrievance } from "./grievance.server";
import { changeGrievanceStage, STAGE_MESSAGES } from "./grievance-stages.server";
import { grievanceLinkAction, isLinkIntent } from "./grievance-links-actions.server";
import { grievanceStageValidator, grievanceValidator } from "./schemas";
import { grievancePath } from "./urls";

const submittedOf = (formData: FormData) => Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;

async function projectOf(request: Request) {
  const access = await getSelectedProjectAccess(request);
  if (!access) throw new AppError(400, "No project selected. Please select a project first from the dashboard.");
  return access;
}

/** POST /grievances: a new grievance (the shared schema; the module checks editData), then its page. */
export async function grievancesAction(request: Request): Promise<Response> {
  const access = await projectOf(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "create") throw new AppError(400, "Unknown action");
  const { data, response } = await validateForm(formData, grievanceValidator, GRIEVANCE_FORM);
  if (response) return response;
  try {
    const grievance = await createGrievance(access, data);
    return redirectWithFlash(request, grievancePath(grievance.id), { kind: "success", title: "Success!", description: `Grievance ${grievance.reference} recorded.` });
  } catch (error) {
    return errorResponse(error, { form: "summary", failures: true, formId: GRIEVANCE_FORM, values: submittedOf(formData), failure: "Failed to record grievance. Please try again." });
  }
}

/**
 * POST /grievances/{id}: `update` (the edit form, refusing a stale version) or `stage` (move,
 * escalate, refer, reopen, close; closing without the outcome re-renders the close form with each
 * missing field named, and nothing changes); attaching and removing engagements and documents
 * (grievance-links-actions.server.ts).
 */
export async function grievanceAction(request: Request, idParam: string | undefined): Promise<Response> {
  const access = await projectOf(request);
  const id = requireRecordId(idParam, "Grievance not found");
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "update") {
    const { data, response } = await validateForm(formData, grievanceValidator, GRIEVANCE_FORM);
    if (response) return response;
    try {
      const { version, ...input } = data;
      const grievance = await updateGrievance(access, id, input, version);
      return redirectWithFlash(request, grievancePath(id), { kind: "success", title: "Success!", description: `Grievance ${grievance.reference} updated.` });
    } catch (error) {
      return errorResponse(error, { form: "summary", failures: true, formId: GRIEVANCE_FORM, values: submittedOf(formData), failure: "Failed to update grievance. Please try again." });
    }
  }
  if (isLinkIntent(intent)) return grievanceLinkAction(request, access, id, String(intent), formData);
  if (intent !== "stage") throw new AppError(400, "Unknown action");
  const formId = formData.get("action") === "close" ? GRIEVANCE_CLOSE_FORM : GRIEVANCE_STAGE_FORM;
  const { data, response } = await validateForm(formData, grievanceStageValidator, formId);
  if (response) return response;
  try {
    const grievance = await changeGrievanceStage(access, id, data);
    return redirectWithFlash(request, grievancePath(id), { kind: "success", title: "Success!", description: STAGE_MESSAGES[data.action](grievance) });
  } catch (error) {
    return errorResponse(error, { form: "summary", failures: true, formId, values: submittedOf(formData), failure: "Failed to change the grievance's stage. Please try again." });
  }
}
