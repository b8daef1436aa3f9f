import { JS_MODES, expect, signedIn, test } from "./support";

const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";
const unique = () => Math.random().toString(36).slice(2, 8);

for (const mode of JS_MODES) {
  test.describe(`grievance links, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("the commitment form's Find keeps the list's filters, and Enter in a text box saves", async ({ browser, page, expectAccessible }) => {
      test.setTimeout(90_000);
      const promise = `Grade the track ${unique()}`;
      await signedIn(browser, page, "officer", WESTERN);
      await page.goto("/commitments?status=all&due=any");
      await page.getByRole("link", { name: "Add Commitment" }).click();
      await expect(page.getByRole("heading", { name: "Add Commitment" })).toBeVisible();
      await page.getByRole("textbox", { name: "What was promised" }).fill(promise);
      await page.getByLabel("Find stakeholders and properties").fill("Margaret");
      await page.getByRole("button", { name: "Find", exact: true }).click();
      await expect(page.getByRole("checkbox", { name: "Margaret Ellis" })).toBeVisible();
      // The list behind the panel still shows every status.
      expect(new URL(page.url()).searchParams.get("status")).toBe("all");
      await expect(page.locator("#commitment-status")).toHaveValue("all");
      await expectAccessible(page);

      await page.getByRole("checkbox", { name: "Margaret Ellis" }).check();
      // Enter in the search box saves the form (the hidden first submit button), it does not Find again.
      await page.getByLabel("Find stakeholders and properties").fill("Nobody at all");
      await page.getByLabel("Find stakeholders and properties").press("Enter");
      await expect(page.getByRole("status")).toContainText("Commitment added.");
      await expect(page.getByRole("heading", { name: `Commitment: ${promise}` })).toBeVisible();
      expect(new URL(page.url()).searchParams.get("status")).toBe("all");
    });

    test("a commitment made from a grievance is linked both ways; the attach search works", async ({ browser, page, expectAccessible }) => {
      test.setTimeout(120_000);
      const promise = `Close the gate daily ${unique()}`;
      await signedIn(browser, page, "officer", WESTERN);
      await page.goto("/grievances");
      await page.getByRole("link", { name: "Record a grievance" }).click();
      const form = page.getByRole("region", { name: "Record a grievance" });
      await form.getByLabel("Someone who is not a stakeholder").check();
      await form.getByLabel("Name", { exact: true }).fill(`Sam ${unique()}`);
      await form.getByLabel("How it was received").selectOption("phone");
      await form.getByLabel("Category").selectOption("gates_fences");
      await form.getByLabel("Severity").selectOption("medium");
      await form.getByLabel("Description").fill("The gate was left open again.");
      await form.getByRole("button", { name: "Record grievance" }).click();
      const heading = page.getByRole("heading", { level: 1, name: /^Grievance G-\d{4}$/ });
      await expect(heading).toBeVisible();
      const reference = (await heading.textContent())!.replace("Grievance ", "");
      const grievanceUrl = new URL(page.url()).pathname;

      const links = page.getByRole("region", { name: "Commitments, engagements and documents" });
      await expect(links.getByText("No commitments made from this grievance.")).toBeVisible();
      // Search-then-pick: a search with no match says so.
      await links.getByLabel("Find an engagement to attach").fill(`nothing ${unique()}`);
      await links.getByRole("button", { name: "Find" }).first().click();
      await expect(page.getByRole("region", { name: "Commitments, engagements and documents" }).getByText("No engagements match.")).toBeVisible();
      await expectAccessible(page);

      await page.getByRole("link", { name: "Add a commitment" }).click();
      await expect(page.getByRole("heading", { name: "Add Commitment" })).toBeVisible();
      await expect(page.getByLabel("From grievance")).toHaveValue(/\d+/);
      await expect(page.getByLabel("From grievance").locator("option:checked")).toContainText(reference);
      await page.getByRole("textbox", { name: "What was promised" }).fill(promise);
      await page.getByLabel("Find stakeholders and properties").fill("Margaret");
      await page.getByRole("button", { name: "Find", exact: true }).click();
      await page.getByRole("checkbox", { name: "Margaret Ellis" }).check();
      await expect(page.getByLabel("From grievance").locator("option:checked")).toContainText(reference);
      await page.getByRole("button", { name: "Add Commitment" }).click();

      const details = page.locator("#commitment-details");
      await expect(details.getByRole("link", { name: `Grievance ${reference}` })).toBeVisible();
      await expectAccessible(page);
      await details.getByRole("link", { name: `Grievance ${reference}` }).click();
      await expect(page).toHaveURL(new RegExp(`${grievanceUrl}$`));
      await expect(page.getByRole("region", { name: "Commitments made" }).getByRole("link", { name: promise })).toBeVisible();
    });
  });
}
