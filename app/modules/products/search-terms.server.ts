import { and, eq, ilike, sql } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import { profiles } from "~/db/schema/profiles";
import { likePattern } from "~/modules/search/suggestions.server";
import { expiringMemo } from "./expiring-memo.server";

/** The catalogue's words a query word may stand for, at most this many, closest first. */
const TERMS_PER_WORD = 8;
/**
 * How alike a typo and a word must be (shared trigrams over all their trigrams): "cottn" and "cotton"
 * 0.44, "towls" and "towels" 0.44, "furnture" and "furniture" 0.58; "xylophone" and "phone" only 0.33.
 */
const MIN_SIMILARITY = 0.4;
/** Shorter words have no trigram to compare: they are matched as they are. */
export const MIN_TERM_LENGTH = 3;
/** The catalogue's words change only as products are added: a few minutes old is fresh enough. */
const TERMS_MAX_AGE_MS = 5 * 60_000;
const TERMS_CACHE_SIZE = 20_000;
const termsMemo = expiringMemo<string[]>(TERMS_MAX_AGE_MS, TERMS_CACHE_SIZE);

/**
 * For each query word (letters and digits only, see queryWords), the words of the catalogue
 * (search_terms) it may be a typo or a part of: those holding it ("anel" in "panel"), and those that begin
 * with its first two letters (a typo seldom starts a word) and share most of its trigrams (pg_trgm's
 * similarity, see MIN_SIMILARITY). Both read the vocabulary's trigram index. Closest first; none for a word the
 * catalogue has nothing like, or one too short to compare. One statement for the words not looked up in
 * the last few minutes.
 */
export async function termsLike(db: Db, words: string[]): Promise<string[][]> {
  const unknown = [...new Set(words.filter((word) => word.length >= MIN_TERM_LENGTH && /^[\p{L}\p{N}]+$/u.test(word) && !termsMemo.get(db, word)))];
  const found = new Map(unknown.map((word) => [word, [] as string[]]));
  if (unknown.length) {
    // one plain subquery per word (the word a parameter, not a column of an outer query)
    const rows = await queryRows<{ word: string; term: string }>(
      db,
      sql.join(
        unknown.map(
          (word) => sql`(select ${word}::text as word, t.term from search_terms t
            where t.term like ${`%${word}%`} or (t.term like ${`${Array.from(word).slice(0, 2).join("")}%`} and similarity(${word}, t.term) >= ${MIN_SIMILARITY})
            order by similarity(${word}, t.term) desc, t.term
            limit ${TERMS_PER_WORD})`,
        ),
        sql` union all `,
      ),
    );
    // only letters and digits ever reach to_tsquery, whatever a stored word holds
    for (const row of rows) if (/^[\p{L}\p{N}]+$/u.test(row.term)) found.get(row.word)?.push(row.term);
    for (const [word, terms] of found) termsMemo.set(db, word, terms);
  }
  return words.map((word) => found.get(word) ?? termsMemo.get(db, word) ?? []);
}

/** Forgets the words and supplier companies looked up on a database (tests, after changing its products or suppliers). */
export function forgetTerms(db: Db) {
  termsMemo.forget(db);
  suppliersMemo.forget(db);
}

/** Supplier companies a search names: more than this many is not a useful signal. */
const SUPPLIERS_PER_SEARCH = 50;
/** A supplier's new or renamed company is found by name within a minute. */
const SUPPLIERS_MAX_AGE_MS = 60_000;
const suppliersMemo = expiringMemo<Promise<string[]>>(SUPPLIERS_MAX_AGE_MS, TERMS_CACHE_SIZE);

/**
 * The suppliers whose company name holds `text` (case-insensitive, at most SUPPLIERS_PER_SEARCH): a search
 * also finds their products. Looked up once a minute per text, by its own small statement over the
 * company names' trigram index, so the search statement carries a plain list of ids: a subquery there
 * was planned with every search (the planner estimates an ILIKE by running it over the column's
 * statistics) and read the profiles again each time.
 */
export function suppliersNamed(db: Db, text: string): Promise<string[]> {
  const cached = suppliersMemo.get(db, text);
  if (cached) return cached;
  const ids = db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userType, "seller"), ilike(profiles.companyName, likePattern(text))))
    .orderBy(profiles.userId)
    .limit(SUPPLIERS_PER_SEARCH)
    .then((rows) => rows.map((row) => row.userId));
  suppliersMemo.set(db, text, ids);
  // a failed lookup is not kept
  ids.catch(() => suppliersMemo.delete(db, text));
  return ids;
}
