import { JS_MODES, account, expect, signIn, signedIn, test } from "./support";
import { WESTERN, WESTERN_OPTION, createStakeholderViaApi, projectIdByName, sameOrigin, unique } from "./stakeholders.support";

// Long journeys (sign-in, several saves, axe scans) on a server shared with other suites.
test.describe.configure({ timeout: 180_000 });

for (const mode of JS_MODES) {
  test.describe(`stakeholders, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an officer adds, edits, searches for and links properties to a stakeholder", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "officer", WESTERN_OPTION);
      await page.goto("/");
      await page.getByRole("link", { name: "Stakeholders", exact: true }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Stakeholders" })).toBeVisible();
      await expect(page.locator(".project-banner")).toContainText(WESTERN);
      await expect(page.locator(".stat", { hasText: "Individuals" }).locator("dd")).toHaveText(/^\d+$/);
      await expect(page.getByRole("link", { name: "Dashboard", exact: true }).last()).toHaveAttribute("href", "/");
      await expectAccessible(page);

      // Add: errors first.
      await page.getByRole("link", { name: "Add Stakeholder" }).click();
      await expect(page.getByRole("heading", { name: "Add New Stakeholder" })).toBeVisible();
      for (const section of ["Basic Information", "Contact Information", "Stakeholder Classification", "Contact Addresses", "Next Action", "Additional Information"]) {
        await expect(page.getByRole("group", { name: section })).toBeVisible();
      }
      await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
      await expect(page.getByLabel("Member Type").locator("option")).toHaveText(["Not set", "Individual", "Business", "Organization", "Government"]);
      await expectAccessible(page);
      await page.getByLabel("Email", { exact: true }).fill("not-an-email");
      await page.getByRole("button", { name: "Add Stakeholder" }).click();
      await expect(page).toHaveTitle(/^Error: /);
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      // The summary's container takes focus; the alert inside it announces the errors.
      await expect(summary.locator("..")).toBeFocused();
      await expect(summary.getByRole("link", { name: "Name is required" })).toHaveAttribute("href", "#field-name");
      await expect(page.locator("#field-email-error")).toHaveText("Error: Invalid email");
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
      await expectAccessible(page);

      const name = unique("Playwright Person");
      const phone = `04${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Email", { exact: true }).fill("pw.person@example.com");
      await page.getByLabel("Phone", { exact: true }).fill("0400 123 456");
      await page.getByLabel("Member Type").selectOption("Individual");
      await page.getByLabel("IAP2 Engagement Level").selectOption("Consult");
      await page.getByLabel("Next Action", { exact: true }).fill("Call back about access");
      await page.getByLabel("Due Date").fill("2020-01-02");
      await page.getByRole("button", { name: "Add Stakeholder" }).click();
      await expect(page.getByRole("status")).toContainText("Success!");
      await expect(page.getByRole("status")).toContainText("Stakeholder added successfully to your community database.");
      await expect(page.getByRole("heading", { name: "Add New Stakeholder" })).toHaveCount(0);

      // The detail view opens on the saved record.
      const detail = page.getByRole("region", { name });
      await expect(detail).toBeVisible();
      await expect(detail).toContainText("pw.person@example.com");
      await expect(detail).toContainText("Consult");
      await expect(detail).toContainText("P1 · Overdue");
      await expectAccessible(page);
      await detail.getByRole("link", { name: "Documents" }).click();
      await expect(page.getByRole("region", { name })).toContainText(`No documents for ${name} yet.`);
      await expect(page.getByRole("region", { name }).getByRole("button", { name: "Upload Document" })).toBeVisible();

      // Edit.
      await page.getByRole("region", { name }).getByRole("link", { name: "Edit" }).click();
      await expect(page.getByRole("heading", { name: "Edit Stakeholder" })).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue(name);
      await page.getByLabel("Phone", { exact: true }).fill(phone);
      await page.getByLabel("Active stakeholder").uncheck();
      await page.getByRole("button", { name: "Update Stakeholder" }).click();
      await expect(page.getByRole("status")).toContainText("Stakeholder updated successfully.");
      await expect(page.getByRole("region", { name })).toContainText(phone);

      // Edit Contact Details in the detail view: a refused save, then a good one.
      await page.getByRole("region", { name }).getByRole("link", { name: "Edit Contact Details" }).click();
      const contact = page.getByRole("region", { name: "Edit Contact Details" });
      await contact.getByLabel("Email 2").fill("second@");
      await contact.getByRole("button", { name: "Save Contact Details" }).click();
      const failed = page.getByRole("alert").filter({ hasText: "Failed to update contact details" });
      await expect(failed.getByRole("link", { name: "Invalid email" })).toHaveAttribute("href", "#field-email2");
      await expectAccessible(page);
      await page.getByRole("region", { name: "Edit Contact Details" }).getByLabel("Email 2").fill("second@example.com");
      await page.getByRole("region", { name: "Edit Contact Details" }).getByRole("button", { name: "Save Contact Details" }).click();
      await expect(page.getByRole("status")).toContainText("Contact details updated successfully");
      await expect(page.getByRole("region", { name })).toContainText("second@example.com");

      // Search by phone finds only this person.
      await page.getByLabel("Search stakeholders").fill(phone);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`search=${phone}`));
      const rows = page.locator("table.records tbody tr");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(name);
      await expect(rows.first()).toContainText("Inactive");

      // Link properties from the row action.
      await rows
        .first()
        .getByRole("link", { name: `Link properties for ${name}` })
        .click();
      const linkPanel = page.getByRole("region", { name: `Link Properties: ${name}` });
      await expect(linkPanel).toBeVisible();
      await expectAccessible(page);
      const boxes = linkPanel.getByRole("checkbox");
      // Nothing ticked: with JavaScript Save Links is unavailable (without, the server refuses it).
      if (mode.javaScriptEnabled) await expect(linkPanel.getByRole("button", { name: "Save Links" })).toBeDisabled();
      else {
        await linkPanel.getByRole("button", { name: "Save Links" }).click();
        const refused = page.getByRole("alert").filter({ hasText: "There is a problem" });
        await expect(refused.getByRole("link", { name: /^Select at least one property to link/ })).toHaveAttribute("href", "#field-propertyIds");
        await expect(linkPanel.locator(".field__error")).toContainText("Select at least one property to link");
        await expectAccessible(page);
      }
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await boxes.nth(2).check();
      await linkPanel.getByRole("button", { name: "Save Links" }).click();
      await expect(page.getByRole("status")).toContainText(`Updated property links for ${name}. Linked to 3 properties.`);
      // The table lists at most 2 and then "+1 more".
      await expect(page.locator("table.records tbody tr").first()).toContainText("+1 more");
      await page.getByRole("link", { name: "Cards" }).click();
      await expect(page.locator(".stakeholder-card").first().locator(".compact-list li")).toHaveCount(3);
      await expectAccessible(page);
    });

    test("sorting by name and by next-action priority", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "viewer", WESTERN_OPTION);
      await page.goto("/stakeholders");
      const nameHeader = page.getByRole("columnheader", { name: /^Name/ });
      await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
      await nameHeader.getByRole("link").click();
      await expect(page.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "descending");
      const names = await page.locator("table.records tbody th").allInnerTexts();
      expect(names.map((n) => n.replace(/\s*Inactive$/, "").toLowerCase())).toEqual([...names.map((n) => n.replace(/\s*Inactive$/, "").toLowerCase())].sort().reverse());

      await page
        .getByRole("columnheader", { name: /^Next Action Priority/ })
        .getByRole("link")
        .click();
      await expect(page.getByRole("columnheader", { name: /^Next Action Priority/ })).toHaveAttribute("aria-sort", "ascending");
      const priorities = await page.locator("table.records tbody .priority__label").allInnerTexts();
      const levels = priorities.map((p) => Number(/P(\d)/.exec(p)![1]));
      expect(levels[0]).toBe(1);
      expect(levels).toEqual([...levels].sort());
      await expectAccessible(page);
    });

    test("a viewer sees no add or edit controls and a crafted POST is refused", async ({ browser, page }) => {
      await signedIn(browser, page, "viewer", WESTERN_OPTION);
      await page.goto("/stakeholders");
      await expect(page.getByRole("heading", { level: 1, name: "Stakeholders" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Add Stakeholder" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^Edit/ })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^Link properties/ })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^View interactions/ }).first()).toBeVisible();
      await page.goto("/stakeholders?new=1");
      await expect(page.getByRole("heading", { name: "Add New Stakeholder" })).toHaveCount(0);
      const crafted = await page.request.post("/stakeholders", { form: { intent: "create", formId: "stakeholder-form", name: "Crafted Viewer Stakeholder" }, headers: sameOrigin(page) });
      expect(crafted.status()).toBe(403);
      const projectId = await projectIdByName(page, WESTERN);
      const search = await page.request.get(`/api/stakeholders?projectId=${projectId}&search=Crafted Viewer Stakeholder`);
      expect(await search.json()).toEqual([]);
    });

    test("another client's owner gets not found for a demo stakeholder", async ({ page, browser }) => {
      const officer = await browser.newPage();
      await signedIn(browser, officer, "officer", WESTERN_OPTION);
      await officer.goto("/");
      const secret = unique("Confidential Person");
      const id = await createStakeholderViaApi(officer, { name: secret });
      await officer.close();

      await signedIn(browser, page, "client_owner", "Coastal Road Upgrade (Second Client Pty Ltd)", "second");
      const response = await page.goto(`/stakeholders?highlight=${id}`);
      expect(response!.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Stakeholder not found" })).toBeVisible();
      expect(await page.content()).not.toContain(secret);
      const projectId = await projectIdByName(page, "Coastal Road Upgrade");
      const api = await page.request.get(`/api/stakeholders/${id}?projectId=${projectId}`);
      expect(api.status()).toBe(404);
      expect(await api.text()).not.toContain(secret);
    });

    test("a stale edit is refused and the form shows the current values", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "officer", WESTERN_OPTION);
      await page.goto("/");
      const name = unique("Stale Person");
      const id = await createStakeholderViaApi(page, { name, phone: "0411 000 001" });
      await page.goto(`/stakeholders?edit=${id}`);
      await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("0411 000 001");
      // Someone else saves first.
      const projectId = await projectIdByName(page, WESTERN);
      const patch = await page.request.patch(`/api/stakeholders/${id}`, { data: { projectId, phone: "0411 000 002" }, headers: sameOrigin(page) });
      expect(patch.status()).toBe(200);
      await page.getByLabel("Phone", { exact: true }).fill("0411 000 003");
      await page.getByRole("button", { name: "Update Stakeholder" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("changed by someone else");
      await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("0411 000 002");
      await expectAccessible(page);
      await page.getByRole("button", { name: "Update Stakeholder" }).click();
      await expect(page.getByRole("status")).toContainText("Stakeholder updated successfully.");
    });

    test("the debug JSON views are project-scoped", async ({ browser, page }) => {
      await signedIn(browser, page, "viewer", WESTERN_OPTION);
      const all = await page.request.get("/stakeholders/export.json");
      expect(all.status()).toBe(200);
      const rows = (await all.json()) as { name: string }[];
      expect(rows.map((r) => r.name)).toContain("Margaret Ellis");
      expect(rows.map((r) => r.name)).not.toContain("Peter Lindqvist");
      const download = await page.request.get("/stakeholders/export.json?download=1");
      expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="project_\d+_stakeholders\.json"$/);
      const sample = await page.request.get("/stakeholders/sample.json");
      expect(await sample.json()).toMatchObject({ name: "Jane Citizen", memberType: "Individual" });
      // Searched for: other tests add stakeholders to this project meanwhile, which can push her off page 1.
      await page.goto("/stakeholders?search=Margaret%20Ellis");
      await page.getByRole("link", { name: "Margaret Ellis", exact: true }).click();
      await page.getByText("Debug data").click();
      const raw = page.getByRole("link", { name: /Open all stakeholders as raw data/ });
      await expect(raw).toHaveAttribute("target", "_blank");
      await expect(raw).toHaveAttribute("rel", /noopener/);
      await expect(page.getByRole("region", { name: "Margaret Ellis" })).toContainText("Pyrenees Shire"); // custom field
    });
  });
}

test("no project selected shows the No Project Selected state", async ({ page, expectAccessible }) => {
  await signIn(page, account("director"));
  await page.goto("/stakeholders");
  await expect(page.getByRole("heading", { name: "No Project Selected" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Dashboard & Select Project" })).toHaveAttribute("href", "/");
  await expectAccessible(page);
});
