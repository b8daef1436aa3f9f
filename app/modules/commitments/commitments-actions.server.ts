import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { AppError } from "~/utils/app-error";
import { errorResponse } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";
import { validateForm } from "~/utils/validation.server";
import { changeCommitmentStatus, createCommitment, deleteCommitment, NOT_FOUND, updateCommitment } from "./commitment.server";
import { commitmentFormValidator, commitmentStatusValidator, type CommitmentInput } from "./schemas";
import { COMMITMENT_FORM, COMMITMENT_STATUS_FORM, panelSearch } from "./urls";

/** Back to the list the form was opened from (`returnTo` holds its query), with `open` as the open panel. */
function returnPath(returnTo: FormDataEntryValue | null, open: Record<string, string | number> = {}) {
  const search = typeof returnTo === "string" && returnTo.startsWith("?") ? returnTo : "?";
  return `/commitments${panelSearch(search, open)}`.replace(/\?$/, "");
}

const DONE: Record<string, string> = { start: "Commitment started.", fulfil: "Commitment fulfilled.", cancel: "Commitment cancelled.", reopen: "Commitment reopened." };

/** The ticked boxes of one name as one comma-joined value, so the validator and the re-rendered form see one field. */
function joinIds(formData: FormData, ...names: string[]) {
  for (const name of names) {
    const values = formData.getAll(name).filter((v): v is string => typeof v === "string" && v !== "");
    formData.set(name, values.join(","));
  }
}

/**
 * The POSTs of /commitments (docs/records.md#commitments): create, update, status changes (start,
 * fulfil, cancel, reopen) and delete. Each validates with the shared schema and calls the module
 * function, which checks the permission; a refused or failed save changes nothing and keeps what was typed.
 */
export async function commitmentsAction(request: Request): Promise<Response> {
  const access = await getSelectedProjectAccess(request);
  if (!access) throw new AppError(400, "No project selected. Please select a project first from the dashboard.");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const returnTo = formData.get("returnTo");

  if (intent === "status") {
    const id = requireRecordId(formData.get("id"), NOT_FOUND);
    const { data, response } = await validateForm(formData, commitmentStatusValidator, COMMITMENT_STATUS_FORM);
    if (response) return response;
    try {
      await changeCommitmentStatus(access, id, data);
      return redirectWithFlash(request, returnPath(returnTo, { view: id }), { kind: "success", title: "Success!", description: DONE[data.transition] ?? "Commitment updated." });
    } catch (error) {
      const values = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string"));
      return errorResponse(error, { form: "summary", failures: true, formId: COMMITMENT_STATUS_FORM, values, failure: "Failed to update the commitment. Please try again." });
    }
  }

  if (intent === "delete") {
    const id = requireRecordId(formData.get("id"), NOT_FOUND);
    await deleteCommitment(access, id);
    return redirectWithFlash(request, returnPath(returnTo), { kind: "success", title: "Success!", description: "Commitment deleted." });
  }

  if (intent !== "create" && intent !== "update") throw new AppError(400, "Unknown action");
  joinIds(formData, "stakeholderIds", "propertyIds");
  const { data, response } = await validateForm(formData, commitmentFormValidator, COMMITMENT_FORM);
  if (response) return response;
  const input = data as CommitmentInput;
  const submitted = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const formError = (error: unknown, failure: string) => errorResponse(error, { form: "summary", failures: true, formId: COMMITMENT_FORM, values: submitted, failure });
  if (intent === "create") {
    try {
      const c = await createCommitment(access, input);
      return redirectWithFlash(request, returnPath(returnTo, { view: c.id }), { kind: "success", title: "Success!", description: "Commitment added." });
    } catch (error) {
      return formError(error, "Failed to add the commitment. Please try again.");
    }
  }
  const id = requireRecordId(formData.get("id"), NOT_FOUND);
  try {
    await updateCommitment(access, id, input);
    return redirectWithFlash(request, returnPath(returnTo, { view: id }), { kind: "success", title: "Success!", description: "Commitment updated." });
  } catch (error) {
    return formError(error, "Failed to update the commitment. Please try again.");
  }
}
