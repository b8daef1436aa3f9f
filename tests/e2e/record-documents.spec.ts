import { JS_MODES, expect, signedIn, test } from "./support";

const PROJECT = "Western Pipeline Stage 2 (Demo Land Consultancy)";

/** The Documents tab of a stakeholder's and a property's detail view lists and uploads that record's documents. */
for (const mode of JS_MODES) {
  test.describe(`record Documents tabs, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    test.setTimeout(120_000);

    test("an officer uploads a document from a stakeholder's Documents tab and finds it there", async ({ browser, page, expectAccessible }) => {
      const name = `landholder-letter-${Math.random().toString(36).slice(2, 8)}.txt`;
      await signedIn(browser, page, "officer", PROJECT);
      await page.goto("/stakeholders?search=Tom%20Nguyen");
      await page.getByRole("link", { name: "Tom Nguyen" }).first().click();
      const detail = page.getByRole("region", { name: "Tom Nguyen" });
      await detail.getByRole("link", { name: "Documents" }).click();
      await expect(page).toHaveURL(/tab=documents/);
      await expectAccessible(page);

      await page.locator("#field-upload-document-file").setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from("Letter confirming the access route.\n") });
      await page.getByLabel("Description (optional)").fill("Access route letter");
      await page.getByRole("button", { name: "Upload Document" }).click();

      await expect(page.getByRole("status")).toContainText("Document uploaded");
      await expect(page).toHaveURL(/\/stakeholders\?highlight=\d+&tab=documents/);
      const table = page.getByRole("table", { name: /Documents for Tom Nguyen/ });
      await expect(table.getByRole("row", { name: new RegExp(name) })).toBeVisible();
      await expectAccessible(page);

      // The same document is on /documents, attached to the stakeholder.
      await page.goto(`/documents?search=${encodeURIComponent(name)}`);
      await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Tom Nguyen");
    });

    test("a property's Documents tab shows its documents, and a viewer gets no upload form", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "viewer", PROJECT);
      await page.goto("/properties?search=22%20Lake%20Road");
      await page
        .getByRole("link", { name: /22 Lake Road/ })
        .first()
        .click();
      const details = page.getByRole("region", { name: /^Property Details: 22 Lake Road/ });
      await details.getByRole("link", { name: "Documents", exact: true }).click();
      await expect(page).toHaveURL(/tab=documents/);
      await expect(page.getByText(/No documents for 22 Lake Road|Documents for 22 Lake Road/).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Upload Document" })).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}
