import { data } from "react-router";
import { parseProductSearchParams } from "~/modules/products/product-search.schema";
import { decodeCursor, searchProducts } from "~/modules/products/product-search.server";
import type { Route } from "./+types/api.products";

/**
 * GET /api/products: the marketplace search for integrators, cursor-paginated.
 * Same parameters as /browse (q, category, min, max, sort) plus cursor and limit (1-100, default 24).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const params = parseProductSearchParams(search);
  const rawCursor = search.get("cursor");
  const cursor = decodeCursor(rawCursor);
  if (rawCursor && !cursor) return data({ error: "Invalid cursor" }, { status: 400 });
  const rawLimit = search.get("limit");
  const limit = rawLimit === null ? undefined : Number.parseInt(rawLimit, 10);
  if (limit !== undefined && !(limit >= 1 && limit <= 100)) return data({ error: "limit must be a whole number from 1 to 100" }, { status: 400 });
  const page = await searchProducts(context.runtime.db, { ...params, cursor, limit });
  return data(
    {
      items: page.items.map((p) => ({ ...p, url: `/product/${p.id}` })),
      nextCursor: page.nextCursor,
    },
    { headers: { "Cache-Control": "public, max-age=30" } },
  );
}
