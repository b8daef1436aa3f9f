import fs from "node:fs";
import { createRequire } from "node:module";
import type axe from "axe-core";
import { test as base, expect, request, type Browser, type BrowserContext, type Page, type Route } from "@playwright/test";
import { SEEDED_ACCOUNTS, type SeededAccount } from "../../db/seeders/seeded-accounts";

export { expect };

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export function account(role: SeededAccount["role"], client: SeededAccount["client"] = role === "system_admin" ? null : "demo"): SeededAccount {
  const found = SEEDED_ACCOUNTS.find((a) => a.role === role && a.client === client);
  if (!found) throw new Error(`No seeded ${role} account for ${client}`);
  return found;
}

/** Signs in through the bundled OpenID Connect provider exactly as a person would. */
export async function signIn(page: Page, who: SeededAccount) {
  await page.goto("/");
  await page.getByRole("link", { name: "Sign In with SSO" }).click();
  await expect(page.getByRole("heading", { name: "Local evaluation sign-in" })).toBeVisible();
  await page.getByLabel("Email").fill(who.login);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Landholder Liaison Records System" })).toBeVisible();
}

/** axe's minified build (580 KB; the package's `source` is the 1.3 MB readable one). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * Runs axe in the page itself, injected once per document. AxeBuilder (legacy mode) sent axe's 1.3 MB source
 * over the protocol twice per scan and configured it again each time, a third of a scan's time on CI's two
 * cores; its default mode also opens another page to combine frames' results, and the app's pages have no
 * frames. The options are the ones AxeBuilder passed: the WCAG tags, violations only.
 */
async function scan(page: Page) {
  // From the top: scrolled, the sticky navigation bar sits over the content, and axe counts every
  // target under or beside it as too small (target-size), which says nothing about the page itself.
  await page.evaluate(() => window.scrollTo(0, 0));
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const results = await window.axe!.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  }, WCAG_TAGS);
  return violations.map((v) => `${v.id}: ${v.help} (${v.targets.join(", ")})`);
}

/**
 * axe needs timers, which do not run in a page with JavaScript disabled. For those pages the
 * rendered document (scripts removed, so nothing changes it) is scanned in a JS-enabled page at
 * the same URL and window size, so styles and relative links resolve exactly as the user saw them.
 * The JS-enabled context holds no cookies, and its one page is kept for the worker. Its first scan
 * loads the document at the page's URL; later ones on the same origin write the document into it in
 * place (document.open keeps the window, so axe stays injected and the stylesheets stay cached), at
 * the page's URL again through history.replaceState.
 */
async function scanWithoutJavaScript(page: Page, copy: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const viewport = page.viewportSize();
  if (viewport) await copy.setViewportSize(viewport);
  const url = new URL(page.url());
  if (copy.url() !== "about:blank" && new URL(copy.url()).origin === url.origin) {
    await copy.evaluate(
      ({ html, path }) => {
        history.replaceState(null, "", path);
        document.open();
        document.write(html);
        document.close();
      },
      { html, path: url.pathname + url.search + url.hash },
    );
  } else {
    const serve = (route: Route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    await copy.route(url.href, serve);
    try {
      await copy.goto(url.href);
    } finally {
      await copy.unroute(url.href, serve);
    }
  }
  // Colour contrast is only right once every stylesheet has applied.
  await copy.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet));
  return await scan(copy);
}

/**
 * A page's scripts start after its load event (docs/architecture.md#scripts-after-load), so a page
 * Playwright has loaded may not be hydrated yet. Waits until it is: the inert module script has been
 * turned on and Remix's router exists (or the page has no Remix scripts: an error or provider page).
 */
export async function waitForScripts(page: Page) {
  await page.waitForFunction(() => !document.querySelector('script[type="x-module"]') && (!("__remixContext" in window) || "__remixRouter" in window), undefined, { timeout: 10_000 });
}

/**
 * Makes `page.goto` and `page.reload` also wait for the page's scripts when JavaScript is on, as a
 * person's next action comes after them on a fast link. A test that opens its own page calls this.
 */
export function waitForScriptsOnNavigation(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForScripts(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForScripts(page);
    return response;
  };
  return page;
}

export const test = base.extend<{ expectAccessible: (page?: Page) => Promise<void> }, { scanPage: Page }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitForScriptsOnNavigation(page));
  },
  scanPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
  expectAccessible: async ({ page, javaScriptEnabled, scanPage }, use) => {
    await use(async (target = page) => {
      const violations = javaScriptEnabled === false ? await scanWithoutJavaScript(target, scanPage) : await scan(target);
      expect(violations, "WCAG 2.2 A/AA violations").toEqual([]);
    });
  },
});

export const JS_MODES = [
  { name: "JavaScript disabled", javaScriptEnabled: false },
  { name: "JavaScript enabled", javaScriptEnabled: true },
] as const;

type Role = SeededAccount["role"];
type Client = NonNullable<SeededAccount["client"]>;
type State = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * Signs `page` in as the seeded `role` of `client` with `project` selected (null: none), reusing one
 * UI sign-in per role, client and project per worker: its cookies are saved and added to later tests'
 * contexts. A worker runs its tests one after another, so sharing the server-side session, its selected
 * project and its flash is safe; only the sign-in tests sign in through the UI every time.
 */
const savedStates = new Map<string, State>();
export async function signedIn(browser: Browser, page: Page, role: Role, project: string | null, client: Client = "demo") {
  const state = await savedSignInState(browser, role, project, client);
  await page.context().addCookies(state.cookies);
}

async function stillSignedIn(state: State): Promise<boolean> {
  const api = await request.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT}`, storageState: state });
  try {
    return (await api.get("/api/auth/user")).ok();
  } finally {
    await api.dispose();
  }
}

/** The saved sign-in behind `signedIn`, for a test that opens its own fresh context (e.g. a cold cache). */
export async function savedSignInState(browser: Browser, role: Role, project: string | null, client: Client = "demo"): Promise<State> {
  const key = `${role}|${client}|${project ?? ""}`;
  let state = savedStates.get(key);
  // A saved session can end while the worker runs: 30 idle minutes (a long run on a slow machine), or
  // another test ending the user's sessions. One request checks it (and keeps it alive).
  if (state && !(await stillSignedIn(state))) state = undefined;
  if (!state) {
    const context = await browser.newContext();
    const setup = await context.newPage();
    await signIn(setup, account(role, role === "system_admin" ? null : client));
    if (project) {
      await setup.getByLabel("Project", { exact: true }).selectOption({ label: project });
      await setup.getByRole("button", { name: "Select Project" }).click();
      await expect(setup.getByRole("status")).toContainText("Project selected");
    }
    state = await context.storageState();
    await context.close();
    savedStates.set(key, state);
  }
  return state;
}
