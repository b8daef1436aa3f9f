import type { Page } from "@playwright/test";
import { expect, signedIn, test } from "./support";

/**
 * docs/architecture.md#performance (layout): at a desktop and a phone width no page is wider than the window, no word or number
 * is split across lines, and every table sits in its own labelled, keyboard-focusable scrolling
 * region (DataTable), so a wide table scrolls there instead of widening the page.
 */
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const PROJECT = "Western Pipeline Stage 2 (Demo Land Consultancy)";

async function pages(page: Page) {
  // A property's detail panel, found from the list as a user would.
  await page.goto("/properties");
  const href = await page.locator("table.records tbody th a").first().getAttribute("href");
  expect(href).toMatch(/highlight=\d+/);
  // Row links are plain anchors whose href may be just a query ("?highlight=3"): resolve it as the browser does.
  const detail = new URL(href!, page.url());
  return [
    "/",
    "/stakeholders",
    "/stakeholders?view=cards",
    "/properties",
    "/properties?view=cards",
    detail.pathname + detail.search,
    "/documents",
    "/templates",
    "/stakeholder-property-groups",
    "/import",
    "/imports",
    "/grievances",
    "/grievances?new=1",
    "/grievances/figures",
    "/commitments",
    "/commitments?new=1",
  ];
}

interface LayoutReport {
  pageWidth: number;
  windowWidth: number;
  tablesOutsideRegions: string[];
  brokenWords: string[];
}

/** Runs in the page: measures the document, checks each table's region and looks for words split across lines. */
function inspectLayout(): LayoutReport {
  const tablesOutsideRegions: string[] = [];
  for (const table of Array.from(document.querySelectorAll("table"))) {
    const region = table.closest<HTMLElement>('[role="region"]');
    const labelledBy = region?.getAttribute("aria-labelledby");
    const name = region?.getAttribute("aria-label") || (labelledBy ? document.getElementById(labelledBy)?.textContent?.trim() : "");
    if (!region || !name || region.tabIndex !== 0) tablesOutsideRegions.push(table.querySelector("caption")?.textContent ?? table.outerHTML.slice(0, 80));
  }
  const brokenWords: string[] = [];
  const main = document.querySelector("main") ?? document.body;
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? "";
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, select, option, .visually-hidden")) continue;
    // A word is what lies between spaces; breaking after a hyphen is a normal line break.
    for (const match of text.matchAll(/[^\s\-–]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index!);
      range.setEnd(node, match.index! + match[0].length);
      const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
      if (lines.size > 1) brokenWords.push(`"${match[0]}" in <${parent.tagName.toLowerCase()} class="${parent.className}">`);
    }
  }
  return { pageWidth: document.documentElement.scrollWidth, windowWidth: window.innerWidth, tablesOutsideRegions, brokenWords };
}

for (const size of WIDTHS) {
  test(`layout at ${size.width} px: nothing wider than the window, no split words, tables scroll in labelled regions`, async ({ browser, page, expectAccessible }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await signedIn(browser, page, "project_manager", PROJECT);

    const problems: string[] = [];
    let tables = 0;
    for (const path of await pages(page)) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const report = await page.evaluate(inspectLayout);
      tables += await page.locator("table").count();
      if (report.pageWidth > report.windowWidth) problems.push(`${path}: page is ${report.pageWidth} px wide in a ${report.windowWidth} px window`);
      for (const table of report.tablesOutsideRegions) problems.push(`${path}: table "${table}" is not in a labelled, focusable region`);
      for (const word of report.brokenWords) problems.push(`${path}: ${word} is split across lines`);
      await expectAccessible(page);
    }
    // The list pages really showed tables, so the region check above checked something.
    expect(tables).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
  });
}

test("a table wider than the phone screen scrolls inside its region, reachable by keyboard", async ({ browser, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(browser, page, "project_manager", PROJECT);
  await page.goto("/stakeholders");
  const region = page.getByRole("region", { name: "Stakeholders", exact: true });
  const { scrollWidth, clientWidth } = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  await region.focus();
  await expect(region).toBeFocused();
  const actions = region.getByRole("columnheader", { name: "Actions" });
  // Whether the Actions column lies within the region's visible width.
  const actionsShown = () => actions.evaluate((cell) => cell.getBoundingClientRect().right <= cell.closest('[role="region"]')!.getBoundingClientRect().right + 1);
  expect(await actionsShown()).toBe(false);
  for (let i = 0; i < 60 && !(await actionsShown()); i++) await page.keyboard.press("ArrowRight");
  expect(await region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await actionsShown()).toBe(true);
});
