import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Page views counted per hour (issue #23.3): a store page, a product page, or a scan of a store's QR code.
 * No visitor is recorded, only how many views a page had in the hour (modules/analytics/view-counter.server.ts).
 * No foreign key: the counter writes in batches, and a page's rows are worthless once the page is gone.
 */
export const pageViewHours = pgTable(
  "page_view_hours",
  {
    kind: text("kind").notNull(),
    subjectId: uuid("subject_id").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    views: integer("views").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subjectId, t.hour] }),
    check("page_view_hours_kind_check", sql`${t.kind} in ('store', 'product', 'qr')`),
  ],
);

/**
 * The same counts per UTC day, written with the hours in one transaction: the Analytics tab reads these, so a
 * 90-day look at a store with hundreds of products sums thousands of rows rather than hundreds of thousands
 * (bench/analytics.ts).
 */
export const pageViewDays = pgTable(
  "page_view_days",
  {
    kind: text("kind").notNull(),
    subjectId: uuid("subject_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subjectId, t.day] }),
    check("page_view_days_kind_check", sql`${t.kind} in ('store', 'product', 'qr')`),
  ],
);
