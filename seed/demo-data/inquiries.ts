/**
 * The demo's direct inquiry (issue #41 item 3, decision record 0054): the demo buyer asks the demo supplier for a
 * quote on one of its products, so the supplier's "Direct inquiries" tab and "Matched for you" are not empty. It has
 * no quote yet: the demo supplier can try the quote form, which starts from the product's goods. Only the buyer, that
 * supplier and administrators see it; no similar supplier is invited.
 */
export const DEMO_DIRECT_INQUIRY = {
  productName: "Cotton Terry Hand Towels",
  title: "Cotton terry hand towels, 40 x 70 cm, for spring restock",
  description:
    "We would like 6,000 hand towels in white and light grey (3,000 each), 450 gsm as listed, with a dobby border. Please quote with your lead time and packing: 50 per carton, our barcode sticker on each carton.",
  quantity: 6000,
  budgetCents: [720_000, 900_000] as const,
  deliveryLocation: "Port of New York and New Jersey",
  deadlineInDays: 12,
  postedDaysAgo: 1,
} as const;
