import { isOneOf } from "../sql-helpers";
import { VERIFICATION_STATUSES } from "../../lib/status-lists";
import { LOCALES, type Locale } from "../../lib/locale";
import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    companyName: text("company_name").notNull(),
    phone: text("phone"),
    // the roles the account holds (decision record 0052): one account may buy, sell, or both; a buyer adds selling
    // later (and a seller buying) on /profile without a second account
    isBuyer: boolean("is_buyer").notNull().default(true),
    isSeller: boolean("is_seller").notNull().default(false),
    verificationStatus: text("verification_status")
      .notNull()
      .default("pending")
      .$type<(typeof VERIFICATION_STATUSES)[number]>(),
    verificationNote: text("verification_note"),
    // false for a Google sign-up until the user confirms company name and role
    profileCompleted: boolean("profile_completed").notNull().default(true),
    // the language chosen with the switch (header, /profile), for pages and e-mails; null follows the browser
    preferredLanguage: text("preferred_language").$type<Locale>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("profiles_has_a_role_check", sql`${t.isBuyer} or ${t.isSeller}`),
    check("profiles_verification_status_check", isOneOf(t.verificationStatus, VERIFICATION_STATUSES)),
    check("profiles_preferred_language_check", isOneOf(t.preferredLanguage, LOCALES)),
    index("profiles_verification_status_idx").on(t.verificationStatus, t.createdAt),
    // marketplace search matches supplier company names by substring
    index("profiles_company_name_trgm_idx").using("gin", sql`${t.companyName} gin_trgm_ops`),
  ],
);

/**
 * A supplier's business registration and export details, entered once on /profile: the numbers verification checks
 * (issue #26) and the export documents print (issue #22). Formats are checked by the shared zod schema; the
 * database keeps the canonical upper-case forms.
 */
export const sellerBusinessDetails = pgTable(
  "seller_business_details",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    legalName: text("legal_name"),
    registeredAddress: text("registered_address"),
    // 15 characters: state code, PAN, entity number, 'Z', check character
    gstin: text("gstin"),
    // Importer-Exporter Code: 10 characters (the PAN since 2018)
    iec: text("iec"),
    // company registration: a CIN (21 characters) or LLPIN, or another registration number
    registrationNumber: text("registration_number"),
    // Letter of Undertaking for zero-rated exports without IGST, e.g. "AD090324012345X", and its validity
    lutReference: text("lut_reference"),
    lutValidUntil: date("lut_valid_until", { mode: "string" }),
    bankAccountName: text("bank_account_name"),
    bankName: text("bank_name"),
    bankAccountNumber: text("bank_account_number"),
    bankIfsc: text("bank_ifsc"),
    bankSwift: text("bank_swift"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "seller_business_details_gstin_check",
      sql`${t.gstin} is null or ${t.gstin} ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'`,
    ),
    check("seller_business_details_iec_check", sql`${t.iec} is null or ${t.iec} ~ '^[0-9A-Z]{10}$'`),
    check("seller_business_details_ifsc_check", sql`${t.bankIfsc} is null or ${t.bankIfsc} ~ '^[A-Z]{4}0[0-9A-Z]{6}$'`),
    // an identity number held by another seller is looked up on every save and review (issue #38)
    index("seller_business_details_gstin_idx").on(sql`upper(btrim(${t.gstin}))`),
    index("seller_business_details_iec_idx").on(sql`upper(btrim(${t.iec}))`),
    index("seller_business_details_registration_idx").on(sql`upper(btrim(${t.registrationNumber}))`),
  ],
);
