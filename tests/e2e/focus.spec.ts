import type { Browser, Page } from "@playwright/test";
import { JS_MODES, expect, signedIn, test } from "./support";
import { WESTERN_OPTION } from "./stakeholders.support";

/**
 * The error summary takes focus once per failed submission and never again on later re-renders,
 * so a user fixing the form keeps focus where they are. Screen readers hear it through an inner
 * alert; the container around it is what takes focus.
 */
const summaryAlert = (page: Page) => page.getByRole("alert").filter({ hasText: "There is a problem" });
const summary = (page: Page) => summaryAlert(page).locator("..");

/** Lets React commit and run its effects (a focus-stealing effect would have run by now). */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

async function expectSummaryFocused(page: Page) {
  await expect(summaryAlert(page)).toBeVisible();
  await expect(summary(page)).toBeFocused();
  expect(await summary(page).getAttribute("role")).toBeNull();
}

async function openPropertyForm(browser: Browser, page: Page) {
  await signedIn(browser, page, "officer", WESTERN_OPTION);
  await page.goto("/properties?new=1");
  await expect(page.getByRole("heading", { name: "Add New Property" })).toBeVisible();
}

test.describe("error summary focus, JavaScript enabled", () => {
  test("property form: typing and ticking 'has LAA' after a failed save keep focus; a new failed save takes it again", async ({ browser, page, expectAccessible }) => {
    await openPropertyForm(browser, page);
    // The form's code is a deferred panel (docs/architecture.md#deferred-panels): opened by its URL, it hydrates
    // once its chunk arrives, and the behaviour under test starts then (it hides the LAA fields).
    await expect(page.locator("#property-laa-fields")).toBeHidden();
    await page.getByRole("button", { name: "Add Property" }).click();
    await expectSummaryFocused(page);
    await expect(summaryAlert(page).getByRole("link", { name: "Property address is required" })).toBeVisible();

    await page.getByLabel("Volume").click();
    await page.getByLabel("Volume").pressSequentially("10234");
    await settle(page);
    expect(await activeId(page)).toBe("field-volume");

    // Ticking re-renders the form (the LAA fields appear).
    await page.getByLabel("Has a land access agreement (LAA)").check();
    await expect(page.getByLabel("LAA expiry date")).toBeVisible();
    await settle(page);
    expect(await activeId(page)).toBe("field-hasLAA");
    await page.getByLabel("LAA details").fill("Access by the northern gate");
    await settle(page);
    expect(await activeId(page)).toBe("field-laaDetails");

    // The address is still missing: the new submission's errors take focus again.
    await page.getByRole("button", { name: "Add Property" }).click();
    await expectSummaryFocused(page);
    await expect(page.getByLabel("Volume")).toHaveValue("10234");
    await expectAccessible(page);
  });

  test("stakeholder form: typing and ticking 'Active stakeholder' after a failed save keep focus", async ({ browser, page }) => {
    await signedIn(browser, page, "officer", WESTERN_OPTION);
    await page.goto("/stakeholders");
    await page.getByRole("link", { name: "Add Stakeholder" }).click();
    await expect(page.getByRole("heading", { name: "Add New Stakeholder" })).toBeVisible();
    await page.getByRole("button", { name: "Add Stakeholder" }).click();
    await expectSummaryFocused(page);

    await page.getByLabel("Name").fill("Focus Tester");
    await settle(page);
    expect(await activeId(page)).toBe("field-name");
    await page.getByLabel("Active stakeholder").click();
    await settle(page);
    expect(await activeId(page)).toBe("field-isActive");
  });
});

test.describe("error summary, JavaScript disabled", () => {
  test.use({ javaScriptEnabled: JS_MODES[0].javaScriptEnabled });

  test("a failed save renders the summary with its inner alert, set to take focus on load", async ({ browser, page, expectAccessible }) => {
    await openPropertyForm(browser, page);
    await page.getByRole("button", { name: "Add Property" }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(summaryAlert(page).getByRole("link", { name: "Property address is required" })).toHaveAttribute("href", "#field-address");
    await expect(summary(page)).toHaveAttribute("tabindex", "-1");
    await expect(summary(page)).toHaveAttribute("autofocus", "");
    expect(await summary(page).getAttribute("role")).toBeNull();
    // The panel's heading comes first in the page but leaves the focus to the summary.
    await expectSummaryFocused(page);
    await expectAccessible(page);
  });

  test("the stakeholder form's summary is focused when the page loads", async ({ browser, page }) => {
    await signedIn(browser, page, "officer", WESTERN_OPTION);
    await page.goto("/stakeholders");
    await page.getByRole("link", { name: "Add Stakeholder" }).click();
    await page.getByRole("button", { name: "Add Stakeholder" }).click();
    await expectSummaryFocused(page);
  });
});
