import { and, eq, ilike, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { likePattern, nestedSql } from "~/db/sql-helpers";
import type { Db } from "~/db/client.server";
import { user as userTable } from "~/db/schema/auth";
import { profiles } from "~/db/schema/profiles";
import type { Profile, VerificationStatus } from "./accounts.schema";
import type { Locale } from "~/lib/locale";

const profileColumns = {
  id: profiles.id,
  userId: profiles.userId,
  fullName: profiles.fullName,
  companyName: profiles.companyName,
  phone: profiles.phone,
  isBuyer: profiles.isBuyer,
  isSeller: profiles.isSeller,
  verificationStatus: profiles.verificationStatus,
  verificationNote: profiles.verificationNote,
  profileCompleted: profiles.profileCompleted,
  preferredLanguage: profiles.preferredLanguage,
};

export async function findProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db.select(profileColumns).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ? toProfile(row) : null;
}

/** The profiles of these users, by user id (a user without a profile is left out): one statement for a page's users. */
export async function profilesOf(db: Db, userIds: readonly string[]): Promise<Map<string, Profile>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select(profileColumns)
    .from(profiles)
    .where(inArray(profiles.userId, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.userId, toProfile(row)]));
}

export function toProfile(row: { verificationStatus: string } & Omit<Profile, "verificationStatus">): Profile {
  return {
    ...row,
    verificationStatus: row.verificationStatus as VerificationStatus,
  };
}

export { profileColumns };

/**
 * A user's company name (null without a profile) as a scalar subquery on their id: for a list that names many users,
 * so it stays one statement while the profiles table stays accounts' (record 0049).
 */
export function companyNameOf(userId: SQLWrapper): SQL<string | null> {
  return nestedSql(
    sql<string | null>`(select ${profiles.companyName} from ${profiles} where ${profiles.userId} = ${userId})`,
  );
}

/** A user's full name (null without a profile) as a scalar subquery on their id, beside companyNameOf. */
export function fullNameOf(userId: SQLWrapper): SQL<string | null> {
  return nestedSql(
    sql<string | null>`(select ${profiles.fullName} from ${profiles} where ${profiles.userId} = ${userId})`,
  );
}

/** A user's verification status (null without a profile) as a scalar subquery on their id, beside companyNameOf. */
export function verificationOf(userId: SQLWrapper): SQL<VerificationStatus | null> {
  return nestedSql(
    sql<VerificationStatus | null>`(select ${profiles.verificationStatus} from ${profiles} where ${profiles.userId} = ${userId})`,
  );
}

/** A user's e-mail address as a scalar subquery on their id: for a statement that reads it beside another domain's row. */
export function emailOf(userId: SQLWrapper): SQL<string> {
  return nestedSql(sql<string>`(select ${userTable.email} from ${userTable} where ${userTable.id} = ${userId})`);
}

/** A user's e-mail address, or null when there is no such user: what a notification is e-mailed to. */
export async function emailAddressOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, userId)).limit(1);
  return row?.email ?? null;
}

/**
 * A user's chosen language (null: none chosen, or no profile) as a scalar subquery on their id: for the e-mails and
 * notices written to them (record 0058), read in the statement that reads their address.
 */
export function preferredLanguageOf(userId: SQLWrapper): SQL<Locale | null> {
  return sql<Locale | null>`(select ${profiles.preferredLanguage} from ${profiles} where ${profiles.userId} = ${userId})`;
}

/** A user's chosen language, or null (the notifier's `languageOf`: e-mails are written in it). */
export async function preferredLanguageFor(db: Db, userId: string): Promise<Locale | null> {
  const [row] = await db
    .select({ locale: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row?.locale ?? null;
}

/** How many verified suppliers and how many buyers Setu has (the home page's figures), in one statement. */
export async function countMembers(db: Db): Promise<{ verifiedSuppliers: number; buyers: number } | undefined> {
  const [people] = await db
    .select({
      verifiedSuppliers: sql<number>`(count(*) filter (where ${profiles.isSeller} and ${profiles.verificationStatus} = 'verified'))::int`,
      buyers: sql<number>`(count(*) filter (where ${profiles.isBuyer}))::int`,
    })
    .from(profiles);
  return people;
}

/** Supplier companies a search names: more than this many is not a useful signal. */
const SUPPLIERS_PER_SEARCH = 50;

/**
 * The suppliers whose company name holds `text` (case-insensitive, wildcards as plain characters, at most
 * SUPPLIERS_PER_SEARCH): the marketplace search also finds their products. One small statement over the company names'
 * trigram index, so the search statement carries a plain list of ids.
 */
export async function suppliersNamed(db: Db, text: string): Promise<string[]> {
  const rows = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.isSeller, true), ilike(profiles.companyName, likePattern(text))))
    .orderBy(profiles.userId)
    .limit(SUPPLIERS_PER_SEARCH);
  return rows.map((row) => row.userId);
}
