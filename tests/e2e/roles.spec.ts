import { SEEDED_ACCOUNTS } from "../../db/seeders/seeded-accounts";
import { JS_MODES, expect, signIn, test } from "./support";

/** What each role must see in the navigation bar (docs/access.md#navigation), written out by hand. */
const EXPECTED: Record<string, { label: string; admin: string[] }> = {
  system_admin: { label: "System Administrator", admin: ["User Management", "Database Management", "Project Migration", "Subscription", "Mail Delivery"] },
  client_owner: { label: "Client Owner", admin: ["User Management", "Database Management", "Subscription"] },
  director: { label: "Director", admin: ["User Management", "Database Management"] },
  project_manager: { label: "Project Manager", admin: ["User Management", "Database Management"] },
  officer: { label: "Officer", admin: [] },
  viewer: { label: "Viewer", admin: [] },
};

test.describe("every seeded role signs in with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  for (const who of SEEDED_ACCOUNTS) {
    test(`${who.role} (${who.login}) sees the menus of the role`, async ({ page, expectAccessible }) => {
      await signIn(page, who);
      const nav = page.getByRole("navigation", { name: "Main" });
      const expected = EXPECTED[who.role];
      await expect(page.getByText(expected.label, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(`${who.firstName} ${who.lastName}`).first()).toBeVisible();
      await expect(page.getByText("SSO Active")).toBeVisible();
      for (const link of ["Dashboard", "Stakeholders", "Properties", "Map", "Commitments", "Grievances", "Documents", "Reports"]) {
        await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
      }
      // <details> menus open without JavaScript.
      await nav.getByText("Tools", { exact: true }).click();
      for (const link of ["Templates", "Property Groups", "Documentation"]) {
        await expect(nav.getByRole("link", { name: link })).toBeVisible();
      }
      if (expected.admin.length) {
        await nav.getByText("Admin", { exact: true }).click();
        const adminLinks = nav.locator("details:has(> summary:text-is('Admin')) a");
        await expect(adminLinks).toHaveText(expected.admin.map((name) => new RegExp(`^${name}`)));
      } else {
        await expect(nav.getByText("Admin", { exact: true })).toHaveCount(0);
      }
      await expectAccessible(page);
    });
  }
});

for (const mode of JS_MODES) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("logging out ends the session, then the bundled provider's session", async ({ page, expectAccessible }) => {
      const who = SEEDED_ACCOUNTS.find((a) => a.role === "director")!;
      await signIn(page, who);
      await page.getByRole("button", { name: "Log out" }).click();
      // The app's session is over; the provider asks to end its own with a plain form.
      await expect(page.getByRole("heading", { level: 1, name: "Sign out of the evaluation sign-in" })).toBeVisible();
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
      await expectAccessible(page);
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page.getByRole("link", { name: "Sign In with SSO" })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/");
    });

    test("GET /api/logout only shows a page with a Sign out button", async ({ page, expectAccessible }) => {
      const who = SEEDED_ACCOUNTS.find((a) => a.role === "viewer")!;
      await signIn(page, who);
      await page.goto("/api/logout");
      await expect(page.getByRole("heading", { level: 1, name: "Sign out" })).toBeVisible();
      // Still signed in: a link or an image pointing here signs nobody out.
      expect((await page.request.get("/api/auth/user")).status()).toBe(200);
      await expectAccessible(page);
      await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Sign out of the evaluation sign-in" })).toBeVisible();
      expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    });
  });
}
