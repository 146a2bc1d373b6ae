import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Plus, Trash2, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Field, Input, Label, Select, Textarea } from "~/components/ui/field";
import { UNITS } from "~/lib/units";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { lazySchema, useValidatedForm } from "~/components/forms/validated-form";
import type { PortOption } from "~/modules/trade/ports.server";
import { ImageUploadField } from "~/modules/uploads/components/image-upload-field";
import {
  DRAFT_REQUIRED_FIELDS,
  FILL_REQUIRED_FIELDS,
  MAX_PRICE_TIERS,
  productDraftSchema,
} from "../product-form.schema";
import { generateBaseSku, variantSku } from "../sku";
import { PriceTierRows, tierRowsOf } from "./price-tier-rows";
import { HsCodeField, OriginPortField } from "./trade-fields";
import { ProductCategoryOptions } from "./product-category-options";
import { conformValue, useFormDraft } from "~/components/draft-keeper";
import { DraftNotice } from "~/components/draft-notice";
import { useTranslation } from "~/i18n/use-translation";
import { useUnitLabel } from "~/i18n/use-unit-label";
import { feedbackIn } from "~/i18n/feedback";
import { useLocale } from "~/components/layout/use-root-user";

// the dialog's own code loads on demand (its importers load it lazily), zod with it: the schema need not wait
const lazyProductDraftSchema = lazySchema(async () => ({ schema: productDraftSchema }));

const TABS = ["Basic Info", "Variants & Pricing", "Images", "Specifications"] as const;
type Tab = (typeof TABS)[number];
/** A tab's value for Radix, which builds element ids from it: no spaces. */
const tabValue = (tab: Tab) => tab.toLowerCase().replace(/[^a-z]+/g, "-");

/** The tab a field of the draft is on. */
function tabOf(name: string): Tab {
  if (
    name.startsWith("variants") ||
    name.startsWith("tiers") ||
    ["minimum_order_quantity", "unit", "base_price"].includes(name)
  )
    return "Variants & Pricing";
  if (name.startsWith("main_images")) return "Images";
  if (name.startsWith("technical_specs")) return "Specifications";
  return "Basic Info";
}

/**
 * What a field holds now, as its input's starting value: the dialog's content unmounts when it closes (Escape,
 * Cancel, outside click), and Conform keeps what was typed, so a reopened dialog shows it again.
 */
function typed(field: FieldMetadata<unknown>) {
  const value = field.value ?? field.initialValue;
  return { defaultValue: typeof value === "string" ? value : undefined };
}

const NEW_TIER = { minQuantity: "", unitPrice: "" };

/**
 * A textarea that takes its starting value once, when it mounts: React writes a textarea's new default value by
 * replacing its text node, and a node removed while the focus moves between fields makes the dialog's focus trap
 * take the focus back to the dialog.
 */
function MountedTextarea({ defaultValue, ...props }: ComponentProps<typeof Textarea>) {
  const [initial] = useState(defaultValue);
  return <Textarea {...props} defaultValue={initial} />;
}

/**
 * The Create Product dialog (spec §2, §3): four tabs, SKUs by the spec's rule, price breaks for the whole product or
 * per variant. A Conform form checked in the browser by the draft's zod schema (decision record 0018): each field
 * shows its own message, and a refused submit shows the first tab with one and the spec's notice. The checked draft
 * is posted as JSON, and the server checks it with the same schema. Used on /products and in store management.
 */
export function CreateProductDialog({
  action,
  ownerName,
  storeId,
  ports,
  triggerLabel,
}: {
  action: string;
  ownerName: string;
  storeId?: string;
  ports: PortOption[];
  triggerLabel?: string;
}) {
  const { t } = useTranslation(["products"]);
  const unitLabel = useUnitLabel();
  const locale = useLocale();
  const tabLabel: Record<Tab, string> = {
    "Basic Info": t("products:dialog.tabs.basic"),
    "Variants & Pricing": t("products:dialog.tabs.pricing"),
    Images: t("products:dialog.tabs.images"),
    Specifications: t("products:dialog.tabs.specs"),
  };
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [tab, setTab] = useState<Tab>("Basic Info");
  const [uploading, setUploading] = useState(false);
  // a new form (and a new image field) after each product created
  const [generation, setGeneration] = useState(0);
  // the image field takes its images once, when it mounts: a restored draft mounts it again
  const [restored, setRestored] = useState(0);
  const formId = `create-product-${useId().replace(/[^a-zA-Z0-9]/g, "")}-${generation}`;
  const sent = useRef(false);
  const focusAfterTab = useRef<string | null>(null);

  const [form, fields] = useValidatedForm({
    id: formId,
    schema: lazyProductDraftSchema,
    defaultValue: { variants: [], tiers: [], technical_specs: [] },
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      sent.current = true;
      fetcher.submit(
        { intent: "create-dialog", payload: JSON.stringify(submission.payload), storeId: storeId ?? "" },
        { method: "post", action },
      );
    },
  });

  // the product's text kept on the device until it is created; restored through Conform, which adds the rows
  // (`as never`: Conform types the value by the schema's output, a draft is the posted text)
  const draft = useFormDraft({
    formId,
    name: "product:new",
    noun: "product",
    sentBy: "caller",
    busy: fetcher.state !== "idle",
    openForm: () => setOpen(true),
    restoreFields: (kept) => {
      form.update({ value: conformValue(kept) as never });
      setRestored((n) => n + 1);
    },
    // the uploaded images' URLs, so a restored product need not upload them again
    keepHidden: (field) => field === fields.main_images.name,
  });

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      draft.sent();
      toast.success(fetcher.data.message);
      setOpen(false);
      setTab("Basic Info");
      setGeneration((g) => g + 1);
    } else {
      toast.error(fetcher.data.message || t("products:dialog.failed"));
    }
    // draft.sent is stable for one account
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    const name = focusAfterTab.current;
    if (!name) return;
    focusAfterTab.current = null;
    const element = document.forms.namedItem(formId)?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  }, [tab, formId]);

  /** A refused submit: the schema's first message by tab order, its tab shown, its field focused, and the spec's notice. */
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    sent.current = false;
    const element = event.currentTarget;
    form.onSubmit(event);
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (sent.current || submitter?.getAttribute("name") === "__intent__") return;
    // the very check the form ran (the draft's schema, as the server reads it); none yet, and the server judges
    const submission = lazyProductDraftSchema.check?.(new FormData(element));
    if (!submission || submission.status === "success") return;
    const controls = [...element.elements].map((e) => e.getAttribute("name"));
    const position = (name: string) => (controls.includes(name) ? controls.indexOf(name) : controls.length);
    const [first] = Object.entries(submission.error ?? {})
      .filter(([name, messages]) => name !== "" && messages?.length)
      .map(([name]) => name)
      .sort((a, b) => TABS.indexOf(tabOf(a)) - TABS.indexOf(tabOf(b)) || position(a) - position(b));
    if (!first) return;
    const messages = submission.error ?? {};
    toast.error(
      DRAFT_REQUIRED_FIELDS.some((name) => messages[name]?.length)
        ? feedbackIn(locale, FILL_REQUIRED_FIELDS)
        : (messages[first]?.[0] ?? feedbackIn(locale, FILL_REQUIRED_FIELDS)),
    );
    if (tabOf(first) === tab) {
      const control = element.elements.namedItem(first);
      if (control instanceof HTMLElement) control.focus();
    } else {
      focusAfterTab.current = first;
      setTab(tabOf(first));
    }
  }

  const name = typeof fields.name.value === "string" ? fields.name.value : "";
  const baseSkuTyped = typeof fields.base_sku.value === "string" ? fields.base_sku.value : "";
  const baseSku = baseSkuTyped || (name ? generateBaseSku(ownerName, name, Date.now()) : "");
  const variants = fields.variants.getFieldList();
  const specs = fields.technical_specs.getFieldList();
  const images = fields.main_images.value;

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button>
            <Plus className="size-4" aria-hidden /> {triggerLabel ?? t("products:dialog.trigger")}
          </Button>
        </DialogTrigger>
        {/* the draft lives in the form's state, outside the dialog: closing it (Escape, Cancel, outside click) keeps what was typed */}
        <DialogContent
          size="lg"
          padded={false}
          showClose={false}
          aria-describedby={undefined}
          className="border border-slate-200"
        >
          <form id={form.id} onSubmit={handleSubmit} noValidate>
            <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
              <DialogTitle className="text-lg font-semibold">{t("products:dialog.title")}</DialogTitle>
              <DialogClose
                type="button"
                className="rounded p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label={t("products:dialog.close")}
              >
                <X className="size-5" aria-hidden />
              </DialogClose>
            </div>
            <Tabs
              value={tabValue(tab)}
              onValueChange={(value) => setTab(TABS.find((each) => tabValue(each) === value) ?? "Basic Info")}
            >
              <TabsList
                variant="underline"
                aria-label={t("products:dialog.tabsLabel")}
                className="overflow-x-auto px-4"
              >
                {TABS.map((each) => (
                  <TabsTrigger key={each} value={tabValue(each)} variant="underline">
                    {tabLabel[each]}
                  </TabsTrigger>
                ))}
              </TabsList>

              <div className="max-h-[65vh] overflow-y-auto px-6 py-5">
                <TabsContent value={tabValue("Basic Info")} forceMount className="grid gap-4 sm:grid-cols-2">
                  <div className="sm:col-span-2">
                    <Field id={fields.name.id} label={t("products:dialog.name")} error={fields.name.errors?.[0]}>
                      <Input {...getInputProps(fields.name, { type: "text" })} {...typed(fields.name)} required />
                    </Field>
                  </div>
                  <div className="sm:col-span-2">
                    <Field
                      id={fields.description.id}
                      label={t("products:dialog.description")}
                      error={fields.description.errors?.[0]}
                    >
                      <MountedTextarea
                        {...getTextareaProps(fields.description)}
                        {...typed(fields.description)}
                        required
                      />
                    </Field>
                  </div>
                  <Field
                    id={fields.category.id}
                    label={t("products:dialog.category")}
                    error={fields.category.errors?.[0]}
                  >
                    <Select
                      {...getSelectProps(fields.category)}
                      defaultValue={typed(fields.category).defaultValue ?? ""}
                      required
                    >
                      <option value="">{t("products:form.selectCategory")}</option>
                      <ProductCategoryOptions />
                    </Select>
                  </Field>
                  <Field
                    id={fields.base_sku.id}
                    label={t("products:dialog.baseSku")}
                    error={fields.base_sku.errors?.[0]}
                  >
                    <Input
                      {...getInputProps(fields.base_sku, { type: "text" })}
                      {...typed(fields.base_sku)}
                      placeholder={baseSku || t("products:dialog.skuFromName")}
                      onInput={(e) => {
                        const input = e.currentTarget;
                        const upper = input.value.toUpperCase();
                        if (upper !== input.value) input.value = upper;
                      }}
                    />
                  </Field>
                  <Field id={fields.brand.id} label={t("products:dialog.brand")} error={fields.brand.errors?.[0]}>
                    <Input {...getInputProps(fields.brand, { type: "text" })} {...typed(fields.brand)} />
                  </Field>
                  <Field id={fields.weight.id} label={t("products:dialog.weight")} error={fields.weight.errors?.[0]}>
                    <Input
                      {...getInputProps(fields.weight, { type: "number" })}
                      {...typed(fields.weight)}
                      min={0}
                      step={0.1}
                      inputMode="decimal"
                    />
                  </Field>
                  <HsCodeField field={fields.hs_code} defaultValue={typed(fields.hs_code).defaultValue} />
                  <OriginPortField
                    field={fields.origin_port}
                    ports={ports}
                    defaultValue={typed(fields.origin_port).defaultValue ?? ""}
                  />
                  <fieldset className="grid grid-cols-3 gap-2 sm:col-span-2">
                    <legend className="mb-1.5 text-sm font-medium text-slate-800">
                      {t("products:dialog.dimensions")}
                    </legend>
                    {(["length", "width", "height"] as const).map((d) => {
                      const field = fields.dimensions.getFieldset()[d];
                      return (
                        <div key={d}>
                          <Label htmlFor={field.id} className="text-xs capitalize text-slate-600">
                            {t(`products:dialog.${d}`)}
                          </Label>
                          <Input
                            {...getInputProps(field, { type: "number" })}
                            {...typed(field)}
                            min={0}
                            step={0.1}
                            inputMode="decimal"
                          />
                          {field.errors?.[0] ? (
                            <p id={field.errorId} role="alert" className="mt-1 text-xs text-red-600">
                              {field.errors[0]}
                            </p>
                          ) : null}
                        </div>
                      );
                    })}
                  </fieldset>
                </TabsContent>

                <TabsContent value={tabValue("Variants & Pricing")} forceMount>
                  {/* what every card shows: MOQ with its unit, and a price (#41 item 6) */}
                  <div className="grid gap-3 sm:grid-cols-3">
                    <Field
                      id={fields.minimum_order_quantity.id}
                      label={t("products:dialog.moq")}
                      error={fields.minimum_order_quantity.errors?.[0]}
                    >
                      <Input
                        {...getInputProps(fields.minimum_order_quantity, { type: "number" })}
                        {...typed(fields.minimum_order_quantity)}
                        min={1}
                        step={1}
                        inputMode="numeric"
                        placeholder={t("products:dialog.example", { value: "100" })}
                      />
                    </Field>
                    <Field id={fields.unit.id} label={t("products:form.unit")} error={fields.unit.errors?.[0]}>
                      <Select
                        {...getSelectProps(fields.unit)}
                        defaultValue={typed(fields.unit).defaultValue ?? "pieces"}
                      >
                        {UNITS.map((unit) => (
                          <option key={unit} value={unit}>
                            {unitLabel.many(unit)}
                          </option>
                        ))}
                      </Select>
                    </Field>
                    <Field
                      id={fields.base_price.id}
                      label={t("products:dialog.basePrice")}
                      error={fields.base_price.errors?.[0]}
                    >
                      <Input
                        {...getInputProps(fields.base_price, { type: "number" })}
                        {...typed(fields.base_price)}
                        min={0.01}
                        step={0.01}
                        inputMode="decimal"
                        placeholder={t("products:dialog.example", { value: "12.50" })}
                      />
                    </Field>
                  </div>
                  <p className="mt-4 text-sm text-slate-600">{t("products:dialog.priceRangeNote")}</p>
                  <ul className="mt-4 space-y-4">
                    {variants.map((variant, i) => {
                      const v = variant.getFieldset();
                      return (
                        <li key={variant.key} className="rounded-md border border-slate-200 p-3">
                          <input
                            type="hidden"
                            name={v.id.name}
                            value={typeof v.id.value === "string" ? v.id.value : ""}
                          />
                          <div className="grid gap-3 sm:grid-cols-6">
                            <div className="sm:col-span-2">
                              <Field id={v.color.id} label={t("products:dialog.color")} error={v.color.errors?.[0]}>
                                <Input {...getInputProps(v.color, { type: "text" })} {...typed(v.color)} />
                              </Field>
                            </div>
                            <SwatchField
                              id={v.color_hex.id}
                              name={v.color_hex.name}
                              error={v.color_hex.errors?.[0]}
                              initial={typed(v.color_hex).defaultValue ?? ""}
                            />
                            <Field id={v.size.id} label={t("products:dialog.size")} error={v.size.errors?.[0]}>
                              <Input {...getInputProps(v.size, { type: "text" })} {...typed(v.size)} />
                            </Field>
                            <Field id={v.price.id} label={t("products:dialog.price")} error={v.price.errors?.[0]}>
                              <Input
                                {...getInputProps(v.price, { type: "number" })}
                                {...typed(v.price)}
                                min={0}
                                step={0.01}
                                inputMode="decimal"
                              />
                            </Field>
                            <Field id={v.stock.id} label={t("products:dialog.stock")} error={v.stock.errors?.[0]}>
                              <Input
                                {...getInputProps(v.stock, { type: "number" })}
                                {...typed(v.stock)}
                                min={0}
                                step={1}
                                inputMode="numeric"
                              />
                            </Field>
                          </div>
                          <div className="mt-2 flex items-center justify-between gap-2">
                            <p className="text-xs text-slate-500">
                              {baseSku
                                ? t("products:dialog.sku", { sku: variantSku(baseSku, i) })
                                : t("products:dialog.skuOnSave")}
                            </p>
                            <button
                              type="button"
                              onClick={() => form.remove({ name: fields.variants.name, index: i })}
                              className="rounded p-1 text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                              aria-label={t("products:dialog.removeVariant", { n: i + 1 })}
                            >
                              <Trash2 className="size-4" aria-hidden />
                            </button>
                          </div>
                          <PriceTierRows
                            legend={t("products:dialog.variantBreaks", { n: i + 1 })}
                            rows={tierRowsOf(v.tiers)}
                            unit="pieces"
                            onAdd={() => form.insert({ name: v.tiers.name, defaultValue: NEW_TIER })}
                            onRemove={(index) => form.remove({ name: v.tiers.name, index })}
                            valueOf={typed}
                          />
                        </li>
                      );
                    })}
                  </ul>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="mt-4"
                    onClick={() =>
                      form.insert({
                        name: fields.variants.name,
                        defaultValue: {
                          id: `variant-${Date.now()}`,
                          color: "",
                          color_hex: "",
                          size: "",
                          price: "0",
                          stock: "0",
                          tiers: [],
                        },
                      })
                    }
                  >
                    <Plus className="size-4" aria-hidden /> {t("products:dialog.addVariant")}
                  </Button>
                  <div className="mt-6 border-t border-slate-200 pt-4">
                    <PriceTierRows
                      legend={t("products:form.wholeProduct")}
                      hint={t("products:dialog.wholeHint", { max: MAX_PRICE_TIERS })}
                      rows={tierRowsOf(fields.tiers)}
                      unit="pieces"
                      onAdd={() => form.insert({ name: fields.tiers.name, defaultValue: NEW_TIER })}
                      onRemove={(index) => form.remove({ name: fields.tiers.name, index })}
                      valueOf={typed}
                    />
                  </div>
                </TabsContent>

                <TabsContent value={tabValue("Images")} forceMount>
                  <ImageUploadField
                    key={`${generation}-${restored}`}
                    kind="product"
                    name={fields.main_images.name}
                    label={t("products:dialog.images")}
                    multiple
                    // the dialog's content unmounts when it closes: the field starts again from the form's images
                    initial={
                      typeof images === "string"
                        ? [images]
                        : Array.isArray(images)
                          ? images.filter((u): u is string => typeof u === "string")
                          : []
                    }
                    onUploadingChange={setUploading}
                    onChange={draft.changed}
                  />
                  {fields.main_images.errors?.[0] ? (
                    <p id={fields.main_images.errorId} role="alert" className="mt-2 text-sm text-red-600">
                      {fields.main_images.errors[0]}
                    </p>
                  ) : null}
                </TabsContent>

                <TabsContent value={tabValue("Specifications")} forceMount>
                  <ul className="space-y-3">
                    {specs.map((spec, i) => {
                      const s = spec.getFieldset();
                      return (
                        <li key={spec.key} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
                          <Field id={s.name.id} label={t("products:dialog.specification")} error={s.name.errors?.[0]}>
                            <Input {...getInputProps(s.name, { type: "text" })} {...typed(s.name)} />
                          </Field>
                          <Field id={s.value.id} label={t("products:dialog.value")} error={s.value.errors?.[0]}>
                            <Input {...getInputProps(s.value, { type: "text" })} {...typed(s.value)} />
                          </Field>
                          <button
                            type="button"
                            onClick={() => form.remove({ name: fields.technical_specs.name, index: i })}
                            className="mb-1 rounded p-2 text-red-700 hover:bg-red-50"
                            aria-label={t("products:dialog.removeSpec", { n: i + 1 })}
                          >
                            <Trash2 className="size-4" aria-hidden />
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="mt-4"
                    onClick={() =>
                      form.insert({ name: fields.technical_specs.name, defaultValue: { name: "", value: "" } })
                    }
                  >
                    <Plus className="size-4" aria-hidden /> {t("products:dialog.addSpec")}
                  </Button>
                </TabsContent>
              </div>
            </Tabs>

            <DraftNotice draft={draft} className="mx-6 mt-4" />
            <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-4">
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t("products:dialog.cancel")}
                </Button>
              </DialogClose>
              <Button type="submit" disabled={uploading || fetcher.state !== "idle"}>
                {fetcher.state !== "idle" ? t("products:dialog.creating") : t("products:dialog.title")}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
      <DraftNotice draft={draft} className="basis-full" />
    </>
  );
}

/**
 * A variant's colour swatch, none until a colour is picked (#41 item 6: a colour input always holds one, so an
 * untouched one posted black). The colour input only picks; the hidden field posts what was picked, or nothing.
 */
function SwatchField({ id, name, error, initial }: { id: string; name: string; error?: string; initial: string }) {
  const { t } = useTranslation(["products"]);
  const [hex, setHex] = useState(initial);
  return (
    <Field id={id} label={t("products:dialog.swatch")} error={error}>
      <div className="flex flex-wrap items-center gap-1">
        <input type="hidden" name={name} value={hex} />
        <Input
          id={id}
          type="color"
          value={hex || "#ffffff"}
          onChange={(event) => setHex(event.currentTarget.value)}
          className="w-12 shrink-0 p-1"
          aria-describedby={`${id}-state`}
        />
        <span id={`${id}-state`} className="text-xs text-slate-600">
          {hex ? hex : t("products:dialog.swatchNone")}
        </span>
        {hex ? (
          <button
            type="button"
            onClick={() => setHex("")}
            className="rounded p-0.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={t("products:dialog.removeSwatch")}
          >
            <X className="size-3.5" aria-hidden />
          </button>
        ) : null}
      </div>
    </Field>
  );
}
