import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { JS_MODES, expect, signedIn, test } from "./support";
import { parcelGrid, parcelInsertSql } from "../factories/parcels.mjs";

/**
 * /map in the browser (docs/records.md#the-map): parcels as links with names, the legend and the table,
 * a zoom link, a parcel to its property and back with "Show on map"; axe on every state at 1280 and
 * 390 pixels, JavaScript off and on. Parcels are written straight into the app's embedded database
 * (24 lots of plan DP7777, once per run), the others linked to Western's first properties.
 */
const port = Number(process.env.E2E_PORT ?? 3917);
const databaseUrl = () => {
  const password = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "pg-password"), "utf8").trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port + 50000 > 65535 ? 55917 : port + 50000}/land_records`;
};
const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";

test.beforeAll(async () => {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("lock table parcel in exclusive mode");
    const { rows: project } = await client.query("select id from project where name = 'Western Pipeline Stage 2'");
    const { rows: seeded } = await client.query("select 1 from parcel where project_id = $1 and lot_plan_key like '%/DP7777' limit 1", [project[0].id]);
    if (!seeded.length) {
      const properties = (await client.query("select id from property where project_id = $1 order by id limit 5", [project[0].id])).rows.map((r) => r.id as number);
      const lots = parcelGrid({ columns: 6, rows: 4, seed: 5, plan: "DP7777" });
      await client.query(parcelInsertSql(project[0].id, lots, lots.map((_, i) => (i === 5 ? null : (properties[i % properties.length] ?? null)))));
      await client.query(`insert into affected_area (project_id, name, kind, geometry) values ($1, 'Pipeline easement', 'polygon', $2::jsonb)`, [
        project[0].id,
        JSON.stringify({ type: "Polygon", coordinates: [[[148.853, -33.1205], [148.855, -33.1205], [148.855, -33.113], [148.853, -33.113], [148.853, -33.1205]]] }),
      ]);
    }
    await client.query("commit");
  } finally {
    await client.end();
  }
});

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
