import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { account, expect, signIn, test } from "../e2e/support";
import { seedMapParcels } from "../e2e/map.support";

/**
 * Takes the screenshots of the user guide (app/modules/help-centre/content/user-guide.md and its chapters in user-guide/) from the real
 * app with its demo data: `npm run build && npm run docs:screenshots` (playwright.docs.config.ts starts the
 * server). Each image is written to public/docs-images/<name>.png at 1200×800, clipped to the part of the
 * screen the guide talks about where that is smaller. A screen that cannot be reached is reported at the
 * end without stopping the others.
 */
const OUT = path.resolve("public/docs-images");
const WESTERN = "Western Pipeline Stage 2 (Demo Land Consultancy)";
const fixture = (file: string) => fs.readFileSync(path.resolve("tests/fixtures/import", file));

type Role = Parameters<typeof account>[0];

const failures: string[] = [];

/** Opens a signed-in page for the role, with the demo project selected unless `project` is null. */
async function as(browser: Browser, role: Role, project: string | null = WESTERN): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await signIn(page, account(role));
  if (project) {
    await page.getByLabel("Project", { exact: true }).selectOption({ label: project });
    await page.getByRole("button", { name: "Select Project" }).click();
    await expect(page.getByRole("status")).toContainText("Project selected");
  }
  return page;
}

/** How much of a screen an image shows: the guide's images stay small (under about 120 KB each). */
const WIDTH = 1200;
const MAX_HEIGHT = 640;

/**
 * Writes the top of the page (or of one element of it), at most MAX_HEIGHT (or `height`) pixels tall,
 * as public/docs-images/<name>.png.
 */
async function shot(page: Page, name: string, target?: Locator, height = MAX_HEIGHT) {
  const file = path.join(OUT, `${name}.png`);
  // Animations and the caret would make each run's image differ; the sticky navigation bar would cover
  // the top of an element scrolled into view.
  await page
    .addStyleTag({ content: "*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; } header.nav { position: static !important; }" })
    .catch(() => undefined);
  if (!target) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: file, clip: { x: 0, y: 0, width: WIDTH, height } });
    return;
  }
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.screenshot({ path: file, fullPage: true, clip: { x: box.x, y: box.y + scrollY, width: box.width, height: Math.min(box.height, height) } });
}

/** DOCS_SCREENS="reports,map" retakes only those screens (names as below); unset, every screen. */
const ONLY = process.env.DOCS_SCREENS?.split(",").map((name) => name.trim());

/** Runs one screen's steps; a failure is recorded and the next screen still runs. */
async function screen(name: string, steps: () => Promise<void>) {
  if (ONLY && !ONLY.includes(name)) return;
  await test.step(name, async () => {
    try {
      await steps();
    } catch (error) {
      failures.push(`${name}: ${(error as Error).message.split("\n")[0]}`);
    }
  });
}

async function projectId(page: Page, name: string): Promise<number> {
  const projects = (await (await page.request.get("/api/projects")).json()) as { id: number; name: string }[];
  return projects.find((p) => p.name === name)!.id;
}

async function highlightId(page: Page, list: "stakeholders" | "properties", search: string, linkName: string | RegExp): Promise<string> {
  await page.goto(`/${list}?search=${encodeURIComponent(search)}`);
  const href = await page
    .getByRole("link", { name: linkName, exact: typeof linkName === "string" })
    .first()
    .getAttribute("href");
  return /highlight=(\d+)/.exec(href ?? "")![1]!;
}

/** Uploads a file on /import and presses Upload and continue. */
async function uploadForImport(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, type: "Stakeholders" | "Properties") {
  await page.goto("/import");
  await page.getByRole("radio", { name: type }).check();
  await page.locator("#field-import-upload-file").setInputFiles(file);
  await page.getByRole("button", { name: "Upload and continue" }).click();
  await expect(page).toHaveURL(/\/import\/mapping\?data=/);
}

/** Presses Import (again while another import of the project waits) and waits for the job to finish or stop at its duplicates. */
async function runImport(page: Page) {
  for (let attempt = 0; attempt < 15; attempt++) {
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/import/mapping");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    if ((await answer).status() < 400) {
      await page.waitForURL(/\/import\/\d+/);
      break;
    }
    await page.waitForTimeout(1000);
  }
  await expect(page.getByRole("heading", { name: /^(Import Successful!|Import failed|Resolve duplicates: )/ })).toBeVisible({ timeout: 60_000 });
}

test("documentation screenshots", async ({ browser }) => {
  fs.mkdirSync(OUT, { recursive: true });

  // Signed out: the landing page and the bundled sign-in.
  await screen("landing and sign-in", async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await page.goto("/");
    await shot(page, "landing");
    await page.getByRole("link", { name: "Sign In with SSO" }).click();
    await expect(page.getByRole("heading", { name: "Local evaluation sign-in" })).toBeVisible();
    await page.getByLabel("Email").fill(account("officer").login);
    await shot(page, "sign-in");
    await context.close();
  });

  // The director: dashboard, new project, phases.
  const director = await as(browser, "director");
  await screen("dashboard", async () => {
    await director.goto("/");
    await shot(director, "dashboard");
  });
  await screen("new project", async () => {
    await director.goto("/projects/new");
    await expect(director.getByRole("button", { name: "Create Project" })).toBeVisible();
    await shot(director, "project-new");
  });
  await screen("project phases", async () => {
    const id = await projectId(director, "Western Pipeline Stage 2");
    await director.goto(`/projects/${id}/phases`);
    await shot(director, "project-phases");
  });

  // The officer: stakeholders, interactions, links, properties.
  const officer = await as(browser, "officer");
  await screen("stakeholders", async () => {
    await officer.goto("/stakeholders");
    await shot(officer, "stakeholders");
    await officer.goto("/stakeholders?new=1");
    await expect(officer.getByRole("heading", { name: "Add New Stakeholder" })).toBeVisible();
    await shot(officer, "stakeholder-add");
    const id = await highlightId(officer, "stakeholders", "Margaret Ellis", "Margaret Ellis");
    await officer.goto(`/stakeholders?highlight=${id}`);
    await shot(officer, "stakeholder-details", officer.getByRole("region", { name: "Margaret Ellis" }));
    await officer.goto(`/stakeholders?interact=${id}`);
    const panel = officer.getByRole("region", { name: "Record Interaction: Margaret Ellis" });
    await panel.getByLabel("Subject/Topic").fill("Access track discussion");
    await shot(officer, "interaction-record", panel);
    await officer.goto(`/stakeholders?interactions=${id}`);
    await shot(officer, "interactions", officer.getByRole("region", { name: "Interactions: Margaret Ellis" }));
    await officer.goto(`/stakeholders?link=${id}`);
    await shot(officer, "stakeholder-link-properties", officer.getByRole("region", { name: "Link Properties: Margaret Ellis" }));
  });
  await screen("properties", async () => {
    await officer.goto("/properties");
    await shot(officer, "properties");
    const address = "1480 Western Highway, Beaufort VIC 3373";
    const id = await highlightId(officer, "properties", "1480", address);
    await officer.goto(`/properties?highlight=${id}`);
    await shot(officer, "property-details", officer.getByRole("region", { name: `Property Details: ${address}` }));
  });
  await screen("map", async () => {
    // The demo has no parcel boundaries; the browser test's lots stand in for an imported cadastre.
    await seedMapParcels();
    await officer.goto("/map");
    // The hatched fills compress poorly: the drawing alone keeps the image under 120 KB (the guide's text has the legend).
    await shot(officer, "map", officer.locator(".parcel-map__svg"), 420);
  });
  await screen("grievances and commitments", async () => {
    // Recorded through the /api (the same checks as the forms), so the screens show a register in use.
    const project = await projectId(officer, "Western Pipeline Stage 2");
    const post = async (url: string, data: Record<string, unknown>) => {
      const response = await officer.request.post(url, { data: { projectId: project, ...data }, headers: { Origin: new URL(officer.url()).origin } });
      expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
      return (await response.json()) as { id: number };
    };
    const stakeholder = Number(await highlightId(officer, "stakeholders", "Margaret Ellis", "Margaret Ellis"));
    const property = Number(await highlightId(officer, "properties", "1480", "1480 Western Highway, Beaufort VIC 3373"));
    const base = { receivedTime: "09:15", channel: "phone" };
    const gate = await post("/api/grievances", {
      ...base,
      receivedDate: "2026-11-02",
      complainantKind: "stakeholder",
      stakeholderId: stakeholder,
      propertyId: property,
      category: "gates_fences",
      severity: "high",
      description: "The gate on the northern paddock was left open after the survey crew's visit; stock got onto the road.",
    });
    await post(`/api/grievances/${gate.id}/stage`, { action: "move", to: "acknowledged" });
    await post("/api/grievances", {
      ...base,
      receivedDate: "2026-11-18",
      channel: "email",
      complainantKind: "person",
      complainantName: "Dale Porter",
      category: "dust_noise",
      severity: "medium",
      description: "Dust from the haul road is settling on the house and water tank.",
    });
    await post("/api/grievances", {
      ...base,
      receivedDate: "2026-11-24",
      complainantKind: "anonymous",
      category: "traffic",
      severity: "low",
      description: "Trucks speeding past the school bus stop in the mornings.",
    });
    await post("/api/commitments", {
      description: "Rehang the northern paddock gate and fit a padlock",
      promisedOn: "2026-11-03",
      dueDate: "2026-11-14",
      stakeholderIds: [stakeholder],
      propertyIds: [property],
    });
    await post("/api/commitments", { description: "Water the haul road twice a day during dry spells", promisedOn: "2026-11-19", dueDate: "2027-03-31", stakeholderIds: [stakeholder] });

    await officer.goto("/grievances");
    await shot(officer, "grievances", undefined, 560);
    await officer.goto(`/grievances/${gate.id}`);
    await shot(officer, "grievance-details", undefined, 560);
    await officer.goto("/grievances/figures");
    await shot(officer, "grievance-figures", undefined, 560);
    await officer.goto("/commitments");
    await shot(officer, "commitments", undefined, 560);
  });
  await screen("reports", async () => {
    // After the grievances and commitments above, so their charts have something to show.
    await officer.goto("/reports");
    await shot(officer, "reports");
  });
  await screen("affected areas", async () => {
    await officer.goto("/affected-areas");
    await shot(officer, "affected-areas");
  });
  await screen("property groups", async () => {
    await officer.goto("/stakeholder-property-groups");
    await shot(officer, "property-groups");
  });
  await screen("documentation centre", async () => {
    await officer.goto("/documentation");
    await shot(officer, "documentation");
  });

  // The project manager: documents, templates, import, export.
  const manager = await as(browser, "project_manager");
  await screen("documents", async () => {
    await manager.goto("/documents");
    await manager
      .locator("#field-upload-document-file")
      .setInputFiles({ name: "access-route-letter.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% Access route letter\n%%EOF\n") });
    await manager.locator("section.document-upload").getByLabel("Category (optional)").selectOption("legal");
    await manager.locator("section.document-upload").getByLabel("Description (optional)").fill("Letter confirming the access route");
    await manager.getByRole("button", { name: "Upload Document" }).click();
    await expect(manager.getByRole("status")).toContainText("Document uploaded");
    await manager.goto("/documents");
    await shot(manager, "documents");
  });
  await screen("templates", async () => {
    await manager.goto("/templates");
    await manager.getByRole("link", { name: "Upload Template" }).click();
    const panel = manager.getByRole("region", { name: "Upload Template" });
    await panel.getByLabel("File").setInputFiles({ name: "notice-of-entry.txt", mimeType: "text/plain", buffer: Buffer.from("Dear landholder,\n\nNotice of entry.\n") });
    await panel.getByLabel("Template name").fill("Notice of entry");
    await panel.getByLabel("Description (optional)").fill("Letter giving the landholder notice of an entry for survey work.");
    await panel.getByLabel("Category (optional)").fill("Correspondence");
    await panel.getByLabel("Tags (optional)").fill("entry, notice");
    await panel.getByRole("button", { name: "Upload Template" }).click();
    await expect(manager.getByRole("status")).toContainText("Template uploaded successfully");
    await manager.goto("/templates");
    await shot(manager, "templates");
  });
  await screen("import", async () => {
    await manager.goto("/import");
    await shot(manager, "import-upload");
    await uploadForImport(manager, { name: "base-stakeholders.csv", mimeType: "text/csv", buffer: fixture("duplicates/base-stakeholders.csv") }, "Stakeholders");
    await shot(manager, "import-mapping");
    await runImport(manager);
    await shot(manager, "import-complete");
    await uploadForImport(manager, { name: "near-duplicate-stakeholders.csv", mimeType: "text/csv", buffer: fixture("duplicates/near-duplicate-stakeholders.csv") }, "Stakeholders");
    await runImport(manager);
    await expect(manager.getByRole("heading", { name: /^Resolve duplicates: / })).toBeVisible();
    const first = manager.getByRole("group", { name: /^Row \d+: / }).first();
    await shot(manager, "import-duplicate-row", first);
    for (const radio of await manager.getByRole("radio", { name: /^Link to existing: / }).all()) await radio.check();
    await manager.getByRole("button", { name: "Resolve duplicates" }).click();
    await expect(manager.getByRole("heading", { name: "Import Successful!" })).toBeVisible();
    await uploadForImport(manager, { name: "register-search-statements.pdf", mimeType: "application/pdf", buffer: fixture("titles/register-search-statements.pdf") }, "Properties");
    await shot(manager, "import-title-pdf");
    await runImport(manager);
    await manager.goto("/imports");
    await shot(manager, "import-history");
  });
  await screen("export", async () => {
    await manager.goto("/export?type=properties&mode=search-report");
    await shot(manager, "export");
    const columns = manager.getByRole("heading", { level: 2, name: "Columns: Properties, Search Report" });
    await shot(manager, "export-columns", columns.locator("xpath=ancestor::section[1]"), 560);
  });

  // The client owner: user management, database management, subscription.
  const owner = await as(browser, "client_owner");
  await screen("user management", async () => {
    await owner.goto("/user-management");
    await shot(owner, "user-management");
    await owner.goto("/user-management?invite=1");
    await expect(owner.getByRole("heading", { level: 2, name: "Invite User" })).toBeVisible();
    await shot(owner, "user-invite", owner.getByRole("heading", { level: 2, name: "Invite User" }).locator("xpath=ancestor::*[self::section or self::form][1]"));
  });
  await screen("database management", async () => {
    const id = await projectId(owner, "Western Pipeline Stage 2");
    await owner.goto(`/database-management?projectId=${id}`);
    await shot(owner, "database-management");
    const danger = owner.getByRole("heading", { name: "Danger Zone" });
    await shot(owner, "database-danger-zone", danger.locator("xpath=ancestor::section[1]"));
  });
  await screen("subscription (owner)", async () => {
    await owner.goto("/subscription");
    await shot(owner, "subscription");
  });

  // The system administrator: client organisations and project migration.
  const admin = await as(browser, "system_admin", null);
  await screen("subscription (system admin)", async () => {
    await admin.goto("/subscription");
    await shot(admin, "subscription-admin");
  });
  await screen("project migration", async () => {
    await admin.goto("/project-migration");
    await shot(admin, "project-migration");
  });

  expect(failures, "screens that could not be captured").toEqual([]);
  // The documentation centre embeds these in its PDF, Word and HTML downloads: keep them light.
  const sizes = fs.readdirSync(OUT).map((file) => ({ file, bytes: fs.statSync(path.join(OUT, file)).size }));
  expect(
    sizes.filter((s) => s.bytes > 120 * 1024).map((s) => s.file),
    "images over 120 KB",
  ).toEqual([]);
  expect(
    sizes.reduce((total, s) => total + s.bytes, 0),
    "all images together",
    // 36 images at about 60 KB each (the grievance register and commitments added four).
  ).toBeLessThan(2.5 * 1024 * 1024);
});
