/**
 * Precision and recall of RFQ → supplier matching on the labelled set (bench/matching-eval-set.ts):
 * `npm run bench:matching`. Builds the set's catalogue in a throwaway PGlite, posts each RFQ and compares the
 * suppliers the matcher would notify (its top 20) with the suppliers labelled as selling what the RFQ asks for.
 * precision = labelled among notified / notified (0 when nobody is notified); recall = labelled among notified /
 * labelled; both averaged over the RFQs.
 */
import { pathToFileURL } from "node:url";
import { migrateDatabase, openPglite } from "../app/db/client.server";
import { rankSuppliersForRfq, MATCHED_SUPPLIERS } from "../app/modules/matching/matching.server";
import { createProducts, type ProductOverrides } from "../seed/factories/products";
import { createRfq } from "../seed/factories/rfqs";
import { createBuyer, createSeller } from "../seed/factories/users";
import { KINDS, suppliers } from "./matching-eval-set";

export type MatchingEvaluation = {
  rfqs: number;
  precisionAt20: number;
  recallAt20: number;
  misses: Array<{ title: string; precision: number; recall: number }>;
};

export async function evaluateMatching(): Promise<MatchingEvaluation> {
  const database = await openPglite(null);
  try {
    await migrateDatabase(database);
    const db = database.db;
    const buyer = await createBuyer(db, { companyName: "Eval Buyer LLC" });
    const sellersByKind = new Map<string, Set<string>>();
    const products: ProductOverrides[] = [];
    for (const supplier of suppliers()) {
      const account = await createSeller(db, {
        companyName: supplier.name,
        verificationStatus: supplier.verified ? "verified" : "pending",
      });
      for (const key of supplier.kinds) {
        const kind = KINDS.find((k) => k.key === key)!;
        (sellersByKind.get(key) ?? sellersByKind.set(key, new Set()).get(key)!).add(account.user.id);
        // each supplier lists one to three of the kind's products, in its own order
        const count = 1 + (account.user.id.charCodeAt(0) % kind.products.length);
        for (const name of kind.products.slice(0, count)) {
          products.push({
            sellerId: account.user.id,
            name,
            category: kind.category,
            tags: kind.tags,
            description: `${name}. Made in India for export; ${kind.tags.join(", ")}.`,
          });
        }
      }
    }
    await createProducts(db, products);
    let precisionSum = 0;
    let recallSum = 0;
    let rfqs = 0;
    const misses: MatchingEvaluation["misses"] = [];
    for (const kind of KINDS) {
      const relevant = sellersByKind.get(kind.key) ?? new Set<string>();
      for (const ask of kind.rfqs) {
        const rfq = await createRfq(db, {
          buyerId: buyer.user.id,
          title: ask.title,
          description: ask.description,
          category: kind.category,
        });
        const notified = (await rankSuppliersForRfq(db, rfq.id, MATCHED_SUPPLIERS)).map((m) => m.sellerId);
        const hits = notified.filter((id) => relevant.has(id)).length;
        const precision = notified.length ? hits / notified.length : 0;
        const recall = relevant.size ? hits / relevant.size : 1;
        precisionSum += precision;
        recallSum += recall;
        rfqs += 1;
        if (precision < 1 || recall < 1) misses.push({ title: ask.title, precision, recall });
      }
    }
    return { rfqs, precisionAt20: precisionSum / rfqs, recallAt20: recallSum / rfqs, misses };
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await evaluateMatching();
  for (const miss of result.misses)
    console.log(`  ${miss.title}: precision ${miss.precision.toFixed(2)}, recall ${miss.recall.toFixed(2)}`);
  console.log(
    `${result.rfqs} RFQs · precision@20 ${result.precisionAt20.toFixed(3)} · recall@20 ${result.recallAt20.toFixed(3)} (target precision ≥ 0.8)`,
  );
}
