/** The /project-migration POST: Migrate Project, then back to an empty form with the spec's message. */
import { json } from "@remix-run/node";
import { requireUser } from "~/modules/access/current-user.server";
import { FORM_ERROR } from "~/utils/form-state";
import { validateForm } from "~/utils/validation.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
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
    // Refusals of the migration itself (plan limit, same client, a vanished record) become the form's error.
    if (!(error instanceof AppError) || error.status >= 500 || (error.status === 403 && !error.code)) throw error;
    return json({ formId: MIGRATE_FORM_ID, title: MIGRATION_FAILED, fieldErrors: { [FORM_ERROR]: error.message || "Failed to migrate project" } }, { status: error.status });
  }
}
