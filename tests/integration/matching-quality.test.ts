import { describe, expect, it } from "vitest";
import { evaluateMatching } from "../../bench/matching-eval";

describe("RFQ matching quality on the labelled set (bench/matching-eval-set.ts)", () => {
  it("notifies mostly the suppliers that sell what each RFQ asks for: precision@20 ≥ 0.8, and finds most of them", async () => {
    const result = await evaluateMatching();
    expect(result.rfqs).toBeGreaterThanOrEqual(100);
    expect(result.precisionAt20).toBeGreaterThanOrEqual(0.8);
    expect(result.recallAt20).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});
