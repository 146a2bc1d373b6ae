/**
 * Every English text the kept-draft notices show (app/components/draft-notice.tsx), in one place for the
 * translation into Hindi (issue #43 item 1).
 */
export type DraftNoun = "quote" | "message" | "product";

const NOUNS: Record<DraftNoun, string> = { quote: "quote", message: "message", product: "new product" };

export const DRAFT_TEXTS = {
  offered: (noun: DraftNoun, savedAt: string) =>
    `A draft of your ${NOUNS[noun]} from ${savedAt} is kept on this device.`,
  unsent: (noun: DraftNoun) =>
    `Not sent: there is no connection. Your ${NOUNS[noun]} is kept on this device; send it when you are back online.`,
  unsentOnline: (noun: DraftNoun) =>
    `Your ${NOUNS[noun]} was not sent (there was no connection). It is kept on this device: you are online now.`,
  sending: "Sending…",
  restore: "Restore",
  discard: "Discard",
  sendNow: "Send now",
  waiting: "Waiting for a connection",
};
