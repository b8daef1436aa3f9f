import fs from "node:fs";
import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { submitImport } from "./import.support";
import { JS_MODES, account, expect, signIn, signedIn, test } from "./support";
import { WESTERN_OPTION, selectWestern } from "./stakeholders.support";

/**
 * The import wizard (docs/import.md) end to end, JavaScript off and on: upload, sheet choice, mapping,
 * progress, complete, the imported stakeholders on /stakeholders, the history and Undo import, with
 * an axe scan of every step and error state.
 */
test.describe.configure({ timeout: 180_000 });

/** A mobile number of this run only: the import holds back a phone already in the project as a likely duplicate. */
const phone = () => `04${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/**
 * An address of this run only: the other mode's journey imports the same rows into the same project, and a
 * similar name at the same address is held back as a likely duplicate too (whichever ran second stopped on
 * the duplicates step).
 */
const letters = (n: number) => Array.from({ length: n }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join("");
const street = (number: number) => `${number} ${letters(9)} ${letters(9)} Rd`;

const csv = (suffix: string) =>
  [
    "Full Name,E-mail Address,Mobile,Postal Address,Favourite Colour,Member Type",
    `Ada Importer ${suffix},ada.${suffix}@example.com,${phone()},${street(1)},Green,Individual`,
    `Ben Importer ${suffix},ben.${suffix}@example.com,${phone()},${street(2)},Blue,Nonsense`,
    `Cy Importer ${suffix},,${phone()},${street(3)},,Organisation`,
  ].join("\r\n") + "\r\n";

async function workbook(suffix: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet("Cover notes").addRows([
    ["Prepared by", "Council"],
    ["Date", "2026-01-01"],
  ]);
  book.addWorksheet("Landholders").addRows([
    ["Landholder", "Email"],
    [`Dee Sheet ${suffix}`, `dee.${suffix}@example.com`],
    [`Eve Sheet ${suffix}`, `eve.${suffix}@example.com`],
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const fileInput = (page: Page) => page.locator("#field-import-upload-file");

async function uploadFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await fileInput(page).setInputFiles(file);
  await page.getByRole("button", { name: "Upload and continue" }).click();
}

/** On the duplicates step (rows that look like records already there), keeps every row as a new record. */
async function createAnyHeldBack(page: Page) {
  await page.waitForURL(/\/import\/\d+(\/duplicates)?$/);
  for (let i = 0; i < 20 && !/\/duplicates$/.test(page.url()); i++) {
    if (await page.getByRole("heading", { name: /Import Successful!|Import failed/ }).isVisible()) return;
    await page.waitForTimeout(500);
  }
  if (!/\/duplicates$/.test(page.url())) return;
  for (const radio of await page.getByRole("radio", { name: /^Create new: / }).all()) await radio.check();
  await page.getByRole("button", { name: "Resolve duplicates" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Duplicates Resolved Successfully!" })).toBeVisible();
}

/** Waits for the import to finish: JavaScript polls by itself; without it the user presses Check progress. */
async function waitForCompletion(page: Page, javaScript: boolean) {
  const done = page.getByRole("heading", { name: /Import Successful!|Import failed/ });
  for (let i = 0; i < 60; i++) {
    if (await done.isVisible()) return;
    if (!javaScript) {
      await page.getByRole("button", { name: "Check progress" }).click();
      await page.waitForLoadState("load");
    } else {
      await page.waitForTimeout(500);
    }
  }
  await expect(page.getByRole("heading", { name: "Import Successful!" })).toBeVisible();
}

for (const mode of JS_MODES) {
  test.describe(`import wizard, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an officer imports stakeholders from a CSV, sees the skipped row, finds them on /stakeholders; a project manager undoes the import", async ({ browser, page, expectAccessible }) => {
      const suffix = Math.random().toString(36).slice(2, 8);
      await signIn(page, account("officer"));

      // No project yet: the spec's callout.
      await page.goto("/import");
      await expect(page.getByRole("heading", { name: "Project Required" })).toBeVisible();
      await expect(page.getByText("Please select a project first. All imported data must be associated with a specific project.")).toBeVisible();
      await expectAccessible(page);

      await selectWestern(page);
      await page.getByRole("link", { name: "Import Data" }).click();
      await expect(page).toHaveURL(/\/import$/);
      await expect(page.getByRole("heading", { level: 1, name: "Import Data" })).toBeVisible();
      await expect(fileInput(page)).toHaveAttribute("accept", /\.csv,\.xlsx,\.xls,\.pdf/);
      await expect(page.getByRole("radio", { name: "Stakeholders" })).toBeChecked();
      await expectAccessible(page);

      // A file of another type: the spec's message under Invalid File.
      await uploadFile(page, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello\n") });
      await expect(page).toHaveTitle(/^Error: /);
      const summary = page.getByRole("alert").filter({ hasText: "Invalid File" });
      await expect(summary).toContainText("Please select a CSV, Excel (.xlsx, .xls), or PDF file.");
      await expect(page.locator("#field-import-upload-file-error")).toHaveText("Error: Please select a CSV, Excel (.xlsx, .xls), or PDF file.");
      await expectAccessible(page);

      await uploadFile(page, { name: `landholders-${suffix}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv(suffix)) });
      await expect(page).toHaveURL(/\/import\/mapping\?data=/);
      await expect(page.getByRole("status")).toContainText("File Parsed Successfully");
      await expect(page.getByRole("status")).toContainText("6 columns and 3 rows");
      const rowOf = (column: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: column, exact: true }) });
      await expect(rowOf("Full Name")).toContainText(`Ada Importer ${suffix}`);
      await expect(rowOf("Full Name")).toContainText(`Cy Importer ${suffix}`);
      await expect(page.getByLabel("Import column Full Name as")).toHaveValue("name");
      await expect(page.getByLabel("Import column E-mail Address as")).toHaveValue("email");
      await expect(page.getByLabel("Import column Favourite Colour as")).toHaveValue("skip");
      await expectAccessible(page);

      // Create new field without a name: refused (JS: Import disabled; no JS: the server's error summary).
      await page.getByLabel("Import column Favourite Colour as").selectOption("create_new");
      const importButton = page.getByRole("button", { name: "Import", exact: true });
      if (mode.javaScriptEnabled) {
        await expect(importButton).toBeDisabled();
        await expect(page.getByText("Enter a name for every new field before importing.")).toBeVisible();
        await expectAccessible(page);
      } else {
        await page.getByLabel("Import column Member Type as").selectOption("skip");
        await importButton.click();
        await expect(page).toHaveTitle(/^Error: /);
        await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Favourite Colour: Enter a name for the new field");
        // Nothing chosen is lost.
        await expect(page.getByLabel("Import column Favourite Colour as")).toHaveValue("create_new");
        await expect(page.getByLabel("Import column Member Type as")).toHaveValue("skip");
        await expectAccessible(page);
        await page.getByLabel("Import column Member Type as").selectOption("memberType");
      }
      await page.getByLabel("New field name for column Favourite Colour").fill("Favourite colour");
      await expect(importButton).toBeEnabled();
      await submitImport(page);

      await expect(page).toHaveURL(/\/import\/\d+$/);
      await waitForCompletion(page, mode.javaScriptEnabled);
      await expect(page.getByRole("heading", { name: "Import Successful!" })).toBeVisible();
      await expect(page.locator(".import-counts")).toContainText("Imported2");
      await expect(page.locator(".import-counts")).toContainText("Skipped1");
      const skipped = page.getByRole("region", { name: /Skipped rows/ });
      await expect(skipped.getByRole("row").nth(1)).toContainText("3");
      await expect(skipped.getByRole("row").nth(1)).toContainText("Nonsense");
      await expectAccessible(page);
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download skipped rows (CSV)" }).click();
      expect((await download).suggestedFilename()).toMatch(/^import_\d+_skipped_rows\.csv$/);

      await page.goto(`/stakeholders?search=${suffix}`);
      await expect(page.getByRole("row").filter({ hasText: `Ada Importer ${suffix}` })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: `Cy Importer ${suffix}` })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: `Ben Importer ${suffix}` })).toHaveCount(0);

      // History and Undo import (a confirmation on its own URL).
      await page.goto("/imports");
      await expect(page.getByRole("heading", { level: 1, name: "Import History" })).toBeVisible();
      const historyRow = page.getByRole("row").filter({ hasText: `landholders-${suffix}.csv` });
      await expect(historyRow).toContainText("Completed");
      await expectAccessible(page);
      // Undoing deletes records, which an officer may not (docs/import.md#undo): no Undo for them.
      await expect(historyRow.getByRole("link", { name: /Undo import of/ })).toHaveCount(0);
      await signedIn(browser, page, "project_manager", WESTERN_OPTION);
      await page.goto("/imports");
      await historyRow.getByRole("link", { name: /Undo import of/ }).click();
      await expect(page).toHaveURL(/undo=\d+/);
      await expect(page.getByRole("region", { name: "Undo import" })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("region", { name: "Undo import" }).getByRole("button", { name: "Undo import" }).click();
      await expect(page.getByRole("status")).toContainText("Import Undone");
      await expect(page.getByRole("row").filter({ hasText: `landholders-${suffix}.csv` })).toContainText("Undone");
      await page.goto(`/stakeholders?search=${suffix}`);
      await expect(page.getByRole("row").filter({ hasText: `Ada Importer ${suffix}` })).toHaveCount(0);
    });

    test("a workbook with several sheets asks for the sheet, Back returns to the upload", async ({ browser, page, expectAccessible }) => {
      const suffix = Math.random().toString(36).slice(2, 8);
      const file = { name: `title-search-${suffix}.xlsx`, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: await workbook(suffix) };
      await signedIn(browser, page, "project_manager", WESTERN_OPTION);
      await page.goto("/import");
      await uploadFile(page, file);
      await expect(page).toHaveURL(/\/import\/sheet\?workbook=/);
      await expect(page.getByRole("status")).toContainText("Multiple Sheets Found");
      await expect(page.getByRole("radio", { name: "Cover notes (1 row)" })).toBeVisible();
      await expect(page.getByRole("radio", { name: "Landholders (2 rows)" })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole("link", { name: "Back" }).click();
      await expect(page).toHaveURL(/\/import$/);
      await uploadFile(page, file);
      await page.getByRole("radio", { name: "Landholders (2 rows)" }).check();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/import\/mapping\?data=/);
      await expect(page.getByRole("status")).toContainText("Sheet Parsed Successfully");
      await expect(page.getByLabel("Import column Landholder as")).toHaveValue("name");
      await expectAccessible(page);
      await submitImport(page);
      await waitForCompletion(page, mode.javaScriptEnabled);
      await expect(page.locator(".import-counts")).toContainText("Imported2");
      await page.goto(`/stakeholders?search=${suffix}`);
      await expect(page.getByRole("row").filter({ hasText: `Dee Sheet ${suffix}` })).toBeVisible();
    });

    // The same screens as the .xlsx journey, so once (with JavaScript) is enough for the file format.
    if (mode.javaScriptEnabled)
      test("a LibreOffice-made legacy .xls: the real sheet names, then accented names on /stakeholders", async ({ browser, page }) => {
        await signedIn(browser, page, "officer", WESTERN_OPTION);
        await page.goto("/import");
        await uploadFile(page, { name: "landholders.xls", mimeType: "application/vnd.ms-excel", buffer: fs.readFileSync(new URL("../fixtures/import/landholders.xls", import.meta.url)) });
        await expect(page).toHaveURL(/\/import\/sheet\?workbook=/);
        for (const sheet of ["Landholders", "Parcels", "Blank"]) await expect(page.getByRole("radio", { name: new RegExp(`^${sheet} \\(`) })).toBeVisible();
        await page.getByRole("radio", { name: /^Landholders \(/ }).check();
        await page.getByRole("button", { name: "Continue" }).click();
        await expect(page.getByLabel("Import column Landholder as")).toHaveValue("name");
        await submitImport(page);
        // Zoë's mobile is a seeded landholder's (and the .xlsx journey may have imported her): held back.
        await createAnyHeldBack(page);
        await waitForCompletion(page, true);
        await page.goto(`/stakeholders?search=${encodeURIComponent("Müller")}`);
        await expect(page.getByRole("row").filter({ hasText: "Zoë Müller" }).first()).toBeVisible();
      });

    test("a viewer gets the 403 page", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "viewer", WESTERN_OPTION);
      const response = await page.goto("/import");
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
