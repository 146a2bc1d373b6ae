import { z } from "zod";

/** What a conversation can be about (conversations.subject_type). */
export const SUBJECT_TYPES = ["product", "store", "rfq", "quote", "order"] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

export const MESSAGE_MAX_LENGTH = 5000;
/** Attachments: images (re-encoded to WebP) and PDF files, each up to 10 MB, at most 3 per message. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 3;
export const ATTACHMENT_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif,application/pdf";
export const REPORT_REASON_MAX_LENGTH = 1000;

export const INBOX_PAGE_SIZE = 30;
export const THREAD_PAGE_SIZE = 50;

export const ATTACHMENT_MESSAGES = {
  tooMany: `You can attach at most ${MAX_ATTACHMENTS} files to a message`,
  tooLarge: "Each attachment must be 10 MB or less",
  wrongType: "Only images (JPEG, PNG, WebP, GIF, AVIF) and PDF files can be attached",
} as const;

/** The message box: the text as typed (line breaks kept), trimmed at both ends when stored. */
export const messageSchema = z.object({
  body: z.string().max(MESSAGE_MAX_LENGTH + 1000).transform((value) => value.trim()).pipe(z.string().max(MESSAGE_MAX_LENGTH, `A message can have at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`)),
});

/** Reporting a message to the administrators. */
export const reportSchema = z.object({
  reason: z
    .string("Please say why you are reporting this message")
    .trim()
    .min(1, "Please say why you are reporting this message")
    .max(REPORT_REASON_MAX_LENGTH, `Please keep the reason under ${REPORT_REASON_MAX_LENGTH.toLocaleString("en-US")} characters`),
});

export type SubjectCard = {
  type: SubjectType;
  title: string;
  href: string;
  imageUrl: string | null;
  priceMinCents: number | null;
  priceMaxCents: number | null;
};

export type InboxItem = {
  id: string;
  counterpartCompany: string;
  subject: SubjectCard;
  preview: string;
  lastMessageAt: string;
  lastFromMe: boolean;
  unread: boolean;
};

export type InboxFilter = "all" | "needs-reply";

export type ThreadAttachment = { id: string; fileName: string; contentType: "image/webp" | "application/pdf"; sizeBytes: number };

export type ThreadMessage = {
  id: string;
  fromMe: boolean;
  senderCompany: string;
  body: string;
  createdAt: string;
  attachments: ThreadAttachment[];
  /** my message, and the other party's read marker has passed it */
  seen: boolean;
};

export type ThreadView = {
  id: string;
  myRole: "buyer" | "seller";
  counterpartCompany: string;
  subject: SubjectCard;
  messages: ThreadMessage[];
  /** the id of the oldest message shown, to load the page before it; null when all are shown */
  olderCursor: string | null;
  lastMessageId: string | null;
  unread: boolean;
  iBlocked: boolean;
  theyBlocked: boolean;
};

export const SUBJECT_LABEL: Record<SubjectType, string> = { product: "Product", store: "Store", rfq: "RFQ", quote: "Quote", order: "Order" };

/** Where in a text an http(s) address starts and ends; strict: no quotes, angle brackets or spaces. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

export type TextPart = { type: "text"; text: string } | { type: "link"; text: string; href: string };

/**
 * Splits a message into plain text and http(s) links, for rendering as React text nodes and anchors (never
 * as HTML). Trailing punctuation stays text; anything that does not parse as an http(s) URL stays text.
 */
export function linkifyParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let candidate = match[0];
    const trailing = TRAILING_PUNCTUATION.exec(candidate);
    if (trailing) candidate = candidate.slice(0, -trailing[0].length);
    let href: string | null = null;
    try {
      const url = new URL(candidate);
      if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname) href = url.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ type: "text", text: text.slice(last, start) });
    parts.push({ type: "link", text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) parts.push({ type: "text", text: text.slice(last) });
  return parts;
}
