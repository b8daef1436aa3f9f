import type { Page } from "@playwright/test";
import { expect, savedSignInState, signedIn, test } from "./support";

const PROJECT = "Western Pipeline Stage 2 (Demo Land Consultancy)";

/**
 * docs/architecture.md#deferred-panels: a list screen's panels (detail, forms, links) are code the
 * browser fetches when a panel is first shown. A list's first visit does not fetch it; a page that opens
 * with a panel shown hydrates it once its code has arrived, without a hydration error; a panel opened
 * from the list renders once its code is loaded.
 */
const SCREENS = [
  { path: "/stakeholders", table: "Stakeholders", panelModule: /\/build\/_shared\/StakeholderDetail-[A-Z0-9]+\.js$/, detail: /[?&]highlight=\d+/ },
  { path: "/properties", table: "Properties", panelModule: /\/build\/_shared\/PropertyDetails-[A-Z0-9]+\.js$/, detail: /[?&]highlight=\d+/ },
] as const;

/** Scripts the page asks for, and the errors it reports (React logs a hydration mismatch with console.error). */
function watch(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { scripts, errors };
}

const hydrated = (page: Page) => expect.poll(() => page.evaluate(() => Boolean((window as { __remixRouter?: unknown }).__remixRouter))).toBe(true);

for (const screen of SCREENS) {
  test(`${screen.path}: the list's first visit leaves the panels' code; a panel opened from the list or by its URL works`, async ({ browser, page }) => {
    await signedIn(browser, page, "officer", PROJECT);
    const seen = watch(page);
    await page.goto(screen.path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(seen.scripts.filter((path) => screen.panelModule.test(path))).toEqual([]);

    // Opened from the list: rendered in the page once its code has arrived.
    const rowLink = page.getByRole("table", { name: screen.table }).getByRole("rowheader").first().getByRole("link");
    const name = (await rowLink.textContent())?.trim() ?? "";
    await rowLink.click();
    await expect(page).toHaveURL(screen.detail);
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    expect(seen.scripts.filter((path) => screen.panelModule.test(path))).toHaveLength(1);
    const detailUrl = page.url();

    // Opened by its URL: the server's HTML hydrates once the code arrives, and the page works in place.
    // A context of its own, so its cache is empty: a page beside the first may be handed the chunk from
    // Chromium's memory cache without a request the test can see.
    const directContext = await browser.newContext({ storageState: await savedSignInState(browser, "officer", PROJECT) });
    const direct = await directContext.newPage();
    const fresh = watch(direct);
    await direct.goto(detailUrl);
    await hydrated(direct);
    await direct.waitForLoadState("networkidle");
    await expect(direct.getByRole("heading", { level: 2, name })).toBeVisible();
    expect(fresh.scripts.filter((path) => screen.panelModule.test(path))).toHaveLength(1);
    await direct.evaluate(() => ((window as unknown as { samePage: number }).samePage = 1));
    await direct
      .getByRole("link", { name: /^Close/ })
      .first()
      .click();
    await expect(direct.getByRole("heading", { level: 2, name })).toBeHidden();
    expect(await direct.evaluate(() => (window as unknown as { samePage?: number }).samePage)).toBe(1);
    expect([...seen.errors, ...fresh.errors]).toEqual([]);
    await directContext.close();
  });
}
