/**
 * The POSTs of /projects/{id}/phases/{planning|closure}: "Save progress" keeps the answers (the part
 * is In Progress) and comes back to the form; "Submit" completes the part and goes to the overview,
 * each with its message. A role that may not fill in phases is refused (403) before the body is
 * read. Answers that fail the schema, a part completed meanwhile (409) and a failed save re-render
 * the form with what was chosen and the GOV.UK error summary.
 */
import { requirePermission } from "~/modules/access/project-access.server";
import { validateForm } from "~/utils/validation.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { errorResponse } from "~/utils/http.server";
import { requirePhaseProject } from "./phase-access.server";
import { PHASE_TEXT, phaseFormUrl, phasesUrl, type FormPhase } from "./phase-fields";
import { phaseFormId, phaseValidator, readPhaseIntent } from "./phase-schemas";
import { savePhaseProgress, submitPhase } from "./phases.server";
import { log } from "~/utils/log.server";

export async function phaseFormAction(request: Request, idParam: string | undefined, phase: FormPhase): Promise<Response> {
  const access = await requirePhaseProject(request, idParam);
  requirePermission(access, "createProjects");
  const formData = await request.formData();
  const intent = readPhaseIntent(formData.get("intent"));
  if (!intent) throw new AppError(400, "Unknown action");
  const formId = phaseFormId(phase);
  const { data, response } = await validateForm(formData, phaseValidator(phase), formId);
  if (response) return response;
  const submitted = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string"));
  const text = PHASE_TEXT[phase];
  const projectId = access.project.id;
  try {
    if (intent === "save") {
      await savePhaseProgress(access, phase, data);
      return redirectWithFlash(request, phaseFormUrl(projectId, phase), { kind: "success", title: "Progress Saved", description: `Your answers are saved. ${text.name} is In Progress.` });
    }
    await submitPhase(access, phase, data);
    return redirectWithFlash(request, phasesUrl(projectId), { kind: "success", title: "Success!", description: text.completedMessage });
  } catch (error) {
    if (error instanceof AppError && error.status >= 500) log.error({ component: "project-lifecycle", phase: text.name, intent, err: error }, "Phase action failed");
    return errorResponse(error, { form: "summary", failures: true, formId, values: submitted, failure: intent === "save" ? text.saveFailedMessage : text.failedMessage });
  }
}
