import { isOneOf } from "../sql-helpers";
import { STORE_STATUSES, VERIFICATION_STATUSES } from "../../lib/status-lists";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./products";

export type StoreAddress = { street?: string; city?: string; state?: string; zipCode?: string; country: string };
export type BusinessHours = Record<string, { open: string; close: string; closed: boolean }>;

export const stores = pgTable(
  "stores",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    phone: text("phone"),
    email: text("email"),
    website: text("website"),
    address: jsonb("address").$type<StoreAddress>().notNull().default({ country: "India" }),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    businessHours: jsonb("business_hours").$type<BusinessHours>(),
    verificationStatus: text("verification_status")
      .notNull()
      .default("pending")
      .$type<(typeof VERIFICATION_STATUSES)[number]>(),
    status: text("status").notNull().default("active").$type<(typeof STORE_STATUSES)[number]>(),
    qrCodeData: text("qr_code_data"),
    // the address qr_code_data encodes (null: stored before it was recorded, so it may lack the scan tag ?src=qr)
    qrCodeUrl: text("qr_code_url"),
    heroBanner: text("hero_banner"),
    logoUrl: text("logo_url"),
    bannerUrl: text("banner_url"),
    tagline: text("tagline"),
    // the About page (issue #26): when the company began, what it is certified for, how much it makes
    yearFounded: integer("year_founded"),
    certifications: text("certifications")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productionCapacity: text("production_capacity"),
    primaryColor: text("primary_color").notNull().default("#3b82f6"),
    sections: jsonb("sections").$type<unknown[]>().notNull().default([]),
    categoryTabs: jsonb("category_tabs").$type<unknown[]>().notNull().default([]),
    storeLayout: jsonb("store_layout")
      .$type<{ layout_type: string; hero_section: boolean; category_tabs: boolean }>()
      .notNull()
      .default({ layout_type: "sections", hero_section: true, category_tabs: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("stores_status_check", isOneOf(t.status, STORE_STATUSES)),
    check("stores_verification_status_check", isOneOf(t.verificationStatus, VERIFICATION_STATUSES)),
    check("stores_year_founded_check", sql`${t.yearFounded} is null or ${t.yearFounded} between 1800 and 2100`),
    check("stores_primary_color_check", sql`${t.primaryColor} ~ '^#[0-9a-fA-F]{6}$'`),
    index("stores_seller_created_idx").on(t.sellerId, t.createdAt, t.id),
    index("stores_status_created_idx").on(t.status, t.createdAt, t.id),
    index("stores_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

export const storeProducts = pgTable(
  "store_products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    featured: boolean("featured").notNull().default(false),
    displayOrder: integer("display_order").notNull().default(0),
    categoryTab: text("category_tab").notNull().default("all"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("store_products_store_product_unique").on(t.storeId, t.productId),
    index("store_products_store_order_idx").on(t.storeId, t.displayOrder),
    index("store_products_product_idx").on(t.productId),
  ],
);

/** Buyers following a store: a real follower count instead of the spec's invented '2.4K+ followers'. */
export const storeFollowers = pgTable(
  "store_followers",
  {
    storeId: uuid("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] }), index("store_followers_user_idx").on(t.userId)],
);
