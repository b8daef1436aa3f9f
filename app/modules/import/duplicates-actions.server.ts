import { json } from "@remix-run/node";
import { getSelectedProjectAccess, requirePermission } from "~/modules/access/project-access.server";
import { FORM_ERROR, type FormErrorData } from "~/utils/form-state";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { errorResponse } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";
import { DUPLICATES_FORM_ID, duplicatesUrl } from "./duplicate-view";
import { parseChoice, RESOLVED_TITLE, type Choice } from "./duplicate-view";
import { resolveDuplicates, saveDuplicateChoices } from "./duplicates-resolve.server";
import { getImport, undoImport } from "./imports.server";
import { DuplicateChoiceSchema } from "./schemas";
import { getStagedData } from "./staging.server";
import { plural, PROJECT_REQUIRED_MESSAGE, wizardUrls } from "./wizard";

/** The page's radio choices ("choice-<pendingId>"), each checked with the schema the /api resolutions use. */
function choicesOf(form: FormData): Choice[] {
  const choices: Choice[] = [];
  for (const [name, value] of form.entries()) {
    const match = /^choice-(\d{1,10})$/.exec(name);
    if (!match) continue;
    const choice = parseChoice(Number(match[1]), value);
    const checked = choice ? DuplicateChoiceSchema.safeParse(choice) : null;
    if (!checked?.success) throw new AppError(400, "That choice is not one the form offers.");
    choices.push(checked.data);
  }
  return choices;
}

const errorData = (message: string, extra: Record<string, unknown> = {}) =>
  json({ formId: DUPLICATES_FORM_ID, fieldErrors: { [FORM_ERROR]: message }, ...extra } satisfies FormErrorData, { status: 400 });

/**
 * The duplicates step's POSTs: "save" keeps this page's choices and moves to another page, "resolve"
 * keeps them and resolves every row (refused, with the first undecided page, until all have a choice),
 * "back" undoes the import and returns to its mapping (Back moves duplicates to mapping: docs/import.md#wizard-steps).
 */
export async function duplicatesAction(request: Request, idParam: string | undefined): Promise<Response> {
  const access = await getSelectedProjectAccess(request);
  if (!access) return errorData(PROJECT_REQUIRED_MESSAGE);
  requirePermission(access, "importData");
  const id = requireRecordId(idParam, "Import not found");
  const form = await request.formData();
  // The page buttons ("Save and go to page N") send only their page: that is a save.
  const intent = form.has("goto") ? "save" : form.get("intent");
  const page = Math.max(1, Number(form.get("page")) || 1);
  if (intent === "back") {
    const view = await getImport(access, id);
    await undoImport(access, id);
    const staged = view.dataKey ? await getStagedData(access, view.dataKey).catch(() => null) : null;
    const to = staged ? wizardUrls.mapping(staged.dataKey, view.importType) : wizardUrls.upload(view.importType);
    return redirectWithFlash(request, to, {
      kind: "info",
      title: "Import Undone",
      description: `Import #${id} was undone: nothing from ${view.fileName} is in the project. Choose the mapping again.`,
    });
  }
  const choices = choicesOf(form);
  await saveDuplicateChoices(access, id, choices);
  if (intent === "save") {
    const goTo = Math.max(1, Number(form.get("goto")) || page);
    return redirectWithFlash(request, duplicatesUrl(id, goTo), { kind: "info", title: "Choices Saved", description: `${plural(choices.length, "choice")} saved.` });
  }
  if (intent !== "resolve") throw new AppError(400, "Unknown action");
  try {
    const outcome = await resolveDuplicates(access, id);
    const parts = [`${plural(outcome.created, "record")} created`, `${plural(outcome.linked, "row")} linked to existing records`, `${plural(outcome.merged, "record")} merged`];
    const notTaken = outcome.notTaken.length ? ` ${plural(outcome.notTaken.length, "value")} kept as they were: see below.` : "";
    return redirectWithFlash(request, wizardUrls.progress(id), { kind: "success", title: RESOLVED_TITLE, description: `${parts.join(", ")}.${notTaken}` });
  } catch (error) {
    // An undecided row (400), an import resolved meanwhile (409) or a failure ("Failed to resolve duplicates") is shown on the form.
    return errorResponse(error, { form: "summary", failures: true, formId: DUPLICATES_FORM_ID });
  }
}
