import type { Page } from "@playwright/test";
import { expect, signedIn, test } from "./support";

/**
 * New project (docs/lifecycle.md#new-project) end to end: the start-up form reached from the dashboard, its errors, team
 * rows, the PDF auto-fill with start-up forms LibreOffice made (tests/fixtures/project-startup), and
 * Create, which lands on the project's phases. JavaScript off and on, axe on each state. Each mode
 * creates one project in the demo client (allowed 5; 2 are seeded); the second client is on the free
 * plan and already has its one project, so it shows the plan's refusal.
 */
test.describe.configure({ timeout: 120_000 });

const fixture = (name: string) => new URL(`../fixtures/project-startup/${name}`, import.meta.url).pathname;
const summary = (page: Page) => page.locator(".error-summary");

const REQUIRED = [
  ["Project Title", "Project title is required"],
  ["Client Name", "Client name is required"],
  ["Client Project Manager", "Client project manager is required"],
  ["CNC Project Manager", "CNC project manager is required"],
  ["Lead Business Unit", "Lead business unit is required"],
] as const;

/** Create with nothing typed: each required field's message in the summary (focused) and beside its field. */
async function expectRequiredErrors(page: Page) {
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(summary(page)).toBeFocused();
  for (const [label, message] of REQUIRED) {
    await expect(summary(page).getByRole("link", { name: message })).toBeVisible();
    const field = page.getByRole("textbox", { name: label, exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(new RegExp(`Error: ${message}`));
  }
  await expect(page).toHaveTitle(/^Error: /);
}

async function upload(page: Page, file: string, javaScript: boolean) {
  await page.getByLabel("Start-up form (PDF)").setInputFiles(file);
  await page.getByRole("button", { name: "Auto-fill from PDF" }).click();
  if (!javaScript) await page.waitForLoadState("load");
}

test.describe("New project (JavaScript disabled)", () => {
  test.use({ javaScriptEnabled: false });

  test("errors, team rows, auto-fill from a printed PDF, create", async ({ browser, page, expectAccessible }) => {
    await signedIn(browser, page, "director", null);
    await page.goto("/");
    await page.getByRole("link", { name: "create a new project" }).click();
    await expect(page).toHaveURL(/\/projects\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: "Project Start Up, Planning and Closure Form" })).toBeVisible();
    await expect(page.getByLabel("Terms of Agreement")).toHaveValue("servicesAgreement");
    await expect(page.getByLabel("Terms of Engagement")).toHaveValue("fixedFee");
    await expect(page.getByLabel("Require approval")).toBeChecked();
    await expect(page.getByLabel("Default time zone")).toHaveValue("Australia/Sydney");
    await expectAccessible();

    await expectRequiredErrors(page);
    await expectAccessible();

    // Team rows post back; what was typed stays.
    await page.getByLabel("Name of team member 1").fill("Ana Diaz");
    await page.getByRole("button", { name: "Add team member" }).click();
    await expect(page.getByLabel("Name of team member 2")).toBeFocused();
    await expect(page.getByLabel("Name of team member 1")).toHaveValue("Ana Diaz");
    await page.getByRole("button", { name: "Remove team member 1, Ana Diaz" }).click();
    await expect(page.getByLabel("Name of team member 2")).toHaveCount(0);
    await expect(page.getByText("Ana Diaz removed.")).toBeAttached();
    await expectAccessible();

    // Not a PDF, then a start-up form printed to PDF.
    await upload(page, fixture("README.md"), false);
    await expect(summary(page).getByRole("link", { name: "Invalid File: Please upload a PDF file." })).toBeVisible();
    await expectAccessible();
    await upload(page, fixture("startup-form-printed.pdf"), false);
    await expect(page.getByRole("status").filter({ hasText: /Extracted \d+ fields and auto-populated the form/ })).toBeVisible();
    await expect(page.locator(".extraction-summary li")).toHaveCount(8);
    await expect(page.getByLabel("Project Title")).toHaveValue("Goulburn Valley Water Main Renewal – Easement Acquisition");
    await expect(page.getByRole("textbox", { name: "Client Name", exact: true })).toHaveValue("Goulburn Valley Regional Water Corporation");
    await expect(page.getByLabel("Sector")).toHaveValue("environmental");
    await expectAccessible();

    // Whatever the PDF left out of the five required fields is typed in, then Create.
    for (const [label, value] of [
      ["Client Project Manager", "Kim Lee"],
      ["CNC Project Manager", "Sam Ray"],
      ["Lead Business Unit", "Land Access"],
    ] as const) {
      const field = page.getByRole("textbox", { name: label, exact: true });
      if (!(await field.inputValue())) await field.fill(value);
    }
    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(page).toHaveURL(/\/projects\/\d+\/phases$/);
    await expect(page.getByRole("status")).toContainText("Project created with secure isolated database");
  });

  test("the free plan's one project: the second client's owner is told the plan and where to upgrade", async ({ browser, page, expectAccessible }) => {
    await signedIn(browser, page, "client_owner", null, "second");
    await page.goto("/projects/new");
    await page.getByLabel("Project Title").fill("One too many");
    await page.getByRole("textbox", { name: "Client Name", exact: true }).fill("Someone");
    await page.getByLabel("Client Project Manager").fill("Kim Lee");
    await page.getByLabel("CNC Project Manager").fill("Sam Ray");
    await page.getByLabel("Lead Business Unit").fill("Land Access");
    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(summary(page)).toContainText("Second Client Pty Ltd is on the Free plan, which allows 1 project, and already has 1.");
    await expect(page.getByRole("link", { name: "See plans and upgrade on the Subscription page" })).toHaveAttribute("href", "/subscription");
    await expect(page.getByLabel("Project Title")).toHaveValue("One too many");
    await expectAccessible();
  });

  test("an officer may not create projects", async ({ browser, page }) => {
    await signedIn(browser, page, "officer", null);
    const response = await page.goto("/projects/new");
    expect(response?.status()).toBe(403);
  });
});

test.describe("New project (JavaScript enabled)", () => {
  test.use({ javaScriptEnabled: true });

  test("auto-fill from a fillable PDF in place, team rows in place, create", async ({ browser, page, expectAccessible }) => {
    // The director, not a project manager: a creator becomes a member, and the tenancy test counts the project manager's projects.
    await signedIn(browser, page, "director", null);
    await page.goto("/projects/new");
    await expectRequiredErrors(page);
    await expectAccessible();

    await page.getByLabel("Region").fill("Riverina");
    await upload(page, fixture("README.md"), true);
    await expect(summary(page).getByRole("link", { name: "Invalid File: Please upload a PDF file." })).toBeVisible();
    await expectAccessible();
    await upload(page, fixture("startup-form-fillable.pdf"), true);
    await expect(page.getByRole("status").filter({ hasText: /Extracted \d+ fields and auto-populated the form/ })).toBeVisible();
    await expect(page.locator(".extraction-summary li")).toHaveCount(8);
    await expect(page).toHaveURL(/\/projects\/new$/);
    await expect(page.getByLabel("Project Title")).toHaveValue("Hume Highway Duplication – Stage 3 Land Access");
    await expect(page.getByLabel("Client ABN")).toHaveValue("51824753556");
    await expect(page.getByLabel("Project Start Date")).toHaveValue("2025-02-03");
    await expect(page.getByLabel("Default time zone")).toHaveValue("Australia/Brisbane");
    await expect(page.getByLabel("Name of team member 2")).not.toHaveValue("");
    await expectAccessible();

    await page.getByRole("button", { name: "Add team member" }).click();
    await expect(page.getByLabel("Name of team member 3")).toBeFocused();
    await page.getByLabel("Name of team member 3").fill("Cy Park");
    await page.getByRole("button", { name: /^Remove team member 1/ }).click();
    await expect(page.getByLabel("Name of team member 2")).toHaveValue("Cy Park");
    await expectAccessible();
    // A hovered Remove button keeps its text readable (the pointer rests on one after a removal).
    await page.getByRole("button", { name: /^Remove team member 1/ }).hover();
    await expectAccessible();

    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(page).toHaveURL(/\/projects\/\d+\/phases$/);
    await expect(page.getByRole("status")).toContainText("Project created with secure isolated database");
    await expectAccessible();
  });

  test("Cancel leaves the form for the dashboard", async ({ browser, page }) => {
    await signedIn(browser, page, "director", null);
    await page.goto("/projects/new");
    await page.getByLabel("Project Title").fill("Never created");
    await page.getByRole("link", { name: "Cancel", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Landholder Liaison Records System" })).toBeVisible();
  });
});
