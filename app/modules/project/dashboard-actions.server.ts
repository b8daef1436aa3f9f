import { validationError } from "remix-validated-form";
import { requireUser } from "~/modules/access/current-user.server";
import { getSession } from "~/modules/auth/session.server";
import { AppError } from "~/utils/app-error";
import { resolveProjectAccess } from "~/modules/access/project-access.server";
import { validateForm } from "~/utils/validation.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { selectProjectValidator } from "./schemas";
import { SELECT_PROJECT_FORM } from "./select-project-form";

/** The dashboard's POSTs: select a project (kept in the session, docs/decisions.md#selected-project) or clear the selection. */
export async function dashboardAction(request: Request): Promise<Response> {
  const user = await requireUser(request);
  const formData = await request.formData();
  const session = await getSession(request);

  if (formData.get("intent") === "clear-selection") {
    session.unset("selectedProjectId");
    return redirectWithFlash(request, "/", { kind: "info", title: "Project selection cleared" }, session);
  }

  const { data, response } = await validateForm(formData, selectProjectValidator, SELECT_PROJECT_FORM);
  if (response) return response;
  try {
    const { project } = await resolveProjectAccess(user, data.projectId, "viewData");
    session.set("selectedProjectId", project.id);
    return redirectWithFlash(request, "/", { kind: "success", title: "Project selected", description: project.name }, session);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return validationError({ formId: SELECT_PROJECT_FORM, fieldErrors: { projectId: "Please select a valid project first" } }, { projectId: data.projectId });
  }
}
