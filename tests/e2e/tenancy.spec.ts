import { account, expect, signIn, signedIn, test } from "./support";

test.use({ javaScriptEnabled: false });

async function projectIdByName(page: import("@playwright/test").Page, name: string): Promise<number> {
  const response = await page.request.get("/api/projects");
  expect(response.status()).toBe(200);
  const projects = (await response.json()) as { id: number; name: string }[];
  const project = projects.find((p) => p.name === name);
  expect(project, `project ${name} in ${JSON.stringify(projects.map((p) => p.name))}`).toBeTruthy();
  return project!.id;
}

test("the second client's owner cannot see or select the demo client's project", async ({ page, browser }) => {
  const demoOwner = await browser.newPage();
  await signedIn(browser, demoOwner, "client_owner", null);
  const demoProjectId = await projectIdByName(demoOwner, "Western Pipeline Stage 2");
  await demoOwner.close();

  await signIn(page, account("client_owner", "second"));
  const own = await page.request.get("/api/projects");
  expect(((await own.json()) as { name: string }[]).map((p) => p.name)).toEqual(["Coastal Road Upgrade"]);

  const direct = await page.request.get(`/api/projects/${demoProjectId}`);
  expect(direct.status()).toBe(404);
  expect(await direct.text()).not.toContain("Western Pipeline");

  // A hand-crafted selection of the other client's project is refused like an invalid choice.
  await expect(page.getByLabel("Project", { exact: true }).locator("option", { hasText: "Western Pipeline" })).toHaveCount(0);
  const crafted = await page.request.post("/?index", { form: { intent: "select-project", projectId: String(demoProjectId) }, headers: { Origin: new URL(page.url()).origin } });
  expect(crafted.status()).toBe(422);
  expect(await crafted.text()).not.toContain("Western Pipeline");
});

test("a project manager sees only the projects assigned to them, and gets 403 for the others", async ({ browser, page }) => {
  await signedIn(browser, page, "project_manager", null);
  const names = ((await (await page.request.get("/api/projects")).json()) as { name: string }[]).map((p) => p.name);
  expect(names).toEqual(["Western Pipeline Stage 2"]);

  const director = await browser.newPage();
  await signedIn(browser, director, "director", null);
  const unassignedId = await projectIdByName(director, "Northern Transmission Line");
  await director.close();

  expect((await page.request.get(`/api/projects/${unassignedId}`)).status()).toBe(403);
});

test("/api/auth/user answers 401 signed out and the user signed in", async ({ browser, page }) => {
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  await signedIn(browser, page, "viewer", null);
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: account("viewer").login, systemRole: "viewer", firstName: "Vera", lastName: "Viewer" });
});

test("a cross-site form post is refused", async ({ browser, page }) => {
  await signedIn(browser, page, "officer", null);
  const response = await page.request.post("/?index", {
    form: { intent: "clear-selection" },
    headers: { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" },
  });
  expect(response.status()).toBe(403);
});
