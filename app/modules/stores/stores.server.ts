import type { CommandResult } from "~/lib/command-result";
import { productIdsOwnedBy } from "~/modules/products/product-owner.server";
import { storeOwnedBy } from "~/modules/stores/store-owner.server";
import { and, asc, count, desc, eq, ilike, max, notInArray, or, sql } from "drizzle-orm";
import { listSupplierReviews, supplierRatings } from "~/modules/reviews/reviews.server";
import type { RatingBadge } from "~/modules/reviews/reviews.schema";
import { supplierResponseTime, supplierResponseTimes } from "~/modules/messaging/response-time.server";
import type { Db } from "~/db/client.server";
import { companyNameOf, verificationOf } from "~/modules/accounts/profiles.server";
import { storeFollowers, storeProducts, stores } from "~/db/schema/stores";
import type { Actor, SessionUser } from "~/modules/accounts/accounts.schema";
import { likePattern } from "~/db/sql-helpers";
import {
  defaultCategoryTabs,
  parseStoredSections,
  parseStoredTabs,
  type StoreDesign,
  type CategoryTab,
} from "./store-design.schema";
import { qrFileName, type StoreCardData, type StoreDetailsInput } from "./store-form.schema";
import { qrDataUrl, qrPng, storeQrUrl, storeQrUrlAround } from "./qr.server";
import { isUuid } from "~/lib/uuid";
import {
  cardColumnsOf,
  categoriesOfProducts,
  ownProductsExcept,
  productRows,
} from "~/modules/products/product-card.server";
import { overActionLimit } from "~/modules/accounts/attempt-limiter.server";

export type StoreResult<T = undefined> = CommandResult<T>;

const notFound = { ok: false as const, status: 404, message: "Store not found", fieldErrors: {} };

/**
 * The seller's own stores, newest first. A stored QR code that encodes another address than the store's QR address
 * (one made before scans were tagged with ?src=qr, or under another public URL) is shown made again, so the
 * thumbnail shows what the download gives; reading never writes (the `store-qr-refresh` job saves it, refreshStoreQrCodes).
 */
export async function listOwnStores(db: Db, actor: SessionUser, publicUrl: string): Promise<StoreCardData[]> {
  const rows = await db
    .select({
      id: stores.id,
      name: stores.name,
      description: stores.description,
      phone: stores.phone,
      email: stores.email,
      website: stores.website,
      categories: stores.categories,
      verificationStatus: stores.verificationStatus,
      status: stores.status,
      qrCodeData: stores.qrCodeData,
      qrCodeUrl: stores.qrCodeUrl,
      createdAt: stores.createdAt,
    })
    .from(stores)
    .where(storeOwnedBy(actor))
    .orderBy(desc(stores.createdAt))
    .limit(100);
  return Promise.all(
    rows.map(async ({ qrCodeUrl, ...r }) => {
      const wanted = storeQrUrl(publicUrl, r.id);
      const qrCodeData = r.qrCodeData && qrCodeUrl !== wanted ? await qrDataUrl(wanted) : r.qrCodeData;
      return { ...r, qrCodeData, hasQr: Boolean(qrCodeData), createdAt: r.createdAt.toISOString() };
    }),
  );
}

function detailsToColumns(d: StoreDetailsInput) {
  return {
    name: d.name,
    description: d.description,
    phone: d.phone,
    email: d.email,
    website: d.website,
    address: {
      street: d.street ?? undefined,
      city: d.city ?? undefined,
      state: d.state ?? undefined,
      zipCode: d.zipCode ?? undefined,
      country: d.country,
    },
    categories: d.categories,
    businessHours: d.businessHours,
    yearFounded: d.yearFounded,
    certifications: d.certifications,
    productionCapacity: d.productionCapacity,
  };
}

/** Creates a store (sellers only; `details`: the form read by storeDetailsSchema) and its QR code in one transaction. */
export async function createStore(
  db: Db,
  actor: Actor,
  details: StoreDetailsInput,
  publicUrl: string,
): Promise<StoreResult<{ id: string }>> {
  if (!actor.profile.isSeller)
    return { ok: false, status: 403, message: "Only seller accounts can create stores", fieldErrors: {} };
  const limited = await overActionLimit(db, "store", actor.id);
  if (limited) return { ok: false, status: 429, message: limited, fieldErrors: {} };
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stores)
      .values({
        sellerId: actor.id,
        ...detailsToColumns(details),
        verificationStatus: actor.profile.verificationStatus === "verified" ? "verified" : "pending",
        categoryTabs: defaultCategoryTabs(details.categories),
        sections: [],
      })
      .returning({ id: stores.id });
    const qrCodeUrl = storeQrUrl(publicUrl, row!.id);
    await tx
      .update(stores)
      .set({ qrCodeData: await qrDataUrl(qrCodeUrl), qrCodeUrl })
      .where(eq(stores.id, row!.id));
    return row!.id;
  });
  return { ok: true, message: "Store created successfully!", value: { id } };
}

/** Generates (or regenerates) a store's QR code. Owner only. */
export async function generateStoreQr(
  db: Db,
  actor: SessionUser,
  storeId: string,
  publicUrl: string,
): Promise<StoreResult> {
  if (!isUuid(storeId)) return notFound;
  const saved = await saveStoreQr(db, actor, storeId, storeQrUrl(publicUrl, storeId));
  if (saved === null) return notFound;
  return { ok: true, message: "QR code generated successfully!", value: undefined };
}

/**
 * Makes again, and saves, every stored QR code that encodes another address than its store's QR address under
 * `publicUrl` (codes made before scans were tagged, or before the site moved): the job each instance queues as it
 * starts. A batch at a time; answers how many it made.
 */
export async function refreshStoreQrCodes(db: Db, publicUrl: string, batch = 100): Promise<number> {
  const { before, after } = storeQrUrlAround(publicUrl);
  let made = 0;
  for (;;) {
    const stale = await db
      .select({ id: stores.id })
      .from(stores)
      .where(
        and(
          sql`${stores.qrCodeData} is not null`,
          sql`${stores.qrCodeUrl} is distinct from ${before} || ${stores.id}::text || ${after}`,
        ),
      )
      .orderBy(stores.id)
      .limit(batch);
    for (const { id } of stale) {
      const url = storeQrUrl(publicUrl, id);
      await db
        .update(stores)
        .set({ qrCodeData: await qrDataUrl(url), qrCodeUrl: url })
        .where(eq(stores.id, id));
    }
    made += stale.length;
    if (stale.length < batch) return made;
  }
}

/** Makes the store's QR code for `url` and stores it with the address it encodes; null when the store is not the actor's. */
async function saveStoreQr(db: Db, actor: SessionUser, storeId: string, url: string): Promise<string | null> {
  const qrCodeData = await qrDataUrl(url);
  const updated = await db
    .update(stores)
    .set({ qrCodeData, qrCodeUrl: url, updatedAt: new Date() })
    .where(storeOwnedBy(actor, storeId))
    .returning({ id: stores.id });
  return updated.length ? qrCodeData : null;
}

/** The QR code PNG to download, generated on the fly (codes stored before scans were counted lack the scan's tag). Owner only. */
export async function storeQrDownload(
  db: Db,
  actor: SessionUser,
  storeId: string,
  publicUrl: string,
): Promise<{ fileName: string; png: Buffer } | null> {
  if (!isUuid(storeId)) return null;
  const [row] = await db.select({ name: stores.name }).from(stores).where(storeOwnedBy(actor, storeId)).limit(1);
  if (!row) return null;
  const png = await qrPng(storeQrUrl(publicUrl, storeId));
  return { fileName: qrFileName(row.name), png };
}

export type PublicStoreProduct = {
  linkId: string;
  id: string;
  name: string;
  description: string;
  category: string;
  priceMinCents: number;
  priceMaxCents: number;
  minimumOrderQuantity: number;
  unit: string;
  images: string[];
  featured: boolean;
  categoryTab: string;
  displayOrder: number;
  /** "Usually replies within N hours": the store's supplier's (every product of a store is its own), or null */
  supplierReplyHours: number | null;
  /** the supplier's average rating and review count, or null before its first review */
  supplierRating: RatingBadge | null;
  /** the product's supplier is verified (the store's own, or another seller's on "Recommended for You") */
  supplierVerified: boolean;
};

/** A store's shelf row: the link's columns and the product's card (products' productRows). */
function storeProductColumns(products: ReturnType<typeof productRows>) {
  return {
    linkId: storeProducts.id,
    ...cardColumnsOf(products),
    featured: storeProducts.featured,
    categoryTab: storeProducts.categoryTab,
    displayOrder: storeProducts.displayOrder,
  };
}

const PUBLIC_STORE_PRODUCT_LIMIT = 200;

/**
 * A store's public page: the store with its owner's verification, its active products in display
 * order (filtered by tab and text in the database), the real follower count and whether the viewer follows.
 */
export async function getPublicStore(
  db: Db,
  storeId: string,
  viewer: SessionUser | null,
  filters: { q?: string; tab?: string } = {},
) {
  if (!isUuid(storeId)) return null;
  const [store] = await db
    .select({
      store: stores,
      sellerVerification: verificationOf(stores.sellerId),
      sellerCompany: companyNameOf(stores.sellerId),
    })
    .from(stores)
    .where(and(eq(stores.id, storeId), or(eq(stores.status, "active"), viewer ? storeOwnedBy(viewer) : sql`false`)))
    .limit(1);
  if (!store) return null;
  const q = (filters.q ?? "").trim().slice(0, 100);
  const tab = filters.tab && filters.tab !== "all" ? filters.tab : null;
  const products = productRows(db);
  const conditions = [eq(storeProducts.storeId, storeId), eq(products.status, "active")];
  if (tab) conditions.push(eq(storeProducts.categoryTab, tab));
  if (q) conditions.push(or(ilike(products.name, likePattern(q)), ilike(products.description, likePattern(q)))!);
  const [items, [total], [followers], following, responseTime, recommended, ratings, reviews] = await Promise.all([
    db
      .select(storeProductColumns(products))
      .from(storeProducts)
      .innerJoin(products, eq(products.id, storeProducts.productId))
      .where(and(...conditions))
      .orderBy(asc(storeProducts.displayOrder), asc(storeProducts.createdAt))
      .limit(PUBLIC_STORE_PRODUCT_LIMIT),
    db
      .select({ n: count() })
      .from(storeProducts)
      .innerJoin(products, eq(products.id, storeProducts.productId))
      .where(and(eq(storeProducts.storeId, storeId), eq(products.status, "active"))),
    db.select({ n: count() }).from(storeFollowers).where(eq(storeFollowers.storeId, storeId)),
    viewer
      ? db
          .select({ userId: storeFollowers.userId })
          .from(storeFollowers)
          .where(and(eq(storeFollowers.storeId, storeId), eq(storeFollowers.userId, viewer.id)))
          .limit(1)
      : Promise.resolve([]),
    supplierResponseTime(db, store.store.sellerId),
    recommendedFromOtherSellers(db, store.store.sellerId, storeId),
    supplierRatings(db, [store.store.sellerId]),
    listSupplierReviews(db, store.store.sellerId),
  ]);
  const rating = ratings.get(store.store.sellerId) ?? null;
  const ratingBadge = rating ? { average: rating.average, count: rating.count } : null;
  const s = store.store;
  return {
    store: {
      id: s.id,
      name: s.name,
      description: s.description,
      tagline: s.tagline,
      phone: s.phone,
      email: s.email,
      website: s.website,
      address: s.address,
      categories: s.categories,
      heroBanner: s.heroBanner,
      logoUrl: s.logoUrl,
      primaryColor: s.primaryColor,
      status: s.status,
      sections: parseStoredSections(s.sections),
      categoryTabs: parseStoredTabs(s.categoryTabs),
      verified: store.sellerVerification === "verified",
      isOwner: viewer?.id === s.sellerId,
      businessHours: s.businessHours,
      yearFounded: s.yearFounded,
      certifications: s.certifications,
      productionCapacity: s.productionCapacity,
      sellerCompany: store.sellerCompany,
      /** the pictures the seller put on the store: its hero and its banners */
      photos: [
        s.heroBanner,
        ...parseStoredSections(s.sections).flatMap((section) =>
          section.type === "banner-section" ? section.banners.map((b) => b.image_url) : [],
        ),
      ]
        .filter((url): url is string => Boolean(url))
        .slice(0, 6),
    },
    recommended,
    // the supplier's figure, computed once for the page, on each of its cards
    products: items.map((item): PublicStoreProduct => ({
      ...item,
      supplierReplyHours: responseTime?.hours ?? null,
      supplierRating: ratingBadge,
      supplierVerified: store.sellerVerification === "verified",
    })),
    totalProducts: total?.n ?? 0,
    followers: followers?.n ?? 0,
    following: following.length > 0,
    /** "Usually replies within N hours", once the supplier has answered enough conversations */
    responseTime,
    /** the supplier's ratings (null before its first review) and its newest reviews with their replies */
    rating,
    reviews,
    filters: { q, tab: tab ?? "all" },
  };
}

export const RECOMMENDED_LIMIT = 6;

/**
 * "Recommended for You" on a store page: other sellers' active products in the categories this store sells,
 * verified sellers first, newest first; never the store's own (shown above it already). One statement.
 */
async function recommendedFromOtherSellers(db: Db, sellerId: string, storeId: string) {
  const products = productRows(db);
  const sellerVerification = verificationOf(products.sellerId);
  const rows = await db
    .select({ ...cardColumnsOf(products), sellerId: products.sellerId, sellerVerification })
    .from(products)
    .where(
      and(
        eq(products.status, "active"),
        sql`${products.sellerId} <> ${sellerId}`,
        sql`${products.category} in ${categoriesOfProducts(sql`select ${storeProducts.productId} from ${storeProducts} where ${storeProducts.storeId} = ${storeId}`)}`,
      ),
    )
    .orderBy(sql`${sellerVerification} = 'verified' desc`, desc(products.createdAt), desc(products.id))
    .limit(RECOMMENDED_LIMIT);
  // their suppliers' reply times in one more statement, whatever the number of cards
  const [replyTimes, ratings] = await Promise.all([
    supplierResponseTimes(
      db,
      rows.map((r) => r.sellerId),
    ),
    supplierRatings(
      db,
      rows.map((r) => r.sellerId),
    ),
  ]);
  return rows.map(({ sellerId: rowSeller, sellerVerification, ...r }): PublicStoreProduct => {
    const rating = ratings.get(rowSeller);
    return {
      ...r,
      linkId: r.id,
      featured: false,
      categoryTab: "all",
      displayOrder: 0,
      supplierReplyHours: replyTimes.get(rowSeller)?.hours ?? null,
      supplierRating: rating ? { average: rating.average, count: rating.count } : null,
      supplierVerified: sellerVerification === "verified",
    };
  });
}

/** Follows or unfollows an active store; returns the new state. */
export async function toggleFollow(
  db: Db,
  actor: SessionUser,
  storeId: string,
): Promise<StoreResult<{ following: boolean }>> {
  if (!isUuid(storeId)) return notFound;
  const [store] = await db
    .select({ id: stores.id, sellerId: stores.sellerId })
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.status, "active")))
    .limit(1);
  if (!store) return notFound;
  if (store.sellerId === actor.id)
    return { ok: false, status: 403, message: "You cannot follow your own store", fieldErrors: {} };
  const removed = await db
    .delete(storeFollowers)
    .where(and(eq(storeFollowers.storeId, storeId), eq(storeFollowers.userId, actor.id)))
    .returning({ storeId: storeFollowers.storeId });
  if (removed.length > 0) return { ok: true, message: "You unfollowed this store", value: { following: false } };
  await db.insert(storeFollowers).values({ storeId, userId: actor.id }).onConflictDoNothing();
  return { ok: true, message: "You are now following this store", value: { following: true } };
}

/** A store for its owner's management page: anyone else gets null (shown as 404). */
export async function getManagedStore(db: Db, actor: SessionUser, storeId: string) {
  if (!isUuid(storeId)) return null;
  const [s] = await db.select().from(stores).where(storeOwnedBy(actor, storeId)).limit(1);
  if (!s) return null;
  const products = productRows(db);
  const linked = await db
    .select({
      ...storeProductColumns(products),
      status: products.status,
      subcategory: products.subcategory,
      tags: products.tags,
    })
    .from(storeProducts)
    .innerJoin(products, eq(products.id, storeProducts.productId))
    .where(eq(storeProducts.storeId, storeId))
    .orderBy(asc(storeProducts.displayOrder), asc(storeProducts.createdAt));
  const linkedIds = linked.map((p) => p.id);
  const available = await ownProductsExcept(db, actor, linkedIds, 500);
  return {
    store: {
      id: s.id,
      name: s.name,
      description: s.description ?? "",
      tagline: s.tagline ?? "",
      phone: s.phone ?? "",
      email: s.email ?? "",
      website: s.website ?? "",
      address: s.address,
      categories: s.categories,
      businessHours: s.businessHours,
      yearFounded: s.yearFounded,
      certifications: s.certifications,
      productionCapacity: s.productionCapacity ?? "",
      verificationStatus: s.verificationStatus,
      status: s.status,
      heroBanner: s.heroBanner ?? "",
      logoUrl: s.logoUrl ?? "",
      bannerUrl: s.bannerUrl ?? "",
      primaryColor: s.primaryColor,
      sections: parseStoredSections(s.sections),
      categoryTabs: parseStoredTabs(s.categoryTabs),
      storeLayout: s.storeLayout,
    },
    products: linked,
    available,
  };
}

/** Whether the store is the actor's own (false for a malformed id). */
export async function ownsStore(db: Db, actor: { id: string }, storeId: string): Promise<boolean> {
  if (!isUuid(storeId)) return false;
  const [row] = await db.select({ id: stores.id }).from(stores).where(storeOwnedBy(actor, storeId)).limit(1);
  return Boolean(row);
}

/** Adds the seller's own products to its own store, after the current last position. */
export async function addProductsToStore(
  db: Db,
  actor: SessionUser,
  storeId: string,
  productIds: string[],
): Promise<StoreResult<{ added: number }>> {
  const ids = [...new Set(productIds)].filter((id) => isUuid(id)).slice(0, 200);
  if (ids.length === 0) return { ok: false, status: 400, message: "Select at least one product", fieldErrors: {} };
  return db.transaction(async (tx) => {
    if (!(await ownsStore(tx, actor, storeId))) return notFound;
    const own = await productIdsOwnedBy(tx, actor, ids);
    if (own.length !== ids.length)
      return {
        ok: false as const,
        status: 403,
        message: "You can only add your own products to your store",
        fieldErrors: {},
      };
    const [{ top } = { top: null }] = await tx
      .select({ top: max(storeProducts.displayOrder) })
      .from(storeProducts)
      .where(eq(storeProducts.storeId, storeId));
    const start = (top ?? -1) + 1;
    const inserted = await tx
      .insert(storeProducts)
      .values(
        ids.map((productId, i) => ({
          storeId,
          productId,
          featured: false,
          displayOrder: start + i,
          categoryTab: "all",
        })),
      )
      .onConflictDoNothing()
      .returning({ id: storeProducts.id });
    return { ok: true as const, message: "Products added to store successfully!", value: { added: inserted.length } };
  });
}

async function ownedLink(db: Db, actor: SessionUser, linkId: string) {
  if (!isUuid(linkId)) return null;
  const [row] = await db
    .select({
      id: storeProducts.id,
      featured: storeProducts.featured,
      storeId: storeProducts.storeId,
      tabs: stores.categoryTabs,
    })
    .from(storeProducts)
    .innerJoin(stores, eq(stores.id, storeProducts.storeId))
    .where(and(eq(storeProducts.id, linkId), storeOwnedBy(actor)))
    .limit(1);
  return row ?? null;
}

export async function toggleFeatured(db: Db, actor: SessionUser, linkId: string): Promise<StoreResult> {
  const link = await ownedLink(db, actor, linkId);
  if (!link) return { ok: false, status: 404, message: "Product not found in your store", fieldErrors: {} };
  await db.update(storeProducts).set({ featured: !link.featured }).where(eq(storeProducts.id, link.id));
  return { ok: true, message: link.featured ? "Product unfeatured" : "Product featured", value: undefined };
}

export async function setProductTab(db: Db, actor: SessionUser, linkId: string, tab: string): Promise<StoreResult> {
  const link = await ownedLink(db, actor, linkId);
  if (!link) return { ok: false, status: 404, message: "Product not found in your store", fieldErrors: {} };
  const slugs = new Set(["all", ...parseStoredTabs(link.tabs).map((t) => t.slug)]);
  if (!slugs.has(tab)) return { ok: false, status: 400, message: "Unknown category tab", fieldErrors: {} };
  await db.update(storeProducts).set({ categoryTab: tab }).where(eq(storeProducts.id, link.id));
  return { ok: true, message: "Product tab updated", value: undefined };
}

export async function removeStoreProduct(db: Db, actor: SessionUser, linkId: string): Promise<StoreResult> {
  const link = await ownedLink(db, actor, linkId);
  if (!link) return { ok: false, status: 404, message: "Product not found in your store", fieldErrors: {} };
  await db.delete(storeProducts).where(eq(storeProducts.id, link.id));
  return { ok: true, message: "Product removed from store", value: undefined };
}

/** Settings tab: the store's details (read by storeDetailsSchema) and its status (active or hidden). */
export async function updateStoreSettings(
  db: Db,
  actor: SessionUser,
  storeId: string,
  details: StoreDetailsInput,
  status: "active" | "hidden",
): Promise<StoreResult> {
  if (!isUuid(storeId)) return notFound;
  const updated = await db
    .update(stores)
    .set({ ...detailsToColumns(details), status, updatedAt: new Date() })
    .where(storeOwnedBy(actor, storeId))
    .returning({ id: stores.id });
  if (updated.length === 0) return notFound;
  return { ok: true, message: "Store settings saved", value: undefined };
}

/** Settings tab: the category tabs (add, rename, reorder, delete), sent as JSON. */
export async function saveCategoryTabs(
  db: Db,
  actor: SessionUser,
  storeId: string,
  categoryTabs: CategoryTab[],
): Promise<StoreResult> {
  if (!isUuid(storeId)) return notFound;
  const slugs = categoryTabs.map((t) => t.slug);
  const tabs = categoryTabs.map((t, i) => ({ ...t, order: i }));
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(stores)
      .set({ categoryTabs: tabs, updatedAt: new Date() })
      .where(storeOwnedBy(actor, storeId))
      .returning({ id: stores.id });
    if (updated.length === 0) return notFound;
    // products on a deleted tab go back to "all"
    await tx
      .update(storeProducts)
      .set({ categoryTab: "all" })
      .where(
        and(
          eq(storeProducts.storeId, storeId),
          slugs.length
            ? notInArray(storeProducts.categoryTab, ["all", ...slugs])
            : sql`${storeProducts.categoryTab} <> 'all'`,
        ),
      );
    return { ok: true as const, message: "Category tabs saved", value: undefined };
  });
}

/**
 * The visual editor's save: the whole design, validated against the schema, scoped to the owner.
 * It never writes the description or the category tabs: the Settings tab owns those (saveCategoryTabs
 * validates them and re-tags products), so a design saved from an older copy cannot revert them.
 */
export async function saveStoreDesign(
  db: Db,
  actor: SessionUser,
  storeId: string,
  design: StoreDesign,
): Promise<StoreResult> {
  if (!isUuid(storeId)) return notFound;
  const updated = await db
    .update(stores)
    .set({
      name: design.name,
      tagline: design.tagline || null,
      primaryColor: design.primary_color,
      heroBanner: design.hero_banner || null,
      logoUrl: design.logo_url || null,
      bannerUrl: design.banner_url || null,
      sections: design.sections.map((s, i) => ({ ...s, order: i })),
      storeLayout: design.store_layout,
      updatedAt: new Date(),
    })
    .where(storeOwnedBy(actor, storeId))
    .returning({ id: stores.id });
  if (updated.length === 0)
    return { ok: false, status: 404, message: "Failed to save store: store not found", fieldErrors: {} };
  return { ok: true, message: "Store saved successfully!", value: undefined };
}
