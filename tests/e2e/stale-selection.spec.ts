import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { JS_MODES, account, expect, signIn, test } from "./support";

/**
 * A project selection that stopped working (docs/access.md#selected-project), JavaScript off and on:
 * the officer's membership of the selected project is withdrawn (straight in the app's database), and
 * the next page they open lands on the dashboard's project picker with the message, not on Access
 * Denied. And the profile picture (docs/access.md#profile-pictures) loads under the page's CSP. Only
 * rows made here are changed, and they are put back.
 */
const port = Number(process.env.E2E_PORT ?? 3917);
const databaseUrl = () => {
  const password = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "pg-password"), "utf8").trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port + 50000 > 65535 ? 55917 : port + 50000}/land_records`;
};

async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const MESSAGE = "You no longer have access to the project you had selected. Choose another project.";

for (const mode of JS_MODES) {
  test.describe(`a stale project selection (${mode.name})`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a member removed from the selected project lands on the picker with a message", async ({ page, expectAccessible }) => {
      const name = `Stale selection ${mode.name} ${Math.random().toString(36).slice(2, 8)}`;
      const [project] = await sql<{ id: number }>(
        `insert into project (name, client_id, owner_id, is_active, settings, created_at, updated_at)
         select $1, client_id, id, true, '{}', now(), now() from "user" where id = 'seed-client-owner' returning id`,
        [name],
      );
      await sql(`insert into project_membership (user_id, project_id, role) values ('seed-officer', $1, 'officer')`, [project!.id]);
      try {
        await signIn(page, account("officer"));
        await page.getByLabel("Project", { exact: true }).selectOption({ label: `${name} (Demo Land Consultancy)` });
        await page.getByRole("button", { name: "Select Project" }).click();
        await expect(page.getByRole("status")).toContainText("Project selected");

        await sql(`update project_membership set is_active = false where user_id = 'seed-officer' and project_id = $1`, [project!.id]);
        await page.getByRole("link", { name: "Stakeholders" }).first().click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole("alert")).toContainText(MESSAGE);
        await expect(page.getByText("No project selected.")).toBeVisible();
        await expect(page.getByText("Access Denied")).toHaveCount(0);
        await expectAccessible(page);

        // The selection is gone: other pages show "No Project Selected", not Access Denied.
        await page.goto("/properties");
        await expect(page.getByText("Access Denied")).toHaveCount(0);
        await expect(page.getByRole("heading", { name: "No Project Selected" })).toBeVisible();
      } finally {
        await sql(`update project set is_active = false where id = $1`, [project!.id]);
      }
    });
  });
}

test("the profile picture kept at sign-in loads from our own origin under the page's CSP", async ({ page }) => {
  // A 2×2 red PNG.
  const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8AARAwMDAwMABn+Af+R4GVzAAAAAElFTkSuQmCC";
  await sql(`update "user" set profile_image_url = $1 where id = 'seed-second-owner'`, [png]);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  try {
    await signIn(page, account("client_owner", "second"));
    const avatar = page.locator("img.avatar").first();
    await expect(avatar).toHaveAttribute("src", /^\/api\/auth\/user\/picture\?v=[0-9a-f]{12}$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    expect(violations).toEqual([]);
  } finally {
    await sql(`update "user" set profile_image_url = null where id = 'seed-second-owner'`);
  }
});
