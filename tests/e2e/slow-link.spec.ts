import type { BrowserContext, Page } from "@playwright/test";
import { expect, savedSignInState, test } from "./support";

/**
 * docs/architecture.md#performance (slow link): the main pages on a slow mobile-like link, signed in with
 * the demo project selected and an empty HTTP cache. Chrome throttles every response (DevTools' network
 * emulation): 400 kbit/s down, 300 ms round trip. Requests and bytes of the first visit are deterministic,
 * so they are the budgets asserted here; first contentful paint and load times depend on the machine and
 * are printed (with their targets) so they can be quoted, and only a loose ceiling is asserted.
 */
const KB = 1024;
const LINK = { offline: false, latency: 300, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };
/**
 * The goal is 110 KB. React, React DOM and Remix's router alone are ~74 KB brotli-compressed; the rest is
 * the shell's shared code, the page's own script, the ~11 KB stylesheet and the document. The pages weigh
 * 106.8–110.0 KB (the export screen, whose column editor is its first view, is the heaviest), plus
 * ~0.8 KB when Chrome makes one more request on some runs: the asserted budget catches growth.
 */
const GOAL_BYTES = 110 * KB;
const BUDGET = { requests: 10, bytes: 113 * KB };
/** What the times should be on an unloaded machine (reported, not asserted). */
const TARGET = { fcp: 1200, loadWithJavaScript: 2500, loadWithoutJavaScript: 1000 };
/** A ceiling that only a regression (a new blocking request, a large script) crosses even on a busy machine. */
const CEILING = { fcp: 4000, load: 8000 };
const STYLESHEET = /\/build\/_assets\/app-[A-Z0-9]+\.css$/;
const PAGES = ["/", "/stakeholders", "/properties", "/export", "/import"] as const;
const PROJECT = "Western Pipeline Stage 2 (Demo Land Consultancy)";

interface Visit {
  requests: { url: string; bytes: number; startedAt: number; finishedAt: number }[];
  bytes: number;
  fcp: number;
  load: number;
  /** When the last script arrived (with JavaScript: hydration runs then), ms from the start. */
  scriptsIn: number;
  /** Scripts that had arrived before the load event fired: the load event waited for them. */
  scriptsBeforeLoad: string[];
}

/** One throttled navigation from an empty cache: every request's bytes (headers and encoded body) and the page's own timings. */
async function visit(page: Page, context: BrowserContext, url: string, javaScript: boolean): Promise<Visit> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", LINK);
  // Chrome's own lifecycle events time the paint and the load, so they work with page scripts disabled too.
  await cdp.send("Page.enable");
  await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
  const urls = new Map<string, { url: string; startedAt: number }>();
  const perRequest = new Map<string, Visit["requests"][number]>();
  let startedAt = NaN;
  const lifecycle = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", (event) => {
    urls.set(event.requestId, { url: event.request.url, startedAt: event.timestamp });
    if (Number.isNaN(startedAt) && event.type === "Document") startedAt = event.timestamp;
  });
  const finished = (requestId: string, bytes: number, finishedAt: number) => {
    const sent = urls.get(requestId);
    perRequest.set(requestId, { url: sent?.url ?? "?", bytes, startedAt: sent?.startedAt ?? NaN, finishedAt });
  };
  cdp.on("Network.loadingFinished", (event) => finished(event.requestId, event.encodedDataLength, event.timestamp));
  cdp.on("Network.loadingFailed", (event) => finished(event.requestId, 0, event.timestamp));
  cdp.on("Page.lifecycleEvent", (event) => {
    if (!lifecycle.has(event.name)) lifecycle.set(event.name, event.timestamp);
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // A hydration mismatch is not thrown: React reports it through console.error and renders again.
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(url, { waitUntil: "load" });
  // With JavaScript, hydration may fetch route modules or the lazily discovered route manifest.
  if (javaScript) {
    await page.waitForLoadState("networkidle");
    // Fewer, merged scripts must still hydrate: Remix's router exists once entry.client has run.
    await expect.poll(() => page.evaluate(() => Boolean((window as { __remixRouter?: unknown }).__remixRouter))).toBe(true);
  }
  expect(errors, `script errors on ${url}`).toEqual([]);
  await expect.poll(() => lifecycle.has("firstContentfulPaint")).toBe(true);
  await cdp.detach();
  const since = (name: string) => ((lifecycle.get(name) ?? NaN) - startedAt) * 1000;
  const fcp = since("firstContentfulPaint");
  const load = since("load");
  const requests = [...perRequest.values()];
  const scripts = requests.filter((r) => new URL(r.url).pathname.endsWith(".js"));
  const scriptsIn = scripts.length > 0 ? (Math.max(...scripts.map((r) => r.finishedAt)) - startedAt) * 1000 : NaN;
  const loadedAt = lifecycle.get("load") ?? NaN;
  const scriptsBeforeLoad = scripts.filter((r) => !(r.finishedAt > loadedAt)).map((r) => r.url);
  return { requests, bytes: requests.reduce((sum, r) => sum + r.bytes, 0), fcp, load, scriptsIn, scriptsBeforeLoad };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

for (const javaScript of [true, false]) {
  test(`slow link, JavaScript ${javaScript ? "enabled" : "disabled"}: first visit within request and byte budgets, times reported`, async ({ browser }) => {
    test.setTimeout(180_000);
    const storageState = await savedSignInState(browser, "officer", PROJECT);
    const rows: string[] = [];
    const failures: string[] = [];
    for (const path of PAGES) {
      // A fresh context per page: its HTTP cache is empty.
      const context = await browser.newContext({ storageState, javaScriptEnabled: javaScript });
      try {
        const page = await context.newPage();
        const first = await visit(page, context, path, javaScript);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const scriptsIn = javaScript ? `   scripts in ${ms(first.scriptsIn).padStart(8)}` : "";
        rows.push(
          `${path.padEnd(14)} ${String(first.requests.length).padStart(2)} requests ${kb(first.bytes).padStart(9)}   FCP ${ms(first.fcp).padStart(8)}   load ${ms(first.load).padStart(8)}${scriptsIn}`,
        );
        const list = first.requests.map((r) => `${r.url.replace(/^https?:\/\/[^/]+/, "")} ${r.bytes}`).join(", ");
        // SLOW_LINK_LIST=1 prints every request of each first visit with its bytes, to see what a budget is made of.
        if (process.env.SLOW_LINK_LIST) console.log(path, list);
        if (!javaScript) {
          // The scripts are inert until a script turns them on (docs/architecture.md#scripts-after-load).
          const other = first.requests.filter((r) => !STYLESHEET.test(r.url) && new URL(r.url).pathname !== path);
          if (other.length > 0) failures.push(`${path} without JavaScript fetched more than its document and stylesheet: ${list}`);
        } else {
          // The page loads with its stylesheet alone: no script is asked for until the document and the
          // stylesheet have arrived and the load event has fired (docs/architecture.md#scripts-after-load;
          // Chrome stamps the load event after its handlers ran, so that stamp is later than their requests).
          // Hydration still happens: visit() waits for Remix's router.
          const pageItself = first.requests.filter((r) => STYLESHEET.test(r.url) || new URL(r.url).pathname === path);
          const loaded = Math.max(...pageItself.map((r) => r.finishedAt));
          const early = first.requests.filter((r) => new URL(r.url).pathname.endsWith(".js") && !(r.startedAt >= loaded));
          if (early.length > 0) failures.push(`${path}: scripts requested before the document and stylesheet had arrived: ${early.map((r) => r.url).join(", ")}`);
          // The load event does not wait for the scripts: none has arrived when it fires.
          if (first.scriptsBeforeLoad.length > 0) failures.push(`${path}: the load event waited for scripts: ${first.scriptsBeforeLoad.join(", ")}`);
          if (first.requests.length > BUDGET.requests) failures.push(`${path}: ${first.requests.length} requests > ${BUDGET.requests}: ${list}`);
          if (first.bytes > BUDGET.bytes) failures.push(`${path}: ${kb(first.bytes)} > ${kb(BUDGET.bytes)}: ${list}`);
        }
        if (!(first.fcp <= CEILING.fcp)) failures.push(`${path}: first contentful paint ${ms(first.fcp)} > ${ms(CEILING.fcp)}`);
        if (!(first.load <= CEILING.load)) failures.push(`${path}: load ${ms(first.load)} > ${ms(CEILING.load)}`);
      } finally {
        await context.close();
      }
    }
    const target = `targets: FCP ≤ ${ms(TARGET.fcp)}, load ≤ ${ms(javaScript ? TARGET.loadWithJavaScript : TARGET.loadWithoutJavaScript)}${javaScript ? `, ≤ ${BUDGET.requests} requests, ≤ ${kb(BUDGET.bytes)} (goal ${kb(GOAL_BYTES)})` : ""}`;
    const report = `Slow link (400 kbit/s, 300 ms), JavaScript ${javaScript ? "enabled" : "disabled"}, first visit (${target}):\n${rows.join("\n")}`;
    console.log(report);
    test.info().annotations.push({ type: "slow link", description: report });
    expect(failures, report).toEqual([]);
  });
}
