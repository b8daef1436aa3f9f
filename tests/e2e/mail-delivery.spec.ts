import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { JS_MODES, expect, signedIn, test } from "./support";

/**
 * Mail Delivery (docs/operations.md#mail-delivery) in the browser, JavaScript off and on: a message that
 * was given up (written straight into the app's database, as the e2e server has no mail server to
 * refuse it) is listed for the system admin, reached from the Admin menu, with its masked recipient and
 * error; "Retry now" queues it and the job writes it to the outbox; a director is refused. axe on each state.
 */
test.describe.configure({ timeout: 120_000 });

const port = Number(process.env.E2E_PORT ?? 3917);
const databaseUrl = () => {
  const password = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "pg-password"), "utf8").trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port + 50000 > 65535 ? 55917 : port + 50000}/land_records`;
};

async function withDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A message refused for good by a mail server (550), with its one failed attempt. */
const givenUpMail = (mailbox: string) =>
  withDb(async (client) => {
    const {
      rows: [{ id }],
    } = await client.query<{ id: number }>(
      `insert into mail_message (kind, to_addresses, subject, text_body, message_uuid, status, attempts, last_error, last_attempt_at)
       values ('invitation', $1::jsonb, 'You are invited', 'Body', gen_random_uuid(), 'failed', 1, $2, now()) returning id`,
      [JSON.stringify([`${mailbox}@corp.example`]), `550 5.1.1 <${mailbox}@corp.example>: Recipient address rejected`],
    );
    await client.query("insert into mail_attempt (mail_id, error) values ($1, '550 refused')", [id]);
    return id;
  });

const mailStatus = (id: number) => withDb(async (client) => (await client.query<{ status: string }>("select status from mail_message where id = $1", [id])).rows[0]!.status);

for (const mode of JS_MODES) {
  test.describe(`Mail Delivery (${mode.name})`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a system admin sees a given-up message and retries it", async ({ browser, page, expectAccessible }) => {
      const mailbox = `zed.${Date.now().toString(36)}`;
      const id = await givenUpMail(mailbox);
      await signedIn(browser, page, "system_admin", null);
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByText("Admin", { exact: true }).click();
      await nav.getByRole("link", { name: "Mail Delivery" }).click();
      await expect(page).toHaveURL(/\/mail-delivery$/);
      await expect(page.getByRole("heading", { level: 1, name: "Mail Delivery" })).toBeVisible();
      await expect(page.getByRole("main").locator("dl.stats")).toContainText(/Failed attempts in the last 24 hours\s*[1-9]/);

      const row = page.getByRole("row").filter({ hasText: `#${id} invitation` });
      await expect(row).toContainText("z…@corp.example");
      await expect(row).toContainText("Given up");
      await expect(row).toContainText("550 5.1.1 <z…@corp.example>: Recipient address rejected");
      await expect(page.getByRole("main")).not.toContainText(mailbox);
      await expectAccessible();

      await row.getByRole("button", { name: `Retry now: message #${id}` }).click();
      await expect(page.getByRole("status")).toContainText("Retry Queued");
      await expect(page.getByRole("status")).toContainText(`Message #${id} will be tried again now.`);
      await expect(page).toHaveURL(/\/mail-delivery$/);
      await expectAccessible();

      // The e2e server has no SMTP_URL: the job writes the message to the outbox, which delivers it.
      await expect.poll(() => mailStatus(id), { timeout: 20_000 }).toBe("sent");
      await page.reload();
      await expect(page.getByRole("row").filter({ hasText: `#${id} invitation` })).toHaveCount(0);
    });

    test("anyone but a system admin is refused", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "director", null);
      await page.goto("/mail-delivery");
      await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
      await expect(page.getByText("Access Denied - Only system administrators can see mail delivery.")).toBeVisible();
      await expectAccessible();
    });
  });
}
