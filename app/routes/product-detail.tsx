import { categoryNameIn } from "~/i18n/category-names.server";
import { localeOf } from "~/i18n/i18next.server";
import { Building2, ChevronRight, FileText, MapPin, Store as StoreIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatPriceRange, formatUnitPrice } from "~/lib/money";
import { AuthRequiredDialog } from "~/modules/accounts/components/auth-required-dialog";
import { getSessionUser } from "~/modules/accounts/session.server";
import { ContactButton } from "~/modules/messaging/components/contact-button";
import { PriceBreaks } from "~/modules/products/components/price-breaks";
import {
  getProductDetail,
  type ProductDimensions,
  type ProductSpecifications,
  type ProductVariant,
} from "~/modules/products/product-detail.server";
import { invariantResponse } from "~/lib/page-refusal";
import type { Route } from "./+types/product-detail";
import { productLandedCost } from "~/modules/products/product-landed-cost.server";
import { sellerStoreOf } from "~/modules/stores/store-owner.server";
import { appContext } from "~/request-context.server";
import { publicPageHeaders } from "~/lib/page-cache-control";
import { lazyPart } from "~/components/ui/lazy-part";
import { similarSuppliersForProduct } from "~/modules/matching/similar-suppliers.server";

/** Below the fold and without behaviour of its own: its code loads after the page's (route JS budget). */
const SimilarSuppliers = lazyPart(() =>
  import("~/modules/matching/components/similar-suppliers").then((m) => m.SimilarSuppliers),
);
/**
 * The gallery and its chooser: its code comes just after the page's (the server's HTML, the main picture
 * included, stands until then; route JS budget).
 */
const ImageGallery = lazyPart(
  () => import("~/modules/products/components/product-image-gallery").then((m) => m.ImageGallery),
  undefined,
  { eager: true },
);
/** Below the fold too, a GET form whose estimate the server renders: its code loads after the page's. */
const LandedCostCalculator = lazyPart(
  () => import("~/modules/trade/components/landed-cost-calculator").then((m) => m.LandedCostCalculator),
  undefined,
  { eager: true },
);
/**
 * The supplier's badges (verification, place, rating) come just after the page's code; until then (a client
 * navigation) the verification stands in words, so the card never shows a supplier without it.
 */
const SupplierFacts = lazyPart(
  () => import("~/modules/products/components/supplier-facts").then((m) => m.SupplierFacts),
  ({ verified }) => (
    <div className="mt-2 flex min-h-6 flex-wrap items-center gap-2">
      <Badge tone={verified ? "green" : "grey"}>{verified ? "Verified" : "Unverified"}</Badge>
      <span className="text-xs text-slate-600">India</span>
    </div>
  ),
  { eager: true },
);

/** The same for every anonymous visitor: a shared cache may keep it (never when signed in: root). */
export const headers = publicPageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData || !("product" in loaderData)) return [{ title: "Product Not Found | Setu" }];
  const { product } = loaderData;
  const description = (
    product.description.trim() ||
    `${product.name}: wholesale from India, MOQ ${product.minimumOrderQuantity} ${product.unit}, ${formatPriceRange(product.priceMinCents, product.priceMaxCents)}.`
  ).slice(0, 160);
  return [
    { title: `${product.name} | Setu` },
    { name: "description", content: description },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:type", content: "product" },
  ];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext).runtime;
  const [viewer, product] = await Promise.all([
    getSessionUser(request, context.get(appContext).runtime),
    getProductDetail(db, params.id, sellerStoreOf),
  ]);
  invariantResponse(product, {
    heading: "Product Not Found",
    message: "The product you're looking for doesn't exist or is no longer available.",
    link: { to: "/browse", label: "Browse Products" },
  });
  const [calculator, similarSuppliers] = await Promise.all([
    productLandedCost(db, product.id, new URL(request.url).searchParams),
    similarSuppliersForProduct(db, product.id),
  ]);
  const { sellerId, ...shown } = product;
  const own = viewer?.id === sellerId;
  if (own) context.get(appContext).ownPage();
  // the labels as data: the page's code does not carry the category tree (route JS budget)
  const categoryName = categoryNameIn(localeOf(context));
  const labels = {
    category: categoryName(shown.category),
    subcategory: shown.subcategory ? categoryName(shown.subcategory) : null,
  };
  // the specification rows as data too: their formatting stays on the server (route JS budget)
  const specs = specificationRows(shown.specifications, shown);
  return { product: shown, labels, specs, signedIn: Boolean(viewer), own, calculator, similarSuppliers };
}

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

function formatDimensions(d: ProductDimensions): string {
  if (d.length !== null && d.width !== null && d.height !== null) {
    return `${number.format(d.length)} × ${number.format(d.width)} × ${number.format(d.height)} cm (L × W × H)`;
  }
  return (
    [
      ["Length", d.length],
      ["Width", d.width],
      ["Height", d.height],
    ] as const
  )
    .filter(([, v]) => v !== null)
    .map(([label, v]) => `${label} ${number.format(v!)} cm`)
    .join(", ");
}

function specificationRows(
  specs: ProductSpecifications,
  trade: {
    hsCode: string | null;
    hsDescription: string | null;
    material: string | null;
    originPort: { code: string; name: string } | null;
  },
): { label: string; value: string }[] {
  return [
    ...(trade.hsCode
      ? [
          {
            label: trade.hsCode.length === 10 ? "HTSUS code" : "HS code",
            value: `${formatHsCode(trade.hsCode)}${trade.hsDescription ? `: ${trade.hsDescription}` : ""}`,
          },
        ]
      : []),
    ...(trade.material ? [{ label: "Material", value: trade.material }] : []),
    ...(trade.originPort
      ? [{ label: "Port of loading", value: `${trade.originPort.name} (${trade.originPort.code})` }]
      : []),
    ...(specs.brand ? [{ label: "Brand", value: specs.brand }] : []),
    ...(specs.baseSku ? [{ label: "Base SKU", value: specs.baseSku }] : []),
    ...(specs.weightKg !== null ? [{ label: "Weight", value: `${number.format(specs.weightKg)} kg` }] : []),
    ...(specs.dimensionsCm ? [{ label: "Dimensions", value: formatDimensions(specs.dimensionsCm) }] : []),
    ...specs.technicalSpecs.map((s) => ({ label: s.name || "Specification", value: s.value || "—" })),
    // a material given as a free specification before it had its own field is said once
    ...specs.other.filter((s) => !(trade.material && s.label.toLowerCase() === "material")),
  ];
}

/** "630260" → "6302.60", "6302600010" → "6302.60.0010": as HS codes are written. */
function formatHsCode(code: string): string {
  return [code.slice(0, 4), code.slice(4, 6), code.slice(6)].filter(Boolean).join(".");
}

function VariantsTable({ variants }: { variants: ProductVariant[] }) {
  const price = (v: ProductVariant) => (v.priceCents === null ? "—" : formatUnitPrice(v.priceCents));
  const stock = (v: ProductVariant) => (v.stock === null ? "—" : v.stock.toLocaleString("en-US"));
  const colour = (v: ProductVariant) => (
    <span className="inline-flex items-center gap-2">
      {v.colorHex ? (
        <span
          aria-hidden
          className="inline-block size-4 shrink-0 rounded-full border border-slate-300"
          style={{ backgroundColor: v.colorHex }}
        />
      ) : null}
      {v.color || v.colorHex || "—"}
    </span>
  );
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Variants ({variants.length})</h2>
      <div className="mt-4 hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Variants with colour, size, SKU, price per unit and stock</caption>
          <thead className="border-b border-slate-200 text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Colour
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Size
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                SKU
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Price (USD)
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Stock
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {variants.map((v) => (
              <tr key={v.id}>
                <td className="py-2 pr-4">{colour(v)}</td>
                <td className="py-2 pr-4">{v.size || "—"}</td>
                <td className="py-2 pr-4 font-mono text-xs">{v.sku || "—"}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{price(v)}</td>
                <td className="py-2 text-right tabular-nums">{stock(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-4 space-y-3 sm:hidden">
        {variants.map((v) => (
          <li key={v.id} className="rounded-md border border-slate-200 p-3 text-sm">
            <p className="font-medium">{colour(v)}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1">
              <dt className="text-slate-500">Size</dt>
              <dd>{v.size || "—"}</dd>
              <dt className="text-slate-500">SKU</dt>
              <dd className="break-all font-mono text-xs">{v.sku || "—"}</dd>
              <dt className="text-slate-500">Price (USD)</dt>
              <dd className="tabular-nums">{price(v)}</dd>
              <dt className="text-slate-500">Stock</dt>
              <dd className="tabular-nums">{stock(v)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function ProductDetailPage({ loaderData }: Route.ComponentProps) {
  const [authOpen, setAuthOpen] = useState(false);
  const { product, labels, specs, signedIn, own, calculator, similarSuppliers } = loaderData;
  const { supplier, specifications } = product;
  const quotePath = `/create-rfq?product=${product.id}`;
  const category = labels.category;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
          <li>
            <Link to="/browse" className="hover:text-slate-900 hover:underline">
              Browse
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4 text-slate-400" />
          </li>
          <li>
            <Link to={`/category/${product.category}`} className="hover:text-slate-900 hover:underline">
              {category}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4 text-slate-400" />
          </li>
          <li aria-current="page" className="max-w-[16rem] truncate font-medium text-slate-900 sm:max-w-md">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <ImageGallery images={product.images} name={product.name} />

        <div>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="blue">{category}</Badge>
            {labels.subcategory ? <Badge>{labels.subcategory}</Badge> : null}
            <span className="inline-flex items-center gap-1 text-sm text-slate-600">
              <MapPin className="size-4 text-slate-400" aria-hidden /> India
            </span>
          </div>
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{product.name}</h1>

          <dl className="mt-6 grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <div>
              <dt className="text-sm text-slate-600">Price per unit (USD)</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">
                {formatPriceRange(product.priceMinCents, product.priceMaxCents)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Minimum order</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900">
                MOQ: {product.minimumOrderQuantity.toLocaleString("en-US")} {product.unit}
              </dd>
            </div>
          </dl>

          {product.priceTiers.length > 0 ? (
            <PriceBreaks
              ladders={product.priceTiers}
              moq={product.minimumOrderQuantity}
              unit={product.unit}
              quoteHref={
                own
                  ? null
                  : (tierId) => {
                      const path = tierId ? `${quotePath}&tier=${tierId}` : quotePath;
                      return signedIn ? path : `/auth?redirectTo=${encodeURIComponent(path)}`;
                    }
              }
              className="mt-6"
            />
          ) : null}

          {own ? (
            <p className="mt-6 rounded-md bg-slate-50 p-3 text-sm text-slate-600">
              This is your product: buyers see a Request Quote button here that sends their request to you.
            </p>
          ) : (
            <>
              <div className="mt-6 flex flex-col gap-3 sm:flex-row">
                {signedIn ? (
                  <ButtonLink to={quotePath} size="lg" className="sm:flex-1">
                    <FileText className="size-5" aria-hidden /> Request Quote
                  </ButtonLink>
                ) : (
                  <ButtonLink to={`/auth?redirectTo=${encodeURIComponent(quotePath)}`} size="lg" className="sm:flex-1">
                    Login to Quote
                  </ButtonLink>
                )}
              </div>
              <p className="mt-2 text-sm text-slate-500">
                {signedIn
                  ? "Send this supplier a quote request for this product; only they (and similar suppliers you invite) see it."
                  : "Sign in to request a quote from this supplier."}
              </p>
            </>
          )}

          <Card role="region" aria-labelledby="supplier-heading" className="mt-6 p-5">
            <h2 id="supplier-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              Supplier
            </h2>
            <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-semibold text-slate-900">
                  <Building2 className="size-5 shrink-0 text-slate-400" aria-hidden />
                  <span className="truncate">{supplier.companyName ?? "Company"}</span>
                </p>
                <SupplierFacts
                  verified={supplier.verified}
                  rating={supplier.rating}
                  reviewsHref={supplier.rating && supplier.storeId ? `/stores/${supplier.storeId}#reviews` : undefined}
                />
              </div>
              {supplier.storeId ? (
                <ButtonLink to={`/stores/${supplier.storeId}`} variant="outline" size="sm">
                  <StoreIcon className="size-4" aria-hidden /> Visit Store
                </ButtonLink>
              ) : null}
            </div>
            {supplier.storeId && supplier.storeName ? (
              <p className="mt-3 text-sm text-slate-600">Store: {supplier.storeName}</p>
            ) : null}
            {own ? null : (
              <ContactButton
                subjectType="product"
                subjectId={product.id}
                signedIn={signedIn}
                onNeedAuth={() => setAuthOpen(true)}
                formClassName="mt-4"
                className="w-full sm:w-auto"
              >
                Contact Supplier
              </ContactButton>
            )}
          </Card>
          <AuthRequiredDialog open={authOpen} onOpenChange={setAuthOpen} redirectTo={`/product/${product.id}`} />
        </div>
      </div>

      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card className="p-6">
            <h2 className="text-lg font-semibold">Description</h2>
            {product.description.trim() ? (
              <p className="mt-3 max-w-prose whitespace-pre-line text-slate-700">{product.description}</p>
            ) : (
              <p className="mt-3 text-sm text-slate-500">The supplier has not added a description yet.</p>
            )}
            {product.tags.length > 0 ? (
              <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-2">
                {product.tags.map((tag) => (
                  <li key={tag}>
                    <Badge>{tag}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
          </Card>
          {specifications.variants.length > 0 ? <VariantsTable variants={specifications.variants} /> : null}
        </div>

        <div className="space-y-6">
          <Card className="h-fit p-6">
            <h2 className="text-lg font-semibold">Specifications</h2>
            {specs.length > 0 ? (
              <dl className="mt-3 divide-y divide-slate-100 text-sm">
                {specs.map((row, i) => (
                  <div key={`${row.label}-${i}`} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 py-2">
                    <dt className="text-slate-500">{row.label}</dt>
                    <dd className="break-words text-slate-900">{row.value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-3 text-sm text-slate-500">No specifications listed.</p>
            )}
          </Card>
          {calculator ? (
            <LandedCostCalculator calculator={calculator} unit={product.unit} moq={product.minimumOrderQuantity} />
          ) : null}
        </div>
      </div>

      <SimilarSuppliers suppliers={similarSuppliers} className="mt-10" />
    </div>
  );
}
