import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/products";

export type ProductRow = typeof products.$inferSelect;
export type ProductOverrides = Partial<typeof products.$inferInsert> & { sellerId: string };

let productSequence = 0;

/** The values of one valid product row; pass a list of them to createProducts for one batched insert. */
export function buildProduct(overrides: ProductOverrides): typeof products.$inferInsert {
  productSequence += 1;
  return {
    name: `Test Product ${productSequence}`,
    description: "A wholesale product made in India.",
    category: "electronics",
    subcategory: null,
    tags: [],
    priceMinCents: 1_000,
    priceMaxCents: 2_500,
    minimumOrderQuantity: 100,
    unit: "pieces",
    images: [],
    specifications: { origin: "India" },
    status: "active",
    ...overrides,
  };
}

export async function createProduct(db: Db, overrides: ProductOverrides): Promise<ProductRow> {
  const [row] = await createProducts(db, [overrides]);
  return row!; // an INSERT … RETURNING of one row returns one row
}

/** Inserts several products in one statement; rows come back in the order given. */
export async function createProducts(db: Db, list: ProductOverrides[]): Promise<ProductRow[]> {
  if (list.length === 0) return [];
  return db.insert(products).values(list.map(buildProduct)).returning();
}
