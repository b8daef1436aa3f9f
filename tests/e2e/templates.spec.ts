import type { Page } from "@playwright/test";
import { JS_MODES, account, expect, signIn, signedIn, test } from "./support";
import { WESTERN_OPTION } from "./stakeholders.support";

async function selectProject(page: Page) {
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Western Pipeline Stage 2 (Demo Land Consultancy)" });
  await page.getByRole("button", { name: "Select Project" }).click();
  await expect(page.getByRole("status")).toContainText("Project selected");
}

for (const mode of JS_MODES) {
  test.describe(`templates, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    // Long flows with an axe scan per state; parallel e2e files share one server.
    test.setTimeout(120_000);

    test("a project manager uploads, edits, downloads and deletes a template", async ({ page, expectAccessible }) => {
      const suffix = Math.random().toString(36).slice(2, 8);
      const title = `Entry notice ${suffix}`;
      await signIn(page, account("project_manager"));
      await page.goto("/templates");
      await expect(page.getByRole("heading", { name: "No Project Selected" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to Dashboard" })).toBeVisible();
      await expectAccessible(page);
      await page.goto("/");
      await selectProject(page);
      await page.goto("/templates");
      await expect(page.getByRole("heading", { level: 1, name: "Template Documents" })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole("link", { name: "Upload Template" }).click();
      const panel = page.getByRole("region", { name: "Upload Template" });
      // The shared PanelDialog focuses its heading on a full page load (autoFocus); see report.
      if (!mode.javaScriptEnabled) await expect(panel.getByRole("heading")).toBeFocused();
      await panel.getByRole("button", { name: "Upload Template" }).click();
      await expect(page).toHaveTitle(/^Error: /);
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("No file selected");
      await expectAccessible(page);

      await panel.getByLabel("File").setInputFiles({ name: `notice-${suffix}.txt`, mimeType: "text/plain", buffer: Buffer.from(`Dear landholder ${suffix}`) });
      await panel.getByLabel("Template name").fill(title);
      await panel.getByLabel("Tags (optional)").fill("one, two, three");
      await panel.getByRole("button", { name: "Upload Template" }).click();
      await expect(page.getByRole("status")).toContainText("Template uploaded successfully");
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
      await expect(card).toContainText("No description provided");
      await expect(card).toContainText("+1");
      await expect(card).toContainText(/\d+\.\d KB/);
      await expectAccessible(page);

      const downloadPromise = page.waitForEvent("download");
      await card.getByRole("link", { name: `Download ${title}` }).click();
      expect((await downloadPromise).suggestedFilename()).toBe(`notice-${suffix}.txt`);

      await card.getByRole("link", { name: `Edit ${title}` }).click();
      const edit = page.getByRole("region", { name: `Edit Template: ${title}` });
      await edit.getByLabel("Description").fill("For first contact");
      await edit.getByRole("button", { name: "Save Template" }).click();
      await expect(page.getByRole("status")).toContainText("Template updated successfully");
      await expect(card).toContainText("For first contact");
      await expect(card.getByRole("heading")).toHaveText(title);

      await card.getByRole("link", { name: `Delete ${title}` }).click();
      await expect(page.getByRole("region", { name: "Delete Template" })).toContainText("Are you sure you want to delete this template?");
      await expectAccessible(page);
      await page.getByRole("button", { name: "Delete Template" }).click();
      await expect(page.getByRole("status")).toContainText("Template deleted successfully");
      await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
    });

    test("a viewer cannot upload, edit or delete templates", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "viewer", WESTERN_OPTION);
      await page.goto("/templates");
      await expect(page.getByRole("link", { name: "Upload Template" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^Delete / })).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}
