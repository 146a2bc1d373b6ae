import { and, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import { mutedCategories, rfqMatches } from "~/db/schema/matching";
import { inMatchingSample, MATCHING_SAMPLES, type MatchingSample } from "~/db/schema/products";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { ANONYMOUS_BUYER } from "~/modules/accounts/buyer-privacy";
import { buyerPhrase, notify, type Notifier } from "~/modules/notifications/notifications.server";
import { RFQ_CATEGORIES } from "~/modules/rfqs/rfq.schema";
import { inviteToRfq } from "~/modules/rfqs/rfqs.server";

/** How many suppliers a new RFQ is sent to. */
export const MATCHED_SUPPLIERS = 20;
/** How many similar verified suppliers a direct inquiry invites when its buyer asks for them (issue #41.3). */
export const INVITED_SIMILAR_SUPPLIERS = 5;

/**
 * At most about this many matching products are ranked in full; a ranking expected to match more ranks the products
 * matching all its words in full and a matching sample of the rest (bench/matching-scale.ts, decision record 0038).
 */
export const RANKED_PRODUCTS = 20_000;

/**
 * Words of an RFQ that say nothing about the goods (units, packing, trade words; English stems as to_tsvector
 * leaves them): "2,000 sets" must not match bedsheet sets to brake pads. Numbers are left out too.
 */
const NOISE_LEXEMES = sql`array['set', 'ton', 'tonn', 'piec', 'pc', 'pcs', 'kg', 'unit', 'pack', 'packag', 'lot', 'box', 'carton', 'meter', 'metr', 'litr', 'liter', 'gram', 'order', 'quantiti', 'wholesal', 'supplier', 'supplie', 'suppli', 'qualiti', 'bulk', 'custom', 'product', 'india', 'indian', 'export', 'import', 'need', 'look', 'requir', 'grade', 'new', 'best', 'high', 'good', 'us', 'usa']::text[]`;

export type SupplierMatch = { sellerId: string; score: number; productNames: string[] };

/**
 * The words of a text that can say what goods it is about, OR-ed into a tsquery (null when none is left): English
 * stems, without numbers and the noise words above. `text` is an SQL expression (a column of the query it sits in).
 */
export function goodsWordsQuery(text: SQL): SQL {
  return sql`(select to_tsquery('simple', string_agg(quote_literal(lexeme), ' | '))
    from unnest(to_tsvector('english', coalesce(${text}, '')))
    where ${isGoodsLexeme(sql`lexeme`)})`;
}

/** Whether a lexeme (an SQL expression) can say what goods a text is about: not a number, not a noise word. */
export function isGoodsLexeme(lexeme: SQL): SQL {
  return sql`(${lexeme} !~ '^[0-9]' and ${lexeme} <> all(${NOISE_LEXEMES}))`;
}

/**
 * What a supplier ranking looks for, as one row (the `r` of the ranking): `rfq_id` (uuid, or null when not an RFQ),
 * `exclude_id` (the user never ranked: the buyer, or the supplier whose page it is), `category` (a top category of the
 * tree), `subcategory` (one of its subcategories, or null), `since` (the moment
 * fast answers are counted back from), `verified_only`, `apply_mutes` (muted categories are about RFQs only),
 * `words` (tsquery that a product must match) and `context` (tsquery that only adds to the rank).
 */
export type RankingSource = SQL;

/**
 * The common core of every supplier ranking (issue #23), one statement giving `seller_id, score, names, verified`:
 * - `words` against the weighted search vector of the active products in the source's category (the marketplace's
 *   own full-text index: name A, category and tags B, description C); `context` only adds to the rank. Products of
 *   other categories do not count: with a few broad categories, a shared word across them ("black", "sets") was
 *   noise far more often than a fit;
 * - a product in the source's subcategory counts double: a subcategory match is closer than a match in the top
 *   category alone (issue #41.2: pumps are not what a brass planter is like, nor towels what a kurta is);
 * - a supplier scores its best product plus a little for each further match;
 * - verified suppliers count half again, and suppliers who quoted fast on RFQs of this category in the 180 days
 *   before `since` (median under a day, or under three) a fifth or a tenth more;
 * - never `exclude_id`, only supplier accounts, and (with `apply_mutes`) none who muted the category.
 * `verifiedFirst` puts every verified supplier before any other, whatever the scores.
 *
 * Ranking reads every matching product (its vector, for the rank) and a common word matches a large part of a
 * category ("cotton", or the category's own name, which every product of it carries): over a million products that
 * took seconds. So the matches are first counted in the 1-in-64 matching sample; when more than RANKED_PRODUCTS are
 * expected, the products matching *all* the words (the best ranked; few, unless there is one word) are ranked in
 * full, and of the others only those in the sparsest matching sample that still holds about RANKED_PRODUCTS, each
 * standing for as many as the sample is sparse in the supplier's count. Which branch runs is decided once per
 * statement (each is gated by the level), and each spells its sample so its partial index serves it.
 */
export function supplierRanking(
  source: RankingSource,
  options: { limit: number; verifiedFirst?: boolean; rankedProducts?: number; subcategoryOnly?: boolean },
): SQL {
  const most = options.rankedProducts ?? RANKED_PRODUCTS;
  // `subcategoryOnly`: only products of the source's subcategory count (when it has one)
  const matching = sql`from r join products p on p.category = r.category and p.search_vector @@ r.words
        where p.status = 'active' and p.seller_id <> r.exclude_id${
          options.subcategoryOnly ? sql` and (r.subcategory is null or p.subcategory = r.subcategory)` : sql``
        }`;
  const columns = sql`p.seller_id, p.name,
          (ts_rank(p.search_vector, r.words) * 2 + coalesce(ts_rank(p.search_vector, r.context), 0) * 0.3)
            * (case when p.subcategory = r.subcategory then 2 else 1 end) as score`;
  const sampled = (oneIn: MatchingSample) => sql`
        union all
        select ${columns}, ${oneIn}::int as weight ${matching} and ${inMatchingSample(sql`p.id`, oneIn)}
          and (select one_in from level) = ${oneIn}
          and not ((select all_in_full from level) and p.search_vector @@ r.all_words)`;
  return sql`
      with r as (select source.*, replace(source.words::text, ' | ', ' & ')::tsquery as all_words from (${source}) source),
      estimate as (
        select count(*) * 64 as any_words, count(*) filter (where p.search_vector @@ r.all_words) * 64 as all_words
        ${matching} and ${inMatchingSample(sql`p.id`, 64)}
      ),
      level as (
        select case when any_words <= ${sql.raw(String(most))} then 1
          when any_words <= ${sql.raw(String(most * 4))} then 4
          when any_words <= ${sql.raw(String(most * 16))} then 16 else 64 end as one_in,
          all_words <= ${sql.raw(String(most))} as all_in_full
        from estimate
      ),
      hits as (
        select ${columns}, 1 as weight ${matching} and (select one_in from level) = 1
        union all
        select ${columns}, 1 as weight ${matching} and p.search_vector @@ r.all_words
          and (select one_in from level) > 1 and (select all_in_full from level)
        ${sql.join(MATCHING_SAMPLES.map(sampled))}
      ),
      ranked as (
        select seller_id, name, score, weight, row_number() over (partition by seller_id order by score desc, name) as n from hits
      ),
      suppliers as (
        select seller_id, max(score) + 0.05 * ln(sum(weight)) as score,
          array_agg(name order by score desc, name) filter (where n <= 3) as names
        from ranked group by seller_id
      ),
      speed as (
        select q.seller_id,
          percentile_cont(0.5) within group (order by extract(epoch from q.created_at - past.created_at)) as median_seconds
        from rfq_responses q
        join rfqs past on past.id = q.rfq_id
        join r on past.category = r.category and past.id is distinct from r.rfq_id
        where q.seller_id in (select seller_id from suppliers) and q.created_at > r.since - interval '180 days'
        group by q.seller_id
      )
      select s.seller_id,
        (s.score
          * (case when pr.verification_status = 'verified' then 1.5 else 1 end)
          * (case when sp.median_seconds <= 86400 then 1.2 when sp.median_seconds <= 259200 then 1.1 else 1 end))::real as score,
        s.names,
        pr.verification_status = 'verified' as verified
      from suppliers s
      join profiles pr on pr.user_id = s.seller_id and pr.is_seller
      left join speed sp on sp.seller_id = s.seller_id
      where not exists (select 1 from muted_categories m, r where r.apply_mutes and m.seller_id = s.seller_id and m.category = r.category)
        -- an RFQ for verified suppliers only is offered to no one who could not quote on it (issue #26)
        and (pr.verification_status = 'verified' or not (select verified_only from r))
      order by ${options.verifiedFirst ? sql`verified desc, ` : sql``}score desc, s.seller_id
      limit ${options.limit}`;
}

/**
 * The suppliers whose active catalogue best fits an RFQ, best first (issue #23): the RFQ's title words against
 * their products (its description only adds to the rank, since "looking for a reliable supplier" would otherwise
 * match everyone), in the RFQ's category, never its own buyer; see supplierRanking.
 */
export async function rankSuppliersForRfq(
  db: Db,
  rfqId: string,
  limit = MATCHED_SUPPLIERS,
  rankedProducts = RANKED_PRODUCTS,
): Promise<SupplierMatch[]> {
  const rows = await queryRows<{ seller_id: string; score: number; names: string[] }>(
    db,
    rfqRankingQuery(rfqId, limit, rankedProducts),
  );
  return rows.map((row) => ({ sellerId: row.seller_id, score: Number(row.score), productNames: row.names ?? [] }));
}

/** The statement rankSuppliersForRfq runs (bench/matching-scale.ts explains it). */
export function rfqRankingQuery(rfqId: string, limit = MATCHED_SUPPLIERS, rankedProducts = RANKED_PRODUCTS): SQL {
  const source = sql`
    select id as rfq_id, buyer_id as exclude_id, category, subcategory, created_at as since, verified_suppliers_only as verified_only,
      true as apply_mutes, ${goodsWordsQuery(sql`title`)} as words, ${goodsWordsQuery(sql`description`)} as context
    from rfqs where id = ${rfqId}`;
  return supplierRanking(source, { limit, rankedProducts });
}

/**
 * Matches a published RFQ to its suppliers and tells each of them, once: the matches and the notifications commit
 * together, and a retried job finds them already there (the primary key and each notification's event key).
 * Run by the `match-rfq` job, never in the buyer's request. Returns how many suppliers were matched.
 */
export async function matchRfq(db: Db, notifier: Notifier, rfqId: string): Promise<number> {
  const [rfq] = await queryRows<{
    title: string;
    quantity: number;
    unit: string;
    status: string;
    company: string | null;
    buyer_id: string;
    addressed_seller_id: string | null;
    invite_similar: boolean;
    anonymous: boolean;
  }>(
    db,
    // an anonymous buyer stays anonymous in the suppliers' notices and e-mails (issue #41)
    sql`select r.title, r.quantity, r.unit, r.status, case when r.buyer_anonymous then ${ANONYMOUS_BUYER} else p.company_name end as company,
          r.buyer_id, r.addressed_seller_id, r.invite_similar, r.buyer_anonymous as anonymous
        from rfqs r left join profiles p on p.user_id = r.buyer_id where r.id = ${rfqId}`,
  );
  if (!rfq || rfq.status !== "published") return 0;
  // a direct inquiry is matched to no one but the similar suppliers its buyer asked to invite (issue #41.3)
  const direct = rfq.addressed_seller_id !== null;
  if (direct && !rfq.invite_similar) return 0;
  const ranked = direct
    ? (await rankSimilarForInquiry(db, rfqId)).filter((m) => m.sellerId !== rfq.buyer_id)
    : await rankSuppliersForRfq(db, rfqId);
  if (ranked.length === 0) return 0;
  let matches = ranked;
  await db.transaction(async (tx) => {
    if (direct) {
      // rfqs owns who may quote: the invitations go through it, and only those newly invited are told
      const invited = new Set(
        await inviteToRfq(
          tx,
          rfqId,
          ranked.slice(0, INVITED_SIMILAR_SUPPLIERS).map((m) => m.sellerId),
        ),
      );
      matches = ranked.filter((m) => invited.has(m.sellerId));
    }
    if (matches.length === 0) return;
    await tx
      .insert(rfqMatches)
      .values(matches.map((m) => ({ rfqId, sellerId: m.sellerId, score: m.score, productNames: m.productNames })))
      .onConflictDoNothing();
    for (const match of matches) {
      const reason = matchReason(match.productNames);
      // in the supplier's language when they chose another (record 0058); the buyer's words stay as written
      const params = {
        title: rfq.title,
        buyer: buyerPhrase(rfq.company, rfq.anonymous),
        quantity: { number: rfq.quantity },
        unit: rfq.unit,
        products: match.productNames.join(", "),
      };
      const body = `${rfq.company || "A buyer"} is looking for ${rfq.quantity.toLocaleString("en-US")} ${rfq.unit}: "${rfq.title}". ${reason}.`;
      await notify(tx, notifier, {
        userId: match.sellerId,
        kind: "rfq_matched",
        title: direct ? `Invited to quote: "${rfq.title}"` : `New RFQ for you: "${rfq.title}"`,
        body,
        href: `/rfqs/${rfqId}`,
        eventKey: `rfq-match:${rfqId}`,
        // the push to the supplier's devices, in their language too
        translated: {
          title: direct ? "emails:rfqMatched.titleInvited" : "emails:rfqMatched.title",
          body: match.productNames.length ? "emails:rfqMatched.body" : "emails:rfqMatched.bodyCatalogue",
          params,
        },
        email: {
          subject: `New RFQ that matches your products: "${rfq.title}"`,
          text: `${body}\n\nSee the RFQ and quote:`,
          translated: {
            subject: "emails:rfqMatched.subject",
            text: match.productNames.length ? "emails:rfqMatched.text" : "emails:rfqMatched.textCatalogue",
            params,
          },
        },
      });
    }
  });
  return matches.length;
}

/**
 * The similar verified suppliers a direct inquiry may invite, best first (issue #41.3): ranked as "similar suppliers"
 * are for its product (the product's name and tags; its description only adds to the rank), in the product's
 * subcategory of the tree only, verified only, never the product's own supplier nor anyone who muted the category.
 * One more than INVITED_SIMILAR_SUPPLIERS, so that the buyer (when a supplier too) can be left out.
 */
export async function rankSimilarForInquiry(db: Db, rfqId: string): Promise<SupplierMatch[]> {
  const source = sql`
    select r.id as rfq_id, p.seller_id as exclude_id, p.category, p.subcategory, r.created_at as since,
      true as verified_only, true as apply_mutes,
      ${goodsWordsQuery(sql`p.name || ' ' || array_to_string(p.tags, ' ')`)} as words, ${goodsWordsQuery(sql`p.description`)} as context
    from rfqs r join products p on p.id = r.product_id
    where r.id = ${rfqId} and r.addressed_seller_id is not null`;
  const rows = await queryRows<{ seller_id: string; score: number; names: string[] }>(
    db,
    supplierRanking(source, { limit: INVITED_SIMILAR_SUPPLIERS + 1, subcategoryOnly: true }),
  );
  return rows.map((row) => ({ sellerId: row.seller_id, score: Number(row.score), productNames: row.names ?? [] }));
}

/** The line a supplier reads under a matched RFQ. */
export function matchReason(productNames: readonly string[]): string {
  return productNames.length ? `Matches your products: ${productNames.join(", ")}` : "Matches your catalogue";
}

/** The categories the supplier muted, in the order of the category list. */
export async function listMutedCategories(db: Db, actor: SessionUser): Promise<string[]> {
  const rows = await db
    .select({ category: mutedCategories.category })
    .from(mutedCategories)
    .where(eq(mutedCategories.sellerId, actor.id));
  const muted = new Set(rows.map((r) => r.category));
  return RFQ_CATEGORIES.map((c) => c.value).filter((value) => muted.has(value));
}

export type MuteResult = { ok: boolean; status: number; message: string };

/** Mutes or unmutes one RFQ category for a supplier: no more matches (and no notices) in it. */
export async function setCategoryMuted(
  db: Db,
  actor: SessionUser,
  category: string,
  muted: boolean,
): Promise<MuteResult> {
  if (!actor.profile?.isSeller)
    return { ok: false, status: 403, message: "Only supplier accounts are matched to RFQs" };
  const known = RFQ_CATEGORIES.find((c) => c.value === category);
  if (!known) return { ok: false, status: 400, message: "Choose a category from the list" };
  if (muted) await db.insert(mutedCategories).values({ sellerId: actor.id, category }).onConflictDoNothing();
  else
    await db
      .delete(mutedCategories)
      .where(and(eq(mutedCategories.sellerId, actor.id), eq(mutedCategories.category, category)));
  return {
    ok: true,
    status: 200,
    message: muted
      ? `You will no longer be matched to ${known.label} RFQs`
      : `You will be matched to ${known.label} RFQs again`,
  };
}

/**
 * Whether the supplier was matched to the RFQ, as a condition on the RFQ's id column: the RFQ list's "Matched to
 * you" filter (rfqs' listRfqs), given by the page since matching sits above rfqs.
 */
export function matchedToSupplier(sellerId: string, rfqId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${rfqMatches} where ${rfqMatches.rfqId} = ${rfqId} and ${rfqMatches.sellerId} = ${sellerId})`;
}

/** The reasons the supplier was matched to each of these RFQs (for the cards of /rfqs?matched=1 and the dashboard). */
export async function matchReasons(
  db: Db,
  actor: SessionUser,
  rfqIds: readonly string[],
): Promise<Map<string, string>> {
  if (rfqIds.length === 0) return new Map();
  const rows = await db
    .select({ rfqId: rfqMatches.rfqId, productNames: rfqMatches.productNames })
    .from(rfqMatches)
    .where(and(eq(rfqMatches.sellerId, actor.id), sql`${rfqMatches.rfqId} in ${rfqIds}`))
    .orderBy(desc(rfqMatches.createdAt));
  return new Map(rows.map((r) => [r.rfqId, matchReason(r.productNames)]));
}
