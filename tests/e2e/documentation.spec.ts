import { JS_MODES, expect, signedIn, test } from "./support";

/**
 * The documentation centre (docs/help-centre.md), JavaScript off and on: both tabs as URLs, the cards a project
 * manager sees (the two system-admin documents faded, without links), a PDF download, the viewer
 * with Print to PDF, the print view, and the Access Denied card for a restricted or unknown document;
 * the system admin opens the restricted ones. Every state, the rendered documents included, is
 * scanned with axe.
 */
test.describe.configure({ timeout: 120_000 });

for (const mode of JS_MODES) {
  test.describe(`Documentation (${mode.name})`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a project manager reads the centre, both tabs, a download and the viewer", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "project_manager", null);
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByText("Tools", { exact: true }).click();
      await nav.getByRole("link", { name: "Documentation" }).click();
      await expect(page).toHaveURL(/\/documentation$/);
      await expect(page.getByRole("heading", { level: 1, name: "Documentation" })).toBeVisible();
      const tabs = page.getByRole("navigation", { name: "Documentation sections" });
      await expect(tabs.getByRole("link", { name: "Documentation Overview" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Documentation Overview", "User Guide", "Quick Reference", "Product Overview", "Sales Materials", "System Architecture"]);
      await expect(page.getByText("Requires System Admin access level")).toHaveCount(2);
      await expect(page.getByRole("link", { name: "View Online User Guide" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Download Word Document of Product Overview" })).toBeVisible();
      await expect(page.getByRole("link", { name: /Sales Materials|System Architecture/ })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /Download Word Document of (User Guide|Quick Reference)/ })).toHaveCount(0);
      await expectAccessible();

      await tabs.getByRole("link", { name: "Download Center" }).click();
      await expect(page).toHaveURL(/\/documentation\?tab=downloads$/);
      await expect(tabs.getByRole("link", { name: "Download Center" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("link", { name: "Download HTML (offline copy) of Quick Reference" })).toBeVisible();
      await expect(page.getByText("Requires System Admin access level")).toHaveCount(2);
      await expectAccessible();

      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download PDF of Quick Reference" }).click();
      expect((await download).suggestedFilename()).toBe("LSC_QUICK_REFERENCE.pdf");
      await expect(page).toHaveURL(/\/documentation\?tab=downloads$/);

      await tabs.getByRole("link", { name: "Documentation Overview" }).click();
      await page.getByRole("link", { name: "View Online Quick Reference" }).click();
      await expect(page).toHaveURL(/\/documentation\/view\/quick-reference$/);
      await expect(page.getByRole("heading", { level: 1, name: "Quick Reference" })).toBeVisible();
      await expect(page.getByText(/^Last updated \d{1,2} \w+ \d{4}$/)).toBeVisible();
      await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
      await expect(page.getByRole("link", { name: "← Back to Documentation" })).toBeVisible();
      await expectAccessible();

      if (mode.javaScriptEnabled) {
        await page.evaluate(() => {
          (window as unknown as { printed: number }).printed = 0;
          window.print = () => void ((window as unknown as { printed: number }).printed += 1);
        });
        await page.getByRole("button", { name: "Print to PDF" }).click();
        expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
        await page.goto("/documentation/view/quick-reference?print=true");
      } else {
        await page.getByRole("link", { name: "Print to PDF" }).click();
        await expect(page).toHaveURL(/\/documentation\/view\/quick-reference\?print=true$/);
      }
      // The print view: the document alone, no navigation and no controls.
      await expect(page.getByRole("heading", { level: 1, name: "Quick Reference" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await expect(page.getByRole("link", { name: "Print to PDF" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Print to PDF" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /Back to Documentation/ })).toHaveCount(0);
      await expectAccessible();
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("complementary", { name: "Print view" })).toBeHidden();
      await page.emulateMedia({ media: "screen" });
      await page.getByRole("link", { name: "Leave print view" }).click();
      await expect(page).toHaveURL(/\/documentation\/view\/quick-reference$/);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    });

    test("a restricted or unknown document shows the Access Denied card", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "project_manager", null);
      const restricted = await page.goto("/documentation/view/sales-materials");
      expect(restricted?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
      await expect(page.getByText("Access denied: Insufficient permissions")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Documentation" })).toBeVisible();
      await expectAccessible();

      const unknown = await page.goto("/documentation/view/no-such-document");
      expect(unknown?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
      await expect(page.getByText("Documentation not found")).toBeVisible();
      await expectAccessible();

      // A download link followed by the browser itself (no script) answers with a message on the centre, not a JSON body.
      await page.goto("/api/documentation/download-pdf/sales-materials");
      await expect(page).toHaveURL(/\/documentation\?tab=downloads$/);
      await expect(page.getByRole("alert")).toContainText("Access denied: Insufficient permissions");
      await expectAccessible();
    });

    test("a system admin opens the restricted documents", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "system_admin", null);
      await page.goto("/documentation");
      await expect(page.getByText("Requires System Admin access level")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Download Word Document of Sales Materials" })).toBeVisible();
      await expectAccessible();
      for (const [docType, title] of [
        ["sales-materials", "Sales Materials"],
        ["system-architecture", "System Architecture"],
      ] as const) {
        await page.getByRole("link", { name: `View Online ${title}` }).click();
        await expect(page).toHaveURL(new RegExp(`/documentation/view/${docType}$`));
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expectAccessible();
        await page.getByRole("link", { name: "← Back to Documentation" }).click();
      }
    });

    test("the user guide, with its screenshots, and the product overview pass axe", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "viewer", null);
      for (const docType of ["user-guide", "product-overview"]) {
        await page.goto(`/documentation/view/${docType}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectAccessible();
      }
      const images = page.locator(".doc-body img");
      await page.goto("/documentation/view/user-guide");
      expect(await images.count()).toBeGreaterThan(0);
      for (const alt of await images.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt") ?? ""))) expect(alt.trim()).not.toBe("");
    });
  });
}

test.describe("Documentation downloads with JavaScript", () => {
  test("a failed download says so beside the button", async ({ browser, page, expectAccessible }) => {
    await signedIn(browser, page, "viewer", null);
    await page.goto("/documentation?tab=downloads");
    await page.route("**/api/documentation/download-pdf/user-guide", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.route("**/api/documentation/download-word/product-overview", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.getByRole("link", { name: "Download PDF of User Guide" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to download. Please try again." })).toBeVisible();
    await page.getByRole("link", { name: "Download Word Document of Product Overview" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to download Word document. Please try again." })).toBeVisible();
    await expectAccessible();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download HTML (offline copy) of Product Overview" }).click();
    expect((await download).suggestedFilename()).toBe("LSC_PRODUCT_OVERVIEW.html");
  });

  test("the HTML download opens offline, pictures included, and passes axe", async ({ browser, page, expectAccessible }, testInfo) => {
    await signedIn(browser, page, "viewer", null);
    await page.goto("/documentation?tab=downloads");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download HTML (offline copy) of User Guide" }).click();
    const file = testInfo.outputPath("LSC_USER_GUIDE.html");
    await (await download).saveAs(file);
    const offline = await browser.newContext({ offline: true });
    try {
      const copy = await offline.newPage();
      const requests: string[] = [];
      copy.on("request", (request) => void (request.url().startsWith("file:") || request.url().startsWith("data:") || requests.push(request.url())));
      await copy.goto(`file://${file}`);
      await expect(copy.getByRole("heading", { level: 1, name: "User Guide" })).toBeVisible();
      const images = copy.locator("img");
      expect(await images.count()).toBeGreaterThan(0);
      expect(await images.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
      expect(requests).toEqual([]);
      await expectAccessible(copy);
    } finally {
      await offline.close();
    }
  });
});
