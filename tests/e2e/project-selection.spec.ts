import { JS_MODES, account, expect, signIn, test } from "./support";

for (const mode of JS_MODES) {
  test.describe(`project selection, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an officer selects the demo project, sees its counts, then clears the selection", async ({ page, expectAccessible }) => {
      await signIn(page, account("officer"));
      await expect(page.getByText("No project selected.")).toBeVisible();
      await expectAccessible(page);

      await page.getByLabel("Project", { exact: true }).selectOption({ label: "Western Pipeline Stage 2 (Demo Land Consultancy)" });
      await page.getByRole("button", { name: "Select Project" }).click();
      await expect(page.getByRole("status")).toContainText("Project selected");
      await expect(page.getByRole("heading", { name: "Active Project" }).locator("..")).toContainText("Western Pipeline Stage 2");
      const stats = page.locator(".stats");
      await expect(stats.locator(".stat", { hasText: "Stakeholders" }).locator("dd")).toHaveText(/^[1-9]\d*$/);
      await expect(stats.locator(".stat", { hasText: "Properties" }).locator("dd")).toHaveText(/^[1-9]\d*$/);
      // The register's quick figures link to the lists they count (docs/records.md#grievance-list).
      const grievances = stats.locator(".stat", { hasText: "Open Grievances" });
      await expect(grievances.getByRole("link", { name: /^\d+$/ })).toHaveAttribute("href", "/grievances?stage=open");
      await expect(grievances.getByRole("link", { name: /overdue$/ })).toHaveAttribute("href", "/grievances?stage=open&overdue=yes");
      await expect(page.getByRole("link", { name: "Project Phases" })).toHaveAttribute("href", /\/projects\/\d+\/phases$/);
      for (const action of ["Import Data", "Add Stakeholder", "Export to Excel"]) {
        await expect(page.getByRole("link", { name: action })).toBeVisible();
      }
      // Officers may not export the whole database (docs/access.md#database-export).
      await expect(page.getByRole("link", { name: "Export Database" })).toHaveCount(0);
      await expectAccessible(page);

      // The selection lives in the server session: a fresh page load keeps it.
      await page.goto("/");
      await expect(page.getByText("(Project ID:")).toBeVisible();

      await page.getByRole("button", { name: "Clear Selection" }).click();
      await expect(page.getByText("No project selected.")).toBeVisible();
    });

    test("submitting without a project shows the error summary and inline error", async ({ page, expectAccessible }) => {
      await signIn(page, account("viewer"));
      await page.getByRole("button", { name: "Select Project" }).click();
      await expect(page).toHaveTitle(/^Error: /);
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      // The summary's container takes focus; the alert inside it announces the errors.
      await expect(summary.locator("..")).toBeFocused();
      await expect(summary.getByRole("link", { name: "Select a project" })).toHaveAttribute("href", "#field-projectId");
      await expect(page.locator("#field-projectId-error")).toHaveText("Error: Select a project");
      await expect(page.getByLabel("Project", { exact: true })).toHaveAttribute("aria-describedby", "field-projectId-error");
      await expectAccessible(page);
    });

    test("the owner of a client without projects is offered Create Your First Project", async ({ page, expectAccessible }) => {
      await signIn(page, account("client_owner", "fresh"));
      await expect(page.getByRole("heading", { name: "No projects yet" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Create Your First Project" })).toHaveAttribute("href", "/projects/new");
      await expect(page.getByLabel("Project", { exact: true })).toHaveCount(0);
      await expect(page.locator(".stat", { hasText: "Total Projects" }).locator("dd")).toHaveText("0");
      await expectAccessible(page);
    });

    test("a director sees Export Database once a project is selected", async ({ page }) => {
      await signIn(page, account("director"));
      await page.getByLabel("Project", { exact: true }).selectOption({ label: "Northern Transmission Line (Demo Land Consultancy)" });
      await page.getByRole("button", { name: "Select Project" }).click();
      await expect(page.getByRole("link", { name: "Export Database" })).toHaveAttribute("href", /\/api\/database\/export\?projectId=\d+$/);
    });
  });
}
