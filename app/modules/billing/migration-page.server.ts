/**
 * /project-migration: the project and target client come from the GET form in the URL; with both,
 * the preview (records moving, members losing access, the target's plan) is shown before the POST.
 */
import type { CurrentUser } from "~/modules/access/current-user.server";
import { FORM_ERROR } from "~/utils/form-state";
import { errorPlacement } from "~/utils/app-error";
import { listMigrationChoices, previewMigration, type MigrationPreview } from "./project-migration.server";
import { MigrateProjectSchema, MISSING_MIGRATION_CHOICE } from "./schemas";

export async function loadMigrationPage(user: CurrentUser, url: URL, now: Date = new Date()) {
  const { projects, clients } = await listMigrationChoices(user, now);
  const projectParam = url.searchParams.get("projectId") ?? "";
  const targetParam = url.searchParams.get("targetClientId") ?? "";
  const chosenProject = projects.find((p) => String(p.id) === projectParam) ?? null;
  const targets = chosenProject ? clients.filter((c) => c.id !== chosenProject.clientId) : clients;
  let preview: MigrationPreview | null = null;
  let errors: Record<string, string> | null = null;
  // The GET form was submitted (its button is named "preview"), or a link named both.
  if (url.searchParams.has("preview") || (projectParam && targetParam)) {
    const parsed = MigrateProjectSchema.safeParse({ projectId: projectParam, targetClientId: targetParam });
    if (!parsed.success) errors = { [FORM_ERROR]: MISSING_MIGRATION_CHOICE };
    else {
      try {
        preview = await previewMigration(user, parsed.data.projectId, parsed.data.targetClientId, now);
      } catch (error) {
        if (errorPlacement(error, { form: "summary" }) !== "inline") throw error;
        errors = { [FORM_ERROR]: (error as Error).message };
      }
    }
  }
  return { projects, clients, targets, selected: { projectId: projectParam, targetClientId: targetParam }, preview, errors };
}
export type MigrationPageData = Awaited<ReturnType<typeof loadMigrationPage>>;
