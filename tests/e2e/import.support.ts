import type { Page } from "@playwright/test";
import { expect } from "./support";

/**
 * Presses Import on the mapping step. One import per project waits in the queue at a time
 * (docs/import.md#the-import-job), and other tests import into the same project in parallel: the
 * refusal (a 4xx answer with "already waiting to start") asks the user to press Import again. Each
 * press is judged by its own POST's answer, not by the screen, where an earlier refusal stays visible
 * until the next answer lands (judging by the screen pressed Import again on the progress page).
 */
export async function submitImport(page: Page) {
  for (let attempt = 0; attempt < 15; attempt++) {
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/import/mapping", { timeout: 20_000 });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    if ((await answer).status() < 400) {
      await page.waitForURL(/\/import\/\d+(\/duplicates)?\??$/, { timeout: 20_000 });
      return;
    }
    await expect(page.getByRole("alert").filter({ hasText: "already waiting to start" })).toBeVisible();
    await page.waitForTimeout(1000);
  }
  throw new Error("The import queue stayed busy");
}
