import type { Page } from "@playwright/test";
import { JS_MODES, expect, signedIn, test } from "./support";

/**
 * The public grievance form (docs/records.md#public-grievance-form), with JavaScript disabled and
 * enabled: the project owner turns it on from the grievance clock page and copies its address; a
 * visitor who is not signed in (a context without cookies) is refused without what happened (error
 * summary, "Error: " title), sends a grievance and is shown its reference and dates, at 390 px wide
 * too, and no cookie is set; the owner finds it in the register; turned off, the address is a 404.
 * Each mode uses its own project, so the two never change each other's form.
 */
test.describe.configure({ timeout: 180_000 });

const SETUP = {
  off: { project: "Northern Transmission Line (Demo Land Consultancy)", client: "demo", name: "Northern Transmission Line" },
  on: { project: "Coastal Road Upgrade (Second Client Pty Ltd)", client: "second", name: "Coastal Road Upgrade" },
} as const;

const flash = (page: Page) => page.getByRole("status");
const section = (page: Page) => page.getByRole("region", { name: "Public grievance form" });

for (const mode of JS_MODES) {
  const setup = SETUP[mode.javaScriptEnabled ? "on" : "off"];

  test.describe(`public grievance form, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("turned on by the owner, used by a visitor without signing in, found in the register, then turned off", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "client_owner", setup.project, setup.client);
      await page.goto("/");
      await page.getByRole("link", { name: "Project Phases" }).click();
      await page.getByRole("link", { name: "Grievance clock settings" }).click();
      await expect(section(page)).toContainText("The public grievance form is off.");
      await section(page).getByRole("button", { name: "Turn on" }).click();
      await expect(flash(page)).toContainText("Public grievance form turned on");
      await expect(section(page)).toContainText("The public grievance form is on.");
      const address = await section(page).getByLabel("Address of the form").inputValue();
      expect(address).toMatch(/\/grievance-form\/[A-Za-z0-9_-]{32}$/);
      await expectAccessible();

      // A visitor: no cookies at all.
      const visitorContext = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      const visitor = await visitorContext.newPage();
      try {
        const first = await visitor.goto(address);
        expect(first?.status()).toBe(200);
        await expect(visitor.getByRole("heading", { level: 1, name: "Raise a grievance" })).toBeVisible();
        await expect(visitor.getByRole("main")).toContainText(`Tell the ${setup.name} team about a problem`);
        await expect(visitor.getByRole("main")).toContainText(/acknowledge your grievance within \d+ working days/);
        await expect(visitor.getByRole("navigation")).toHaveCount(0);
        const honeypot = visitor.locator('input[name="website"]');
        await expect(honeypot).toHaveAttribute("tabindex", "-1");
        await expect(visitor.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);
        await expectAccessible(visitor);

        // Nothing about what happened: the error summary, the inline message, the title, and what was typed kept.
        await visitor.getByLabel("Your name").fill("Dana Visitor");
        await visitor.getByLabel("E-mail address").fill("dana@example");
        await visitor.getByRole("button", { name: "Send grievance" }).click();
        await expect(visitor).toHaveTitle(/^Error: /);
        const summary = visitor.getByRole("alert").filter({ hasText: "There is a problem" });
        await expect(summary.getByRole("link", { name: "Tell us what happened" })).toBeVisible();
        await expect(summary.getByRole("link", { name: /Enter an e-mail address in the correct format/ })).toBeVisible();
        await expect(visitor.locator("#field-whatHappened-error")).toHaveText("Error: Tell us what happened");
        await expect(visitor.getByLabel("Your name")).toHaveValue("Dana Visitor");
        await expectAccessible(visitor);

        await visitor.getByLabel("E-mail address").fill("dana@example.com");
        await visitor.getByLabel("Where did it happen? (optional)").fill("The creek crossing on Ridge Road");
        await visitor.getByLabel("What happened?").fill("Trucks have been crossing the creek and the banks are collapsing.");
        await visitor.getByRole("button", { name: "Send grievance" }).click();
        await expect(visitor.getByRole("heading", { level: 1, name: "Grievance received" })).toBeVisible();
        const reference = (await visitor.locator(".public-form__reference").textContent())!;
        expect(reference).toMatch(/^G-\d{4}$/);
        await expect(visitor.getByRole("main")).toContainText(/We will acknowledge your grievance by \w+day \d{1,2} \w+ \d{4}\./);
        await expect(visitor.getByRole("main")).toContainText(/We aim to resolve it by \w+day \d{1,2} \w+ \d{4}\./);
        await expect(visitor.getByRole("main")).toContainText("We are sending a receipt");
        expect(visitor.url()).toContain("?receipt=");
        await expectAccessible(visitor);

        // A phone's width: nothing wider than the screen.
        await visitor.setViewportSize({ width: 390, height: 844 });
        await visitor.goto(address);
        expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await expectAccessible(visitor);
        expect(await visitorContext.cookies()).toEqual([]);

        // The owner finds it in the register.
        await page.goto(`/grievances?search=${encodeURIComponent(reference)}`);
        await expect(page.getByRole("table")).toContainText(reference);
        await expect(page.getByRole("table")).toContainText("Dana Visitor");

        // Turned off, the address is a 404.
        await page.goto("/");
        await page.getByRole("link", { name: "Project Phases" }).click();
        await page.getByRole("link", { name: "Grievance clock settings" }).click();
        await section(page).getByRole("button", { name: "Turn off" }).click();
        await expect(flash(page)).toContainText("Public grievance form turned off");
        await expect(section(page)).toContainText("The public grievance form is off.");
        const gone = await visitor.goto(address);
        expect(gone?.status()).toBe(404);
        await expect(visitor.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
        await expectAccessible(visitor);
      } finally {
        await visitorContext.close();
      }
    });
  });
}
