import { Package } from "lucide-react";
import { useState } from "react";
import { cn } from "~/components/ui/cn";
import { ResponsiveImage } from "~/modules/uploads/components/responsive-image";

/** A product's pictures: the chosen one large, the others as a chooser below it. */
export function ImageGallery({ images, name }: { images: string[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const current = images[selected];

  const markFailed = (index: number) => setFailed((prev) => (prev.has(index) ? prev : new Set(prev).add(index)));
  // An image that failed before hydration never fires onError for React: check it once mounted.
  const checkLoaded = (index: number) => (img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) markFailed(index);
  };

  return (
    <section aria-label="Product images">
      <div
        className={cn(
          "relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100",
          images.length > 0 ? "aspect-square" : "aspect-[4/3]",
        )}
      >
        {current && !failed.has(selected) ? (
          <ResponsiveImage
            src={current}
            alt={images.length > 1 ? `${name}, image ${selected + 1} of ${images.length}` : name}
            sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
            widths={[480, 640, 960, 1280]}
            width={640}
            height={640}
            priority
            ref={checkLoaded(selected)}
            className="h-full w-full object-contain"
            onError={() => markFailed(selected)}
          />
        ) : (
          <div
            role="img"
            aria-label={current ? `${name}: image could not be loaded` : `${name}: no image available`}
            className="flex h-full w-full flex-col items-center justify-center gap-2 text-slate-400"
          >
            <Package className="size-20" aria-hidden />
            <span className="text-sm text-slate-600">{current ? "Image unavailable" : "No image available"}</span>
          </div>
        )}
      </div>
      {images.length > 1 ? (
        // one image of several is shown: native radio buttons (one tab stop, the arrow keys move and choose), each
        // laid over its thumbnail, transparent, so the thumbnail is what is clicked and the radio what is focused
        <div role="radiogroup" aria-label="Choose an image" className="mt-3 flex gap-2 overflow-x-auto p-1">
          {images.map((src, i) => (
            <label key={`${src}-${i}`} className="relative size-16 shrink-0 sm:size-20">
              <input
                type="radio"
                name="product-image"
                value={String(i)}
                checked={selected === i}
                onChange={() => setSelected(i)}
                className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0"
              />
              <span className="block size-full overflow-hidden rounded-md border-2 border-transparent bg-slate-100 peer-checked:border-brand-600 peer-[:not(:checked):hover]:border-slate-300 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600">
                {failed.has(i) ? (
                  <span className="flex h-full items-center justify-center text-xs text-slate-600">
                    <span aria-hidden>Image {i + 1}</span>
                    <span className="sr-only">
                      Show image {i + 1} of {images.length} (could not be loaded)
                    </span>
                  </span>
                ) : (
                  <ResponsiveImage
                    ref={checkLoaded(i)}
                    src={src}
                    alt={`Show image ${i + 1} of ${images.length}`}
                    sizes="80px"
                    widths={[160]}
                    width={80}
                    height={80}
                    className="h-full w-full object-cover"
                    onError={() => markFailed(i)}
                  />
                )}
              </span>
            </label>
          ))}
        </div>
      ) : null}
    </section>
  );
}
