import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { rfqs } from "./rfqs";

/**
 * The suppliers an RFQ was matched to when it was published (issue #23): how well their active catalogue
 * fits it, and the products that made the match (the reason the supplier reads).
 */
export const rfqMatches = pgTable(
  "rfq_matches",
  {
    rfqId: uuid("rfq_id")
      .notNull()
      .references(() => rfqs.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    score: real("score").notNull(),
    // the names of the supplier's best-matching products, best first (at most three)
    productNames: text("product_names")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.rfqId, t.sellerId] }),
    index("rfq_matches_seller_created_idx").on(t.sellerId, t.createdAt),
  ],
);

/** Categories a supplier does not want to be matched on. */
export const mutedCategories = pgTable(
  "muted_categories",
  {
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.category] }),
    check("muted_categories_category_check", sql`length(${t.category}) between 1 and 60`),
  ],
);
