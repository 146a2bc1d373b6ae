import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import { profiles } from "~/db/schema/profiles";
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
  const [byCategory, [people], [trade]] = await Promise.all([
    countProductsByCategory(db),
    db
      .select({
        verifiedSuppliers: sql<number>`(count(*) filter (where ${profiles.isSeller} and ${profiles.verificationStatus} = 'verified'))::int`,
        buyers: sql<number>`(count(*) filter (where ${profiles.isBuyer}))::int`,
      })
      .from(profiles),
    db
      .select({ total: sql<string | null>`sum(${orders.totalCents})` })
      .from(orders)
      .where(sql`${orders.status} <> 'cancelled'`),
  ]);
  return {
    verifiedSuppliers: people?.verifiedSuppliers ?? 0,
    buyers: people?.buyers ?? 0,
    activeProducts: Object.values(byCategory).reduce((sum, n) => sum + n, 0),
    orderValueCents: Number(trade?.total ?? 0),
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
