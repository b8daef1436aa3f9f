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
          globalSetup: ["tests/setup/global-database.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database copied from the migrated template, so files run in parallel.
          pool: "forks",
        },
      },
    ],
  },
});
