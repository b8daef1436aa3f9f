import type { BrowserContext, Page } from "@playwright/test";
import { expect, savedSignInState, test } from "./support";

/**
 * docs/architecture.md#performance (page weight): compressed bytes over the network for the main pages, signed in with the demo
 * project selected. The first visit starts from an empty HTTP cache; the repeat visit opens the
 * same page again in the same browser (built assets are immutable-cached, so only the document
 * and anything uncacheable travel). Figures are printed so they can be quoted.
 */
const KB = 1024;
const BUDGET = {
  firstWithJavaScript: 150 * KB,
  firstWithoutJavaScript: 100 * KB,
  repeat: 15 * KB,
};
const PAGES = ["/", "/stakeholders", "/properties", "/documents", "/export", "/grievances", "/commitments", "/reports"] as const;
const PROJECT = "Western Pipeline Stage 2 (Demo Land Consultancy)";

/** Bytes received for every request of one navigation (headers and encoded body), via Chrome's own accounting. */
async function bytesOfVisit(page: Page, context: BrowserContext, url: string, javaScript: boolean) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const perRequest = new Map<string, { url: string; bytes: number }>();
  const urls = new Map<string, string>();
  cdp.on("Network.requestWillBeSent", (event) => urls.set(event.requestId, event.request.url));
  cdp.on("Network.loadingFinished", (event) => perRequest.set(event.requestId, { url: urls.get(event.requestId) ?? "?", bytes: event.encodedDataLength }));
  await page.goto(url);
  // With JavaScript, hydration may fetch route data or the lazily discovered route manifest.
  await page.waitForLoadState(javaScript ? "networkidle" : "load");
  await cdp.detach();
  const requests = [...perRequest.values()];
  return { total: requests.reduce((sum, r) => sum + r.bytes, 0), requests };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

for (const javaScript of [true, false]) {
  test(`page weight, JavaScript ${javaScript ? "enabled" : "disabled"}: first and repeat visits within budget`, async ({ browser }) => {
    test.setTimeout(120_000);
    const storageState = await savedSignInState(browser, "officer", PROJECT);
    const firstBudget = javaScript ? BUDGET.firstWithJavaScript : BUDGET.firstWithoutJavaScript;
    const rows: string[] = [];
    const failures: string[] = [];
    for (const path of PAGES) {
      // A fresh context per page: its HTTP cache is empty, so the first visit downloads everything.
      const context = await browser.newContext({ storageState, javaScriptEnabled: javaScript });
      try {
        const page = await context.newPage();
        const first = await bytesOfVisit(page, context, path, javaScript);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const repeat = await bytesOfVisit(page, context, path, javaScript);
        rows.push(
          `${path.padEnd(14)} first ${kb(first.total).padStart(9)} (${first.requests.length} requests)   repeat ${kb(repeat.total).padStart(8)} (${repeat.requests.filter((r) => r.bytes > 0).length} transferred)`,
        );
        if (first.total > firstBudget) failures.push(`${path} first visit ${kb(first.total)} > ${kb(firstBudget)}: ${first.requests.map((r) => `${r.url} ${r.bytes}`).join(", ")}`);
        if (repeat.total > BUDGET.repeat) failures.push(`${path} repeat visit ${kb(repeat.total)} > ${kb(BUDGET.repeat)}: ${repeat.requests.map((r) => `${r.url} ${r.bytes}`).join(", ")}`);
      } finally {
        await context.close();
      }
    }
    const report = `Page weight, JavaScript ${javaScript ? "enabled" : "disabled"} (compressed bytes received):\n${rows.join("\n")}`;
    console.log(report);
    test.info().annotations.push({ type: "page weight", description: report });
    expect(failures, report).toEqual([]);
  });
}
