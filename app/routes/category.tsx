import { productIdsOwnedBy } from "~/modules/products/product-owner.server";
import { PackageOpen } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { resolveCategorySlug } from "~/lib/collections";
import { getSessionUser } from "~/modules/accounts/session.server";
import { MarketplaceProducts } from "~/modules/products/components/marketplace-products";
import { hasProductFilters } from "~/modules/products/product-search.schema";
import { parseProductSearchParams } from "~/modules/products/product-search-params";
import { browseProducts } from "~/modules/products/product-search.server";
import type { Route } from "./+types/category";
import { appContext } from "~/request-context.server";
import { publicPageHeaders } from "~/lib/page-cache-control";

/** The same for every anonymous visitor: a shared cache may keep it (never when signed in: root). */
export const headers = publicPageHeaders;

export function meta({ loaderData: data }: Route.MetaArgs) {
  const label = data?.page.label ?? "Category";
  return [
    { title: `${label} | Wholesale from India | Setu` },
    {
      name: "description",
      content: `Wholesale ${label.toLowerCase()} from verified Indian suppliers: compare prices and MOQs, request quotes.`,
    },
  ];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = resolveCategorySlug(params.slug);
  const search = new URL(request.url).searchParams;
  // a collection (the category strip's) is part of the path, like a category: never a query-string filter
  const productParams = {
    ...parseProductSearchParams(search, page.category ?? undefined),
    collection: page.collection,
  };
  const [user, products] = await Promise.all([
    getSessionUser(request, context.get(appContext).runtime),
    page.listsProducts ? browseProducts(context.get(appContext).runtime.db, productParams) : null,
  ]);
  const ownProductIds = products
    ? await productIdsOwnedBy(
        context.get(appContext).runtime.db,
        user,
        products.items.map((p) => p.id),
      )
    : [];
  return { page, productParams, products, signedIn: Boolean(user?.profile), ownProductIds };
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { page, productParams, products, signedIn } = loaderData;
  const navigation = useNavigation();
  const path = `/category/${page.slug}`;
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to="/categories" className="hover:underline">
          Categories
        </Link>{" "}
        / <span aria-current="page">{page.label}</span>
      </nav>
      <h1 className="mt-2 text-3xl font-bold">{page.label}</h1>
      <p className="mt-1 text-slate-600">{page.blurb}</p>
      <div className="mt-8">
        {/* a collection nothing fits yet (and no filter narrowed it) gets the friendly page, not "try adjusting your filters" */}
        {products && (products.total.count > 0 || hasProductFilters(productParams)) ? (
          <MarketplaceProducts
            data={{ params: productParams, ...products }}
            action={path}
            fixedCategory
            clearHref={path}
            loading={loading}
            signedIn={signedIn}
            ownProductIds={loaderData.ownProductIds}
          />
        ) : (
          <Card className="border-dashed p-12 text-center">
            <PackageOpen className="mx-auto size-10 text-slate-400" aria-hidden />
            <h2 className="mt-3 text-lg font-semibold">No products in {page.label} yet</h2>
            <p className="mt-1 text-sm text-slate-600">
              Suppliers are adding new lines every week. Browse the whole marketplace, or post an RFQ and let suppliers
              come to you.
            </p>
            <div className="mt-5 flex flex-wrap justify-center gap-3">
              <ButtonLink to="/browse">Browse Marketplace</ButtonLink>
              <ButtonLink to="/create-rfq" variant="outline">
                Post an RFQ
              </ButtonLink>
              <ButtonLink to="/categories" variant="outline">
                All Categories
              </ButtonLink>
            </div>
          </Card>
        )}
      </div>
    </div>
  );
}
