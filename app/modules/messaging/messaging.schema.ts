import { z } from "zod";
import { isStorableText } from "~/lib/json-text";
import { intentOptions, optionalPostedId, postedId } from "~/lib/posted-fields";
import { MESSAGE_MAX_LENGTH, REPORT_REASON_MAX_LENGTH, SUBJECT_TYPES, type SubjectType } from "./messaging-values";

// the values and helpers pages need without zod (route JS budgets): import them from there in components and routes
export * from "./messaging-values";

/** The message box: the text as typed (line breaks kept), trimmed at both ends when stored. */
export const messageSchema = z.object({
  body: z
    .string()
    .max(MESSAGE_MAX_LENGTH + 1000)
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .max(MESSAGE_MAX_LENGTH, `A message can have at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`),
    ),
});

const REPORT_REASON_REQUIRED = "Please say why you are reporting this message";

/** Reporting a message to the administrators. */
export const reportSchema = z.object({
  reason: z
    .string(REPORT_REASON_REQUIRED)
    .refine(isStorableText, REPORT_REASON_REQUIRED)
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, REPORT_REASON_REQUIRED)
        .max(
          REPORT_REASON_MAX_LENGTH,
          `Please keep the reason under ${REPORT_REASON_MAX_LENGTH.toLocaleString("en-US")} characters`,
        ),
    ),
});

export const CANNOT_CONTACT = "This cannot be contacted";

/**
 * The "Contact …" buttons' form (POST /messages): what the conversation is about, read as the command's subject.
 * For an RFQ the buyer also names the supplier (`counterpartId`).
 */
export const openConversationSchema = z
  .object({
    subjectType: z.enum(SUBJECT_TYPES, { error: CANNOT_CONTACT }),
    subjectId: postedId(CANNOT_CONTACT),
    counterpartId: optionalPostedId(CANNOT_CONTACT),
  })
  .transform(({ subjectType, subjectId, counterpartId }) => ({ type: subjectType, id: subjectId, counterpartId }));

const UNKNOWN_BLOCK = "You have not blocked this user";

/** "Unblock" on the blocked users' list (POST /messages): whose block to lift, as the list names them. */
export const liftBlockSchema = z.object({
  intent: z.literal("unblock"),
  userId: z.string({ error: UNKNOWN_BLOCK }).trim().min(1, UNKNOWN_BLOCK).max(200, UNKNOWN_BLOCK),
});

/**
 * A thread's forms (POST /messages/:id): send a message (its files are read beside it), mark the thread read
 * through a message, block or unblock the other party, report a message.
 */
export const threadActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("send"), body: z.string() }),
    z.object({ intent: z.literal("read"), messageId: postedId("Unknown message") }),
    z.object({ intent: z.literal("block") }),
    z.object({ intent: z.literal("unblock") }),
    z.object({ intent: z.literal("report"), messageId: postedId("Unknown message") }).extend(reportSchema.shape),
  ],
  intentOptions,
);
export type ThreadActionInput = z.output<typeof threadActionSchema>;
/** A report as the command takes it: the reason read by reportSchema. */
export type ReportMessageInput = { messageId: string; reason: string };

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

export type ThreadAttachment = {
  id: string;
  fileName: string;
  contentType: "image/webp" | "application/pdf";
  sizeBytes: number;
};

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

/**
 * An administrator resolves one reported message (`reportId`), or a member's whole group of open reports up to the
 * newest they saw (`reportedUserId` and `through`). The commands look them up: unknown ones are not found.
 */
export const resolveReportSchema = z.union([
  z.object({ reportedUserId: z.string().min(1), through: z.string() }),
  z.object({ reportId: z.string() }),
]);
export const RESOLVE_REPORT_FIELDS = ["reportId", "reportedUserId", "through"] as const;

/** The administrators' report list: open or resolved reports. */
export const REPORT_LIST_STATUSES = ["open", "resolved"] as const;
