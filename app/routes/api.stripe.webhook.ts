import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { handleStripeWebhook } from "~/modules/billing/payment-provider.server";
import { AppError } from "~/utils/app-error";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

const MAX_EVENT_BYTES = 512 * 1024;

/**
 * POST /api/stripe/webhook: Stripe's signed events. No session (Stripe calls it); the raw body is
 * verified against its Stripe-Signature before anything in it is trusted.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    if (Number(request.headers.get("content-length") ?? "0") > MAX_EVENT_BYTES) throw new AppError(413, "Request body is too large");
    const raw = await request.text();
    if (Buffer.byteLength(raw) > MAX_EVENT_BYTES) throw new AppError(413, "Request body is too large");
    return json(await handleStripeWebhook(raw, request.headers.get("stripe-signature")));
  });
