import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Page } from "@playwright/test";
import { JS_MODES, account, expect, signIn, signedIn, test } from "./support";

/**
 * Stakeholder Property Groups in the browser. Every test inserts its own uniquely named
 * stakeholder with five linked properties (straight into the app's embedded database, as the
 * other screens' tests may change the seeded records) and asserts on that group only.
 */
const port = Number(process.env.E2E_PORT ?? 3917);
/** The app's embedded database; its password is made at first start and kept in the data folder. */
const databaseUrl = () => {
  const password = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "pg-password"), "utf8").trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port + 50000 > 65535 ? 55917 : port + 50000}/land_records`;
};
const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";

interface SeededGroup {
  id: number;
  name: string;
  token: string;
  addresses: string[];
}

async function seedGroup(): Promise<SeededGroup> {
  const token = `qz${Math.random().toString(36).slice(2, 9)}`;
  const name = `Groupie ${token}`;
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query("begin");
    const {
      rows: [project],
    } = await client.query("select id from project where name = 'Western Pipeline Stage 2'");
    const {
      rows: [stakeholder],
    } = await client.query(
      `insert into stakeholder (user_id, project_id, name, email, email2, phone, home_phone, address, address3)
       values ('seed-officer', $1, $2, $3, $4, '0412 999 001', '03 5300 0001', $5, 'PO Box 77, Ararat VIC 3377') returning id`,
      [project.id, name, `${token}@example.com`, `${token}.alt@example.com`, `9 Homestead Lane ${token}, Ararat VIC 3377`],
    );
    // Sorted by address on the card: the & and # check the View link's encoding.
    const addresses = [1, 2, 3, 4, 5].map((n) => `${n} Quartz & Reef Road #${token}, Ararat VIC 3377`);
    for (const [i, address] of addresses.entries()) {
      const {
        rows: [property],
      } = await client.query(`insert into property (project_id, address, volume, folio, lot, plan_number) values ($1, $2, $3, $4, $5, 'PS700100') returning id`, [
        project.id,
        address,
        String(20000 + i),
        String(100 + i),
        String(i + 1),
      ]);
      await client.query("insert into stakeholder_property (stakeholder_id, property_id, project_id) values ($1, $2, $3)", [stakeholder.id, property.id, project.id]);
    }
    await client.query("commit");
    return { id: stakeholder.id, name, token, addresses };
  } finally {
    await client.end();
  }
}

async function selectProject(page: Page, label: string) {
  await page.goto("/");
  await page.getByLabel("Project", { exact: true }).selectOption({ label });
  await page.getByRole("button", { name: "Select Project" }).click();
  await expect(page.getByRole("status")).toContainText("Project selected");
}

for (const mode of JS_MODES) {
  test.describe(`stakeholder property groups, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    // Several full page loads and axe scans per test; without JavaScript each scan opens a second page.
    test.describe.configure({ timeout: 60_000 });

    test("lists groups most-linked first and searches names and addresses", async ({ page, expectAccessible }) => {
      const group = await seedGroup();
      await signIn(page, account("officer"));

      await page.goto("/stakeholder-property-groups");
      await expect(page).toHaveTitle(/^Stakeholder Property Groups - /);
      await expect(page.getByRole("heading", { name: "No Project Selected" })).toBeVisible();
      await expectAccessible(page);

      await selectProject(page, WESTERN);
      await page.goto("/stakeholder-property-groups");
      await expect(page.getByRole("heading", { level: 1, name: "Stakeholder Property Groups" })).toBeVisible();
      await expect(page.locator(".project-banner")).toContainText("Western Pipeline Stage 2");
      // The seeded Margaret Ellis group has three links; ours has five, so it sorts before hers.
      const names = await page.locator(".group-card h3").allTextContents();
      expect(names.indexOf(group.name)).toBeGreaterThanOrEqual(0);
      expect(names.indexOf(group.name)).toBeLessThan(names.indexOf("Margaret Ellis"));
      await expectAccessible(page);

      // Search by name.
      await page.getByLabel("Search stakeholders or property addresses").fill(group.token.toUpperCase());
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`search=${group.token.toUpperCase()}`));
      const cards = page.locator(".group-card");
      await expect(cards).toHaveCount(1);
      const card = cards.first();
      await expect(card.getByRole("link", { name: group.name, exact: true })).toHaveAttribute("href", `/stakeholders?highlight=${group.id}`);
      await expect(card).toContainText(`${group.token}@example.com · 0412 999 001`);
      await expect(card).toContainText("5 properties");
      await expect(card.locator(".group-card__properties li")).toHaveText([...group.addresses.slice(0, 3), "+2 more"]);
      await expectAccessible(page);

      // Search by a linked property's address finds the same group; nonsense finds none.
      await page.getByLabel("Search stakeholders or property addresses").fill(`Reef Road #${group.token}`);
      await page.getByRole("button", { name: "Search" }).click();
      // Wait for this search's page, not the previous one (also one card), before typing again.
      await expect(page).toHaveURL(/search=Reef/);
      await expect(cards).toHaveCount(1);
      await expect(cards.first().getByRole("heading")).toHaveText(group.name);
      await page.getByLabel("Search stakeholders or property addresses").fill(`nothing-${group.token}`);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/search=nothing-/);
      await expect(page.getByText("No stakeholders or properties match your search.")).toBeVisible();
      await expect(cards).toHaveCount(0);
      await expectAccessible(page);
    });

    test("opens a group, switches tabs and links each property to /properties", async ({ browser, page, expectAccessible }) => {
      const group = await seedGroup();
      await signedIn(browser, page, "officer", WESTERN);
      await page.goto(`/stakeholder-property-groups?search=${group.token}`);
      const cards = page.locator(".group-card");
      await expect(cards).toHaveCount(1);

      // Open the group: Contact Information first.
      await page.getByRole("link", { name: `View details of ${group.name}` }).click();
      await expect(page).toHaveURL(new RegExp(`group=${group.id}`));
      const panel = page.getByRole("region", { name: group.name });
      await expect(panel.getByRole("heading", { level: 2, name: group.name })).toBeVisible();
      if (mode.javaScriptEnabled) await expect(panel.getByRole("heading", { level: 2 })).toBeFocused();
      await expect(panel.getByRole("link", { name: "Contact Information" })).toHaveAttribute("aria-current", "page");
      await expect(panel.getByRole("link", { name: `${group.token}.alt@example.com` })).toHaveAttribute("href", `mailto:${group.token}.alt@example.com`);
      await expect(panel).toContainText("03 5300 0001 (home)");
      await expect(panel).toContainText("PO Box 77, Ararat VIC 3377");
      await expect(panel.getByRole("link", { name: `${group.name} in Stakeholders` })).toHaveAttribute("href", `/stakeholders?highlight=${group.id}`);
      // The list stays filtered behind the panel.
      await expect(cards).toHaveCount(1);
      await expectAccessible(page);

      // Associated Properties: every linked property with volume/folio and lot/plan.
      await panel.getByRole("link", { name: "Associated Properties" }).click();
      await expect(page).toHaveURL(/tab=properties/);
      await expect(panel.getByRole("link", { name: "Associated Properties" })).toHaveAttribute("aria-current", "page");
      const rows = panel.locator("tbody tr");
      await expect(rows).toHaveCount(5);
      await expect(rows.locator("th")).toHaveText(group.addresses);
      await expect(rows.nth(1).locator("td")).toHaveText(["20001/101", "Lot 2 on PS700100", `View ${group.addresses[1]}`]);
      await expectAccessible(page);

      const view = rows.nth(4).getByRole("link", { name: `View ${group.addresses[4]}` });
      await expect(view).toHaveAttribute("href", `/properties?search=${encodeURIComponent(group.addresses[4]!)}`);

      // Back to the contact tab, then close.
      await panel.getByRole("link", { name: "Contact Information" }).click();
      await expect(panel).toContainText("PO Box 77, Ararat VIC 3377");
      await panel.getByRole("link", { name: `Close ${group.name}` }).click();
      await expect(page.getByRole("region", { name: group.name })).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`search=${group.token}$`));

      // The View link lands on /properties searching for that address.
      await page.getByRole("link", { name: `View details of ${group.name}` }).click();
      await page.getByRole("region", { name: group.name }).getByRole("link", { name: "Associated Properties" }).click();
      await page.getByRole("link", { name: `View ${group.addresses[4]}` }).click();
      await expect(page).toHaveURL(/\/properties\?search=/);
      expect(new URL(page.url()).searchParams.get("search")).toBe(group.addresses[4]);
    });

    test("the second client's owner sees no demo data through ?group=", async ({ browser, page, expectAccessible }) => {
      const group = await seedGroup();
      await signedIn(browser, page, "client_owner", "Coastal Road Upgrade (Second Client Pty Ltd)", "second");

      const response = await page.goto(`/stakeholder-property-groups?group=${group.id}&tab=properties`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 2, name: "Stakeholder not found" })).toBeVisible();
      await expect(page.getByText("This stakeholder does not exist in the current project")).toBeVisible();
      const text = await page.locator("main").textContent();
      for (const secret of [group.name, group.token, "Margaret Ellis", "Western Pipeline"]) expect(text).not.toContain(secret);
      // Their own group is still listed (other tests may add groups to this project meanwhile).
      await expect(page.locator(".group-card h3").filter({ hasText: "Peter Lindqvist" })).toHaveCount(1);
      await expectAccessible(page);

      // Nor can they reach it by naming the demo project in the URL.
      const crafted = await page.request.get(`/stakeholder-property-groups?group=${group.id}&projectId=1`);
      expect(await crafted.text()).not.toContain(group.name);
    });
  });
}
