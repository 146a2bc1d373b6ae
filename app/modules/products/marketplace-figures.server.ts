import type { Db } from "~/db/client.server";
import { countMembers } from "~/modules/accounts/profiles.server";
import { placedOrderValue } from "~/modules/orders/orders.server";
import { expiringMemo } from "./expiring-memo.server";
import { countProductsByCategory } from "./product-search.server";

/** The marketplace's true size, as the home page states it (issue #26: no page claims what is not so). */
export type MarketplaceFigures = {
  verifiedSuppliers: number;
  activeProducts: number;
  buyers: number;
  /** the value of orders placed on Setu and not cancelled, in USD cents */
  orderValueCents: number;
  productsByCategory: Record<string, number>;
};

/** A home page view need not count a million products: the figures are at most this old. */
export const MARKETPLACE_FIGURES_MAX_AGE_MS = 60_000;
const memo = expiringMemo<Promise<MarketplaceFigures>>(MARKETPLACE_FIGURES_MAX_AGE_MS, 1);

async function countFigures(db: Db): Promise<MarketplaceFigures> {
  const [byCategory, people, total] = await Promise.all([
    countProductsByCategory(db),
    countMembers(db),
    placedOrderValue(db),
  ]);
  return {
    verifiedSuppliers: people?.verifiedSuppliers ?? 0,
    buyers: people?.buyers ?? 0,
    activeProducts: Object.values(byCategory).reduce((sum, n) => sum + n, 0),
    orderValueCents: Number(total ?? 0),
    productsByCategory: byCategory,
  };
}

/** The figures, counted at most once a minute per process; a failed count is not remembered. */
export function marketplaceFigures(db: Db): Promise<MarketplaceFigures> {
  const cached = memo.get(db, "figures");
  if (cached) return cached;
  const counting = countFigures(db);
  memo.set(db, "figures", counting);
  counting.catch(() => memo.delete(db, "figures"));
  return counting;
}
