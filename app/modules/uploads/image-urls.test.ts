import { describe, expect, it } from "vitest";
import { cardImageUrl } from "./image-urls";

describe("card image URLs", () => {
  it("points an uploaded image at its card-sized variant, and leaves every other URL alone", () => {
    expect(cardImageUrl("/uploads/u_Ab-12/product/1795450000000123.webp")).toBe(
      "/uploads/u_Ab-12/product/1795450000000123-card.webp",
    );
    expect(cardImageUrl("/uploads/u1/hero_banner/1795450000000123.webp")).toBe(
      "/uploads/u1/hero_banner/1795450000000123-card.webp",
    );
    expect(cardImageUrl("/uploads/u1/product/1795450000000123-card.webp")).toBe(
      "/uploads/u1/product/1795450000000123-card.webp",
    );
    expect(cardImageUrl("https://images.example.com/runner.webp")).toBe("https://images.example.com/runner.webp");
    expect(cardImageUrl("/uploads/../etc/1.webp")).toBe("/uploads/../etc/1.webp");
  });
});
