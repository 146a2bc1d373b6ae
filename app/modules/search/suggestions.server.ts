import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/products";
import { stores } from "~/db/schema/stores";
import { CATEGORY_STRIP, PRODUCT_CATEGORIES } from "~/lib/categories";
import { likePattern } from "~/db/sql-helpers";
import type { SearchSuggestions } from "./suggestions.schema";

/** Suggestions for the header search: matching categories, active products and active stores. Two indexed queries. */
export async function searchSuggestions(db: Db, rawQuery: string): Promise<SearchSuggestions> {
  const q = rawQuery.trim().slice(0, 80);
  if (q.length < 2) return { categories: [], products: [], stores: [] };
  const needle = q.toLowerCase();
  const pattern = likePattern(q);

  const categories = [
    ...PRODUCT_CATEGORIES.map((c) => ({ slug: c.value, label: c.label })),
    ...CATEGORY_STRIP.filter((c) => c.slug !== "featured" && c.slug !== "new"),
  ]
    .filter((c) => c.label.toLowerCase().includes(needle) || c.slug.includes(needle))
    .slice(0, 3)
    .map((c) => ({ kind: "category" as const, label: c.label, href: `/category/${c.slug}` }));

  const [productRows, storeRows] = await Promise.all([
    db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.status, "active"), ilike(products.name, pattern)))
      .orderBy(sql`similarity(${products.name}, ${q}) desc`, desc(products.createdAt))
      .limit(5),
    db
      .select({ id: stores.id, name: stores.name })
      .from(stores)
      .where(and(eq(stores.status, "active"), or(ilike(stores.name, pattern))))
      .orderBy(desc(stores.createdAt))
      .limit(3),
  ]);

  return {
    categories,
    products: productRows.map((p) => ({ kind: "product", label: p.name, href: `/product/${p.id}` })),
    stores: storeRows.map((s) => ({ kind: "store", label: s.name, href: `/stores/${s.id}` })),
  };
}
