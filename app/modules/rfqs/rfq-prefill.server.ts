import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/products";
import { isUuid } from "~/lib/uuid";

export type RfqPrefill = { productId: string; title: string; category: string; unit: string; quantity: number };

/** Create RFQ pre-filled from an active product: its name, category, unit and MOQ as the quantity. */
export async function rfqPrefillFromProduct(db: Db, productId: string | null): Promise<RfqPrefill | null> {
  if (!productId || !isUuid(productId)) return null;
  const [row] = await db
    .select({ id: products.id, name: products.name, category: products.category, unit: products.unit, moq: products.minimumOrderQuantity })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, "active")))
    .limit(1);
  return row ? { productId: row.id, title: row.name, category: row.category, unit: row.unit, quantity: row.moq } : null;
}
