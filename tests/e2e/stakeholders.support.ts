import type { Page } from "@playwright/test";
import { expect } from "./support";

/** Helpers shared by the stakeholder and interaction browser tests. */
export const WESTERN = "Western Pipeline Stage 2";
/** Its option in the dashboard's project selector, as `signedIn` selects it. */
export const WESTERN_OPTION = "Western Pipeline Stage 2 (Demo Land Consultancy)";

export const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

export async function selectWestern(page: Page) {
  await page.goto("/");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Western Pipeline Stage 2 (Demo Land Consultancy)" });
  await page.getByRole("button", { name: "Select Project" }).click();
  await expect(page.getByRole("status")).toContainText("Project selected");
}

export async function projectIdByName(page: Page, name: string): Promise<number> {
  const projects = (await (await page.request.get("/api/projects")).json()) as { id: number; name: string }[];
  const project = projects.find((p) => p.name === name);
  if (!project) throw new Error(`No project ${name}`);
  return project.id;
}

export const sameOrigin = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** Creates a stakeholder through the API (as an integration would) and returns its id. */
export async function createStakeholderViaApi(page: Page, fields: Record<string, unknown>): Promise<number> {
  const projectId = await projectIdByName(page, WESTERN);
  const response = await page.request.post("/api/stakeholders", { data: { projectId, ...fields }, headers: sameOrigin(page) });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}
