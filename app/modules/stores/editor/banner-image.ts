import type { BannerSection, Section } from "../store-design.schema";
import { EDITOR } from "./constants";
import { autoSizeImage, fitBanner } from "./geometry";

export type UploadedBannerImage = { url: string; width: number; height: number };

export type BannerImageOutcome =
  /** the banner now shows the image at the auto size (spec §5) */
  | { kind: "sized"; width: number; height: number }
  /** the banner shows the image at its old size: the auto size would overlap another banner */
  | { kind: "kept"; width: number; height: number; wanted: { width: number; height: number } }
  /** the banner (or its section) was deleted while the image uploaded */
  | { kind: "missing" };

/**
 * Puts an uploaded image on a banner of the *current* sections (the upload may have taken a while and
 * the owner kept editing) and auto-sizes the banner to the editor width, height 150-500, growing the
 * canvas if needed. When the auto size would overlap another banner, the banner keeps its size.
 */
export function withBannerImage(
  sections: Section[],
  sectionId: string,
  bannerId: string,
  image: UploadedBannerImage,
): { sections: Section[]; outcome: BannerImageOutcome } {
  const section = sections.find((s): s is BannerSection => s.id === sectionId && s.type === "banner-section");
  const banner = section?.banners.find((b) => b.id === bannerId);
  if (!section || !banner) return { sections, outcome: { kind: "missing" } };
  const wanted = autoSizeImage(image.width, image.height);
  const canvas = {
    width: EDITOR.autoWidth,
    height: Math.min(EDITOR.maxCanvasHeight, Math.max(section.section_height, wanted.height)),
  };
  const withImage = section.banners.map((b) => (b.id === bannerId ? { ...b, image_url: image.url } : b));
  const fitted = fitBanner(withImage, bannerId, wanted, canvas);
  const sized = fitted !== withImage;
  const next: BannerSection = sized
    ? { ...section, banners: fitted, section_height: canvas.height }
    : { ...section, banners: withImage };
  const placed = next.banners.find((b) => b.id === bannerId)!;
  return {
    sections: sections.map((s) => (s.id === sectionId ? next : s)),
    outcome: sized
      ? { kind: "sized", width: placed.width, height: placed.height }
      : { kind: "kept", width: placed.width, height: placed.height, wanted },
  };
}

/** The `t` of the page (useTranslation(["stores"])): the message is in the owner's language. */
type Translate = (
  key: `stores:banner.${"imageSized" | "imageKept" | "imageMissing"}`,
  values?: Record<string, number>,
) => string;

/** What the owner is told after a banner image upload: only what actually happened. */
export function bannerImageMessage(outcome: BannerImageOutcome, t: Translate): { ok: boolean; message: string } {
  switch (outcome.kind) {
    case "sized":
      return { ok: true, message: t("stores:banner.imageSized", { width: outcome.width, height: outcome.height }) };
    case "kept":
      return {
        ok: true,
        message: t("stores:banner.imageKept", {
          width: outcome.width,
          height: outcome.height,
          wantedWidth: outcome.wanted.width,
          wantedHeight: outcome.wanted.height,
        }),
      };
    case "missing":
      return { ok: false, message: t("stores:banner.imageMissing") };
  }
}
