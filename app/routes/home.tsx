import { categoryNameIn } from "~/i18n/category-names.server";
import { localeOf } from "~/i18n/i18next.server";
import { Award, Globe, PiggyBank, Search, ShieldCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { HOME_CATEGORY_TILES } from "~/lib/categories";
import { CATEGORY_STRIP } from "~/lib/category-strip";
import { collectionCounts } from "~/modules/products/collection-counts.server";
import { CATEGORY_ICONS } from "~/modules/products/components/category-icons";
import { productCountLabel } from "~/modules/products/components/product-count";
import { ProductCardSkeleton } from "~/modules/products/components/product-card-skeleton";
import { lazyPart } from "~/components/ui/lazy-part";
import { formatMoney } from "~/lib/money";
import { featuredProducts } from "~/modules/stores/featured-products.server";
import { marketplaceFigures, type MarketplaceFigures } from "~/modules/products/marketplace-figures.server";
import { FEATURED_PRODUCTS_LIMIT } from "~/modules/products/products.schema";
import { logger } from "~/logger.server";
import { useRootUser } from "~/components/layout/use-root-user";
import type { Route } from "./+types/home";
import { appContext } from "~/request-context.server";
import { publicPageHeaders } from "~/lib/page-cache-control";

/**
 * The featured products, below the hero and the categories and without behaviour of their own: the cards' code
 * (card, badges, money, icons) loads after the page's (route JS budget); the server renders them as usual.
 */
const ProductGrid = lazyPart(
  () => import("~/modules/products/components/product-grid").then((m) => m.ProductGrid),
  () => <FeaturedSkeletons />,
  { eager: true },
);

function FeaturedSkeletons() {
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {Array.from({ length: FEATURED_PRODUCTS_LIMIT }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}

/** The same for every anonymous visitor: a shared cache may keep it (never when signed in: root). */
export const headers = publicPageHeaders;

export function meta() {
  return [
    { title: "Setu | Wholesale from Indian Suppliers to US Businesses" },
    {
      name: "description",
      content:
        "Source wholesale products directly from verified Indian suppliers. Compare quotes, post RFQs and order with confidence.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext).runtime;
  const [featured, figures, collections] = await Promise.all([
    featuredProducts(db).catch((error: unknown) => {
      // Spec §8: a failed home products fetch is only logged and the empty state shows.
      logger.error({ err: error, requestId: context.get(appContext).requestId }, "failed to load featured products");
      return [];
    }),
    marketplaceFigures(db).catch((error: unknown) => {
      logger.error({ err: error, requestId: context.get(appContext).requestId }, "failed to count the marketplace");
      return null;
    }),
    collectionCounts(db).catch((error: unknown) => {
      logger.error({ err: error, requestId: context.get(appContext).requestId }, "failed to count the collections");
      return null;
    }),
  ]);
  // the tiles as data: the page's code does not carry the category tree (route JS budget)
  const categoryName = categoryNameIn(localeOf(context));
  return {
    featured,
    figures,
    collections,
    categoryTiles: HOME_CATEGORY_TILES.map((tile) => ({ ...tile, label: categoryName(tile.slug) })),
  };
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** The marketplace's true figures (the spec's 25K+, 50K+, 5K+ and $2B+ were claims: decision record 0023). */
function statsOf(figures: MarketplaceFigures) {
  return [
    { value: compact.format(figures.verifiedSuppliers), label: "Verified Suppliers" },
    { value: compact.format(figures.activeProducts), label: "Products" },
    { value: compact.format(figures.buyers), label: "Buyers" },
    { value: formatMoney(figures.orderValueCents, "USD", { compact: true }), label: "Ordered on Setu" },
  ];
}

function productCount(n: number) {
  return `${n.toLocaleString("en-US")} ${n === 1 ? "product" : "products"}`;
}

const WHY = [
  {
    icon: ShieldCheck,
    title: "Verified Suppliers",
    text: "Every supplier is checked before they earn the Verified badge: business registration, export licences and references.",
  },
  {
    icon: Globe,
    title: "International Shipping",
    text: "Suppliers quote from Indian ports to your US door under stated delivery terms, so you see who pays freight, duty and customs before you accept.",
  },
  {
    icon: PiggyBank,
    title: "Cost Savings",
    text: "Buy at source. Compare sealed quotes from several suppliers and save 30-50% on wholesale costs.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const user = useRootUser();
  const navigation = useNavigation();
  const loadingHome = navigation.state === "loading" && navigation.location.pathname === "/";
  const { featured, figures, collections, categoryTiles } = loaderData;
  // the strip's collections that list something ('Featured' and 'New' are the whole catalogue's, shown below)
  const shopCollections = collections
    ? CATEGORY_STRIP.filter((c) => c.slug !== "featured" && c.slug !== "new" && collections[c.slug].count > 0)
    : [];

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            {/* no claim the marketplace cannot back (record 0023): what it is, not how it ranks */}
            Wholesale from India to US businesses
          </p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Source directly from verified Indian suppliers
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
            Wholesale products, sealed quotes and trusted trade between India and the USA.
          </p>
          <Form
            method="get"
            action="/browse"
            role="search"
            aria-label="Product search"
            className="mx-auto mt-8 flex max-w-xl gap-2"
          >
            <label htmlFor="hero-search" className="sr-only">
              Search products or suppliers
            </label>
            <div className="relative flex-1">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400"
                aria-hidden
              />
              <input
                id="hero-search"
                name="q"
                type="search"
                placeholder="What are you sourcing today?"
                className="h-12 w-full rounded-md border border-slate-300 bg-white pl-10 pr-3 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
              />
            </div>
            <button
              type="submit"
              className="h-12 rounded-md bg-brand-600 px-6 font-medium text-white hover:bg-brand-700"
            >
              Search
            </button>
          </Form>
          {figures ? (
            <dl className="mx-auto mt-12 grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4">
              {statsOf(figures).map((stat) => (
                <div key={stat.label} className="rounded-lg border border-slate-200 bg-white p-4">
                  <dt className="text-sm text-slate-600">{stat.label}</dt>
                  <dd className="mt-1 text-2xl font-bold text-slate-900">{stat.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="text-2xl font-bold">
          Shop by Category
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {categoryTiles.map((tile) => {
            const Icon = CATEGORY_ICONS[tile.slug];
            return (
              <li key={tile.slug}>
                <Link
                  to={`/category/${tile.slug}`}
                  className="flex h-full flex-col items-center rounded-lg border border-slate-200 bg-white p-5 text-center transition hover:border-brand-500 hover:shadow-sm"
                >
                  <Icon className="size-8 text-brand-600" aria-hidden />
                  <span className="mt-3 font-semibold text-slate-900">{tile.label}</span>
                  {figures ? (
                    <span className="mt-1 text-xs text-slate-500">
                      {productCount(figures.productsByCategory[tile.slug] ?? 0)}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
        {shopCollections.length > 0 && collections ? (
          <>
            <h3 id="collections-heading" className="mt-8 text-sm font-semibold uppercase tracking-wide text-slate-500">
              Collections
            </h3>
            <ul className="mt-3 flex flex-wrap gap-2" aria-labelledby="collections-heading">
              {shopCollections.map((c) => (
                <li key={c.slug}>
                  <Link
                    to={`/category/${c.slug}`}
                    className="inline-flex items-baseline gap-2 rounded-full border border-slate-200 bg-white px-4 py-1.5 text-sm font-medium text-slate-800 transition hover:border-brand-500"
                  >
                    {c.label}
                    <span className="text-xs font-normal tabular-nums text-slate-500">
                      {productCountLabel(collections[c.slug])}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section className="bg-slate-50" aria-labelledby="featured-heading">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <div className="flex items-end justify-between gap-4">
            <h2 id="featured-heading" className="text-2xl font-bold">
              Featured Products
            </h2>
            <Link to="/browse" className="text-sm font-medium text-brand-700 hover:underline">
              View all products
            </Link>
          </div>
          {loadingHome ? (
            <FeaturedSkeletons />
          ) : featured.length === 0 ? (
            <div className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-12 text-center">
              <h3 className="text-lg font-semibold">No Products Yet</h3>
              <p className="mt-2 text-sm text-slate-600">Suppliers are adding their catalogues. Check back soon.</p>
            </div>
          ) : (
            <ProductGrid products={featured} />
          )}
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="why-heading">
        <h2 id="why-heading" className="text-center text-2xl font-bold">
          Why Choose Setu?
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {WHY.map((item) => (
            <div key={item.title} className="rounded-lg border border-slate-200 p-6">
              <item.icon className="size-8 text-brand-600" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{item.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="bg-slate-900 text-white" aria-labelledby="cta-heading">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center">
          <Award className="mx-auto size-10 text-amber-400" aria-hidden />
          <h2 id="cta-heading" className="mt-4 text-3xl font-bold">
            Ready to grow your wholesale business?
          </h2>
          <p className="mt-3 text-slate-300">
            Join the suppliers and buyers trading between India and the USA on Setu.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {user ? (
              <Link to="/dashboard" className={buttonClasses("primary", "lg")}>
                Go to Dashboard
              </Link>
            ) : (
              <>
                <Link to="/auth?tab=signup&role=seller" className={buttonClasses("primary", "lg")}>
                  Start Selling to USA
                </Link>
                <Link to="/auth?tab=signup" className={buttonClasses("outline", "lg")}>
                  Find Indian Suppliers
                </Link>
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
