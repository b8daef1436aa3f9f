import { JS_MODES, account, expect, signIn, signedIn, test } from "./support";
import { WESTERN_OPTION, createStakeholderViaApi, selectWestern } from "./stakeholders.support";

/**
 * The Import Process Debug Tool (docs/import.md#debug-tool), JavaScript off and on: the project-required
 * state, the counts and the 80 % threshold, a sample of the project's stakeholders, a typed probe
 * through the GET form with a planted near-duplicate, the "No likely duplicates" state, and the 403
 * for a viewer, with an axe scan of each.
 */
for (const mode of JS_MODES) {
  test.describe(`import debug tool, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an officer runs the real matcher on a sample and on a typed stakeholder", async ({ page, expectAccessible }) => {
      const suffix = Math.random().toString(36).slice(2, 8);
      await signIn(page, account("officer"));

      await page.goto("/import-debug");
      await expect(page.getByRole("heading", { level: 1, name: "Import Process Debug Tool" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Project Required" })).toBeVisible();
      await expectAccessible(page);

      await selectWestern(page);
      const email = `quillby.${suffix}@example.com`;
      const jon = await createStakeholderViaApi(page, { name: `Jon Quillby${suffix}`, email, memberType: "Individual" });
      await createStakeholderViaApi(page, { name: `John Quillby${suffix}`, email: email.toUpperCase(), phone: "0412 555 019", memberType: "Individual" });

      await page.goto("/import-debug");
      await expect(page.locator(".project-banner")).toContainText("Western Pipeline Stage 2");
      const stats = page.getByRole("main").locator("dl.stats");
      await expect(stats).toContainText(/Stakeholders\s*[\d,]+/);
      await expect(stats).toContainText(/Properties\s*[\d,]+/);
      await expect(page.getByText("80 % name similarity")).toBeVisible();
      const sample = page.getByRole("heading", { name: "Matches for a sample of the project's stakeholders" });
      await expect(sample).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Samples" })).toContainText(/Stakeholders 1–\d+ of [\d,]+, by name/);
      await expect(page.getByRole("heading", { level: 3 }).first()).toBeVisible();
      await expectAccessible(page);

      // A typed name: both planted people come back, the exact name at 100 %, the near one by its similarity.
      await page.getByLabel("Name", { exact: true }).fill(`Jon Quillby${suffix}`);
      await page.getByRole("button", { name: "Run matcher" }).click();
      await expect(page).toHaveURL(new RegExp(`name=Jon\\+Quillby${suffix}`));
      await expect(page.getByRole("heading", { name: "Matches for the typed stakeholder" })).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`Jon Quillby${suffix}`);
      const results = page.getByRole("main");
      await expect(page.getByRole("heading", { level: 3, name: `Jon Quillby${suffix}` })).toBeVisible();
      await expect(
        page
          .getByRole("list", { name: `Blocking keys of Jon Quillby${suffix}` })
          .getByRole("listitem")
          .filter({ hasText: /^n:/ })
          .first(),
      ).toBeVisible();
      const exact = results.getByRole("row").filter({ has: page.getByRole("link", { name: `Jon Quillby${suffix}` }) });
      await expect(exact).toContainText("100 %");
      await expect(exact).toContainText("same name");
      const near = results.getByRole("row").filter({ has: page.getByRole("link", { name: `John Quillby${suffix}` }) });
      await expect(near).toContainText(/name \d+ % similar/);
      await expect(near).toContainText(/0412\s?555\s?019/);
      await expect(near.getByRole("link")).toHaveAttribute("href", new RegExp(`highlight=\\d+`));
      await expectAccessible(page);

      // The same e-mail typed in any case: "same e-mail" at 100 %.
      await page.getByLabel("Name", { exact: true }).fill("");
      await page.getByLabel("E-mail", { exact: true }).fill(email.toUpperCase());
      await page.getByRole("button", { name: "Run matcher" }).click();
      await expect(page).toHaveURL(/email=QUILLBY/);
      await expect(page.getByRole("row").filter({ hasText: "same e-mail" })).toHaveCount(2);
      await expect(page.getByRole("link", { name: `Jon Quillby${suffix}` })).toHaveAttribute("href", `/stakeholders?highlight=${jon}`);

      // Someone the project does not hold.
      await page.getByLabel("E-mail", { exact: true }).fill("");
      await page.getByLabel("Name", { exact: true }).fill(`Zebedee Nobodyhere${suffix}`);
      await page.getByLabel("Phone", { exact: true }).fill("123");
      await page.getByRole("button", { name: "Run matcher" }).click();
      await expect(page.getByText("No likely duplicates")).toBeVisible();
      await expect(page.getByText("The phone has fewer than 8 digits, so no one is compared by phone.")).toBeVisible();
      await expectAccessible(page);

      // Clear returns to the sample; the next sample pages on.
      await page.getByRole("link", { name: "Clear and sample the project" }).click();
      await expect(sample).toBeVisible();
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
      const next = page.getByRole("link", { name: "Next sample" });
      if ((await next.count()) > 0) {
        await next.click();
        await expect(page).toHaveURL(/sample=10/);
        await expect(page.getByRole("navigation", { name: "Samples" })).toContainText(/Stakeholders 11–/);
        await expectAccessible(page);
      }
    });

    test("a viewer gets the 403 page", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "viewer", WESTERN_OPTION);
      const response = await page.goto("/import-debug");
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
