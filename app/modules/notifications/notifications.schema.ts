/** The kinds of e-mail a user can turn on or off (each has its own unsubscribe link). */
export const EMAIL_KINDS = ["quoteReceived", "quoteDecided", "orderStatus", "newMessage", "rfqDeadline", "messageDigest"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  quoteReceived: "A supplier quotes on my RFQ",
  quoteDecided: "A buyer accepts or declines my quote",
  orderStatus: "An order's status changes",
  newMessage: "A new message arrives",
  rfqDeadline: "My RFQ's deadline is 24 hours away with no quote accepted",
  messageDigest: "A digest of messages left unread for 10 minutes",
};
