import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    userType: text("user_type").notNull().default("buyer"),
    verificationStatus: text("verification_status").notNull().default("pending"),
    verificationNote: text("verification_note"),
    // false for a Google sign-up until the user confirms company name and role
    profileCompleted: boolean("profile_completed").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("profiles_user_type_check", sql`${t.userType} in ('buyer', 'seller')`),
    check(
      "profiles_verification_status_check",
      sql`${t.verificationStatus} in ('pending', 'verified', 'rejected')`,
    ),
    index("profiles_verification_status_idx").on(t.verificationStatus, t.createdAt),
    // marketplace search matches supplier company names by substring
    index("profiles_company_name_trgm_idx").using("gin", sql`${t.companyName} gin_trgm_ops`),
  ],
);
