import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores } from "~/db/schema/stores";
import { addProductToStore, createStore } from "../../../seed/factories/stores";
import { createProduct } from "../../../seed/factories/products";
import { createSeller } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { listFeaturedProducts } from "./featured-products.server";

describe.each(testEngines())("the home page's Featured Products on %s (#41 item 6)", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("lists only products a seller features in an active store, each once, newest first, only active ones", async () => {
    const { db } = database;
    const seller = await createSeller(db, {});
    const open = await createStore(db, { sellerId: seller.user.id });
    const other = await createStore(db, { sellerId: seller.user.id });
    const closed = await createStore(db, { sellerId: seller.user.id, status: "hidden" });
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));
    const make = (name: string, minutes: number, status: "active" | "inactive" = "active") =>
      createProduct(db, { sellerId: seller.user.id, name, status, createdAt: at(minutes) });
    const featuredOld = await make("Featured brass bowl", 1);
    const featuredTwice = await make("Featured jute rug", 2);
    const plain = await make("Plain cotton towel", 3);
    const inClosedStore = await make("Closed store lamp", 4);
    const draft = await make("Inactive featured vase", 5, "inactive");
    await addProductToStore(db, { storeId: open.id, productId: featuredOld.id, featured: true });
    await addProductToStore(db, { storeId: open.id, productId: featuredTwice.id, featured: true });
    await addProductToStore(db, { storeId: other.id, productId: featuredTwice.id, featured: true });
    await addProductToStore(db, { storeId: open.id, productId: plain.id });
    await addProductToStore(db, { storeId: closed.id, productId: inClosedStore.id, featured: true });
    await addProductToStore(db, { storeId: open.id, productId: draft.id, featured: true });

    expect((await listFeaturedProducts(db)).map((p) => p.name)).toEqual(["Featured jute rug", "Featured brass bowl"]);
    await db.update(stores).set({ status: "active" }).where(eq(stores.id, closed.id));
    expect((await listFeaturedProducts(db)).map((p) => p.name)).toEqual([
      "Closed store lamp",
      "Featured jute rug",
      "Featured brass bowl",
    ]);
  });
});
