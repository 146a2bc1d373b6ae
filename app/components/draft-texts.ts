/**
 * The keys of every text the kept-draft notices show (app/components/draft-notice.tsx), in `common` (loaded on
 * every page, so a notice that appears after hydration has its texts): app/locales/<language>/common.json, `drafts`.
 * One sentence per form, not a noun put into one sentence, so Hindi can agree with each noun.
 */
export type DraftNoun = "quote" | "message" | "product";

export const DRAFT_SENTENCES = {
  quote: {
    offered: "common:drafts.quote.offered",
    unsent: "common:drafts.quote.unsent",
    unsentOnline: "common:drafts.quote.unsentOnline",
  },
  message: {
    offered: "common:drafts.message.offered",
    unsent: "common:drafts.message.unsent",
    unsentOnline: "common:drafts.message.unsentOnline",
  },
  product: {
    offered: "common:drafts.product.offered",
    unsent: "common:drafts.product.unsent",
    unsentOnline: "common:drafts.product.unsentOnline",
  },
} as const satisfies Record<DraftNoun, Record<"offered" | "unsent" | "unsentOnline", string>>;
