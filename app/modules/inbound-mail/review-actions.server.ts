/**
 * The Mail inbox's POSTs (docs/inbound-mail.md#review): accept on a chosen stakeholder, accept on a new
 * one, reject. Each validates with the schema its /api twin uses and calls the pipeline's function,
 * which checks editData first; the message id comes from the URL, never from the form.
 */
import { getSelectedProjectAccess, type ProjectAccess } from "~/modules/access/project-access.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { AppError } from "~/utils/app-error";
import { errorResponse } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";
import { validateForm } from "~/utils/validation.server";
import { INBOUND_ACCEPT_FORM_ID, INBOUND_CREATE_FORM_ID } from "./form-ids";
import { recordReviewedMessage, rejectReviewedMessage } from "./review.server";
import { reviewAcceptValidator, reviewRejectValidator } from "./schemas";
import { INBOX_PATH, inboxMessagePath } from "./urls";

export const MESSAGE_NOT_FOUND = "Message not found";
export const ACCEPT_FAILED = "Failed to record the message. Please try again.";
export const REJECT_FAILED = "Failed to reject the message. Please try again.";

const submittedOf = (formData: FormData) => Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;

export async function inboxProjectOf(request: Request): Promise<ProjectAccess> {
  const access = await getSelectedProjectAccess(request);
  if (!access) throw new AppError(400, "No project selected. Please select a project first from the dashboard.");
  return access;
}

/** POST /inbound-mail/{id}: `accept` (an existing stakeholder), `create` (a new one from the sender) or `reject`. */
export async function inboxMessageAction(request: Request, idParam: string | undefined): Promise<Response> {
  const access = await inboxProjectOf(request);
  const id = requireRecordId(idParam, MESSAGE_NOT_FOUND);
  const formData = await request.formData();
  const intent = formData.get("intent");
  formData.set("inboundMessageId", String(id));
  if (intent === "reject") {
    const { data, response } = await validateForm(formData, reviewRejectValidator);
    if (response) return response;
    try {
      await rejectReviewedMessage(access, data);
    } catch (error) {
      return errorResponse(error, {
        form: "none",
        failures: true,
        failure: REJECT_FAILED,
        redirect: (flash) => redirectWithFlash(request, inboxMessagePath(id), flash),
        title: "Not rejected",
      });
    }
    return redirectWithFlash(request, INBOX_PATH, { kind: "success", title: "Message rejected", description: "The message was deleted and nothing was recorded." });
  }
  if (intent !== "accept" && intent !== "create") throw new AppError(400, "Unknown action");
  const formId = intent === "accept" ? INBOUND_ACCEPT_FORM_ID : INBOUND_CREATE_FORM_ID;
  const { data, response } = await validateForm(formData, reviewAcceptValidator, formId);
  if (response) return response;
  try {
    await recordReviewedMessage(access, data);
  } catch (error) {
    return errorResponse(error, { form: "summary", failures: true, formId, values: submittedOf(formData), failure: ACCEPT_FAILED });
  }
  return redirectWithFlash(request, inboxMessagePath(id), { kind: "success", title: "Message recorded", description: "The message was recorded on the stakeholder's timeline." });
}
