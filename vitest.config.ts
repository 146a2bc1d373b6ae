import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

/** The e2e files that use no browser: each starts servers of its own, so they may run beside each other. */
const HTTP_ONLY_E2E = [
  "accounts-server",
  "authorization-matrix",
  "crash-durability",
  "fuzz",
  "hostile-inputs",
  "instances",
  "jobs",
  "price-display",
  "rfqs-server",
  "server",
  "uploads",
].map((name) => `tests/e2e/${name}.test.ts`);

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "seed/**/*.test.ts",
            "server/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/lint/**/*.test.ts",
          ],
          environment: "node",
          globalSetup: ["tests/support/global-setup-db.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest's default in a run is one worker less than the cores: one on CI's two, every file one after
          // another. Files wait on PostgreSQL, pg-boss's polls and HTTP round trips as much as they compute, so
          // two workers keep both cores busy.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // files that talk HTTP to servers of their own (each its own port, data folder or database): two at a time
          name: "e2e-http",
          include: HTTP_ONLY_E2E,
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup-templates.ts"],
          testTimeout: 60_000,
          hookTimeout: 150_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          // browser files: one at a time on the run's shared demo server, each test in Chromium contexts of its own
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: HTTP_ONLY_E2E,
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup-server.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
