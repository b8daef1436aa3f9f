import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireUser } from "~/modules/access/current-user.server";
import { createSubscription } from "~/modules/billing/payment-provider.server";
import { handleAppErrors, requestOrigin, requireMethod } from "~/utils/http.server";

/**
 * POST /api/create-subscription?plan=professional: { url } of the checkout page; without a payment
 * provider, 202 { url: null, requested: true, message } (the upgrade waits for a system admin).
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    const user = await requireUser(request);
    const started = await createSubscription(user, new URL(request.url).searchParams.get("plan"), requestOrigin(request));
    return json(started, { status: started.url ? 200 : 202 });
  });
