/*
 * What others are told of a buyer (issue #41, record 0047). Browser-safe: the RFQ pages, the RFQ form, messaging and
 * matching e-mails all say it the same way.
 */

/** What visitors and other buyers are told of an RFQ's buyer: a company name is for signed-in suppliers (issue #41). */
export const UNNAMED_BUYER = "A US buyer";
/** What suppliers are told of a buyer who posted anonymously, until the buyer accepts their quote. */
export const ANONYMOUS_BUYER = "Anonymous US buyer";

/** Who is looking, as far as a buyer's privacy goes. */
export type BuyerViewer = { id: string; isAdmin: boolean; profile: { isSeller: boolean } | null } | null;

/**
 * The one rule of what a viewer is told of who posted an RFQ (record 0047): the buyer and Setu's administrators see
 * its company; a signed-in supplier sees the company unless the buyer posted anonymously; everyone else (visitors,
 * other buyers) sees only that it is a US buyer. A buyer's personal name is never shown to anyone but the buyer.
 */
export function buyerShownAs(
  rfq: { buyerId: string; buyerCompany: string | null; buyerAnonymous: boolean },
  viewer: BuyerViewer,
): string {
  const company = rfq.buyerCompany?.trim() || "Buyer";
  if (viewer && (viewer.id === rfq.buyerId || viewer.isAdmin)) return company;
  if (!viewer?.profile?.isSeller) return UNNAMED_BUYER;
  return rfq.buyerAnonymous ? ANONYMOUS_BUYER : company;
}
