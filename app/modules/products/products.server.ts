import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/products";
import { profiles } from "~/db/schema/profiles";
import { FEATURED_PRODUCTS_LIMIT, type ProductCardData } from "./products.schema";



const cardColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  category: products.category,
  priceMinCents: products.priceMinCents,
  priceMaxCents: products.priceMaxCents,
  minimumOrderQuantity: products.minimumOrderQuantity,
  unit: products.unit,
  images: products.images,
  supplierCompany: profiles.companyName,
  supplierVerification: profiles.verificationStatus,
};

/** The home page's Featured Products: the newest active products, with their supplier, in one query. */
export async function listFeaturedProducts(db: Db, limit = FEATURED_PRODUCTS_LIMIT): Promise<ProductCardData[]> {
  const rows = await db
    .select(cardColumns)
    .from(products)
    .leftJoin(profiles, eq(profiles.userId, products.sellerId))
    .where(eq(products.status, "active"))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    supplierCompany: row.supplierCompany ?? null,
    supplierVerified: row.supplierVerification === "verified",
  }));
}
