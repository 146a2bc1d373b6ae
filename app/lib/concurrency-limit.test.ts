import { describe, expect, it } from "vitest";
import { concurrencyLimit } from "./concurrency-limit";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("a concurrency limit", () => {
  it("runs at most so many tasks at once, the others in order of arrival, and goes on after a failure", async () => {
    const limit = concurrencyLimit(2);
    const gates = Array.from({ length: 4 }, gate);
    const started: number[] = [];
    const results = gates.map((g, i) =>
      limit(async () => {
        started.push(i);
        await g.opened;
        if (i === 0) throw new Error("first failed");
        return i;
      }),
    );
    await expect.poll(() => started).toEqual([0, 1]);
    expect([limit.active, limit.waiting]).toEqual([2, 2]);
    gates[0]!.open();
    await expect(results[0]).rejects.toThrow("first failed");
    await expect.poll(() => started).toEqual([0, 1, 2]);
    gates[2]!.open();
    await expect(results[2]).resolves.toBe(2);
    await expect.poll(() => started).toEqual([0, 1, 2, 3]);
    gates[1]!.open();
    gates[3]!.open();
    expect(await Promise.all(results.slice(1))).toEqual([1, 2, 3]);
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });
});
