// The RFQ list's choices, without zod: the list page's JavaScript needs these and not the schemas (rfq.schema.ts).
export const RFQ_SORTS = [
  { value: "newest", label: "Newest First" },
  { value: "deadline", label: "Deadline Soon" },
  { value: "budget-high", label: "Budget: High to Low" },
  { value: "budget-low", label: "Budget: Low to High" },
] as const;
export type RfqSort = (typeof RFQ_SORTS)[number]["value"];
export const RFQS_PER_PAGE = 12;
