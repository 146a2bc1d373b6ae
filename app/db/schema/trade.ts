import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Trade reference data (issue #21). Every rate and fee is a row with the date it takes effect and its
 * source, never a constant in code: duties and fees change by executive order and by fiscal year. The
 * figure in force on a day is the row with the latest effective_from on or before it (and, where a row
 * has one, an effective_to after it).
 */

/** Ports and places of the India → USA lanes, by UN/LOCODE (INNSA Nhava Sheva, USLAX Los Angeles …). */
export const ports = pgTable(
  "ports",
  {
    code: text("code").primaryKey(),
    name: text("name").notNull(),
    country: text("country").notNull().$type<"IN" | "US">(),
    // sea: a seaport; air: an airport; inland: an inland container depot or rail ramp
    kind: text("kind").notNull().$type<"sea" | "air" | "inland">(),
    // a US port's state (two letters), to find the port nearest a delivery location
    state: text("state"),
  },
  (t) => [
    check("ports_code_check", sql`${t.code} ~ '^[A-Z]{2}[A-Z0-9]{3}$'`),
    check("ports_country_check", sql`${t.country} in ('IN', 'US')`),
    check("ports_kind_check", sql`${t.kind} in ('sea', 'air', 'inland')`),
  ],
);

/** US ZIP codes by their first three digits → the US port a shipment to them usually enters by. */
export const usZipPorts = pgTable(
  "us_zip_ports",
  {
    zip3From: text("zip3_from").notNull(),
    zip3To: text("zip3_to").notNull(),
    portCode: text("port_code")
      .notNull()
      .references(() => ports.code),
  },
  (t) => [
    check(
      "us_zip_ports_range_check",
      sql`${t.zip3From} ~ '^[0-9]{3}$' and ${t.zip3To} ~ '^[0-9]{3}$' and ${t.zip3From} <= ${t.zip3To}`,
    ),
    uniqueIndex("us_zip_ports_from_idx").on(t.zip3From),
  ],
);

/** Indian rupees per US dollar, kept by an administrator at /admin/rates. */
export const fxRates = pgTable(
  "fx_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rateDate: date("rate_date", { mode: "string" }).notNull(),
    inrPerUsd: numeric("inr_per_usd", { precision: 12, scale: 4 }).notNull(),
    source: text("source").notNull().$type<"fbil" | "customs" | "manual">(),
    note: text("note"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("fx_rates_rate_check", sql`${t.inrPerUsd} > 0`),
    check("fx_rates_source_check", sql`${t.source} in ('fbil', 'customs', 'manual')`),
    uniqueIndex("fx_rates_date_source_idx").on(t.rateDate, t.source),
    index("fx_rates_date_idx").on(t.rateDate, t.createdAt),
  ],
);

/**
 * US general (MFN) duty rates by HS prefix (2 to 10 digits): the longest prefix of a product's code that
 * has a rate in force wins. Loaded by a migration for the chapters Setu's categories use, and by an
 * administrator's import of the USITC HTS export.
 */
export const dutyRates = pgTable(
  "duty_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hsPrefix: text("hs_prefix").notNull(),
    description: text("description").notNull(),
    ratePercent: numeric("rate_percent", { precision: 8, scale: 4 }).notNull(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    effectiveTo: date("effective_to", { mode: "string" }),
    source: text("source").notNull(),
    asOf: date("as_of", { mode: "string" }).notNull(),
  },
  (t) => [
    check("duty_rates_prefix_check", sql`${t.hsPrefix} ~ '^[0-9]{2,10}$'`),
    check("duty_rates_rate_check", sql`${t.ratePercent} >= 0`),
    check("duty_rates_dates_check", sql`${t.effectiveTo} is null or ${t.effectiveTo} > ${t.effectiveFrom}`),
    uniqueIndex("duty_rates_prefix_from_idx").on(t.hsPrefix, t.effectiveFrom),
  ],
);

/**
 * Duties on top of the general rate for goods of one origin (reciprocal and other additional tariffs on
 * Indian goods): for every HS code (hs_prefix null) or a prefix, except the listed prefixes.
 */
export const additionalDuties = pgTable(
  "additional_duties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    originCountry: text("origin_country").notNull().default("IN"),
    hsPrefix: text("hs_prefix"),
    excludedHsPrefixes: text("excluded_hs_prefixes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ratePercent: numeric("rate_percent", { precision: 8, scale: 4 }).notNull(),
    description: text("description").notNull(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    effectiveTo: date("effective_to", { mode: "string" }),
    source: text("source").notNull(),
  },
  (t) => [
    check("additional_duties_prefix_check", sql`${t.hsPrefix} is null or ${t.hsPrefix} ~ '^[0-9]{2,10}$'`),
    check("additional_duties_rate_check", sql`${t.ratePercent} >= 0`),
    check("additional_duties_dates_check", sql`${t.effectiveTo} is null or ${t.effectiveTo} > ${t.effectiveFrom}`),
  ],
);

/**
 * Ad valorem fees with their bounds, by kind: the Merchandise Processing Fee (min/max per US fiscal year),
 * the Harbor Maintenance Fee (ocean only), and the cargo insurance estimate (percent of the CIF value).
 */
export const tradeFees = pgTable(
  "trade_fees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull().$type<"mpf" | "hmf" | "insurance">(),
    ratePercent: numeric("rate_percent", { precision: 8, scale: 4 }).notNull(),
    minCents: bigint("min_cents", { mode: "number" }),
    maxCents: bigint("max_cents", { mode: "number" }),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    effectiveTo: date("effective_to", { mode: "string" }),
    source: text("source").notNull(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("trade_fees_kind_check", sql`${t.kind} in ('mpf', 'hmf', 'insurance')`),
    check("trade_fees_rate_check", sql`${t.ratePercent} >= 0`),
    check(
      "trade_fees_bounds_check",
      sql`(${t.minCents} is null or ${t.minCents} >= 0) and (${t.maxCents} is null or ${t.minCents} is null or ${t.minCents} <= ${t.maxCents})`,
    ),
    uniqueIndex("trade_fees_kind_from_idx").on(t.kind, t.effectiveFrom),
  ],
);

/** Freight estimates by lane: per kg (air, or ocean less-than-container) and per 40-foot container. */
export const freightRates = pgTable(
  "freight_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    originPort: text("origin_port")
      .notNull()
      .references(() => ports.code),
    destinationPort: text("destination_port")
      .notNull()
      .references(() => ports.code),
    mode: text("mode").notNull().$type<"ocean" | "air">(),
    perKgCents: bigint("per_kg_cents", { mode: "number" }),
    perContainerCents: bigint("per_container_cents", { mode: "number" }),
    containerPayloadKg: integer("container_payload_kg"),
    transitDays: integer("transit_days").notNull(),
    effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
    source: text("source").notNull(),
  },
  (t) => [
    check("freight_rates_mode_check", sql`${t.mode} in ('ocean', 'air')`),
    check("freight_rates_price_check", sql`${t.perKgCents} is not null or ${t.perContainerCents} is not null`),
    check(
      "freight_rates_amounts_check",
      sql`(${t.perKgCents} is null or ${t.perKgCents} >= 0) and (${t.perContainerCents} is null or ${t.perContainerCents} >= 0) and (${t.containerPayloadKg} is null or ${t.containerPayloadKg} > 0)`,
    ),
    check("freight_rates_transit_check", sql`${t.transitDays} > 0`),
    uniqueIndex("freight_rates_lane_idx").on(t.originPort, t.destinationPort, t.mode, t.effectiveFrom),
  ],
);

/**
 * The HTSUS nomenclature: every 10-digit statistical reporting number with its description (issue #41). A product's
 * or a quote's HTSUS code must be one of these. Loaded by a migration for the demo's goods and by an administrator's
 * import of the USITC HTS export, which keeps every 10-digit line whether or not it has a rate of its own.
 */
export const htsCodes = pgTable(
  "hts_codes",
  {
    code: text("code").primaryKey(),
    description: text("description").notNull(),
    source: text("source").notNull(),
    asOf: date("as_of", { mode: "string" }).notNull(),
  },
  (t) => [check("hts_codes_code_check", sql`${t.code} ~ '^[0-9]{10}$'`)],
);
