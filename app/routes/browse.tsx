import { categoryNameIn } from "~/i18n/category-names.server";
import { localeOf } from "~/i18n/i18next.server";
import { productIdsOwnedBy } from "~/modules/products/product-owner.server";
import { Link, useNavigation } from "react-router";
import { cn } from "~/components/ui/cn";
import { getSessionUser } from "~/modules/accounts/session.server";
import { MarketplaceProducts, productSearchToUrl } from "~/modules/products/components/marketplace-products";
import { parseProductSearchParams } from "~/modules/products/product-search-params";
import { browseProducts, countMatchingProducts } from "~/modules/products/product-search.server";
import { parseStoreDirectoryParams } from "~/modules/stores/store-directory.schema";
import { browseStores, countStores } from "~/modules/stores/store-directory.server";
import type { Route } from "./+types/browse";
import { appContext } from "~/request-context.server";
import { categoryOptions } from "~/lib/categories";
import { publicPageHeaders } from "~/lib/page-cache-control";
import { lazyPart } from "~/components/ui/lazy-part";

/** Only the Stores tab draws it: the Products tab (the default) does not load its code (route JS budget). */
const StoreDirectory = lazyPart(
  () => import("~/modules/stores/components/store-directory").then((m) => m.StoreDirectory),
  undefined,
  { eager: true },
);

/** The same for every anonymous visitor: a shared cache may keep it (never when signed in: root). */
export const headers = publicPageHeaders;

export function meta() {
  return [
    { title: "Browse Marketplace | Setu" },
    { name: "description", content: "Discover quality products and stores from verified Indian suppliers" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const tab = search.get("tab") === "stores" ? ("stores" as const) : ("products" as const);
  const productParams = parseProductSearchParams(search);
  const storeParams = parseStoreDirectoryParams(search);
  const db = context.get(appContext).runtime.db;
  const [user, products, stores, productCount, storeCount] = await Promise.all([
    getSessionUser(request, context.get(appContext).runtime),
    tab === "products" ? browseProducts(db, productParams) : null,
    tab === "stores" ? browseStores(db, storeParams) : null,
    tab === "stores" ? countMatchingProducts(db, productParams) : null,
    tab === "products" ? countStores(db, storeParams) : null,
  ]);
  return {
    tab,
    categoryOptions: categoryOptions(categoryNameIn(localeOf(context))),
    signedIn: Boolean(user?.profile),
    ownProductIds: products
      ? await productIdsOwnedBy(
          db,
          user,
          products.items.map((p) => p.id),
        )
      : [],
    productParams,
    storeParams,
    products,
    stores,
    productCount: products?.total ?? productCount!,
    storeCount: stores?.total ?? storeCount!,
  };
}

const number = new Intl.NumberFormat("en-US");

export default function Browse({ loaderData }: Route.ComponentProps) {
  const { tab, products, stores, productParams, storeParams, productCount, storeCount, signedIn } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/browse";
  const productKeep = [...productSearchToUrl(productParams)];
  const storeKeep: [string, string][] = [];
  if (storeParams.q) storeKeep.push(["sq", storeParams.q]);
  if (storeParams.category) storeKeep.push(["scategory", storeParams.category]);
  const productsHref = `/browse${storeKeep.length || productKeep.length ? `?${new URLSearchParams([...productKeep, ...storeKeep])}` : ""}`;
  const storesHref = `/browse?${new URLSearchParams([["tab", "stores"], ...productKeep, ...storeKeep])}`;
  const tabClass = (active: boolean) =>
    cn(
      "rounded-md px-4 py-2 text-sm font-medium",
      active ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">Browse Marketplace</h1>
        <p className="mt-1 text-slate-600">Discover quality products and stores from verified Indian suppliers</p>
      </header>
      <nav aria-label="Marketplace tabs" className="mt-6 inline-flex rounded-lg bg-slate-100 p-1">
        <Link
          to={productsHref}
          className={tabClass(tab === "products")}
          aria-current={tab === "products" ? "page" : undefined}
        >
          Products ({number.format(productCount.count)}
          {productCount.capped ? "+" : ""})
        </Link>
        <Link
          to={storesHref}
          className={tabClass(tab === "stores")}
          aria-current={tab === "stores" ? "page" : undefined}
        >
          Stores ({number.format(storeCount)})
        </Link>
      </nav>
      <div className="mt-6">
        {products ? (
          <MarketplaceProducts
            data={{ params: productParams, ...products }}
            action="/browse"
            clearHref="/browse"
            loading={loading}
            signedIn={signedIn}
            ownProductIds={loaderData.ownProductIds}
            hidden={storeKeep}
            categoryOptions={loaderData.categoryOptions}
          />
        ) : stores ? (
          <StoreDirectory
            params={storeParams}
            items={stores.items}
            page={stores.page}
            pageCount={stores.pageCount}
            action="/browse"
            keep={[["tab", "stores"], ...productKeep]}
          />
        ) : null}
      </div>
    </div>
  );
}
