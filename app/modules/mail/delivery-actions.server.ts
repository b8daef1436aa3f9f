/** The /mail-delivery POST: "Retry now" for one message, then back to the list with a message. */
import { requireUser } from "~/modules/access/current-user.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { AppError } from "~/utils/app-error";
import { errorResponse } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";
import { MAIL_NOT_FOUND, requireMailDeliveryAccess, retryMailNow } from "./undelivered.server";

export const MAIL_DELIVERY_URL = "/mail-delivery";

export async function mailDeliveryAction(request: Request): Promise<Response> {
  const user = await requireUser(request);
  requireMailDeliveryAccess(user);
  const form = await request.formData();
  // Back to the page of the list the button was on.
  const page = Number(form.get("page"));
  const back = Number.isInteger(page) && page > 1 ? `${MAIL_DELIVERY_URL}?page=${page}` : MAIL_DELIVERY_URL;
  if (form.get("intent") !== "retry") throw new AppError(400, "Unknown action");
  try {
    const mailId = requireRecordId(form.get("mailId"), MAIL_NOT_FOUND);
    await retryMailNow(user, mailId);
    return redirectWithFlash(request, back, { kind: "success", title: "Retry Queued", description: `Message #${mailId} will be tried again now.` });
  } catch (error) {
    return errorResponse(error, { form: "none", title: "Retry Failed", redirect: (flash) => redirectWithFlash(request, back, flash) });
  }
}
