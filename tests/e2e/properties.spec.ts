import type { Page } from "@playwright/test";
import { JS_MODES, account, expect, signIn, signedIn, test } from "./support";

const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";
const COASTAL = "Coastal Road Upgrade (Second Client Pty Ltd)";

const unique = () => Math.random().toString(36).slice(2, 8);
const letters = (n: number) => Array.from({ length: n }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join("");
/** Mostly random words, so parallel runs' addresses are not similar enough to count as duplicates. */
const uniqueStreet = (type: string) => `${Math.floor(Math.random() * 900) + 100} ${letters(9)} ${letters(9)} ${type}`;
const flash = (page: Page) => page.getByRole("status");
const table = (page: Page) => page.getByRole("table", { name: "Properties of the current project" });

/** Opens /properties filtered to one address and returns that row. */
async function findRow(page: Page, address: string) {
  await page.getByLabel("Search properties").fill(address);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = table(page).getByRole("row").filter({ hasText: address });
  await expect(row).toHaveCount(1);
  return row;
}

for (const mode of JS_MODES) {
  test.describe(`properties, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("without a project the page offers the dashboard", async ({ page, expectAccessible }) => {
      await signIn(page, account("officer"));
      await page.goto("/properties");
      await expect(page.getByRole("heading", { level: 1, name: "Properties" })).toBeVisible();
      await expect(page.getByText("No project selected", { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to Dashboard & Select Project" })).toHaveAttribute("href", "/");
      await expect(page.getByRole("link", { name: "Add Property" })).toHaveCount(0);
      await expectAccessible(page);
    });

    test("an officer adds a property, sees the duplicate check, and creates anyway", async ({ browser, page, expectAccessible }) => {
      test.setTimeout(90_000);
      const street = `${uniqueStreet("Road")}, Beaufort`;
      await signedIn(browser, page, "officer", WESTERN);
      await page.goto("/properties");
      await expectAccessible(page);
      await page.getByRole("link", { name: "Add Property" }).click();
      await expect(page.getByRole("heading", { name: "Add New Property" })).toBeFocused();
      await expectAccessible(page);

      // Form errors: the summary, the inline message and the page title.
      await page.getByRole("button", { name: "Add Property" }).click();
      await expect(page).toHaveTitle(/^Error: /);
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary.getByRole("link", { name: "Property address is required" })).toHaveAttribute("href", "#field-address");
      await expect(page.locator("#field-address-error")).toHaveText("Error: Property address is required");
      await expectAccessible(page);

      await page.getByLabel("Address").fill(street);
      const volume = String(Math.floor(Math.random() * 9_000_000) + 1_000_000);
      await page.getByLabel("Volume").fill(volume);
      await page.getByLabel("Folio").fill("12");
      await page.getByLabel("Next action", { exact: true }).fill("Call the landholder");
      await page.getByLabel("Has a land access agreement (LAA)").check();
      await page.getByLabel("LAA expiry date").fill("2020-01-01");
      await page.getByRole("button", { name: "Add Property" }).click();
      await expect(flash(page)).toContainText("Property added successfully to your project.");
      const details = page.getByRole("region", { name: `Property Details: ${street}` });
      await expect(details).toContainText("Expired");
      await expect(details).toContainText("Call the landholder");

      // The same parcel again, abbreviated: the duplicate-found view.
      await page.goto("/properties?new=1");
      await page.getByLabel("Address").fill(street.replace("Road", "Rd"));
      await page.getByRole("button", { name: "Add Property" }).click();
      const dialog = page.getByRole("region", { name: "Possible Duplicate Property" });
      await expect(dialog).toBeVisible();
      const candidate = dialog.getByRole("row").filter({ hasText: street });
      await expect(candidate).toContainText("100%");
      await expect(candidate).toContainText("Similar address");
      await expect(candidate).toContainText(`${volume}/12`);
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Create Anyway" }).click();
      await expect(flash(page)).toContainText("Property created successfully (ignored duplicates).");
      await page.goto(`/properties?search=${encodeURIComponent(street.split(" ")[1]!)}`);
      await expect(table(page).getByRole("row")).toHaveCount(3);
    });

    test("an officer edits a property and links stakeholders; a stale edit is refused", async ({ browser, page, expectAccessible }) => {
      test.setTimeout(90_000);
      const address = `${uniqueStreet("Lane")}, Ararat`;
      await signedIn(browser, page, "officer", WESTERN);
      await page.goto("/properties?new=1");
      await page.getByLabel("Address").fill(address);
      await page.getByRole("button", { name: "Add Property" }).click();
      await expect(flash(page)).toContainText("Property added successfully to your project.");

      await page.goto("/properties");
      const row = await findRow(page, address);
      await row.getByRole("link", { name: `Edit ${address}` }).click();
      await expect(page.getByRole("heading", { name: "Edit Property" })).toBeFocused();
      await expectAccessible(page);
      const editUrl = page.url();
      await page.getByLabel("Notes").fill("Dogs on site");
      await page.getByLabel("Has a land access agreement (LAA)").check();
      await page.getByLabel("LAA expiry date").fill("2099-12-31");
      await page.getByLabel("LAA details").fill("Survey access only");
      await page.getByRole("button", { name: "Update Property" }).click();
      await expect(flash(page)).toContainText("Property updated successfully.");
      const details = page.getByRole("region", { name: `Property Details: ${address}` });
      await expect(details).toContainText("Dogs on site");
      await expect(details).toContainText("Active");

      // Someone else saves while this form is open: the stale form is refused, showing the current values.
      await page.goto(editUrl);
      const id = /edit=(\d+)/.exec(editUrl)?.[1];
      const projects = (await (await page.request.get("/api/projects")).json()) as { id: number; name: string }[];
      const projectId = projects.find((p) => p.name === "Western Pipeline Stage 2")!.id;
      const other = await page.request.patch(`/api/properties/${id}?projectId=${projectId}`, { data: { notes: "Changed elsewhere" } });
      expect(other.status()).toBe(200);
      await page.getByLabel("Notes").fill("Overwrite attempt");
      await page.getByRole("button", { name: "Update Property" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "changed by someone else" })).toBeVisible();
      await expect(page.getByLabel("Notes")).toHaveValue("Changed elsewhere");
      await expectAccessible(page);

      // Link a stakeholder.
      await page.goto("/properties");
      const again = await findRow(page, address);
      await again.getByRole("link", { name: `Link Stakeholders to ${address}` }).click();
      const linkPanel = page.getByRole("region", { name: `Link Stakeholders: ${address}` });
      await expect(linkPanel).toBeVisible();
      await expectAccessible(page);
      await linkPanel.getByRole("checkbox", { name: /Margaret Ellis/ }).check();
      await linkPanel.getByRole("button", { name: "Save Links" }).click();
      await expect(flash(page)).toContainText("Linked 1 stakeholders to property.");
      const linked = await findRow(page, address);
      await expect(linked.getByRole("cell").nth(4)).toHaveText("1");

      // Remove link is the explicit way to drop a link, the last one too; nothing ticked cannot be saved.
      await linked.getByRole("link", { name: `Link Stakeholders to ${address}` }).click();
      await page
        .getByRole("region", { name: `Link Stakeholders: ${address}` })
        .getByRole("button", { name: "Remove link to Margaret Ellis" })
        .click();
      await expect(flash(page)).toContainText(`Margaret Ellis is no longer linked to ${address}.`);
      const unlinked = page.getByRole("region", { name: `Link Stakeholders: ${address}` });
      await expect(unlinked.getByRole("checkbox", { name: /Margaret Ellis/ })).not.toBeChecked();
      if (mode.javaScriptEnabled) await expect(unlinked.getByRole("button", { name: "Save Links" })).toBeDisabled();
      await expectAccessible(page);
    });

    test("search, sort, LAA filter, cards and the details view", async ({ browser, page, expectAccessible }) => {
      test.setTimeout(90_000);
      await signedIn(browser, page, "viewer", WESTERN);
      await page.goto("/properties");
      await expect(page.locator(".stat", { hasText: "Total Properties" }).locator(".stat__value")).toHaveText(/^\d+$/);
      await expect(page.locator(".stat", { hasText: "With LAA" })).toContainText("expired");

      // Search by proprietor.
      await page.getByLabel("Search properties").fill("Mai Nguyen");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(table(page).getByRole("row")).toHaveCount(2);
      await expect(table(page)).toContainText("22 Lake Road, Buangor VIC 3375");
      await page.getByLabel("Search properties").fill("zz-no-such-property");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByRole("heading", { name: "No properties found" })).toBeVisible();
      await expect(page.getByText("Try adjusting your search criteria")).toBeVisible();

      // Sort by volume.
      await page.goto("/properties");
      await page.getByRole("link", { name: /^Volume/ }).click();
      await expect(page.getByRole("columnheader", { name: /Volume/ })).toHaveAttribute("aria-sort", "ascending");
      await expect(page).toHaveURL(/sort=volume/);
      await page.getByRole("link", { name: /^Next Action Priority/ }).click();
      await expect(page.getByRole("columnheader", { name: /Next Action Priority/ })).toHaveAttribute("aria-sort", "ascending");
      await expect(table(page).getByRole("row").nth(1)).toContainText("Overdue");

      // LAA filter.
      await page.getByRole("navigation", { name: "LAA filter" }).getByRole("link", { name: "Without LAA" }).click();
      await expect(page).toHaveURL(/laa=without/);
      await expect(table(page)).not.toContainText("Expired");
      await expect(table(page).getByText("No LAA").first()).toBeVisible();
      await page.getByRole("navigation", { name: "LAA filter" }).getByRole("link", { name: "With LAA" }).click();
      await expect(table(page)).not.toContainText("No LAA");
      await expect(table(page)).toContainText("1480 Western Highway");
      await expectAccessible(page);

      // Cards view.
      await page.getByRole("navigation", { name: "View" }).getByRole("link", { name: "Cards" }).click();
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "1480 Western Highway, Beaufort VIC 3373" }) });
      await expect(card).toContainText("Land Access Agreement");
      await expect(card.getByRole("link", { name: "Margaret Ellis" })).toHaveAttribute("href", /\/stakeholders\?highlight=\d+$/);
      await expectAccessible(page);

      // Details view and its tabs.
      await card.getByRole("link", { name: "1480 Western Highway, Beaufort VIC 3373" }).click();
      const details = page.getByRole("region", { name: "Property Details: 1480 Western Highway, Beaufort VIC 3373" });
      await expect(details.getByRole("heading", { level: 2 })).toBeFocused();
      await expect(details.locator("dt", { hasText: "Primary Owner" }).locator("+ dd")).toHaveText("Margaret Ellis");
      await expect(details.locator("dt", { hasText: "Lot/Plan" }).locator("+ dd")).toHaveText("Lot 1 on Plan of Subdivision 412345");
      await expect(details.getByRole("link", { name: "Margaret Ellis" })).toHaveAttribute("href", /\/stakeholders\?highlight=\d+$/);
      // Viewers read only.
      await expect(details.getByRole("link", { name: "Edit Property" })).toHaveCount(0);
      await expectAccessible(page);
      await details.getByRole("link", { name: "Documents" }).click();
      await expect(page).toHaveURL(/tab=documents/);
      await expect(page.getByRole("link", { name: "Documents", exact: true }).last()).toHaveAttribute("aria-current", "page");
    });

    test("a viewer sees no add or edit and a crafted POST is refused", async ({ browser, page }) => {
      await signedIn(browser, page, "viewer", WESTERN);
      await page.goto("/properties?new=1");
      await expect(page.getByRole("heading", { level: 1, name: "Properties" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Add Property" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Add New Property" })).toHaveCount(0);
      await expect(table(page).getByRole("link", { name: /^Edit / })).toHaveCount(0);
      const response = await page.request.post("/properties", { form: { intent: "create", address: `Viewer ${unique()} Road` } });
      expect(response.status()).toBe(403);
    });

    test("another client's owner gets not found for a demo property", async ({ page, browser }) => {
      test.setTimeout(60_000);
      const officerContext = await browser.newContext();
      const officer = await officerContext.newPage();
      await signedIn(browser, officer, "officer", WESTERN);
      await officer.goto("/properties?search=1480");
      const href = await table(officer).getByRole("link", { name: "1480 Western Highway, Beaufort VIC 3373", exact: true }).getAttribute("href");
      await officerContext.close();
      const id = /highlight=(\d+)/.exec(href ?? "")?.[1];
      expect(id).toBeTruthy();

      await signedIn(browser, page, "client_owner", COASTAL, "second");
      const response = await page.goto(`/properties?highlight=${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Property not found" })).toBeVisible();
      const projects = (await (await page.request.get("/api/projects")).json()) as { id: number; name: string }[];
      const coastal = projects.find((p) => p.name === "Coastal Road Upgrade")!;
      const scoped = await page.request.get(`/api/properties/${id}?projectId=${coastal.id}`);
      expect(scoped.status()).toBe(404);
      expect(await scoped.json()).toEqual({ message: "Property not found" });
    });
  });
}
