/**
 * The /subscription POSTs, intent by intent: a system admin creates a client, grants a free month
 * or applies an upgrade request; a client owner upgrades; a listed user switches to system admin
 * (offered in the navigation bar to any role, so that intent comes before the screen's check).
 */
import { requireUser } from "~/modules/access/current-user.server";
import { validateForm } from "~/utils/validation.server";
import { AppError } from "~/utils/app-error";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { BILLING_MESSAGES, requireSystemPermission } from "~/modules/access/system.server";
import { redirect } from "@remix-run/node";
import { errorResponse, requestOrigin } from "~/utils/http.server";
import { applyUpgradeRequest, clientCreatedMessage, createClient, freeMonthFailedMessage, grantFreeMonth } from "./clients.server";
import { createSubscription, UPGRADE_REQUESTED_TITLE, updateBilledSeats } from "./payment-provider.server";
import { SUBSCRIPTION_URL } from "./plan-limits";
import { ClientIdSchema, CREATE_CLIENT_FORM_ID, createClientValidator } from "./schemas";
import { SWITCHED_MESSAGE, switchToSystemAdmin } from "./system-admin-switch.server";

export const SEATS_UPDATED_TITLE = "Billed seats updated";
export const SEATS_FAILED = "Failed to update billed seats. Please try again.";

function clientIdOf(form: FormData): number {
  const parsed = ClientIdSchema.safeParse(form.get("clientId") ?? undefined);
  if (!parsed.success) throw new AppError(404, "Client not found");
  return parsed.data;
}

export async function subscriptionAction(request: Request): Promise<Response> {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "switch-to-system-admin") {
    try {
      await switchToSystemAdmin(user);
    } catch (error) {
      // A failure is a flash ("Failed to switch to system admin. Please try again."); a refusal stays a 403.
      return errorResponse(error, { form: "none", failures: true, redirect: (flash) => redirectWithFlash(request, SUBSCRIPTION_URL, flash) });
    }
    return redirectWithFlash(request, SUBSCRIPTION_URL, { kind: "success", title: SWITCHED_MESSAGE });
  }
  requireSystemPermission(user, "subscription", { message: BILLING_MESSAGES.subscription, entityType: "Client", entityId: user.clientId ?? "none" });
  switch (intent) {
    case "create-client": {
      const result = await validateForm(form, createClientValidator, CREATE_CLIENT_FORM_ID);
      if (result.response) return result.response;
      try {
        const client = await createClient(user, result.data);
        return redirectWithFlash(request, SUBSCRIPTION_URL, { kind: "success", title: clientCreatedMessage(client.name) });
      } catch (error) {
        // A name already taken is shown at the name.
        return errorResponse(error, { form: "summary", formId: CREATE_CLIENT_FORM_ID, field: "organizationName", values: { organizationName: result.data.organizationName } });
      }
    }
    case "grant-free-month": {
      const clientId = clientIdOf(form);
      try {
        const granted = await grantFreeMonth(user, clientId);
        return redirectWithFlash(request, SUBSCRIPTION_URL, { kind: "success", title: granted.message });
      } catch (error) {
        // A client that cannot get a free month (or a failure) is the spec's one-line alert, as a flash.
        return errorResponse(error, {
          form: "none",
          failures: true,
          title: (refused) => freeMonthFailedMessage(refused && refused.status < 500 ? refused.message : "Please try again."),
          message: "",
          redirect: (flash) => redirectWithFlash(request, SUBSCRIPTION_URL, flash),
        });
      }
    }
    case "apply-upgrade": {
      const client = await applyUpgradeRequest(user, clientIdOf(form));
      return redirectWithFlash(request, SUBSCRIPTION_URL, { kind: "success", title: `Professional plan applied to ${client.name}` });
    }
    case "upgrade": {
      const started = await createSubscription(user, "professional", requestOrigin(request));
      if (started.url) return redirect(started.url);
      return redirectWithFlash(request, SUBSCRIPTION_URL, { kind: "info", title: UPGRADE_REQUESTED_TITLE, description: started.message });
    }
    case "update-seats": {
      try {
        const { seats, sent } = await updateBilledSeats(user);
        return redirectWithFlash(
          request,
          SUBSCRIPTION_URL,
          sent
            ? { kind: "success", title: SEATS_UPDATED_TITLE, description: `${seats} additional ${seats === 1 ? "seat is" : "seats are"} now billed.` }
            : { kind: "info", title: "Billing is not connected", description: "No seats were sent to a payment provider." },
        );
      } catch (error) {
        return errorResponse(error, { form: "none", failures: true, title: "Seats not updated", failure: SEATS_FAILED, redirect: (flash) => redirectWithFlash(request, SUBSCRIPTION_URL, flash) });
      }
    }
    default:
      throw new AppError(400, "Unknown action");
  }
}
