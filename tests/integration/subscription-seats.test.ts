import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { loader as pageLoader, action as pageAction } from "../../app/routes/subscription";
import { action as grantAction } from "../../app/routes/api.client.grant-free-month.$id";
import { action as checkoutAction } from "../../app/routes/api.create-subscription";
import { action as webhookAction } from "../../app/routes/api.stripe.webhook";
import { createSignedInSession } from "../../app/modules/auth/session.server";
import { setStripeClient } from "../../app/modules/billing/payment-provider.server";
import { resetEnvCache } from "../../app/utils/env.server";
import { Client, User } from "../../db/entities/index";
import { db, getOrm, withRequestContext } from "../../db/orm";
import { call, formRequest, jsonRequest, useUploadTestEnvironment } from "./support/uploads";

/**
 * Seats on /subscription (docs/administration.md#seats) with known users: the count (active users of
 * the client beyond the two included), the monthly amount, offline mode's plain sentence, the
 * quantity sent to Stripe at checkout, when the checkout completes and by Update billed seats; and
 * Grant Free Month refused for a client already on Professional, as the spec's flash.
 */
const env = useUploadTestEnvironment("seats");
const BASE = "http://localhost:3000";

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;
const cookies: Record<string, string> = {};
const get = (cookie: string) => new Request(`${BASE}/subscription`, { headers: { Cookie: cookie } });
const page = async (cookie: string) => {
  const response = await call(() => pageLoader({ request: get(cookie), params: {}, context: {} }));
  expect(response.status).toBe(200);
  return response.json();
};
const post = (cookie: string, fields: Record<string, string>) => call(() => pageAction({ request: formRequest(`${BASE}/subscription`, cookie, fields), params: {}, context: {} }));
/** The flash the last redirect left in the session, removed so the next one is read alone. */
const takeFlash = async () => {
  const [row] = await sql<{ sess: { __flash_flash__?: { kind: string; title: string; description?: string } } }>(`select sess from session where sess->'__flash_flash__' is not null`);
  await sql(`update session set sess = sess - '__flash_flash__'`);
  return row?.sess.__flash_flash__;
};

let seatsClientId = 0;
/** Seats Pty Ltd: on Professional (applied offline), its owner and four more active users, one deactivated, one deleted, and a system admin. */
beforeAll(async () => {
  await withRequestContext(async () => {
    const em = db();
    const client = em.create(Client, {
      name: "Seats Pty Ltd",
      subscriptionPlan: "professional",
      subscriptionStatus: "active",
      maxProjects: 1,
      maxUsersPerProject: 3,
      maxStorageMB: 100,
      isActive: true,
      settings: {},
    } as never);
    await em.flush();
    seatsClientId = client.id;
    const user = (id: string, systemRole: string, extra: Record<string, unknown> = {}) =>
      em.create(User, { id, email: `${id}@seats.example`, firstName: id, lastName: "Seats", client: client.id, systemRole, ...extra } as never);
    user("seats-owner", "client_owner");
    for (const n of [1, 2, 3, 4]) user(`seats-officer-${n}`, "officer");
    user("seats-inactive", "viewer", { isActive: false });
    user("seats-deleted", "viewer", { deletedAt: new Date() });
    user("seats-admin", "system_admin");
    await em.flush();
  });
  for (const id of ["seats-owner", "seats-admin"]) {
    cookies[id] = (await withRequestContext(() => createSignedInSession(new Request(`${BASE}/`), id))).split(";")[0]!;
  }
});

describe("seats on /subscription without a payment provider", () => {
  it("counts the active users beyond the two included and says plainly that billing is not connected", async () => {
    const data = await page(cookies["seats-owner"]!);
    expect(data.subscription.subscriptionPlan).toBe("professional");
    expect(data.seats).toMatchObject({ activeUsers: 5, includedSeats: 2, billableSeats: 3, seatMonthlyUSD: 25, monthlyAmountUSD: 274, billingConnected: false, billed: null });
    expect(data.seats.text).toBe("Billing is not connected; 3 additional seats would be billed at $25 a month each ($274 a month in all).");
  });

  it("follows the users: a deactivated user is no longer a seat", async () => {
    await sql(`update "user" set is_active = false where id = 'seats-officer-4'`);
    const data = await page(cookies["seats-owner"]!);
    expect(data.seats).toMatchObject({ activeUsers: 4, billableSeats: 2, monthlyAmountUSD: 249 });
    await sql(`update "user" set is_active = true where id = 'seats-officer-4'`);
  });

  it("tells a Free client what Professional would cost, and its Free card says the enforced users per project", async () => {
    const data = await page(env.cookies.client_owner!);
    const [{ n }] = (await sql<{ n: number }>(`select count(*)::int as n from "user" where client_id = ? and is_active and deleted_at is null and system_role <> 'system_admin'`, [
      env.demoClientId,
    ])) as [{ n: number }];
    expect(data.seats).toMatchObject({ activeUsers: n, billableSeats: Math.max(0, n - 2), monthlyAmountUSD: 199 + 25 * Math.max(0, n - 2) });
    expect(data.seats.text).toMatch(/^With \d+ active users, Professional would be \$\d+ a month/);
    const free = data.plans.find((p: { id: string }) => p.id === "free");
    expect(free.features).toEqual(expect.arrayContaining(["1 project", "3 users per project", "100MB storage"]));
    expect(free.features).not.toContain("1 user");
  });

  it("answers Update billed seats with 'not connected' and sends nothing", async () => {
    const response = await post(cookies["seats-owner"]!, { intent: "update-seats" });
    expect(response.status).toBe(302);
    expect(await takeFlash()).toMatchObject({ kind: "info", title: "Billing is not connected" });
  });
});

describe("Grant Free Month refused", () => {
  it("shows 'Failed to grant free month: {message}' as a flash on /subscription, not the error page, and changes nothing", async () => {
    const response = await post(env.cookies.system_admin!, { intent: "grant-free-month", clientId: String(seatsClientId) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/subscription");
    expect(await takeFlash()).toEqual({
      kind: "error",
      title: "Failed to grant free month: Seats Pty Ltd is already on the Professional plan, so a free Professional month would change nothing",
      description: "",
    });
    expect(await sql(`select free_pro_expires_at from client where id = ?`, [seatsClientId])).toEqual([{ free_pro_expires_at: null }]);

    // The /api twin answers the message the page puts after "Failed to grant free month: ".
    const api = await call(() =>
      grantAction({ request: jsonRequest(`${BASE}/api/client/grant-free-month/${seatsClientId}`, env.cookies.system_admin!, "POST"), params: { id: String(seatsClientId) }, context: {} }),
    );
    expect(api.status).toBe(409);
    expect(await api.json()).toMatchObject({ message: "Seats Pty Ltd is already on the Professional plan, so a free Professional month would change nothing" });
  });
});

describe("seats billed through Stripe", () => {
  const SECRET = "whsec_test_secret_for_the_seat_tests";
  const stripe = new Stripe("sk_test_dummy");
  let server: http.Server;
  const seen: { method: string; path: string; body: string }[] = [];
  /** The stand-in's subscription: its items, as Stripe would return them. */
  const items: { id: string; price: { id: string }; quantity: number }[] = [{ id: "si_plan", price: { id: "price_test_pro" }, quantity: 1 }];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({ method: req.method!, path: req.url!, body });
        const form = new URLSearchParams(body);
        let answer: unknown;
        if (req.url === "/v1/checkout/sessions") answer = { id: "cs_test_seats", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_seats" };
        else if (req.url!.startsWith("/v1/subscriptions/")) answer = { id: "sub_seats", object: "subscription", items: { object: "list", data: items } };
        else if (req.url === "/v1/subscription_items") {
          items.push({ id: "si_seats", price: { id: form.get("price")! }, quantity: Number(form.get("quantity")) });
          answer = { id: "si_seats", object: "subscription_item" };
        } else if (req.url!.startsWith("/v1/subscription_items/")) {
          items.find((i) => req.url!.endsWith(i.id))!.quantity = Number(form.get("quantity"));
          answer = { id: "si_seats", object: "subscription_item" };
        }
        res.writeHead(answer ? 200 : 404, { "Content-Type": "application/json" });
        res.end(JSON.stringify(answer ?? { error: { message: "unknown" } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    setStripeClient(new Stripe("sk_test_dummy", { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 }));
    Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_dummy", STRIPE_PRICE_ID: "price_test_pro", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_SEAT_PRICE_ID: "price_test_seat" });
    resetEnvCache();
    // Seats Pty Ltd buys Professional through Stripe this time.
    await sql(`update client set subscription_plan = 'free' where id = ?`, [seatsClientId]);
  });
  afterAll(async () => {
    setStripeClient(null);
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_PRICE_ID", "STRIPE_WEBHOOK_SECRET", "STRIPE_SEAT_PRICE_ID"]) delete process.env[name];
    resetEnvCache();
    await new Promise((resolve) => server.close(resolve));
  });

  const webhook = (payload: string) =>
    call(() =>
      webhookAction({
        request: new Request(`${BASE}/api/stripe/webhook`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
          body: payload,
        }),
        params: {},
        context: {},
      }),
    );

  it("checks out the plan once and the billable seats as the seat price's quantity", async () => {
    const response = await call(() => checkoutAction({ request: jsonRequest(`${BASE}/api/create-subscription?plan=professional`, cookies["seats-owner"]!, "POST"), params: {}, context: {} }));
    expect(response.status).toBe(200);
    const sent = new URLSearchParams(seen.at(-1)!.body);
    expect(seen.at(-1)!.path).toBe("/v1/checkout/sessions");
    expect([sent.get("line_items[0][price]"), sent.get("line_items[0][quantity]")]).toEqual(["price_test_pro", "1"]);
    expect([sent.get("line_items[1][price]"), sent.get("line_items[1][quantity]")]).toEqual(["price_test_seat", "3"]);
  });

  it("sends the seats counted when the checkout completes, and records what was sent", async () => {
    // A user joined between the checkout and its payment: 4 seats now.
    await sql(`insert into "user" (id, email, client_id, system_role, is_active, created_at, updated_at) values ('seats-late', 'seats-late@seats.example', ?, 'officer', true, now(), now())`, [
      seatsClientId,
    ]);
    const payload = JSON.stringify({
      id: "evt_seats_completed",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { id: "cs_test_seats", object: "checkout.session", client_reference_id: String(seatsClientId), customer: "cus_seats", subscription: "sub_seats" } },
    });
    const response = await webhook(payload);
    expect(response.status).toBe(200);
    expect(items.find((i) => i.price.id === "price_test_seat")).toMatchObject({ quantity: 4 });
    const data = await page(cookies["seats-owner"]!);
    expect(data.seats).toMatchObject({ activeUsers: 6, billableSeats: 4, monthlyAmountUSD: 299, billingConnected: true, billed: { quantity: 4 } });
    expect(data.seats.text).toBe("6 active users: 2 included and 4 additional seats at $25 a month each, $299 a month in all.");
    expect(await sql(`select after from audit_log where action = 'subscription.seats' and entity_id = ?`, [String(seatsClientId)])).toEqual([
      { after: { billedSeats: 4, source: "stripe evt_seats_completed" } },
    ]);
  });

  it("shows billed seats out of date after a user is deactivated, and Update billed seats sends the new quantity", async () => {
    await sql(`update "user" set is_active = false where id in ('seats-late', 'seats-officer-4')`);
    const before = await page(cookies["seats-owner"]!);
    expect(before.seats).toMatchObject({ billableSeats: 2, billed: { quantity: 4 } });

    const response = await post(cookies["seats-owner"]!, { intent: "update-seats" });
    expect(response.status).toBe(302);
    expect(await takeFlash()).toMatchObject({ kind: "success", title: "Billed seats updated", description: "2 additional seats are now billed." });
    expect(seen.at(-1)).toMatchObject({ method: "POST", path: "/v1/subscription_items/si_seats" });
    expect(items.find((i) => i.price.id === "price_test_seat")).toMatchObject({ quantity: 2 });
    expect((await page(cookies["seats-owner"]!)).seats).toMatchObject({ billableSeats: 2, billed: { quantity: 2 } });

    // Only the client owner sends seats; a system admin has no subscription of their own.
    expect((await post(cookies["seats-admin"]!, { intent: "update-seats" })).status).toBe(403);
  });
});
