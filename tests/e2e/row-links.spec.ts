import { JS_MODES, expect, signedIn, test } from "./support";

const PROJECT = "Western Pipeline Stage 2 (Demo Land Consultancy)";

/**
 * Row links are plain anchors (components/records/RowLink). With JavaScript the root's delegated
 * handler navigates in the page like Remix's <Link>: no new document is loaded, which a marker left on
 * `window` survives. Without JavaScript they are ordinary links. The menus' links are the same kind
 * of anchor, marked as the current page from the location.
 */
for (const mode of JS_MODES) {
  test.describe(`row links, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a row's Edit link opens its panel, in the page when JavaScript runs", async ({ browser, page }) => {
      await signedIn(browser, page, "officer", PROJECT);
      await page.goto("/stakeholders?sort=name");
      await expect(page.getByRole("heading", { level: 1, name: "Stakeholders" })).toBeVisible();
      if (mode.javaScriptEnabled) await page.evaluate(() => ((window as unknown as { rowLinkMarker: number }).rowLinkMarker = 1));

      const edit = page
        .getByRole("table", { name: "Stakeholders" })
        .getByRole("link", { name: /^Edit for / })
        .first();
      await expect(edit).toHaveAttribute("data-client-nav", "");
      await edit.click();
      await expect(page).toHaveURL(/[?&]edit=\d+/);
      await expect(page).toHaveURL(/[?&]sort=name/);
      await expect(page.getByRole("heading", { name: /^Edit Stakeholder/ })).toBeVisible();
      if (mode.javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { rowLinkMarker?: number }).rowLinkMarker)).toBe(1);

      // A click with a modifier is the browser's (a new tab), not the page's.
      if (mode.javaScriptEnabled) {
        const name = page.getByRole("table", { name: "Stakeholders" }).getByRole("rowheader").first().getByRole("link");
        const [popup] = await Promise.all([page.context().waitForEvent("page"), name.click({ modifiers: ["ControlOrMeta"] })]);
        await popup.close();
        await expect(page).toHaveURL(/[?&]edit=\d+/);
      }
    });

    test("the main menu marks the current page and moves to another, in the page when JavaScript runs", async ({ browser, page }) => {
      await signedIn(browser, page, "officer", PROJECT);
      await page.goto("/stakeholders");
      const menu = page.getByRole("navigation", { name: "Main", exact: true });
      await expect(menu.getByRole("link", { name: "Stakeholders", exact: true })).toHaveAttribute("aria-current", "page");
      await expect(menu.getByRole("link", { name: "Dashboard", exact: true })).not.toHaveAttribute("aria-current", "page");
      if (mode.javaScriptEnabled) await page.evaluate(() => ((window as unknown as { rowLinkMarker: number }).rowLinkMarker = 2));

      await menu.getByRole("link", { name: "Properties", exact: true }).click();
      await expect(page).toHaveURL(/\/properties$/);
      await expect(page.getByRole("heading", { level: 1, name: "Properties" })).toBeVisible();
      await expect(menu.getByRole("link", { name: "Properties", exact: true })).toHaveAttribute("aria-current", "page");
      await expect(menu.getByRole("link", { name: "Stakeholders", exact: true })).not.toHaveAttribute("aria-current", "page");
      if (mode.javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { rowLinkMarker?: number }).rowLinkMarker)).toBe(2);

      // A menu's item moves to its page and leaves the menu closed (with JavaScript the header stays, and an
      // open menu would cover the page).
      const tools = menu.locator("details.nav__menu").filter({ hasText: "Tools" });
      await tools.getByText("Tools", { exact: true }).click();
      await expect(tools).toHaveAttribute("open", "");
      await tools.getByRole("link", { name: "Property Groups" }).click();
      await expect(page).toHaveURL(/\/stakeholder-property-groups$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(tools).not.toHaveAttribute("open", /.*/);
      if (mode.javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { rowLinkMarker?: number }).rowLinkMarker)).toBe(2);
    });
  });
}
