import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { products } from "~/db/schema/products";
import { createProducts } from "../../../seed/factories/products";
import { createStore } from "../../../seed/factories/stores";
import { createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import {
  PRICE_STOPS,
  priceStopIndex,
  PRODUCT_COUNT_CAP,
  PRODUCTS_PER_PAGE,
  type ProductSearchParams,
} from "./product-search.schema";
import { parseProductSearchParams } from "./product-search-params";
import {
  browseProducts,
  countMatchingProducts,
  countProductsByCategory,
  decodeCursor,
  searchProducts,
  toTsquery,
  type ProductCursor,
} from "./product-search.server";
import { termsLike } from "./search-terms.server";
import { suppliersNamed } from "~/modules/accounts/profiles.server";
import { browseStores } from "../stores/store-directory.server";
import { parseStoreDirectoryParams } from "../stores/store-directory.schema";

const params = (query: string) => parseProductSearchParams(new URLSearchParams(query));
const names = (items: { name: string }[]) => items.map((p) => p.name);
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

describe("marketplace search parameters", () => {
  it("reads the URL leniently and defaults to relevance only while searching", () => {
    expect(params("")).toEqual({ q: "", category: null, min: null, max: null, sort: "newest", page: 1 });
    expect(params("q=%20towels%20&category=home-textiles&min=1000&max=5000&sort=price-high&page=3")).toEqual({
      q: "towels",
      category: "home-textiles",
      min: 1000,
      max: 5000,
      sort: "price-high",
      page: 3,
    });
    expect(params("q=towels").sort).toBe("relevance");
    expect(params("sort=relevance").sort).toBe("newest");
    // the slider's ends mean "no bound"; swapped bounds are put right; nonsense is dropped
    expect(params("min=0&max=100000")).toMatchObject({ min: null, max: null });
    expect(params("min=9000&max=2000")).toMatchObject({ min: 2000, max: 9000 });
    expect(params("category=weapons&min=-5&max=abc&sort=';drop&page=-2")).toMatchObject({
      category: null,
      min: null,
      max: null,
      sort: "newest",
      page: 1,
    });
    expect(params(`q=${"x".repeat(500)}`).q).toHaveLength(100);
    // the browse box's default sort posts nothing: a search typed there is by Best Match, not Newest (#41 item 6)
    expect(params("q=towels&sort=").sort).toBe("relevance");
    expect(params("sort=").sort).toBe("newest");
    expect(params("q=towels&sort=newest").sort).toBe("newest");
  });

  it("reads the price slider's stops by magnitude, useful under $1,000 (#41 item 6)", () => {
    expect(PRICE_STOPS.slice(0, 12)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20]);
    expect(PRICE_STOPS).toContain(150 - 50);
    expect(PRICE_STOPS).toContain(700);
    expect(PRICE_STOPS.at(-1)).toBe(100_000);
    // every stop is above the one before
    expect(PRICE_STOPS.every((stop, i) => i === 0 || stop > PRICE_STOPS[i - 1]!)).toBe(true);
    const at = (dollars: number) => PRICE_STOPS.indexOf(dollars);
    expect(params(`pmin=${at(5)}&pmax=${at(300)}`)).toMatchObject({ min: 5, max: 300 });
    expect(params(`pmin=0&pmax=${PRICE_STOPS.length - 1}`)).toMatchObject({ min: null, max: null });
    // a link's dollars win over the slider's stops; a stop out of range is dropped
    expect(params(`min=12&pmin=${at(5)}&pmax=999`)).toMatchObject({ min: 12, max: null });
    expect(priceStopIndex(300)).toBe(at(300));
    expect(PRICE_STOPS[priceStopIndex(140)]).toBe(100);
  });

  it("writes a match's words as a tsquery, every word required, each any of its terms", () => {
    const cotton = { text: "cotton", prefix: false };
    const tow = { text: "tow", prefix: true };
    expect(toTsquery([[cotton], [tow]])).toBe("cotton & tow:*");
    expect(toTsquery([[cotton, { text: "cottage", prefix: false }], [tow]])).toBe("(cotton | cottage) & tow:*");
    expect(toTsquery([])).toBeNull();
  });
});

// on both engines (test-database.ts): text search and trigram similarity, planned differently on each engine
describe.each(testEngines("both"))("marketplace search on %s", (engine) => {
  let database: TestDatabase;
  let shakti: Account;
  let nandi: Account;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    shakti = await createSeller(database.db, {
      companyName: "Shakti Textiles Pvt. Ltd.",
      verificationStatus: "verified",
    });
    nandi = await createSeller(database.db, { companyName: "Nandi Electronics" });
    await createProducts(database.db, [
      {
        sellerId: shakti.user.id,
        name: "Cotton Terry Towels",
        description: "Absorbent hand towels, 500 GSM.",
        category: "home-textiles",
        tags: ["bath"],
        priceMinCents: 150,
        priceMaxCents: 300,
        createdAt: day(1),
      },
      {
        sellerId: shakti.user.id,
        name: "Organic Bath Sheets",
        description: "Soft sheets woven from organic cotton yarn.",
        category: "home-textiles",
        priceMinCents: 900,
        priceMaxCents: 1400,
        createdAt: day(2),
      },
      {
        sellerId: shakti.user.id,
        name: "Jute Shopping Bags",
        description: "Natural fibre bags with handles.",
        category: "home-textiles",
        tags: ["eco", "packaging"],
        priceMinCents: 80,
        priceMaxCents: 120,
        createdAt: day(3),
      },
      {
        sellerId: nandi.user.id,
        name: "LED Panel Light 40W",
        description: "Flicker-free office lighting.",
        category: "electronics",
        tags: ["lighting"],
        priceMinCents: 1_200_00,
        priceMaxCents: 1_800_00,
        createdAt: day(4),
      },
      {
        sellerId: nandi.user.id,
        name: "Smart Energy Meter",
        description: "Wi-Fi meter for factories.",
        category: "electronics",
        priceMinCents: 45_00,
        priceMaxCents: 60_00,
        createdAt: day(5),
      },
      {
        sellerId: nandi.user.id,
        name: "Retired Cotton Gloves",
        description: "No longer sold.",
        category: "home-textiles",
        status: "inactive",
        createdAt: day(6),
      },
    ]);
  });
  afterAll(() => database.drop());

  it("matches name, description, category, tags and supplier company, active products only", async () => {
    const db = database.db;
    expect(names((await browseProducts(db, params("q=cotton"))).items).sort()).toEqual([
      "Cotton Terry Towels",
      "Organic Bath Sheets",
    ]);
    expect(names((await browseProducts(db, params("q=packaging"))).items)).toEqual(["Jute Shopping Bags"]);
    expect(names((await browseProducts(db, params("q=electronics&sort=name"))).items)).toEqual([
      "LED Panel Light 40W",
      "Smart Energy Meter",
    ]);
    expect(names((await browseProducts(db, params("q=Nandi&sort=name"))).items)).toEqual([
      "LED Panel Light 40W",
      "Smart Energy Meter",
    ]);
    expect((await browseProducts(db, params("q=gloves"))).items).toEqual([]);
  });

  it("matches partial words: prefixes by full-text search, the inside of a name by trigrams", async () => {
    const db = database.db;
    expect(names((await browseProducts(db, params("q=cott"))).items).sort()).toEqual([
      "Cotton Terry Towels",
      "Organic Bath Sheets",
    ]);
    expect(names((await browseProducts(db, params("q=anel%20Lig"))).items)).toEqual(["LED Panel Light 40W"]);
    // a typo finds the product by trigram similarity, once the exact search finds nothing
    expect(names((await browseProducts(db, params("q=cottn"))).items)).toContain("Cotton Terry Towels");
    expect(names((await searchProducts(db, { ...params("q=cottn"), limit: 5 })).items)).toContain(
      "Cotton Terry Towels",
    );
    // text that is only punctuation finds nothing, not everything
    expect((await browseProducts(db, params("q=!!"))).items).toEqual([]);
    expect(names((await browseProducts(db, params("q=hakti"))).items)).toHaveLength(3);
    // LIKE wildcards and tsquery operators in the text are plain characters
    expect((await browseProducts(db, params("q=%25%25%25"))).items).toEqual([]);
    expect((await browseProducts(db, params("q=%27%20%7C%20!"))).total.count).toBe(0);
  });

  it("corrects typos and finds parts of words against the catalogue's own words, kept by the database as products change", async () => {
    const db = database.db;
    // every word of a stored product's name, tags and description, once; never a word of an inactive product's only by chance
    const terms = async () =>
      (await queryRows<{ term: string }>(db, sql`select term from search_terms order by term`)).map((r) => r.term);
    expect(await terms()).toEqual(
      expect.arrayContaining(["absorbent", "cotton", "panel", "lighting", "packaging", "fibre", "gsm"]),
    );
    expect(await terms()).not.toContain("500");
    // the words a query word may stand for: typos, parts of words; nothing for a word the catalogue has nothing like
    expect(await termsLike(db, ["cottn", "anel", "xylophone", "ab"])).toEqual([["cotton"], ["panel"], [], []]);
    // a word the catalogue has nothing like is left out; a search of only such words finds nothing
    expect(names((await browseProducts(db, params("q=pashmina%20towls"))).items)).toEqual(["Cotton Terry Towels"]);
    expect(names((await searchProducts(db, params("q=absorbnt"))).items)).toEqual(["Cotton Terry Towels"]);
    expect((await browseProducts(db, params("q=pashmina%20xylophone"))).total).toEqual({ count: 0, capped: false });
    // a product stored or renamed later brings its words (the database's triggers add them)
    const [mat] = await createProducts(db, [
      {
        sellerId: nandi.user.id,
        name: "Quilted Moving Blanket",
        description: "Heavy padding.",
        category: "home-textiles",
      },
    ]);
    expect(await terms()).toEqual(expect.arrayContaining(["quilted", "blanket", "padding"]));
    await db.update(products).set({ name: "Quilted Furniture Pad" }).where(eq(products.id, mat!.id));
    expect(await terms()).toContain("furniture");
    try {
      expect(names((await browseProducts(db, params("q=furnitur%20blankt"))).items)).toEqual([]);
      expect(names((await browseProducts(db, params("q=furnture"))).items)).toEqual(["Quilted Furniture Pad"]);
    } finally {
      await db.delete(products).where(eq(products.id, mat!.id));
    }
  });

  it("finds the suppliers a text names, case-insensitively, wildcards as plain characters", async () => {
    const db = database.db;
    expect(await suppliersNamed(db, "NANDI elec")).toEqual([nandi.user.id]);
    expect(await suppliersNamed(db, "%")).toEqual([]);
    expect(await suppliersNamed(db, "Kestrel")).toEqual([]);
    const kestrel = await createSeller(db, { companyName: "Kestrel Kitchenware" });
    expect(await suppliersNamed(db, "Kestrel")).toEqual([kestrel.user.id]);
  });

  it("ranks a match in the name above one in the tags, and one in the tags above one in the description", async () => {
    const result = await browseProducts(database.db, params("q=cotton"));
    expect(names(result.items)).toEqual(["Cotton Terry Towels", "Organic Bath Sheets"]);
    // "bath" is a word of the sheets' name and one of the towels' tags
    expect(names((await browseProducts(database.db, params("q=bath"))).items)).toEqual([
      "Organic Bath Sheets",
      "Cotton Terry Towels",
    ]);
    // sorted by anything but relevance, a text search still sorts every match it finds
    expect(names((await browseProducts(database.db, params("q=bath&sort=price-low"))).items)).toEqual([
      "Cotton Terry Towels",
      "Organic Bath Sheets",
    ]);
    expect(names((await browseProducts(database.db, params("q=bath&sort=price-high"))).items)).toEqual([
      "Organic Bath Sheets",
      "Cotton Terry Towels",
    ]);
  });

  it("filters by category and by price (min of the range at least the low bound, max at most the high one)", async () => {
    const db = database.db;
    expect(names((await browseProducts(db, params("category=electronics&sort=name"))).items)).toEqual([
      "LED Panel Light 40W",
      "Smart Energy Meter",
    ]);
    // $1 to $10: Cotton Terry Towels ($1.50-$3.00) and Jute bags ($0.80-$1.20 has min below $1) -> only towels
    expect(names((await browseProducts(db, params("min=1&max=10&sort=name"))).items)).toEqual(["Cotton Terry Towels"]);
    expect(names((await browseProducts(db, params("min=1000"))).items)).toEqual(["LED Panel Light 40W"]);
    const combined = await browseProducts(db, params("q=towels&category=electronics"));
    expect(combined.items).toEqual([]);
    expect(combined.total).toEqual({ count: 0, capped: false });
  });

  it("filters by a top category of the tree with its subcategories, and by a subcategory alone (issue #41.2)", async () => {
    const db = database.db;
    const artisan = await createSeller(db, { companyName: "Moradabad Brass Works" });
    await createProducts(db, [
      { sellerId: artisan.user.id, name: "Brass Planter", category: "home-decor", subcategory: "planters-and-vases" },
      { sellerId: artisan.user.id, name: "Brass Lantern", category: "home-decor", subcategory: "candles-and-lighting" },
      { sellerId: artisan.user.id, name: "Brass Wall Plate", category: "home-decor" },
      { sellerId: artisan.user.id, name: "Brass Diya", category: "handicrafts", subcategory: "metal-crafts" },
    ]);
    try {
      const listed = async (query: string) => names((await browseProducts(db, params(`${query}&sort=name`))).items);
      expect(await listed("category=home-decor")).toEqual(["Brass Lantern", "Brass Planter", "Brass Wall Plate"]);
      expect(await listed("category=planters-and-vases")).toEqual(["Brass Planter"]);
      expect(await listed("category=metal-crafts&q=brass")).toEqual(["Brass Diya"]);
      expect(await listed("category=handicrafts")).toEqual(["Brass Diya"]);
      // an old category is no filter at all: the whole marketplace, as for any slug the tree does not have
      expect(params("category=machinery").category).toBeNull();
    } finally {
      await db.delete(products).where(eq(products.sellerId, artisan.user.id));
    }
  });

  it("finds exactly the products inside a text search's price bound, at and around its ends", async () => {
    const db = database.db;
    // prices at, just inside and just outside the bounds asked
    const prices: Array<[number, number]> = [
      [100, 100],
      [999, 1_000],
      [1_000, 2_000],
      [2_001, 4_999],
      [150, 5_000_000],
      [100_000, 100_000],
      [5_000_000, 9_000_000],
    ];
    const created = await createProducts(
      db,
      prices.map(([priceMinCents, priceMaxCents], i) => ({
        sellerId: nandi.user.id,
        name: `Brassware lot ${i}`,
        category: "engineering-goods",
        priceMinCents,
        priceMaxCents,
      })),
    );
    try {
      for (const low of [null, 1, 9, 10, 11, 20, 1_000, 1_001, 50_000]) {
        for (const high of [null, 1, 10, 20, 49, 50, 1_000, 50_000, 90_000]) {
          // the marketplace reads a reversed bound the right way round
          const [min, max] = low !== null && high !== null && low > high ? [high, low] : [low, high];
          const inside = prices.flatMap(([lo, hi], i) =>
            (min === null || lo >= min * 100) && (max === null || hi <= max * 100) ? [`Brassware lot ${i}`] : [],
          );
          const query = `q=brassware&sort=name${low === null ? "" : `&min=${low}`}${high === null ? "" : `&max=${high}`}`;
          const page = await browseProducts(db, params(query));
          expect(names(page.items), query).toEqual(inside);
          expect(page.total.count, query).toBe(inside.length);
        }
      }
    } finally {
      await db.delete(products).where(
        inArray(
          products.id,
          created.map((p) => p.id),
        ),
      );
    }
  });

  it("sorts newest, by price both ways and by name", async () => {
    const db = database.db;
    const all = (sort: string) => browseProducts(db, params(`sort=${sort}`)).then((r) => names(r.items));
    expect(await all("newest")).toEqual([
      "Smart Energy Meter",
      "LED Panel Light 40W",
      "Jute Shopping Bags",
      "Organic Bath Sheets",
      "Cotton Terry Towels",
    ]);
    expect(await all("price-low")).toEqual([
      "Jute Shopping Bags",
      "Cotton Terry Towels",
      "Organic Bath Sheets",
      "Smart Energy Meter",
      "LED Panel Light 40W",
    ]);
    expect(await all("price-high")).toEqual([
      "LED Panel Light 40W",
      "Smart Energy Meter",
      "Organic Bath Sheets",
      "Cotton Terry Towels",
      "Jute Shopping Bags",
    ]);
    expect(await all("name")).toEqual([
      "Cotton Terry Towels",
      "Jute Shopping Bags",
      "LED Panel Light 40W",
      "Organic Bath Sheets",
      "Smart Energy Meter",
    ]);
  });

  it("pages by number with a total, and by cursor through every sort without gaps or repeats", async () => {
    const db = database.db;
    const page = await browseProducts(db, params(""));
    expect(page.total).toEqual({ count: 5, capped: false });
    expect(page.pageCount).toBe(1);
    expect(page.items.length).toBeLessThanOrEqual(PRODUCTS_PER_PAGE);
    for (const sort of ["newest", "price-low", "price-high", "name", "relevance"] as const) {
      const query: Omit<ProductSearchParams, "page"> = {
        q: sort === "relevance" ? "o" : "",
        category: null,
        min: null,
        max: null,
        sort,
      };
      const expected = names((await searchProducts(db, { ...query, limit: 100 })).items);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const result: Awaited<ReturnType<typeof searchProducts>> = await searchProducts(db, {
          ...query,
          limit: 2,
          cursor: decodeCursor(cursor),
        });
        seen.push(...names(result.items));
        cursor = result.nextCursor;
      } while (cursor);
      expect(seen, sort).toEqual(expected);
    }
    expect(decodeCursor("not-a-cursor")).toBeNull();
    // a page past the end of a text search's window is empty, not an error
    const far = decodeCursor(Buffer.from(JSON.stringify({ o: 900 })).toString("base64url"));
    expect(far).toEqual({ o: 900 });
    expect(
      await searchProducts(db, { q: "cotton", category: null, min: null, max: null, sort: "relevance", cursor: far }),
    ).toEqual({ items: [], nextCursor: null });
    const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    expect(decodeCursor(encoded({ v: 1, id: "x' or 1=1" }))).toBeNull();
    expect(decodeCursor(encoded({ v: 1, id: "-".repeat(36) }))).toBeNull();
    expect(decodeCursor(encoded({ v: 1.5, id: "00000000-0000-0000-0000-000000000000" }))).toBeNull();
    // a cursor whose value does not fit the sort is ignored, never an error
    const odd = { v: "not-a-number", id: "00000000-0000-0000-0000-000000000000" };
    const all = { q: "", category: null, min: null, max: null } as const;
    const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);
    const cheapestFirst = ids(await searchProducts(db, { ...all, sort: "price-low" }));
    expect(cheapestFirst.length).toBeGreaterThan(0);
    expect(ids(await searchProducts(db, { ...all, sort: "price-low", cursor: decodeCursor(encoded(odd)) }))).toEqual(
      cheapestFirst,
    );
    const newestFirst = ids(await searchProducts(db, { ...all, sort: "newest" }));
    expect(ids(await searchProducts(db, { ...all, sort: "newest", cursor: { v: "2026-13-45", id: odd.id } }))).toEqual(
      newestFirst,
    );
  });

  it("counts exactly up to the cap, and ranks and sorts every match of a word, however common", async () => {
    const db = database.db;
    const many = Array.from({ length: PRODUCT_COUNT_CAP + 100 }, (_, i) => ({
      sellerId: nandi.user.id,
      // the first hundred stored are the best matches by text
      name: i < 100 ? `Zinnia zinnia zinnia flask ${i}` : `Borosilicate flask ${i}`,
      description: "Laboratory glassware, zinnia range.",
      category: "chemicals",
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
    }));
    for (let i = 0; i < many.length; i += 500) await createProducts(db, many.slice(i, i + 500));
    try {
      const result = await browseProducts(db, params("q=zinnia"));
      expect(result.total).toEqual({ count: PRODUCT_COUNT_CAP, capped: true });
      // without text the count stops at the same cap
      expect((await browseProducts(db, params("category=chemicals"))).total).toEqual({
        count: PRODUCT_COUNT_CAP,
        capped: true,
      });
      expect(result.items).toHaveLength(PRODUCTS_PER_PAGE);
      for (const item of result.items) expect(item.name).toMatch(/^Zinnia zinnia zinnia flask/);
      // the other sorts order every match
      const byName = await browseProducts(db, params("q=zinnia&sort=name"));
      expect(byName.items[0]!.name).toBe("Borosilicate flask 100");
      expect(names((await browseProducts(db, params("q=zinnia%20flask%200&sort=name"))).items)).toContain(
        "Zinnia zinnia zinnia flask 0",
      );

      // Whole words first: a word that fills the window by itself does not also expand as a prefix
      // ("zinnia" is not read as zinnia:*, so "Zinniaflora" stays out), an unfinished one does.
      await createProducts(db, [
        { sellerId: nandi.user.id, name: "Zinniaflora vase", description: "Hand-blown glass.", category: "chemicals" },
      ]);
      const everyName = async (q: string) => {
        const seen: string[] = [];
        const cursors: (ProductCursor | null)[] = [];
        let cursor: ProductCursor | null = null;
        do {
          const result: Awaited<ReturnType<typeof searchProducts>> = await searchProducts(db, {
            q,
            category: null,
            min: null,
            max: null,
            sort: "name",
            limit: 100,
            cursor,
          });
          seen.push(...names(result.items));
          cursor = decodeCursor(result.nextCursor);
          cursors.push(cursor);
        } while (cursor);
        return { seen, cursors };
      };
      const whole = await everyName("zinnia");
      expect(whole.seen).toHaveLength(many.length);
      expect(whole.seen).not.toContain("Zinniaflora vase");
      expect(whole.cursors[0]?.m).toBeUndefined();
      const unfinished = await everyName("zinni");
      expect(unfinished.seen).toHaveLength(many.length + 1);
      // every page of the unfinished word reads the prefix matches: the cursor carries the mode
      expect(unfinished.cursors.slice(0, -1).every((c) => c?.m === "p")).toBe(true);
      expect(
        names(
          (await searchProducts(db, { q: "zinniaf", category: null, min: null, max: null, sort: "relevance" })).items,
        ),
      ).toEqual(["Zinniaflora vase"]);
      expect(names((await browseProducts(db, params("q=zinniaf"))).items)).toEqual(["Zinniaflora vase"]);
      expect(await countMatchingProducts(db, { q: "zinniaf", category: null, min: null, max: null })).toEqual({
        count: 1,
        capped: false,
      });
      expect(await countMatchingProducts(db, { q: "zinnia", category: null, min: null, max: null })).toEqual({
        count: PRODUCT_COUNT_CAP,
        capped: true,
      });
    } finally {
      await db.delete(products).where(eq(products.category, "chemicals"));
    }
  });

  it("matches whole words first and reads the last word as unfinished only when they find nothing", async () => {
    const db = database.db;
    await createProducts(db, [
      {
        sellerId: nandi.user.id,
        name: "Kevlar cut-resistant gloves",
        description: "Work gloves.",
        category: "auto-components",
      },
      {
        sellerId: nandi.user.id,
        name: "Kevlarite brake lining",
        description: "Friction sheet.",
        category: "auto-components",
      },
    ]);
    try {
      const found = async (q: string) => {
        const [api, page, count] = await Promise.all([
          searchProducts(db, { q, category: null, min: null, max: null, sort: "name" }),
          browseProducts(db, params(`q=${q}&sort=name`)),
          countMatchingProducts(db, { q, category: null, min: null, max: null }),
        ]);
        expect(names(page.items), q).toEqual(names(api.items));
        expect(count.count, q).toBe(api.items.length);
        return names(api.items);
      };
      // "kevlar" is a whole word of one product: the other, which only starts with it, is not what was asked
      expect(await found("kevlar")).toEqual(["Kevlar cut-resistant gloves"]);
      expect(await found("kevlar gloves")).toEqual(["Kevlar cut-resistant gloves"]);
      // an unfinished word matches both, whole words being none
      expect(await found("kevla")).toEqual(["Kevlar cut-resistant gloves", "Kevlarite brake lining"]);
      expect(await found("kevlarit")).toEqual(["Kevlarite brake lining"]);
      expect(await found("auto kevlarit")).toEqual(["Kevlarite brake lining"]);
    } finally {
      await db.delete(products).where(eq(products.category, "auto-components"));
    }
  });

  it("counts active products per category", async () => {
    expect(await countProductsByCategory(database.db)).toEqual({ "home-textiles": 3, electronics: 2 });
  });

  it("searches active stores by name, description and categories, category exact", async () => {
    const db = database.db;
    await createStore(db, {
      sellerId: shakti.user.id,
      name: "Shakti Home Linen",
      description: "Towels and bed linen",
      categories: ["home-textiles", "handicrafts"],
    });
    await createStore(db, {
      sellerId: nandi.user.id,
      name: "Nandi Lighting",
      description: "LED lighting",
      categories: ["electronics"],
    });
    await createStore(db, {
      sellerId: nandi.user.id,
      name: "Hidden Outlet",
      categories: ["home-textiles"],
      status: "hidden",
    });
    const stores = (query: string) =>
      browseStores(db, parseStoreDirectoryParams(new URLSearchParams(query))).then((r) => names(r.items).sort());
    expect(await stores("")).toEqual(["Nandi Lighting", "Shakti Home Linen"]);
    expect(await stores("sq=linen")).toEqual(["Shakti Home Linen"]);
    expect(await stores("sq=handicr")).toEqual(["Shakti Home Linen"]);
    expect(await stores("scategory=electronics")).toEqual(["Nandi Lighting"]);
    // the old labels are no category any more: no filter, every store
    expect(await stores("scategory=Electronics")).toEqual(["Nandi Lighting", "Shakti Home Linen"]);
    expect(await stores("scategory=home-textiles&sq=led")).toEqual([]);
    // the Products tab's search carries over to the Stores tab, unless the tab has its own (#41 item 6)
    expect(await stores("q=linen")).toEqual(["Shakti Home Linen"]);
    expect(await stores("q=linen&sq=")).toEqual(["Nandi Lighting", "Shakti Home Linen"]);
    expect(await stores("q=linen&sq=led")).toEqual(["Nandi Lighting"]);
  });
});
