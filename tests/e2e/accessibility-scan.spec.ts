import type { Page } from "@playwright/test";
import { expect, JS_MODES, test } from "./support";

/**
 * The scan every other browser test relies on (`expectAccessible`, tests/e2e/support.ts) finds violations,
 * in both of its ways of scanning a JavaScript-disabled page: the worker's first scan loads the document
 * into the scan page, later ones write it in place. Each page is served by the test itself, so nothing
 * but the scan is measured.
 */
const labelled = `<!DOCTYPE html><html lang="en"><head><title>Labelled</title></head>
<body><main><h1>Labelled</h1><label for="name">Name</label><input id="name" name="name"></main></body></html>`;
const unlabelled = `<!DOCTYPE html><html lang="en"><head><title>Unlabelled</title></head>
<body><main><h1>Unlabelled</h1><input name="name"></main></body></html>`;
/**
 * Grey on white, 2.8:1, from a stylesheet: found only once it has applied. A data: URL, because the scan page
 * of a JavaScript-disabled test is another context, which this test's routes do not serve.
 */
const faintCss = `data:text/css,${encodeURIComponent(".faint { color: #999; background: #fff; }")}`;
const faint = `<!DOCTYPE html><html lang="en"><head><title>Faint</title><link rel="stylesheet" href="${faintCss}"></head>
<body><main><h1>Faint</h1><p class="faint">Hard to read</p></main></body></html>`;

async function serve(page: Page) {
  await page.route("**/scan-check/*", (route) => {
    const name = new URL(route.request().url()).pathname.split("/").pop();
    const body = { labelled, unlabelled, faint }[name as "labelled" | "unlabelled" | "faint"];
    return body ? route.fulfill({ contentType: "text/html; charset=utf-8", body }) : route.fulfill({ status: 404, body: "" });
  });
}

async function violationsOf(expectAccessible: () => Promise<void>): Promise<string> {
  try {
    await expectAccessible();
    return "";
  } catch (error) {
    return String(error);
  }
}

for (const mode of JS_MODES) {
  test.describe(`axe scan, ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("passes a clean page and reports a missing label and faint text on the pages after it", async ({ page, expectAccessible }) => {
      await serve(page);
      await page.goto("/scan-check/labelled");
      await expectAccessible();
      await page.goto("/scan-check/unlabelled");
      expect(await violationsOf(expectAccessible)).toContain("label: Form elements must have labels");
      await page.goto("/scan-check/faint");
      expect(await violationsOf(expectAccessible)).toContain("color-contrast");
      await page.goto("/scan-check/labelled");
      await expectAccessible();
    });
  });
}
