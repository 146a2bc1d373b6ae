import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "~/db/client.server";
import { inSearchSample, products } from "~/db/schema/products";
import { createProducts } from "../../../tests/factories/products";
import { createStore } from "../../../tests/factories/stores";
import { createSeller, type Account } from "../../../tests/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { MATCH_WINDOW, parseProductSearchParams, PRODUCT_COUNT_CAP, PRODUCTS_PER_PAGE, type ProductSearchParams } from "./product-search.schema";
import {
  browseProducts,
  countMatchingProducts,
  countProductsByCategory,
  decodeCursor,
  encodeCursor,
  exactTsquery,
  prefixTsquery,
  searchLevelsFor,
  searchProducts,
  type ProductCursor,
} from "./product-search.server";
import { expectedMatches, forgetSearchStatistics, lexemesOf, priceShare, primeSearchStatistics, recall, remember, searchStatistics, shareOf } from "./search-statistics.server";
import { forgetTerms, suppliersNamed, termsLike } from "./search-terms.server";
import { browseStores } from "../stores/store-directory.server";
import { parseStoreDirectoryParams } from "../stores/store-directory.schema";

const params = (query: string) => parseProductSearchParams(new URLSearchParams(query));
const names = (items: { name: string }[]) => items.map((p) => p.name);
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

describe("marketplace search parameters", () => {
  it("reads the URL leniently and defaults to relevance only while searching", () => {
    expect(params("")).toEqual({ q: "", category: null, min: null, max: null, sort: "newest", page: 1 });
    expect(params("q=%20towels%20&category=textiles&min=1000&max=5000&sort=price-high&page=3")).toEqual({
      q: "towels",
      category: "textiles",
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
    expect(params("category=weapons&min=-5&max=abc&sort=';drop&page=-2")).toMatchObject({ category: null, min: null, max: null, sort: "newest", page: 1 });
    expect(params(`q=${"x".repeat(500)}`).q).toHaveLength(100);
  });

  it("turns any text into a safe prefix tsquery", () => {
    expect(prefixTsquery("Cotton  tow")).toBe("cotton & tow:*");
    expect(prefixTsquery("it's a 'quote' & | ! :* (x)")).toBe("it & s & a & quote & x:*");
    expect(prefixTsquery("&|!")).toBeNull();
    expect(exactTsquery("Cotton  tow")).toBe("cotton & tow");
    expect(exactTsquery("&|!")).toBeNull();
  });
});

describe.each(testEngines())("marketplace search on %s", (engine) => {
  let database: TestDatabase;
  let shakti: Account;
  let nandi: Account;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    shakti = await createSeller(database.db, { companyName: "Shakti Textiles Pvt. Ltd.", verificationStatus: "verified" });
    nandi = await createSeller(database.db, { companyName: "Nandi Electronics" });
    await createProducts(database.db, [
      { sellerId: shakti.user.id, name: "Cotton Terry Towels", description: "Absorbent hand towels, 500 GSM.", category: "textiles", tags: ["bath"], priceMinCents: 150, priceMaxCents: 300, createdAt: day(1) },
      { sellerId: shakti.user.id, name: "Organic Bath Sheets", description: "Soft sheets woven from organic cotton yarn.", category: "textiles", priceMinCents: 900, priceMaxCents: 1400, createdAt: day(2) },
      { sellerId: shakti.user.id, name: "Jute Shopping Bags", description: "Natural fibre bags with handles.", category: "textiles", tags: ["eco", "packaging"], priceMinCents: 80, priceMaxCents: 120, createdAt: day(3) },
      { sellerId: nandi.user.id, name: "LED Panel Light 40W", description: "Flicker-free office lighting.", category: "electronics", tags: ["lighting"], priceMinCents: 1_200_00, priceMaxCents: 1_800_00, createdAt: day(4) },
      { sellerId: nandi.user.id, name: "Smart Energy Meter", description: "Wi-Fi meter for factories.", category: "electronics", priceMinCents: 45_00, priceMaxCents: 60_00, createdAt: day(5) },
      { sellerId: nandi.user.id, name: "Retired Cotton Gloves", description: "No longer sold.", category: "textiles", status: "inactive", createdAt: day(6) },
    ]);
  });
  afterAll(() => database.drop());

  it("matches name, description, category, tags and supplier company, active products only", async () => {
    const db = database.db;
    expect(names((await browseProducts(db, params("q=cotton"))).items).sort()).toEqual(["Cotton Terry Towels", "Organic Bath Sheets"]);
    expect(names((await browseProducts(db, params("q=packaging"))).items)).toEqual(["Jute Shopping Bags"]);
    expect(names((await browseProducts(db, params("q=electronics&sort=name"))).items)).toEqual(["LED Panel Light 40W", "Smart Energy Meter"]);
    expect(names((await browseProducts(db, params("q=Nandi&sort=name"))).items)).toEqual(["LED Panel Light 40W", "Smart Energy Meter"]);
    expect((await browseProducts(db, params("q=gloves"))).items).toEqual([]);
  });

  it("matches partial words: prefixes by full-text search, the inside of a name by trigrams", async () => {
    const db = database.db;
    expect(names((await browseProducts(db, params("q=cott"))).items).sort()).toEqual(["Cotton Terry Towels", "Organic Bath Sheets"]);
    expect(names((await browseProducts(db, params("q=anel%20Lig"))).items)).toEqual(["LED Panel Light 40W"]);
    // a typo finds the product by trigram similarity, once the exact search finds nothing
    expect(names((await browseProducts(db, params("q=cottn"))).items)).toContain("Cotton Terry Towels");
    expect(names((await searchProducts(db, { ...params("q=cottn"), limit: 5 })).items)).toContain("Cotton Terry Towels");
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
    const terms = async () => (await queryRows<{ term: string }>(db, sql`select term from search_terms order by term`)).map((r) => r.term);
    expect(await terms()).toEqual(expect.arrayContaining(["absorbent", "cotton", "panel", "lighting", "packaging", "fibre", "gsm"]));
    expect(await terms()).not.toContain("500");
    // the words a query word may stand for: typos, parts of words; nothing for a word the catalogue has nothing like
    expect(await termsLike(db, ["cottn", "anel", "xylophone", "ab"])).toEqual([["cotton"], ["panel"], [], []]);
    // a word the catalogue has nothing like is left out; a search of only such words finds nothing
    expect(names((await browseProducts(db, params("q=pashmina%20towls"))).items)).toEqual(["Cotton Terry Towels"]);
    expect(names((await searchProducts(db, params("q=absorbnt"))).items)).toEqual(["Cotton Terry Towels"]);
    expect((await browseProducts(db, params("q=pashmina%20xylophone"))).total).toEqual({ count: 0, capped: false });
    // a product stored or renamed later brings its words (the database's triggers add them)
    const [mat] = await createProducts(db, [{ sellerId: nandi.user.id, name: "Quilted Moving Blanket", description: "Heavy padding.", category: "textiles" }]);
    expect(await terms()).toEqual(expect.arrayContaining(["quilted", "blanket", "padding"]));
    await db.update(products).set({ name: "Quilted Furniture Pad" }).where(eq(products.id, mat!.id));
    expect(await terms()).toContain("furniture");
    forgetTerms(db);
    try {
      expect(names((await browseProducts(db, params("q=furnitur%20blankt"))).items)).toEqual([]);
      expect(names((await browseProducts(db, params("q=furnture"))).items)).toEqual(["Quilted Furniture Pad"]);
    } finally {
      await db.delete(products).where(eq(products.id, mat!.id));
    }
  });

  it("finds the suppliers a text names once a minute, case-insensitively, wildcards as plain characters", async () => {
    const db = database.db;
    forgetTerms(db);
    expect(await suppliersNamed(db, "NANDI elec")).toEqual([nandi.user.id]);
    expect(await suppliersNamed(db, "%")).toEqual([]);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      expect(await suppliersNamed(db, "Kestrel")).toEqual([]);
      const kestrel = await createSeller(db, { companyName: "Kestrel Kitchenware" });
      // a new supplier's name is found within the minute
      expect(await suppliersNamed(db, "Kestrel")).toEqual([]);
      vi.setSystemTime(Date.now() + 61_000);
      expect(await suppliersNamed(db, "Kestrel")).toEqual([kestrel.user.id]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ranks a match in the name above one in the tags, and one in the tags above one in the description", async () => {
    const result = await browseProducts(database.db, params("q=cotton"));
    expect(names(result.items)).toEqual(["Cotton Terry Towels", "Organic Bath Sheets"]);
    // "bath" is a word of the sheets' name and one of the towels' tags
    expect(names((await browseProducts(database.db, params("q=bath"))).items)).toEqual(["Organic Bath Sheets", "Cotton Terry Towels"]);
    // sorted by anything but relevance, a text search still sorts every match it finds
    expect(names((await browseProducts(database.db, params("q=bath&sort=price-low"))).items)).toEqual(["Cotton Terry Towels", "Organic Bath Sheets"]);
    expect(names((await browseProducts(database.db, params("q=bath&sort=price-high"))).items)).toEqual(["Organic Bath Sheets", "Cotton Terry Towels"]);
  });

  it("filters by category and by price (min of the range at least the low bound, max at most the high one)", async () => {
    const db = database.db;
    expect(names((await browseProducts(db, params("category=electronics&sort=name"))).items)).toEqual(["LED Panel Light 40W", "Smart Energy Meter"]);
    // $1 to $10: Cotton Terry Towels ($1.50-$3.00) and Jute bags ($0.80-$1.20 has min below $1) -> only towels
    expect(names((await browseProducts(db, params("min=1&max=10&sort=name"))).items)).toEqual(["Cotton Terry Towels"]);
    expect(names((await browseProducts(db, params("min=1000"))).items)).toEqual(["LED Panel Light 40W"]);
    const combined = await browseProducts(db, params("q=towels&category=electronics"));
    expect(combined.items).toEqual([]);
    expect(combined.total).toEqual({ count: 0, capped: false });
  });

  it("finds exactly the products inside a text search's price bound, at and around the thresholds of the price marks", async () => {
    const db = database.db;
    // the index narrows a bound to the price marks' thresholds ($1, $2, $5, $10, ... $50,000); every row is then checked exactly
    const prices: Array<[number, number]> = [[100, 100], [999, 1_000], [1_000, 2_000], [2_001, 4_999], [150, 5_000_000], [100_000, 100_000], [5_000_000, 9_000_000]];
    const created = await createProducts(db, prices.map(([priceMinCents, priceMaxCents], i) => ({ sellerId: nandi.user.id, name: `Brassware lot ${i}`, category: "machinery", priceMinCents, priceMaxCents })));
    try {
      for (const low of [null, 1, 9, 10, 11, 20, 1_000, 1_001, 50_000]) {
        for (const high of [null, 1, 10, 20, 49, 50, 1_000, 50_000, 90_000]) {
          // the marketplace reads a reversed bound the right way round
          const [min, max] = low !== null && high !== null && low > high ? [high, low] : [low, high];
          const inside = prices.flatMap(([lo, hi], i) => ((min === null || lo >= min * 100) && (max === null || hi <= max * 100) ? [`Brassware lot ${i}`] : []));
          const query = `q=brassware&sort=name${low === null ? "" : `&min=${low}`}${high === null ? "" : `&max=${high}`}`;
          const page = await browseProducts(db, params(query));
          expect(names(page.items), query).toEqual(inside);
          expect(page.total.count, query).toBe(inside.length);
        }
      }
    } finally {
      await db.delete(products).where(inArray(products.id, created.map((p) => p.id)));
    }
  });

  it("sorts newest, by price both ways and by name", async () => {
    const db = database.db;
    const all = (sort: string) => browseProducts(db, params(`sort=${sort}`)).then((r) => names(r.items));
    expect(await all("newest")).toEqual(["Smart Energy Meter", "LED Panel Light 40W", "Jute Shopping Bags", "Organic Bath Sheets", "Cotton Terry Towels"]);
    expect(await all("price-low")).toEqual(["Jute Shopping Bags", "Cotton Terry Towels", "Organic Bath Sheets", "Smart Energy Meter", "LED Panel Light 40W"]);
    expect(await all("price-high")).toEqual(["LED Panel Light 40W", "Smart Energy Meter", "Organic Bath Sheets", "Cotton Terry Towels", "Jute Shopping Bags"]);
    expect(await all("name")).toEqual(["Cotton Terry Towels", "Jute Shopping Bags", "LED Panel Light 40W", "Organic Bath Sheets", "Smart Energy Meter"]);
  });

  it("pages by number with a total, and by cursor through every sort without gaps or repeats", async () => {
    const db = database.db;
    const page = await browseProducts(db, params(""));
    expect(page.total).toEqual({ count: 5, capped: false });
    expect(page.pageCount).toBe(1);
    expect(page.items.length).toBeLessThanOrEqual(PRODUCTS_PER_PAGE);
    for (const sort of ["newest", "price-low", "price-high", "name", "relevance"] as const) {
      const query: Omit<ProductSearchParams, "page"> = { q: sort === "relevance" ? "o" : "", category: null, min: null, max: null, sort };
      const expected = names((await searchProducts(db, { ...query, limit: 100 })).items);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const result: Awaited<ReturnType<typeof searchProducts>> = await searchProducts(db, { ...query, limit: 2, cursor: decodeCursor(cursor) });
        seen.push(...names(result.items));
        cursor = result.nextCursor;
      } while (cursor);
      expect(seen, sort).toEqual(expected);
    }
    expect(decodeCursor("not-a-cursor")).toBeNull();
    // a page past the end of a text search's window is empty, not an error
    const far = decodeCursor(Buffer.from(JSON.stringify({ o: 900 })).toString("base64url"));
    expect(far).toEqual({ o: 900 });
    expect(await searchProducts(db, { q: "cotton", category: null, min: null, max: null, sort: "relevance", cursor: far })).toEqual({ items: [], nextCursor: null });
    const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    expect(decodeCursor(encoded({ v: 1, id: "x' or 1=1" }))).toBeNull();
    expect(decodeCursor(encoded({ v: 1, id: "-".repeat(36) }))).toBeNull();
    expect(decodeCursor(encoded({ v: 1.5, id: "00000000-0000-0000-0000-000000000000" }))).toBeNull();
    // a cursor whose value does not fit the sort is ignored, never an error
    const odd = { v: "not-a-number", id: "00000000-0000-0000-0000-000000000000" };
    await expect(searchProducts(db, { q: "", category: null, min: null, max: null, sort: "price-low", cursor: decodeCursor(encoded(odd)) })).resolves.toBeTruthy();
    await expect(searchProducts(db, { q: "", category: null, min: null, max: null, sort: "newest", cursor: { v: "2026-13-45", id: odd.id } })).resolves.toBeTruthy();
  });

  it("costs one statement a page, supplier companies included, and one more only for each broader match mode", async () => {
    const db = database.db;
    // every statement reaches the driver: postgres.js's unsafe(), PGlite's query()
    const client = (db as unknown as { session: { client: Record<string, (...args: unknown[]) => unknown> } }).session.client;
    const sent = vi.spyOn(client, "unsafe" in client ? "unsafe" : "query");
    const statements = async (run: () => Promise<unknown>) => {
      sent.mockClear();
      await run();
      return sent.mock.calls.length;
    };
    try {
      // without statistics (a table never analyzed), a text search reads the sparsest sample first; what it
      // finds there (next to nothing: a sample is a fixed share of the catalogue) sends it straight to every match
      primeSearchStatistics(db, null);
      forgetTerms(db);
      // "Nandi" also names a supplier company: its suppliers are looked up first (once a minute), then the
      // statement finds their products too
      let first: Awaited<ReturnType<typeof searchProducts>> | null = null;
      expect(await statements(async () => (first = await searchProducts(db, { ...params("q=Nandi"), sort: "name" })))).toBe(3);
      expect(names(first!.items)).toEqual(["LED Panel Light 40W", "Smart Energy Meter"]);
      primeSearchStatistics(db, null);
      expect(await statements(() => searchProducts(db, params("q=Nandi")))).toBe(2);
      // where it found its window is remembered for the same words and filters, in any sort, and found the same
      expect(await statements(() => searchProducts(db, { ...params("q=Nandi"), sort: "name" }))).toBe(1);
      expect((await searchProducts(db, { ...params("q=Nandi"), sort: "name" })).items).toEqual(first!.items);
      expect(await statements(() => countMatchingProducts(db, { q: "Nandi", category: null, min: null, max: null }))).toBe(1);
      expect(await statements(() => searchProducts(db, params("q=Nandi&min=1")))).toBe(2);
      expect(await statements(() => searchProducts(db, params("q=Nandi&min=1")))).toBe(1);
      // with them (autovacuum analyzes a live table), the samples a rare word cannot fill are skipped;
      // the statistics are read once every few minutes, and a word's lexemes once
      await db.execute(sql`analyze products`);
      forgetSearchStatistics(db);
      expect(await statements(() => searchProducts(db, params("q=Nandi")))).toBe(3);
      expect(await statements(() => searchProducts(db, params("q=Nandi")))).toBe(1);
      await searchProducts(db, params("q=cotton"));
      expect(await statements(() => searchProducts(db, params("q=cotton&category=textiles&min=1&sort=price-low")))).toBe(1);
      expect(await statements(() => searchProducts(db, params("sort=name")))).toBe(1);
      // a typo: its lexemes and the suppliers it names (none), exact, then prefix, then the typo match that finds
      // it: its words' lookup in the vocabulary, and (with no statistics for the words it stands for) the
      // sparsest sample, then every match
      expect(await statements(() => searchProducts(db, params("q=cottn")))).toBe(7);
      // the marketplace page: a text search's page counts its own window; without text, a count query too
      expect(await statements(() => browseProducts(db, params("q=Nandi")))).toBe(1);
      expect(await statements(() => browseProducts(db, params("category=electronics")))).toBe(2);
      // past the last page there is no row to read the count off
      expect(await statements(() => browseProducts(db, params("q=Nandi&page=3")))).toBe(2);
      // an empty first page is an empty window: a typo costs a statement per match mode (two levels for the
      // typo match), and finds its product; the same search lately found by the typo match starts there
      expect(await statements(() => browseProducts(db, params("q=cottn&min=1")))).toBe(4);
      expect(await statements(() => browseProducts(db, params("q=cottn")))).toBe(1);
      expect(names((await browseProducts(db, params("q=cottn"))).items)).toContain("Cotton Terry Towels");
      expect((await browseProducts(db, params("q=zzqqxx"))).total).toEqual({ count: 0, capped: false });
      // words the catalogue has nothing like: the typo match has nothing to look for (its words looked up once)
      expect(await statements(() => searchProducts(db, params("q=zzqqxx")))).toBe(2);
      expect(await statements(() => countMatchingProducts(db, { q: "zzqqxx", category: null, min: null, max: null }))).toBe(2);
      // an unfinished word: whole words find nothing, then the prefix does; the same search lately answered
      // by a broader mode starts there, and finds the same (only a search that found something is remembered)
      let terry: Awaited<ReturnType<typeof searchProducts>> | null = null;
      expect(await statements(async () => (terry = await searchProducts(db, params("q=terr"))))).toBeGreaterThanOrEqual(2);
      expect(names(terry!.items)).toEqual(["Cotton Terry Towels"]);
      expect(await statements(() => searchProducts(db, params("q=terr")))).toBe(1);
      expect((await searchProducts(db, params("q=terr"))).items).toEqual(terry!.items);
      expect(await statements(() => countMatchingProducts(db, { q: "terr", category: null, min: null, max: null }))).toBe(1);
      expect(await statements(() => browseProducts(db, params("q=terr&sort=name")))).toBe(1);
      expect(await statements(() => searchProducts(db, params("q=terr&category=electronics")))).toBeGreaterThanOrEqual(2);
      expect(await statements(() => searchProducts(db, params("q=zzqqxx")))).toBe(2);
    } finally {
      sent.mockRestore();
    }
  });

  it("builds each shape of statement once, then fills in each search's values", async () => {
    const db = database.db;
    // Drizzle builds a statement's text in prepareQuery
    const session = (db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
    const built = vi.spyOn(session, "prepareQuery");
    // the statements that read products (the supplier lookup and the statistics are built as they are run)
    const builtTexts = () => built.mock.calls.map(([query]) => (query as { sql: string }).sql).filter((text) => text.includes('from "products"'));
    try {
      const search = (query: string) => searchProducts(db, params(query));
      const textSearches = ["q=towels&min=1&max=5", "q=meter&category=electronics&sort=price-low", "q=bath&sort=name", "q=nandi"];
      for (const query of textSearches) await search(query);
      await searchProducts(db, { ...params("category=textiles&sort=name"), limit: 1 });
      const before = builtTexts().length;
      // the same shapes again, some with other values: nothing is built, and each finds its own
      expect(names((await search("q=towels&min=1&max=5")).items)).toEqual(["Cotton Terry Towels"]);
      expect(names((await search("q=meter&category=electronics&sort=price-low")).items)).toEqual(["Smart Energy Meter"]);
      expect(names((await search("q=bath&sort=name")).items)).toEqual(["Cotton Terry Towels", "Organic Bath Sheets"]);
      expect(names((await search("q=nandi")).items)).toHaveLength(2);
      const firstPage = await searchProducts(db, { ...params("category=electronics&sort=name"), limit: 1 });
      expect(names(firstPage.items)).toEqual(["LED Panel Light 40W"]);
      expect(builtTexts().length).toBe(before);
      // a keyset cursor is a shape of its own, built once for its sort
      const cursor = decodeCursor(firstPage.nextCursor);
      expect(names((await searchProducts(db, { ...params("category=electronics&sort=name"), limit: 1, cursor })).items)).toEqual(["Smart Energy Meter"]);
      expect(builtTexts().slice(before)).toEqual([expect.stringMatching(/\("products"\."name", "products"\."id"\) > \(\$\d+, \$\d+::uuid\)/)]);
      const textileCursor = decodeCursor((await searchProducts(db, { ...params("category=textiles&sort=name"), limit: 1 })).nextCursor);
      expect(names((await searchProducts(db, { ...params("category=textiles&sort=name"), limit: 1, cursor: textileCursor })).items)).toEqual(["Jute Shopping Bags"]);
      expect(builtTexts().length).toBe(before + 1);
      // a card's product and supplier are fetched behind an offset, which keeps the planner from joining them
      for (const text of builtTexts().filter((t) => t.includes('"card"'))) {
        expect(text).toMatch(/where "products"\."id" = "page"\."id" offset \$\d+\) "card"/);
        expect(text).toMatch(/where "profiles"\."user_id" = "card"\."seller_id" offset \$\d+\) "supplier"/);
      }
      // and no statement text was ever built twice
      expect(new Set(builtTexts()).size).toBe(builtTexts().length);
    } finally {
      built.mockRestore();
    }
  });

  it("counts a text search off its own page: exactly the window's size of matches, then one more, '500+'", async () => {
    const db = database.db;
    const yaks = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ sellerId: nandi.user.id, name: `Yak wool bell ${from + i}`, category: "food" as const, createdAt: new Date(Date.UTC(2025, 5, 1) + (from + i) * 60_000) }));
    for (let i = 0; i < MATCH_WINDOW; i += 250) await createProducts(db, yaks(i, 250));
    try {
      const exact = await browseProducts(db, params("q=yak"));
      expect(exact.total).toEqual({ count: MATCH_WINDOW, capped: false });
      expect(await countMatchingProducts(db, { q: "yak", category: null, min: null, max: null })).toEqual(exact.total);
      expect(exact.pageCount).toBe(Math.ceil(MATCH_WINDOW / PRODUCTS_PER_PAGE));
      const last = await browseProducts(db, params(`q=yak&sort=name&page=${exact.pageCount}`));
      expect(last.items).toHaveLength(MATCH_WINDOW - (exact.pageCount - 1) * PRODUCTS_PER_PAGE);
      expect(last.total).toEqual(exact.total);

      await createProducts(db, yaks(MATCH_WINDOW, 1));
      const more = await browseProducts(db, params("q=yak"));
      expect(more.total).toEqual({ count: MATCH_WINDOW, capped: true });
      expect(await countMatchingProducts(db, { q: "yak", category: null, min: null, max: null })).toEqual(more.total);
      // the match past the window is counted, never listed: the last page still ends at the window
      const lastAgain = await browseProducts(db, params(`q=yak&sort=name&page=${exact.pageCount}`));
      expect(lastAgain.items).toHaveLength(MATCH_WINDOW - (exact.pageCount - 1) * PRODUCTS_PER_PAGE);
      // past the last page: no rows, and the count still right
      const past = await browseProducts(db, params(`q=yak&page=${exact.pageCount + 1}`));
      expect(past.items).toEqual([]);
      expect(past.total).toEqual(more.total);
    } finally {
      await db.delete(products).where(eq(products.category, "food"));
    }
  });

  it("caps the count and ranks 'Best Match' within a bounded window of matches, so a common word never scores the whole table", async () => {
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
      expect(result.total).toEqual({ count: MATCH_WINDOW, capped: true });
      // without text the count goes further
      expect((await browseProducts(db, params("category=chemicals"))).total).toEqual({ count: PRODUCT_COUNT_CAP, capped: true });
      expect(result.items).toHaveLength(PRODUCTS_PER_PAGE);
      for (const item of result.items) expect(item.name).toMatch(/^Zinnia zinnia zinnia flask/);
      // the other sorts order the same window
      const byName = await browseProducts(db, params("q=zinnia&sort=name"));
      expect(byName.items[0]!.name).toBe("Borosilicate flask 100");
      expect(names((await browseProducts(db, params("q=zinnia%20flask%200&sort=name"))).items)).toContain("Zinnia zinnia zinnia flask 0");

      // Whole words first: a word that fills the window by itself does not also expand as a prefix
      // ("zinnia" is not read as zinnia:*, so "Zinniaflora" stays out), an unfinished one does.
      await createProducts(db, [{ sellerId: nandi.user.id, name: "Zinniaflora vase", description: "Hand-blown glass.", category: "chemicals" }]);
      const everyName = async (q: string) => {
        const seen: string[] = [];
        const cursors: (ProductCursor | null)[] = [];
        let cursor: ProductCursor | null = null;
        do {
          const result: Awaited<ReturnType<typeof searchProducts>> = await searchProducts(db, { q, category: null, min: null, max: null, sort: "name", limit: 100, cursor });
          seen.push(...names(result.items));
          cursor = decodeCursor(result.nextCursor);
          cursors.push(cursor);
        } while (cursor);
        return { seen, cursors };
      };
      const whole = await everyName("zinnia");
      expect(whole.seen).toHaveLength(MATCH_WINDOW);
      expect(whole.seen).not.toContain("Zinniaflora vase");
      expect(whole.cursors[0]?.m).toBeUndefined();
      const unfinished = await everyName("zinni");
      expect(unfinished.seen).toHaveLength(MATCH_WINDOW);
      // every page of the unfinished word reads the prefix matches: the cursor carries the mode
      expect(unfinished.cursors.slice(0, -1).every((c) => c?.m === "p")).toBe(true);
      expect(names((await searchProducts(db, { q: "zinniaf", category: null, min: null, max: null, sort: "relevance" })).items)).toEqual(["Zinniaflora vase"]);
      expect(names((await browseProducts(db, params("q=zinniaf"))).items)).toEqual(["Zinniaflora vase"]);
      expect(await countMatchingProducts(db, { q: "zinniaf", category: null, min: null, max: null })).toEqual({ count: 1, capped: false });
      expect(await countMatchingProducts(db, { q: "zinnia", category: null, min: null, max: null })).toEqual({ count: MATCH_WINDOW, capped: true });
    } finally {
      await db.delete(products).where(eq(products.category, "chemicals"));
    }
  });

  it("chooses where a text search looks from the database's statistics, and never relies on them for what it finds", async () => {
    const db = database.db;
    // the levels: a sample is read first only when the statistics allow it more than a window of matches
    expect(searchLevelsFor(null)).toEqual([64, 16, 4, 1]);
    expect(searchLevelsFor(100_000)).toEqual([64, 16, 4, 1]);
    expect(searchLevelsFor(64 * MATCH_WINDOW)).toEqual([16, 4, 1]);
    expect(searchLevelsFor(30_000)).toEqual([16, 4, 1]);
    expect(searchLevelsFor(6_000)).toEqual([4, 1]);
    expect(searchLevelsFor(2_000)).toEqual([1]);
    expect(searchLevelsFor(0)).toEqual([1]);
    // a table never analyzed has no statistics to go by
    await db.execute(sql`analyze products`);
    forgetSearchStatistics(db);
    const statistics = await searchStatistics(db);
    expect(statistics).not.toBeNull();
    expect(statistics!.products).toBeGreaterThan(0);
    // lexemes as the database stems them; a stop word has none
    expect(await lexemesOf(db, ["towels", "the", "cotton"])).toEqual([["towel"], [], ["cotton"]]);
    const expected = async (words: string[], prefix = false, category: string | null = null, company: string | null = null) =>
      expectedMatches(statistics, await lexemesOf(db, words), prefix, category, company);
    const cotton = (await expected(["cotton"]))!;
    expect(cotton).toBeGreaterThan(0);
    expect(cotton).toBeLessThanOrEqual(statistics!.products);
    // every word must match: at most as many as the rarest; a word the catalogue lacks, none
    expect(await expected(["cotton", "towels"])).toBeLessThanOrEqual(cotton);
    expect(await expected(["cotton", "xylophonic"])).toBe(0);
    expect(await expected(["the"])).toBe(0);
    // an unfinished last word counts every lexeme it begins; a category, its share of the catalogue
    expect(await expected(["cott"], true)).toBeGreaterThanOrEqual(cotton);
    expect(await expected(["cotton"], false, "textiles")).toBeLessThanOrEqual(cotton);
    expect(await expected(["cotton"], false, "chemicals")).toBe(0);
    // the products of big suppliers whose company name holds the text count too
    expect(statistics!.suppliers.map(([company]) => company)).toContain("nandi electronics");
    expect(await expected(["nandi"], false, null, "Nandi")).toBeGreaterThan(0);
    expect(await expected(["nandi"])).toBe(0);
    expect(expectedMatches(null, [["cotton"]], false, null)).toBeNull();
    // a price bound takes its share of the catalogue, from how ANALYZE saw the prices spread
    expect(statistics!.prices.min).not.toBeNull();
    expect(priceShare(statistics!, { min: null, max: null })).toBe(1);
    const fromThousand = priceShare(statistics!, { min: 1_000_00, max: null });
    expect(fromThousand).toBeGreaterThan(0);
    expect(fromThousand).toBeLessThan(priceShare(statistics!, { min: 1_00, max: null }));
    expect(priceShare(statistics!, { min: null, max: 10_00 })).toBeLessThan(1);
    expect(priceShare(statistics!, { min: 100_000_00, max: null })).toBe(0);
    const cottonFromOne = expectedMatches(statistics, await lexemesOf(db, ["cotton"]), false, null, null, { min: 1_00, max: null })!;
    expect(cottonFromOne).toBeGreaterThan(0);
    expect(cottonFromOne).toBeCloseTo(cotton * priceShare(statistics!, { min: 1_00, max: null }));
    // the share of a spread: its common values, and a straight line inside the histogram's buckets
    const spread = { common: [[500, 0.2]] as Array<[number, number]>, histogram: [0, 100, 200, 300, 400], histogramShare: 0.8 };
    expect(shareOf(spread, "atLeast", 150)).toBeCloseTo(0.2 + 0.8 * 0.625);
    expect(shareOf(spread, "atMost", 150)).toBeCloseTo(0.8 * 0.375);
    expect(shareOf(spread, "atMost", 1_000)).toBeCloseTo(1);
    expect(shareOf(spread, "atLeast", -5)).toBeCloseTo(1);

    // read every few minutes: a stale copy is served while a fresh one is read
    const stale = { products: 1, lexemes: new Map(), categories: new Map(), suppliers: [], prices: { min: null, max: null } };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // where a search found its window is kept as long, per database, and forgotten with the statistics
      remember(db, "a search", 4);
      expect(recall(db, "a search")).toBe(4);
      expect(recall(db, "another")).toBeNull();
      vi.setSystemTime(Date.now() + 6 * 60_000);
      expect(recall(db, "a search")).toBeNull();
      remember(db, "a search", 16);
      primeSearchStatistics(db, stale);
      expect(recall(db, "a search")).toBeNull();
      expect(await searchStatistics(db)).toBe(stale);
      vi.setSystemTime(Date.now() + 6 * 60_000);
      expect(await searchStatistics(db)).toBe(stale);
      await vi.waitFor(async () => expect((await searchStatistics(db))?.products).toBe(statistics!.products));
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes the window of a search with more matches than it ranks from the smallest search sample that fills it, and every match otherwise", async () => {
    const db = database.db;
    // as on a table never analyzed: every sample is tried, sparsest first (below, statistics skip them)
    primeSearchStatistics(db, null);
    // ids in the 1-in-16 sample, in the 1-in-4 sample only, and in neither (by uuid_hash): the database decides
    const rows = await queryRows<{ id: string; in16: boolean; in4: boolean }>(
      db,
      sql`select id, ${inSearchSample(sql`id`, 16)} as in16, ${inSearchSample(sql`id`, 4)} as in4 from (select gen_random_uuid() as id from generate_series(1, 12000)) g`,
    );
    const in16 = rows.filter((r) => r.in16).map((r) => r.id);
    const in4Only = rows.filter((r) => r.in4 && !r.in16).map((r) => r.id);
    const outside = rows.filter((r) => !r.in4).map((r) => r.id);
    expect(in16.length).toBeGreaterThan(MATCH_WINDOW + 20);
    expect(rows.filter((r) => r.in16 && !r.in4)).toEqual([]);
    const numbat = await createSeller(db, { companyName: "Numbat Exports" });
    const inSample = in16.slice(0, MATCH_WINDOW + 20);
    const inQuarter = in4Only.slice(0, 10);
    const elsewhere = outside.slice(0, 30);
    await createProducts(db, [
      // outside both samples, stored first, and better matches by text: a common word's window does not reach them
      ...elsewhere.map((id, i) => ({ id, sellerId: nandi.user.id, name: `Quokka quokka quokka beaker ${i}`, description: "Quokka glassware.", category: "chemicals" as const })),
      // in the 1-in-4 sample only, stored before the small sample's (a window takes matches in storage order)
      ...inQuarter.map((id, i) => ({ id, sellerId: nandi.user.id, name: `Quokka jar ${i}`, description: "Glassware.", category: "chemicals" as const })),
      ...inSample.map((id, i) => ({ id, sellerId: numbat.user.id, name: `Quokka flask ${i}`, description: "Glassware.", category: "chemicals" as const })),
      // a rarer word: three in the small sample, five outside both, all found
      ...in16.slice(MATCH_WINDOW + 20, MATCH_WINDOW + 23).map((id, i) => ({ id, sellerId: nandi.user.id, name: `Wombat pipette ${i}`, category: "chemicals" as const })),
      ...outside.slice(30, 35).map((id, i) => ({ id, sellerId: nandi.user.id, name: `Wombat burette ${i}`, category: "chemicals" as const })),
    ]);
    const sampled = new Set(inSample);
    try {
      const everyId = async (q: string) => {
        const seen: string[] = [];
        let cursor: ProductCursor | null = null;
        do {
          const page: Awaited<ReturnType<typeof searchProducts>> = await searchProducts(db, { q, category: null, min: null, max: null, sort: "name", limit: 100, cursor });
          seen.push(...page.items.map((p) => p.id));
          cursor = decodeCursor(page.nextCursor);
        } while (cursor);
        return seen;
      };
      for (const q of ["quokka", "numbat"]) {
        // "numbat" is only the supplier's company name: its products are found in the sample's index too
        const ids = await everyId(q);
        expect(ids, q).toHaveLength(MATCH_WINDOW);
        expect(new Set(ids).size, q).toBe(MATCH_WINDOW);
        expect(ids.every((id) => sampled.has(id)), q).toBe(true);
        const best = await browseProducts(db, params(`q=${q}`));
        expect(best.total, q).toEqual({ count: MATCH_WINDOW, capped: true });
        expect(best.items.every((p) => sampled.has(p.id)), q).toBe(true);
        expect(await countMatchingProducts(db, { q, category: "chemicals", min: null, max: null }), q).toEqual({ count: MATCH_WINDOW, capped: true });
      }
      expect((await browseProducts(db, params("q=quokka&sort=name"))).items[0]!.name).toBe("Quokka flask 0");
      // a cursor keeps its first page's level: a later page reads the same window
      const first = await searchProducts(db, { ...params("q=quokka&sort=name"), limit: 10 });
      expect(decodeCursor(first.nextCursor)).toMatchObject({ l: 16 });
      // statistics that show "quokka" in too few products to fill any sample send it straight to every match
      // (the products stored first, outside the samples, then fill its window)
      await db.execute(sql`analyze products`);
      forgetSearchStatistics(db);
      const direct = await everyId("quokka");
      expect(direct).toHaveLength(MATCH_WINDOW);
      expect(direct.some((id) => elsewhere.includes(id))).toBe(true);
      expect(decodeCursor((await searchProducts(db, { ...params("q=quokka&sort=name"), limit: 10 })).nextCursor)).toMatchObject({ l: 1 });
      // a cursor from before (no level) is read as a first page is; one naming a level, at that level
      const hand = await searchProducts(db, { ...params("q=quokka"), cursor: { o: 0 } });
      expect(hand.items).toHaveLength(PRODUCTS_PER_PAGE);
      const atSample = await searchProducts(db, { ...params("q=quokka"), limit: 100, cursor: decodeCursor(encodeCursor({ o: 0, l: 16 })) });
      expect(atSample.items.every((p) => sampled.has(p.id))).toBe(true);
      primeSearchStatistics(db, null);
      // fewer matches than the window: all of them, in and out of the samples
      const wombats = await browseProducts(db, params("q=wombat&sort=name"));
      expect(wombats.total).toEqual({ count: 8, capped: false });
      expect(names(wombats.items)).toEqual([...[0, 1, 2, 3, 4].map((i) => `Wombat burette ${i}`), ...[0, 1, 2].map((i) => `Wombat pipette ${i}`)]);
      // the small sample holds the window exactly when it alone has more matches than the window (here 501 of 520)
      await db.delete(products).where(inArray(products.id, inSample.slice(0, 19)));
      const fewer = await everyId("quokka");
      expect(fewer).toHaveLength(MATCH_WINDOW);
      expect(fewer.every((id) => sampled.has(id))).toBe(true);
      // 500 in the small sample: the 1-in-4 sample (those and 10 more) holds the window, still none of the 30 outside
      await db.delete(products).where(eq(products.id, inSample[19]!));
      const quarter = await everyId("quokka");
      expect(quarter).toHaveLength(MATCH_WINDOW);
      expect(quarter.some((id) => inQuarter.includes(id))).toBe(true);
      expect(quarter.some((id) => elsewhere.includes(id))).toBe(false);
      expect((await browseProducts(db, params("q=quokka"))).total).toEqual({ count: MATCH_WINDOW, capped: true });
      // 490 and 10 in the samples, 30 outside: the window is read from every match, and still counts 500+
      await db.delete(products).where(inArray(products.id, inSample.slice(20, 30)));
      const every = await everyId("quokka");
      expect(every).toHaveLength(MATCH_WINDOW);
      expect(every.some((id) => elsewhere.includes(id))).toBe(true);
      expect((await browseProducts(db, params("q=quokka"))).total).toEqual({ count: MATCH_WINDOW, capped: true });
    } finally {
      forgetSearchStatistics(db);
      await db.delete(products).where(eq(products.category, "chemicals"));
    }
  });

  it("matches whole words first and reads the last word as unfinished only when they find nothing", async () => {
    const db = database.db;
    await createProducts(db, [
      { sellerId: nandi.user.id, name: "Kevlar cut-resistant gloves", description: "Work gloves.", category: "automotive" },
      { sellerId: nandi.user.id, name: "Kevlarite brake lining", description: "Friction sheet.", category: "automotive" },
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
      expect(await found("automotive kevlarit")).toEqual(["Kevlarite brake lining"]);
    } finally {
      await db.delete(products).where(eq(products.category, "automotive"));
    }
  });

  it("counts active products per category", async () => {
    expect(await countProductsByCategory(database.db)).toEqual({ textiles: 3, electronics: 2 });
  });

  it("searches active stores by name, description and categories, category exact", async () => {
    const db = database.db;
    await createStore(db, { sellerId: shakti.user.id, name: "Shakti Home Linen", description: "Towels and bed linen", categories: ["Textiles", "Handicrafts"] });
    await createStore(db, { sellerId: nandi.user.id, name: "Nandi Lighting", description: "LED lighting", categories: ["Electronics"] });
    await createStore(db, { sellerId: nandi.user.id, name: "Hidden Outlet", categories: ["Textiles"], status: "hidden" });
    const stores = (query: string) => browseStores(db, parseStoreDirectoryParams(new URLSearchParams(query))).then((r) => names(r.items).sort());
    expect(await stores("")).toEqual(["Nandi Lighting", "Shakti Home Linen"]);
    expect(await stores("sq=linen")).toEqual(["Shakti Home Linen"]);
    expect(await stores("sq=handicr")).toEqual(["Shakti Home Linen"]);
    expect(await stores("scategory=Electronics")).toEqual(["Nandi Lighting"]);
    expect(await stores("scategory=Textiles&sq=led")).toEqual([]);
  });
});
