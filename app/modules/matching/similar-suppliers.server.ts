import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/db/client.server";
import { isUuid } from "~/lib/uuid";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { goodsWordsQuery, isGoodsLexeme, supplierRanking, type RankingSource } from "./matching.server";

/** How many suppliers a product or store page suggests. */
export const SIMILAR_SUPPLIERS = 4;
/** How many suppliers an RFQ's buyer is shown who quoted on RFQs like it. */
export const RFQ_LIKE_SUPPLIERS = 5;
/** How many of a store's most frequent words describe what it sells. */
const STORE_WORDS = 12;

type SupplierCard = {
  /** the supplier's company, or its store's name when it has no company name */
  name: string;
  /** the supplier's newest active store, where its name links to; null when it has none */
  storeId: string | null;
  verified: boolean;
  rating: { average: number; count: number } | null;
};

/** A supplier on "Similar suppliers": with up to two of its products that matched. */
export type SimilarSupplier = SupplierCard & { productNames: string[] };
/** A supplier on "Suppliers who quoted on RFQs like yours": with how many such RFQs it quoted on. */
export type RfqLikeSupplier = SupplierCard & { similarRfqs: number };

type CardRow = {
  company_name: string | null;
  store_id: string | null;
  store_name: string | null;
  verified: boolean;
  rating_average: string | null;
  rating_count: number;
};

/** The card columns for the suppliers of `m` (with `m.seller_id`): its newest active store and its rating, one lateral each. */
const cardColumns = sql`pr.company_name, st.id as store_id, st.name as store_name, pr.verification_status = 'verified' as verified,
  rt.rating_average, rt.rating_count`;
const cardJoins = sql`
  join profiles pr on pr.user_id = m.seller_id
  left join lateral (
    select id, name from stores where seller_id = m.seller_id and status = 'active' order by created_at desc, id desc limit 1
  ) st on true
  -- the supplier's rating as its store and product cards show it: the mean of the three criteria of its reviews
  left join lateral (
    select round(avg((product_quality + communication + on_time_delivery)::numeric / 3), 1) as rating_average, count(*)::int as rating_count
    from reviews where seller_id = m.seller_id
  ) rt on true`;

function toCard(row: CardRow): SupplierCard {
  return {
    name: row.company_name?.trim() || row.store_name || "Supplier",
    storeId: row.store_id,
    verified: Boolean(row.verified),
    rating:
      row.rating_count > 0 && row.rating_average !== null
        ? { average: Number(row.rating_average), count: Number(row.rating_count) }
        : null,
  };
}

async function similarTo(db: Db, source: RankingSource): Promise<SimilarSupplier[]> {
  const rows = await queryRows<CardRow & { names: string[] | null }>(
    db,
    sql`select m.names, ${cardColumns}
      from (${supplierRanking(source, { limit: SIMILAR_SUPPLIERS, verifiedFirst: true })}) m
      ${cardJoins}
      order by m.verified desc, m.score desc, m.seller_id`,
  );
  return rows.map((row) => ({ ...toCard(row), productNames: (row.names ?? []).slice(0, 2) }));
}

/**
 * Up to four other suppliers whose active catalogues best match a product (its name and tags; its description only
 * adds to the rank), in its category (its subcategory ranking closer), verified first, never its own supplier. One
 * statement (issue #23.4).
 */
export async function similarSuppliersForProduct(db: Db, productId: string): Promise<SimilarSupplier[]> {
  if (!isUuid(productId)) return [];
  return similarTo(
    db,
    sql`select null::uuid as rfq_id, seller_id as exclude_id, category, subcategory, now() as since, false as verified_only, false as apply_mutes,
        ${goodsWordsQuery(sql`name || ' ' || array_to_string(tags, ' ')`)} as words, ${goodsWordsQuery(sql`description`)} as context
      from products where id = ${productId} and status = 'active'`,
  );
}

/**
 * Up to four other suppliers whose catalogues best match a store's: the store's main category (where most of its active
 * products are), its main subcategory there (ranking closer) and the twelve words its products there are most often
 * named and tagged with. One statement.
 */
export async function similarSuppliersForStore(db: Db, storeId: string): Promise<SimilarSupplier[]> {
  if (!isUuid(storeId)) return [];
  const source: SQL = sql`
    with sold as (
      select p.category, p.subcategory, p.name, p.tags from store_products x join products p on p.id = x.product_id
      where x.store_id = ${storeId} and p.status = 'active'
    ),
    main as (select category from sold group by category order by count(*) desc, category limit 1)
    select null::uuid as rfq_id, s.seller_id as exclude_id, main.category,
      (select sold.subcategory from sold where sold.category = main.category and sold.subcategory is not null
        group by sold.subcategory order by count(*) desc, sold.subcategory limit 1) as subcategory, now() as since, false as verified_only, false as apply_mutes,
      (select to_tsquery('simple', string_agg(quote_literal(lexeme), ' | '))
        from (
          select w.lexeme from sold, unnest(to_tsvector('english', sold.name || ' ' || array_to_string(sold.tags, ' '))) w
          where sold.category = main.category and ${isGoodsLexeme(sql`w.lexeme`)}
          group by w.lexeme order by count(*) desc, w.lexeme limit ${STORE_WORDS}
        ) top) as words,
      null::tsquery as context
    from stores s, main where s.id = ${storeId} and s.status = 'active'`;
  return similarTo(db, source);
}

/**
 * For the RFQ's buyer only (anyone else gets none): up to five suppliers who quoted on other RFQs of the same category
 * whose titles share this RFQ's goods words (full text), never one who already quoted on this RFQ, verified first,
 * then the best title match and the most such RFQs. One statement. Which RFQs they were is not shown: quotes are sealed.
 */
export async function suppliersWhoQuotedLikeRfq(
  db: Db,
  actor: SessionUser | null,
  rfqId: string,
): Promise<RfqLikeSupplier[]> {
  if (!actor || !isUuid(rfqId)) return [];
  const rows = await queryRows<CardRow & { similar_rfqs: number }>(
    db,
    sql`with r as (
        select id, buyer_id, category, ${goodsWordsQuery(sql`title`)} as words from rfqs where id = ${rfqId} and buyer_id = ${actor.id}
      ),
      m as (
        select q.seller_id, count(distinct past.id)::int as similar_rfqs, max(ts_rank(to_tsvector('english', past.title), r.words)) as score
        from r
        join rfqs past on past.category = r.category and past.id <> r.id and to_tsvector('english', past.title) @@ r.words
        join rfq_responses q on q.rfq_id = past.id
        where q.seller_id <> r.buyer_id
          and not exists (select 1 from rfq_responses mine where mine.rfq_id = r.id and mine.seller_id = q.seller_id)
        group by q.seller_id
      )
      select m.similar_rfqs, ${cardColumns}
      from m ${cardJoins}
      where pr.is_seller
      order by verified desc, m.score desc, m.similar_rfqs desc, m.seller_id
      limit ${RFQ_LIKE_SUPPLIERS}`,
  );
  return rows.map((row) => ({ ...toCard(row), similarRfqs: Number(row.similar_rfqs) }));
}
