import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~db": fileURLToPath(new URL("./db", import.meta.url)),
  "~": fileURLToPath(new URL("./app", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    globals: true,
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", globals: true, environment: "node", include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts"] },
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
          // Vitest's default is one worker per core less one: a single worker on a 2-core CI machine,
          // which then waits on PostgreSQL and on the apps some files start. Two keep both cores busy.
          maxWorkers: 2,
        },
      },
    ],
  },
});
