import fs from "node:fs";
import { JS_MODES, expect, signedIn, test } from "./support";

const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";
const unique = () => Math.random().toString(36).slice(2, 8);
const line = (JSON.parse(fs.readFileSync(new URL("../fixtures/gis/corridor-gda2020.geojson", import.meta.url), "utf8")) as { features: unknown[] }).features[0];
const file = { name: "centre-line.geojson", mimeType: "application/geo+json", buffer: Buffer.from(JSON.stringify({ type: "FeatureCollection", features: [line] })) };

for (const mode of JS_MODES) {
  test.describe(`affected areas, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an officer uploads a centre line, is asked for its width, then sees it listed", async ({ browser, page, expectAccessible }) => {
      test.setTimeout(90_000);
      const name = `Corridor ${unique()}`;
      await signedIn(browser, page, "officer", WESTERN);
      await page.goto("/affected-areas");
      await expect(page.getByRole("heading", { level: 1, name: "Affected areas" })).toBeVisible();
      await expectAccessible(page);

      const form = page.getByRole("region", { name: "Upload an affected area" });
      await form.getByLabel("Name").fill(name);
      await form.getByLabel("File").setInputFiles(file);
      await form.getByRole("button", { name: "Upload affected area" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("width in metres");
      await expect(form.getByLabel("Name")).toHaveValue(name);
      await expectAccessible(page);

      await form.getByLabel("File").setInputFiles(file);
      await form.getByLabel("Width in metres (centre line only)").fill("40");
      await form.getByRole("button", { name: "Upload affected area" }).click();
      await expect(page.getByRole("status")).toContainText("Affected area uploaded");
      const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
      await expect(row).toContainText("Centre line");
      await expect(row).toContainText("40 m");
      await expectAccessible(page);
    });
  });
}
