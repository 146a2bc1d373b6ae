import { Plus, Trash2, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Input, Label, Select, Textarea } from "~/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { PRODUCT_CATEGORIES } from "~/lib/categories";
import { ImageUploadField } from "~/modules/uploads/components/image-upload-field";
import type { ProductDraftInput } from "../product-form.schema";
import { generateBaseSku, variantSku } from "../sku";

type Variant = NonNullable<ProductDraftInput["variants"]>[number];
type Spec = { name: string; value: string };
const TABS = ["Basic Info", "Variants & Pricing", "Images", "Specifications"] as const;
type Tab = (typeof TABS)[number];
/** A tab's value for Radix, which builds element ids from it: no spaces. */
const tabValue = (tab: Tab) => tab.toLowerCase().replace(/[^a-z]+/g, "-");

function emptyDraft() {
  return {
    name: "",
    description: "",
    category: "",
    subcategory: "",
    base_sku: "",
    brand: "",
    weight: "",
    length: "",
    width: "",
    height: "",
    main_images: [] as string[],
    variants: [] as Variant[],
    technical_specs: [] as Spec[],
  };
}

const num = (v: string) => (v.trim() === "" ? null : Number(v));

/**
 * The Create Product dialog (spec §2, §3): four tabs, SKUs by the spec's rule, posted as one JSON
 * draft that the server validates. Used on /products and in store management (with `storeId`).
 */
export function CreateProductDialog({ action, ownerName, storeId, triggerLabel = "Create Product" }: { action: string; ownerName: string; storeId?: string; triggerLabel?: string }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [tab, setTab] = useState<Tab>("Basic Info");
  const [draft, setDraft] = useState(emptyDraft);
  const [uploading, setUploading] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const id = useId();

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      setOpen(false);
      setDraft(emptyDraft());
      setTab("Basic Info");
      setResetKey((k) => k + 1);
    } else {
      toast.error(fetcher.data.message || "Failed to create product");
    }
  }, [fetcher.state, fetcher.data]);

  const set = <K extends keyof ReturnType<typeof emptyDraft>>(key: K, value: ReturnType<typeof emptyDraft>[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const baseSku = draft.base_sku || (draft.name ? generateBaseSku(ownerName, draft.name, Date.now()) : "");

  function submit() {
    if (!draft.name.trim() || !draft.description.trim() || !draft.category) {
      setTab("Basic Info");
      toast.error("Please fill in all required fields");
      return;
    }
    if (draft.main_images.length === 0) {
      setTab("Images");
      toast.error("Please add at least one product image");
      return;
    }
    const payload = {
      name: draft.name,
      description: draft.description,
      category: draft.category,
      subcategory: draft.subcategory,
      base_sku: draft.base_sku || generateBaseSku(ownerName, draft.name, Date.now()),
      brand: draft.brand,
      weight: num(draft.weight),
      dimensions: { length: num(draft.length), width: num(draft.width), height: num(draft.height) },
      main_images: draft.main_images,
      variants: draft.variants,
      technical_specs: draft.technical_specs,
    };
    fetcher.submit({ intent: "create-dialog", payload: JSON.stringify(payload), storeId: storeId ?? "" }, { method: "post", action });
  }

  const field = (name: string) => `${id}-${name}`;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus className="size-4" aria-hidden /> {triggerLabel}
        </Button>
      </DialogTrigger>
      {/* the draft lives here, outside the dialog: closing it (Escape, Cancel, outside click) keeps what was typed */}
      <DialogContent size="lg" padded={false} showClose={false} aria-describedby={undefined} className="border border-slate-200">
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
          <DialogTitle className="text-lg font-semibold">Create Product</DialogTitle>
          <DialogClose className="rounded p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600" aria-label="Close">
            <X className="size-5" aria-hidden />
          </DialogClose>
        </div>
        <Tabs value={tabValue(tab)} onValueChange={(value) => setTab(TABS.find((t) => tabValue(t) === value) ?? "Basic Info")}>
          <TabsList variant="underline" aria-label="Product details" className="overflow-x-auto px-4">
            {TABS.map((t) => (
              <TabsTrigger key={t} value={tabValue(t)} variant="underline">
                {t}
              </TabsTrigger>
            ))}
          </TabsList>

          <div className="max-h-[65vh] overflow-y-auto px-6 py-5">
            <TabsContent value={tabValue("Basic Info")} forceMount className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <Label htmlFor={field("name")}>Product Name *</Label>
                <Input id={field("name")} value={draft.name} onChange={(e) => set("name", e.target.value)} required />
              </div>
              <div className="sm:col-span-2">
                <Label htmlFor={field("description")}>Description *</Label>
                <Textarea id={field("description")} value={draft.description} onChange={(e) => set("description", e.target.value)} required />
              </div>
              <div>
                <Label htmlFor={field("category")}>Category *</Label>
                <Select id={field("category")} value={draft.category} onChange={(e) => set("category", e.target.value)} required>
                  <option value="">Select category</option>
                  {PRODUCT_CATEGORIES.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </Select>
              </div>
              <div>
                <Label htmlFor={field("subcategory")}>Subcategory</Label>
                <Input id={field("subcategory")} value={draft.subcategory} onChange={(e) => set("subcategory", e.target.value)} />
              </div>
              <div>
                <Label htmlFor={field("sku")}>Base SKU</Label>
                <Input id={field("sku")} value={draft.base_sku} placeholder={baseSku || "Generated from the name"} onChange={(e) => set("base_sku", e.target.value.toUpperCase())} />
              </div>
              <div>
                <Label htmlFor={field("brand")}>Brand</Label>
                <Input id={field("brand")} value={draft.brand} onChange={(e) => set("brand", e.target.value)} />
              </div>
              <div>
                <Label htmlFor={field("weight")}>Weight (kg)</Label>
                <Input id={field("weight")} type="number" min={0} step={0.1} value={draft.weight} onChange={(e) => set("weight", e.target.value)} />
              </div>
              <fieldset className="grid grid-cols-3 gap-2 sm:col-span-2">
                <legend className="mb-1.5 text-sm font-medium text-slate-800">Dimensions (cm)</legend>
                {(["length", "width", "height"] as const).map((d) => (
                  <div key={d}>
                    <Label htmlFor={field(d)} className="text-xs capitalize text-slate-600">
                      {d}
                    </Label>
                    <Input id={field(d)} type="number" min={0} step={0.1} value={draft[d]} onChange={(e) => set(d, e.target.value)} />
                  </div>
                ))}
              </fieldset>
            </TabsContent>

            <TabsContent value={tabValue("Variants & Pricing")} forceMount>
              <p className="text-sm text-slate-600">The product's price range runs from the lowest to the highest variant price.</p>
              <ul className="mt-4 space-y-4">
                {draft.variants.map((v, i) => {
                  const update = (patch: Partial<Variant>) => set("variants", draft.variants.map((x, j) => (j === i ? { ...x, ...patch } : x)));
                  return (
                    <li key={v.id} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-6">
                      <div className="sm:col-span-2">
                        <Label htmlFor={field(`color-${i}`)}>Color</Label>
                        <Input id={field(`color-${i}`)} value={v.color ?? ""} onChange={(e) => update({ color: e.target.value })} />
                      </div>
                      <div>
                        <Label htmlFor={field(`hex-${i}`)}>Swatch</Label>
                        <Input id={field(`hex-${i}`)} type="color" value={v.color_hex ?? "#000000"} onChange={(e) => update({ color_hex: e.target.value })} className="p-1" />
                      </div>
                      <div>
                        <Label htmlFor={field(`size-${i}`)}>Size</Label>
                        <Input id={field(`size-${i}`)} value={v.size ?? ""} onChange={(e) => update({ size: e.target.value })} />
                      </div>
                      <div>
                        <Label htmlFor={field(`price-${i}`)}>Price (USD)</Label>
                        <Input id={field(`price-${i}`)} type="number" min={0} step={0.01} value={v.price} onChange={(e) => update({ price: Number(e.target.value) })} />
                      </div>
                      <div>
                        <Label htmlFor={field(`stock-${i}`)}>Stock</Label>
                        <Input id={field(`stock-${i}`)} type="number" min={0} step={1} value={v.stock} onChange={(e) => update({ stock: Math.max(0, Math.trunc(Number(e.target.value))) })} />
                      </div>
                      <p className="text-xs text-slate-500 sm:col-span-5">SKU: {v.sku || (baseSku ? variantSku(baseSku, i) : "generated on save")}</p>
                      <button type="button" onClick={() => set("variants", draft.variants.filter((_, j) => j !== i))} className="justify-self-end rounded p-1 text-red-700 hover:bg-red-50" aria-label={`Remove variant ${i + 1}`}>
                        <Trash2 className="size-4" aria-hidden />
                      </button>
                    </li>
                  );
                })}
              </ul>
              <Button
                variant="outline"
                size="sm"
                className="mt-4"
                onClick={() => set("variants", [...draft.variants, { id: `variant-${Date.now()}`, color: "", color_hex: "#000000", size: "", sku: "", price: 0, stock: 0, images: [] }])}
              >
                <Plus className="size-4" aria-hidden /> Add Variant
              </Button>
            </TabsContent>

            <TabsContent value={tabValue("Images")} forceMount>
              <ImageUploadField
                key={resetKey}
                kind="product"
                name="main_images"
                label="Main product images"
                multiple
                // the dialog's content unmounts when it closes: the field starts again from the draft's images
                initial={draft.main_images}
                onChange={(urls) => set("main_images", urls)}
                onUploadingChange={setUploading}
              />
            </TabsContent>

            <TabsContent value={tabValue("Specifications")} forceMount>
              <ul className="space-y-3">
                {draft.technical_specs.map((s, i) => (
                  <li key={i} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
                    <div>
                      <Label htmlFor={field(`spec-name-${i}`)}>Specification</Label>
                      <Input id={field(`spec-name-${i}`)} value={s.name} onChange={(e) => set("technical_specs", draft.technical_specs.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
                    </div>
                    <div>
                      <Label htmlFor={field(`spec-value-${i}`)}>Value</Label>
                      <Input id={field(`spec-value-${i}`)} value={s.value} onChange={(e) => set("technical_specs", draft.technical_specs.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))} />
                    </div>
                    <button type="button" onClick={() => set("technical_specs", draft.technical_specs.filter((_, j) => j !== i))} className="mb-1 rounded p-2 text-red-700 hover:bg-red-50" aria-label={`Remove specification ${i + 1}`}>
                      <Trash2 className="size-4" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
              <Button variant="outline" size="sm" className="mt-4" onClick={() => set("technical_specs", [...draft.technical_specs, { name: "", value: "" }])}>
                <Plus className="size-4" aria-hidden /> Add Specification
              </Button>
            </TabsContent>
          </div>
        </Tabs>

        <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-4">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button onClick={submit} disabled={uploading || fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Creating..." : "Create Product"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
