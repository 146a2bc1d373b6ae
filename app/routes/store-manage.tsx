import { useCategoryName } from "~/i18n/use-category-name";
import { getFormProps } from "@conform-to/react";
import { ArrowLeft, ExternalLink, FileUp, Package, Star, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { lazyPart } from "~/components/ui/lazy-part";
import { toast } from "~/components/ui/toast";
import { Badge, statusTone } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Field, Label, Select } from "~/components/ui/field";
import { answer } from "~/i18n/feedback.server";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { formatPriceRange } from "~/lib/money";
import { refusedFormReply, type FormReply } from "~/components/forms/validated-form";
import { getSessionUser } from "~/modules/accounts/session.server";
import { parseAnalyticsWindow } from "~/modules/analytics/analytics.schema";
import { storeAnalytics } from "~/modules/analytics/analytics.server";
import { CreateProductDialog } from "~/modules/products/components/create-product-dialog-lazy";
import { listIndianPorts } from "~/modules/trade/ports.server";
import { createProductFromDraft, refuseNonSeller } from "~/modules/products/product-commands.server";
import { postedDraftSchema } from "~/modules/products/product-form.schema";
import { storeShelf } from "~/modules/stores/store-shelf.server";
import { StoreDetailsFields, useStoreDetailsForm } from "~/modules/stores/components/store-details-fields";
import { defaultBusinessHours, readStoreForm } from "~/modules/stores/store-form-values";
import { storeDetailsSchema } from "~/modules/stores/store-form.schema";
import { readStoreManageForm, storeManageActionSchema } from "~/modules/stores/store-manage.schema";
import { parseInput } from "~/lib/command-result";
import {
  addProductsToStore,
  getManagedStore,
  ownsStore,
  removeStoreProduct,
  saveCategoryTabs,
  saveStoreDesign,
  setProductTab,
  toggleFeatured,
  updateStoreSettings,
} from "~/modules/stores/stores.server";
import { invariantResponse } from "~/lib/page-refusal";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/store-manage";
import { Thumbnail } from "~/modules/uploads/components/responsive-image";
import { appContext } from "~/request-context.server";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";
import { useStatusLabel } from "~/i18n/use-status-label";
import { useLocale } from "~/components/layout/use-root-user";

// the Analytics tab and the Settings tab's category editor load their code only where they show, outside the
// page's first JavaScript (its budget, tests/integration/js-budget.test.ts)
/** The store editor (its canvas, geometry and design schema, with zod): only the Design tab needs it, after the page. */
const StoreEditor = lazyPart(
  () => import("~/modules/stores/components/store-editor").then((m) => m.StoreEditor),
  undefined,
  { eager: true },
);
const AnalyticsPanel = lazyPart(() =>
  import("~/modules/analytics/components/analytics-panel").then((m) => m.AnalyticsPanel),
);
const CategoryTabsEditor = lazyPart(() =>
  import("~/modules/stores/components/category-tabs-editor").then((m) => m.CategoryTabsEditor),
);

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  const managed = user ? await getManagedStore(context.get(appContext).runtime.db, user, params.id) : null;
  invariantResponse(user?.profile && managed, {
    heading: "Store Not Found",
    message: "The store you're trying to manage doesn't exist or you don't have permission to access it.",
    link: { to: "/stores", label: "Back to Stores" },
  });
  const url = new URL(request.url);
  const analytics =
    url.searchParams.get("tab") === "analytics"
      ? await storeAnalytics(
          context.get(appContext).runtime.db,
          user,
          params.id,
          parseAnalyticsWindow(url.searchParams.get("days")),
        )
      : null;
  return {
    ...managed,
    analytics,
    companyName: user.profile.companyName,
    ports: await listIndianPorts(context.get(appContext).runtime.db),
  };
}

type Result = { ok: boolean; message: string; fieldErrors?: Record<string, string> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  if (!user?.profile)
    return answer(context, { ok: false, message: "User not authenticated", reply: null }, { status: 401 });
  const db = context.get(appContext).runtime.db;
  // who may post is asked first: someone else's store, or one that is not there, is 404 whatever was posted
  if (!(await ownsStore(db, user, params.id)))
    return answer(context, { ok: false, message: "Store not found", reply: null }, { status: 404 });
  const form = await readFormData(request);
  const input = parseInput(storeManageActionSchema, readStoreManageForm(form));
  if (!input.ok) return answer(context, { ok: false, message: input.message, reply: null }, { status: input.status });
  const command = input.value;
  let result: Result & { status?: number };
  switch (command.intent) {
    case "create-dialog": {
      const actor = { ...user, profile: user.profile };
      const draft = refuseNonSeller(actor) ?? parseInput(postedDraftSchema, command.payload);
      result = draft.ok
        ? await createProductFromDraft(db, actor, draft.value, { shelf: storeShelf(actor, params.id) })
        : draft;
      break;
    }
    case "add-products":
      result = await addProductsToStore(db, user, params.id, command.productIds);
      break;
    case "feature":
      result = await toggleFeatured(db, user, command.linkId);
      break;
    case "tab":
      result = await setProductTab(db, user, command.linkId, command.tab);
      break;
    case "remove":
      result = await removeStoreProduct(db, user, command.linkId);
      break;
    case "save-tabs":
      result = await saveCategoryTabs(db, user, params.id, command.payload);
      break;
    case "save-design":
      result = await saveStoreDesign(db, user, params.id, command.payload);
      break;
    case "settings": {
      const details = parseInput(storeDetailsSchema, readStoreForm(form));
      const r = details.ok ? await updateStoreSettings(db, user, params.id, details.value, command.status) : details;
      if (r.ok)
        return redirectWithFlash(`/stores/${params.id}/manage?tab=settings`, { type: "success", message: r.message });
      return answer(
        context,
        { ok: false, message: r.message, reply: refusedFormReply(r, readStoreForm(form)) },
        { status: r.status },
      );
    }
  }
  const status = result.ok ? 200 : ((result as { status?: number }).status ?? 400);
  return answer(context, { ok: result.ok, message: result.message, reply: null }, { status });
}

export const handle = { i18n: ["stores", "analytics", "uploads"] } satisfies I18nHandle;

/** A one-button form whose result shows as a toast. */
function useToastFetcher() {
  const fetcher = useFetcher<Result>();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) (fetcher.data.ok ? toast.success : toast.error)(fetcher.data.message);
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

function StoreProductRow({
  product,
  tabs,
}: {
  product: NonNullable<Awaited<ReturnType<typeof getManagedStore>>>["products"][number];
  tabs: { slug: string; name: string }[];
}) {
  const { t } = useTranslation(["stores"]);
  const categoryName = useCategoryName();
  const locale = useLocale();
  const statusLabel = useStatusLabel();
  const feature = useToastFetcher();
  const tab = useToastFetcher();
  const remove = useToastFetcher();
  return (
    <li className="flex flex-wrap items-center gap-4 py-3">
      <div className="size-14 shrink-0 overflow-hidden rounded bg-slate-100">
        {product.images[0] ? (
          <Thumbnail src={product.images[0]} size={56} className="h-full w-full object-cover" />
        ) : (
          <Package className="m-3 size-8 text-slate-300" aria-hidden />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-medium">{product.name}</p>
        <p className="text-sm text-slate-600">
          {categoryName(product.category)} ·{" "}
          {formatPriceRange(product.priceMinCents, product.priceMaxCents, "USD", locale)}{" "}
          {product.status !== "active" ? (
            <Badge tone={statusTone(product.status)}>{statusLabel(product.status)}</Badge>
          ) : null}
        </p>
      </div>
      <feature.Form method="post">
        <input type="hidden" name="intent" value="feature" />
        <input type="hidden" name="linkId" value={product.linkId} />
        <Button
          type="submit"
          size="sm"
          variant={product.featured ? "primary" : "outline"}
          aria-pressed={product.featured}
        >
          <Star className="size-3.5" aria-hidden />{" "}
          {product.featured ? t("stores:product.featured") : t("stores:product.feature")}
          <span className="sr-only"> {product.name}</span>
        </Button>
      </feature.Form>
      <tab.Form method="post" className="flex items-end gap-1">
        <input type="hidden" name="intent" value="tab" />
        <input type="hidden" name="linkId" value={product.linkId} />
        <div>
          <Label htmlFor={`tab-${product.linkId}`} className="mb-0.5 text-xs font-normal text-slate-500">
            {t("stores:product.tab")}
          </Label>
          <Select
            id={`tab-${product.linkId}`}
            name="tab"
            defaultValue={product.categoryTab}
            onChange={(e) => tab.submit(e.currentTarget.form)}
            className="h-8 w-44 py-1"
          >
            <option value="all">{t("stores:product.allProducts")}</option>
            {tabs.map((categoryTab) => (
              <option key={categoryTab.slug} value={categoryTab.slug}>
                {categoryTab.name}
              </option>
            ))}
          </Select>
        </div>
        <noscript>
          <Button type="submit" size="sm" variant="outline">
            {t("stores:product.set")}
          </Button>
        </noscript>
      </tab.Form>
      <remove.Form method="post">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="linkId" value={product.linkId} />
        <Button type="submit" size="sm" variant="ghost" aria-label={t("stores:product.remove", { name: product.name })}>
          <Trash2 className="size-4 text-red-700" aria-hidden />
        </Button>
      </remove.Form>
    </li>
  );
}

function AddExistingProducts({
  available,
}: {
  available: { id: string; name: string; category: string; status: string }[];
}) {
  const { t } = useTranslation(["stores"]);
  const categoryName = useCategoryName();
  const fetcher = useToastFetcher();
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setSelected([]);
  }, [fetcher.state, fetcher.data]);
  if (available.length === 0) return <p className="text-sm text-slate-600">{t("stores:add.allIn")}</p>;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="add-products" />
      <fieldset>
        <legend className="text-sm font-semibold">{t("stores:add.title")}</legend>
        <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto">
          {available.map((p) => (
            <li key={p.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="productIds"
                  value={p.id}
                  checked={selected.includes(p.id)}
                  onChange={(e) =>
                    setSelected(e.target.checked ? [...selected, p.id] : selected.filter((id) => id !== p.id))
                  }
                />
                {p.name} <span className="text-slate-500">· {categoryName(p.category)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <Button type="submit" size="sm" className="mt-3" disabled={selected.length === 0 || fetcher.state !== "idle"}>
        {selected.length ? t("stores:add.submitCount", { number: selected.length }) : t("stores:add.title")}
      </Button>
    </fetcher.Form>
  );
}

type ManagedStore = NonNullable<Awaited<ReturnType<typeof getManagedStore>>>["store"];

/** Settings tab: the store's details, checked in the browser as updateStoreSettings checks them, and its status. */
function StoreSettingsForm({ store, lastResult }: { store: ManagedStore; lastResult: FormReply | null | undefined }) {
  const { t } = useTranslation(["stores"]);
  const [form, fields] = useStoreDetailsForm({
    id: "settings",
    lastResult,
    defaultValue: {
      name: store.name,
      description: store.description,
      phone: store.phone,
      email: store.email,
      website: store.website,
      street: store.address.street,
      city: store.address.city,
      state: store.address.state,
      zipCode: store.address.zipCode,
      country: store.address.country ?? "India",
      categories: store.categories,
      businessHours: store.businessHours ?? defaultBusinessHours(),
      yearFounded: store.yearFounded === null ? "" : String(store.yearFounded),
      certifications: store.certifications.join(", "),
      productionCapacity: store.productionCapacity,
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4" noValidate>
      <input type="hidden" name="intent" value="settings" />
      <StoreDetailsFields fields={fields} />
      <div className="mt-4 max-w-xs">
        <Field id="settings-status" label={t("stores:settings.status")}>
          <Select id="settings-status" name="status" defaultValue={store.status}>
            <option value="active">{t("stores:settings.active")}</option>
            <option value="hidden">{t("stores:settings.hidden")}</option>
          </Select>
        </Field>
      </div>
      <Button type="submit" className="mt-6">
        {t("stores:settings.save")}
      </Button>
    </Form>
  );
}

export default function StoreManage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["stores"]);
  const [params] = useSearchParams();
  const { store, products, available, companyName, ports, analytics } = loaderData;
  const requested = params.get("tab");
  const tab =
    requested === "appearance" || requested === "settings" || (requested === "analytics" && analytics)
      ? requested
      : "products";
  const tabs = [
    { key: "products", label: t("stores:manage.tabs.products", { number: products.length }) },
    { key: "appearance", label: t("stores:manage.tabs.appearance") },
    { key: "settings", label: t("stores:manage.tabs.settings") },
    { key: "analytics", label: t("stores:manage.tabs.analytics") },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageTitle text="common:pageTitle.manageStore" values={{ name: store.name }} />
      <Link
        to="/stores"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden /> {t("stores:manage.back")}
      </Link>
      <header className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{store.name}</h1>
          <p className="text-slate-600">{t("stores:manage.subtitle")}</p>
        </div>
        <ButtonLink to={`/stores/${store.id}`} variant="outline">
          <ExternalLink className="size-4" aria-hidden /> {t("stores:manage.viewStore")}
        </ButtonLink>
      </header>

      <nav aria-label={t("stores:manage.nav")} className="mt-6 flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((item) => (
          <Link
            key={item.key}
            to={`?tab=${item.key}`}
            preventScrollReset
            aria-current={tab === item.key ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
              tab === item.key
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {item.label}
          </Link>
        ))}
      </nav>

      {tab === "analytics" && analytics ? (
        <AnalyticsPanel storeId={store.id} analytics={analytics} />
      ) : tab === "products" ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <Card className="p-6 lg:col-span-2">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-lg font-semibold">{t("stores:manage.storeProducts")}</h2>
              <div className="flex flex-wrap gap-2">
                <ButtonLink to={`/products/import?store=${store.id}`} variant="outline">
                  <FileUp className="size-4" aria-hidden /> {t("stores:manage.import")}
                </ButtonLink>
                <CreateProductDialog
                  action={`/stores/${store.id}/manage`}
                  ownerName={store.name || companyName}
                  storeId={store.id}
                  ports={ports}
                />
              </div>
            </div>
            {products.length === 0 ? (
              <p className="mt-8 text-center text-sm text-slate-500">{t("stores:manage.noProducts")}</p>
            ) : (
              <ul className="mt-4 divide-y divide-slate-100">
                {products.map((p) => (
                  <StoreProductRow key={p.linkId} product={p} tabs={store.categoryTabs} />
                ))}
              </ul>
            )}
          </Card>
          <Card className="p-6">
            <AddExistingProducts available={available} />
          </Card>
        </div>
      ) : tab === "appearance" ? (
        <div className="mt-6">
          <StoreEditor
            storeId={store.id}
            action={`/stores/${store.id}/manage`}
            initial={{
              name: store.name,
              tagline: store.tagline,
              primary_color: store.primaryColor,
              hero_banner: store.heroBanner,
              logo_url: store.logoUrl,
              banner_url: store.bannerUrl,
              sections: store.sections,
              store_layout: {
                layout_type: "sections",
                hero_section: store.storeLayout.hero_section,
                category_tabs: store.storeLayout.category_tabs,
              },
            }}
            products={products.map((p) => ({
              id: p.id,
              name: p.name,
              images: p.images,
              priceMinCents: p.priceMinCents,
              priceMaxCents: p.priceMaxCents,
              featured: p.featured,
            }))}
          />
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <Card className="p-6 lg:col-span-2">
            <h2 className="text-lg font-semibold">{t("stores:settings.details")}</h2>
            <StoreSettingsForm store={store} lastResult={actionData?.reply} />
          </Card>
          <div className="space-y-6">
            <Card className="p-6">
              <h2 className="text-lg font-semibold">{t("stores:settings.verification")}</h2>
              <Badge tone={store.verificationStatus === "verified" ? "green" : "amber"} className="mt-3">
                {store.verificationStatus === "verified" ? t("stores:settings.verified") : t("stores:settings.pending")}
              </Badge>
            </Card>
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold">{t("stores:settings.categoryTabs")}</h2>
              <CategoryTabsEditor initial={store.categoryTabs} />
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
