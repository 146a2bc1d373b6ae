import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/products";
import { createProduct } from "../../../seed/factories/products";
import { actorOf as actor, createSeller, type Account } from "../../../seed/factories/users";
import { postAddProduct, postEditProduct } from "../../../tests/support/product-form";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { getProductDetail } from "./product-detail.server";
import { listSellerProducts } from "./product-commands.server";
import { sellerStoreOf } from "~/modules/stores/store-owner.server";

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

const valid = {
  name: "Cotton terry hand towels",
  description: "Dobby border",
  category: "home-textiles",
  minimumOrderQuantity: "500",
  unit: "pieces",
  priceMin: "1.10",
  priceMax: "1.75",
};

describe.each(testEngines())("a product's HTSUS code and material on %s", (engine) => {
  let database: TestDatabase;
  let seller: Account;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    seller = await createSeller(database.db, { companyName: "Karur Terry Mills" });
  });
  afterAll(() => database.drop());

  it("takes a 10-digit code of the HTS table with its material and manufacturer, and shows the line's description", async () => {
    const result = await postAddProduct(
      database.db,
      actor(seller),
      form({
        ...valid,
        hsCode: "6302.60.0020",
        material: "100% cotton terry, 450 gsm",
        manufacturer: "Sri Murugan Weaving Mills, Karur",
      }),
    );
    expect(result).toMatchObject({ ok: true });
    const id = result.ok ? result.id : "";
    const [row] = await database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({
      hsCode: "6302600020",
      material: "100% cotton terry, 450 gsm",
      manufacturer: "Sri Murugan Weaving Mills, Karur",
    });
    const listed = (await listSellerProducts(database.db, actor(seller))).find((p) => p.id === id)!;
    expect(listed.hsDescription).toBe(
      "Toilet linen and kitchen linen, of terry toweling or similar terry fabrics, of cotton: Towels: Other",
    );
    const detail = await getProductDetail(database.db, id, sellerStoreOf);
    expect(detail).toMatchObject({ hsCode: "6302600020", material: "100% cotton terry, 450 gsm" });
    expect(detail!.hsDescription).toContain("of cotton: Towels: Other");
  });

  it("refuses a code the HTS table does not hold, with a clear message, and changes nothing", async () => {
    const before = await database.db.select().from(products).where(eq(products.sellerId, seller.user.id));
    const refused = await postAddProduct(database.db, actor(seller), form({ ...valid, hsCode: "6302.60.0099" }));
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        hsCode:
          "6302.60.0099 is not in the HTSUS table Setu holds: check the 10-digit number on hts.usitc.gov (an administrator imports new lines)",
      },
    });
    expect(await database.db.select().from(products).where(eq(products.sellerId, seller.user.id))).toEqual(before);

    const product = await createProduct(database.db, {
      sellerId: seller.user.id,
      name: "Bath towels",
      hsCode: "6302600020",
    });
    const edit = await postEditProduct(
      database.db,
      actor(seller),
      product.id,
      form({ ...valid, name: "Renamed", hsCode: "9999999999" }),
    );
    expect(edit).toMatchObject({
      ok: false,
      fieldErrors: { hsCode: expect.stringContaining("is not in the HTSUS table") },
    });
    const [unchanged] = await database.db.select().from(products).where(eq(products.id, product.id));
    expect(unchanged).toMatchObject({ name: "Bath towels", hsCode: "6302600020" });
  });

  it("keeps a 6-digit code stored before readable and unchanged on edits, and takes only 10 digits on new entries and changes", async () => {
    // new products: the 10-digit number only
    for (const short of ["630260", "6302.60"])
      expect(await postAddProduct(database.db, actor(seller), form({ ...valid, hsCode: short }))).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { hsCode: "Enter the 10-digit HTSUS number, like 6302.60.0020" },
      });
    // a product saved before 10 digits were required: the migration left its code as it was
    const legacy = await createProduct(database.db, {
      sellerId: seller.user.id,
      name: "Hand towels",
      hsCode: "630260",
    });
    const listed = (await listSellerProducts(database.db, actor(seller))).find((p) => p.id === legacy.id)!;
    expect(listed).toMatchObject({ hsCode: "630260", hsDescription: null });
    expect(await getProductDetail(database.db, legacy.id, sellerStoreOf)).toMatchObject({ hsCode: "630260" });
    // editing its price keeps its code; changing the code asks for 10 digits of the table
    expect(
      await postEditProduct(
        database.db,
        actor(seller),
        legacy.id,
        form({ ...valid, priceMax: "1.80", hsCode: "630260" }),
      ),
    ).toMatchObject({ ok: true });
    const refused = await postEditProduct(database.db, actor(seller), legacy.id, form({ ...valid, hsCode: "630291" }));
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { hsCode: "Enter the 10-digit HTSUS number, like 6302.60.0020" },
    });
    let [row] = await database.db.select().from(products).where(eq(products.id, legacy.id));
    expect(row).toMatchObject({ hsCode: "630260", priceMaxCents: 180 });
    expect(
      await postEditProduct(database.db, actor(seller), legacy.id, form({ ...valid, hsCode: "6302.60.0020" })),
    ).toMatchObject({ ok: true });
    [row] = await database.db.select().from(products).where(eq(products.id, legacy.id));
    expect(row!.hsCode).toBe("6302600020");
  });
});
