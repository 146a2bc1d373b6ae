import { z } from "zod";
import { intentOptions, postedId } from "~/lib/posted-fields";

/** The kinds of e-mail a user can turn on or off (each has its own unsubscribe link). */
export const EMAIL_KINDS = [
  "quoteReceived",
  "quoteDecided",
  "orderStatus",
  "newMessage",
  "rfqDeadline",
  "rfqMatched",
  "messageDigest",
  "verification",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Who each kind of e-mail is for: a buyer's RFQs and orders, a seller's quotes, matches and verification. */
const EMAIL_KIND_ROLES: Record<EmailKind, { buyer: boolean; seller: boolean }> = {
  quoteReceived: { buyer: true, seller: false },
  quoteDecided: { buyer: false, seller: true },
  orderStatus: { buyer: true, seller: true },
  newMessage: { buyer: true, seller: true },
  rfqDeadline: { buyer: true, seller: false },
  rfqMatched: { buyer: false, seller: true },
  messageDigest: { buyer: true, seller: true },
  verification: { buyer: false, seller: true },
};

/** The kinds of e-mail an account with these roles can receive: the ones its preferences form offers. */
export function emailKindsFor(roles: { isBuyer: boolean; isSeller: boolean }): EmailKind[] {
  return EMAIL_KINDS.filter(
    (kind) => (roles.isBuyer && EMAIL_KIND_ROLES[kind].buyer) || (roles.isSeller && EMAIL_KIND_ROLES[kind].seller),
  );
}

/**
 * The preferences form: one checkbox per kind, posted as "on" when ticked and left out when not (so a
 * missing kind is off, not "unchanged"). Shared by the browser's check and the server's command.
 */
export const emailPreferencesSchema = z.object(
  Object.fromEntries(
    EMAIL_KINDS.map((kind) => [kind, z.literal("on", { error: "Tick the box or leave it empty." }).optional()]),
  ) as Record<EmailKind, z.ZodOptional<z.ZodLiteral<"on">>>,
);
export type EmailPreferencesInput = z.output<typeof emailPreferencesSchema>;

/** The posted preferences form as emailPreferencesSchema reads it: each kind's value, an unticked box absent. */
export function readEmailPreferencesForm(form: FormData): Record<string, unknown> {
  return Object.fromEntries(EMAIL_KINDS.flatMap((kind) => (form.has(kind) ? [[kind, form.get(kind)]] : [])));
}

/** The notifications page's forms: open one notification (marking it read), or mark them all read. */
export const notificationActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("open"), id: postedId("Notification not found") }),
    z.object({ intent: z.literal("read-all") }),
  ],
  intentOptions,
);
