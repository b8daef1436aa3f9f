import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Screenshots for the documentation centre (`npm run docs:screenshots`): drives the built app exactly as
 * the browser tests do (an empty data folder, the embedded PostgreSQL seeded with the demo data, sign-in
 * through the bundled OpenID Connect provider) and writes PNGs to public/docs-images/. Run `npm run build`
 * first. Its own port (DOCS_PORT, default 3965) so it can run beside the browser tests.
 */
process.env.DOCS_PORT ??= "3965";
process.env.E2E_PORT = process.env.DOCS_PORT;
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "lr-docs-"));
const port = Number(process.env.DOCS_PORT);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/docs-screenshots",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results/docs-screenshots",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 600_000,
  expect: { timeout: 20_000 },
  // One stuck step must not hold the whole run: it is reported and the next screen runs.
  use: {
    baseURL,
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    viewport: { width: 1200, height: 800 },
    deviceScaleFactor: 1,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1200, height: 800 }, deviceScaleFactor: 1 } }],
  webServer: {
    command: "node --expose-gc build/index.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(port + 50000 > 65535 ? 55965 : port + 50000),
      NODE_ENV: "production",
      LOCAL_SIGN_IN: "true",
      // As `npm start` does: one server on its own data folder, not a fleet needing shared settings.
      SINGLE_INSTANCE: "true",
    },
  },
});
