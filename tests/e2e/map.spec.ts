import { JS_MODES, expect, signedIn, test } from "./support";
import { seedMapParcels } from "./map.support";

/**
 * /map in the browser (docs/records.md#the-map): parcels as links with names, the legend and the table,
 * a zoom link, a parcel to its property and back with "Show on map"; axe on every state at 1280 and
 * 390 pixels, JavaScript off and on. Parcels are written straight into the app's embedded database
 * (map.support.ts: 24 lots of plan DP7777, once per run).
 */
const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";

test.beforeAll(() => seedMapParcels());

for (const mode of JS_MODES) {
  test.describe(`map, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("the parcels as links, zoom in, a parcel to its property and Show on map back; 1280 and 390 pixels", async ({ browser, page, expectAccessible }) => {
      test.setTimeout(120_000);
      await signedIn(browser, page, "viewer", WESTERN);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto("/");
      await page.getByRole("link", { name: "Map", exact: true }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Map" })).toBeVisible();
      const map = page.getByRole("group", { name: /^Parcels in this view \(\d+\)$/ });
      const first = map.getByRole("link", { name: /, Lot 1 DP7777, LAA / });
      await expect(first).toBeVisible();
      await expect(page.getByRole("list", { name: "Legend" })).toContainText("Expiring soon");
      await expect(page.getByRole("list", { name: "Legend" })).toContainText("Affected area");
      await expect(page.getByRole("table", { name: "Parcels in the map's view" })).toContainText("Lot 1 DP7777");
      await expectAccessible(page);

      await page.getByRole("link", { name: "Zoom in" }).click();
      await expect(page).toHaveURL(/\/map\?bbox=[-\d.]+,[-\d.]+,[-\d.]+,[-\d.]+$/);
      await expect(page.getByRole("heading", { level: 1, name: "Map" })).toBeVisible();
      await expectAccessible(page);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/map");
      await expect(map.getByRole("link", { name: /, Lot 1 DP7777, LAA / })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page);

      await page.setViewportSize({ width: 1280, height: 900 });
      await map.getByRole("link", { name: /, Lot 1 DP7777, LAA / }).click();
      await expect(page).toHaveURL(/\/properties\?highlight=\d+$/);
      const details = page.getByRole("region", { name: /^Property Details: / });
      await details.getByRole("link", { name: "Show on map" }).click();
      await expect(page).toHaveURL(/\/map\?property=\d+$/);
      await expect(page.getByText(/^Showing the parcels of /)).toBeVisible();
      await expectAccessible(page);
    });
  });
}
