import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { JS_MODES, account, expect, signIn, signedIn, test } from "./support";

const PROJECT = "Western Pipeline Stage 2 (Demo Land Consultancy)";

async function selectProject(page: Page) {
  await page.getByLabel("Project", { exact: true }).selectOption({ label: PROJECT });
  await page.getByRole("button", { name: "Select Project" }).click();
  await expect(page.getByRole("status")).toContainText("Project selected");
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

for (const mode of JS_MODES) {
  test.describe(`documents, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    // Long flows with an axe scan per state; parallel e2e files share one server.
    test.setTimeout(120_000);

    test("a project manager uploads, finds, edits, downloads and deletes a document", async ({ page, expectAccessible }) => {
      const suffix = Math.random().toString(36).slice(2, 8);
      const name = `access-plan-${suffix}.pdf`;
      await signIn(page, account("project_manager"));
      await page.goto("/documents");
      await expect(page.getByRole("heading", { name: "No Project Selected" })).toBeVisible();
      await expectAccessible(page);
      await page.goto("/");
      await selectProject(page);
      await page.goto("/documents");
      await expect(page.getByRole("heading", { level: 1, name: "Document Management" })).toBeVisible();
      await expect(page.locator(".project-banner")).toContainText("Western Pipeline Stage 2");
      await expectAccessible(page);

      // No file: the spec's message in the error summary and inline.
      await page.getByRole("button", { name: "Upload Document" }).click();
      await expect(page).toHaveTitle(/^Error: /);
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("No file selected: Please select a file to upload");
      await expectAccessible(page);

      const upload = page.locator("section.document-upload");
      await page.locator("#field-upload-document-file").setInputFiles({ name, mimeType: "application/pdf", buffer: pdf(suffix) });
      await upload.getByLabel("Category (optional)").selectOption("survey");
      await upload.getByLabel("Tags (optional)").fill(`e2e-${suffix}, boundary`);
      await upload.getByLabel("Description (optional)").fill(`Plan ${suffix}`);
      await page.getByRole("button", { name: "Upload Document" }).click();
      await expect(page.getByRole("status")).toContainText("Document uploaded");
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("Survey");
      await expect(row).toContainText(`e2e-${suffix}`);
      await expectAccessible(page);

      // Search and filter are GET parameters.
      await page.getByLabel("Search file name, description or tags").fill(`e2e-${suffix}`);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`search=e2e-${suffix}`));
      await expect(page.getByRole("row")).toHaveCount(2);
      await page.getByLabel("Category", { exact: true }).selectOption("legal");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByText("No documents match your search.")).toBeVisible();
      await page.getByLabel("Category", { exact: true }).selectOption("survey");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(row).toBeVisible();

      // Download under the original name.
      const downloadPromise = page.waitForEvent("download");
      await row.getByRole("link", { name: `Download ${name}` }).click();
      expect((await downloadPromise).suggestedFilename()).toBe(name);

      // Edit notes (?edit=ID).
      await row.getByRole("link", { name: `Edit notes for ${name}` }).click();
      await expect(page).toHaveURL(/edit=\d+/);
      const dialog = page.getByRole("region", { name: `Edit notes: ${name}` });
      if (!mode.javaScriptEnabled) await expect(dialog.getByRole("heading")).toBeFocused();
      await expectAccessible(page);
      await dialog.getByLabel("Description").fill("");
      await dialog.getByLabel("Tags").fill(`e2e-${suffix}, edited-${suffix}`);
      await dialog.getByRole("button", { name: "Save notes" }).click();
      await expect(page.getByRole("status")).toContainText("Document updated");
      await expect(page.getByRole("row").filter({ hasText: name })).toContainText(`edited-${suffix}`);

      // Delete with confirmation (?delete=ID).
      await page
        .getByRole("row")
        .filter({ hasText: name })
        .getByRole("link", { name: `Delete ${name}` })
        .click();
      await expect(page.getByRole("region", { name: "Delete document" })).toContainText(`Are you sure you want to delete ${name}?`);
      await expectAccessible(page);
      await page.getByRole("button", { name: "Delete document" }).click();
      await expect(page.getByRole("status")).toContainText("Document deleted");
      await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
    });

    test("a disguised file is refused with a clear message", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "officer", PROJECT);
      await page.goto("/documents");
      await page.locator("#field-upload-document-file").setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: Buffer.from("<!doctype html><script>alert(1)</script>") });
      await page.getByRole("button", { name: "Upload Document" }).click();
      await expect(page.locator("#field-upload-document-file-error")).toHaveText("Error: The file's contents do not match its .pdf extension");
      await expectAccessible(page);
      // Officers upload but do not delete.
      await expect(page.getByRole("link", { name: /^Delete / })).toHaveCount(0);
    });

    test("a file over 50 MB is refused with the spec's message, before it is sent when JavaScript runs", async ({ browser, page, expectAccessible }, testInfo) => {
      const file = testInfo.outputPath("survey-scan.pdf");
      fs.writeFileSync(file, "%PDF-1.7\n");
      fs.truncateSync(file, 52_428_801);
      await signedIn(browser, page, "officer", PROJECT);
      await page.goto("/documents");
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      const input = page.locator("#field-upload-document-file");
      await input.setInputFiles(file);
      if (mode.javaScriptEnabled) {
        // Shown as soon as the file is chosen; submitting sends nothing and returns focus to the file.
        await expect(page.getByRole("alert").filter({ hasText: "File size must be less than 50MB" })).toBeVisible();
        await page.getByRole("button", { name: "Upload Document" }).click();
        await expect(input).toBeFocused();
        expect(posts).toEqual([]);
      } else {
        await page.getByRole("button", { name: "Upload Document" }).click();
        await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("File size must be less than 50MB");
      }
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#field-upload-document-file-error")).toHaveText("Error: File size must be less than 50MB");
      await expectAccessible(page);
    });

    test("a viewer sees documents but no upload, edit or delete", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "viewer", PROJECT);
      await page.goto("/documents");
      await expect(page.getByRole("heading", { name: "Document statistics" })).toBeAttached();
      await expect(page.getByRole("button", { name: "Upload Document" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^Edit notes/ })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^Delete / })).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}

test.describe("document previews, JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  // Small real files: a one-page PDF with a Helvetica text line and a 64×48 RGB PNG.
  const fixture = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", name);

  test("a PDF opens in the browser's PDF viewer in a new tab, and an image shows inline", { tag: "@full-browser" }, async ({ browser, page, context }) => {
    await signedIn(browser, page, "officer", PROJECT);
    await page.goto("/documents");
    const suffix = Math.random().toString(36).slice(2, 8);
    for (const [file, name, mimeType] of [
      ["access-agreement.pdf", `agreement-${suffix}.pdf`, "application/pdf"],
      ["site-photo.png", `photo-${suffix}.png`, "image/png"],
    ]) {
      await page.locator("#field-upload-document-file").setInputFiles({ name, mimeType, buffer: fs.readFileSync(fixture(file)) });
      await page.getByRole("button", { name: "Upload Document" }).click();
      await expect(page.getByRole("status")).toContainText("Document uploaded");
    }

    const downloads: string[] = [];
    context.on("page", (opened) => opened.on("download", (d) => downloads.push(d.suggestedFilename())));
    const pdfTab = context.waitForEvent("page");
    await page
      .getByRole("row")
      .filter({ hasText: `agreement-${suffix}.pdf` })
      .getByRole("link", { name: /^Preview / })
      .click();
    const pdf = await pdfTab;
    // Chrome shows PDFs with its built-in viewer, which runs in an extension frame.
    await expect.poll(() => pdf.frames().some((f) => f.url().startsWith("chrome-extension://"))).toBe(true);
    expect(await pdf.evaluate(() => document.contentType)).toBe("application/pdf");

    const imageTab = context.waitForEvent("page");
    await page
      .getByRole("row")
      .filter({ hasText: `photo-${suffix}.png` })
      .getByRole("link", { name: /^Preview / })
      .click();
    const image = await imageTab;
    await expect.poll(() => image.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    expect(downloads).toEqual([]);
  });
});
