import { CheckCircle2, PackageSearch, SlidersHorizontal } from "lucide-react";
import { useEffect, useState } from "react";
import { useFieldsFollowUrl } from "~/components/ui/use-fields-follow-url";
import { Form, Link, useLocation } from "react-router";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FilterSelect, Label, SearchInput } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { useHydrated } from "~/components/ui/use-hydrated";
import { lazyPart } from "~/components/ui/lazy-part";
import { formatMoney } from "~/lib/money";
import type { ProductCardData } from "../products.schema";
import {
  PRICE_SLIDER,
  PRICE_STOPS,
  PRODUCT_SORTS,
  PRODUCTS_PER_PAGE,
  priceStopIndex,
  RELEVANCE_SORT,
  type ProductSearchParams,
} from "../product-search.schema";
import { ProductCardSkeleton } from "./product-card-skeleton";

/**
 * The cards are links (and a request-quote link): the server's HTML works until their code arrives, fetched as
 * soon as the list's page has loaded (route JS budget: browse and category pages).
 */
const ProductCardList = lazyPart(
  () => import("./product-card-list").then((m) => m.ProductCardList),
  // a client-side navigation that draws the list before its code has arrived shows the loading cards meanwhile
  ({ items }) => (
    <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading products">
      {items.map((product) => (
        <ProductCardSkeleton key={product.id} />
      ))}
    </div>
  ),
  { eager: true },
);

/**
 * The phone's filter sheet (a Radix dialog, about 15 KB with its dependencies): rendered, and its code fetched, only
 * once the visitor first opens it.
 */
const FilterSheet = lazyPart(() => import("./filter-sheet").then((m) => m.FilterSheet));

const WHY_INDIA = ["Verified Suppliers", "International Shipping", "Quality Assurance", "Competitive Pricing"];
const number = new Intl.NumberFormat("en-US");
/** The slider's stops (PRICE_STOPS): whole dollars, bounds rather than prices, so shown without cents. */
const dollars = (whole: number) => formatMoney(whole * 100, "USD", { whole: true });
const PANEL_ID = "marketplace-filter-panel";
/** Tailwind's `lg`: from here on the filter panel stands beside the list. */
const WIDE = "(min-width: 64rem)";

export type MarketplaceProductsData = {
  params: ProductSearchParams;
  items: ProductCardData[];
  total: { count: number; capped: boolean };
  page: number;
  pageCount: number;
};

/** The URL parameters that reproduce these filters (everything but the page). */
export function productSearchToUrl(params: ProductSearchParams, options: { fixedCategory?: boolean } = {}) {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.category && !options.fixedCategory) search.set("category", params.category);
  if (params.min !== null) search.set("min", String(params.min));
  if (params.max !== null) search.set("max", String(params.max));
  const defaultSort = params.q ? "relevance" : "newest";
  if (params.sort !== defaultSort) search.set("sort", params.sort);
  return search;
}

/**
 * One end of the price range: a labelled slider over the spec's $0 to $100,000 by magnitude ($1 steps under $10, $10
 * under $100, …), so a price under $1,000 can be chosen too. It posts the stop's index (`pmin`, `pmax`).
 */
function PriceSlider({
  id,
  name,
  label,
  form,
  value,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  form: string;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <>
      <Label htmlFor={id} className="mt-2 text-xs font-normal text-slate-600">
        {label}
      </Label>
      <input
        id={id}
        type="range"
        name={name}
        form={form}
        min={0}
        max={PRICE_STOPS.length - 1}
        step={1}
        value={priceStopIndex(value)}
        aria-valuetext={dollars(value)}
        onChange={(e) => onChange(PRICE_STOPS[Number(e.currentTarget.value)] ?? value)}
        className="w-full accent-brand-600"
      />
    </>
  );
}

type MarketplaceProductsProps = {
  data: MarketplaceProductsData;
  /** where the form submits (the page's own path) */
  action: string;
  /** a category page: the category is part of the path, not a filter */
  fixedCategory?: boolean;
  clearHref: string;
  loading: boolean;
  signedIn: boolean;
  /** the viewer's own products among the items: their cards offer no Request Quote */
  ownProductIds?: readonly string[];
  /** extra parameters to keep (e.g. the tab) */
  hidden?: [string, string][];
  /** the category filter's options (the tree, from the loader: the page's code does not carry it); none on a category page */
  categoryOptions?: readonly { value: string; label: string }[];
};

/**
 * The marketplace's product list: filter panel, search, sort, 'Showing N of M products', the grid
 * and pages. A plain GET form, so it works without JavaScript and every state is a URL.
 */
export function MarketplaceProducts({
  data,
  action,
  fixedCategory,
  clearHref,
  loading,
  signedIn,
  ownProductIds,
  hidden = [],
  categoryOptions = [],
}: MarketplaceProductsProps) {
  const { params, items, total, page, pageCount } = data;
  const hydrated = useHydrated();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetUsed, setSheetUsed] = useState(false);
  const [min, setMin] = useState(params.min ?? PRICE_SLIDER.min);
  const [max, setMax] = useState(params.max ?? PRICE_SLIDER.max);
  const sortShown = params.q || params.sort !== "newest" ? params.sort : "";
  const filterForm = useFieldsFollowUrl({ q: params.q, sort: sortShown, category: params.category ?? "" });
  const formId = `marketplace-filters${fixedCategory ? "-category" : ""}`;
  const search = productSearchToUrl(params, { fixedCategory });
  for (const [k, v] of hidden) search.set(k, v);
  const totalText = `${number.format(total.count)}${total.capped ? "+" : ""}`;

  // Applying the filters (a new page of results, even for the same URL) closes the sheet, and so does a
  // window grown wide enough to show the panel beside the list. A new page's price range is its URL's ('Clear
  // Filters', the back button); a move of a thumb stays until then.
  const location = useLocation();
  const [shownLocation, setShownLocation] = useState(location.key);
  if (shownLocation !== location.key) {
    setShownLocation(location.key);
    setSheetOpen(false);
    setMin(params.min ?? PRICE_SLIDER.min);
    setMax(params.max ?? PRICE_SLIDER.max);
  }
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const close = () => (wide.matches ? setSheetOpen(false) : undefined);
    wide.addEventListener("change", close);
    return () => wide.removeEventListener("change", close);
  }, []);

  const filterFields = (
    <>
      {fixedCategory ? null : (
        <FilterSelect
          id="filter-category"
          label="Category"
          name="category"
          form={formId}
          defaultValue={params.category ?? ""}
          options={[{ value: "", label: "All Categories" }, ...categoryOptions]}
        />
      )}
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Price Range</legend>
        <p className="mb-2 text-sm tabular-nums text-slate-600" aria-live="polite">
          {dollars(min)} – {dollars(max)}
          {max === PRICE_SLIDER.max ? "+" : ""}
        </p>
        <PriceSlider
          id="filter-min"
          name="pmin"
          label="Minimum price (USD)"
          form={formId}
          value={min}
          onChange={(v) => setMin(Math.min(v, max))}
        />
        <PriceSlider
          id="filter-max"
          name="pmax"
          label="Maximum price (USD)"
          form={formId}
          value={max}
          onChange={(v) => setMax(Math.max(v, min))}
        />
      </fieldset>
      <div className="grid gap-2">
        <Button type="submit" form={formId} size="sm">
          Apply Filters
        </Button>
        <ButtonLink to={clearHref} variant="outline" size="sm">
          Clear Filters
        </ButtonLink>
      </div>
    </>
  );
  const whyIndia = (
    <Card className="p-4">
      <h2 className="font-semibold">Why Buy from India?</h2>
      <ul className="mt-3 space-y-2 text-sm text-slate-700">
        {WHY_INDIA.map((reason) => (
          <li key={reason} className="flex items-center gap-2">
            <CheckCircle2 className="size-4 text-green-600" aria-hidden /> {reason}
          </li>
        ))}
      </ul>
    </Card>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <div>
        {/*
          Small screens: the panel is a sheet (a Radix dialog) opened by the button. Before the scripts run, and
          without them, the button is a link to the panel, which its :target shows in place. Large screens: the
          panel stands beside the list. The panel is rendered once, inline or in the open sheet, so its fields
          (which belong to the search form) are never there twice.
        */}
        {hydrated ? (
          <Button
            variant="outline"
            className="w-full lg:hidden"
            aria-haspopup="dialog"
            aria-expanded={sheetOpen}
            onClick={() => {
              setSheetUsed(true);
              setSheetOpen(true);
            }}
          >
            <SlidersHorizontal className="size-4" aria-hidden /> Show Filters
          </Button>
        ) : (
          <a href={`#${PANEL_ID}`} className={buttonClasses("outline", "md", "w-full lg:hidden")}>
            <SlidersHorizontal className="size-4" aria-hidden /> Show Filters
          </a>
        )}
        {sheetOpen ? null : (
          <aside id={PANEL_ID} className="mt-4 hidden space-y-4 target:block lg:mt-0 lg:block" aria-label="Filters">
            <Card className="space-y-5 p-4">
              <h2 className="font-semibold">Filters</h2>
              {filterFields}
            </Card>
            {whyIndia}
          </aside>
        )}
        {sheetUsed ? (
          <FilterSheet open={sheetOpen} onOpenChange={setSheetOpen}>
            <Card className="space-y-5 p-4">{filterFields}</Card>
            {whyIndia}
          </FilterSheet>
        ) : null}
      </div>

      <div>
        <Form
          ref={filterForm}
          id={formId}
          method="get"
          action={action}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          {hidden.map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <div className="flex-1">
            <Label htmlFor="marketplace-search">Search products</Label>
            <SearchInput
              id="marketplace-search"
              name="q"
              defaultValue={params.q}
              placeholder="Search products, suppliers, or keywords..."
            />
          </div>
          <FilterSelect
            id="marketplace-sort"
            label="Sort by"
            name="sort"
            className="sm:w-52"
            // without a search the default ("Newest First") posts no sort, so a search typed here is sorted by Best
            // Match, not forced to Newest (#41 item 6); with one, every sort is a choice
            defaultValue={sortShown}
            options={
              params.q
                ? [RELEVANCE_SORT, ...PRODUCT_SORTS]
                : PRODUCT_SORTS.map((s) => (s.value === "newest" ? { ...s, value: "" } : s))
            }
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>

        <p className="mt-4 text-sm text-slate-600" aria-live="polite">
          {page > 1 && items.length > 0
            ? // a later page says which of the products it shows (#41 item 6)
              `Showing ${number.format((page - 1) * PRODUCTS_PER_PAGE + 1)}–${number.format((page - 1) * PRODUCTS_PER_PAGE + items.length)} of ${totalText} products`
            : `Showing ${number.format(items.length)} of ${totalText} products`}
        </p>

        {loading ? (
          <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading products">
            {Array.from({ length: 12 }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </div>
        ) : items.length === 0 ? (
          <Card className="mt-4 border-dashed p-12 text-center">
            <PackageSearch className="mx-auto size-10 text-slate-400" aria-hidden />
            <h2 className="mt-3 text-lg font-semibold">No products found</h2>
            <p className="mt-1 text-sm text-slate-600">Try adjusting your search criteria or filters</p>
            <ButtonLink to={clearHref} variant="outline" className="mt-4">
              Clear All Filters
            </ButtonLink>
          </Card>
        ) : (
          <>
            {/* the cards' names are h3: a heading for the list keeps the outline in order (h1, h2, h3) */}
            <h2 id="marketplace-results-heading" className="sr-only">
              Products
            </h2>
            <ProductCardList items={items} signedIn={signedIn} ownProductIds={ownProductIds} />
          </>
        )}
        <Pagination page={page} pageCount={pageCount} search={search} />
        {page > 1 && items.length === 0 ? (
          <p className="mt-4 text-center text-sm">
            <Link to={`?${search.toString()}`} className="text-brand-700 underline">
              Back to the first page
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
