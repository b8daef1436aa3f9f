import { JS_MODES, account, expect, test } from "./support";

for (const mode of JS_MODES) {
  test.describe(`signed out, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("the landing page offers SSO sign-in and lists the four features", async ({ page, expectAccessible }) => {
      await page.goto("/");
      await expect(page).toHaveTitle(/Sign in/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Landholder Liaison Records System");
      await expect(page.getByRole("link", { name: "Sign In with SSO" })).toHaveAttribute("href", "/api/login");
      for (const feature of ["Enterprise SSO", "Stakeholder Tracking", "Property Management", "Engagement History"]) {
        await expect(page.getByRole("heading", { name: feature })).toBeVisible();
      }
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      await expectAccessible(page);
    });

    test("an unknown path is a 404 Page Not Found", async ({ page, expectAccessible }) => {
      const response = await page.goto("/no/such/page");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
      await expect(page).toHaveTitle(/404 Page Not Found/);
      await expectAccessible(page);
    });

    test("the local sign-in page is labelled for evaluation and reports a wrong password", async ({ page, expectAccessible }) => {
      await page.goto("/");
      await page.getByRole("link", { name: "Sign In with SSO" }).click();
      await expect(page.getByRole("heading", { name: "Local evaluation sign-in" })).toBeVisible();
      await expect(page.getByText("For evaluation only.")).toBeVisible();
      await expectAccessible(page);

      await page.getByLabel("Email").fill(account("officer").login);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveTitle(/^Error: /);
      // GOV.UK pattern: the focused container is not itself the alert; the alert is inside it.
      const alert = page.getByRole("alert");
      await expect(alert.getByRole("heading", { name: "There is a problem" })).toBeVisible();
      await expect(page.locator(".error-summary")).toBeFocused();
      await expect(page.locator(".error-summary")).not.toHaveAttribute("role", "alert");
      await expect(page.getByLabel("Email")).toHaveValue(account("officer").login);
      await expectAccessible(page);
    });
  });
}

test("a page behind sign-in returns to it after signing in", async ({ page }) => {
  await page.goto("/no-such-screen-yet");
  // Unknown paths are 404 for everyone; a real protected path is the dashboard itself.
  await page.goto("/?redirectTo=%2Fapi%2Fauth%2Fuser");
  await expect(page.getByRole("link", { name: "Sign In with SSO" })).toHaveAttribute("href", "/api/login?redirectTo=%2Fapi%2Fauth%2Fuser");
});
