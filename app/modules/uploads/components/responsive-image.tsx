import type { ComponentProps } from "react";
import { responsiveImageSources, type ImageWidth } from "../image-urls";

type ResponsiveImageProps = Omit<
  ComponentProps<"img">,
  "src" | "srcSet" | "sizes" | "width" | "height" | "loading" | "fetchPriority"
> & {
  src: string;
  /** How wide the image is shown, as the `sizes` attribute says it (e.g. "(min-width: 1024px) 25vw, 100vw"). */
  sizes: string;
  /** The variants to offer: from the narrowest the image is shown at (on a small screen) to the widest (at 2x). */
  widths: readonly ImageWidth[];
  /** The proportions it is shown at (the box it fills): the browser reserves its place before it loads. */
  width: number;
  height: number;
  /** The largest image above the fold: loaded at once, first (React preloads it from the head). */
  priority?: boolean;
};

/**
 * An uploaded image at the size it is shown: WebP variants in `srcSet` (image-urls.ts), width and height set,
 * lazy unless it is the page's main picture. An image that is not an upload (an https URL) is shown as it is.
 */
export function ResponsiveImage({ src, sizes, widths, priority = false, ...rest }: ResponsiveImageProps) {
  const sources = responsiveImageSources(src, widths);
  return (
    <img
      {...rest}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
    />
  );
}

/**
 * A small square picture (a list's thumbnail, a logo): shown `size` CSS pixels wide, so the 160 px variant serves
 * screens up to 2x.
 */
export function Thumbnail({
  size,
  ...rest
}: Omit<ResponsiveImageProps, "sizes" | "widths" | "width" | "height" | "priority" | "alt"> & { size: number }) {
  return <ResponsiveImage {...rest} alt="" sizes={`${size}px`} widths={[160]} width={size} height={size} />;
}
