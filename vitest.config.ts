import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

/**
 * Files of all three projects share one queue of this many worker slots (vitest runs projects of one group
 * together, and a group has one maxWorkers). Most of a file's time is spent waiting (on a server, Chromium,
 * pg-boss's polls, PostgreSQL), not computing, so four files at a time keep CI's two cores busy. Each slot has
 * a demo server of its own for the browser files (global-setup-server.ts), so no two files share one at once.
 */
export const TEST_WORKERS = Number(process.env.TEST_WORKERS ?? 4);

// V8's compiled code kept on disk for every process the run starts (vitest's workers, about 70 app servers, their
// database threads): each compiles the same libraries, so all but the first load them from the cache (server.js
// does the same for production restarts)
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), "node-compile-cache");

/** The e2e files that use no browser: each starts servers of its own, so they may run beside each other. */
const HTTP_ONLY_E2E = [
  "accounts-email",
  "accounts-google",
  "accounts-limits",
  "accounts-password-reset",
  "accounts-server",
  "authorization-matrix",
  "catalogue-import-crash",
  "crash-durability",
  "fuzz",
  "hindi-feedback",
  "hostile-inputs",
  "instances",
  "jobs",
  "price-display",
  "rfqs-server",
  "server",
  "uploads",
].map((name) => `tests/e2e/${name}.test.ts`);

/**
 * The files that took longest in a measured run (the whole suite with `--reporter=json`, 29 Nov 2026), slowest
 * first. All projects share one queue of worker slots (vitest.config.ts): a long file that starts last keeps the
 * run waiting on it alone, so these start first and the short files fill the slots around them. Vitest's own
 * order (its cache of earlier durations where it has one, else file size, projects by name) decides the rest.
 */
const SLOWEST_FILES = [
  "tests/e2e/hindi.test.ts",
  "tests/e2e/fuzz.test.ts",
  "tests/e2e/server.test.ts",
  "tests/e2e/charge-reconciliation.test.ts",
  "tests/e2e/crash-durability.test.ts",
  "tests/e2e/accounts-server.test.ts",
  "tests/e2e/payment-terms.test.ts",
  "tests/e2e/verification.test.ts",
  "tests/e2e/accounts-limits.test.ts",
  "tests/e2e/live.test.ts",
  "tests/e2e/push.test.ts",
  "tests/e2e/uploads.test.ts",
  "tests/e2e/stores.test.ts",
  "tests/e2e/drafts.test.ts",
  "tests/e2e/jobs.test.ts",
  "tests/e2e/collections.test.ts",
  "tests/e2e/accounts-email.test.ts",
  "tests/e2e/accounts.test.ts",
];

class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    // Array.prototype.sort is stable: files off the list keep vitest's order
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

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
          // unit files leave no global state behind (fake timers and env are restored by each file), so a worker
          // runs file after file instead of starting a new one per file (~0.4 s each, 90 files)
          isolate: false,
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
          // a worker runs file after file instead of starting a new one per file (~0.6 s each): the files keep their
          // state in their own modules (servers, browser contexts) and close it in afterAll
          isolate: false,
          // four files at a time on two cores: a step that takes 20 s alone can take three times as long
          testTimeout: 120_000,
          hookTimeout: 150_000,
          // expect.poll waits for a positive signal (a picture decoded, a job done): vitest's 1 s default is less
          // than a first image render takes with four files on two cores (CI failed on it once)
          expect: { poll: { timeout: 15_000 } },
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
          // a failed test's message says what its open pages showed
          setupFiles: ["tests/e2e/support/failure-report.ts"],
          // as the e2e-http project: one worker runs file after file
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 150_000,
          // expect.poll waits for a positive signal (a picture decoded, a job done): vitest's 1 s default is less
          // than a first image render takes with four files on two cores (CI failed on it once)
          expect: { poll: { timeout: 15_000 } },
          maxWorkers: TEST_WORKERS,
        },
      },
    ],
  },
});
