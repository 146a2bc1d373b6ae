import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct } from "../../../seed/factories/products";
import { createStore } from "../../../seed/factories/stores";
import { createSeller, type Account, actorOf as actor } from "../../../seed/factories/users";
import { postProductDraft } from "../../../tests/support/product-form";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { getProductDetail, readSpecifications, specLabel } from "./product-detail.server";
import { sellerStoreOf } from "~/modules/stores/store-owner.server";

const DAY_MS = 86_400_000;

describe.each(testEngines())("product detail on %s", (engine) => {
  let database: TestDatabase;
  let seller: Account;
  let pendingSeller: Account;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    seller = await createSeller(database.db, { companyName: "Jaipur Block Prints" });
    pendingSeller = await createSeller(database.db, { companyName: "New Exports", verificationStatus: "pending" });
  });
  afterAll(() => database.drop());

  it("returns an active product with its verified supplier and the supplier's newest active store", async () => {
    const now = Date.now();
    await createStore(database.db, {
      sellerId: seller.user.id,
      name: "Older Store",
      createdAt: new Date(now - 3 * DAY_MS),
    });
    const newest = await createStore(database.db, {
      sellerId: seller.user.id,
      name: "Newest Store",
      createdAt: new Date(now - DAY_MS),
    });
    await createStore(database.db, {
      sellerId: seller.user.id,
      name: "Hidden Store",
      status: "hidden",
      createdAt: new Date(now),
    });
    const product = await createProduct(database.db, {
      sellerId: seller.user.id,
      name: "Hand Block Printed Cushion Covers",
      category: "home-textiles",
      priceMinCents: 240,
      priceMaxCents: 360,
      minimumOrderQuantity: 500,
      unit: "pieces",
      images: ["/uploads/a.webp", "javascript:alert(1)", "https://cdn.example.test/b.webp"],
      specifications: { brand: "Jaipur", origin: "India", threadCount: 300, sizes: ["S", "M"] },
    });

    const detail = await getProductDetail(database.db, product.id, sellerStoreOf);
    expect(detail).toMatchObject({
      id: product.id,
      name: "Hand Block Printed Cushion Covers",
      category: "home-textiles",
      priceMinCents: 240,
      priceMaxCents: 360,
      minimumOrderQuantity: 500,
      unit: "pieces",
      images: ["/uploads/a.webp", "https://cdn.example.test/b.webp"],
      supplier: { companyName: "Jaipur Block Prints", verified: true, storeId: newest.id, storeName: "Newest Store" },
    });
    expect(detail!.specifications.brand).toBe("Jaipur");
    expect(detail!.specifications.other).toEqual([
      { label: "Origin", value: "India" },
      { label: "Sizes", value: "S, M" },
      { label: "Thread count", value: "300" },
    ]);
  });

  it("shows a pending supplier without an active store as such", async () => {
    await createStore(database.db, { sellerId: pendingSeller.user.id, status: "hidden" });
    const product = await createProduct(database.db, { sellerId: pendingSeller.user.id });
    const detail = await getProductDetail(database.db, product.id, sellerStoreOf);
    expect(detail!.supplier).toEqual({
      companyName: "New Exports",
      verified: false,
      storeId: null,
      storeName: null,
      rating: null,
    });
  });

  it("returns null for an inactive product, an unknown id and an id that is not a UUID", async () => {
    const inactive = await createProduct(database.db, { sellerId: seller.user.id, status: "inactive" });
    expect(await getProductDetail(database.db, inactive.id, sellerStoreOf)).toBeNull();
    expect(await getProductDetail(database.db, crypto.randomUUID(), sellerStoreOf)).toBeNull();
    expect(await getProductDetail(database.db, "nope", sellerStoreOf)).toBeNull();
    expect(await getProductDetail(database.db, "' or 1=1 --", sellerStoreOf)).toBeNull();
  });

  it("brings back a Create Product dialog draft's specifications", async () => {
    const draft = {
      name: "Brass Table Lamp",
      description: "Hand-finished brass lamp.",
      category: "engineering-goods",
      brand: "Moradabad",
      weight: 1.25,
      dimensions: { length: 30, width: 20, height: 45 },
      main_images: ["/uploads/lamp.webp"],
      variants: [
        {
          id: "v1",
          color: "Antique",
          color_hex: "#8b5a2b",
          size: "Small",
          sku: "",
          price: 12.5,
          stock: 40,
          images: [],
        },
        {
          id: "v2",
          color: "Polished",
          color_hex: "#d4af37",
          size: "Large",
          sku: "CUSTOM-1",
          price: 18,
          stock: 0,
          images: [],
        },
      ],
      technical_specs: [
        { name: "Bulb", value: "E27" },
        { name: "", value: "" },
      ],
    };
    const result = await postProductDraft(database.db, actor(seller), JSON.stringify(draft), {
      now: 1_700_000_001_234,
    });
    expect(result.ok).toBe(true);
    const detail = await getProductDetail(database.db, result.ok ? result.id : "", sellerStoreOf);
    expect(detail).toMatchObject({ priceMinCents: 1250, priceMaxCents: 1800, images: ["/uploads/lamp.webp"] });
    const specs = detail!.specifications;
    expect(specs).toMatchObject({
      brand: "Moradabad",
      weightKg: 1.25,
      dimensionsCm: { length: 30, width: 20, height: 45 },
      technicalSpecs: [{ name: "Bulb", value: "E27" }],
      other: [],
    });
    expect(specs.baseSku).toBe("JAI-BRASST-1234");
    expect(specs.variants).toEqual([
      {
        id: "v1",
        color: "Antique",
        colorHex: "#8b5a2b",
        size: "Small",
        sku: "JAI-BRASST-1234-VAR1",
        priceCents: 1250,
        stock: 40,
      },
      { id: "v2", color: "Polished", colorHex: "#d4af37", size: "Large", sku: "CUSTOM-1", priceCents: 1800, stock: 0 },
    ]);
  });
});

describe("reading specifications", () => {
  it("turns unknown and malformed values into plain text and drops unsafe colours", () => {
    const specs = readSpecifications({
      weight: "heavy",
      dimensions: "big",
      variants: [{ id: "x", color: "<b>Red</b>", color_hex: "red;background:url(x)", price: "abc", stock: null }],
      technical_specs: "not a list",
      nested: { a: 1 },
      empty: "",
      flag: true,
    });
    expect(specs.weightKg).toBeNull();
    expect(specs.dimensionsCm).toBeNull();
    expect(specs.variants).toEqual([
      { id: "x", color: "<b>Red</b>", colorHex: null, size: "", sku: "", priceCents: null, stock: null },
    ]);
    expect(specs.other).toEqual([
      { label: "Dimensions", value: "big" },
      { label: "Flag", value: "Yes" },
      { label: "Nested", value: '{"a":1}' },
      { label: "Technical specs", value: "not a list" },
      { label: "Weight", value: "heavy" },
    ]);
    expect(readSpecifications(null)).toMatchObject({ variants: [], other: [] });
    expect(readSpecifications(["a"])).toMatchObject({ variants: [], other: [] });
  });

  it("labels keys readably", () => {
    expect(specLabel("threadCount")).toBe("Thread count");
    expect(specLabel("gsm")).toBe("GSM");
    expect(specLabel("base_sku")).toBe("Base SKU");
  });
});
