/**
 * What the server tells a signed-in browser as it happens (Server-Sent Events). Events carry ids and
 * counts only: the browser re-reads what it shows, so an event never leaks or goes stale.
 */
export type LiveEvent =
  | { type: "message"; conversationId: string; messageId: string }
  | { type: "read"; conversationId: string }
  | { type: "notification" }
  /** an order, its payments, documents or dispute changed: both parties' pages re-read */
  | { type: "order"; orderId: string };
