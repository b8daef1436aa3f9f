import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests drive Debian's chromium against the built app, started exactly as a new user
 * would start it: no configuration, an empty data folder, so the embedded PostgreSQL is created,
 * migrated and seeded, and sign-in goes through the bundled OpenID Connect provider.
 * Set once in the main process; workers inherit these variables.
 */
process.env.E2E_PORT ??= "3917";
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "lr-e2e-"));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

/**
 * Debian's old headless shell (package chromium-headless-shell) runs the browser tests on about half the
 * CPU of full Chromium, which also runs a GPU process and a display compositor for its headless windows
 * (tests/README.md, "CI minutes"). Full Chromium runs the tests tagged @full-browser, which need what only it
 * has (its PDF viewer), and every test when the shell is not installed. CHROMIUM_PATH names one Chromium
 * for all of them.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const LIGHT_CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export default defineConfig({
  testDir: "tests/e2e",
  // Separate runs on one machine (E2E_OUTPUT_DIR) must not share traces and screenshots.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: true,
  // Two workers on the 2-core CI machine: with three, the browsers, the server and PostgreSQL kept about
  // fourteen processes runnable at once (ten with two), each scan took about twice as long, and saves ran
  // past the assertions' timeout (tests/README.md, "CI minutes").
  workers: 2,
  // One retry on CI so a timing flake cannot block a landing; the list reporter marks such tests "flaky".
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Generous: a JS-disabled axe scan loads the page again in a second (JS-enabled) context, and CI has 2 cores.
  timeout: 60_000,
  // A save's answer on a loaded 2-core machine can take several seconds; waiting longer costs nothing when it comes sooner.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A trace records every action's arguments, DOM snapshots and a screencast of every page; an axe scan
    // alone adds axe's ~0.5 MB source to it. Kept for every test and thrown away when it passes, the three
    // workers' trace folders held 1.4 GB at once mid-run, CPU and disk the tests did not need on CI (tests/README.md, "CI minutes"). CI
    // retries a failure once, so the retry is traced; a local run (no retries) keeps the failure's trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
  },
  projects: [
    { name: "chromium", grepInvert: /@full-browser/, use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: LIGHT_CHROMIUM, args: CHROMIUM_ARGS } } },
    { name: "chromium-full", grep: /@full-browser/, use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } } },
  ],
  webServer: {
    command: "node --expose-gc build/index.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(port + 50000 > 65535 ? 55917 : port + 50000),
      NODE_ENV: "production",
      // As `npm start` does: production refuses to start without an issuer unless this is set.
      LOCAL_SIGN_IN: "true",
      // As `npm start` does: one server on its own data folder, not a fleet needing shared settings.
      SINGLE_INSTANCE: "true",
      // An access line per request would bury a failure's own output; warnings and errors still show.
      LOG_LEVEL: "warn",
      // The embedded inbound SMTP listener (docs/inbound-mail.md#the-embedded-listener), on a port of this run's own.
      INBOUND_SMTP_PORT: process.env.E2E_INBOUND_SMTP_PORT ?? String(port + 1000 > 65535 ? 0 : port + 1000),
    },
  },
});
