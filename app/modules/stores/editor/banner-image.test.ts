import { describe, expect, it } from "vitest";
import { newBanner, newSection, type BannerSection, type Section } from "../store-design.schema";
import { bannerImageMessage as messageIn, withBannerImage, type BannerImageOutcome } from "./banner-image";
import { translate } from "~/i18n/texts";
import englishStores from "~/locales/en/stores.json";

/** The message as an English-speaking owner reads it (the editor passes its page's `t`). */
const bannerImageMessage = (outcome: BannerImageOutcome) =>
  messageIn(outcome, (key, values) => translate("en", { stores: englishStores }, key, values));

function bannerSection(banners: Partial<BannerSection["banners"][number]>[]): BannerSection {
  const section = newSection("banner-section", 0, 1) as BannerSection;
  return { ...section, banners: banners.map((b, i) => ({ ...newBanner(section.id, i), ...b })) };
}

const image = { url: "/uploads/u/banner/1.webp", width: 2800, height: 800 };

describe("banner image upload", () => {
  it("auto-sizes the banner to the editor width and says so", () => {
    const section = bannerSection([{ id: "a" }]);
    const { sections, outcome } = withBannerImage([section], section.id, "a", image);
    expect(outcome).toEqual({ kind: "sized", width: 1400, height: 400 });
    expect((sections[0] as BannerSection).banners[0]).toMatchObject({
      image_url: image.url,
      x: 0,
      y: 50,
      width: 1400,
      height: 400,
    });
    expect(bannerImageMessage(outcome)).toEqual({ ok: true, message: "Image auto-sized to 1400 × 400px" });
  });

  it("grows the canvas when the auto-sized banner is taller than it", () => {
    const section = { ...bannerSection([{ id: "a", y: 0 }]), section_height: 200 };
    const { sections, outcome } = withBannerImage([section], section.id, "a", { ...image, height: 2000 });
    expect(outcome).toEqual({ kind: "sized", width: 1400, height: 500 });
    expect((sections[0] as BannerSection).section_height).toBe(500);
  });

  it("keeps the banner's size (and says so, without claiming an auto-size) when the auto size would overlap another banner", () => {
    const section = bannerSection([{ id: "a" }, { id: "b", x: 600, y: 100 }]);
    const { sections, outcome } = withBannerImage([section], section.id, "a", image);
    expect(outcome).toEqual({ kind: "kept", width: 300, height: 200, wanted: { width: 1400, height: 400 } });
    const after = sections[0] as BannerSection;
    expect(after.banners[0]).toMatchObject({ image_url: image.url, x: 50, y: 50, width: 300, height: 200 });
    expect(after.section_height).toBe(section.section_height);
    expect(bannerImageMessage(outcome).message).not.toMatch(/auto-sized/);
    expect(bannerImageMessage(outcome).message).toContain("300 × 200px");
  });

  it("applies the image to the sections as they are when the upload ends, keeping edits made meanwhile", () => {
    const section = bannerSection([{ id: "a" }]);
    // during the upload the owner renamed the banner and added a product section
    const edited: Section[] = [
      { ...section, banners: [{ ...section.banners[0]!, title: "Diwali sale" }] },
      newSection("product-section", 1, 2),
    ];
    const { sections } = withBannerImage(edited, section.id, "a", image);
    expect(sections).toHaveLength(2);
    expect((sections[0] as BannerSection).banners[0]).toMatchObject({ title: "Diwali sale", image_url: image.url });
  });

  it("does nothing when the banner was deleted during the upload", () => {
    const section = bannerSection([]);
    const before = [section];
    const { sections, outcome } = withBannerImage(before, section.id, "gone", image);
    expect(sections).toBe(before);
    expect(bannerImageMessage(outcome).ok).toBe(false);
  });
});
