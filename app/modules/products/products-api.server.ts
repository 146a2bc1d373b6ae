import type { Db } from "~/db/client.server";
import { parseProductSearchParams } from "./product-search-params";
import { decodeCursor, searchProducts, type ProductSearchQuery } from "./product-search.server";

export type JsonAnswer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * GET /api/products: the marketplace search for integrators, cursor-paginated (README, "Product search API").
 * Same parameters as /browse (q, category, min, max, sort) plus cursor and limit (1-100, default 24).
 * Served by Express directly, not through React Router (decision record 0011).
 */
export async function productsApi(db: Db, search: URLSearchParams): Promise<JsonAnswer> {
  const asked = apiSearchQuery(search);
  if ("error" in asked) return { status: 400, body: { error: asked.error } };
  const page = await searchProducts(db, asked.query);
  return {
    status: 200,
    body: { items: page.items.map((p) => ({ ...p, url: `/product/${p.id}` })), nextCursor: page.nextCursor },
    headers: { "Cache-Control": "public, max-age=30" },
  };
}

/** The search an /api/products query string asks for, or what is wrong with it (the benchmark calls the search with the same). */
export function apiSearchQuery(search: URLSearchParams): { query: ProductSearchQuery } | { error: string } {
  const params = parseProductSearchParams(search);
  const rawCursor = search.get("cursor");
  const cursor = decodeCursor(rawCursor);
  if (rawCursor && !cursor) return { error: "Invalid cursor" };
  const rawLimit = search.get("limit");
  const limit = rawLimit === null ? undefined : Number.parseInt(rawLimit, 10);
  if (limit !== undefined && !(limit >= 1 && limit <= 100))
    return { error: "limit must be a whole number from 1 to 100" };
  return { query: { ...params, cursor, limit } };
}
