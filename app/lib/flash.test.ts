import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./flash.server";

describe("safeRedirectPath", () => {
  it("keeps our own paths with their query and hash", () => {
    expect(safeRedirectPath("/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/create-rfq?product=abc#top")).toBe("/create-rfq?product=abc#top");
  });

  it("never leads to another site, however the path is disguised", () => {
    for (const attack of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%09/evil.example/../",
      "\\\\evil.example",
      "javascript:alert(1)",
      " /evil",
      "",
      null,
      undefined,
    ]) {
      const target = safeRedirectPath(attack, "/home");
      expect(new URL(target, "https://setu.example").origin, String(attack)).toBe("https://setu.example");
      expect(target).not.toMatch(/[\t\n\\]/);
    }
    expect(safeRedirectPath("/\t/evil.example", "/home")).toBe("/home");
    expect(safeRedirectPath("/\n/evil.example", "/home")).toBe("/home");
  });
});
