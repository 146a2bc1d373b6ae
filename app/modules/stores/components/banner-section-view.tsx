import { useState } from "react";
import { ResponsiveImage } from "~/modules/uploads/components/responsive-image";
import { EDITOR } from "../editor/constants";
import type { Banner, BannerSection } from "../store-design.schema";

function BannerContent({ banner }: { banner: Banner }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="relative h-full w-full overflow-hidden rounded-lg bg-slate-800 text-white">
      {banner.image_url && !failed ? (
        <ResponsiveImage
          src={banner.image_url}
          alt=""
          sizes={`(min-width: 1280px) ${Math.round((1248 * banner.width) / EDITOR.autoWidth)}px, (min-width: 640px) ${Math.round((100 * banner.width) / EDITOR.autoWidth)}vw, 100vw`}
          widths={[480, 640, 960, 1280, 1600]}
          width={Math.max(1, Math.round(banner.width))}
          height={Math.max(1, Math.round(banner.height))}
          onError={() => setFailed(true)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : null}
      <div className="relative flex h-full flex-col justify-end bg-gradient-to-t from-black/60 to-transparent p-4">
        {banner.title ? <p className="text-lg font-bold leading-tight">{banner.title}</p> : null}
        {banner.subtitle ? <p className="mt-1 text-sm opacity-90">{banner.subtitle}</p> : null}
        {banner.cta_text ? (
          <span className="mt-2 inline-block self-start rounded-md bg-white px-3 py-1 text-sm font-medium text-slate-900">
            {banner.cta_text}
          </span>
        ) : null}
      </div>
    </div>
  );
}

// a link's name is the text it shows (its title, subtitle and call to action), so speech users can say it
const hasText = (banner: Banner) => Boolean(banner.title || banner.subtitle || banner.cta_text);

function BannerLink({ banner }: { banner: Banner }) {
  if (banner.clickable && banner.cta_link) {
    return (
      <a
        href={banner.cta_link}
        target="_blank"
        rel="noopener noreferrer"
        className="block h-full w-full"
        aria-label={hasText(banner) ? undefined : "Banner"}
      >
        <BannerContent banner={banner} />
      </a>
    );
  }
  return <BannerContent banner={banner} />;
}

/**
 * A banner section on the public store page: banners positioned over a canvas of at least 300 px,
 * scaled from the editor's 1400 px-wide coordinates. On phones the banners stack instead.
 */
export function BannerSectionView({ section }: { section: BannerSection }) {
  const height = Math.max(section.section_height, EDITOR.canvasMinPublic);
  const banners = [...section.banners].sort((a, b) => a.y - b.y || a.x - b.x);
  const background = section.background_color || undefined;
  return (
    <div>
      <div
        className="relative hidden w-full overflow-hidden rounded-lg sm:block"
        style={{ aspectRatio: `${EDITOR.autoWidth} / ${height}`, minHeight: EDITOR.canvasMinPublic, background }}
      >
        {banners.map((banner) => (
          <div
            key={banner.id}
            className="absolute"
            style={{
              left: `${(banner.x / EDITOR.autoWidth) * 100}%`,
              top: `${(banner.y / height) * 100}%`,
              width: `${(banner.width / EDITOR.autoWidth) * 100}%`,
              height: `${(banner.height / height) * 100}%`,
            }}
          >
            <BannerLink banner={banner} />
          </div>
        ))}
      </div>
      <div className="space-y-3 rounded-lg p-2 sm:hidden" style={{ background }}>
        {banners.map((banner) => (
          <div key={banner.id} className="h-44">
            <BannerLink banner={banner} />
          </div>
        ))}
      </div>
    </div>
  );
}
