import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, type Database } from "~/db/client.server";
import { findCategory, isTopCategory, splitCategory, TOP_CATEGORY_SLUGS } from "~/lib/categories";
import { migrationIndex, migrationsUpTo } from "../support/migrations-up-to";

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as Rows<T> & { rows: T[] }).rows) as T[];

describe("moving the six categories onto the category tree (migration category-tree, issue #41.2)", () => {
  let database: Database | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    await database?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("gives every product, store, RFQ and muted category its place in the tree, losing nothing", async () => {
    const before = migrationsUpTo(migrationIndex("category-tree") - 1);
    dirs.push(before);
    database = await openPglite(null);
    const db = database.db;
    await migrate(db as never, { migrationsFolder: before });

    // written as the code of that time wrote them, naming only the columns that existed then
    for (const [id, type] of [
      ["old-buyer", "buyer"],
      ["old-seller", "seller"],
    ] as const) {
      await db.execute(sql`insert into "user" (id, name, email) values (${id}, ${id}, ${`${id}@example.test`})`);
      await db.execute(
        sql`insert into profiles (user_id, full_name, company_name, user_type) values (${id}, ${id}, ${id}, ${type})`,
      );
    }
    const oldProducts: Array<[name: string, category: string, subcategory: string | null, tags: string[]]> = [
      ["Organic Cotton Bath Towels", "textiles", "Home Textiles", ["towels"]],
      ["Cotton Percale Bedsheet Sets", "textiles", null, []],
      ["Jacquard Throw", "textiles", "home textiles", ["home textiles"]],
      ["Men's Pique Polo Shirts", "textiles", "Apparel", ["polo"]],
      ["Hand Block Printed Fabric", "textiles", "fabrics-and-yarn", []],
      ["Women's Kurtis", "textiles", "Women's Wear", []],
      ["Centrifugal Monoblock Pump", "machinery", "Pumps & Motors", ["pump"]],
      ["Brass Planter", "machinery", "", []],
      ["Ceramic Brake Pads", "automotive", "Brakes", []],
      ["Tellicherry Black Pepper", "food", "spices", []],
      ["Caustic Soda Flakes", "chemicals", "Industrial Chemicals", []],
      ["LED Panel Light", "electronics", "LED Lighting", []],
      ["Bluetooth Earphones", "electronics", null, []],
    ];
    for (const [name, category, subcategory, tags] of oldProducts)
      await db.execute(sql`insert into products (seller_id, name, category, subcategory, tags, price_min_cents, price_max_cents)
        values ('old-seller', ${name}, ${category}, ${subcategory}, ${`{${tags.map((t) => `"${t}"`).join(",")}}`}::text[], 100, 200)`);
    const storeIds = new Map<string, string>();
    for (const [name, categories] of [
      ["Towel House", ["Textiles", "Handicrafts"]],
      ["Polo Mill", ["Textiles"]],
      [
        "Everything Store",
        ["Jewelry", "Machinery", "Automotive", "Food & Beverages", "Medical Equipment", "Furniture"],
      ],
      ["Old Chemist", ["Chemicals", "Electronics"]],
      ["No Categories", []],
    ] as const) {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`insert into stores (seller_id, name, categories)
          values ('old-seller', ${name}, ${`{${categories.map((c) => `"${c}"`).join(",")}}`}::text[]) returning id`),
      );
      storeIds.set(name, row!.id);
    }
    // the Towel House lists the towels and the throw; the Polo Mill the polo shirts
    await db.execute(sql`insert into store_products (store_id, product_id, display_order)
      select ${storeIds.get("Towel House")!}::uuid, id, 0 from products where name in ('Organic Cotton Bath Towels', 'Jacquard Throw')`);
    await db.execute(sql`insert into store_products (store_id, product_id, display_order)
      select ${storeIds.get("Polo Mill")!}::uuid, id, 0 from products where name = 'Men''s Pique Polo Shirts'`);
    for (const [title, description, category] of [
      ["Hotel bath towels, 600 GSM", "White terry.", "textiles"],
      ["Cotton t-shirts", "Crew neck, 180 GSM.", "textiles"],
      ["Irrigation pumps", "Openwell.", "machinery"],
      ["Brake drums", "Cast iron.", "automotive"],
      ["Black pepper", "TGSEB.", "food"],
      ["PCB assembly", "Double-sided.", "electronics"],
    ])
      await db.execute(sql`insert into rfqs (buyer_id, title, description, category, quantity, unit, deadline, delivery_location)
        values ('old-buyer', ${title}, ${description}, ${category}, 10, 'pieces', '2027-01-01', 'Austin, TX')`);
    for (const category of ["textiles", "food", "electronics"])
      await db.execute(sql`insert into muted_categories (seller_id, category) values ('old-seller', ${category})`);

    await migrate(db as never, { migrationsFolder: path.resolve("drizzle") });

    const products = rowsOf<{ name: string; category: string; subcategory: string | null; tags: string[] }>(
      await db.execute(sql`select name, category, subcategory, tags from products order by name`),
    );
    expect(products).toHaveLength(oldProducts.length);
    const product = (name: string) => products.find((p) => p.name === name)!;
    for (const p of products) {
      expect(isTopCategory(p.category), p.name).toBe(true);
      if (p.subcategory) expect(findCategory(p.subcategory)?.parent, p.name).toBe(p.category);
    }
    expect(product("Organic Cotton Bath Towels")).toMatchObject({ category: "home-textiles", subcategory: null });
    // a subcategory the tree does not have is kept as a tag
    expect(product("Organic Cotton Bath Towels").tags).toEqual(["towels", "Home Textiles"]);
    expect(product("Cotton Percale Bedsheet Sets").category).toBe("home-textiles");
    expect(product("Jacquard Throw").tags).toEqual(["home textiles"]);
    expect(product("Men's Pique Polo Shirts")).toMatchObject({
      category: "apparel-and-textiles",
      subcategory: null,
      tags: ["polo", "Apparel"],
    });
    expect(product("Hand Block Printed Fabric")).toMatchObject({
      category: "apparel-and-textiles",
      subcategory: "fabrics-and-yarn",
    });
    expect(product("Women's Kurtis")).toMatchObject({ category: "apparel-and-textiles", subcategory: "womens-wear" });
    expect(product("Centrifugal Monoblock Pump")).toMatchObject({
      category: "engineering-goods",
      subcategory: "pumps-and-motors",
      tags: ["pump"],
    });
    expect(product("Brass Planter")).toMatchObject({ category: "engineering-goods", subcategory: null, tags: [] });
    expect(product("Ceramic Brake Pads")).toMatchObject({ category: "auto-components", tags: ["Brakes"] });
    expect(product("Tellicherry Black Pepper")).toMatchObject({ category: "spices-and-food", subcategory: "spices" });
    expect(product("Caustic Soda Flakes")).toMatchObject({
      category: "chemicals",
      subcategory: "industrial-chemicals",
    });
    expect(product("LED Panel Light")).toMatchObject({ category: "electronics", subcategory: "lighting" });
    expect(product("Bluetooth Earphones")).toMatchObject({ category: "electronics", subcategory: null });

    const stores = rowsOf<{ name: string; categories: string[] }>(
      await db.execute(sql`select name, categories from stores`),
    );
    expect(Object.fromEntries(stores.map((s) => [s.name, s.categories]))).toEqual({
      "Towel House": ["home-textiles", "handicrafts"],
      "Polo Mill": ["apparel-and-textiles"],
      "Everything Store": [
        "jewellery",
        "engineering-goods",
        "auto-components",
        "spices-and-food",
        "pharmaceuticals",
        "furniture",
      ],
      "Old Chemist": ["chemicals", "electronics"],
      "No Categories": [],
    });

    const rfqs = rowsOf<{ title: string; category: string }>(await db.execute(sql`select title, category from rfqs`));
    expect(Object.fromEntries(rfqs.map((r) => [r.title, r.category]))).toEqual({
      "Hotel bath towels, 600 GSM": "home-textiles",
      "Cotton t-shirts": "apparel-and-textiles",
      "Irrigation pumps": "engineering-goods",
      "Brake drums": "auto-components",
      "Black pepper": "spices-and-food",
      "PCB assembly": "electronics",
    });
    const muted = rowsOf<{ category: string }>(
      await db.execute(sql`select category from muted_categories order by category`),
    );
    expect(muted.map((m) => m.category)).toEqual([
      "apparel-and-textiles",
      "electronics",
      "home-textiles",
      "spices-and-food",
    ]);
    for (const m of muted) expect(TOP_CATEGORY_SLUGS).toContain(m.category);

    // the new checks hold: a product cannot be filed under the old six, nor under another category's subcategory
    await expect(
      db.execute(sql`update products set category = 'machinery' where name = 'Brass Planter'`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update products set subcategory = 'metal-crafts' where name = 'Brass Planter'`),
    ).rejects.toThrow();
    expect(splitCategory("metal-crafts")).toEqual({ category: "handicrafts", subcategory: "metal-crafts" });
    await db.execute(
      sql`update products set category = 'handicrafts', subcategory = 'metal-crafts' where name = 'Brass Planter'`,
    );
  }, 120_000); // the whole migration chain, twice, on PGlite: 13 s alone, more beside three other files
});
