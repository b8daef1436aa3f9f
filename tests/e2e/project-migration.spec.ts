import type { Page } from "@playwright/test";
import { JS_MODES, expect, signedIn, test } from "./support";

/**
 * Project Migration (docs/administration.md#project-migration), JavaScript off and on. The system admin makes two clients of their
 * own and a project in the first (POST /api/client/create, POST /api/projects), so the seeded
 * clients are untouched; then, from the Admin menu: the missing-choice message, the preview (its
 * records, members, warning), Migrate Project, and the project now under its new client. A
 * director is refused with the spec's words.
 */
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function setUp(page: Page) {
  const suffix = unique();
  const origin = { Origin: new URL(page.url()).origin };
  const names = { source: `Migration Source ${suffix}`, target: `Migration Target ${suffix}`, project: `Relocated Pipeline ${suffix}` };
  const source = await page.request.post("/api/client/create", { data: { organizationName: names.source }, headers: origin });
  expect(source.status()).toBe(201);
  const target = await page.request.post("/api/client/create", { data: { organizationName: names.target }, headers: origin });
  expect(target.status()).toBe(201);
  const clientId = (await source.json()).client.id;
  const project = await page.request.post("/api/projects", {
    headers: origin,
    data: {
      clientId,
      name: names.project,
      projectData: { projectTitle: names.project, clientName: names.source, clientProjectManager: "Kim Lee", cncProjectManager: "Sam Ray", leadBusinessUnit: "Land Access" },
    },
  });
  expect(project.status()).toBe(201);
  return names;
}

for (const mode of JS_MODES) {
  test.describe(`Project Migration (${mode.name})`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a system admin previews and migrates a project to another client", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "system_admin", null);
      await page.goto("/");
      const names = await setUp(page);

      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByText("Admin", { exact: true }).click();
      await nav.getByRole("link", { name: "Project Migration" }).click();
      await expect(page).toHaveURL(/\/project-migration$/);
      await expect(page.getByRole("heading", { level: 1, name: "Project Migration" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Client Organizations" }).getByText(names.target)).toBeVisible();
      await expectAccessible();

      await page.getByLabel("Project", { exact: true }).selectOption({ label: `${names.project} (${names.source})` });
      await page.getByRole("button", { name: "Preview Migration" }).click();
      await expect(page.getByRole("link", { name: "Missing Information: Please select both a project and target client" })).toBeVisible();
      await expect(page).toHaveTitle(/^Error: Project Migration/);
      await expectAccessible();

      // The project's own client is not offered as the target.
      const target = page.getByLabel("Target client organization");
      await expect(target.locator("option", { hasText: names.source })).toHaveCount(0);
      await target.selectOption({ label: `${names.target} (Free)` });
      await page.getByRole("button", { name: "Preview Migration" }).click();
      const preview = page.getByRole("region", { name: "Migration Preview" });
      await expect(preview).toBeVisible();
      await expect(page).toHaveTitle(/^Project Migration/);
      await expect(preview).toContainText(`From${names.source}`);
      await expect(preview).toContainText(`To${names.target}`);
      await expect(preview).toContainText("0 stakeholders, 0 properties, 0 engagements, 0 documents");
      await expect(preview.getByRole("heading", { name: "Members who will lose access (0)" })).toBeVisible();
      await expect(preview.getByRole("note").filter({ hasText: "Warning:" })).toContainText(`${names.source} will lose access to this project`);
      await expectAccessible();

      await preview.getByRole("button", { name: "Migrate Project" }).click();
      await expect(page.getByRole("status")).toContainText("Project Migrated Successfully");
      await expect(page.getByRole("status")).toContainText(`${names.project} now belongs to ${names.target}`);
      await expect(page).toHaveURL(/\/project-migration$/);
      await expect(page.getByRole("region", { name: "Migration Preview" })).toHaveCount(0);
      await expect(page.getByLabel("Project", { exact: true }).locator("option", { hasText: `${names.project} (${names.target})` })).toHaveCount(1);
      await expectAccessible();
    });

    test("anyone but a system admin is refused", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "director", null);
      await page.goto("/project-migration");
      await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
      await expect(page.getByText("Access Denied - Only system administrators can migrate projects between client organizations.")).toBeVisible();
      await expectAccessible();
    });
  });
}
