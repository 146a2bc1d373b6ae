import type { CommandRefusal, CommandResult } from "~/lib/command-result";
import { rfqOwnedBy } from "~/modules/rfqs/rfq-owner.server";
import { isUniqueViolation } from "~/db/postgres-errors";
import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { z } from "zod";
import { splitCategory } from "~/lib/categories";
import type { Db } from "~/db/client.server";
import { companyNameOf, emailOf, fullNameOf, verificationOf } from "~/modules/accounts/profiles.server";
import { rfqInvitations, rfqResponses, rfqs } from "~/db/schema/rfqs";
import { closingInstant, FALLBACK_TIME_ZONE, INDIA_TIME_ZONE, isExpired, todayIn, todayUtc } from "~/lib/deadline";
import { formatMoney } from "~/lib/money";
import type { Actor, SessionUser } from "~/modules/accounts/accounts.schema";
import { likePattern, nestedSql } from "~/db/sql-helpers";
import { inrPaiseToUsdCents } from "~/lib/money-minor";
import { htsCodeRefusal, htsDescriptionOf } from "~/modules/trade/hts-codes.server";
import { describeRate, trimRate, type FxRate } from "~/modules/trade/fx-rates.schema";
import { fxRateSourceOf, rateInForce } from "~/modules/trade/fx-rates.server";
import { findPort, listPorts } from "~/modules/trade/ports.server";
import { INCOTERM_PLACE, portFitsIncoterm, type Port } from "~/modules/trade/trade-terms.schema";
import type { quoteSchema } from "./quote.schema";
import {
  QUOTE_CLOSED_MESSAGE,
  QUOTE_TRANSITIONS,
  RFQ_TRANSITIONS,
  RFQS_PER_PAGE,
  type QuoteStatus,
  type RfqStatus,
  type CreateRfqInput,
  type DirectInquiry,
  DIRECT_INQUIRY_MESSAGES,
  type QuoteView,
  type RfqCard,
  type RfqDetail,
  type RfqListParams,
  type ShipTo,
} from "./rfq.schema";
import { isUuid } from "~/lib/uuid";
import { ANONYMOUS_BUYER, buyerShownAs } from "~/modules/accounts/buyer-privacy";
import { overActionLimit } from "~/modules/accounts/attempt-limiter.server";
import { hasBlocked } from "~/modules/messaging/blocks.server";
import { buyerPhrase, notify, type Notifier } from "~/modules/notifications/notifications.server";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import { createOrderFromQuote, orderIdOfQuote } from "~/modules/orders/orders.server";

export type FormResult<T = undefined> = CommandResult<T>;

/**
 * The only writer of `rfqs.status`: moves the RFQs `where` selects from `from` to `to`, if RFQ_TRANSITIONS lets `by`
 * make that move (a move not listed is a mistake in the caller and throws). Conditional on `status = from`, so of
 * two changes racing from the same status exactly one wins; returns the RFQs moved.
 */
export async function moveRfqs(tx: Db, where: SQL, from: RfqStatus, to: RfqStatus, by: "buyer") {
  if (!RFQ_TRANSITIONS[from][to]?.includes(by))
    throw new Error(`RFQ_TRANSITIONS does not let the ${by} move an RFQ from ${from} to ${to}`);
  return tx
    .update(rfqs)
    .set({ status: to, updatedAt: new Date() })
    .where(and(where, eq(rfqs.status, from)))
    .returning({ id: rfqs.id });
}

/** The only writer of `rfq_responses.status`, as moveRfqs is of RFQs', against QUOTE_TRANSITIONS. */
export async function moveQuotes(tx: Db, where: SQL, from: QuoteStatus, to: QuoteStatus, by: "buyer" | "seller") {
  if (!QUOTE_TRANSITIONS[from][to]?.includes(by))
    throw new Error(`QUOTE_TRANSITIONS does not let the ${by} move a quote from ${from} to ${to}`);
  return tx
    .update(rfqResponses)
    .set({ status: to, updatedAt: new Date() })
    .where(and(where, eq(rfqResponses.status, from)))
    .returning({ id: rfqResponses.id, sellerId: rfqResponses.sellerId });
}

const quoteCount = nestedSql(
  sql<number>`(select count(*)::int from ${rfqResponses} where ${rfqResponses.rfqId} = ${rfqs.id} and ${rfqResponses.status} not in ('withdrawn', 'superseded'))`,
);

/** Whether this user was invited to quote on the RFQ of the row (a similar supplier of a direct inquiry). */
function invitedToRfq(userId: string): SQL<boolean> {
  return nestedSql(
    sql<boolean>`exists (select 1 from ${rfqInvitations} where ${rfqInvitations.rfqId} = ${rfqs.id} and ${rfqInvitations.sellerId} = ${userId})`,
  );
}

/**
 * Who may see an RFQ (issue #41.3, decision record 0054): anyone sees an open RFQ; a direct inquiry only its buyer,
 * the supplier it is addressed to, the suppliers invited to it and administrators. Everyone else is told it does not
 * exist: it is in no list of theirs and its page is 404.
 */
export function rfqVisibleTo(viewer: SessionUser | null): SQL {
  if (!viewer) return isNull(rfqs.addressedSellerId);
  if (viewer.isAdmin) return sql`true`;
  return or(
    isNull(rfqs.addressedSellerId),
    eq(rfqs.buyerId, viewer.id),
    eq(rfqs.addressedSellerId, viewer.id),
    invitedToRfq(viewer.id),
  )!;
}

/** Direct inquiries the viewer may quote on: addressed to it, or it was invited to them. */
function directInquiryFor(viewer: SessionUser): SQL {
  return or(eq(rfqs.addressedSellerId, viewer.id), invitedToRfq(viewer.id))!;
}

const cardColumns = {
  id: rfqs.id,
  title: rfqs.title,
  description: rfqs.description,
  category: rfqs.category,
  quantity: rfqs.quantity,
  unit: rfqs.unit,
  budgetMinCents: rfqs.budgetMinCents,
  budgetMaxCents: rfqs.budgetMaxCents,
  deadline: rfqs.deadline,
  closesAt: rfqs.closesAt,
  timeZone: rfqs.timeZone,
  deliveryLocation: rfqs.deliveryLocation,
  status: rfqs.status,
  createdAt: rfqs.createdAt,
  buyerId: rfqs.buyerId,
  buyerCompany: companyNameOf(rfqs.buyerId),
  buyerAnonymous: rfqs.buyerAnonymous,
  quoteCount,
  verifiedSuppliersOnly: rfqs.verifiedSuppliersOnly,
  productId: rfqs.productId,
  addressedSellerId: rfqs.addressedSellerId,
  addressedCompany: companyNameOf(rfqs.addressedSellerId),
  inviteSimilar: rfqs.inviteSimilar,
};

/** The card columns and whether the viewer was invited to each RFQ (false without a viewer). */
function cardColumnsFor(viewer: SessionUser | null) {
  return { ...cardColumns, invited: viewer ? invitedToRfq(viewer.id) : sql<boolean>`false` };
}

/** When an RFQ closes: its stored instant, or (a row written without one) the end of its deadline day in UTC. */
export function rfqClosesAt(row: { deadline: string; closesAt: Date | null; timeZone?: string | null }): Date {
  return row.closesAt ?? closingInstant(row.deadline, row.timeZone ?? null);
}

function toCard(
  {
    buyerId,
    productId,
    addressedSellerId,
    addressedCompany,
    inviteSimilar,
    invited,
    ...row
  }: Omit<RfqCard, "createdAt" | "buyerCompany" | "closesAt" | "direct"> & {
    buyerId: string;
    createdAt: Date;
    buyerCompany: string | null;
    closesAt: Date | null;
    productId: string | null;
    addressedSellerId: string | null;
    addressedCompany: string | null;
    inviteSimilar: boolean;
    invited: boolean;
  },
  viewer: SessionUser | null,
): RfqCard {
  const direct: DirectInquiry | null = addressedSellerId
    ? {
        productId,
        // the buyer (and an administrator) is told whom it asked; an invited supplier is not told who else was
        supplierCompany:
          viewer && (viewer.id === buyerId || viewer.isAdmin) ? addressedCompany?.trim() || "Supplier" : null,
        viewerRole: viewer?.id === addressedSellerId ? "addressed" : invited ? "invited" : null,
        inviteSimilar,
      }
    : null;
  return {
    ...row,
    direct,
    closesAt: rfqClosesAt(row).toISOString(),
    createdAt: row.createdAt.toISOString(),
    // the company name leaves the server only for those who may see it
    buyerCompany: buyerShownAs({ buyerId, buyerCompany: row.buyerCompany, buyerAnonymous: row.buyerAnonymous }, viewer),
  };
}

/**
 * The RFQ list: published RFQs (or the viewer's own in every status with `mine`), searched,
 * filtered, sorted and paged in the database. Two queries whatever the size of the table.
 */
export async function listRfqs(
  db: Db,
  params: RfqListParams,
  viewer: SessionUser | null,
  /** the "Matched to you" condition on an RFQ id, matching's matchedToSupplier (needed only for `params.matched`) */
  matchedTo?: (sellerId: string, rfqId: SQLWrapper) => SQL,
) {
  const conditions: SQL[] = [rfqVisibleTo(viewer)];
  if (params.mine && viewer) conditions.push(rfqOwnedBy(viewer));
  else conditions.push(eq(rfqs.status, "published"));
  // a supplier's "Direct inquiries": those addressed to it or it was invited to (issue #41.3)
  if (params.direct) conditions.push(viewer ? directInquiryFor(viewer) : sql`false`);
  if (params.matched) {
    if (!matchedTo) throw new Error("listRfqs lists matched RFQs with matching's matchedToSupplier");
    conditions.push(viewer ? matchedTo(viewer.id, rfqs.id) : sql`false`);
  }
  if (params.category !== "all") conditions.push(eq(rfqs.category, params.category));
  if (params.q) {
    const pattern = likePattern(params.q);
    conditions.push(or(ilike(rfqs.title, pattern), ilike(rfqs.description, pattern), ilike(rfqs.category, pattern))!);
  }
  const where = and(...conditions);
  const order =
    params.sort === "deadline"
      ? // the instant quoting closes (the end of the deadline day in the buyer's zone), not the date alone
        // (an RFQ stored without its instant closes as rfqClosesAt says: the end of its deadline day in its zone, UTC
        // without one), so an old RFQ takes its place among the others rather than trailing them (#41 item 6)
        [
          sql`coalesce(${rfqs.closesAt}, (${rfqs.deadline} + 1)::timestamp at time zone coalesce(${rfqs.timeZone}, 'UTC')) asc`,
          asc(rfqs.deadline),
          desc(rfqs.createdAt),
        ]
      : params.sort === "budget-high"
        ? [sql`${rfqs.budgetMaxCents} desc nulls last`, desc(rfqs.createdAt)]
        : params.sort === "budget-low"
          ? [sql`${rfqs.budgetMinCents} asc nulls last`, desc(rfqs.createdAt)]
          : [desc(rfqs.createdAt), desc(rfqs.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumnsFor(viewer))
      .from(rfqs)
      .where(where)
      .orderBy(...order)
      .limit(RFQS_PER_PAGE)
      .offset((params.page - 1) * RFQS_PER_PAGE),
    db.select({ n: count() }).from(rfqs).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    items: rows.map((row) => toCard(row, viewer)),
    total: totalCount,
    page: params.page,
    pageCount: Math.max(1, Math.ceil(totalCount / RFQS_PER_PAGE)),
  };
}

/**
 * Creates a published RFQ from the form as the route parsed it with `createRfqSchema`. The specifications text is
 * stored as data, exactly as typed. `jobs`: the queue that matches the new RFQ to suppliers (issue #23), sent in the
 * RFQ's own transaction so that every published RFQ is matched, after the buyer's request has been answered.
 */
export async function createRfq(
  db: Db,
  actor: Actor,
  input: CreateRfqInput,
  now = new Date(),
  jobs?: Pick<JobQueue, "send">,
): Promise<FormResult<{ id: string }>> {
  const timeZone = input.timeZone ?? FALLBACK_TIME_ZONE;
  const late = pastDeadline(input, now);
  if (late) return late;
  const limited = await overActionLimit(db, "rfq", actor.id);
  if (limited) return { ok: false, status: 429, message: limited, fieldErrors: {} };
  const row = await db.transaction(async (tx) => {
    const created = await insertRfq(tx, actor, input, timeZone);
    if (jobs) await jobs.send(tx, "match-rfq", { rfqId: created.id });
    return created;
  });
  return { ok: true, message: "RFQ created successfully!", value: { id: row.id } };
}

function pastDeadline(input: CreateRfqInput, now: Date): CommandRefusal | null {
  if (input.deadline >= todayIn(input.timeZone ?? FALLBACK_TIME_ZONE, now)) return null;
  const message = "The quote submission deadline cannot be in the past";
  return { ok: false, status: 400, message, fieldErrors: { deadline: message } };
}

async function insertRfq(
  tx: Db,
  actor: Actor,
  input: CreateRfqInput,
  timeZone: string,
  direct?: { productId: string; sellerId: string; inviteSimilar: boolean },
) {
  const details = input.specifications.trim() ? input.specifications : null;
  const [created] = await tx
    .insert(rfqs)
    .values({
      buyerId: actor.id,
      title: input.title,
      description: input.description,
      ...splitCategory(input.category)!,
      quantity: input.quantity,
      unit: input.unit,
      budgetMinCents: input.budgetMin,
      budgetMaxCents: input.budgetMax,
      deliveryLocation: input.deliveryLocation,
      deadline: input.deadline,
      timeZone,
      closesAt: closingInstant(input.deadline, timeZone),
      specifications: details === null ? null : { details },
      verifiedSuppliersOnly: input.verifiedSuppliersOnly,
      buyerAnonymous: input.postAnonymously,
      productId: direct?.productId ?? null,
      addressedSellerId: direct?.sellerId ?? null,
      inviteSimilar: direct?.inviteSimilar ?? false,
      status: "published",
    })
    .returning({ id: rfqs.id });
  return created!;
}

/** The product a direct inquiry is about, as the products module tells it (rfqs does not read products' tables). */
export type InquiryProduct = {
  id: string;
  name: string;
  sellerId: string;
  minimumOrderQuantity: number;
  unit: string;
};

/**
 * A buyer's direct inquiry from a product page (issue #41.3, decision record 0054): an RFQ addressed to the product's
 * supplier, linked to the product, that only that supplier (and, with `inviteSimilar`, the similar verified suppliers
 * the match-rfq job invites) may see and quote on. The quantity is at least the product's MOQ, in its unit. The
 * supplier's notice (and e-mail job) and the invitation job commit with the RFQ. Never on one's own product.
 */
export async function createDirectInquiry(
  db: Db,
  actor: Actor,
  input: CreateRfqInput & { inviteSimilar: boolean },
  product: InquiryProduct,
  notifier: Notifier,
  now = new Date(),
): Promise<FormResult<{ id: string }>> {
  if (product.sellerId === actor.id)
    return { ok: false, status: 403, message: DIRECT_INQUIRY_MESSAGES.ownProduct, fieldErrors: {} };
  const refusals: Record<string, string> = {};
  if (input.unit !== product.unit) refusals.unit = `This product is sold in ${product.unit}`;
  if (input.quantity < product.minimumOrderQuantity)
    refusals.quantity = `The supplier's minimum order is ${product.minimumOrderQuantity.toLocaleString("en-US")} ${product.unit}`;
  if (Object.keys(refusals).length > 0)
    return { ok: false, status: 400, message: Object.values(refusals)[0]!, fieldErrors: refusals };
  const late = pastDeadline(input, now);
  if (late) return late;
  const limited = await overActionLimit(db, "rfq", actor.id);
  if (limited) return { ok: false, status: 429, message: limited, fieldErrors: {} };
  const timeZone = input.timeZone ?? FALLBACK_TIME_ZONE;
  const row = await db.transaction(async (tx) => {
    const created = await insertRfq(tx, actor, input, timeZone, {
      productId: product.id,
      sellerId: product.sellerId,
      inviteSimilar: input.inviteSimilar,
    });
    const buyer = input.postAnonymously ? ANONYMOUS_BUYER : actor.profile.companyName || "A buyer";
    const body = `${buyer} asks you for a quote on ${input.quantity.toLocaleString("en-US")} ${input.unit} of "${product.name}".`;
    // in the supplier's language (record 0058): the product's name and the unit as written, the quantity for the locale
    const params = {
      buyer: buyerPhrase(input.postAnonymously ? null : actor.profile.companyName, input.postAnonymously),
      quantity: { number: input.quantity },
      unit: input.unit,
      product: product.name,
    };
    await notify(tx, notifier, {
      userId: product.sellerId,
      kind: "rfq_matched",
      title: `Quote request for "${product.name}"`,
      body,
      href: `/rfqs/${created.id}`,
      eventKey: `rfq-direct:${created.id}`,
      translated: { title: "emails:inquiry.title", body: "emails:inquiry.body", params },
      email: {
        subject: `A buyer asks you for a quote: "${product.name}"`,
        text: `${body}\n\nSee the request and quote:`,
        translated: { subject: "emails:inquiry.subject", text: "emails:inquiry.text", params },
      },
    });
    // the similar suppliers are chosen and told by the job, after the buyer's request has been answered
    if (input.inviteSimilar) await notifier.jobs.send(tx, "match-rfq", { rfqId: created.id });
    return created;
  });
  return { ok: true, message: DIRECT_INQUIRY_MESSAGES.created, value: { id: row.id } };
}

/**
 * Invites suppliers to quote on a direct inquiry besides the one it is addressed to (the matching module's choice);
 * never its buyer or its own supplier. Idempotent. Returns the sellers newly invited.
 */
export async function inviteToRfq(tx: Db, rfqId: string, sellerIds: readonly string[]): Promise<string[]> {
  if (sellerIds.length === 0) return [];
  const [rfq] = await tx
    .select({ buyerId: rfqs.buyerId, addressedSellerId: rfqs.addressedSellerId })
    .from(rfqs)
    .where(eq(rfqs.id, rfqId))
    .limit(1);
  if (!rfq?.addressedSellerId) return [];
  const invitees = sellerIds.filter((id) => id !== rfq.buyerId && id !== rfq.addressedSellerId);
  if (invitees.length === 0) return [];
  const rows = await tx
    .insert(rfqInvitations)
    .values(invitees.map((sellerId) => ({ rfqId, sellerId })))
    .onConflictDoNothing()
    .returning({ sellerId: rfqInvitations.sellerId });
  return rows.map((r) => r.sellerId);
}

/**
 * One RFQ as the viewer may see it. Quotes are sealed: the buyer sees every quote; a supplier
 * sees its own quotes in full and only the number of the others; a visitor sees only the number.
 */
export async function getRfqDetail(
  db: Db,
  id: string,
  viewer: SessionUser | null,
  now = new Date(),
): Promise<RfqDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      ...cardColumnsFor(viewer),
      specifications: rfqs.specifications,
      buyerFullName: fullNameOf(rfqs.buyerId),
    })
    .from(rfqs)
    .where(and(eq(rfqs.id, id), rfqVisibleTo(viewer)))
    .limit(1);
  if (!row) return null;
  const isBuyer = viewer?.id === row.buyerId;

  const visible = isBuyer ? undefined : viewer ? eq(rfqResponses.sellerId, viewer.id) : sql`false`;
  const quoteRows = await db
    .select({
      id: rfqResponses.id,
      sellerId: rfqResponses.sellerId,
      supplierCompany: companyNameOf(rfqResponses.sellerId),
      supplierVerification: verificationOf(rfqResponses.sellerId),
      status: rfqResponses.status,
      createdAt: rfqResponses.createdAt,
      priceCents: rfqResponses.priceCents,
      quantity: rfqResponses.quantity,
      deliveryTimeline: rfqResponses.deliveryTimeline,
      terms: rfqResponses.terms,
      currency: rfqResponses.currency,
      unitPriceMinor: rfqResponses.unitPriceMinor,
      totalMinor: rfqResponses.totalMinor,
      incoterm: rfqResponses.incoterm,
      incotermPort: rfqResponses.incotermPort,
      incotermPlace: rfqResponses.incotermPlace,
      shipMode: rfqResponses.shipMode,
      leadTimeDays: rfqResponses.leadTimeDays,
      paymentTerms: rfqResponses.paymentTerms,
      paymentTermsOther: rfqResponses.paymentTermsOther,
      validUntil: rfqResponses.validUntil,
      sampleAvailable: rfqResponses.sampleAvailable,
      samplePriceMinor: rfqResponses.samplePriceMinor,
      hsCode: rfqResponses.hsCode,
      hsDescription: htsDescriptionOf(rfqResponses.hsCode),
      unitWeightGrams: rfqResponses.unitWeightGrams,
      goodsDescription: rfqResponses.goodsDescription,
      material: rfqResponses.material,
      manufacturer: rfqResponses.manufacturer,
      fxRateId: rfqResponses.fxRateId,
      fxInrPerUsd: rfqResponses.fxInrPerUsd,
      fxRateDate: rfqResponses.fxRateDate,
      fxSource: fxRateSourceOf(rfqResponses.fxRateId),
    })
    .from(rfqResponses)
    .where(and(eq(rfqResponses.rfqId, id), visible, isBuyer ? ne(rfqResponses.status, "withdrawn") : undefined))
    .orderBy(desc(rfqResponses.createdAt));
  // a revised quote's earlier versions (superseded rows, newest first) travel with it as its history
  const earlier = new Map<string, QuoteView["history"]>();
  for (const row of quoteRows) {
    if (row.status !== "superseded") continue;
    earlier.set(row.sellerId, [
      ...(earlier.get(row.sellerId) ?? []),
      { id: row.id, priceCents: row.priceCents, createdAt: row.createdAt.toISOString(), terms: row.terms },
    ]);
  }
  const quotes: QuoteView[] = quoteRows
    .filter((row) => row.status !== "superseded")
    .map(
      ({
        sellerId,
        fxRateId,
        fxInrPerUsd,
        fxRateDate,
        fxSource,
        createdAt,
        supplierCompany,
        supplierVerification,
        ...q
      }) => ({
        ...q,
        supplierCompany: supplierCompany || "Supplier",
        supplierVerified: supplierVerification === "verified",
        createdAt: createdAt.toISOString(),
        mine: sellerId === viewer?.id,
        rate:
          fxInrPerUsd && fxRateDate
            ? { id: fxRateId ?? "", inrPerUsd: trimRate(fxInrPerUsd), rateDate: fxRateDate, source: fxSource ?? null }
            : null,
        history:
          q.status === "submitted" || q.status === "accepted" || q.status === "declined"
            ? (earlier.get(sellerId) ?? [])
            : [],
      }),
    );
  const ownActive = quotes.filter((q) => q.mine && q.status !== "withdrawn").length;
  // a direct inquiry is open to the supplier it is addressed to and the invited ones only (an administrator sees it)
  const mayQuoteDirect = !row.addressedSellerId || row.addressedSellerId === viewer?.id || row.invited;
  const openRfqForSeller =
    viewer?.profile?.isSeller === true &&
    !isBuyer &&
    mayQuoteDirect &&
    row.status === "published" &&
    !isExpired(rfqClosesAt(row), now);
  // a supplier the buyer blocked is not offered the quote form (submitQuote refuses it too)
  const quoteClosed = openRfqForSeller && (await hasBlocked(db, row.buyerId, viewer.id));
  const openToSeller = openRfqForSeller && !quoteClosed;
  const { specifications, buyerFullName, ...card } = row;
  return {
    ...toCard(card, viewer),
    specifications: specifications ?? null,
    buyerId: row.buyerId,
    // the buyer's own name is never public (issue #41): only the buyer sees it, on its own RFQ
    buyerFullName: isBuyer ? (buyerFullName ?? "") : "",
    viewer: isBuyer ? "buyer" : viewer ? "supplier" : "anonymous",
    // only supplier accounts quote (issue #26; decision record 0026), and only verified ones where the buyer asks so
    canQuote: openToSeller && (!row.verifiedSuppliersOnly || viewer?.profile?.verificationStatus === "verified"),
    needsVerification: openToSeller && row.verifiedSuppliersOnly && viewer?.profile?.verificationStatus !== "verified",
    quoteClosed,
    quotes,
    sealedQuoteCount: isBuyer ? 0 : Math.max(0, row.quoteCount - ownActive),
  };
}

async function loadRfqForQuote(db: Db, rfqId: string, actor: Actor) {
  if (!isUuid(rfqId)) return null;
  const [row] = await db
    .select({
      id: rfqs.id,
      buyerId: rfqs.buyerId,
      status: rfqs.status,
      verifiedSuppliersOnly: rfqs.verifiedSuppliersOnly,
      addressedSellerId: rfqs.addressedSellerId,
      deadline: rfqs.deadline,
      closesAt: rfqs.closesAt,
      timeZone: rfqs.timeZone,
      title: rfqs.title,
      buyerEmail: emailOf(rfqs.buyerId),
      invited: invitedToRfq(actor.id),
    })
    .from(rfqs)
    .where(eq(rfqs.id, rfqId))
    .limit(1);
  return row ?? null;
}

/** What the quote form offers: the ports its Incoterms may name, and the INR/USD rate a quote made now would store. */
export async function quoteFormOptions(db: Db, now = new Date()): Promise<{ ports: Port[]; rate: FxRate | null }> {
  const [ports, rate] = await Promise.all([listPorts(db), rateInForce(db, todayIn(INDIA_TIME_ZONE, now))]);
  return { ports, rate };
}

export const QUOTE_MESSAGES = {
  notInvited: "This inquiry is addressed to another supplier",
  sellersOnly: "Only supplier accounts can quote on RFQs",
  verifiedOnly: "This buyer accepts quotes from verified suppliers only. Get verified from your profile to quote.",
  // a supplier the buyer blocked (issue 38): no more is said, the block included
  notOpenToYou: QUOTE_CLOSED_MESSAGE,
  revised: "Quote revised: the buyer now sees your new quote, marked as revised",
  changedMeanwhile: "Your quote changed meanwhile; please reload the page",
};

/**
 * Whether the actor may quote on the RFQ now (it exists, is someone else's, open and unexpired, and the actor is a
 * supplier the buyer accepts), asked before the quote form is read: a buyer posting a quote is told 403, not 400.
 */
async function quotableRfq(db: Db, actor: Actor, rfqId: string, now: Date) {
  const rfq = await loadRfqForQuote(db, rfqId, actor);
  const refuse = (status: number, message: string): { ok: false; refusal: CommandRefusal } => ({
    ok: false,
    refusal: { ok: false, status, message, fieldErrors: {} },
  });
  if (!rfq) return refuse(404, "RFQ Not Found");
  // a direct inquiry takes quotes from its supplier and the invited ones only; to anyone else but an administrator
  // (who may read it) it does not exist (issue #41.3)
  if (rfq.addressedSellerId && rfq.buyerId !== actor.id && rfq.addressedSellerId !== actor.id && !rfq.invited)
    return actor.isAdmin ? refuse(403, QUOTE_MESSAGES.notInvited) : refuse(404, "RFQ Not Found");
  if (rfq.buyerId === actor.id) return refuse(403, "You cannot quote on your own RFQ");
  if (!actor.profile.isSeller) return refuse(403, QUOTE_MESSAGES.sellersOnly);
  // a buyer's block of this supplier closes the buyer's RFQs to its quotes (and their text, notice and e-mail)
  if (await hasBlocked(db, rfq.buyerId, actor.id)) return refuse(403, QUOTE_MESSAGES.notOpenToYou);
  // the seller's verification as it is now: the session reads the profile on every request
  if (rfq.verifiedSuppliersOnly && actor.profile.verificationStatus !== "verified")
    return refuse(403, QUOTE_MESSAGES.verifiedOnly);
  if (rfq.status !== "published") return refuse(409, "This RFQ is no longer accepting quotes");
  if (isExpired(rfqClosesAt(rfq), now)) return refuse(409, "The deadline for this RFQ has passed");
  return { ok: true as const, rfq };
}

/** The refusal of a quote on this RFQ by this actor now, if any: the route asks it before it reads the quote form. */
export async function refuseQuote(
  db: Db,
  actor: Actor,
  rfqId: string,
  now = new Date(),
): Promise<CommandRefusal | null> {
  const quotable = await quotableRfq(db, actor, rfqId, now);
  return quotable.ok ? null : quotable.refusal;
}

/**
 * A supplier quotes on someone else's open, unexpired RFQ with the quote form as the route parsed it with
 * `quoteSchema`; the buyer is notified (and e-mailed, through the job queue).
 */
export async function submitQuote(
  db: Db,
  actor: Actor,
  rfqId: string,
  input: z.output<typeof quoteSchema>,
  notifier: Notifier,
  now = new Date(),
): Promise<FormResult<{ id: string }>> {
  const quotable = await quotableRfq(db, actor, rfqId, now);
  if (!quotable.ok) return quotable.refusal;
  const { rfq } = quotable;
  // the rules that need the database or today's date
  const refusals: Record<string, string> = {};
  let placeName = input.incotermPlace;
  if (input.incoterm && input.incotermPort) {
    const port = await findPort(db, input.incotermPort);
    const kind = INCOTERM_PLACE[input.incoterm].kind;
    if (!port || !portFitsIncoterm(input.incoterm, port)) {
      refusals.incotermPort =
        kind === "origin-port"
          ? `${input.incoterm} needs an Indian seaport of loading: choose one from the list`
          : kind === "us-port"
            ? `${input.incoterm} needs a US seaport of destination: choose one from the list`
            : "Choose a US port from the list, or none";
    } else if (kind !== "us-destination") placeName = port.name;
  }
  // the supplier in India and the buyer in its own zone may each still be on "yesterday": the earliest day counts
  const today = [todayUtc(now), todayIn(INDIA_TIME_ZONE, now), todayIn(rfq.timeZone ?? "UTC", now)].sort()[0]!;
  if (input.validUntil && input.validUntil < today)
    refusals.validUntil = "The quote cannot be valid only until a date in the past";
  // the rate of the day in India, where rates are published; stored with the quote and never looked up again
  const rate = await rateInForce(db, todayIn(INDIA_TIME_ZONE, now));
  if (input.currency === "INR" && !rate) refusals.currency = "No INR/USD rate is set yet: quote in USD";
  const priceCents =
    input.currency === "INR" ? (rate ? inrPaiseToUsdCents(input.totalMinor, rate.inrPerUsd) : 0) : input.totalMinor;
  if (rate && priceCents <= 0) refusals.price = "That total is less than one US cent";
  const htsRefusal = input.hsCode ? await htsCodeRefusal(db, input.hsCode) : null;
  if (htsRefusal) refusals.hsCode = htsRefusal;
  if (Object.keys(refusals).length > 0)
    return { ok: false, status: 400, message: Object.values(refusals)[0]!, fieldErrors: refusals };

  const limited = await overActionLimit(db, "quote", actor.id);
  if (limited) return { ok: false, status: 429, message: limited, fieldErrors: {} };
  // the quote and the buyer's notice (with its e-mail job) commit together, or neither does; a live quote of the
  // same seller is revised (superseded) in the same transaction, and the unique index keeps one live quote per seller
  let row: { id: string; revised: boolean };
  try {
    row = await db.transaction(async (tx) => {
      const [live] = await moveQuotes(
        tx,
        and(eq(rfqResponses.rfqId, rfqId), eq(rfqResponses.sellerId, actor.id))!,
        "submitted",
        "superseded",
        "seller",
      );
      const [inserted] = await tx
        .insert(rfqResponses)
        .values({
          supersedesId: live?.id ?? null,
          rfqId,
          sellerId: actor.id,
          priceCents,
          quantity: input.quantity,
          deliveryTimeline: input.deliveryTimeline,
          terms: input.terms,
          currency: input.currency,
          unitPriceMinor: input.unitPriceMinor,
          totalMinor: input.totalMinor,
          incoterm: input.incoterm,
          incotermPort: input.incotermPort,
          incotermPlace: placeName,
          shipMode: input.shipMode,
          leadTimeDays: input.leadTimeDays,
          paymentTerms: input.paymentTerms,
          paymentTermsOther: input.paymentTermsOther,
          validUntil: input.validUntil,
          sampleAvailable: input.sampleAvailable,
          samplePriceMinor: input.samplePriceMinor,
          hsCode: input.hsCode,
          unitWeightGrams: input.unitWeightGrams,
          goodsDescription: input.goodsDescription,
          material: input.material,
          manufacturer: input.manufacturer,
          fxRateId: rate?.id ?? null,
          fxInrPerUsd: rate?.inrPerUsd ?? null,
          fxRateDate: rate?.rateDate ?? null,
          status: "submitted",
        })
        .returning({ id: rfqResponses.id });
      const amount =
        input.currency === "INR" && rate
          ? `${formatMoney(input.totalMinor, "INR")} (about ${formatMoney(priceCents)} at ${describeRate(rate)})`
          : formatMoney(priceCents);
      const summary = live
        ? `${actor.profile.companyName} revised its quote on your RFQ "${rfq.title}": now ${amount}.`
        : `${actor.profile.companyName} sent a quote of ${amount} on your RFQ "${rfq.title}".`;
      const title = live ? `Revised quote on "${rfq.title}"` : `New quote on "${rfq.title}"`;
      await notify(tx, notifier, {
        userId: rfq.buyerId,
        kind: "quote_received",
        title,
        body: summary,
        href: `/rfqs/${rfq.id}`,
        eventKey: `quote:${inserted!.id}`,
        email: { subject: title, text: `${summary}\n\nReview and compare quotes:` },
      });
      return { id: inserted!.id, revised: Boolean(live) };
    });
  } catch (error) {
    // two submissions at once from the same seller: the unique index let one through
    if (isUniqueViolation(error))
      return { ok: false, status: 409, message: QUOTE_MESSAGES.changedMeanwhile, fieldErrors: {} };
    throw error;
  }
  return {
    ok: true,
    message: row.revised ? QUOTE_MESSAGES.revised : "Quote submitted successfully!",
    value: { id: row.id },
  };
}

/**
 * The buyer accepts one quote: it becomes accepted, the others declined, the RFQ awarded and an
 * order created, all in one transaction. Exactly once: the conditional update of the RFQ lets only
 * one transaction through, and orders.quote_id is unique.
 */
export async function acceptQuote(
  db: Db,
  actor: Actor,
  quoteId: string,
  notifier: Notifier,
  /** where the goods go, as the accept form gives it (null: a caller before ship-to addresses, e.g. older tests) */
  shipTo: ShipTo | null = null,
): Promise<FormResult<{ orderId: string; rfqId: string }>> {
  if (!isUuid(quoteId)) return { ok: false, status: 404, message: "Quote not found", fieldErrors: {} };
  const outcome = await db
    .transaction(async (tx) => {
      const [quote] = await tx
        .select({
          id: rfqResponses.id,
          rfqId: rfqResponses.rfqId,
          sellerId: rfqResponses.sellerId,
          priceCents: rfqResponses.priceCents,
          quantity: rfqResponses.quantity,
          buyerId: rfqs.buyerId,
          unit: rfqs.unit,
          title: rfqs.title,
          buyerAnonymous: rfqs.buyerAnonymous,
          // the trade terms the order keeps (issue #22)
          incoterm: rfqResponses.incoterm,
          incotermPlace: rfqResponses.incotermPlace,
          incotermPort: rfqResponses.incotermPort,
          shipMode: rfqResponses.shipMode,
          currency: rfqResponses.currency,
          totalMinor: rfqResponses.totalMinor,
          fxInrPerUsd: rfqResponses.fxInrPerUsd,
          fxRateDate: rfqResponses.fxRateDate,
          paymentTerms: rfqResponses.paymentTerms,
          paymentTermsOther: rfqResponses.paymentTermsOther,
          leadTimeDays: rfqResponses.leadTimeDays,
          hsCode: rfqResponses.hsCode,
          unitWeightGrams: rfqResponses.unitWeightGrams,
          goodsDescription: rfqResponses.goodsDescription,
          material: rfqResponses.material,
          manufacturer: rfqResponses.manufacturer,
        })
        .from(rfqResponses)
        .innerJoin(rfqs, eq(rfqs.id, rfqResponses.rfqId))
        .where(eq(rfqResponses.id, quoteId))
        .limit(1);
      if (!quote || quote.buyerId !== actor.id) return { kind: "missing" as const };
      const awarded = await moveRfqs(
        tx,
        and(eq(rfqs.id, quote.rfqId), eq(rfqs.buyerId, actor.id))!,
        "published",
        "awarded",
        "buyer",
      );
      if (awarded.length === 0) {
        const existing = await orderIdOfQuote(tx, quote.id);
        return existing
          ? { kind: "already" as const, orderId: existing, rfqId: quote.rfqId }
          : { kind: "closed" as const };
      }
      // the quote itself must still be live: withdrawn or revised meanwhile, it cannot be accepted
      const [taken] = await moveQuotes(tx, eq(rfqResponses.id, quote.id), "submitted", "accepted", "buyer");
      if (!taken) throw new QuoteNotOpen();
      const declined = await moveQuotes(
        tx,
        and(eq(rfqResponses.rfqId, quote.rfqId), ne(rfqResponses.id, quote.id))!,
        "submitted",
        "declined",
        "buyer",
      );
      const order = await createOrderFromQuote(tx, {
        buyerId: actor.id,
        sellerId: quote.sellerId,
        rfqId: quote.rfqId,
        title: quote.title,
        quoteId: quote.id,
        quantity: quote.quantity,
        unit: quote.unit,
        totalCents: quote.priceCents,
        incoterm: quote.incoterm,
        incotermPlace: quote.incotermPlace,
        incotermPort: quote.incotermPort,
        shipMode: quote.shipMode,
        currency: quote.currency,
        totalMinor: quote.totalMinor,
        fxInrPerUsd: quote.fxInrPerUsd,
        fxRateDate: quote.fxRateDate,
        paymentTerms: quote.paymentTerms,
        paymentTermsOther: quote.paymentTermsOther,
        leadTimeDays: quote.leadTimeDays,
        hsCode: quote.hsCode,
        unitWeightGrams: quote.unitWeightGrams,
        goodsDescription: quote.goodsDescription,
        material: quote.material,
        manufacturer: quote.manufacturer,
        shipToName: shipTo?.shipToName ?? null,
        shipToAddress: shipTo?.shipToAddress ?? null,
        notifyParty: shipTo?.notifyParty ?? null,
      });
      const accepted = `${actor.profile.companyName} accepted your quote of ${formatMoney(quote.priceCents)} on "${quote.title}". An order has been created.`;
      // in the supplier's language (record 0058): the names as written, the amount for the locale
      const acceptedParams = {
        buyer: actor.profile.companyName,
        amount: { money: quote.priceCents },
        title: quote.title,
      };
      await notify(tx, notifier, {
        userId: quote.sellerId,
        kind: "quote_accepted",
        title: `Your quote on "${quote.title}" was accepted`,
        body: accepted,
        href: `/orders/${order.id}`,
        eventKey: `quote-decided:${quote.id}`,
        translated: {
          title: "emails:quoteAccepted.subject",
          body: "emails:quoteAccepted.body",
          params: acceptedParams,
        },
        email: {
          subject: `Your quote on "${quote.title}" was accepted`,
          text: `${accepted}\n\nView your orders:`,
          translated: {
            subject: "emails:quoteAccepted.subject",
            text: "emails:quoteAccepted.text",
            params: { ...acceptedParams, body: { key: "emails:quoteAccepted.body", params: acceptedParams } },
          },
        },
      });
      for (const other of declined) {
        const buyer = quote.buyerAnonymous ? "The buyer" : actor.profile.companyName;
        const body = `${buyer} chose another supplier's quote on "${quote.title}".`;
        const declinedParams = {
          buyer: quote.buyerAnonymous ? { key: "emails:buyer.theBuyer" as const } : actor.profile.companyName,
          title: quote.title,
        };
        await notify(tx, notifier, {
          userId: other.sellerId,
          kind: "quote_declined",
          title: `Your quote on "${quote.title}" was declined`,
          body,
          href: `/rfqs/${quote.rfqId}`,
          eventKey: `quote-decided:${other.id}`,
          translated: {
            title: "emails:quoteDeclined.subject",
            body: "emails:quoteDeclined.body",
            params: declinedParams,
          },
          email: {
            subject: `Your quote on "${quote.title}" was declined`,
            text: `${body}\n\nSee the RFQ:`,
            translated: {
              subject: "emails:quoteDeclined.subject",
              text: "emails:quoteDeclined.text",
              params: { ...declinedParams, body: { key: "emails:quoteDeclined.body", params: declinedParams } },
            },
          },
        });
      }
      return { kind: "accepted" as const, orderId: order.id, rfqId: quote.rfqId };
    })
    .catch((error) => {
      if (error instanceof QuoteNotOpen) return { kind: "not-open" as const };
      throw error;
    });

  if (outcome.kind === "missing") return { ok: false, status: 404, message: "Quote not found", fieldErrors: {} };
  if (outcome.kind === "closed")
    return { ok: false, status: 409, message: "This RFQ has already been awarded or closed", fieldErrors: {} };
  if (outcome.kind === "not-open")
    return {
      ok: false,
      status: 409,
      message: "This quote was withdrawn and can no longer be accepted",
      fieldErrors: {},
    };
  if (outcome.kind === "already")
    return {
      ok: true,
      message: "Quote accepted. Your order has been created.",
      value: { orderId: outcome.orderId, rfqId: outcome.rfqId },
    };

  return {
    ok: true,
    message: "Quote accepted. Your order has been created.",
    value: { orderId: outcome.orderId, rfqId: outcome.rfqId },
  };
}

class QuoteNotOpen extends Error {}

/** A supplier withdraws its own quote while the RFQ is still open. */
export async function withdrawQuote(db: Db, actor: Actor, quoteId: string): Promise<FormResult> {
  if (!isUuid(quoteId)) return { ok: false, status: 404, message: "Quote not found", fieldErrors: {} };
  const updated = await moveQuotes(
    db,
    and(
      eq(rfqResponses.id, quoteId),
      eq(rfqResponses.sellerId, actor.id),
      sql`exists (select 1 from ${rfqs} where ${rfqs.id} = ${rfqResponses.rfqId} and ${rfqs.status} = 'published')`,
    )!,
    "submitted",
    "withdrawn",
    "seller",
  );
  if (updated.length === 0) {
    // someone else's quote (or none) is not found; only the seller's own is told it is too late
    const [own] = await db
      .select({ id: rfqResponses.id })
      .from(rfqResponses)
      .where(and(eq(rfqResponses.id, quoteId), eq(rfqResponses.sellerId, actor.id)))
      .limit(1);
    if (!own) return { ok: false, status: 404, message: "Quote not found", fieldErrors: {} };
    return { ok: false, status: 409, message: "This quote can no longer be withdrawn", fieldErrors: {} };
  }
  return { ok: true, message: "Quote withdrawn", value: undefined };
}

/** The buyer closes an open RFQ without accepting a quote. */
export async function closeRfq(db: Db, actor: Actor, rfqId: string): Promise<FormResult> {
  if (!isUuid(rfqId)) return { ok: false, status: 404, message: "RFQ Not Found", fieldErrors: {} };
  const updated = await moveRfqs(
    db,
    and(eq(rfqs.id, rfqId), eq(rfqs.buyerId, actor.id))!,
    "published",
    "closed",
    "buyer",
  );
  if (updated.length === 0) return { ok: false, status: 409, message: "This RFQ is not open", fieldErrors: {} };
  return { ok: true, message: "RFQ closed", value: undefined };
}
