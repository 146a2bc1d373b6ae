import { and, arrayContains, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { stores } from "~/db/schema/stores";
import { likePattern } from "~/db/sql-helpers";
import { STORES_PER_PAGE, type StoreDirectoryCard, type StoreDirectoryParams } from "./store-directory.schema";

function directoryConditions(params: Pick<StoreDirectoryParams, "q" | "category">): SQL[] {
  const conditions: SQL[] = [eq(stores.status, "active")];
  if (params.category) conditions.push(arrayContains(stores.categories, [params.category]));
  if (params.q) {
    const pattern = likePattern(params.q);
    conditions.push(
      or(
        ilike(stores.name, pattern),
        ilike(stores.description, pattern),
        sql`setu_join_words(${stores.categories}) ilike ${pattern}`,
      )!,
    );
  }
  return conditions;
}

/** The marketplace's Stores tab: active stores by substring on name, description and categories, category exact; newest first. */
export async function browseStores(db: Db, params: StoreDirectoryParams) {
  const where = and(...directoryConditions(params));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: stores.id,
        name: stores.name,
        description: stores.description,
        categories: stores.categories,
        logoUrl: stores.logoUrl,
        verificationStatus: stores.verificationStatus,
      })
      .from(stores)
      .where(where)
      .orderBy(desc(stores.createdAt), desc(stores.id))
      .limit(STORES_PER_PAGE)
      .offset((params.page - 1) * STORES_PER_PAGE),
    db.select({ n: count() }).from(stores).where(where),
  ]);
  const items: StoreDirectoryCard[] = rows.map(({ verificationStatus, ...row }) => ({
    ...row,
    verified: verificationStatus === "verified",
  }));
  const n = total?.n ?? 0;
  return { items, total: n, page: params.page, pageCount: Math.max(1, Math.ceil(n / STORES_PER_PAGE)) };
}

/** How many active stores match, for the 'Stores (count)' tab while the products tab is shown. */
export async function countStores(db: Db, params: Pick<StoreDirectoryParams, "q" | "category">): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(stores)
    .where(and(...directoryConditions(params)));
  return row?.n ?? 0;
}

/** Active stores whose name contains `q` (their trigram index), newest first: the header search's store suggestions. */
export async function activeStoresNamed(db: Db, q: string, limit: number): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(and(eq(stores.status, "active"), ilike(stores.name, likePattern(q))))
    .orderBy(desc(stores.createdAt))
    .limit(limit);
}
