import type { Db } from "~/db/client.server";
import { COLLECTIONS, type CollectionSlug } from "~/lib/collections";
import { expiringMemo } from "./expiring-memo.server";
import { MARKETPLACE_FIGURES_MAX_AGE_MS } from "./marketplace-figures.server";
import { countMatchingProducts, type ProductCount } from "./product-search.server";

export type CollectionCounts = Record<CollectionSlug, ProductCount>;

const memo = expiringMemo<Promise<CollectionCounts>>(MARKETPLACE_FIGURES_MAX_AGE_MS, 1);

/**
 * How many products each collection of the category strip lists, counted by the same search as its page
 * (so a tile's count is the page's "of N"), capped as the page's count is. At most a minute old, like the
 * marketplace figures; a failed count is not remembered.
 */
export function collectionCounts(db: Db): Promise<CollectionCounts> {
  const cached = memo.get(db, "collections");
  if (cached) return cached;
  const counting = Promise.all(
    COLLECTIONS.map(
      async (c) =>
        [
          c.slug,
          await countMatchingProducts(db, { q: "", category: null, min: null, max: null, collection: c.slug }),
        ] as const,
    ),
  ).then((entries) => Object.fromEntries(entries) as CollectionCounts);
  memo.set(db, "collections", counting);
  counting.catch(() => memo.delete(db, "collections"));
  return counting;
}
