import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { loader as pageLoader, action as pageAction } from "../../app/routes/subscription";
import { loader as allLoader } from "../../app/routes/api.client.all";
import { action as createAction } from "../../app/routes/api.client.create";
import { action as grantAction } from "../../app/routes/api.client.grant-free-month.$id";
import { loader as subscriptionLoader } from "../../app/routes/api.client.subscription";
import { action as checkoutAction } from "../../app/routes/api.create-subscription";
import { action as webhookAction } from "../../app/routes/api.stripe.webhook";
import { action as switchAction } from "../../app/routes/api.auth.switch-to-system-admin";
import { setStripeClient } from "../../app/modules/billing/payment-provider.server";
import { resetEnvCache } from "../../app/utils/env.server";
import { getOrm } from "../../db/orm";
import { auditRowsEventually } from "./support/audit";
import { call, formRequest, jsonRequest, useUploadTestEnvironment } from "./support/uploads";

/**
 * Clients, plans and subscription (docs/administration.md#subscription) against a real PostgreSQL: who may open /subscription
 * and each /api call, client creation and the free month, a client owner's usage, Upgrade Now
 * without a payment provider (a request a system admin applies) and with Stripe (the checkout
 * against a local stand-in for Stripe's API, the webhook with signed and forged payloads), and
 * Switch to System Admin.
 */
const env = useUploadTestEnvironment("subscription");
const BASE = "http://localhost:3000";
const DAY = 24 * 60 * 60 * 1000;

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;
const clientRow = async (name: string) =>
  (
    await sql<{ id: number; subscription_plan: string; subscription_status: string; free_pro_expires_at: Date | null; settings: Record<string, unknown> }>(`select * from client where name = ?`, [
      name,
    ])
  )[0]!;
const get = (path: string, role: string) => new Request(`${BASE}${path}`, { headers: { Cookie: env.cookies[role]! } });
const page = (query: string, role: string) => call(() => pageLoader({ request: get(`/subscription${query}`, role), params: {}, context: {} }));
const post = (fields: Record<string, string>, role: string) => call(() => pageAction({ request: formRequest(`${BASE}/subscription`, env.cookies[role]!, fields), params: {}, context: {} }));
const createApi = (body: unknown, role: string) => call(() => createAction({ request: jsonRequest(`${BASE}/api/client/create`, env.cookies[role]!, "POST", body), params: {}, context: {} }));
const grantApi = (id: string | number, role: string) =>
  call(() => grantAction({ request: jsonRequest(`${BASE}/api/client/grant-free-month/${id}`, env.cookies[role]!, "POST"), params: { id: String(id) }, context: {} }));
const checkout = (role: string, plan = "professional") =>
  call(() => checkoutAction({ request: jsonRequest(`${BASE}/api/create-subscription?plan=${plan}`, env.cookies[role]!, "POST"), params: {}, context: {} }));

const ROLES_REFUSED = ["director", "project_manager", "officer", "viewer"];

describe("/subscription and who may use it", () => {
  it("shows a system admin the client organizations and a client owner their plan; every other role 403", async () => {
    const admin = await page("", "system_admin");
    expect(admin.status).toBe(200);
    const adminData = await admin.json();
    expect(adminData.view).toBe("admin");
    expect(adminData.clients.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(["Demo Land Consultancy", "Second Client Pty Ltd", "New Client Pty Ltd"]));

    const owner = await (await page("", "client_owner")).json();
    expect(owner.view).toBe("owner");
    expect(owner.subscription).toMatchObject({ clientName: "Demo Land Consultancy", subscriptionPlan: "free", subscriptionStatus: "active", currentProjects: 2, maxProjects: 5 });
    expect(owner.plans.map((p: { name: string; mostPopular: boolean }) => [p.name, p.mostPopular])).toEqual([
      ["Free", false],
      ["Professional", true],
    ]);
    expect(owner.faq.length).toBeGreaterThan(0);
    expect(owner.provider).toBe("offline");

    for (const role of ROLES_REFUSED) {
      const refused = await page("", role);
      expect(refused.status, role).toBe(403);
      expect((await refused.json()).message).toBe("Access Denied - Only client owners and system administrators can manage subscriptions.");
      expect((await call(() => subscriptionLoader({ request: get("/api/client/subscription", role), params: {}, context: {} }))).status).toBe(403);
      expect((await call(() => allLoader({ request: get("/api/client/all", role), params: {}, context: {} }))).status).toBe(403);
      expect((await checkout(role)).status).toBe(403);
    }
  });

  it("turns ?success=true and ?canceled=true into a flash and removes the parameter", async () => {
    for (const [query, title] of [
      ["?success=true", "Payment successful"],
      ["?canceled=true", "Payment canceled"],
    ]) {
      const response = await page(query!, "client_owner");
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/subscription");
      const [row] = await sql<{ sess: { __flash_flash__?: { title: string } } }>(`select sess from session where sess->'__flash_flash__' is not null`);
      expect(row?.sess.__flash_flash__?.title).toBe(title);
      // The session (same cookie) carries the message; the next page shows it once.
      expect(response.headers.get("Set-Cookie")!.split(";")[0]).toBe(env.cookies.client_owner);
      // The message is shown once, by the next page.
      await sql(`update session set sess = sess - '__flash_flash__'`);
    }
  });

  it("gives a client owner their usage: projects, the largest project's members, storage from the documents' sizes", async () => {
    await sql(
      `insert into document (project_id, uploaded_by_id, original_file_name, mime_type, file_size, storage_key) values (?, 'seed-client-owner', 'a.pdf', 'application/pdf', ?, 'usage-a'), (?, 'seed-client-owner', 'b.pdf', 'application/pdf', ?, 'usage-b')`,
      [env.westernId, 3 * 1024 * 1024, env.northernId, 1024 * 1024 + 512 * 1024],
    );
    const members = await sql<{ n: number }>(`select count(*)::int as n from project_membership where project_id = ? and is_active`, [env.westernId]);
    const body = await (await call(() => subscriptionLoader({ request: get("/api/client/subscription", "client_owner"), params: {}, context: {} }))).json();
    expect(body).toMatchObject({ subscriptionPlan: "free", currentProjects: 2, maxProjects: 5, currentUsers: members[0]!.n, maxUsersPerProject: 3, storageUsedMB: 4.5, maxStorageMB: 100 });
    // A system admin has no subscription of their own.
    expect((await call(() => subscriptionLoader({ request: get("/api/client/subscription", "system_admin"), params: {}, context: {} }))).status).toBe(403);
  });
});

describe("client organizations", () => {
  it("creates a client from the page and the /api, with the spec's messages; blank and duplicate names are refused", async () => {
    const blank = await post({ intent: "create-client", organizationName: "   " }, "system_admin");
    expect(blank.status).toBe(422);
    expect((await blank.json()).fieldErrors).toEqual({ organizationName: "Please enter an organization name" });

    const created = await post({ intent: "create-client", organizationName: "  Page Made Pty Ltd " }, "system_admin");
    expect(created.status).toBe(302);
    const [flash] = await sql<{ sess: { __flash_flash__: { title: string } } }>(`select sess from session where sess->'__flash_flash__' is not null`);
    expect(flash!.sess.__flash_flash__.title).toBe('Client organization "Page Made Pty Ltd" created successfully!');
    await sql(`update session set sess = sess - '__flash_flash__'`);
    expect(await clientRow("Page Made Pty Ltd")).toMatchObject({ subscription_plan: "free", subscription_status: "active" });

    const duplicate = await post({ intent: "create-client", organizationName: "page made pty ltd" }, "system_admin");
    expect(duplicate.status).toBe(409);

    const api = await createApi({ organizationName: "Api Made Pty Ltd" }, "system_admin");
    expect(api.status).toBe(201);
    const apiBody = await api.json();
    expect(apiBody.client).toMatchObject({ name: "Api Made Pty Ltd", subscriptionPlan: "free", maxProjects: 1, maxUsersPerProject: 3, maxStorageMB: 100 });
    expect(apiBody.message).toBe('Client organization "Api Made Pty Ltd" created successfully!');
    const apiBlank = await createApi({ organizationName: "" }, "system_admin");
    expect(apiBlank.status).toBe(400);
    expect((await apiBlank.json()).message).toBe("Please enter an organization name");

    const before = await sql(`select count(*)::int as n from client`);
    for (const role of ["client_owner", ...ROLES_REFUSED]) {
      expect((await createApi({ organizationName: `Sneaky ${role}` }, role)).status, role).toBe(403);
      expect((await post({ intent: "create-client", organizationName: `Sneaky ${role}` }, role)).status, role).toBe(403);
    }
    expect(await sql(`select count(*)::int as n from client`)).toEqual(before);

    const all = await call(() => allLoader({ request: get("/api/client/all?limit=2", "system_admin"), params: {}, context: {} }));
    expect(all.status).toBe(200);
    expect(await all.json()).toHaveLength(2);
    expect(Number(all.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(5);
  });

  it("grants a free Professional month: 30 days from today, then 30 more from the expiry; others 403; unknown ids 404", async () => {
    const { id } = await clientRow("Api Made Pty Ltd");
    const started = Date.now();
    const first = await grantApi(id, "system_admin");
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    const firstExpiry = new Date(firstBody.expiresAt).getTime();
    expect(firstExpiry - started).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(firstExpiry - started).toBeLessThan(30 * DAY + 60_000);
    expect(firstBody.message).toMatch(/^Free Professional month granted to Api Made Pty Ltd! Expires: \d{1,2} [A-Z][a-z]{2} \d{4}$/);

    const second = await post({ intent: "grant-free-month", clientId: String(id) }, "system_admin");
    expect(second.status).toBe(302);
    const row = await clientRow("Api Made Pty Ltd");
    expect(new Date(row.free_pro_expires_at!).getTime()).toBe(firstExpiry + 30 * DAY);
    await sql(`update session set sess = sess - '__flash_flash__'`);

    const listed = (await (await call(() => allLoader({ request: get("/api/client/all", "system_admin"), params: {}, context: {} }))).json()) as {
      id: number;
      effectivePlan: string;
      freeProActive: boolean;
    }[];
    expect(listed.find((c) => c.id === id)).toMatchObject({ effectivePlan: "professional", freeProActive: true });

    for (const role of ["client_owner", ...ROLES_REFUSED]) expect((await grantApi(id, role)).status, role).toBe(403);
    expect((await grantApi(99999999, "system_admin")).status).toBe(404);
    expect((await grantApi("abc", "system_admin")).status).toBe(404);
    expect(new Date((await clientRow("Api Made Pty Ltd")).free_pro_expires_at!).getTime()).toBe(firstExpiry + 30 * DAY);
    const audits = await sql(`select * from audit_log where action = 'client.grant_free_month' and entity_id = ?`, [String(id)]);
    expect(audits).toHaveLength(2);
  });
});

describe("Upgrade Now without a payment provider", () => {
  it("records the request, shows it to system admins, who apply it; a system admin asking gets the spec's 403", async () => {
    const admin = await checkout("system_admin");
    expect(admin.status).toBe(403);
    expect((await admin.json()).message).toBe("System administrators cannot create subscriptions. Please create a client organization first.");
    expect((await checkout("second_owner", "enterprise")).status).toBe(400);

    const requested = await checkout("second_owner");
    expect(requested.status).toBe(202);
    expect(await requested.json()).toMatchObject({ url: null, requested: true });
    const second = await clientRow("Second Client Pty Ltd");
    expect(second.subscription_plan).toBe("free");
    expect(second.settings.upgradeRequest).toMatchObject({ plan: "professional", requestedBy: "seed-second-owner" });

    const adminPage = await (await page("", "system_admin")).json();
    expect(adminPage.clients.find((c: { id: number }) => c.id === second.id).upgradeRequest).toMatchObject({ requestedByName: "Sol Second" });

    expect((await post({ intent: "apply-upgrade", clientId: String(second.id) }, "client_owner")).status).toBe(403);
    const applied = await post({ intent: "apply-upgrade", clientId: String(second.id) }, "system_admin");
    expect(applied.status).toBe(302);
    await sql(`update session set sess = sess - '__flash_flash__'`);
    const after = await clientRow("Second Client Pty Ltd");
    expect(after).toMatchObject({ subscription_plan: "professional", subscription_status: "active" });
    expect(after.settings.upgradeRequest).toBeUndefined();
    expect((await post({ intent: "apply-upgrade", clientId: String(second.id) }, "system_admin")).status).toBe(409);
    // Already paying: nothing more to buy.
    expect((await checkout("second_owner")).status).toBe(409);
    // The page's Upgrade Now: a flash, back to the page.
    const fromPage = await post({ intent: "upgrade" }, "client_owner");
    expect(fromPage.status).toBe(302);
    expect(fromPage.headers.get("Location")).toBe("/subscription");
    await sql(`update session set sess = sess - '__flash_flash__'`);
  });
});

describe("Upgrade Now with Stripe", () => {
  const SECRET = "whsec_test_secret_for_the_integration_tests";
  const stripe = new Stripe("sk_test_dummy");
  let server: http.Server;
  const seen: { path: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({ path: req.url!, body });
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ id: "cs_test_1", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_1" }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    setStripeClient(new Stripe("sk_test_dummy", { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 }));
    Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_dummy", STRIPE_PRICE_ID: "price_test_pro", STRIPE_WEBHOOK_SECRET: SECRET });
    resetEnvCache();
  });
  afterAll(async () => {
    setStripeClient(null);
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_PRICE_ID", "STRIPE_WEBHOOK_SECRET"]) delete process.env[name];
    resetEnvCache();
    await new Promise((resolve) => server.close(resolve));
  });

  const webhook = (payload: string, signature?: string) =>
    call(() =>
      webhookAction({
        request: new Request(`${BASE}/api/stripe/webhook`, { method: "POST", headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) }, body: payload }),
        params: {},
        context: {},
      }),
    );
  const event = (type: string, object: Record<string, unknown>) => JSON.stringify({ id: `evt_${type}`, object: "event", type, data: { object } });
  const signed = (payload: string, secret = SECRET) => stripe.webhooks.generateTestHeaderString({ payload, secret });

  it("sends the client owner to a Stripe Checkout session for the configured price", async () => {
    const response = await checkout("client_owner");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ url: "https://checkout.stripe.com/c/pay/cs_test_1", requested: false });
    const sent = new URLSearchParams(seen.at(-1)!.body);
    expect(seen.at(-1)!.path).toBe("/v1/checkout/sessions");
    expect(sent.get("mode")).toBe("subscription");
    expect(sent.get("line_items[0][price]")).toBe("price_test_pro");
    expect(sent.get("client_reference_id")).toBe(String(env.demoClientId));
    expect(sent.get("success_url")).toBe(`${BASE}/subscription?success=true`);
    expect(sent.get("cancel_url")).toBe(`${BASE}/subscription?canceled=true`);
    const fromPage = await post({ intent: "upgrade" }, "client_owner");
    expect(fromPage.status).toBe(302);
    expect(fromPage.headers.get("Location")).toBe("https://checkout.stripe.com/c/pay/cs_test_1");
  });

  it("sets the plan from a signed checkout.session.completed, refuses unsigned and forged events, and ends it on deletion", async () => {
    const { id } = await clientRow("Page Made Pty Ltd");
    const completed = event("checkout.session.completed", { id: "cs_test_1", object: "checkout.session", client_reference_id: String(id), customer: "cus_123", subscription: "sub_123" });

    expect((await webhook(completed)).status).toBe(400);
    expect((await webhook(completed, signed(completed, "whsec_wrong"))).status).toBe(400);
    const tampered = completed.replace(String(id), String(env.demoClientId));
    expect((await webhook(tampered, signed(completed))).status).toBe(400);
    expect((await clientRow("Page Made Pty Ltd")).subscription_plan).toBe("free");
    expect((await clientRow("Demo Land Consultancy")).subscription_plan).toBe("free");
    expect(await auditRowsEventually(`action = 'webhook.refused'`, 3)).toBe(3);

    const ok = await webhook(completed, signed(completed));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true, type: "checkout.session.completed", handled: true });
    expect(await sql(`select subscription_plan, subscription_status, payment_customer_id, payment_subscription_id from client where id = ?`, [id])).toEqual([
      { subscription_plan: "professional", subscription_status: "active", payment_customer_id: "cus_123", payment_subscription_id: "sub_123" },
    ]);

    const pastDue = event("customer.subscription.updated", { id: "sub_123", object: "subscription", status: "past_due" });
    expect((await webhook(pastDue, signed(pastDue))).status).toBe(200);
    expect((await clientRow("Page Made Pty Ltd")).subscription_status).toBe("past_due");

    const deleted = event("customer.subscription.deleted", { id: "sub_123", object: "subscription", status: "canceled" });
    expect((await webhook(deleted, signed(deleted))).status).toBe(200);
    expect(await clientRow("Page Made Pty Ltd")).toMatchObject({ subscription_plan: "free", subscription_status: "canceled" });

    const other = event("invoice.paid", { id: "in_1", object: "invoice" });
    expect(await (await webhook(other, signed(other))).json()).toMatchObject({ handled: false });
  });
});

describe("Switch to System Admin", () => {
  const sw = (role: string) => call(() => switchAction({ request: jsonRequest(`${BASE}/api/auth/switch-to-system-admin`, env.cookies[role]!, "POST"), params: {}, context: {} }));

  afterAll(() => {
    delete process.env.SYSTEM_ADMIN_EMAILS;
    resetEnvCache();
  });

  it("is refused to everyone not listed in SYSTEM_ADMIN_EMAILS, and to a listed e-mail no sign-in has verified", async () => {
    process.env.SYSTEM_ADMIN_EMAILS = "Director@Demo-Consultancy.local, someone@example.com";
    resetEnvCache();
    for (const role of ["client_owner", "officer", "viewer"]) expect((await sw(role)).status, role).toBe(403);
    await sql(`update "user" set auth_subject = null where id = 'seed-director'`);
    const unverified = await sw("director");
    expect(unverified.status).toBe(403);
    expect((await unverified.json()).message).toBe("You are not allowed to switch to system admin.");
    expect(await sql(`select system_role from "user" where id = 'seed-director'`)).toEqual([{ system_role: "director" }]);
    expect(await auditRowsEventually(`action = 'access.refused' and entity_type = 'User'`, 4)).toBeGreaterThanOrEqual(4);
  });

  it("makes a listed user whose e-mail a sign-in verified a system admin, audited", async () => {
    await sql(`update "user" set auth_subject = 'http://localhost/oidc|seed-director' where id = 'seed-director'`);
    const response = await sw("director");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "You are now a system administrator" });
    expect(await sql(`select system_role from "user" where id = 'seed-director'`)).toEqual([{ system_role: "system_admin" }]);
    expect(await sql(`select before, after from audit_log where action = 'auth.switch_to_system_admin'`)).toEqual([{ before: { systemRole: "director" }, after: { systemRole: "system_admin" } }]);
    // Now a system admin: the Subscription page shows System Administration.
    expect((await (await page("", "director")).json()).view).toBe("admin");
  });

  it("works from the navigation bar's form (a POST to /subscription) for any listed role, and refuses the rest", async () => {
    process.env.SYSTEM_ADMIN_EMAILS = "viewer@demo-consultancy.local";
    resetEnvCache();
    expect((await post({ intent: "switch-to-system-admin" }, "officer")).status).toBe(403);
    await sql(`update "user" set auth_subject = 'http://localhost/oidc|seed-viewer' where id = 'seed-viewer'`);
    const switched = await post({ intent: "switch-to-system-admin" }, "viewer");
    expect(switched.status).toBe(302);
    expect(switched.headers.get("Location")).toBe("/subscription");
    expect(await sql(`select system_role from "user" where id = 'seed-viewer'`)).toEqual([{ system_role: "system_admin" }]);
    expect(await sql(`select system_role from "user" where id = 'seed-officer'`)).toEqual([{ system_role: "officer" }]);
  });
});
