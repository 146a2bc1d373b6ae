import {
  ArrowDown,
  ArrowUp,
  Eye,
  EyeOff,
  ImageIcon,
  LayoutTemplate,
  Package,
  Pencil,
  Plus,
  Save,
  Store as StoreIcon,
  Trash2,
} from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { Input, Label, Textarea } from "~/components/ui/field";
import { formatPriceRange } from "~/lib/money";
import { ImageUploadField } from "~/modules/uploads/components/image-upload-field";
import { uploadImage } from "~/modules/uploads/upload-client";
import { IMAGE_ACCEPT } from "~/modules/uploads/uploads.schema";
import { bannerImageMessage, withBannerImage, type BannerImageOutcome } from "../editor/banner-image";
import { EDITOR } from "../editor/constants";
import { HANDLES, isClick, moveBanner, nudge, placeNewBanner, resizeBanner, type Handle } from "../editor/geometry";
import {
  newBanner,
  newSection,
  storeDesignSchema,
  type Banner,
  type BannerSection,
  type ProductSection,
  type Section,
  type StoreDesign,
} from "../store-design.schema";
import { BannerSectionView } from "./banner-section-view";
import { ResponsiveImage } from "~/modules/uploads/components/responsive-image";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/components/layout/use-root-user";
import { feedbackIn } from "~/i18n/feedback";

type EditorProduct = {
  id: string;
  name: string;
  images: string[];
  priceMinCents: number;
  priceMaxCents: number;
  featured: boolean;
};
type Target =
  | { kind: "hero" }
  | { kind: "logo" }
  | { kind: "name" }
  | { kind: "tagline" }
  | { kind: "color" }
  | { kind: "banner"; sectionId: string; bannerId: string };
type Drag = {
  sectionId: string;
  bannerId: string;
  handle: Handle | "move";
  startX: number;
  startY: number;
  scale: number;
  dx: number;
  dy: number;
};

const HANDLE_POSITION: Record<Handle, string> = {
  nw: "-left-1.5 -top-1.5 cursor-nwse-resize",
  n: "left-1/2 -top-1.5 -translate-x-1/2 cursor-ns-resize",
  ne: "-right-1.5 -top-1.5 cursor-nesw-resize",
  e: "-right-1.5 top-1/2 -translate-y-1/2 cursor-ew-resize",
  se: "-bottom-1.5 -right-1.5 cursor-nwse-resize",
  s: "-bottom-1.5 left-1/2 -translate-x-1/2 cursor-ns-resize",
  sw: "-bottom-1.5 -left-1.5 cursor-nesw-resize",
  w: "-left-1.5 top-1/2 -translate-y-1/2 cursor-ew-resize",
};

function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number>(EDITOR.autoWidth);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width || EDITOR.autoWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

function AddSectionControls({ onAdd, label }: { onAdd: (type: Section["type"]) => void; label: string }) {
  const { t } = useTranslation(["stores"]);
  return (
    <div className="flex flex-wrap items-center justify-center gap-2 py-3" role="group" aria-label={label}>
      <Button size="sm" variant="outline" onClick={() => onAdd("banner-section")}>
        <LayoutTemplate className="size-4" aria-hidden /> {t("stores:editor.addBannerSection")}
      </Button>
      <Button size="sm" variant="outline" onClick={() => onAdd("product-section")}>
        <Package className="size-4" aria-hidden /> {t("stores:editor.addProductSection")}
      </Button>
    </div>
  );
}

function BannerCanvas({
  section,
  editMode,
  onChange,
  onOpenBanner,
}: {
  section: BannerSection;
  editMode: boolean;
  onChange: (banners: Banner[]) => void;
  onOpenBanner: (bannerId: string) => void;
}) {
  const { t } = useTranslation(["stores"]);
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [drag, setDrag] = useState<Drag | null>(null);
  const scale = width / EDITOR.autoWidth;
  const height = Math.max(section.section_height, EDITOR.canvasMinEditor);
  const canvas = { width: EDITOR.autoWidth, height };
  const apply = (d: Drag) =>
    d.handle === "move"
      ? moveBanner(section.banners, d.bannerId, d.dx, d.dy, canvas)
      : resizeBanner(section.banners, d.bannerId, d.handle, d.dx, d.dy, canvas);
  const shown = drag ? apply(drag) : section.banners;

  const start = (e: React.PointerEvent, bannerId: string, handle: Handle | "move") => {
    if (!editMode || e.button !== 0) return;
    e.stopPropagation();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    setDrag({ sectionId: section.id, bannerId, handle, startX: e.clientX, startY: e.clientY, scale, dx: 0, dy: 0 });
  };
  const move = (e: React.PointerEvent) => {
    if (!drag) return;
    setDrag({ ...drag, dx: (e.clientX - drag.startX) / drag.scale, dy: (e.clientY - drag.startY) / drag.scale });
  };
  const end = (e: React.PointerEvent) => {
    if (!drag) return;
    const pixels = { dx: e.clientX - drag.startX, dy: e.clientY - drag.startY };
    if (drag.handle === "move" && isClick(pixels.dx, pixels.dy)) onOpenBanner(drag.bannerId);
    else if (!isClick(pixels.dx, pixels.dy)) {
      const next = apply(drag);
      if (next !== section.banners) onChange(next);
    }
    setDrag(null);
  };

  return (
    <div
      ref={ref}
      className={cn(
        "relative w-full overflow-hidden rounded-lg border border-dashed",
        editMode
          ? "border-brand-500 bg-[linear-gradient(#e2e8f0_1px,transparent_1px),linear-gradient(90deg,#e2e8f0_1px,transparent_1px)]"
          : "border-slate-200",
      )}
      style={{
        height: height * scale,
        minHeight: EDITOR.canvasMinEditor * Math.min(1, scale),
        backgroundColor: section.background_color || undefined,
        backgroundSize: `${EDITOR.grid * scale}px ${EDITOR.grid * scale}px`,
      }}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={() => setDrag(null)}
    >
      {shown.map((banner) => (
        <div
          key={banner.id}
          role={editMode ? "button" : undefined}
          tabIndex={editMode ? 0 : undefined}
          aria-label={
            editMode
              ? t("stores:banner.label", {
                  title: banner.title || t("stores:banner.untitled"),
                  texts: [banner.subtitle, banner.cta_text]
                    .filter(Boolean)
                    .map((text) => ` ${text}`)
                    .join(","),
                  x: banner.x,
                  y: banner.y,
                  width: banner.width,
                  height: banner.height,
                })
              : undefined
          }
          className={cn(
            "absolute touch-none select-none",
            editMode && "cursor-move outline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600",
            drag?.bannerId === banner.id && "opacity-90",
          )}
          style={{
            left: banner.x * scale,
            top: banner.y * scale,
            width: banner.width * scale,
            height: banner.height * scale,
          }}
          onPointerDown={(e) => start(e, banner.id, "move")}
          onKeyDown={(e) => {
            if (!editMode) return;
            if (e.key === "Enter") {
              e.preventDefault();
              onOpenBanner(banner.id);
              return;
            }
            if (!e.key.startsWith("Arrow")) return;
            e.preventDefault();
            const next = nudge(section.banners, banner.id, e.key, e.shiftKey, canvas);
            if (next !== section.banners) onChange(next);
          }}
        >
          <div className="pointer-events-none h-full w-full">
            <BannerSectionPreviewContent banner={banner} />
          </div>
          {editMode
            ? HANDLES.map((handle) => (
                <span
                  key={handle}
                  data-handle={handle}
                  aria-hidden
                  onPointerDown={(e) => start(e, banner.id, handle)}
                  className={cn(
                    "absolute size-3 rounded-sm border border-white bg-brand-600 shadow",
                    HANDLE_POSITION[handle],
                  )}
                />
              ))
            : null}
        </div>
      ))}
    </div>
  );
}

function BannerSectionPreviewContent({ banner }: { banner: Banner }) {
  return (
    <div className="relative h-full w-full overflow-hidden rounded-lg bg-slate-700 text-white">
      {banner.image_url ? (
        <img src={banner.image_url} alt="" draggable={false} className="absolute inset-0 h-full w-full object-cover" />
      ) : null}
      <div className="relative flex h-full flex-col justify-end bg-gradient-to-t from-black/60 to-transparent p-3">
        {/* spaces between the lines: the button's label repeats its text, and checkers read it without the layout */}
        <p className="truncate text-sm font-bold">{banner.title}</p>{" "}
        {banner.subtitle ? <p className="truncate text-xs opacity-90">{banner.subtitle}</p> : null}{" "}
        {banner.cta_text ? (
          <span className="mt-1 self-start rounded bg-white px-2 py-0.5 text-xs font-medium text-slate-900">
            {banner.cta_text}
          </span>
        ) : null}
      </div>
    </div>
  );
}

function ProductPreview({
  products,
  limit,
  showFeatured,
}: {
  products: EditorProduct[];
  limit: number;
  showFeatured: boolean;
}) {
  const { t } = useTranslation(["stores"]);
  const locale = useLocale();
  const list = [...products]
    .sort((a, b) => (showFeatured ? Number(b.featured) - Number(a.featured) : 0))
    .slice(0, limit);
  if (list.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
        {t("stores:editor.productsEmpty")}
      </p>
    );
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {list.map((p) => (
        <div key={p.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
          <div className="aspect-[4/3] bg-slate-100">
            {p.images[0] ? (
              <ResponsiveImage
                src={p.images[0]}
                alt=""
                sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
                widths={[320, 480, 640]}
                width={640}
                height={480}
                className="h-full w-full object-cover"
              />
            ) : null}
          </div>
          <div className="p-3">
            <p className="truncate text-sm font-medium">{p.name}</p>
            <p className="text-sm text-slate-600">
              {formatPriceRange(p.priceMinCents, p.priceMaxCents, "USD", locale)}
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}

/** The Store Appearance tab: a visual editor for the store's header, sections and banners. */
export function StoreEditor({
  initial,
  products,
  action,
}: {
  storeId: string;
  initial: StoreDesign;
  products: EditorProduct[];
  action: string;
}) {
  const { t } = useTranslation(["stores"]);
  const locale = useLocale();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [design, setDesign] = useState<StoreDesign>(initial);
  // the editor only works with its JavaScript: until it has hydrated its buttons say so rather than ignore a click
  const hydrated = useHydrated();
  const [editMode, setEditMode] = useState(false);
  const [preview, setPreview] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [target, setTarget] = useState<Target | null>(null);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) (fetcher.data.ok ? toast.success : toast.error)(fetcher.data.message);
  }, [fetcher.state, fetcher.data]);

  const open = (area: Target) => {
    if (!editMode) return;
    setTarget(area);
  };
  // Every change goes through a functional update, so edits made meanwhile (say during an upload) are never lost.
  const changeSections = (change: (sections: Section[]) => Section[]) =>
    setDesign((d) => ({ ...d, sections: change(d.sections).map((s, order) => ({ ...s, order })) }));
  const updateSection = (id: string, patch: Partial<BannerSection> | Partial<ProductSection>) =>
    changeSections((sections) => sections.map((s) => (s.id === id ? ({ ...s, ...patch } as Section) : s)));
  const addSection = (type: Section["type"], afterIndex: number) =>
    changeSections((sections) => {
      const next = [...sections];
      next.splice(afterIndex + 1, 0, newSection(type, afterIndex + 1));
      return next;
    });
  /** Moves a section one place up (-1) or down (1); the page shows sections in this order. */
  const moveSection = (index: number, by: -1 | 1) =>
    changeSections((sections) => {
      if (index + by < 0 || index + by >= sections.length) return sections;
      const next = [...sections];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });
  const changeBanners = (sectionId: string, change: (banners: Banner[]) => Banner[]) =>
    changeSections((sections) =>
      sections.map((s) =>
        s.id === sectionId && s.type === "banner-section" ? { ...s, banners: change(s.banners) } : s,
      ),
    );
  const updateBanner = (sectionId: string, bannerId: string, patch: Partial<Banner>) =>
    changeBanners(sectionId, (banners) => banners.map((b) => (b.id === bannerId ? { ...b, ...patch } : b)));
  const bannerSection = (id: string) =>
    design.sections.find((s): s is BannerSection => s.id === id && s.type === "banner-section");
  const currentBanner =
    target?.kind === "banner"
      ? bannerSection(target.sectionId)?.banners.find((b) => b.id === target.bannerId)
      : undefined;

  async function uploadBannerImage(sectionId: string, bannerId: string, file: File) {
    setUploading((n) => n + 1);
    try {
      const image = await uploadImage(file, "banner");
      // Applied to the design as it is now, not as it was when the upload started.
      const result: { outcome?: BannerImageOutcome } = {};
      flushSync(() =>
        setDesign((d) => {
          const next = withBannerImage(d.sections, sectionId, bannerId, image);
          result.outcome = next.outcome;
          return next.sections === d.sections ? d : { ...d, sections: next.sections };
        }),
      );
      const { ok, message } = bannerImageMessage(result.outcome ?? { kind: "missing" }, t);
      (ok ? toast.success : toast.error)(message);
    } catch (error) {
      toast.error(error instanceof Error ? feedbackIn(locale, error.message) : t("stores:editor.uploadFailed"));
    } finally {
      setUploading((n) => n - 1);
    }
  }

  function save() {
    const parsed = storeDesignSchema.safeParse(design);
    if (!parsed.success) {
      toast.error(t("stores:editor.saveFailed", { reason: feedbackIn(locale, parsed.error.issues[0]!.message) }));
      return;
    }
    fetcher.submit({ intent: "save-design", payload: JSON.stringify(parsed.data) }, { method: "post", action });
  }

  const editable = editMode && !preview;
  const clickArea = (area: Target, label: string) =>
    editable
      ? {
          role: "button",
          tabIndex: 0,
          "aria-label": label,
          onClick: () => open(area),
          onKeyDown: (e: React.KeyboardEvent) =>
            e.key === "Enter" || e.key === " " ? (e.preventDefault(), open(area)) : undefined,
        }
      : {};

  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 className="text-lg font-semibold">{t("stores:editor.title")}</h2>
          <p className="text-sm text-slate-600">{design.name}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={editMode ? "primary" : "outline"}
            size="sm"
            onClick={() => setEditMode((v) => !v)}
            aria-pressed={editMode}
            disabled={!hydrated}
          >
            <Pencil className="size-4" aria-hidden /> {editMode ? t("stores:editor.exitEdit") : t("stores:editor.edit")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPreview((v) => !v)}
            aria-pressed={preview}
            disabled={!hydrated}
          >
            {preview ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}{" "}
            {preview ? t("stores:editor.exitPreview") : t("stores:editor.preview")}
          </Button>
          <Button size="sm" onClick={save} disabled={!hydrated || uploading > 0 || fetcher.state !== "idle"}>
            <Save className="size-4" aria-hidden />{" "}
            {fetcher.state !== "idle" ? t("stores:editor.saving") : t("stores:editor.save")}
          </Button>
        </div>
      </div>
      {editable ? <p className="bg-brand-50 px-4 py-2 text-sm text-brand-700">{t("stores:editor.hint")}</p> : null}

      <div className="space-y-4 p-4">
        <div
          {...clickArea({ kind: "hero" }, t("stores:editor.editHero"))}
          className={cn(
            "relative flex min-h-32 items-center justify-center overflow-hidden rounded-lg bg-slate-100",
            editable && "cursor-pointer ring-brand-500 hover:ring-2",
          )}
        >
          {design.hero_banner ? (
            <img src={design.hero_banner} alt="" className="max-h-[400px] w-full object-cover" />
          ) : (
            <span className="flex items-center gap-2 text-sm text-slate-600">
              <ImageIcon className="size-4" aria-hidden /> {t("stores:editor.heroBanner")}
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <div
            {...clickArea({ kind: "logo" }, t("stores:editor.editLogo"))}
            className={cn(
              "flex size-16 items-center justify-center overflow-hidden rounded-lg border border-slate-200",
              editable && "cursor-pointer hover:ring-2 hover:ring-brand-500",
            )}
          >
            {design.logo_url ? (
              <img src={design.logo_url} alt={t("stores:editor.logoAlt")} className="h-full w-full object-contain" />
            ) : (
              <StoreIcon className="size-8" style={{ color: design.primary_color }} aria-hidden />
            )}
          </div>
          <div className="min-w-0 flex-1">
            <p
              {...clickArea({ kind: "name" }, t("stores:editor.editName", { name: design.name }))}
              className={cn(
                "text-2xl font-bold",
                editable && "cursor-pointer rounded hover:ring-2 hover:ring-brand-500",
              )}
            >
              {design.name}
            </p>
            <p
              {...clickArea(
                { kind: "tagline" },
                t("stores:editor.editTagline", { tagline: design.tagline || t("stores:editor.addTagline") }),
              )}
              className={cn("text-slate-600", editable && "cursor-pointer rounded hover:ring-2 hover:ring-brand-500")}
            >
              {design.tagline || (editable ? t("stores:editor.addTagline") : "")}
            </p>
          </div>
          <span
            {...clickArea({ kind: "color" }, t("stores:editor.editColour"))}
            className={cn("size-8 rounded-full border border-slate-300", editable && "cursor-pointer")}
            style={{ background: design.primary_color }}
            title={t("stores:editor.brandColour")}
          />
        </div>

        {design.sections.length === 0 && editable ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
            <h3 className="text-lg font-semibold">{t("stores:editor.startTitle")}</h3>
            <p className="mt-1 text-sm text-slate-600">{t("stores:editor.startText")}</p>
            <AddSectionControls onAdd={(type) => addSection(type, -1)} label={t("stores:editor.addFirst")} />
          </div>
        ) : null}

        {design.sections.map((section, index) => (
          <div key={section.id}>
            <section
              className={cn("rounded-lg", editable && "border border-slate-200 p-3")}
              aria-label={
                section.type === "banner-section" ? t("stores:section.banner", { number: index + 1 }) : section.title
              }
            >
              {editable ? (
                <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
                  <p className="text-sm font-semibold">
                    {section.type === "banner-section"
                      ? t("stores:section.banner", { number: index + 1 })
                      : t("stores:section.product", { title: section.title })}
                  </p>
                  <div className="flex flex-wrap items-end gap-2">
                    {section.type === "banner-section" ? (
                      <>
                        <NumberField
                          id={`height-${section.id}`}
                          label={t("stores:section.canvasHeight")}
                          value={section.section_height}
                          min={Math.max(EDITOR.canvasMinEditor, ...section.banners.map((b) => b.y + b.height))}
                          max={EDITOR.maxCanvasHeight}
                          step={EDITOR.grid}
                          onCommit={(section_height) => updateSection(section.id, { section_height })}
                        />
                        <BackgroundField
                          id={`background-${section.id}`}
                          value={section.background_color}
                          onChange={(background_color) => updateSection(section.id, { background_color })}
                        />
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => {
                            const spot = placeNewBanner(section.banners, {
                              width: EDITOR.autoWidth,
                              height: section.section_height,
                            });
                            if (!spot) return toast.error(t("stores:section.noSpace"));
                            updateSection(section.id, {
                              banners: [
                                ...section.banners,
                                { ...newBanner(section.id), ...spot, order: section.banners.length },
                              ],
                            });
                          }}
                        >
                          <Plus className="size-4" aria-hidden /> {t("stores:section.addBanner")}
                        </Button>
                      </>
                    ) : (
                      <>
                        <div>
                          <Label htmlFor={`title-${section.id}`} className="text-xs font-normal text-slate-500">
                            {t("stores:section.title")}
                          </Label>
                          <Input
                            id={`title-${section.id}`}
                            value={section.title}
                            maxLength={120}
                            onChange={(e) => updateSection(section.id, { title: e.target.value })}
                            className="h-8 w-56"
                          />
                        </div>
                        <NumberField
                          id={`limit-${section.id}`}
                          label={t("stores:section.productsShown")}
                          value={section.product_limit}
                          min={1}
                          max={EDITOR.maxProductLimit}
                          step={1}
                          onCommit={(product_limit) => updateSection(section.id, { product_limit })}
                        />
                        <label className="flex h-8 items-center gap-2 text-sm">
                          <input
                            type="checkbox"
                            checked={section.show_featured}
                            onChange={(e) => updateSection(section.id, { show_featured: e.target.checked })}
                          />{" "}
                          {t("stores:section.featuredFirst")}
                        </label>
                      </>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t("stores:section.moveUp", { number: index + 1 })}
                      disabled={index === 0}
                      onClick={() => moveSection(index, -1)}
                    >
                      <ArrowUp className="size-4" aria-hidden />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t("stores:section.moveDown", { number: index + 1 })}
                      disabled={index === design.sections.length - 1}
                      onClick={() => moveSection(index, 1)}
                    >
                      <ArrowDown className="size-4" aria-hidden />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t("stores:section.delete", { number: index + 1 })}
                      onClick={() => {
                        changeSections((sections) => sections.filter((s) => s.id !== section.id));
                        toast.success(t("stores:section.deleted"));
                      }}
                    >
                      <Trash2 className="size-4 text-red-700" aria-hidden />
                    </Button>
                  </div>
                </div>
              ) : null}
              {section.type === "banner-section" ? (
                preview ? (
                  <BannerSectionView section={section} />
                ) : (
                  <BannerCanvas
                    section={section}
                    editMode={editable}
                    onChange={(banners) => updateSection(section.id, { banners })}
                    onOpenBanner={(bannerId) => open({ kind: "banner", sectionId: section.id, bannerId })}
                  />
                )
              ) : (
                <>
                  {!editable ? <h3 className="mb-3 text-xl font-semibold">{section.title}</h3> : null}
                  <ProductPreview
                    products={products}
                    limit={section.product_limit}
                    showFeatured={section.show_featured}
                  />
                </>
              )}
            </section>
            {editable ? (
              <AddSectionControls
                onAdd={(type) => addSection(type, index)}
                label={t("stores:section.addAfter", { number: index + 1 })}
              />
            ) : null}
          </div>
        ))}
      </div>

      {/* one dialog for every clickable area; it opens on the area's target, and closing it clears the target */}
      <Dialog open={target !== null} onOpenChange={(opened) => (opened ? undefined : setTarget(null))}>
        <DialogContent showClose={false} aria-describedby={undefined}>
          <DialogTitle asChild>
            <h3 className="text-lg font-semibold">
              {target?.kind === "hero"
                ? t("stores:dialog.hero")
                : target?.kind === "logo"
                  ? t("stores:dialog.logo")
                  : target?.kind === "name"
                    ? t("stores:dialog.name")
                    : target?.kind === "tagline"
                      ? t("stores:dialog.tagline")
                      : target?.kind === "color"
                        ? t("stores:dialog.colour")
                        : t("stores:dialog.banner")}
            </h3>
          </DialogTitle>
          <div className="mt-4 space-y-4">
            {target?.kind === "hero" ? (
              <>
                <ImageUploadField
                  kind="hero_banner"
                  name="hero_banner"
                  label={t("stores:dialog.heroImage")}
                  initial={design.hero_banner ? [design.hero_banner] : []}
                  onChange={(urls) => setDesign((d) => ({ ...d, hero_banner: urls[0] ?? "" }))}
                  onUploadingChange={(u) => setUploading((n) => n + (u ? 1 : -1))}
                />
                <p className="text-xs text-slate-500">{t("stores:dialog.heroHint")}</p>
              </>
            ) : null}
            {target?.kind === "logo" ? (
              <ImageUploadField
                kind="logo"
                name="logo_url"
                label={t("stores:dialog.logoImage")}
                initial={design.logo_url ? [design.logo_url] : []}
                onChange={(urls) => setDesign((d) => ({ ...d, logo_url: urls[0] ?? "" }))}
                onUploadingChange={(u) => setUploading((n) => n + (u ? 1 : -1))}
              />
            ) : null}
            {target?.kind === "name" ? (
              <div>
                <Label htmlFor="editor-name">{t("stores:dialog.storeName")}</Label>
                <Input
                  id="editor-name"
                  value={design.name}
                  maxLength={120}
                  onChange={(e) => setDesign((d) => ({ ...d, name: e.target.value }))}
                />
              </div>
            ) : null}
            {target?.kind === "tagline" ? (
              <div>
                <Label htmlFor="editor-tagline">{t("stores:dialog.tagline")}</Label>
                <Textarea
                  id="editor-tagline"
                  value={design.tagline}
                  maxLength={200}
                  onChange={(e) => setDesign((d) => ({ ...d, tagline: e.target.value }))}
                />
              </div>
            ) : null}
            {target?.kind === "color" ? (
              <ColourFields
                value={design.primary_color}
                onChange={(c) => setDesign((d) => ({ ...d, primary_color: c }))}
              />
            ) : null}
            {target?.kind === "banner" && currentBanner ? (
              <>
                <div>
                  <Label htmlFor="banner-title">{t("stores:banner.title")}</Label>
                  <Input
                    id="banner-title"
                    value={currentBanner.title}
                    maxLength={120}
                    onChange={(e) => updateBanner(target.sectionId, target.bannerId, { title: e.target.value })}
                  />
                </div>
                <div>
                  <Label htmlFor="banner-subtitle">{t("stores:banner.subtitle")}</Label>
                  <Input
                    id="banner-subtitle"
                    value={currentBanner.subtitle}
                    maxLength={300}
                    onChange={(e) => updateBanner(target.sectionId, target.bannerId, { subtitle: e.target.value })}
                  />
                </div>
                <div>
                  <Label htmlFor="banner-cta">{t("stores:banner.cta")}</Label>
                  <Input
                    id="banner-cta"
                    value={currentBanner.cta_text}
                    maxLength={60}
                    onChange={(e) => updateBanner(target.sectionId, target.bannerId, { cta_text: e.target.value })}
                  />
                </div>
                <div>
                  <Label htmlFor="banner-link">{t("stores:banner.link")}</Label>
                  <Input
                    id="banner-link"
                    value={currentBanner.cta_link}
                    placeholder={t("stores:banner.linkPlaceholder")}
                    onChange={(e) => updateBanner(target.sectionId, target.bannerId, { cta_link: e.target.value })}
                  />
                </div>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={currentBanner.clickable}
                    onChange={(e) => updateBanner(target.sectionId, target.bannerId, { clickable: e.target.checked })}
                  />{" "}
                  {t("stores:banner.clickable")}
                </label>
                <div>
                  <Label htmlFor="banner-image">{t("stores:banner.image")}</Label>
                  <input
                    id="banner-image"
                    type="file"
                    accept={IMAGE_ACCEPT}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      e.target.value = "";
                      if (file) void uploadBannerImage(target.sectionId, target.bannerId, file);
                    }}
                    className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2"
                  />
                  {uploading > 0 ? <p className="mt-1 text-xs text-slate-500">{t("stores:banner.uploading")}</p> : null}
                </div>
                <Button
                  variant="danger"
                  size="sm"
                  onClick={() => {
                    changeBanners(target.sectionId, (banners) => banners.filter((b) => b.id !== target.bannerId));
                    setTarget(null);
                    toast.success(t("stores:banner.deleted"));
                  }}
                >
                  <Trash2 className="size-4" aria-hidden /> {t("stores:banner.delete")}
                </Button>
              </>
            ) : null}
          </div>
          <div className="mt-6 flex justify-end">
            <Button onClick={() => setTarget(null)}>{t("stores:dialog.done")}</Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ColourFields({ value, onChange }: { value: string; onChange: (hex: string) => void }) {
  const { t } = useTranslation(["stores"]);
  const [text, setText] = useState(value);
  return (
    <div className="flex items-end gap-3">
      <div>
        <Label htmlFor="editor-colour">{t("stores:dialog.colourField")}</Label>
        <input
          id="editor-colour"
          type="color"
          value={value}
          onChange={(e) => (onChange(e.target.value), setText(e.target.value))}
          className="h-10 w-16 rounded border border-slate-300"
        />
      </div>
      <div className="flex-1">
        <Label htmlFor="editor-hex">{t("stores:dialog.hex")}</Label>
        <Input
          id="editor-hex"
          value={text}
          maxLength={7}
          aria-invalid={!/^#[0-9a-fA-F]{6}$/.test(text)}
          onChange={(e) => {
            setText(e.target.value);
            if (/^#[0-9a-fA-F]{6}$/.test(e.target.value)) onChange(e.target.value.toLowerCase());
          }}
        />
      </div>
    </div>
  );
}

/**
 * A number typed freely and clamped only when committed (blur or Enter): clamping on every keystroke
 * would turn the "3" of "300" into the minimum before the rest could be typed.
 */
function NumberField({
  id,
  label,
  value,
  min,
  max,
  step,
  onCommit,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onCommit: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // the value changed elsewhere (an image upload grew the canvas, say)
    setShown(value);
    setText(String(value));
  }
  const commit = () => {
    const typed = Number(text);
    const next =
      text.trim() === "" || !Number.isFinite(typed) ? value : Math.min(max, Math.max(min, Math.round(typed)));
    setText(String(next));
    if (next !== value) onCommit(next);
  };
  return (
    <div>
      <Label htmlFor={id} className="text-xs font-normal text-slate-500">
        {label}
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          }
        }}
        className="h-8 w-28"
      />
    </div>
  );
}

/** A banner section's optional background colour. */
function BackgroundField({ id, value, onChange }: { id: string; value: string; onChange: (hex: string) => void }) {
  const { t } = useTranslation(["stores"]);
  return (
    <div>
      <Label htmlFor={id} className="text-xs font-normal text-slate-500">
        {t("stores:section.background")}
      </Label>
      <div className="flex h-8 items-center gap-1">
        <input
          id={id}
          type="color"
          value={value || "#ffffff"}
          onChange={(e) => onChange(e.target.value.toLowerCase())}
          className="h-8 w-12 rounded border border-slate-300"
        />
        {value ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onChange("")}
            aria-label={t("stores:section.clearBackground")}
          >
            {t("stores:section.clear")}
          </Button>
        ) : (
          <span className="px-2 text-xs text-slate-500">{t("stores:section.none")}</span>
        )}
      </div>
    </div>
  );
}
