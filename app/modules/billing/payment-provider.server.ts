/**
 * Upgrade Now (free to professional through a payment checkout; docs/administration.md#subscription). With
 * STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET the client owner goes to a Stripe
 * Checkout session and Stripe's signed webhook sets the plan; with none of them (the default) the
 * upgrade is recorded as a request a system admin applies on /subscription. With STRIPE_SEAT_PRICE_ID
 * as well, the additional seats (seats.ts) are a second item of the subscription whose quantity is
 * the client's billable seats (docs/administration.md#seats).
 */
import { LockMode } from "@mikro-orm/core";
import Stripe from "stripe";
import { Client } from "~db/entities/Client";
import { db } from "~db/orm";
import { recordSecurityEvent } from "~/modules/audit/audit.server";
import { type CurrentUser, displayName } from "~/modules/access/current-user.server";
import { AppError } from "~/utils/app-error";
import { getEnv } from "~/utils/env.server";
import { BILLING_MESSAGES, requireSubscriptionClient } from "~/modules/access/system.server";
import { recordUpgradeRequest, setProfessionalPlan } from "./clients.server";
import { SUBSCRIPTION_URL } from "./plan-limits";
import { billableSeats } from "./seats";
import { countActiveUsers } from "./seats.server";
import { recordAudit } from "~/modules/audit/audit.server";
import type { SubscriptionStatus } from "~db/entities/enums";

export const UPGRADE_REQUESTED_TITLE = "Upgrade requested";
export const UPGRADE_REQUESTED_MESSAGE = "A system administrator will apply the Professional plan to your organization.";

export interface CheckoutStart {
  /** Where the browser goes next: the provider's checkout page, or null when the upgrade was only recorded. */
  url: string | null;
  requested: boolean;
  message?: string;
}

export interface PaymentProvider {
  readonly name: "stripe" | "offline";
  /** Whether additional seats are billed through the provider (Stripe with a seat price). */
  readonly billsSeats: boolean;
  /** `seats`: the client's billable seats now, the quantity of the seat item when the provider bills seats. */
  startCheckout(input: { user: CurrentUser; client: { id: number; name: string }; origin: string; seats: number }): Promise<CheckoutStart>;
  /** Sets the seat item's quantity on the client's subscription (creating the item when there is none yet). */
  updateSeats(subscriptionId: string, seats: number): Promise<void>;
}

let stripeOverride: Stripe | null = null;
/** Tests point the SDK at a local stand-in for Stripe's API. */
export function setStripeClient(client: Stripe | null) {
  stripeOverride = client;
}

function stripeConfig() {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PRICE_ID || !env.STRIPE_WEBHOOK_SECRET) return null;
  return { secretKey: env.STRIPE_SECRET_KEY, priceId: env.STRIPE_PRICE_ID, webhookSecret: env.STRIPE_WEBHOOK_SECRET, seatPriceId: env.STRIPE_SEAT_PRICE_ID || null };
}

function stripeClient(secretKey: string): Stripe {
  return stripeOverride ?? new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 20_000 });
}

const stripeProvider = (config: NonNullable<ReturnType<typeof stripeConfig>>): PaymentProvider => ({
  name: "stripe",
  billsSeats: !!config.seatPriceId,
  async startCheckout({ user, client, origin, seats }) {
    // The plan itself, once; the additional seats as their own item, left out while there are none.
    const seatItem = config.seatPriceId && seats > 0 ? [{ price: config.seatPriceId, quantity: seats }] : [];
    const session = await stripeClient(config.secretKey).checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: config.priceId, quantity: 1 }, ...seatItem],
      client_reference_id: String(client.id),
      customer_email: user.email,
      metadata: { clientId: String(client.id), userId: user.id },
      subscription_data: { metadata: { clientId: String(client.id) } },
      success_url: `${origin}${SUBSCRIPTION_URL}?success=true`,
      cancel_url: `${origin}${SUBSCRIPTION_URL}?canceled=true`,
    });
    if (!session.url) throw new AppError(503, "The payment provider returned no checkout page");
    return { url: session.url, requested: false };
  },
  async updateSeats(subscriptionId, seats) {
    if (!config.seatPriceId) return;
    const stripe = stripeClient(config.secretKey);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data.find((i) => i.price.id === config.seatPriceId);
    if (item) {
      if (item.quantity !== seats) await stripe.subscriptionItems.update(item.id, { quantity: seats });
    } else if (seats > 0) {
      await stripe.subscriptionItems.create({ subscription: subscriptionId, price: config.seatPriceId, quantity: seats });
    }
  },
});

const offlineProvider: PaymentProvider = {
  name: "offline",
  billsSeats: false,
  async updateSeats() {},
  async startCheckout({ user, client }) {
    await recordUpgradeRequest(user, client.id, displayName(user));
    return { url: null, requested: true, message: UPGRADE_REQUESTED_MESSAGE };
  },
};

export function getPaymentProvider(): PaymentProvider {
  const config = stripeConfig();
  return config ? stripeProvider(config) : offlineProvider;
}

/**
 * POST /api/create-subscription?plan=professional and the page's Upgrade Now. A system admin gets
 * the spec's 403; a client already paying for Professional has nothing to buy.
 */
export async function createSubscription(user: CurrentUser, plan: string | null, origin: string): Promise<CheckoutStart> {
  const clientId = requireSubscriptionClient(user, BILLING_MESSAGES.adminSubscription);
  if (plan !== "professional") throw new AppError(400, "Unknown plan: only the Professional plan can be bought");
  const client = await db().findOne(Client, { id: clientId });
  if (!client) throw new AppError(404, "Client not found");
  if (client.subscriptionPlan === "professional" && client.subscriptionStatus === "active") throw new AppError(409, `${client.name} is already on the Professional plan`);
  return getPaymentProvider().startCheckout({ user, client: { id: client.id, name: client.name }, origin, seats: billableSeats(await countActiveUsers(client.id)) });
}

/**
 * Brings the seat item of the client's subscription up to its billable seats now, when the provider
 * bills seats and the client pays through it; records the quantity sent (`settings.billedSeats`) and
 * audits it. Called when the checkout completes and by Update billed seats on /subscription
 * (docs/administration.md#seats). Returns the seats counted and whether they were sent.
 */
export async function syncSeats(clientId: number, by: { userId: string | null; source: string }, now: Date = new Date()): Promise<{ seats: number; sent: boolean }> {
  const provider = getPaymentProvider();
  const seats = billableSeats(await countActiveUsers(clientId));
  const client = await db().findOne(Client, { id: clientId });
  if (!client) throw new AppError(404, "Client not found");
  if (!provider.billsSeats || !client.paymentSubscriptionId || client.subscriptionPlan !== "professional") return { seats, sent: false };
  await provider.updateSeats(client.paymentSubscriptionId, seats);
  await db().transactional(async (em) => {
    const locked = await em.findOneOrFail(Client, { id: clientId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const before = (locked.settings as { billedSeats?: unknown } | null)?.billedSeats ?? null;
    locked.settings = { ...(locked.settings ?? {}), billedSeats: { quantity: seats, at: now.toISOString() } };
    await em.flush();
    recordAudit({
      userId: by.userId,
      action: "subscription.seats",
      entityType: "Client",
      entityId: clientId,
      clientId,
      before: { billedSeats: before },
      after: { billedSeats: seats, source: by.source },
    });
  });
  return { seats, sent: true };
}

/** Update billed seats on /subscription: the client owner sends their client's seats now. */
export async function updateBilledSeats(user: CurrentUser) {
  const clientId = requireSubscriptionClient(user);
  return syncSeats(clientId, { userId: user.id, source: "Update billed seats" });
}

// ---------------------------------------------------------------------------------------------------
// The webhook
// ---------------------------------------------------------------------------------------------------

const STATUS: Record<string, SubscriptionStatus> = { active: "active", trialing: "trialing", past_due: "past_due", unpaid: "unpaid", canceled: "canceled" };

/**
 * POST /api/stripe/webhook: the raw body and its Stripe-Signature, verified with the endpoint's
 * secret before anything is read. A forged or stale event is 400 and audited.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<{ received: true; type: string; handled: boolean }> {
  const config = stripeConfig();
  if (!config) throw new AppError(404, "Payments are not configured");
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("no Stripe-Signature header");
    event = stripeClient(config.secretKey).webhooks.constructEvent(rawBody, signature, config.webhookSecret);
  } catch (error) {
    void recordSecurityEvent({
      userId: null,
      action: "webhook.refused",
      entityType: "StripeEvent",
      entityId: "unknown",
      after: { status: 400, reason: error instanceof Error ? error.message.slice(0, 200) : "invalid" },
    });
    throw new AppError(400, "Webhook signature verification failed");
  }
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const clientId = Number(session.client_reference_id ?? session.metadata?.clientId);
      if (!Number.isSafeInteger(clientId) || clientId <= 0) return { received: true, type: event.type, handled: false };
      const id = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));
      await setProfessionalPlan(clientId, { userId: null, source: `stripe ${event.id}`, customerId: id(session.customer), subscriptionId: id(session.subscription) });
      // Users may have come or gone between the checkout and its payment. If Stripe refuses the
      // quantity, the webhook fails and Stripe sends the event again (setting the plan twice is harmless).
      await syncSeats(clientId, { userId: null, source: `stripe ${event.id}` });
      return { received: true, type: event.type, handled: true };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const em = db();
      const client = await em.findOne(Client, { paymentSubscriptionId: subscription.id });
      if (!client) return { received: true, type: event.type, handled: false };
      const ended = event.type === "customer.subscription.deleted" || subscription.status === "canceled";
      const before = { subscriptionPlan: client.subscriptionPlan, subscriptionStatus: client.subscriptionStatus };
      client.subscriptionStatus = ended ? "canceled" : (STATUS[subscription.status] ?? "unpaid");
      if (ended) {
        client.subscriptionPlan = "free";
        client.subscriptionEndDate = new Date();
      }
      recordAudit({
        userId: null,
        action: "subscription.updated",
        entityType: "Client",
        entityId: client.id,
        clientId: client.id,
        before,
        after: { subscriptionPlan: client.subscriptionPlan, subscriptionStatus: client.subscriptionStatus, source: `stripe ${event.id}` },
      });
      await em.flush();
      return { received: true, type: event.type, handled: true };
    }
    default:
      return { received: true, type: event.type, handled: false };
  }
}
