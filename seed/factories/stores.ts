import { defaultCategoryTabs } from "../../app/modules/stores/store-design.schema";
import type { Db } from "~/db/client.server";
import { storeProducts, stores, type BusinessHours } from "~/db/schema/stores";

export type StoreRow = typeof stores.$inferSelect;
export type StoreProductRow = typeof storeProducts.$inferSelect;
export type StoreOverrides = Partial<typeof stores.$inferInsert> & { sellerId: string };

/** Spec §3: 09:00-18:00 Monday to Saturday, 10:00-16:00 Sunday, none closed. */
export function defaultBusinessHours(): BusinessHours {
  const weekday = { open: "09:00", close: "18:00", closed: false };
  return {
    monday: { ...weekday },
    tuesday: { ...weekday },
    wednesday: { ...weekday },
    thursday: { ...weekday },
    friday: { ...weekday },
    saturday: { ...weekday },
    sunday: { open: "10:00", close: "16:00", closed: false },
  };
}

let storeSequence = 0;

export async function createStore(db: Db, overrides: StoreOverrides): Promise<StoreRow> {
  storeSequence += 1;
  const [row] = await db
    .insert(stores)
    .values({
      name: `Test Store ${storeSequence}`,
      description: "Wholesale supplier based in India.",
      address: { city: "Mumbai", state: "Maharashtra", country: "India" },
      categories: ["electronics"],
      businessHours: defaultBusinessHours(),
      categoryTabs: defaultCategoryTabs(overrides.categories ?? ["electronics"]),
      status: "active",
      ...overrides,
    })
    .returning();
  return row!; // an INSERT … RETURNING of one row returns one row
}

export type StoreProductOverrides = {
  storeId: string;
  productId: string;
  displayOrder?: number;
  featured?: boolean;
  categoryTab?: string;
};

export async function addProductToStore(db: Db, link: StoreProductOverrides): Promise<StoreProductRow> {
  const [row] = await addProductsToStore(db, [link]);
  return row!; // an INSERT … RETURNING of one row returns one row
}

/** Links several products in one statement; display_order defaults to the position in the list. */
export async function addProductsToStore(db: Db, links: StoreProductOverrides[]): Promise<StoreProductRow[]> {
  if (links.length === 0) return [];
  return db
    .insert(storeProducts)
    .values(
      links.map((link, index) => ({
        storeId: link.storeId,
        productId: link.productId,
        displayOrder: link.displayOrder ?? index,
        featured: link.featured ?? false,
        categoryTab: link.categoryTab ?? "all",
      })),
    )
    .returning();
}
