import { JS_MODES, expect, signedIn, test } from "./support";

const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";
const unique = () => Math.random().toString(36).slice(2, 8);

for (const mode of JS_MODES) {
  test.describe(`commitments, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an officer records a promise, is refused fulfilling it without evidence, fulfils it and prints the letter", async ({ browser, page, expectAccessible }) => {
      test.setTimeout(90_000);
      const promise = `Fix the fence before lambing ${unique()}`;
      await signedIn(browser, page, "officer", WESTERN);
      await page.goto("/commitments");
      await expect(page.getByRole("heading", { level: 1, name: "Commitments" })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole("link", { name: "Add Commitment" }).click();
      await expect(page.getByRole("heading", { name: "Add Commitment" })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("textbox", { name: "What was promised" }).fill(promise);
      await page.locator("#field-promisedOn").fill("2026-03-03");
      await page.getByLabel("Due date").fill("2026-04-30");
      // Find sends the form by GET: what was typed comes back with the matches.
      await page.getByLabel("Find stakeholders and properties").fill("Margaret");
      await page.getByRole("button", { name: "Find", exact: true }).click();
      await expect(page.getByRole("textbox", { name: "What was promised" })).toHaveValue(promise);
      await page.getByRole("checkbox", { name: "Margaret Ellis" }).check();
      await page.getByRole("button", { name: "Add Commitment" }).click();

      const details = page.locator("#commitment-details");
      await expect(page.getByRole("heading", { name: `Commitment: ${promise}` })).toBeVisible();
      await expect(details.getByText("Margaret Ellis")).toBeVisible();
      await expectAccessible(page);

      // No evidence: refused, with the error summary and the inline message.
      await page.getByRole("button", { name: "Mark fulfilled" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary.getByRole("link", { name: "Describe how the commitment was fulfilled" })).toBeVisible();
      await expect(page.locator("#field-evidenceNote-error")).toHaveText("Error: Describe how the commitment was fulfilled");
      await expectAccessible(page);

      await page.getByLabel("How it was fulfilled").fill("New fence photographed with the landholder");
      await page.getByLabel("Fulfilled on").fill("2026-04-20");
      await page.getByRole("button", { name: "Mark fulfilled" }).click();
      await expect(page.getByRole("status")).toContainText("Commitment fulfilled.");
      await expect(page.locator("#commitment-details").getByText("New fence photographed with the landholder")).toBeVisible();

      await page.locator("#commitment-details").getByRole("link", { name: "What we promised you" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "What we promised you" })).toBeVisible();
      await expect(page.getByText(`${promise}, by 30 April 2026. Done on 20 April 2026.`)).toBeVisible();
      await expectAccessible(page);
    });
  });
}
