import { JS_MODES, expect, signedIn, test } from "./support";

const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";

/** The grievance figures page (docs/records.md#grievance-figures) as a viewer, JavaScript off and on. */
for (const mode of JS_MODES) {
  test.describe(`grievance figures, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a viewer opens the figures from the list, is told about a bad period, then reads a period's tables and downloads the sheet", async ({ browser, page, expectAccessible }) => {
      test.setTimeout(90_000);
      await signedIn(browser, page, "viewer", WESTERN);
      await page.goto("/grievances");
      await page.getByRole("link", { name: "Grievance figures" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Grievance figures" })).toBeVisible();
      await expect(page.getByRole("table", { name: /^Grievances received from / })).toBeVisible();
      await expectAccessible(page);

      // An end before the start: the summary and the field say so.
      await page.getByLabel("From").fill("2026-10-16");
      await page.getByLabel("To").fill("2026-10-01");
      await page.getByRole("button", { name: "Show figures" }).click();
      await expect(page).toHaveTitle(/^Error: Grievance figures/);
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary.getByRole("link", { name: "The end date must be on or after the start date" })).toBeVisible();
      await expect(page.locator("#field-to-error")).toHaveText("Error: The end date must be on or after the start date");
      await expectAccessible(page);

      await page.getByLabel("To").fill("2026-11-20");
      await page.getByRole("button", { name: "Show figures" }).click();
      await expect(page).toHaveURL(/from=2026-10-16&to=2026-11-20/);
      await expect(page).toHaveTitle(/^Grievance figures/);
      await expect(page.getByRole("table", { name: /^Grievances received from 2026-10-16 to 2026-11-20/ })).toBeVisible();
      await expect(page.getByRole("table", { name: "Open now by category, of the grievances received in the period" })).toContainText("Total open");
      await expect(page.getByRole("table", { name: "Open now by age in business days, of the grievances received in the period" })).toContainText("Over 30 business days");
      await expect(page.getByRole("heading", { name: "How these figures are counted" })).toBeVisible();
      await expectAccessible(page);

      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download as Excel" }).click();
      expect((await download).suggestedFilename()).toBe("grievance_figures_2026-10-16_to_2026-11-20.xlsx");
      await expect(page.getByRole("heading", { level: 1, name: "Grievance figures" })).toBeVisible();
    });
  });
}
