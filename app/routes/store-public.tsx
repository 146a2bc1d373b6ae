import { useTimeZone } from "~/components/layout/use-root-user";
import { ABOUT_TAB_SLUG } from "~/modules/stores/store-tab-slugs";
import { LayoutGrid, List, Search, Share2, Store as StoreIcon, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button, ButtonLink } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Input, Label } from "~/components/ui/field";
import { readFormData } from "~/http/form-data.server";
import { getSessionUser } from "~/modules/accounts/session.server";
import { getPublicStore, toggleFollow } from "~/modules/stores/stores.server";
import { invariantResponse } from "~/lib/page-refusal";
import type { Route } from "./+types/store-public";
import { ResponsiveImage } from "~/modules/uploads/components/responsive-image";
import { appContext } from "~/request-context.server";
import { AuthRequiredDialog } from "~/modules/accounts/components/auth-required-dialog";
import { ContactButton } from "~/modules/messaging/components/contact-button";
import { publicPageHeaders } from "~/lib/page-cache-control";
import { lazyPart } from "~/components/ui/lazy-part";
import type { I18nHandle } from "~/i18n/config";
import { similarSuppliersForStore } from "~/modules/matching/similar-suppliers.server";

/** The reviews, below the store's products: their code loads when a visitor scrolls near them (route JS budget). */
const StoreReviews = lazyPart(
  () => import("~/modules/reviews/components/store-reviews").then((m) => m.StoreReviews),
  undefined,
  { whenVisible: true },
);
/**
 * The store's product cards and banner sections: links, images and two buttons whose code can come just after the
 * page's (the server's HTML stands until then; route JS budget).
 */
const ProductCard = lazyPart(
  () => import("~/modules/stores/components/store-product-card").then((m) => m.StoreProductCard),
  undefined,
  { eager: true },
);
/**
 * The line of facts under the store's name: badges and text, no behaviour. Until its code has come (after a client
 * navigation) the plain counts stand in its place, at its height.
 */
const StoreHeadlineFacts = lazyPart(
  () => import("~/modules/stores/components/store-headline-facts").then((m) => m.StoreHeadlineFacts),
  ({ followerCount, totalProducts }) => (
    <div className="mt-2 flex min-h-6 flex-wrap items-center gap-3 text-sm text-slate-600">
      <span>
        {followerCount} {followerCount === 1 ? "follower" : "followers"}
      </span>
      <span>
        {totalProducts} {totalProducts === 1 ? "product" : "products"}
      </span>
    </div>
  ),
  { eager: true },
);
/** Only the About Us tab draws it: its code is fetched when it is drawn, not with every store page. */
const StoreAbout = lazyPart(() => import("~/modules/stores/components/store-about").then((m) => m.StoreAbout));
const BannerSectionView = lazyPart(
  () => import("~/modules/stores/components/banner-section-view").then((m) => m.BannerSectionView),
  undefined,
  { eager: true },
);
const SimilarSuppliers = lazyPart(() =>
  import("~/modules/matching/components/similar-suppliers").then((m) => m.SimilarSuppliers),
);

/** The same for every anonymous visitor: a shared cache may keep it (never when signed in: root). */
export const headers = publicPageHeaders;

export const handle = { i18n: ["reviews"] } satisfies I18nHandle;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData || !("store" in loaderData)) return [{ title: "Store Not Found | Setu" }];
  const { store, publicUrl } = loaderData;
  const description = (store.tagline || store.description || `${store.name} on Setu: wholesale from India.`).slice(
    0,
    160,
  );
  // the store's own banner or logo, else Setu's brand image, so every shared link has a preview
  const image = store.heroBanner || store.logoUrl || "/og-default.png";
  return [
    { title: `${store.name} | Setu` },
    { name: "description", content: description },
    { property: "og:title", content: store.name },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: `${publicUrl}/stores/${store.id}` },
    { property: "og:image", content: image.startsWith("/") ? `${publicUrl}${image}` : image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await getSessionUser(request, context.get(appContext).runtime);
  const url = new URL(request.url);
  const { db } = context.get(appContext).runtime;
  const [page, similarSuppliers] = await Promise.all([
    getPublicStore(db, params.id, viewer, {
      q: url.searchParams.get("q") ?? "",
      tab: url.searchParams.get("tab") ?? "all",
    }),
    similarSuppliersForStore(db, params.id),
  ]);
  invariantResponse(page, {
    heading: "Store Not Found",
    message: "The store you're looking for doesn't exist or has been removed.",
    link: { to: "/browse?tab=stores", label: "Browse Stores" },
  });
  if (page.store.isOwner) context.get(appContext).ownPage();
  return { ...page, similarSuppliers, signedIn: Boolean(viewer), publicUrl: context.get(appContext).runtime.publicUrl };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await getSessionUser(request, context.get(appContext).runtime);
  if (!viewer)
    return data(
      { ok: false, message: "Please log in to access this feature and start connecting with sellers." },
      { status: 401 },
    );
  await readFormData(request);
  const result = await toggleFollow(context.get(appContext).runtime.db, viewer, params.id);
  return data({ ok: result.ok, message: result.message }, { status: result.ok ? 200 : result.status });
}

const VIEWS = [
  { value: "grid", label: "Grid view", Icon: LayoutGrid },
  { value: "list", label: "List view", Icon: List },
] as const;

export default function StorePublic({ loaderData }: Route.ComponentProps) {
  const [authOpen, setAuthOpen] = useState(false);
  const timeZone = useTimeZone();
  const follow = useFetcher<{ ok: boolean; message: string }>();
  const [view, setView] = useState<"grid" | "list">("grid");
  const [heroFailed, setHeroFailed] = useState(false);
  const [logoFailed, setLogoFailed] = useState(false);
  // a QR scan lands here with ?src=qr (counted by server/view-counting.ts when this page was sent): the tag leaves
  // the address bar, so a link copied from it is no scan
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("src")) return;
    url.searchParams.delete("src");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, []);
  useEffect(() => {
    if (follow.state === "idle" && follow.data) (follow.data.ok ? toast.success : toast.error)(follow.data.message);
  }, [follow.state, follow.data]);

  const { store, products, totalProducts, followers, signedIn, filters, publicUrl } = loaderData;
  const needAuth = () => setAuthOpen(true);
  const following = follow.formData ? !loaderData.following : loaderData.following;
  const followerCount = followers + (follow.formData ? (loaderData.following ? -1 : 1) : 0);
  const searching = filters.q !== "";
  const hasTabs = store.categoryTabs.length > 0;
  const about = !searching && filters.tab === ABOUT_TAB_SLUG;
  // what the product sections above already show is not listed again below them
  const productSections =
    !searching && filters.tab === "all" ? store.sections.filter((section) => section.type === "product-section") : [];
  // each product section's products: its featured ones first when it says so, up to its limit
  const sectionProducts = new Map(
    productSections.map((section) => [
      section.id,
      [...products]
        .sort((a, b) => (section.show_featured ? Number(b.featured) - Number(a.featured) : 0))
        .slice(0, section.product_limit),
    ]),
  );
  const shownInSections = new Set([...sectionProducts.values()].flat().map((p) => p.linkId));
  const listed = products.filter((p) => !shownInSections.has(p.linkId));
  const recommended = "recommended" in loaderData ? loaderData.recommended : [];
  const tabHref = (slug: string) =>
    slug === "all" ? `/stores/${store.id}` : `/stores/${store.id}?tab=${encodeURIComponent(slug)}`;

  async function share() {
    const url = `${publicUrl}/stores/${store.id}`;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: store.name, url });
        return;
      } catch {
        /* cancelled: fall back to copying */
      }
    }
    await navigator.clipboard.writeText(url);
    toast.success("Store link copied to clipboard!");
  }

  return (
    <div style={{ "--store-color": store.primaryColor } as React.CSSProperties}>
      {store.heroBanner && !heroFailed ? (
        <ResponsiveImage
          src={store.heroBanner}
          alt=""
          sizes="100vw"
          widths={[480, 640, 960, 1280, 1600]}
          width={1600}
          height={400}
          priority
          onError={() => setHeroFailed(true)}
          className="aspect-[4/1] max-h-[400px] w-full object-cover"
        />
      ) : null}
      <div className="mx-auto max-w-7xl px-4 py-8">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <Link to="/browse?tab=stores" className="hover:underline">
            Stores
          </Link>{" "}
          / <span className="text-slate-900">{store.name}</span>
        </nav>
        {store.status !== "active" ? (
          <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
            This store is hidden. Only you can see it.
          </p>
        ) : null}

        <header className="mt-4 flex flex-wrap items-start gap-5">
          <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-white">
            {store.logoUrl && !logoFailed ? (
              <ResponsiveImage
                src={store.logoUrl}
                alt={`${store.name} logo`}
                sizes="80px"
                widths={[160, 320]}
                width={80}
                height={80}
                onError={() => setLogoFailed(true)}
                className="h-full w-full object-contain"
              />
            ) : (
              <StoreIcon className="size-10" style={{ color: store.primaryColor }} aria-hidden />
            )}
          </div>
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-bold">{store.name}</h1>
            {store.tagline ? <p className="mt-1 text-slate-600">{store.tagline}</p> : null}
            <StoreHeadlineFacts
              verified={store.verified}
              address={store.address}
              rating={loaderData.rating}
              responseTime={loaderData.responseTime}
              followerCount={followerCount}
              totalProducts={totalProducts}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={share}>
              <Share2 className="size-4" aria-hidden /> Share
            </Button>
            {store.isOwner ? (
              // a seller does not follow its own store: it manages it
              <ButtonLink to={`/stores/${store.id}/manage`} variant="outline">
                Manage Store
              </ButtonLink>
            ) : signedIn ? (
              <follow.Form method="post">
                <Button type="submit" variant={following ? "outline" : "primary"} aria-pressed={following}>
                  <UserPlus className="size-4" aria-hidden /> {following ? "Following" : "Follow"}
                </Button>
              </follow.Form>
            ) : (
              <Button onClick={needAuth}>
                <UserPlus className="size-4" aria-hidden /> Login to Follow
              </Button>
            )}
            {signedIn && !store.isOwner ? (
              <ContactButton subjectType="store" subjectId={store.id} signedIn>
                Contact Seller
              </ContactButton>
            ) : null}
          </div>
        </header>

        {hasTabs ? (
          <div className="mt-8 flex flex-wrap items-end justify-between gap-4 border-b border-slate-200">
            <nav aria-label="Store categories" className="-mb-px flex flex-wrap gap-1">
              {[{ slug: "all", name: "All Products" }, ...store.categoryTabs].map((t) => (
                <Link
                  key={t.slug}
                  to={tabHref(t.slug)}
                  preventScrollReset
                  aria-current={filters.tab === t.slug ? "page" : undefined}
                  className={cn(
                    "border-b-2 px-3 py-2 text-sm font-medium",
                    filters.tab === t.slug
                      ? "border-[var(--store-color)] text-slate-900"
                      : "border-transparent text-slate-600 hover:text-slate-900",
                  )}
                >
                  {t.name}
                </Link>
              ))}
            </nav>
            <Form method="get" role="search" aria-label="Store product search" className="mb-2 flex items-end gap-2">
              {filters.tab !== "all" ? <input type="hidden" name="tab" value={filters.tab} /> : null}
              <div>
                <Label htmlFor="store-search" className="mb-1 text-xs font-normal text-slate-500">
                  Search this store
                </Label>
                <div className="relative">
                  <Search
                    className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
                    aria-hidden
                  />
                  <Input
                    id="store-search"
                    name="q"
                    type="search"
                    defaultValue={filters.q}
                    placeholder="Search products..."
                    className="pl-9"
                  />
                </div>
              </div>
            </Form>
          </div>
        ) : null}

        {!searching && filters.tab === "all"
          ? // a banner section without banners is a blank canvas: the page leaves it out rather than a gap
            store.sections
              .filter((section) => section.type !== "banner-section" || section.banners.length > 0)
              .map((section) =>
                section.type === "banner-section" ? (
                  <div key={section.id} className="mt-8" data-banner-section>
                    <BannerSectionView section={section} />
                  </div>
                ) : (
                  <section key={section.id} className="mt-8" aria-label={section.title}>
                    <h2 className="text-xl font-semibold">{section.title}</h2>
                    <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                      {(sectionProducts.get(section.id) ?? []).map((p) => (
                        <ProductCard
                          key={p.linkId}
                          product={p}
                          view="grid"
                          signedIn={signedIn}
                          own={store.isOwner}
                          onNeedAuth={needAuth}
                        />
                      ))}
                    </div>
                  </section>
                ),
              )
          : null}

        {about ? (
          <StoreAbout store={store} totalProducts={totalProducts} />
        ) : (
          <section className="mt-10" aria-labelledby="store-products-heading">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="store-products-heading" className="text-xl font-semibold">
                {searching
                  ? `Search Results for "${filters.q}"`
                  : shownInSections.size > 0
                    ? "More Products"
                    : "Featured Products"}
                {searching ? (
                  <span className="ml-2 text-sm font-normal text-slate-500">({products.length} items)</span>
                ) : null}
              </h2>
              {/* one of two layouts: native radio buttons (one tab stop, the arrow keys move and choose), each laid
                  over its icon, transparent, so the icon is what is clicked and the radio what is focused */}
              <div role="radiogroup" aria-label="View" className="flex gap-1">
                {VIEWS.map(({ value, label, Icon }) => (
                  <label key={value} className="relative">
                    <input
                      type="radio"
                      name="store-view"
                      value={value}
                      checked={view === value}
                      onChange={() => setView(value)}
                      aria-label={label}
                      className="peer absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                    />
                    <span className="block rounded p-2 peer-checked:bg-slate-100 peer-[:not(:checked):hover]:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600">
                      <Icon className="size-4" aria-hidden />
                    </span>
                  </label>
                ))}
              </div>
            </div>
            {listed.length === 0 && shownInSections.size > 0 ? (
              <p className="mt-4 text-sm text-slate-600">Every product of this store is shown above.</p>
            ) : listed.length === 0 ? (
              <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-10 text-center">
                {searching ? (
                  <>
                    <h3 className="font-semibold">No products match your search</h3>
                    <Link
                      to={tabHref(filters.tab)}
                      className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
                    >
                      Clear Search
                    </Link>
                  </>
                ) : filters.tab !== "all" ? (
                  <>
                    <h3 className="font-semibold">No products in this tab yet</h3>
                    <Link
                      to={tabHref("all")}
                      className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
                    >
                      See all products
                    </Link>
                  </>
                ) : (
                  <h3 className="font-semibold">This store hasn't added any products yet</h3>
                )}
              </div>
            ) : (
              <div className={cn("mt-4 grid gap-4", view === "grid" ? "sm:grid-cols-2 lg:grid-cols-4" : "grid-cols-1")}>
                {listed.map((p) => (
                  <ProductCard
                    key={p.linkId}
                    product={p}
                    view={view}
                    signedIn={signedIn}
                    own={store.isOwner}
                    onNeedAuth={needAuth}
                  />
                ))}
              </div>
            )}
          </section>
        )}
        {!searching ? (
          <StoreReviews
            timeZone={timeZone}
            rating={loaderData.rating}
            reviews={loaderData.reviews}
            supplierName={store.sellerCompany || store.name}
            isOwner={store.isOwner}
          />
        ) : null}
        {!searching && recommended.length > 0 ? (
          <section className="mt-12" aria-labelledby="recommended-heading">
            <h2 id="recommended-heading" className="text-xl font-semibold">
              Recommended for You
            </h2>
            <p className="mt-1 text-sm text-slate-600">From other suppliers of what this store sells.</p>
            <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {recommended.map((p) => (
                <ProductCard
                  key={`rec-${p.linkId}`}
                  product={p}
                  view="grid"
                  signedIn={signedIn}
                  own={store.isOwner}
                  onNeedAuth={needAuth}
                />
              ))}
            </div>
          </section>
        ) : null}
        {!searching ? <SimilarSuppliers suppliers={loaderData.similarSuppliers} className="mt-12" /> : null}
      </div>
      <AuthRequiredDialog open={authOpen} onOpenChange={setAuthOpen} />
    </div>
  );
}
