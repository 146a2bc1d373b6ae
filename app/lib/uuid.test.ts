import { describe, expect, it } from "vitest";
import { isUuid } from "./uuid";

describe("isUuid", () => {
  it("accepts well-formed UUIDs only", () => {
    expect(isUuid("3ff9105f-c989-474b-a010-2861b35d2619")).toBe(true);
    expect(isUuid("3FF9105F-C989-474B-A010-2861B35D2619")).toBe(true);
    for (const bad of [
      "-".repeat(36),
      "3ff9105fc989474ba0102861b35d26190000",
      "3ff9105f-c989-474b-a010-2861b35d261",
      "x' or 1=1",
      "",
      null,
      42,
    ]) {
      expect(isUuid(bad), String(bad)).toBe(false);
    }
  });
});
