/**
 * /subscription: what the page shows for one URL. A system admin manages client organisations; a
 * client owner sees their plan, usage and the plan cards. The return from a checkout
 * (`?success=true` / `?canceled=true`) becomes a flash and the parameter leaves the address.
 */
import { redirect } from "@remix-run/node";
import type { CurrentUser } from "~/modules/access/current-user.server";
import { BILLING_MESSAGES, requireSystemPermission } from "~/modules/access/system.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { Client } from "~db/entities/Client";
import { db } from "~db/orm";
import { getSubscription, listClients, type SubscriptionJson } from "./clients.server";
import { getPaymentProvider } from "./payment-provider.server";
import { SUBSCRIPTION_URL } from "./plan-limits";
import { PLAN_CARDS, SUBSCRIPTION_FAQ } from "./plans";
import { seatSummary } from "./seats";
import { billedSeatsOf, countActiveUsers } from "./seats.server";

export const CLIENTS_PAGE_SIZE = 25;
export const CHECKOUT_SUCCESS = { kind: "success", title: "Payment successful", description: "Welcome to Professional! Your plan is updated as soon as the payment is confirmed." } as const;
export const CHECKOUT_CANCELED = { kind: "info", title: "Payment canceled", description: "No charge was made. You can upgrade whenever you are ready." } as const;

export async function loadSubscriptionPage(request: Request, user: CurrentUser, now: Date = new Date()) {
  requireSystemPermission(user, "subscription", { message: BILLING_MESSAGES.subscription, entityType: "Client", entityId: user.clientId ?? "none" });
  const url = new URL(request.url);
  if (url.searchParams.get("success") === "true") throw await redirectWithFlash(request, SUBSCRIPTION_URL, CHECKOUT_SUCCESS);
  if (url.searchParams.get("canceled") === "true") throw await redirectWithFlash(request, SUBSCRIPTION_URL, CHECKOUT_CANCELED);
  if (url.searchParams.has("success") || url.searchParams.has("canceled")) throw redirect(SUBSCRIPTION_URL);

  if (user.role === "system_admin") {
    const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
    const { clients, total } = await listClients(user, { limit: CLIENTS_PAGE_SIZE, offset: (page - 1) * CLIENTS_PAGE_SIZE }, now);
    return { view: "admin" as const, clients, total, page, pageSize: CLIENTS_PAGE_SIZE };
  }
  const subscription = await getSubscription(user, now);
  const provider = getPaymentProvider();
  return {
    view: "owner" as const,
    subscription,
    seats: await loadSeats(subscription, provider.billsSeats),
    plans: PLAN_CARDS,
    faq: SUBSCRIPTION_FAQ,
    provider: provider.name,
  };
}

/**
 * The client's seats as the page shows them (docs/administration.md#seats): counted now, and on a
 * plan paid through a provider that bills seats, the quantity last sent to it.
 */
async function loadSeats(subscription: SubscriptionJson, providerBillsSeats: boolean) {
  const client = await db().findOne(Client, { id: subscription.clientId }, { fields: ["settings", "paymentSubscriptionId"] });
  const connected = providerBillsSeats && !!client?.paymentSubscriptionId && subscription.storedPlan === "professional";
  const freeMonth = !!subscription.freeProExpiresAt && (subscription.storedPlan === "free" || subscription.storedPlan === "starter");
  const summary = seatSummary(await countActiveUsers(subscription.clientId), subscription.subscriptionPlan, connected, freeMonth);
  return { ...summary, billed: connected && client ? billedSeatsOf(client) : null };
}
export type SubscriptionPageData = Awaited<ReturnType<typeof loadSubscriptionPage>>;
