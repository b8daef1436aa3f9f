import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Page } from "@playwright/test";
import { JS_MODES, expect, signedIn, test } from "./support";

/**
 * User Management (docs/administration.md#user-management) in the browser, JavaScript off and on: reached from the Admin menu, the
 * role hierarchy and the System Users table, Invite User (its error, then an invitation), the invited
 * person's first sign-in (written straight into the app's database, as the bundled sign-in has only the
 * seeded accounts), a role change, Deactivate and Activate, the user's projects (the Free plan's
 * users-per-project limit refusing Western, then a change that fits), delete through its confirmation,
 * pending invitations (Resend, and Cancel through its confirmation), and the Access Restricted view
 * of an officer; axe on each state. Only users made here are changed.
 */
test.describe.configure({ timeout: 120_000 });

const port = Number(process.env.E2E_PORT ?? 3917);
const databaseUrl = () => {
  const password = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "pg-password"), "utf8").trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port + 50000 > 65535 ? 55917 : port + 50000}/land_records`;
};

/** What the first sign-in with the invited address does (sign-in.server.ts): the user, their client, role and projects. */
async function acceptInvitation(email: string, lastName: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query("begin");
    const {
      rows: [invitation],
    } = await client.query(`select id, client_id, role, project_ids from user_invitation where email = $1 and accepted_at is null`, [email]);
    expect(invitation, `an open invitation for ${email}`).toBeTruthy();
    const id = `e2e-${lastName.toLowerCase()}`;
    await client.query(`insert into "user" (id, email, first_name, last_name, client_id, system_role, last_sign_in_at) values ($1, $2, 'Ezra', $3, $4, $5, now())`, [
      id,
      email,
      lastName,
      invitation.client_id,
      invitation.role,
    ]);
    for (const projectId of invitation.project_ids as number[]) await client.query(`insert into project_membership (user_id, project_id, role) values ($1, $2, $3)`, [id, projectId, invitation.role]);
    await client.query(`update user_invitation set accepted_at = now() where id = $1`, [invitation.id]);
    await client.query("commit");
  } finally {
    await client.end();
  }
}

const flash = (page: Page) => page.getByRole("status");

for (const mode of JS_MODES) {
  const javaScript = mode.javaScriptEnabled;

  test.describe(`User Management (${mode.name})`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("invite, first sign-in, change the role, deactivate and activate, projects, delete", async ({ browser, page, expectAccessible }) => {
      const token = `${javaScript ? "On" : "Off"}${Math.random().toString(36).slice(2, 8)}`;
      const email = `ezra.${token.toLowerCase()}@example.com`;
      const name = `Ezra ${token}`;
      await signedIn(browser, page, "client_owner", null);
      await page.goto("/");
      await page.locator("summary:visible", { hasText: "Admin" }).click();
      await page.getByRole("link", { name: "User Management" }).click();
      await expect(page).toHaveURL(/\/user-management$/);
      await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 3, name: /Level \d/ })).toHaveCount(6);
      await expect(page.getByRole("heading", { level: 3, name: "Project Manager Level 3" })).toBeVisible();
      await expect(page.getByRole("rowheader", { name: /Olivia Owner \(you\)/ })).toBeVisible();
      await expectAccessible();

      // Invite User: its own URL; an empty e-mail is an error, then the invitation.
      await page.getByRole("link", { name: "Invite User" }).click();
      await expect(page).toHaveURL(/invite=1/);
      await expect(page.getByRole("heading", { level: 2, name: "Invite User" })).toBeVisible();
      const roles = await page.getByLabel("Role", { exact: true }).locator("option").allTextContents();
      expect(roles).toEqual(["Client Owner", "Director", "Project Manager", "Officer", "Viewer"]);
      await expectAccessible();
      await page.getByRole("button", { name: "Send Invitation" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Email is required");
      await expect(page).toHaveTitle(/^Error: /);
      await expectAccessible();
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Role", { exact: true }).selectOption({ label: "Officer" });
      await page.getByLabel("Northern Transmission Line").check();
      await page.getByRole("button", { name: "Send Invitation" }).click();
      await expect(flash(page)).toContainText("User invited successfully");
      await expect(page).toHaveURL(/\/user-management$/);

      await acceptInvitation(email, token);
      await page.goto("/user-management");
      const row = page.getByRole("row").filter({ hasText: email });
      await expect(row).toContainText(name);
      await expect(page.getByLabel(`Role of ${name}`, { exact: true })).toHaveValue("officer");

      // Change the role.
      await page.getByLabel(`Role of ${name}`, { exact: true }).selectOption({ label: "Viewer" });
      await page.getByRole("button", { name: `Change role of ${name}` }).click();
      await expect(flash(page)).toContainText("User updated successfully");
      await expect(page.getByLabel(`Role of ${name}`, { exact: true })).toHaveValue("viewer");

      // Deactivate, then activate.
      await page.getByRole("button", { name: `Deactivate ${name}` }).click();
      await expect(flash(page)).toContainText(`${name} is now inactive`);
      await expect(row).toContainText("Inactive");
      await expectAccessible();
      await page.getByRole("button", { name: `Activate ${name}` }).click();
      await expect(flash(page)).toContainText(`${name} is now active`);
      await expect(row).toContainText("Active");

      // Projects: Western is full on the Free plan (3 users per project); Northern can be left.
      await page.getByRole("link", { name: `Projects of ${name}` }).click();
      await expect(page.getByRole("heading", { level: 2, name: `Projects of ${name}` })).toBeVisible();
      await expect(page.getByLabel("Northern Transmission Line")).toBeChecked();
      await expect(page.getByLabel("Western Pipeline Stage 2")).not.toBeChecked();
      await expectAccessible();
      await page.getByLabel("Western Pipeline Stage 2").check();
      await page.getByRole("button", { name: "Save Projects" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText("Western Pipeline Stage 2 already has 3 members");
      await expect(page.getByRole("link", { name: "Go to the Subscription page" })).toBeVisible();
      await expectAccessible();
      await page.getByLabel("Western Pipeline Stage 2").uncheck();
      await page.getByLabel("Northern Transmission Line").uncheck();
      await page.getByRole("button", { name: "Save Projects" }).click();
      await expect(flash(page)).toContainText("Project members updated");
      await page.getByRole("link", { name: `Projects of ${name}` }).click();
      await expect(page.getByLabel("Northern Transmission Line")).not.toBeChecked();
      await page.getByRole("link", { name: "Cancel", exact: true }).click();

      // Delete through its confirmation: Cancel first, then Delete User.
      await page.getByRole("link", { name: `Delete ${name}` }).click();
      await expect(page).toHaveURL(/delete=/);
      await expect(page.getByRole("heading", { level: 2, name: "Delete User" })).toBeVisible();
      await expect(page.getByText("This action cannot be undone.")).toBeVisible();
      await expectAccessible();
      await page.getByRole("link", { name: "Cancel", exact: true }).click();
      await expect(page).toHaveURL(/\/user-management$/);
      await page.getByRole("link", { name: `Delete ${name}` }).click();
      await page.getByRole("button", { name: "Delete User" }).click();
      await expect(flash(page)).toContainText("User deleted successfully");
      await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
    });

    test("pending invitations: listed with role, projects and inviter, resent, cancelled through a confirmation", async ({ browser, page, expectAccessible }) => {
      const email = `pending.${javaScript ? "on" : "off"}${Math.random().toString(36).slice(2, 8)}@example.com`;
      await signedIn(browser, page, "client_owner", null);
      await page.goto("/user-management?invite=1");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Role", { exact: true }).selectOption({ label: "Viewer" });
      await page.getByLabel("Northern Transmission Line").check();
      await page.getByRole("button", { name: "Send Invitation" }).click();
      await expect(flash(page)).toContainText("User invited successfully");

      const invitations = page.getByRole("region", { name: /Pending Invitations/ });
      const row = invitations.getByRole("row").filter({ hasText: email });
      await expect(row).toContainText("Viewer");
      await expect(row).toContainText("Northern Transmission Line");
      await expect(row).toContainText("Olivia Owner");
      await expectAccessible();

      await page.getByRole("button", { name: `Resend the invitation to ${email}` }).click();
      await expect(flash(page)).toContainText("Invitation resent");

      await page.getByRole("link", { name: `Cancel the invitation to ${email}` }).click();
      await expect(page).toHaveURL(/cancelInvitation=/);
      await expect(page.getByRole("heading", { level: 2, name: "Cancel Invitation" })).toBeVisible();
      await expectAccessible();
      await page.getByRole("link", { name: "Keep Invitation" }).click();
      await expect(page).toHaveURL(/\/user-management$/);
      await expect(row).toHaveCount(1);
      await page.getByRole("link", { name: `Cancel the invitation to ${email}` }).click();
      await page.getByRole("button", { name: "Cancel Invitation" }).click();
      await expect(flash(page)).toContainText("Invitation cancelled");
      await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
    });

    test("an officer sees Access Restricted", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "officer", null);
      await page.goto("/user-management");
      await expect(page.getByRole("heading", { level: 2, name: "Access Restricted" })).toBeVisible();
      await expect(page.getByText("You don't have permission to manage users. Contact your administrator.")).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      await expectAccessible();
    });
  });
}
