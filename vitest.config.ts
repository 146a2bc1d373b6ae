import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

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
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
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
