import type { Page } from "@playwright/test";
import { JS_MODES, expect, signedIn, test } from "./support";

/**
 * The project phases (docs/lifecycle.md#phases) end to end, JavaScript off and on: the overview from the dashboard's
 * Project Phases button, the planning form saved (In Progress) and then submitted, the closure
 * submitted and filed in the project's documents, with the flashes, badges and an axe scan of each
 * state. The two modes complete phases, which happens once per project, so each has a project of
 * its own that no other browser test changes the phases of: without JavaScript the demo owner in
 * Northern Transmission Line, with it the second client's owner in Coastal Road Upgrade. A viewer
 * reads Western's phases without changing them; another client's project and a malformed id are refused.
 * The grievance clock form (docs/records.md#grievance-clock-settings), reached from the overview, is
 * refused with bad values and saved in both modes, and read-only for the viewer, with an axe scan of each state.
 */
test.describe.configure({ timeout: 180_000 });

const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";
const SETUP = {
  off: { project: "Northern Transmission Line (Demo Land Consultancy)", client: "demo", owner: "Olivia Owner" },
  on: { project: "Coastal Road Upgrade (Second Client Pty Ltd)", client: "second", owner: "Sol Second" },
} as const;

const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });
const question = (page: Page, text: RegExp) => page.getByRole("group", { name: text });
const flash = (page: Page) => page.getByRole("status");

async function expectBadges(page: Page, planning: string, closure: string) {
  await expect(card(page, "Start-Up")).toContainText("Completed");
  await expect(card(page, "Project Planning")).toContainText(planning);
  await expect(card(page, "Closure")).toContainText(closure);
}

for (const mode of JS_MODES) {
  const javaScript = mode.javaScriptEnabled;
  const setup = SETUP[javaScript ? "on" : "off"];

  test.describe(`Project phases (${mode.name})`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("overview, planning saved then submitted, closure submitted and filed", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "client_owner", setup.project, setup.client);
      await page.goto("/");
      await page.getByRole("link", { name: "Project Phases" }).click();
      await expect(page).toHaveURL(/\/projects\/\d+\/phases$/);
      const overviewUrl = page.url();
      await expect(page.getByRole("heading", { level: 1, name: "Project Start Up, Planning and Closure Form" })).toBeVisible();
      await expect(page.getByText("Form version 7.4")).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Process flow" })).toBeVisible();
      await expectBadges(page, "Pending", "Pending");
      await expect(card(page, "Start-Up")).toContainText(/Completed by \S+ \S+ on /);
      await expect(card(page, "Project Planning")).toContainText("Not started");
      await expect(page.getByRole("link", { name: "Continue" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
      await expectAccessible();

      // Planning: save progress.
      await page.getByRole("link", { name: "Start Planning Phase" }).click();
      await expect(page).toHaveURL(/\/phases\/planning$/);
      await expect(page.getByRole("heading", { level: 1, name: "Part 2: Project Planning" })).toBeVisible();
      await expect(page.locator("fieldset.phase-question")).toHaveCount(9);
      const kickoff = question(page, /^1\. Has a kick-off meeting been held with the client\?/);
      await expect(kickoff.getByRole("radio", { name: "No" })).toBeChecked();
      await expectAccessible();
      await kickoff.getByRole("radio", { name: "Yes" }).check();
      await kickoff.getByRole("textbox", { name: "Details" }).fill("Held at the client's office");
      await page.getByLabel("Additional comments").fill("Planning under way");
      await page.getByRole("button", { name: "Save progress" }).click();
      await expect(flash(page)).toContainText("Progress Saved");
      await expect(page.locator("#phase-status")).toContainText("In Progress");
      await expect(kickoff.getByRole("radio", { name: "Yes" })).toBeChecked();
      await expect(kickoff.getByRole("textbox", { name: "Details" })).toHaveValue("Held at the client's office");
      await expectAccessible();

      await page.getByRole("link", { name: "Back to Overview" }).first().click();
      await expect(page).toHaveURL(overviewUrl);
      await expectBadges(page, "In Progress", "Pending");
      await expect(page.getByRole("link", { name: "Start Planning Phase" })).toHaveCount(0);
      await expectAccessible();

      // Planning: submit.
      await page.getByRole("link", { name: "Continue Project Planning" }).click();
      await question(page, /^8\. Has a project execution plan been prepared\?/)
        .getByRole("radio", { name: "Yes" })
        .check();
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      await expect(page).toHaveURL(overviewUrl);
      await expect(flash(page)).toContainText("Planning Phase Completed");
      await expectBadges(page, "Completed", "Pending");
      await expect(card(page, "Project Planning")).toContainText(`Completed by ${setup.owner} on `);
      await expect(page.getByRole("link", { name: "View Project Planning" })).toBeVisible();
      await expectAccessible();

      // Closure: submit straight away.
      await page.getByRole("link", { name: "Complete Project Closure" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Part 3: Closure" })).toBeVisible();
      await expect(page.locator("fieldset.phase-question")).toHaveCount(10);
      const deliverables = question(page, /^1\. Have all project deliverables been completed\?/);
      await deliverables.getByRole("radio", { name: "Yes" }).check();
      await deliverables.getByRole("textbox", { name: "Details" }).fill("Final report issued");
      await page.getByRole("button", { name: "Submit", exact: true }).click();
      await expect(page).toHaveURL(overviewUrl);
      await expect(flash(page)).toContainText("Project Closure Completed (emailed to relevant departments and saved to the project folder)");
      await expectBadges(page, "Completed", "Completed");
      await expect(page.getByRole("link", { name: "Complete Project Closure" })).toHaveCount(0);
      await expectAccessible();

      // A completed part is read-only.
      await page.getByRole("link", { name: "View Project Closure" }).click();
      await expect(page.getByText("Project Closure is completed.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Submit", exact: true })).toHaveCount(0);
      await expect(page.getByRole("radio")).toHaveCount(0);
      await expect(page.getByRole("listitem").filter({ hasText: "Have all project deliverables been completed?" })).toContainText("Final report issued");
      await expectAccessible();

      // The summary is in the project's documents.
      await page.goto("/documents");
      await expect(page.getByRole("row").filter({ hasText: /Project closure summary - .+ - \d{4}-\d{2}-\d{2}\.pdf/ })).toHaveCount(1);
    });
  });
}

for (const mode of JS_MODES) {
  const javaScript = mode.javaScriptEnabled;
  const setup = SETUP[javaScript ? "on" : "off"];

  test.describe(`Grievance clock (${mode.name})`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("defaults from the time zone, bad values refused with the error summary, saved with a flash", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "client_owner", setup.project, setup.client);
      await page.goto("/");
      await page.getByRole("link", { name: "Project Phases" }).click();
      await page.getByRole("link", { name: "Grievance clock settings" }).click();
      await expect(page).toHaveURL(/\/phases\/grievance-clock$/);
      await expect(page.getByRole("heading", { level: 1, name: "Grievance clock" })).toBeVisible();
      const state = page.getByLabel("State or territory");
      await expect(state).toHaveValue("NSW");
      await expect(page.getByLabel("Acknowledge within")).toHaveValue("5");
      await expect(page.getByLabel("Resolve within")).toHaveValue("30");
      await expectAccessible();

      await state.selectOption({ label: "Victoria" });
      await page.getByLabel("Acknowledge within").fill("0");
      await page.getByRole("button", { name: "Save grievance clock" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary).toContainText("Acknowledge within must be a whole number of business days from 1 to 90");
      await expect(page).toHaveTitle(/^Error: /);
      await expect(state).toHaveValue("VIC");
      await expectAccessible();

      await page.getByLabel("Acknowledge within").fill("3");
      await page.getByLabel("Resolve within").fill("20");
      await page.getByRole("button", { name: "Save grievance clock" }).click();
      await expect(flash(page)).toContainText("Grievance clock saved");
      await expect(flash(page)).toContainText("Victoria: acknowledge within 3 and resolve within 20 business days.");
      await expect(state).toHaveValue("VIC");
      await expect(page.getByLabel("Acknowledge within")).toHaveValue("3");
      await expect(page.getByLabel("Resolve within")).toHaveValue("20");
      await expectAccessible();
    });
  });
}

test.describe("Project phases, read-only and refused", () => {
  test.use({ javaScriptEnabled: false });

  test("a viewer sees the phases read-only: no Start, no Save progress or Submit, and a post is refused", async ({ browser, page, expectAccessible }) => {
    await signedIn(browser, page, "viewer", WESTERN);
    await page.goto("/");
    await page.getByRole("link", { name: "Project Phases" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Project Start Up, Planning and Closure Form" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Planning Phase" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Complete Project Closure" })).toHaveCount(0);
    await expectAccessible();

    await page.getByRole("link", { name: "View Project Planning" }).click();
    await expect(page.getByText("You can read this form but not fill it in")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save progress" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Submit", exact: true })).toHaveCount(0);
    await expectAccessible();

    const refused = await page.request.post(page.url(), { form: { intent: "submit", clientKickoffMeeting: "yes" }, headers: { Origin: new URL(page.url()).origin } });
    expect(refused.status()).toBe(403);

    // The grievance clock: read-only for a viewer.
    await page.getByRole("link", { name: "Back to Overview" }).first().click();
    await page.getByRole("link", { name: "Grievance clock settings" }).click();
    await expect(page.getByText("You can read the grievance clock but not change it")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save grievance clock" })).toHaveCount(0);
    await expectAccessible();
  });

  test("another client's project is Project ID not found, a malformed id Invalid project ID", async ({ browser, page, expectAccessible }) => {
    await signedIn(browser, page, "client_owner", null, "second");
    const demo = await browser.newContext({ javaScriptEnabled: false });
    const demoPage = await demo.newPage();
    await signedIn(browser, demoPage, "client_owner", null);
    const projects = (await (await demoPage.request.get("/api/projects")).json()) as { id: number; name: string }[];
    const western = projects.find((p) => p.name === "Western Pipeline Stage 2")!;
    await demo.close();

    const foreign = await page.goto(`/projects/${western.id}/phases`);
    expect(foreign!.status()).toBe(404);
    await expect(page.getByText("Project ID not found")).toBeVisible();
    await expect(page.getByText("Western Pipeline")).toHaveCount(0);
    await expectAccessible();
    expect((await page.request.post(`/api/projects/${western.id}/planning`, { data: { clientKickoffMeeting: "yes" }, headers: { Origin: new URL(page.url()).origin } })).status()).toBe(404);

    const malformed = await page.goto("/projects/not-a-number/phases/planning");
    expect(malformed!.status()).toBe(400);
    await expect(page.getByText("Invalid project ID")).toBeVisible();
    await expectAccessible();
  });
});
