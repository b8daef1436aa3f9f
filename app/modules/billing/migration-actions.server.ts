/** The /project-migration POST: Migrate Project, then back to an empty form with the spec's message. */
import { requireUser } from "~/modules/access/current-user.server";
import { validateForm } from "~/utils/validation.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { errorResponse } from "~/utils/http.server";
import { migrateProject, MIGRATION_FAILED } from "./project-migration.server";
import { MIGRATE_FORM_ID, migrateProjectValidator } from "./schemas";

export const MIGRATION_URL = "/project-migration";

export async function migrationAction(request: Request): Promise<Response> {
  const user = await requireUser(request);
  const form = await request.formData();
  const result = await validateForm(form, migrateProjectValidator, MIGRATE_FORM_ID);
  if (result.response) return result.response;
  try {
    const done = await migrateProject(user, result.data.projectId, result.data.targetClientId);
    const lost = done.membersRemoved === 1 ? "1 member of the previous client lost access" : `${done.membersRemoved} members of the previous client lost access`;
    return redirectWithFlash(request, MIGRATION_URL, { kind: "success", title: done.message, description: `${done.project.name} now belongs to ${done.targetClient.name}; ${lost}.` });
  } catch (error) {
    // Refusals of the migration itself (plan limit, same client) become the form's error.
    return errorResponse(error, { form: "summary", formId: MIGRATE_FORM_ID, data: { title: MIGRATION_FAILED }, message: (refused) => refused?.message || "Failed to migrate project" });
  }
}
