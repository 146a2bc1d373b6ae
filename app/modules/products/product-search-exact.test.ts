import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { createProducts, type ProductRow } from "../../../seed/factories/products";
import { createSeller } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { PRODUCT_COUNT_CAP, PRODUCTS_PER_PAGE, type ProductSort } from "./product-search.schema";
import { parseProductSearchParams } from "./product-search-params";
import { browseProducts, decodeCursor, searchProducts } from "./product-search.server";

// Every sort is exact: each page of a generated catalogue's search is compared with the same page computed by
// brute force over every product in JavaScript (decision record 0034).

const PRODUCTS = 3_000;
const CATEGORIES = ["electronics", "engineering-goods", "home-textiles"] as const;
/** Filler words: none is a stem of another or of a searched word. */
const FILLER = ["sturdy", "bright", "compact", "rugged", "modern", "classic", "panel", "frame", "module", "socket"];

/** A deterministic pseudo-random stream (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Field = "name" | "tags" | "description";
/** A searched word: how often it is in a product, and where. */
const WORDS: Array<{ word: string; share: number }> = [
  { word: "steel", share: 0.45 }, // common: more matches than the count's cap
  { word: "copper", share: 0.12 },
  { word: "valve", share: 0.2 },
  { word: "graphene", share: 0.004 }, // rare: a dozen products
];

function catalogue(sellerId: string) {
  const next = random(24);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: PRODUCTS }, () => {
    const fields: Record<Field, string[]> = {
      name: [pick(FILLER)],
      tags: [],
      description: [pick(FILLER), pick(FILLER)],
    };
    for (const { word, share } of WORDS)
      if (next() < share) fields[pick(["name", "tags", "description"] as const)].push(word);
    fields.name.push(pick(FILLER));
    // few prices and days, so that sorts tie often and the id decides
    const priceMinCents = 100 * (1 + Math.floor(next() * 40));
    return {
      sellerId,
      name: fields.name.join(" "),
      tags: fields.tags,
      description: fields.description.join(" "),
      category: pick(CATEGORIES),
      priceMinCents,
      priceMaxCents: priceMinCents + 100 * Math.floor(next() * 3),
      status: next() < 0.05 ? ("inactive" as const) : ("active" as const),
      createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(next() * 60))),
    };
  });
}

const wordsOf = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/);
/** 'Best Match' tier by brute force: every word in the name (0), in the name, category or tags (1), anywhere (2). */
function tierOf(p: ProductRow, words: string[]): number | null {
  const name = wordsOf(p.name);
  const nameCategoryTags = [...name, p.category, ...p.tags];
  const all = [...nameCategoryTags, ...wordsOf(p.description)];
  if (!words.every((w) => all.includes(w))) return null;
  if (words.every((w) => name.includes(w))) return 0;
  return words.every((w) => nameCategoryTags.includes(w)) ? 1 : 2;
}

// on both engines (test-database.ts): search sorts and cursors, planned differently on each engine
describe.each(testEngines("both"))("exact sorts against brute force on %s", (engine) => {
  let database: TestDatabase;
  const rows: ProductRow[] = [];
  /** each name's place in the database's own collation (what "Name A-Z" sorts by) */
  let nameRank = new Map<string, number>();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const seller = await createSeller(database.db, { companyName: "Brute Force Traders" });
    const list = catalogue(seller.user.id);
    for (let i = 0; i < list.length; i += 500)
      rows.push(...(await createProducts(database.db, list.slice(i, i + 500))));
    await database.db.execute(sql`analyze products`);
    const ranks = await queryRows<{ name: string; rank: number }>(
      database.db,
      sql`select name, (dense_rank() over (order by name))::int as rank from (select distinct name from products) n`,
    );
    nameRank = new Map(ranks.map((r) => [r.name, Number(r.rank)]));
  }, 120_000);
  afterAll(() => database.drop());

  /** Every active product that the query finds, in its sort, by brute force. */
  function bruteForce(q: string, sort: ProductSort, category: string | null, min: number | null, max: number | null) {
    const words = wordsOf(q).filter(Boolean);
    const id = (a: ProductRow, b: ProductRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const newest = (a: ProductRow, b: ProductRow) => b.createdAt.getTime() - a.createdAt.getTime() || id(b, a);
    const orders: Record<ProductSort, (a: ProductRow, b: ProductRow) => number> = {
      relevance: (a, b) => (words.length ? tierOf(a, words)! - tierOf(b, words)! : 0) || newest(a, b),
      newest,
      "price-low": (a, b) => a.priceMinCents - b.priceMinCents || id(a, b),
      "price-high": (a, b) => b.priceMaxCents - a.priceMaxCents || id(b, a),
      name: (a, b) => nameRank.get(a.name)! - nameRank.get(b.name)! || id(a, b),
    };
    return rows
      .filter(
        (p) =>
          p.status === "active" &&
          (!words.length || tierOf(p, words) !== null) &&
          (category === null || p.category === category) &&
          (min === null || p.priceMinCents >= min * 100) &&
          (max === null || p.priceMaxCents <= max * 100),
      )
      .sort(orders[sort])
      .map((p) => p.id);
  }

  const SEARCHES = [
    "q=steel",
    "q=copper",
    "q=graphene",
    "q=steel%20valve",
    "q=copper&category=home-textiles",
    "q=steel&min=10&max=25",
    "",
  ];
  const SORTS: ProductSort[] = ["relevance", "newest", "price-low", "price-high", "name"];

  it.each(SEARCHES)(
    "pages %s exactly in every sort, by number and by cursor, with an exact capped count",
    async (search) => {
      const db = database.db;
      for (const sort of SORTS) {
        const params = parseProductSearchParams(new URLSearchParams(`${search}&sort=${sort}`));
        const expected = bruteForce(params.q, params.sort, params.category, params.min, params.max);
        const label = `${search} ${params.sort}`;
        expect(expected.length, label).toBeGreaterThan(0);
        // the first page, a later one by number, and the count
        for (const page of [1, 3]) {
          const result = await browseProducts(db, { ...params, page });
          const from = (page - 1) * PRODUCTS_PER_PAGE;
          expect(
            result.items.map((p) => p.id),
            `${label} page ${page}`,
          ).toEqual(expected.slice(from, from + PRODUCTS_PER_PAGE));
          expect(result.total, label).toEqual({
            count: Math.min(expected.length, PRODUCT_COUNT_CAP),
            capped: expected.length > PRODUCT_COUNT_CAP,
          });
        }
        // three pages by cursor, as the API reads them
        const seen: string[] = [];
        let cursor: string | null = null;
        for (let i = 0; i < 3; i++) {
          const result: Awaited<ReturnType<typeof searchProducts>> = await searchProducts(db, {
            ...params,
            limit: 40,
            cursor: decodeCursor(cursor),
          });
          seen.push(...result.items.map((p) => p.id));
          cursor = result.nextCursor;
          if (!cursor) break;
        }
        expect(seen, `${label} by cursor`).toEqual(expected.slice(0, seen.length));
        expect(seen.length, `${label} by cursor`).toBe(Math.min(expected.length, 120));
      }
    },
  );
});
