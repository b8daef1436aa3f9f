import { expect, signedIn, test } from "./support";

const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";

// The Parcels import walked without JavaScript (docs/import.md#parcels): upload a shapefile without .prj, be
// asked for its coordinate system, import, and review the unmatched parcels; axe on every step.
test.describe("parcel import, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("an officer imports a zipped shapefile, chooses its coordinate system and reviews the parcels", async ({ browser, page, expectAccessible }) => {
    test.setTimeout(120_000);
    await signedIn(browser, page, "officer", WESTERN);
    await page.goto("/import?type=parcels");
    await expect(page.getByLabel("Parcels")).toBeChecked();
    await expectAccessible(page);
    await page.locator("#field-import-upload-file").setInputFiles("tests/fixtures/gis/shapefile-without-prj.zip");
    await page.getByRole("button", { name: "Upload and continue" }).click();

    await expect(page.getByRole("heading", { name: "Map columns to parcels fields" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" }).getByRole("link", { name: "Choose the coordinate system the file is in" })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Coordinate system", { exact: true }).selectOption("EPSG:28355");
    await page.getByRole("button", { name: "Import" }).click();
    for (let i = 0; i < 20 && !(await page.getByRole("heading", { name: "Import Successful!" }).isVisible()); i++) {
      await page.waitForTimeout(500);
      await page.reload();
    }
    await expect(page.getByText("Parcels imported", { exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Review unmatched parcels" }).click();
    await expect(page.getByRole("heading", { name: /^Review parcels/ })).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole("button", { name: /^Create a property from/ })
      .first()
      .click();
    await expect(page.getByRole("status").first()).toContainText("created from parcels");
    await page
      .getByRole("link", { name: /^Link .* to a property$/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: /^Link .* to a property$/ })).toBeVisible();
    await expectAccessible(page);
  });
});
