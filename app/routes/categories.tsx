import { useCategoryName } from "~/i18n/use-category-name";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { PRODUCT_CATEGORIES } from "~/lib/categories";
import { CATEGORY_STRIP } from "~/lib/category-strip";
import { marketplaceFigures } from "~/modules/products/marketplace-figures.server";
import { collectionCounts } from "~/modules/products/collection-counts.server";
import { CATEGORY_ICONS } from "~/modules/products/components/category-icons";
import { productCountLabel } from "~/modules/products/components/product-count";
import type { Route } from "./+types/categories";
import { appContext } from "~/request-context.server";
import { publicPageHeaders } from "~/lib/page-cache-control";

/** The same for every anonymous visitor: a shared cache may keep it (never when signed in: root). */
export const headers = publicPageHeaders;

export function meta() {
  return [
    { title: "Product Categories | Setu" },
    {
      name: "description",
      content: "Browse wholesale products from verified Indian suppliers by category, with live product counts.",
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext).runtime;
  // the same figures as the home page's tiles, so the two never disagree
  const [figures, collections] = await Promise.all([marketplaceFigures(db), collectionCounts(db)]);
  return { counts: figures.productsByCategory, collections };
}

const number = new Intl.NumberFormat("en-US");

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { counts, collections } = loaderData;
  const categoryName = useCategoryName();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Product Categories</h1>
      <p className="mt-1 text-slate-600">Wholesale products from verified Indian suppliers, by category.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PRODUCT_CATEGORIES.map((c) => {
          const Icon = CATEGORY_ICONS[c.value];
          const n = counts[c.value] ?? 0;
          return (
            <li key={c.value}>
              <Link
                to={`/category/${c.value}`}
                className="block h-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <Card className="flex h-full items-center gap-4 p-5 transition hover:border-brand-300 hover:shadow-sm">
                  <span className="flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <span>
                    <span className="block text-lg font-semibold">{categoryName(c.value)}</span>
                    <span className="text-sm tabular-nums text-slate-600">
                      {number.format(n)} {n === 1 ? "product" : "products"}
                    </span>
                  </span>
                </Card>
              </Link>
            </li>
          );
        })}
      </ul>
      <h2 id="collections-heading" className="mt-12 text-xl font-semibold">
        Collections
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2" aria-labelledby="collections-heading">
        {CATEGORY_STRIP.map((c) => (
          <li key={c.slug}>
            <Link
              to={`/category/${c.slug}`}
              className="inline-flex items-baseline gap-2 rounded-full border border-slate-300 px-4 py-1.5 text-sm hover:bg-slate-50"
            >
              {c.label}
              <span className="text-xs tabular-nums text-slate-500">{productCountLabel(collections[c.slug])}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
