import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~db": fileURLToPath(new URL("./db", import.meta.url)),
  "~": fileURLToPath(new URL("./app", import.meta.url)),
};

/** Unit test files that replace a module with vi.mock; they run in a project of their own, isolated. */
export const MOCKS_MODULES = ["app/utils/request-log.server.test.ts", "app/modules/help-centre/content.server.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          globals: true,
          environment: "node",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts"],
          exclude: MOCKS_MODULES,
          // Unit tests are pure, so each worker imports the app's modules once for all its files instead
          // of once per file: 103 s -> 37 s on the 2-core CI machine (tests/README.md, "CI minutes").
          isolate: false,
        },
      },
      {
        resolve: { alias },
        // Files that replace a module (vi.mock) get fresh modules: without isolation the replacement
        // would leak into the files after them.
        test: { name: "unit-isolated", globals: true, environment: "node", include: MOCKS_MODULES },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          globals: true,
          environment: "node",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/global-database.ts", "tests/setup/build-workers.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database copied from the migrated template, so files run in parallel.
          pool: "forks",
          // Each worker imports the app once for all its files (484 -> 338 s here): files set up and tear
          // down their own database, ORM and environment (tests/setup/test-database.ts), and replace
          // functions with spies they restore, never with vi.mock (app/utils/test-isolation.test.ts).
          isolate: false,
          // Vitest's default is one worker per core less one: a single worker on a 2-core CI machine,
          // which then waits on PostgreSQL and on the apps some files start. Two keep both cores busy.
          maxWorkers: 2,
        },
      },
    ],
  },
});
