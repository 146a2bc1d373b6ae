import { and, eq, ilike, sql } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import { profiles } from "~/db/schema/profiles";
import { likePattern } from "~/db/sql-helpers";

/** The catalogue's words a query word may stand for, at most this many, closest first. */
const TERMS_PER_WORD = 8;
/**
 * How alike a typo and a word must be (shared trigrams over all their trigrams): "cottn" and "cotton"
 * 0.44, "towls" and "towels" 0.44, "furnture" and "furniture" 0.58; "xylophone" and "phone" only 0.33.
 */
const MIN_SIMILARITY = 0.4;
/** Shorter words have no trigram to compare: they are matched as they are. */
export const MIN_TERM_LENGTH = 3;
const isWord = (text: string) => /^[\p{L}\p{N}]+$/u.test(text);

/**
 * For each query word, the words of the catalogue (search_terms, kept by triggers on products) it may be a
 * typo or a part of: those holding it ("anel" in "panel"), and those that begin with its first two letters (a
 * typo seldom starts a word) and share most of its trigrams. Closest first; none for a word the catalogue has
 * nothing like, or one shorter than MIN_TERM_LENGTH. One statement over the vocabulary's trigram index.
 */
export async function termsLike(db: Db, words: string[]): Promise<string[][]> {
  const asked = [...new Set(words.filter((word) => word.length >= MIN_TERM_LENGTH && isWord(word)))];
  const found = new Map(asked.map((word) => [word, [] as string[]]));
  if (asked.length) {
    const rows = await queryRows<{ word: string; term: string }>(
      db,
      sql.join(
        asked.map(
          (word) => sql`(select ${word}::text as word, t.term from search_terms t
            where t.term like ${`%${word}%`} or (t.term like ${`${Array.from(word).slice(0, 2).join("")}%`} and similarity(${word}, t.term) >= ${MIN_SIMILARITY})
            order by similarity(${word}, t.term) desc, t.term
            limit ${TERMS_PER_WORD})`,
        ),
        sql` union all `,
      ),
    );
    // only letters and digits ever reach to_tsquery, whatever a stored word holds
    for (const row of rows) if (isWord(row.term)) found.get(row.word)?.push(row.term);
  }
  return words.map((word) => found.get(word) ?? []);
}

/** Supplier companies a search names: more than this many is not a useful signal. */
const SUPPLIERS_PER_SEARCH = 50;

/**
 * The suppliers whose company name holds `text` (case-insensitive, wildcards as plain characters, at most
 * SUPPLIERS_PER_SEARCH): a search also finds their products. One small statement over the company names'
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
