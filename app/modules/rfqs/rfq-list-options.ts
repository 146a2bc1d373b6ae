// The RFQ list's choices, without zod: the list page's JavaScript needs these and not the schemas (rfq.schema.ts).
// (their names are texts: rfqs:filters.sort.<value>)
export const RFQ_SORTS = ["newest", "deadline", "budget-high", "budget-low"] as const;
export type RfqSort = (typeof RFQ_SORTS)[number];
export const RFQS_PER_PAGE = 12;
