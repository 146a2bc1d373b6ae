import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { orders } from "./orders";

/**
 * A buyer's rating of the supplier after a completed order (issue #22): once per order, three criteria from 1 to 5,
 * a text, and the supplier's one reply. A store's and a product card's rating is its supplier's (an order names no store).
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productQuality: smallint("product_quality").notNull(),
    communication: smallint("communication").notNull(),
    onTimeDelivery: smallint("on_time_delivery").notNull(),
    body: text("body").notNull(),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "reviews_ratings_check",
      sql`${t.productQuality} between 1 and 5 and ${t.communication} between 1 and 5 and ${t.onTimeDelivery} between 1 and 5`,
    ),
    check("reviews_body_check", sql`char_length(${t.body}) between 1 and 2000`),
    check(
      "reviews_reply_check",
      sql`(${t.reply} is null and ${t.repliedAt} is null) or (char_length(${t.reply}) between 1 and 2000 and ${t.repliedAt} is not null)`,
    ),
    // a supplier's reviews newest first, and their averages, read off one index range
    index("reviews_seller_created_idx").on(t.sellerId, t.createdAt, t.id),
  ],
);
