import fs from "node:fs";
import ExcelJS from "exceljs";
import type { Download, Locator, Page } from "@playwright/test";
import { JS_MODES, expect, signedIn, test } from "./support";

/**
 * The /export screen (docs/export.md) end to end, JavaScript off and on: reached from the dashboard, type
 * and mode chosen, the column list edited (exclude, rename, reorder, remove, add), the file
 * downloaded under the spec's name and read back, CSV with its byte-order mark, the "no field"
 * error and the "No Project Selected" state, with an axe scan of each. Exports only read, so both
 * modes use Western Pipeline; a viewer exports without JavaScript (the matrix gives viewers exportData).
 */
test.describe.configure({ timeout: 120_000 });

const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";
const SETUP = { off: { role: "viewer" }, on: { role: "project_manager" } } as const;

const rows = (page: Page) => page.locator("table.export-columns tbody tr");
const row = (page: Page, position: number) => rows(page).nth(position - 1);
const columnName = (r: Locator) => r.getByRole("textbox", { name: /^Column name for column/ });
const fieldSelect = (r: Locator) => r.getByRole("combobox", { name: /^Database field for column/ });

/** The column names in the list, in order. */
async function listedNames(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((trs) => trs.map((tr) => (tr.querySelector('input[type="text"]') as HTMLInputElement).value));
}

async function choose(page: Page, javaScript: boolean, type: string, mode: string) {
  await page.getByRole("radio", { name: type, exact: true }).check();
  await page.getByRole("radio", { name: mode, exact: true }).check();
  if (!javaScript) await page.getByRole("button", { name: "Show columns" }).click();
  await expect(page.getByRole("heading", { level: 2, name: `Columns: ${type}, ${mode}` })).toBeVisible();
}

async function exportFile(page: Page): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export", exact: true }).click()]);
  return download;
}

async function headerOf(download: Download): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.worksheets[0]!;
  const values = sheet.getRow(1).values as unknown[];
  return values.slice(1).map(String);
}

for (const mode of JS_MODES) {
  const javaScript = mode.javaScriptEnabled;
  const setup = SETUP[javaScript ? "on" : "off"];

  test.describe(`Export to Excel (${mode.name})`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("choose properties and Search Report, edit the columns, download the workbook", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, setup.role, WESTERN);
      await page.goto("/");
      await page.getByRole("link", { name: "Export to Excel" }).click();
      await expect(page).toHaveURL(/\/export$/);
      await expect(page.getByRole("heading", { level: 1, name: "Export to Excel" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Columns: Stakeholders, Standard" })).toBeVisible();
      await expect(rows(page)).toHaveCount(10);
      await expectAccessible();

      await choose(page, javaScript, "Properties", "Search Report");
      await expect(page).toHaveURL(/type=properties/);
      await expect(page).toHaveURL(/mode=search-report/);
      await expect(rows(page)).toHaveCount(22);
      const template = await listedNames(page);
      expect(template.slice(0, 3)).toEqual(["Property Address", "Volume", "Folio"]);
      expect(template.slice(-3)).toEqual(["Found Address", "Found Phone", "Found Email"]);

      // Exclude Volume, rename the address, move Folio up, remove Found Email, add Zoning.
      await row(page, 2).getByRole("checkbox").uncheck();
      await columnName(row(page, 1)).fill("Address of the title");
      await row(page, 3)
        .getByRole("button", { name: /^Move up/ })
        .click();
      await expect(page.getByRole("button", { name: "Move up column 2, Folio" })).toBeFocused();
      expect((await listedNames(page)).slice(0, 3)).toEqual(["Address of the title", "Folio", "Volume"]);
      await expect(row(page, 3).getByText("Excluded")).toBeVisible();
      await row(page, 22)
        .getByRole("button", { name: /^Remove/ })
        .click();
      await expect(rows(page)).toHaveCount(21);
      await page.getByRole("button", { name: "Add column" }).click();
      await expect(rows(page)).toHaveCount(22);
      const added = row(page, 22);
      await expect(fieldSelect(added)).toBeFocused();
      await expect(added.getByText("Excluded")).toBeVisible();
      await fieldSelect(added).selectOption({ label: "Zoning" });
      await columnName(added).fill("Zoning code");
      if (!javaScript) await page.getByRole("button", { name: "Update list" }).click();
      await expect(added.getByText("Exported")).toBeVisible();
      await expect(page.getByText("21 of 22 columns will be exported.")).toBeVisible();
      await expectAccessible();

      const fileName = (await page.getByText(/The file is named/).textContent())!.match(/properties_export_\d{4}-\d{2}-\d{2}\.xlsx/)![0];
      const download = await exportFile(page);
      expect(download.suggestedFilename()).toBe(fileName);
      // Volume excluded, Found Email removed, Zoning added.
      expect(await headerOf(download)).toEqual(["Address of the title", "Folio", ...template.slice(3, 21), "Zoning code"]);
      if (javaScript) await expect(page.getByRole("status").filter({ hasText: "Export Successful!" })).toBeVisible();
      // The page keeps the list as the user left it.
      expect((await listedNames(page)).slice(0, 3)).toEqual(["Address of the title", "Folio", "Volume"]);
      await expect(rows(page)).toHaveCount(22);
    });

    test("grievances and commitments: a standard template each, downloaded", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, setup.role, WESTERN);
      await page.goto("/export");
      await choose(page, javaScript, "Grievances", "Standard");
      await expect(rows(page)).toHaveCount(16);
      await expectAccessible();
      const grievances = await exportFile(page);
      expect(grievances.suggestedFilename()).toMatch(/^grievances_export_\d{4}-\d{2}-\d{2}\.xlsx$/);
      expect((await headerOf(grievances)).slice(0, 4)).toEqual(["Reference", "Received", "Channel", "Complainant"]);

      await page.goto("/export");
      await choose(page, javaScript, "Commitments", "Standard");
      await expect(rows(page)).toHaveCount(12);
      const commitments = await exportFile(page);
      expect(commitments.suggestedFilename()).toMatch(/^commitments_export_\d{4}-\d{2}-\d{2}\.xlsx$/);
      expect((await headerOf(commitments)).slice(0, 3)).toEqual(["Commitment", "Stakeholders", "Properties"]);
      await expectAccessible();
    });

    test("CSV with a byte-order mark, and the no-field error", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, setup.role, WESTERN);
      await page.goto("/export?type=stakeholders");
      await page.getByRole("radio", { name: "CSV, UTF-8 (.csv)" }).check();
      const download = await exportFile(page);
      expect(download.suggestedFilename()).toMatch(/^stakeholders_export_\d{4}-\d{2}-\d{2}\.csv$/);
      const text = fs.readFileSync((await download.path())!, "utf8");
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text.slice(1).split("\r\n")[0]).toBe("Name,Stakeholder Type,Category,Email,Phone,Address,Influence Level,IAP2 Level,Last Contact,Notes");
      expect(text).toContain("Margaret Ellis");

      await choose(page, javaScript, "Engagements", "Custom");
      await expect(rows(page)).toHaveCount(5);
      for (const checkbox of await page.getByRole("checkbox", { name: /^Export column/ }).all()) await checkbox.uncheck();
      await page.getByRole("button", { name: "Export", exact: true }).click();
      const summary = page.locator(".error-summary");
      await expect(summary.getByRole("alert")).toContainText("Please select at least one field to export");
      await expect(summary).toBeFocused();
      if (!javaScript) await expect(page).toHaveTitle(/^Error: /);
      await expect(rows(page)).toHaveCount(5);
      await expectAccessible();
      // The link in the summary leads to the first row.
      await summary.getByRole("link", { name: "Please select at least one field to export" }).click();
      await expect(row(page, 1).getByRole("checkbox")).toBeFocused();
    });

    test("a download that cannot start comes back to the page with Export Failed", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, setup.role, WESTERN);
      // A token this session never received: what a used or lapsed download link leads to.
      await page.goto("/export/download/not-a-token-of-this-session");
      await expect(page).toHaveURL(/\/export$/);
      const alert = page.getByRole("alert").filter({ hasText: "Export Failed" });
      await expect(alert).toContainText("This export has expired or was already downloaded. Please export again.");
      await expect(page.getByRole("heading", { level: 2, name: "Columns: Stakeholders, Standard" })).toBeVisible();
      await expectAccessible();
      if (javaScript) {
        // The script posts to the /api twin; its 500 (tests/integration/export-excel.test.ts) is said beside the button.
        await page.route("**/api/export/excel?*", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Failed to export data" }) }));
        await page.getByRole("button", { name: "Export", exact: true }).click();
        const failed = page.getByRole("alert").filter({ hasText: "Failed to export data" });
        await expect(failed).toContainText("Export Failed");
        await expectAccessible();
      }
    });

    test("without a project the page says to select one", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, setup.role, null);
      await page.goto("/export");
      await expect(page.getByRole("heading", { level: 2, name: "No Project Selected" })).toBeVisible();
      await expect(page.getByText("Please select a project before exporting")).toBeVisible();
      await expect(page.getByRole("button", { name: "Export", exact: true })).toHaveCount(0);
      await expectAccessible();
    });
  });
}
