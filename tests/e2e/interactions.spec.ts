import { JS_MODES, account, expect, signIn, signedIn, test } from "./support";
import { WESTERN_OPTION, createStakeholderViaApi, unique } from "./stakeholders.support";

// Long journeys (sign-in, several saves, axe scans) on a server shared with other suites.
test.describe.configure({ timeout: 120_000 });

for (const mode of JS_MODES) {
  test.describe(`interactions, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("an officer records an interaction and sees it in the stakeholder's list", async ({ browser, page, expectAccessible }) => {
      await signedIn(browser, page, "officer", WESTERN_OPTION);
      await page.goto("/");
      const name = unique("Interaction Person");
      await createStakeholderViaApi(page, { name });
      await page.goto(`/stakeholders?search=${encodeURIComponent(name)}`);
      await page.getByRole("link", { name: `Record interaction for ${name}` }).click();

      const panel = page.getByRole("region", { name: `Record Interaction: ${name}` });
      await expect(panel).toBeVisible();
      await expect(panel.getByLabel("Interaction Type")).toHaveValue("meeting");
      await expect(panel.getByLabel("Interaction Type").locator("option")).toHaveText([
        "In-Person Meeting",
        "Phone Call",
        "Email Exchange",
        "Community Event",
        "Site Visit",
        "Public Hearing",
        "Survey Response",
        "Interview",
      ]);
      await expect(panel.getByLabel("Time Zone")).toHaveValue("Australia/Sydney");
      await expect(panel.getByLabel("Time Zone").locator("option")).toHaveText(["Sydney", "Melbourne", "Brisbane", "Adelaide", "Perth", "Darwin", "Auckland", "UTC"]);
      await expect(panel.getByLabel("Date and Time")).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
      await expect(panel.getByLabel("Notes")).toHaveAttribute("rows", "4");
      await expect(panel.getByLabel("Outcomes")).toHaveAttribute("rows", "3");
      if (mode.javaScriptEnabled) await expect(panel.getByLabel("Follow-up Date")).toBeHidden();
      else await expect(panel.getByLabel("Follow-up Date")).toBeVisible();
      await expectAccessible(page);

      // Follow-up ticked without a date, and no subject: both refused.
      await panel.getByLabel("Follow-up required").check();
      await panel.getByRole("button", { name: "Record Interaction" }).click();
      await expect(page).toHaveTitle(/^Error: /);
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary.getByRole("link", { name: "Subject is required" })).toBeVisible();
      await expect(summary.getByRole("link", { name: "Enter a follow-up date" })).toHaveAttribute("href", "#field-followUpDate");
      await expectAccessible(page);

      const form = page.getByRole("region", { name: `Record Interaction: ${name}` });
      await form.getByLabel("Interaction Type").selectOption({ label: "Phone Call" });
      await form.getByLabel("Subject/Topic").fill("Access track discussion");
      await form.getByLabel("Date and Time").fill("2025-03-03T10:30");
      await form.getByLabel("Time Zone").selectOption({ label: "Perth" });
      await form.getByLabel("Location").fill("By phone");
      await form.getByLabel("Outcomes").fill("Agreed to a site visit");
      await expect(form.getByLabel("Follow-up required")).toBeChecked();
      await form.getByLabel("Follow-up Date").fill("2025-03-10");
      await form.getByRole("button", { name: "Record Interaction" }).click();
      await expect(page.getByRole("status")).toContainText("Success!");

      const list = page.getByRole("region", { name: `Interactions: ${name}` });
      await expect(list).toBeVisible();
      const item = list.locator("li.interaction").first();
      await expect(item).toContainText("Phone Call");
      await expect(item).toContainText("Access track discussion");
      await expect(item).toContainText(/3 Mar 2025.*10:30.*AWST/);
      await expect(item).toContainText("By phone");
      await expect(item).toContainText("Agreed to a site visit");
      await expect(item).toContainText("Required by 10 Mar 2025");
      await expectAccessible(page);

      // A second, earlier one is listed after it (newest first).
      await list.getByRole("link", { name: /^Record Interaction/ }).click();
      const again = page.getByRole("region", { name: `Record Interaction: ${name}` });
      await again.getByLabel("Subject/Topic").fill("First contact letter");
      await again.getByLabel("Interaction Type").selectOption({ label: "Email Exchange" });
      await again.getByLabel("Date and Time").fill("2025-01-02T09:00");
      await again.getByRole("button", { name: "Record Interaction" }).click();
      await expect(page.getByRole("status")).toContainText("Success!");
      await expect(page.getByRole("region", { name: `Interactions: ${name}` }).locator("li.interaction h3")).toHaveText([/Access track discussion/, /First contact letter/]);
    });

    test("a viewer can view interactions but not record them", async ({ browser, page }) => {
      await signedIn(browser, page, "viewer", WESTERN_OPTION);
      await page.goto("/stakeholders?search=Margaret%20Ellis");
      await expect(page.getByRole("link", { name: /^Record interaction/ })).toHaveCount(0);
      await page.getByRole("link", { name: "View interactions for Margaret Ellis" }).click();
      await expect(page.getByRole("region", { name: "Interactions: Margaret Ellis" })).toContainText("Initial land access discussion");
      await expect(page.getByRole("region", { name: "Interactions: Margaret Ellis" })).toContainText("In-Person Meeting");
    });
  });
}

test("recording an interaction without a project is refused with the spec's message", async ({ page }) => {
  await signIn(page, account("officer"));
  await page.goto("/stakeholders?interact=1");
  await expect(page.getByText("No project selected. Please select a project before recording interactions.")).toBeVisible();
  const response = await page.request.post("/stakeholders", {
    form: { intent: "record-interaction", formId: "interaction-form", stakeholderId: "1", subject: "x" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(await response.text()).toContain("No project selected. Please select a project before recording interactions.");
});
