import path from "node:path";
import { defineConfig } from "vitest/config";
import { SlowestFirstSequencer } from "./tests/support/slowest-first-sequencer";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

/**
 * Files of all three projects share one queue of this many worker slots (vitest runs projects of one group
 * together, and a group has one maxWorkers). Most of a file's time is spent waiting (on a server, Chromium,
 * pg-boss's polls, PostgreSQL), not computing, so four files at a time keep CI's two cores busy. Each slot has
 * a demo server of its own for the browser files (global-setup-server.ts), so no two files share one at once.
 */
export const TEST_WORKERS = Number(process.env.TEST_WORKERS ?? 4);

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
    sequence: { sequencer: SlowestFirstSequencer },
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
          maxWorkers: TEST_WORKERS,
        },
      },
      {
        resolve: { alias },
        test: {
          // files that talk HTTP to servers of their own (each its own port, data folder or database)
          name: "e2e-http",
          include: HTTP_ONLY_E2E,
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup-templates.ts"],
          testTimeout: 60_000,
          hookTimeout: 150_000,
          maxWorkers: TEST_WORKERS,
        },
      },
      {
        resolve: { alias },
        test: {
          // browser files: each on its worker slot's demo server (one file at a time per server), each test in
          // Chromium contexts of its own
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: HTTP_ONLY_E2E,
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup-server.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          maxWorkers: TEST_WORKERS,
        },
      },
    ],
  },
});
