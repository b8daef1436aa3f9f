import { JS_MODES, expect, signedIn, test } from "./support";

const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";

/** /reports and the dashboard's small charts (docs/records.md#reports), as a viewer, JavaScript off and on. */
for (const mode of JS_MODES) {
  test.describe(`reports, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a viewer sees the dashboard's charts, opens the reports, is told about a bad range, then reads a range's charts", async ({ browser, page, expectAccessible }) => {
      test.setTimeout(90_000);
      await signedIn(browser, page, "viewer", WESTERN);
      await page.goto("/");
      const glance = page.getByRole("region", { name: "At a glance" });
      await expect(glance.getByRole("img", { name: /^Engagements, last 8 weeks/ })).toBeVisible();
      await expect(glance.getByRole("img", { name: /^Agreement status/ })).toBeVisible();
      await expect(glance.getByRole("img", { name: /^Overdue items/ })).toBeVisible();
      await expectAccessible(page);

      await glance.getByRole("link", { name: "See all reports" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
      await expect(page.getByRole("img", { name: /^Engagements per week by type/ })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Reports" })).toHaveAttribute("aria-current", "page");
      await expectAccessible(page);

      await page.getByRole("textbox", { name: "From" }).fill("2026-05-31");
      await page.getByRole("textbox", { name: "To" }).fill("2026-05-01");
      await page.getByRole("button", { name: "Show reports" }).click();
      await expect(page).toHaveTitle(/^Error: Reports/);
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary.getByRole("link", { name: "The end date must be on or after the start date" })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole("textbox", { name: "From" }).fill("2026-01-01");
      await page.getByRole("textbox", { name: "To" }).fill("2026-03-31");
      await page.getByRole("button", { name: "Show reports" }).click();
      await expect(page).toHaveURL(/from=2026-01-01&to=2026-03-31/);
      await expect(page).toHaveTitle(/^Reports/);
      const chart = page.getByRole("figure", { name: "Land access agreements by status today" });
      await chart.getByText("Data table: Land access agreements by status today").click();
      await expect(chart.getByRole("table")).toContainText("Expiring within 30 days");
      await expectAccessible(page);
    });

    test("an officer is told which line of the monthly schedule is not an address, at the field and in the summary", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "officer", WESTERN);
      await page.goto("/reports");
      await expect(page.getByRole("button", { name: "Make report pack" })).toBeVisible();
      const schedule = page.getByRole("form", { name: "Monthly report pack" });
      await schedule.getByRole("checkbox", { name: /Send the previous month's pack/ }).check();
      await schedule.getByRole("textbox", { name: "Send to" }).fill("director@client.example\nnot an address");
      await schedule.getByRole("button", { name: "Save schedule" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary.getByRole("link", { name: '"not an address" is not an e-mail address' })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Send to" })).toHaveValue("director@client.example\nnot an address");
      await expect(page).toHaveTitle(/^Error: Reports/);
      await expectAccessible(page);
    });
  });
}
