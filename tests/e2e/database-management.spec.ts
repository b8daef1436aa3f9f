import type { Page } from "@playwright/test";
import { JS_MODES, expect, signedIn, test } from "./support";

/**
 * Database Management (docs/administration.md#database-management) end to end, JavaScript off and on, with an axe scan of every state:
 * the statistics, a normalisation preview and its confirmation, a record found and deleted through
 * its confirmation, a Danger Zone action refused with the wrong text then done with the right one
 * (locked while pending with JavaScript; its restore point downloaded, then restored through its typed
 * confirmation and deleted again), and the Activity view filtered. Everything destructive happens
 * in one project this file creates (the demo client's plan has room for few), shared by both modes
 * and deleted at the end through the Danger Zone itself.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

const PREFIX = "DBM e2e ";
let PROJECT = `${PREFIX}${Date.now().toString(36)}`;
let projectId = 0;

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signedIn(browser, page, "director", null);
  await page.goto("/");
  // A retry runs this again: it takes over the project an earlier attempt made rather than use up the plan.
  const existing = ((await (await page.request.get("/api/projects")).json()) as { id: number; name: string }[]).find((p) => p.name.startsWith(PREFIX));
  if (existing) {
    ({ id: projectId, name: PROJECT } = existing);
    await page.close();
    return;
  }
  const response = await page.request.post("/api/projects", {
    data: {
      name: PROJECT,
      projectData: { projectTitle: PROJECT, clientName: "Demo Land Consultancy", clientProjectManager: "Pat Client", cncProjectManager: "Sam Manager", leadBusinessUnit: "Land Access" },
    },
    headers: origin(page),
  });
  expect(response.status()).toBe(201);
  projectId = ((await response.json()) as { id: number }).id;
  await page.close();
});

/** A stakeholder in capitals and an interaction with them, through the /api. */
async function addRecords(page: Page, tag: string) {
  const stakeholder = await page.request.post("/api/stakeholders", { data: { projectId, name: `${tag} PERSON`, address: "12 GEORGE ST DUBBO NSW 2830" }, headers: origin(page) });
  expect(stakeholder.status()).toBe(201);
  const { id } = (await stakeholder.json()) as { id: number };
  const other = await page.request.post("/api/stakeholders", { data: { projectId, name: `Removable ${tag}` }, headers: origin(page) });
  expect(other.status()).toBe(201);
  const engagement = await page.request.post("/api/engagements", { data: { projectId, stakeholderId: id, subject: `Visit ${tag}`, type: "meeting" }, headers: origin(page) });
  expect(engagement.status()).toBe(201);
  return id;
}

for (const mode of JS_MODES) {
  const javaScript = mode.javaScriptEnabled;
  const tag = javaScript ? "JSON" : "JSOFF";

  test.describe(`Database Management (${mode.name})`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("statistics, normalisation, a record deleted, a Danger Zone action, the activity", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "client_owner", null);
      await page.goto("/");
      const stakeholderId = await addRecords(page, tag);
      const home = `/database-management?projectId=${projectId}`;
      await page.goto(home);
      await expect(page.getByRole("heading", { level: 1, name: "Database Management" })).toBeVisible();
      await expect(page.getByText(PROJECT)).toBeVisible();
      await expect(page.locator("dl.stats")).toContainText("Total Stakeholders");
      await expectAccessible(page);

      // Normalisation: the preview says what changes, the confirmation applies it.
      await page.getByRole("link", { name: "Normalize Stakeholders" }).click();
      const preview = page.getByRole("region", { name: "Normalize Stakeholders" });
      await expect(preview).toContainText("2 values in 1 record will change");
      await expect(preview).toContainText(`${tag} PERSON`);
      await expectAccessible(page);
      await preview.getByRole("button", { name: "Normalize 2 values" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Text Normalized" })).toContainText("Normalized 2 values in 1 stakeholder");
      await expectAccessible(page);

      // Individual records: search, then delete one through its confirmation.
      await page.getByLabel("Record type").selectOption("stakeholders");
      await page.getByLabel("Search", { exact: true }).fill(`Removable ${tag}`);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Found 1 stakeholders" })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("link", { name: `Delete Removable ${tag}` }).click();
      const confirm = page.getByRole("region", { name: "Delete record" });
      await expect(confirm).toContainText(`Are you sure you want to delete “Removable ${tag}”? This action cannot be undone.`);
      await expectAccessible(page);
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: "Record Deleted" })).toBeVisible();
      await expect(page.getByRole("heading", { name: `No stakeholders found matching "Removable ${tag}"` })).toBeVisible();

      // A grievance is found by its description and deleted the same way (docs/administration.md#record-search).
      const grievance = await page.request.post("/api/grievances", {
        data: {
          projectId,
          receivedDate: "2026-11-20",
          receivedTime: "09:15",
          channel: "phone",
          complainantKind: "person",
          complainantName: `Grievant ${tag}`,
          category: "other",
          severity: "low",
          description: `Culvert ${tag} damaged`,
        },
        headers: origin(page),
      });
      expect(grievance.status()).toBe(201);
      const { reference } = (await grievance.json()) as { reference: string };
      await page.getByLabel("Record type").selectOption("grievances");
      await page.getByLabel("Search", { exact: true }).fill(`Culvert ${tag}`);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Found 1 grievances" })).toBeVisible();
      await expect(page.getByRole("row", { name: new RegExp(reference) })).toContainText(`Grievant ${tag}`);
      await expectAccessible(page);
      await page.getByRole("link", { name: `Delete ${reference}` }).click();
      await page.getByRole("region", { name: "Delete record" }).getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: "Record Deleted" })).toBeVisible();
      await expect(page.getByRole("heading", { name: `No grievances found matching "Culvert ${tag}"` })).toBeVisible();

      // Danger Zone: the wrong text is refused and nothing happens; the right one deletes.
      await page.getByRole("link", { name: /^Delete All Engagements \(1\)$/ }).click();
      const danger = page.getByRole("region", { name: "Delete All Engagements" });
      await danger.getByLabel("Type DELETE_ENGAGEMENTS to confirm").fill("DELETE_STAKEHOLDERS");
      await danger.getByRole("button", { name: "Delete All Engagements" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText('Invalid Confirmation: Please type "DELETE_ENGAGEMENTS" to confirm');
      await expect(page).toHaveTitle(/^Error: /);
      await expectAccessible(page);
      await expect(page.getByRole("link", { name: /^Delete All Engagements \(1\)$/ })).toBeVisible();
      await page.getByLabel("Type DELETE_ENGAGEMENTS to confirm").fill("DELETE_ENGAGEMENTS");
      // With JavaScript the Danger Zone locks while the action is pending (docs/administration.md#danger-zone): hold the POST to see it.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let passed = () => {};
      const continued = new Promise<void>((resolve) => (passed = resolve));
      const isAction = (url: URL) => url.pathname === "/database-management";
      if (javaScript) {
        await page.route(isAction, async (route) => {
          if (route.request().method() !== "POST") return route.continue();
          await held;
          await route.continue();
          passed();
        });
      }
      await page.getByRole("button", { name: "Delete All Engagements" }).click();
      if (javaScript) {
        const working = page.getByRole("region", { name: "Delete All Engagements" }).getByRole("button", { name: "Working…" });
        await expect(working).toBeDisabled();
        await expect(working).toHaveAttribute("aria-disabled", "true");
        const zone = page.getByRole("region", { name: "Danger Zone" });
        await expect(zone.getByRole("link")).toHaveCount(0);
        await expect(zone.getByRole("button", { name: /^Delete All Stakeholders/ })).toBeDisabled();
        await expect(zone.getByRole("button", { name: /^Delete All Stakeholders/ })).toHaveAttribute("aria-disabled", "true");
        await expectAccessible(page);
        release();
        await continued;
        await page.unroute(isAction);
      }
      await expect(page.getByRole("status").filter({ hasText: "Engagements Deleted" })).toContainText("Deleted 1 engagement.");
      await expect(page.getByRole("button", { name: /^Delete All Engagements \(0\)$/ })).toBeDisabled();
      const download = page.getByRole("link", { name: /^Download SQL/ }).first();
      const file = await page.request.get((await download.getAttribute("href"))!);
      expect(file.status()).toBe(200);
      expect(await file.text()).toContain(`Visit ${tag}`);
      await expectAccessible(page);

      // Activity: the project's audit log, filtered by record type.
      await page.getByRole("link", { name: "Activity", exact: true }).click();
      await expect(page.getByRole("heading", { name: /^Activity \(\d+\)$/ })).toBeVisible();
      await page.getByLabel("Record type").selectOption("Stakeholder");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/type=Stakeholder/);
      const table = page.getByRole("table");
      await expect(table).toContainText("stakeholder.normalize");
      await expect(table).toContainText(`${tag} PERSON → ${tag.charAt(0)}${tag.slice(1).toLowerCase()} Person`);
      await expect(table).not.toContainText("database.delete-all-engagements");
      await expectAccessible(page);

      // The stakeholder's History tab.
      await page.goto(`/stakeholders?projectId=${projectId}&highlight=${stakeholderId}`);
      await page.getByRole("link", { name: "History", exact: true }).click();
      const history = page.locator("section[aria-labelledby=record-history-title]");
      await expect(history).toContainText("stakeholder.normalize");
      await expect(history).toContainText("stakeholder.create");
      await expectAccessible(page);
    });
  });
}

test.describe("Database Management: Delete Entire Project", () => {
  test.use({ javaScriptEnabled: false });

  test("the project goes, the user lands on the dashboard, and its restore point is listed", async ({ browser, page, expectAccessible }) => {
    await signedIn(browser, page, "client_owner", null);
    await page.goto(`/database-management?projectId=${projectId}&danger=delete-project`);
    const danger = page.getByRole("region", { name: "Delete Entire Project" });
    await expectAccessible(page);
    await danger.getByLabel("Type DELETE_PROJECT to confirm").fill("DELETE_PROJECT");
    await danger.getByRole("button", { name: "Delete Entire Project" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").filter({ hasText: "Project Deleted" })).toBeVisible();
    const projects = (await (await page.request.get("/api/projects")).json()) as { id: number }[];
    expect(projects.some((p) => p.id === projectId)).toBe(false);

    // Its restore point stays reachable: Database Management lists the deleted projects' restore points.
    await page.goto("/database-management");
    const deleted = page.getByRole("region", { name: "Restore Points of Deleted Projects" });
    // Every point of the project is listed (the Delete All Engagements ones too); this one is the deletion's.
    const row = deleted.getByRole("row").filter({ hasText: PROJECT }).filter({ hasText: "Delete Entire Project" }).first();
    const file = await page.request.get((await row.getByRole("link", { name: /^Download SQL/ }).getAttribute("href"))!);
    expect(file.status()).toBe(200);
    expect(await file.text()).toContain(PROJECT);
    await expectAccessible(page);

    // Restore opens its own confirmation page: a wrong name is refused inline, the right one brings the project back.
    await row.getByRole("link", { name: /^Restore/ }).click();
    await expect(page).toHaveURL(/\/database-management\/restore-points\/\d+\/restore$/);
    await expect(page.getByRole("heading", { name: `Restore ${PROJECT}` })).toBeVisible();
    await expectAccessible(page);
    const field = page.getByLabel(`Type the project name "${PROJECT}" to confirm`);
    await field.fill("not the name");
    await page.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    await expect(page).toHaveTitle(/^Error: /);
    await expectAccessible(page);
    await page.getByLabel(`Type the project name "${PROJECT}" to confirm`).fill(PROJECT);
    await page.getByRole("button", { name: "Restore" }).click();
    await expect(page).toHaveURL(new RegExp(`/database-management\\?projectId=${projectId}$`));
    await expect(page.getByRole("status").filter({ hasText: "Restore Point Restored" })).toBeVisible();
    await expectAccessible(page);

    // And deleted again, so the demo client's plan keeps its room.
    const again = await page.request.delete(`/api/database/delete-project?projectId=${projectId}`, { data: { confirmation: "DELETE_PROJECT" }, headers: origin(page) });
    expect(again.status()).toBe(200);
  });
});
