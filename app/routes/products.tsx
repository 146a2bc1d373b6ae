import { useCategoryName } from "~/i18n/use-category-name";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Download, FileUp, Package, Pencil, Plus } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { Badge, statusTone } from "~/components/ui/badge";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { Disclosure } from "~/components/ui/disclosure";
import { Card } from "~/components/ui/card";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { categoryValueOf } from "~/lib/categories";
import { UNITS } from "~/lib/units";
import { answer } from "~/i18n/feedback.server";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { formatPriceRange, minorToDecimalString } from "~/lib/money";
import { lazySchema, refusedFormReply, useValidatedForm, type FormReply } from "~/components/forms/validated-form";
import { getSessionUser, requireSellerPage } from "~/modules/accounts/session.server";
import { CreateProductDialog } from "~/modules/products/components/create-product-dialog-lazy";
import { storeShelf } from "~/modules/stores/store-shelf.server";
import {
  addProduct,
  createProductFromDraft,
  editProduct,
  listSellerProducts,
  refuseNonSeller,
  setProductStatus,
  type ProductCommandResult,
} from "~/modules/products/product-commands.server";
import { PriceTierRows } from "~/modules/products/components/price-tier-rows";
import { HtsusField, MaterialFields, OriginPortField } from "~/modules/products/components/trade-fields";
import { formatHtsCode } from "~/modules/trade/trade-terms-values";
import {
  addProductSchema,
  PRODUCT_ACTION_FIELDS,
  postedDraftSchema,
  productActionSchema,
  readProductForm,
  SELLERS_ONLY,
  type SellerProduct,
} from "~/modules/products/product-form.schema";
import { formValues, parseInput } from "~/lib/command-result";
import { listIndianPorts, type PortOption } from "~/modules/trade/ports.server";
import { useHydrated } from "~/components/ui/use-hydrated";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/products";
import { Thumbnail } from "~/modules/uploads/components/responsive-image";
import { appContext } from "~/request-context.server";
import { ProductCategoryOptions } from "~/modules/products/components/product-category-options";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";
import { useStatusLabel } from "~/i18n/use-status-label";
import { useUnitLabel } from "~/i18n/use-unit-label";
import { formatNumber } from "~/lib/numbers";
import { useLocale } from "~/components/layout/use-root-user";

const lazyAddProductSchema = lazySchema(() =>
  import("~/modules/products/product-form.schema").then((m) => ({
    schema: m.addProductSchema,
    read: m.readProductForm,
  })),
);

export function meta() {
  return [{ name: "description", content: "Manage your wholesale product listings." }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSellerPage(request, context.get(appContext).runtime, {
    signedOut: {
      heading: "Access Required",
      message: "Please sign in to manage your products.",
      link: { to: "/auth?redirectTo=/products", label: "Sign In" },
    },
    notSeller: {
      heading: "Seller Account Required",
      message: SELLERS_ONLY,
      link: { to: "/profile#roles", label: "Become a seller" },
    },
  });
  const db = context.get(appContext).runtime.db;
  const [products, ports] = await Promise.all([listSellerProducts(db, user), listIndianPorts(db)]);
  return { companyName: user.profile.companyName, products, ports };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  if (!user?.profile)
    return answer(context, { ok: false, message: "User not authenticated", fieldErrors: {} }, { status: 401 });
  const actor = { ...user, profile: user.profile };
  const form = await readFormData(request);
  const db = context.get(appContext).runtime.db;
  const action = parseInput(productActionSchema, formValues(form, PRODUCT_ACTION_FIELDS));
  if (!action.ok)
    return answer(context, { ok: false, message: action.message, intent: "unknown", reply: null }, { status: 400 });
  const command = action.value;
  if (command.intent === "create-dialog") {
    const draft = refuseNonSeller(actor) ?? parseInput(postedDraftSchema, command.payload);
    const result = draft.ok
      ? await createProductFromDraft(db, actor, draft.value, { shelf: storeShelf(actor, command.storeId) })
      : draft;
    return answer(context, result.ok ? { ok: true, message: result.message, fieldErrors: {} } : result, {
      status: result.ok ? 200 : result.status,
    });
  }
  let result: ProductCommandResult;
  if (command.intent === "status") result = await setProductStatus(db, actor, command.productId, command.status);
  else {
    const input = refuseNonSeller(actor) ?? parseInput(addProductSchema, readProductForm(form));
    result = !input.ok
      ? input
      : command.intent === "update"
        ? await editProduct(db, actor, command.productId, input.value)
        : await addProduct(db, actor, input.value);
  }
  if (result.ok) return redirectWithFlash("/products", { type: "success", message: result.message });
  const reply = command.intent === "status" ? null : refusedFormReply(result, readProductForm(form));
  return answer(
    context,
    { ok: false, message: result.message, intent: command.intent, reply },
    { status: result.status },
  );
}

type ActionData = { ok: boolean; message: string; intent?: string; reply?: FormReply | null };

const dollars = minorToDecimalString;

/** Add Product, or edit one: checked in the browser by the schema the product commands check it with. */
function ProductForm({
  product,
  ports,
  lastResult,
  onCancelHref,
}: {
  product?: SellerProduct;
  ports: PortOption[];
  lastResult?: FormReply | null;
  onCancelHref?: string;
}) {
  const { t } = useTranslation(["products"]);
  const unitLabel = useUnitLabel();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // a ladder for the whole product and one per variant; each offers an empty row, so that a form without JavaScript can add a price break
  const ladders = [
    { sku: "", label: t("products:form.wholeProduct") },
    ...(product?.variants ?? []).map((v) => ({
      sku: v.sku,
      label: t("products:form.variantBreaks", { variant: v.label, sku: v.sku }),
    })),
  ];
  const [form, fields] = useValidatedForm({
    id: product ? `edit-${product.id.slice(0, 8)}` : "add",
    schema: lazyAddProductSchema,
    lastResult,
    defaultValue: product
      ? {
          name: product.name,
          description: product.description,
          category: categoryValueOf(product.category, product.subcategory),
          minimumOrderQuantity: String(product.minimumOrderQuantity),
          unit: product.unit,
          priceMin: dollars(product.priceMinCents),
          priceMax: dollars(product.priceMaxCents),
          hsCode: product.hsCode ? formatHtsCode(product.hsCode) : "",
          material: product.material ?? "",
          manufacturer: product.manufacturer ?? "",
          originPort: product.originPort ?? "",
          tiers: ladders.flatMap(({ sku }) => [
            ...product.tiers
              .filter((t) => t.variantSku === sku)
              .map((t) => ({
                variantSku: sku,
                minQuantity: String(t.minQuantity),
                unitPrice: dollars(t.unitPriceCents),
              })),
            { variantSku: sku, minQuantity: "", unitPrice: "" },
          ]),
        }
      : { unit: "pieces", tiers: [{ variantSku: "", minQuantity: "", unitPrice: "" }] },
  });
  const unit = String(fields.unit.value ?? fields.unit.initialValue ?? "pieces");
  const tierRows = fields.tiers.getFieldList().map((item, index) => {
    const row = item.getFieldset();
    const sku = typeof row.variantSku.initialValue === "string" ? row.variantSku.initialValue : "";
    return {
      sku,
      row: {
        key: item.key ?? String(index),
        index,
        minQuantity: row.minQuantity,
        unitPrice: row.unitPrice,
        hidden: <input type="hidden" name={row.variantSku.name} value={sku} />,
      },
    };
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value={product ? "update" : "create"} />
      {product ? <input type="hidden" name="productId" value={product.id} /> : null}
      <div className="sm:col-span-2">
        <Field id={fields.name.id} label={t("products:form.name")} error={fields.name.errors?.[0]}>
          <Input {...getInputProps(fields.name, { type: "text" })} required />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id={fields.description.id} label={t("products:form.description")} error={fields.description.errors?.[0]}>
          <Textarea {...getTextareaProps(fields.description)} rows={3} />
        </Field>
      </div>
      <Field id={fields.category.id} label={t("products:form.category")} error={fields.category.errors?.[0]}>
        {/* nothing chosen yet: the placeholder stays selected */}
        <Select {...getSelectProps(fields.category)} defaultValue={fields.category.initialValue ?? ""} required>
          <option value="" disabled>
            {t("products:form.selectCategory")}
          </option>
          <ProductCategoryOptions />
        </Select>
      </Field>
      <Field
        id={fields.minimumOrderQuantity.id}
        label={t("products:form.moq")}
        error={fields.minimumOrderQuantity.errors?.[0]}
      >
        <Input {...getInputProps(fields.minimumOrderQuantity, { type: "number" })} min={1} step={1} required />
      </Field>
      <Field id={fields.unit.id} label={t("products:form.unit")} error={fields.unit.errors?.[0]}>
        <Select {...getSelectProps(fields.unit)}>
          {UNITS.map((u) => (
            <option key={u} value={u}>
              {unitLabel.many(u)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={fields.priceMin.id} label={t("products:form.priceMin")} error={fields.priceMin.errors?.[0]}>
        <Input {...getInputProps(fields.priceMin, { type: "number" })} min={0} step={0.01} required />
      </Field>
      <Field id={fields.priceMax.id} label={t("products:form.priceMax")} error={fields.priceMax.errors?.[0]}>
        <Input {...getInputProps(fields.priceMax, { type: "number" })} min={0} step={0.01} required />
      </Field>
      <HtsusField field={fields.hsCode} stored={product?.hsCode} description={product?.hsDescription} />
      <MaterialFields material={fields.material} manufacturer={fields.manufacturer} />
      <OriginPortField field={fields.originPort} ports={ports} />
      <div className="sm:col-span-2">
        <h3 className="text-sm font-semibold text-slate-900">{t("products:form.priceBreaks")}</h3>
        <p className="text-xs text-slate-500">{t("products:form.priceBreaksHint")}</p>
        {ladders.map((ladder) => (
          <PriceTierRows
            key={ladder.sku}
            legend={ladder.label}
            rows={tierRows.filter((t) => t.sku === ladder.sku).map((t) => t.row)}
            unit={unit}
            onAdd={
              hydrated
                ? () =>
                    form.insert({
                      name: fields.tiers.name,
                      defaultValue: { variantSku: ladder.sku, minQuantity: "", unitPrice: "" },
                    })
                : undefined
            }
            onRemove={hydrated ? (index) => form.remove({ name: fields.tiers.name, index }) : undefined}
            valueOf={() => ({})}
          />
        ))}
      </div>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {product ? t("products:form.save") : t("products:form.add")}
        </Button>
        {onCancelHref ? (
          <ButtonLink to={onCancelHref} variant="outline">
            {t("products:form.cancel")}
          </ButtonLink>
        ) : null}
      </div>
    </Form>
  );
}

export const handle = { i18n: ["products", "uploads"] } satisfies I18nHandle;

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["products"]);
  const categoryName = useCategoryName();
  const locale = useLocale();
  const statusLabel = useStatusLabel();
  const unitLabel = useUnitLabel();
  const [params] = useSearchParams();
  const { products, companyName, ports } = loaderData;
  const editing = params.get("edit");
  const ad = actionData as ActionData | undefined;
  const addFailed = ad && !ad.ok && (ad.intent === "create" || ad.intent === "");
  const failedMessage = ad && !ad.ok && ad.intent !== "create-dialog" ? ad.message : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle text="common:nav.myProducts" />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t("products:list.title")}</h1>
          <p className="mt-1 text-slate-600">{t("products:list.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/products/import" variant="outline">
            <FileUp className="size-4" aria-hidden /> {t("products:list.import")}
          </ButtonLink>
          <a href="/products/export?format=xlsx" download className={buttonClasses("outline")}>
            <Download className="size-4" aria-hidden /> {t("products:list.export")}
          </a>
          <CreateProductDialog action="/products" ownerName={companyName} ports={ports} />
        </div>
      </header>
      {failedMessage ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {failedMessage}
        </p>
      ) : null}

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">{t("products:list.addOne")}</h2>
        <div className="mt-3">
          <Disclosure
            trigger={
              <>
                <Plus className="size-4" aria-hidden /> {t("products:form.add")}
              </>
            }
            variant="outline"
            openHref="/products?add=1"
            defaultOpen={Boolean(addFailed) || params.get("add") === "1"}
          >
            <div className="mt-4">
              <ProductForm ports={ports} lastResult={addFailed ? ad.reply : undefined} />
            </div>
          </Disclosure>
        </div>
      </Card>

      {products.length === 0 ? (
        <Card className="mt-6 p-12 text-center">
          <Package className="mx-auto size-10 text-slate-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">{t("products:list.emptyTitle")}</h2>
          <p className="mt-1 text-sm text-slate-600">{t("products:list.emptyText")}</p>
        </Card>
      ) : (
        <ul className="mt-6 space-y-3">
          {products.map((product) => (
            <li key={product.id}>
              <Card className="p-4">
                {editing === product.id ? (
                  <ProductForm
                    product={product}
                    ports={ports}
                    lastResult={ad?.intent === "update" ? ad.reply : undefined}
                    onCancelHref="/products"
                  />
                ) : (
                  <div className="flex flex-wrap items-center gap-4">
                    <div className="size-16 shrink-0 overflow-hidden rounded-md bg-slate-100">
                      {product.images[0] ? (
                        <Thumbnail src={product.images[0]} size={64} className="h-full w-full object-cover" />
                      ) : (
                        <Package className="m-4 size-8 text-slate-300" aria-hidden />
                      )}
                    </div>
                    {/* at least 12rem for the name and figures: on a phone the actions go below them, not beside */}
                    <div className="min-w-0 flex-1 basis-48">
                      <div className="flex flex-wrap items-center gap-2">
                        <h2 className="font-semibold">
                          <Link to={`/product/${product.id}`} className="block hover:underline">
                            {product.name}
                          </Link>
                        </h2>
                        <Badge tone={statusTone(product.status)}>{statusLabel(product.status)}</Badge>
                      </div>
                      <p className="text-sm text-slate-600">
                        {categoryName(product.category)} ·{" "}
                        {formatPriceRange(product.priceMinCents, product.priceMaxCents, "USD", locale)} ·{" "}
                        {t("products:list.moq")} {formatNumber(product.minimumOrderQuantity, locale)}{" "}
                        {unitLabel.many(product.unit)}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <ButtonLink to={`/products?edit=${product.id}`} variant="outline" size="sm">
                        <Pencil className="size-3.5" aria-hidden /> {t("products:list.edit")}{" "}
                        <span className="sr-only">{product.name}</span>
                      </ButtonLink>
                      <Form method="post">
                        <input type="hidden" name="intent" value="status" />
                        <input type="hidden" name="productId" value={product.id} />
                        <input
                          type="hidden"
                          name="status"
                          value={product.status === "active" ? "inactive" : "active"}
                        />
                        <Button type="submit" variant="outline" size="sm">
                          {product.status === "active" ? t("products:list.deactivate") : t("products:list.reactivate")}{" "}
                          <span className="sr-only">{product.name}</span>
                        </Button>
                      </Form>
                    </div>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
