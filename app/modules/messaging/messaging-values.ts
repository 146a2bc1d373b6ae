/** Messaging's limits, labels and text helpers: browser-safe without zod (messaging.schema.ts re-exports them). */

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
