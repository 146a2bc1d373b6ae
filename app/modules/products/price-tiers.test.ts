import { asc, eq, sql } from "drizzle-orm";
import { refusedBy } from "../../../tests/support/refused-by";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPriceTiers, products } from "~/db/schema/products";
import { createSeller, type Account, actorOf as actor } from "../../../seed/factories/users";
import { postAddProduct, postEditProduct, postProductDraft } from "../../../tests/support/product-form";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { listSellerProducts } from "./product-commands.server";
import { getProductDetail } from "./product-detail.server";
import { addProductSchema, productDraftSchema, readProductForm } from "./product-form.schema";
import { parseProductSearchParams } from "./product-search-params";
import { browseProducts } from "./product-search.server";
import { sellerStoreOf } from "~/modules/stores/store-owner.server";

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

const draft = (overrides: Record<string, unknown> = {}) => ({
  name: "Cotton Terry Towels",
  description: "500 GSM hand towels",
  category: "home-textiles",
  main_images: "/uploads/u/product/1.webp",
  ...overrides,
});

describe("price break rules", () => {
  it("reads tiers as typed and refuses a ladder whose quantities do not go up or whose prices go up", () => {
    const ok = productDraftSchema.safeParse(
      draft({
        variants: [
          {
            id: "v1",
            color: "White",
            price: "4.50",
            stock: "10",
            tiers: [
              { minQuantity: "500", unitPrice: "4.20" },
              { minQuantity: "1000", unitPrice: "3.80" },
            ],
          },
        ],
      }),
    );
    expect(ok.success).toBe(true);
    expect(ok.data!.variants[0]!.tiers).toEqual([
      { minQuantity: 500, unitPrice: 420 },
      { minQuantity: 1000, unitPrice: 380 },
    ]);
    expect(ok.data!.main_images).toEqual(["/uploads/u/product/1.webp"]);

    const down = productDraftSchema.safeParse(
      draft({
        tiers: [
          { minQuantity: "1000", unitPrice: "3.80" },
          { minQuantity: "500", unitPrice: "3.50" },
        ],
      }),
    );
    expect(messages(down)).toEqual({
      "tiers.1.minQuantity": "Quantities must go up: start this price break above 1,000, where the one before starts",
    });
    const dearer = productDraftSchema.safeParse(
      draft({
        tiers: [
          { minQuantity: "500", unitPrice: "3.80" },
          { minQuantity: "1000", unitPrice: "4.20" },
        ],
      }),
    );
    expect(messages(dearer)).toEqual({
      "tiers.1.unitPrice":
        "A larger quantity cannot cost more per unit: make this at most $3.80, the price of the break before",
    });
    const aboveVariant = productDraftSchema.safeParse(
      draft({
        variants: [{ id: "v1", price: "4.00", stock: "1", tiers: [{ minQuantity: "500", unitPrice: "4.20" }] }],
      }),
    );
    expect(messages(aboveVariant)).toEqual({
      "variants.0.tiers.0.unitPrice": "A price break cannot cost more per unit than this variant's price ($4.00)",
    });
    for (const tier of [
      { minQuantity: "0", unitPrice: "1" },
      { minQuantity: "2.5", unitPrice: "1" },
      { minQuantity: "", unitPrice: "1" },
      { minQuantity: "10", unitPrice: "0" },
      { minQuantity: "10", unitPrice: "-1" },
      { minQuantity: "10", unitPrice: "" },
    ]) {
      expect(productDraftSchema.safeParse(draft({ tiers: [tier] })).success, JSON.stringify(tier)).toBe(false);
    }
  });

  it("checks the form's first break against the MOQ and the maximum price, per variant, and ignores empty rows", () => {
    const values = {
      name: "Towels",
      description: "",
      category: "home-textiles",
      subcategory: "",
      minimumOrderQuantity: "500",
      unit: "pieces",
      priceMin: "4.50",
      priceMax: "5",
    };
    const rows = (tiers: [string, string, string][]) =>
      Object.fromEntries(
        tiers.flatMap(([sku, qty, price], i) => [
          [`tiers[${i}].variantSku`, sku],
          [`tiers[${i}].minQuantity`, qty],
          [`tiers[${i}].unitPrice`, price],
        ]),
      );
    const parse = (tiers: [string, string, string][], extra: Record<string, string> = {}) =>
      addProductSchema.safeParse(readProductForm(form({ ...values, ...rows(tiers), ...extra })));

    const ok = parse([
      ["", "500", "4.20"],
      ["", "", ""],
      ["A-VAR1", "1000", "4.90"],
      ["", "1000", "3.80"],
    ]);
    expect(ok.success).toBe(true);
    expect(ok.data!.tiers).toEqual([
      { variantSku: "", minQuantity: 500, unitPrice: 420 },
      { variantSku: "A-VAR1", minQuantity: 1000, unitPrice: 490 },
      { variantSku: "", minQuantity: 1000, unitPrice: 380 },
    ]);
    expect(messages(parse([["", "100", "4.20"]]))).toEqual({
      "tiers.0.minQuantity": "The first price break must start at the minimum order quantity (500 pieces) or above",
    });
    expect(messages(parse([["", "500", "5.50"]]))).toEqual({
      "tiers.0.unitPrice": "A price break cannot cost more per unit than the maximum price ($5.00)",
    });
    // each variant's ladder is its own: a variant's break may start where the whole product's does
    expect(
      parse([
        ["", "500", "4.20"],
        ["B", "500", "4.30"],
      ]).success,
    ).toBe(true);
    expect(messages(parse([["", "x", "4.20"]]))).toEqual({
      "tiers.0.minQuantity": "Enter the quantity this price starts at: a whole number of at least 1",
    });
    expect(messages(parse([], { hsCode: "6302" }))).toEqual({
      hsCode: "Enter an HS code of 6 to 10 digits, like 6302.60 or 6302600010",
    });
    expect(parse([], { hsCode: "6302.60", originPort: "INNSA" }).data).toMatchObject({
      hsCode: "630260",
      originPort: "INNSA",
    });
    expect(parse([], { originPort: "USLAX" }).success).toBe(false);
  });
});

describe.each(testEngines())("price breaks on %s", (engine) => {
  let database: TestDatabase;
  let seller: Account;
  let other: Account;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    seller = await createSeller(database.db, { companyName: "Shakti Textiles" });
    other = await createSeller(database.db, { companyName: "Nandi Electronics" });
  });
  afterAll(() => database.drop());

  const tiersOf = (productId: string) =>
    database.db
      .select({
        variantSku: productPriceTiers.variantSku,
        minQuantity: productPriceTiers.minQuantity,
        unitPriceCents: productPriceTiers.unitPriceCents,
      })
      .from(productPriceTiers)
      .where(eq(productPriceTiers.productId, productId))
      .orderBy(asc(productPriceTiers.variantSku), asc(productPriceTiers.minQuantity));

  it("stores a draft's breaks per variant and for the whole product, the price range from the lowest break, the HS code and port", async () => {
    const result = await postProductDraft(
      database.db,
      actor(seller),
      JSON.stringify(
        draft({
          base_sku: "SHA-TOWELS",
          // a new product's HTSUS number: 10 digits of the HTS table (record 0053)
          hs_code: "6302.60.0020",
          origin_port: "INMUN",
          variants: [
            {
              id: "v1",
              color: "White",
              price: "4.50",
              stock: "100",
              tiers: [
                { minQuantity: "500", unitPrice: "4.20" },
                { minQuantity: "1000", unitPrice: "3.80" },
              ],
            },
            { id: "v2", color: "Sage", price: "5.00", stock: "40" },
          ],
          tiers: [{ minQuantity: "2000", unitPrice: "4.00" }],
        }),
      ),
    );
    expect(result).toMatchObject({ ok: true });
    const id = result.ok ? result.id : "";
    const [row] = await database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ priceMinCents: 380, priceMaxCents: 500, hsCode: "6302600020", originPort: "INMUN" });
    expect((row!.specifications as { variants: { price: number }[] }).variants.map((v) => v.price)).toEqual([4.5, 5]);
    expect(await tiersOf(id)).toEqual([
      { variantSku: "", minQuantity: 2000, unitPriceCents: 400 },
      { variantSku: "SHA-TOWELS-VAR1", minQuantity: 500, unitPriceCents: 420 },
      { variantSku: "SHA-TOWELS-VAR1", minQuantity: 1000, unitPriceCents: 380 },
    ]);
    const detail = await getProductDetail(database.db, id, sellerStoreOf);
    expect(detail!.priceTiers.map((l) => [l.label, l.tiers.map((t) => t.minQuantity)])).toEqual([
      ["All variants", [2000]],
      ["White", [500, 1000]],
    ]);
    // below its first break a ladder costs the variant's price, or the product's maximum price (issue 37)
    expect(detail!.priceTiers.map((l) => l.basePriceCents)).toEqual([500, 450]);
    expect(detail!.originPort).toEqual({ code: "INMUN", name: "Mundra" });
  });

  it("writes a product and its breaks in one transaction: a break that cannot be stored leaves no product", async () => {
    await database.db.execute(
      sql`alter table product_price_tiers add constraint test_refuse_quantity check (min_quantity <> 1313)`,
    );
    try {
      const name = `Rolled back ${engine}`;
      expect(
        await refusedBy(
          postProductDraft(
            database.db,
            actor(seller),
            JSON.stringify(draft({ name, tiers: [{ minQuantity: "1313", unitPrice: "1" }] })),
          ),
        ),
      ).toBe("test_refuse_quantity");
      expect(await database.db.select().from(products).where(eq(products.name, name))).toEqual([]);
    } finally {
      await database.db.execute(sql`alter table product_price_tiers drop constraint test_refuse_quantity`);
    }
  });

  it("refuses a port that is not an Indian port in the table, writing nothing", async () => {
    const name = "Portless towels";
    expect(
      await postProductDraft(database.db, actor(seller), JSON.stringify(draft({ name, origin_port: "INZZZ" }))),
    ).toMatchObject({
      ok: false,
      fieldErrors: { origin_port: "Choose a port of loading from the list" },
    });
    expect(await database.db.select().from(products).where(eq(products.name, name))).toEqual([]);
  });

  it("refuses a new product's 6-digit HS code or an HTSUS number the table lacks, storing nothing", async () => {
    const name = "Unclassified towels";
    expect(
      await postProductDraft(database.db, actor(seller), JSON.stringify(draft({ name, hs_code: "6302.60" }))),
    ).toMatchObject({ ok: false, message: "Enter the 10-digit HTSUS number, like 6302.60.0020" });
    expect(
      await postProductDraft(database.db, actor(seller), JSON.stringify(draft({ name, hs_code: "6302.60.0099" }))),
    ).toMatchObject({ ok: false, fieldErrors: { hs_code: expect.stringContaining("is not in the HTSUS table") } });
    expect(await database.db.select().from(products).where(eq(products.name, name))).toEqual([]);
  });

  it("edits breaks with the product form: the variant's own SKUs only, the range following the breaks, only the owner", async () => {
    const created = await postProductDraft(
      database.db,
      actor(seller),
      JSON.stringify(
        draft({
          name: "Bath Sheets",
          base_sku: "SHA-SHEETS",
          variants: [{ id: "v1", color: "Ivory", price: "9", stock: "5" }],
        }),
      ),
    );
    const id = created.ok ? created.id : "";
    const values = {
      name: "Bath Sheets",
      description: "",
      category: "home-textiles",
      subcategory: "",
      minimumOrderQuantity: "100",
      unit: "pieces",
      priceMin: "8",
      priceMax: "9",
      // a code given on an edit is the 10-digit HTSUS number (record 0053)
      hsCode: "6302.60.0020",
      originPort: "INNSA",
    };
    const withTiers = form({
      ...values,
      "tiers[0].variantSku": "SHA-SHEETS-VAR1",
      "tiers[0].minQuantity": "500",
      "tiers[0].unitPrice": "7.50",
      "tiers[1].variantSku": "",
      "tiers[1].minQuantity": "",
      "tiers[1].unitPrice": "",
    });
    expect(await postEditProduct(database.db, actor(other), id, withTiers)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await tiersOf(id)).toEqual([]);
    expect(await postEditProduct(database.db, actor(seller), id, withTiers)).toMatchObject({ ok: true });
    expect(await tiersOf(id)).toEqual([{ variantSku: "SHA-SHEETS-VAR1", minQuantity: 500, unitPriceCents: 750 }]);
    const [row] = await database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ priceMinCents: 750, priceMaxCents: 900, hsCode: "6302600020", originPort: "INNSA" });
    const listed = (await listSellerProducts(database.db, actor(seller))).find((p) => p.id === id)!;
    expect(listed).toMatchObject({
      variants: [{ sku: "SHA-SHEETS-VAR1", label: "Ivory" }],
      tiers: [{ variantSku: "SHA-SHEETS-VAR1", minQuantity: 500, unitPriceCents: 750 }],
    });

    const stray = form({
      ...values,
      "tiers[0].variantSku": "SOMEONE-ELSES",
      "tiers[0].minQuantity": "500",
      "tiers[0].unitPrice": "7",
    });
    expect(await postEditProduct(database.db, actor(seller), id, stray)).toMatchObject({
      ok: false,
      fieldErrors: { "tiers[0].minQuantity": "This variant is not one of the product's" },
    });
    expect(await tiersOf(id)).toHaveLength(1);

    // emptied rows remove the breaks, and the range is the form's again
    expect(await postEditProduct(database.db, actor(seller), id, form({ ...values, priceMin: "8.50" }))).toMatchObject({
      ok: true,
    });
    expect(await tiersOf(id)).toEqual([]);
    const [after] = await database.db.select().from(products).where(eq(products.id, id));
    expect(after).toMatchObject({ priceMinCents: 850, priceMaxCents: 900 });
  });

  it("creates a product with the Add Product form's whole-product breaks", async () => {
    const result = await postAddProduct(
      database.db,
      actor(seller),
      form({
        name: "Kitchen Towels",
        category: "home-textiles",
        minimumOrderQuantity: "200",
        unit: "pieces",
        priceMin: "2",
        priceMax: "2.50",
        "tiers[0].minQuantity": "1000",
        "tiers[0].unitPrice": "1.75",
      }),
    );
    expect(result).toMatchObject({ ok: true });
    const id = result.ok ? result.id : "";
    expect(await tiersOf(id)).toEqual([{ variantSku: "", minQuantity: 1000, unitPriceCents: 175 }]);
    const [row] = await database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ priceMinCents: 175, priceMaxCents: 250 });
  });

  it("lets the marketplace's price filter and sort see a product's lowest break", async () => {
    const word = `pricebreak${engine}`;
    const tiered = await postProductDraft(
      database.db,
      actor(other),
      JSON.stringify(
        draft({
          name: `LED Bulb 9W ${word}`,
          category: "electronics",
          variants: [{ id: "v1", price: "12", stock: "1", tiers: [{ minQuantity: "1000", unitPrice: "8" }] }],
        }),
      ),
    );
    const flat = await postProductDraft(
      database.db,
      actor(other),
      JSON.stringify(
        draft({
          name: `LED Bulb 12W ${word}`,
          category: "electronics",
          variants: [
            { id: "v1", price: "8.50", stock: "1" },
            { id: "v2", price: "10", stock: "1" },
          ],
        }),
      ),
    );
    expect(tiered.ok && flat.ok).toBe(true);
    const browse = (query: string) => browseProducts(database.db, parseProductSearchParams(new URLSearchParams(query)));
    // its variant costs $12 at the MOQ, but $8 from 1,000 pieces: cheaper than the other's $8.50, and first by price
    const low = await browse(`q=${word}&max=12&sort=price-low`);
    expect(low.items.map((p) => [p.name, p.priceMinCents])).toEqual([
      [`LED Bulb 9W ${word}`, 800],
      [`LED Bulb 12W ${word}`, 850],
    ]);
    const high = await browse(`q=${word}&sort=price-high`);
    expect(high.items.map((p) => p.name)).toEqual([`LED Bulb 9W ${word}`, `LED Bulb 12W ${word}`]);
    // a lower bound above the lowest break leaves it out: the range starts at $8
    expect((await browse(`q=${word}&min=9`)).items).toEqual([]);
    expect((await browse(`q=${word}&min=8&sort=price-low`)).items.map((p) => p.name)).toEqual([
      `LED Bulb 9W ${word}`,
      `LED Bulb 12W ${word}`,
    ]);
  });
});
