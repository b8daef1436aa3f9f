import type { Page } from "@playwright/test";
import { JS_MODES, expect, signedIn, test } from "./support";

/**
 * The Subscription screen (docs/administration.md#subscription), JavaScript off and on: a system admin reaches it from the
 * Admin menu, creates a client (the blank name refused first) and grants it a free Professional
 * month; a client owner sees the plan, usage, plan cards and FAQ, asks for an upgrade (no payment
 * provider is configured here, so it is recorded), and the return from a checkout shows its banner
 * with the parameter gone; a director is refused. The seeded clients' plans are never changed: the
 * owner is New Client Pty Ltd's, and an upgrade request leaves the plan as it is.
 */
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const status = (page: Page) => page.getByRole("status");

async function openFromAdminMenu(page: Page, item: string) {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByText("Admin", { exact: true }).click();
  await nav.getByRole("link", { name: new RegExp(`^${item}`) }).click();
}

for (const mode of JS_MODES) {
  test.describe(`Subscription (${mode.name})`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a system admin creates a client organization and grants it a free month", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "system_admin", null);
      await openFromAdminMenu(page, "Subscription");
      await expect(page).toHaveURL(/\/subscription$/);
      await expect(page.getByRole("heading", { level: 1, name: "System Administration" })).toBeVisible();
      await expect(page.getByRole("article", { name: "Demo Land Consultancy" })).toBeVisible();
      await expectAccessible();

      await page.getByRole("button", { name: "Create Client" }).click();
      await expect(page.getByRole("heading", { name: "There is a problem" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Please enter an organization name" })).toBeVisible();
      await expect(page).toHaveTitle(/^Error: /);
      await expectAccessible();

      const name = `Aardvark Survey ${unique()}`;
      await page.getByLabel("Organization Name").fill(name);
      await page.getByRole("button", { name: "Create Client" }).click();
      await expect(status(page)).toContainText(`Client organization "${name}" created successfully!`);
      const card = page.getByRole("article", { name });
      await expect(card).toContainText("Free");
      await expectAccessible();

      await card.getByRole("button", { name: "Grant Free Month" }).click();
      await expect(status(page)).toContainText(new RegExp(`Free Professional month granted to ${name}! Expires: \\d{1,2} [A-Z][a-z]{2} \\d{4}`));
      await expect(page.getByRole("article", { name }).getByText(/^Free Pro until /)).toBeVisible();
      await expectAccessible();
    });

    test("a client owner sees the plan, usage and plan cards, asks for an upgrade, and sees the checkout banners", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "client_owner", null, "fresh");
      await openFromAdminMenu(page, "Subscription");
      await expect(page.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Current Plan: Free" })).toBeVisible();
      const current = page.getByRole("region", { name: "Current Plan: Free" });
      await expect(current).toContainText("Projects Used0 / 1");
      await expect(current).toContainText("Storage Used0 MB / 100 MB");
      // Seats: the fresh client's one active user, and what Professional would cost (docs/administration.md#seats).
      const seats = page.getByRole("region", { name: "Seats" });
      await expect(seats).toContainText("Active users1");
      await expect(seats).toContainText("With 1 active user, Professional would be $199 a month");
      const free = page.getByRole("article", { name: "Free" });
      await expect(free).toContainText("3 users per project");
      await expect(free.getByRole("button", { name: "Current Plan" })).toBeDisabled();
      const pro = page.getByRole("article", { name: "Professional" });
      await expect(pro.getByText("MOST POPULAR")).toBeVisible();
      await expect(pro).toContainText("$199");
      await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();
      await expectAccessible();

      await pro.getByRole("button", { name: /^Upgrade/ }).click();
      await expect(status(page)).toContainText("Upgrade requested");
      await expect(page.getByRole("region", { name: "Current Plan: Free" })).toContainText("a system administrator will apply it");
      await expect(page.getByRole("heading", { name: "Current Plan: Free" })).toBeVisible();
      await expectAccessible();

      await page.goto("/subscription?success=true");
      await expect(page).toHaveURL(/\/subscription$/);
      await expect(status(page)).toContainText("Payment successful");
      await expectAccessible();
      await page.goto("/subscription?canceled=true");
      await expect(page).toHaveURL(/\/subscription$/);
      await expect(status(page)).toContainText("Payment canceled");
    });

    test("a director has no Subscription screen", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "director", null);
      await page.goto("/subscription");
      await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
      await expect(page.getByText("Access Denied - Only client owners and system administrators can manage subscriptions.")).toBeVisible();
      await expectAccessible();
    });
  });
}
