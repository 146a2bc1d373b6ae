import { describe, expect, it } from "vitest";
import { generateBaseSku, variantSku } from "./sku";

describe("SKU generation", () => {
  it("follows the spec's rule", () => {
    expect(generateBaseSku("Shakti Textiles", "100% Cotton T-Shirt", 1795389528197)).toBe("SHA-COTTON-8197");
    expect(generateBaseSku("Shakti Textiles", "Tote", 1795389520001, "xl")).toBe("SHA-TOTE-0001-XL");
  });
  it("stays well formed for empty or non-latin names", () => {
    expect(generateBaseSku("", "", 12)).toBe("SET-ITEM-0012");
    expect(generateBaseSku("राम", "चाय", 99999)).toMatch(/^SET-ITEM-9999$/);
  });
  it("numbers variants with a VAR suffix", () => {
    expect(variantSku("SHA-TOTE-0001", 0)).toBe("SHA-TOTE-0001-VAR1");
  });
});
