import type { Page } from "@playwright/test";
import nodemailer from "nodemailer";
import { JS_MODES, expect, signedIn, test } from "./support";

/**
 * The Mail inbox (docs/inbound-mail.md#review), with JavaScript off and on: mail from a stranger sent
 * over SMTP to the app's embedded listener waits in review with its attachments listed (a refused one
 * with its reason); an officer reads it, finds a stakeholder and records it on them, and rejects
 * another after confirming. Every state is scanned with axe.
 */
const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";
const unique = () => Math.random().toString(36).slice(2, 8);
const flash = (page: Page) => page.getByRole("status").filter({ hasText: /Message (recorded|rejected)/ });
// The app's embedded listener, on the port playwright.config.ts gives this run.
const SMTP_PORT = Number(process.env.E2E_INBOUND_SMTP_PORT ?? Number(process.env.E2E_PORT) + 1000);
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(300, 0x20)]);

async function send(to: string, subject: string) {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: SMTP_PORT, secure: false, ignoreTLS: true });
  await transport.sendMail({
    from: "Casey Stranger <casey@unknown-sender.example>",
    to,
    subject,
    text: `Hello,\n\nAbout the survey crew on our block: ${subject}.\n\nCasey`,
    html: `<p>Hello <script>alert("x")</script><img src="https://tracker.example/p.gif"></p>`,
    attachments: [
      { filename: "site-plan.pdf", content: PDF, contentType: "application/pdf" },
      { filename: "run-me.exe", content: Buffer.from("MZ not allowed"), contentType: "application/octet-stream" },
    ],
  });
  transport.close();
}

/** The project's address, as the dashboard shows it. */
async function projectAddress(page: Page) {
  await page.goto("/");
  return (await page.locator("code.copyable").first().textContent())!.trim();
}

/** Opens the inbox until the message the job keeps for review is listed. */
async function waitForMessage(page: Page, subject: string) {
  await expect(async () => {
    await page.goto("/inbound-mail");
    await expect(page.getByRole("link", { name: subject })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

for (const mode of JS_MODES) {
  test.describe(`mail inbox, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an officer reads a stranger's message, records it on a stakeholder, and rejects another", async ({ browser, page, expectAccessible }) => {
      test.setTimeout(120_000);
      await signedIn(browser, page, "officer", WESTERN);
      const address = await projectAddress(page);
      expect(address).toMatch(/^[a-z0-9]+@/);
      const keep = `Access track ${unique()}`;
      const drop = `Unrelated offer ${unique()}`;
      await send(address, keep);
      await send(address, drop);

      await waitForMessage(page, keep);
      await expect(page.getByRole("heading", { level: 1, name: "Mail inbox" })).toBeVisible();
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: keep }) });
      await expect(row).toContainText("casey@unknown-sender.example");
      await expect(row).toContainText("neither a member of the project nor one of its stakeholders");
      await expect(row).toContainText("site-plan.pdf");
      await expect(row).toContainText(/run-me\.exe \(refused: /);
      await expectAccessible(page);

      // The message page shows the text only: the HTML's script and tracker are never rendered.
      await page.getByRole("link", { name: keep }).click();
      await expect(page.getByRole("heading", { level: 1, name: keep })).toBeVisible();
      await expect(page.getByRole("region", { name: "Message text" })).toContainText("About the survey crew on our block");
      await expect(page.locator('img[src*="tracker.example"]')).toHaveCount(0);
      await expectAccessible(page);

      // Accept: find a stakeholder (a GET form) and pick one of the matches.
      await page.getByRole("textbox", { name: "Find a stakeholder" }).fill("Margaret");
      await page.getByRole("button", { name: "Find", exact: true }).click();
      const margaret = page.getByRole("radio", { name: /Margaret Ellis/ });
      await expect(margaret).toBeVisible();
      await expectAccessible(page);
      await margaret.check();
      await page.getByRole("button", { name: "Record on this stakeholder" }).click();
      await expect(flash(page)).toContainText("Message recorded");
      await expect(page.getByText("Recorded ·", { exact: false })).toBeVisible();
      await expect(page.getByRole("button", { name: "Record on this stakeholder" })).toHaveCount(0);
      await expectAccessible(page);

      // Reject asks first, then deletes.
      await page.goto("/inbound-mail");
      await page.getByRole("link", { name: drop }).click();
      await page.getByRole("link", { name: "Reject message" }).click();
      await expect(page.getByRole("button", { name: "Reject and delete" })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("button", { name: "Reject and delete" }).click();
      await expect(flash(page)).toContainText("Message rejected");
      await expect(page.getByRole("link", { name: drop })).toHaveCount(0);
      await page.getByRole("link", { name: "Rejected" }).click();
      await expect(page.getByRole("row").filter({ hasText: "casey@unknown-sender.example" }).first()).toBeVisible();
      await expectAccessible(page);
    });
  });
}
