import { and, desc, notInArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/products";
import { nestedSql } from "~/db/sql-helpers";
import { productOwnedBy } from "./product-owner.server";

/** The product columns every product card shows (marketplace, categories, home, store pages): select them with these. */
export const productCardColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  category: products.category,
  priceMinCents: products.priceMinCents,
  priceMaxCents: products.priceMaxCents,
  minimumOrderQuantity: products.minimumOrderQuantity,
  unit: products.unit,
  images: products.images,
};

/**
 * The product columns other domains join on in their own statement (record 0049), as a subquery aliased `name`: the
 * card columns, the seller, the status and the classification. A store's shelf joins it instead of the products table
 * and stays one statement.
 */
export function productRows(db: Pick<Db, "select">, name = "product_rows") {
  return db
    .select({
      ...productCardColumns,
      sellerId: products.sellerId,
      status: products.status,
      subcategory: products.subcategory,
      tags: products.tags,
      createdAt: products.createdAt,
    })
    .from(products)
    .as(name);
}

/** The card columns of a productRows subquery, to select beside other columns. */
export function cardColumnsOf(rows: ReturnType<typeof productRows>) {
  const { id, name, description, category, priceMinCents, priceMaxCents, minimumOrderQuantity, unit, images } = rows;
  return { id, name, description, category, priceMinCents, priceMaxCents, minimumOrderQuantity, unit, images };
}

/** The categories of these products (a subquery giving product ids), as a subquery for `in`. */
export function categoriesOfProducts(productIds: SQL): SQL {
  return nestedSql(sql`(select ${products.category} from ${products} where ${products.id} in (${productIds}))`);
}

/** The seller's own products, newest first, but these (at most `limit`): what a store's owner may still add to it. */
export async function ownProductsExcept(
  db: Db,
  actor: { id: string },
  exceptIds: readonly string[],
  limit: number,
): Promise<{ id: string; name: string; category: string; status: (typeof products.$inferSelect)["status"] }[]> {
  return db
    .select({ id: products.id, name: products.name, category: products.category, status: products.status })
    .from(products)
    .where(and(productOwnedBy(actor), exceptIds.length ? notInArray(products.id, [...exceptIds]) : undefined))
    .orderBy(desc(products.createdAt))
    .limit(limit);
}
