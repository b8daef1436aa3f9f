import type { Page } from "@playwright/test";
import { JS_MODES, expect, signedIn, test } from "./support";

const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";
const unique = () => Math.random().toString(36).slice(2, 8);
const flash = (page: Page) => page.getByRole("status");

for (const mode of JS_MODES) {
  test.describe(`grievances, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an officer records a grievance, acknowledges it, is refused closing without the outcome, then closes it", async ({ browser, page, expectAccessible }) => {
      test.setTimeout(120_000);
      const name = `Jo ${unique()} Walker`;
      await signedIn(browser, page, "officer", WESTERN);
      await page.goto("/grievances");
      await expect(page.getByRole("heading", { level: 1, name: "Grievances" })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole("link", { name: "Record a grievance" }).click();
      await expect(page.getByRole("heading", { name: "Record a grievance" })).toBeVisible();
      const form = page.getByRole("region", { name: "Record a grievance" });
      await expectAccessible(page);

      // Form errors: the summary, the inline messages and the page title.
      await form.getByLabel("Someone who is not a stakeholder").check();
      await form.getByRole("button", { name: "Record grievance" }).click();
      await expect(page).toHaveTitle(/^Error: /);
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary.getByRole("link", { name: "Describe the grievance" })).toBeVisible();
      await expect(page.locator("#field-category-error")).toHaveText("Error: Select a category");
      await expectAccessible(page);

      // The kind chosen and what was typed stay; the missing name is named next.
      await expect(form.getByLabel("Someone who is not a stakeholder")).toBeChecked();
      await form.getByLabel("How it was received").selectOption("phone");
      await form.getByLabel("Category").selectOption("gates_fences");
      await form.getByLabel("Severity").selectOption("high");
      await form.getByLabel("Description").fill("The gate on the northern paddock was left open.");
      await form.getByRole("button", { name: "Record grievance" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" }).getByRole("link", { name: "Enter the complainant's name" })).toBeVisible();
      await expect(form.getByLabel("Description")).toHaveValue("The gate on the northern paddock was left open.");
      await form.getByLabel("Name", { exact: true }).fill(name);
      await form.getByRole("button", { name: "Record grievance" }).click();
      await expect(flash(page)).toContainText(/Grievance G-\d{4} recorded\./);
      await expect(page.getByRole("heading", { level: 1, name: /^Grievance G-\d{4}$/ })).toBeVisible();
      const details = page.getByRole("region", { name: "Details" });
      await expect(details).toContainText(name);
      await expect(details).toContainText("Gates and fences");
      await expectAccessible(page);

      await page.getByRole("button", { name: "Acknowledged", exact: true }).click();
      await expect(flash(page)).toContainText("moved to Acknowledged.");
      await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Stage changed from Received to Acknowledged");

      // Closing without the outcome: refused, each missing field named, nothing changed.
      await page.getByRole("button", { name: "Close grievance" }).click();
      await expect(page).toHaveTitle(/^Error: /);
      const closeSummary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(closeSummary.getByRole("link", { name: "Select the resolution" })).toBeVisible();
      await expect(closeSummary.getByRole("link", { name: "Select whether the complainant accepted the outcome" })).toBeVisible();
      await expectAccessible(page);
      await page.goto(page.url());
      await expect(page.getByRole("region", { name: "Details" })).toContainText("Acknowledged");

      await page.getByLabel("Resolution").selectOption("upheld");
      await page.getByLabel("What was done").fill("Gate rehung and padlocked");
      await page.getByLabel("Date the complainant was told").fill("2026-11-25");
      await page.getByLabel("How they were told").fill("Phone call");
      await page.getByRole("radio", { name: "Yes" }).check();
      await page.getByRole("button", { name: "Close grievance" }).click();
      await expect(flash(page)).toContainText("closed.");
      await expect(page.getByRole("region", { name: "Details" })).toContainText("Gate rehung and padlocked");
      await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();
      await expectAccessible(page);

      // The list finds it by the complainant's name.
      await page.goto("/grievances");
      await page.getByLabel("Search grievances").fill(name);
      await page.getByRole("button", { name: "Apply" }).click();
      const table = page.getByRole("table", { name: "Grievances of the current project" });
      await expect(table.getByRole("row").filter({ hasText: name })).toContainText("Closed");
      await expectAccessible(page);
    });
  });
}
