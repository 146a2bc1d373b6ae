import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/products";
import { storeProducts } from "~/db/schema/stores";
import { addProductToStore, createStore } from "../../../seed/factories/stores";
import { createProduct } from "../../../seed/factories/products";
import { createBuyer, createSeller, type Account, actorOf as actor } from "../../../seed/factories/users";
import { postAddProduct, postEditProduct, postProductDraft } from "../../../tests/support/product-form";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { listSellerProducts, setProductStatus } from "./product-commands.server";

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

const valid = {
  name: "Brass diya lamps",
  description: "Hand-cast",
  // one select of the category tree: a subcategory files the product under its top category too
  category: "metal-crafts",
  minimumOrderQuantity: "50",
  unit: "pieces",
  priceMin: "4.50",
  priceMax: "9",
};

describe.each(testEngines())("product commands on %s", (engine) => {
  let database: TestDatabase;
  let seller: Account;
  let otherSeller: Account;
  let buyer: Account;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    seller = await createSeller(database.db, { companyName: "Moradabad Metal Crafts" });
    otherSeller = await createSeller(database.db);
    buyer = await createBuyer(database.db);
  });
  afterAll(() => database.drop());

  it("refuses non-sellers on the server (the spec's missing role check, fixed)", async () => {
    const result = await postAddProduct(database.db, actor(buyer), form(valid));
    expect(result).toMatchObject({ ok: false, status: 403 });
    expect(await listSellerProducts(database.db, actor(buyer))).toEqual([]);
    const draft = await postProductDraft(database.db, actor(buyer), "{}");
    expect(draft).toMatchObject({ ok: false, status: 403 });
  });

  it("checks price range, MOQ, unit and category on the server", async () => {
    expect(
      await postAddProduct(database.db, actor(seller), form({ ...valid, priceMin: "10", priceMax: "5" })),
    ).toMatchObject({
      ok: false,
      fieldErrors: { priceMax: "Minimum price cannot be more than the maximum price" },
    });
    for (const moq of ["0", "-1", "2.5", "x"])
      expect((await postAddProduct(database.db, actor(seller), form({ ...valid, minimumOrderQuantity: moq }))).ok).toBe(
        false,
      );
    expect((await postAddProduct(database.db, actor(seller), form({ ...valid, unit: "boxes" }))).ok).toBe(false);
    expect((await postAddProduct(database.db, actor(seller), form({ ...valid, category: "toys" }))).ok).toBe(false);
    // the six categories before the tree are no longer any
    expect((await postAddProduct(database.db, actor(seller), form({ ...valid, category: "machinery" }))).ok).toBe(
      false,
    );
    const ok = await postAddProduct(database.db, actor(seller), form(valid));
    expect(ok).toMatchObject({ ok: true, message: "Product created successfully!" });
    const [row] = await database.db
      .select()
      .from(products)
      .where(eq(products.id, ok.ok ? ok.id : ""));
    expect(row).toMatchObject({
      priceMinCents: 450,
      priceMaxCents: 900,
      minimumOrderQuantity: 50,
      status: "active",
      sellerId: seller.user.id,
      category: "handicrafts",
      subcategory: "metal-crafts",
    });
  });

  it("lists the seller's own products newest first, and lets only the owner edit, deactivate and reactivate", async () => {
    const older = await createProduct(database.db, {
      sellerId: seller.user.id,
      name: "Older",
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const mine = await listSellerProducts(database.db, actor(seller));
    expect(mine.at(-1)!.id).toBe(older.id);
    expect(mine.every((p) => p.name !== undefined)).toBe(true);
    expect(await postEditProduct(database.db, actor(otherSeller), older.id, form(valid))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await setProductStatus(database.db, actor(otherSeller), older.id, "inactive")).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await setProductStatus(database.db, actor(seller), older.id, "inactive")).toMatchObject({ ok: true });
    expect(await setProductStatus(database.db, actor(seller), older.id, "active")).toMatchObject({
      ok: true,
      message: "Product reactivated",
    });
    expect(
      await postEditProduct(database.db, actor(seller), older.id, form({ ...valid, name: "Renamed" })),
    ).toMatchObject({ ok: true });
    const [row] = await database.db.select().from(products).where(eq(products.id, older.id));
    expect(row!.name).toBe("Renamed");
  });

  it("creates a product from the dialog's draft: SKUs, price range from variants, tags, and the store link", async () => {
    const store = await createStore(database.db, { sellerId: seller.user.id, name: "Kashi Brass House" });
    const existing = await createProduct(database.db, { sellerId: seller.user.id });
    await addProductToStore(database.db, { storeId: store.id, productId: existing.id, displayOrder: 4 });
    const draft = {
      name: "Peacock Urli Bowl",
      description: "Decorative brass bowl",
      category: "home-decor",
      brand: "Kashi",
      main_images: ["/uploads/u/product/1.webp"],
      variants: [
        { id: "v1", color: "Gold", price: 42.5, stock: 10 },
        { id: "v2", color: "Antique", price: 18, stock: 3 },
      ],
      technical_specs: [{ name: "Material", value: "Brass" }],
    };
    const result = await postProductDraft(database.db, actor(seller), JSON.stringify(draft), {
      storeId: store.id,
      now: 1795389528197,
    });
    expect(result).toMatchObject({ ok: true });
    const [row] = await database.db
      .select()
      .from(products)
      .where(eq(products.id, result.ok ? result.id : ""));
    expect(row).toMatchObject({
      priceMinCents: 1800,
      priceMaxCents: 4250,
      minimumOrderQuantity: 1,
      unit: "pieces",
      category: "home-decor",
      subcategory: null,
      tags: ["home-decor", "Kashi"],
      images: draft.main_images,
    });
    const specs = row!.specifications as { base_sku: string; variants: { sku: string }[] };
    expect(specs.base_sku).toBe("KAS-PEACOC-8197");
    expect(specs.variants.map((v) => v.sku)).toEqual(["KAS-PEACOC-8197-VAR1", "KAS-PEACOC-8197-VAR2"]);
    const [link] = await database.db.select().from(storeProducts).where(eq(storeProducts.productId, row!.id));
    expect(link).toMatchObject({ storeId: store.id, displayOrder: 5, featured: false, categoryTab: "all" });
  });

  it("takes the dialog's MOQ, unit and base price, and stores no swatch for a variant without a colour (#41 item 6)", async () => {
    const draft = {
      name: "Jute Shopping Bag",
      description: "Laminated jute tote",
      category: "apparel-and-textiles",
      main_images: ["/uploads/u/product/2.webp"],
      minimum_order_quantity: "250",
      unit: "kg",
      base_price: "12.50",
      variants: [{ id: "v1", color: "Natural", price: "14", stock: "5" }],
      tiers: [{ minQuantity: "500", unitPrice: "11.75" }],
    };
    const result = await postProductDraft(database.db, actor(seller), JSON.stringify(draft));
    expect(result).toMatchObject({ ok: true });
    const [row] = await database.db
      .select()
      .from(products)
      .where(eq(products.id, result.ok ? result.id : ""));
    expect(row).toMatchObject({ minimumOrderQuantity: 250, unit: "kg", priceMinCents: 1175, priceMaxCents: 1400 });
    const specs = row!.specifications as { variants: { color_hex: string }[] };
    expect(specs.variants[0]!.color_hex).toBe("");
    // a price break below the MOQ, or dearer than the base price, is refused in the draft's own unit
    const below = await postProductDraft(
      database.db,
      actor(seller),
      JSON.stringify({ ...draft, tiers: [{ minQuantity: "100", unitPrice: "11" }] }),
    );
    expect(below).toMatchObject({ ok: false, status: 400 });
    expect(JSON.stringify(below)).toContain("kg");
    // the dialog posts a field left blank as "": no base price
    expect(
      await postProductDraft(database.db, actor(seller), JSON.stringify({ ...draft, base_price: "", tiers: [] })),
    ).toMatchObject({ ok: true });
    expect(
      await postProductDraft(database.db, actor(seller), JSON.stringify({ ...draft, minimum_order_quantity: "0" })),
    ).toMatchObject({ ok: false, message: "Minimum order quantity must be a whole number greater than 0" });
  });

  it("refuses a draft without required fields or images, and another seller's store", async () => {
    expect(
      await postProductDraft(
        database.db,
        actor(seller),
        JSON.stringify({ name: "", description: "", category: "", main_images: ["/uploads/x.webp"] }),
      ),
    ).toMatchObject({
      ok: false,
      message: "Please fill in all required fields",
    });
    expect(
      await postProductDraft(
        database.db,
        actor(seller),
        JSON.stringify({ name: "A", description: "B", category: "spices-and-food", main_images: [] }),
      ),
    ).toMatchObject({
      ok: false,
      message: "Please add at least one product image",
    });
    expect(
      await postProductDraft(
        database.db,
        actor(seller),
        JSON.stringify({
          name: "A",
          description: "B",
          category: "spices-and-food",
          main_images: ["javascript:alert(1)"],
        }),
      ),
    ).toMatchObject({ ok: false });
    const othersStore = await createStore(database.db, { sellerId: otherSeller.user.id });
    const before = (await listSellerProducts(database.db, actor(seller))).length;
    expect(
      await postProductDraft(
        database.db,
        actor(seller),
        JSON.stringify({ name: "A", description: "B", category: "spices-and-food", main_images: ["/uploads/a.webp"] }),
        { storeId: othersStore.id },
      ),
    ).toMatchObject({ ok: false, status: 404 });
    expect((await listSellerProducts(database.db, actor(seller))).length).toBe(before);
    expect(await postProductDraft(database.db, actor(seller), "not json")).toMatchObject({
      ok: false,
      status: 400,
      message: "Please fill in all required fields",
    });
  });
});
