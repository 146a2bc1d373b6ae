import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that took longest in a measured run (the whole suite with `--reporter=json`, 28 Nov 2026), slowest
 * first. All projects share one queue of worker slots (vitest.config.ts): a long file that starts last keeps the
 * run waiting on it alone, so these start first and the short files fill the slots around them. Vitest's own
 * order (its cache of earlier durations where it has one, else file size, projects by name) decides the rest.
 */
export const SLOWEST_FILES = [
  "tests/e2e/accounts-server.test.ts",
  "tests/e2e/charge-reconciliation.test.ts",
  "tests/e2e/server.test.ts",
  "tests/e2e/fuzz.test.ts",
  "tests/e2e/payment-terms.test.ts",
  "tests/e2e/uploads.test.ts",
  "tests/e2e/verification.test.ts",
  "tests/e2e/live.test.ts",
  "tests/e2e/rfqs-server.test.ts",
  "tests/lint/layering.test.ts",
  "tests/e2e/order-journey.test.ts",
  "tests/e2e/authorization-matrix.test.ts",
  "app/modules/jobs/job-queue.test.ts",
  "tests/e2e/jobs.test.ts",
  "tests/e2e/catalog.test.ts",
];

export class SlowestFirstSequencer extends BaseSequencer {
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
