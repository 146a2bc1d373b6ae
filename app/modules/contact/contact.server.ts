import type { Db } from "~/db/client.server";
import { contactMessages } from "~/db/schema/contact";
import { countAttempt } from "~/modules/accounts/attempt-limiter.server";
import { contactMessageSchema } from "./contact.schema";

/** Messages one client address may send before a pause: enough for a person, not for a flood of stored rows. */
export const CONTACT_LIMIT = { perClient: 5, windowMs: 60 * 60 * 1000 };
export const TOO_MANY_MESSAGES = "You have sent several messages in a short time. Please wait an hour, or write to hello@setu.example.";

export type ContactResult =
  | { ok: true; id: string }
  | { ok: false; status: 400 | 429; fieldErrors: Partial<Record<string, string>>; formError?: string; values: Record<string, string> };

/** Validates and stores a contact form message, at most CONTACT_LIMIT.perClient an hour per client address. Refused input changes nothing. */
export async function submitContactMessage(db: Db, form: FormData, clientIp: string | null): Promise<ContactResult> {
  const values: Record<string, string> = {};
  for (const key of ["name", "email", "company", "topic", "message"]) {
    const value = form.get(key);
    values[key] = typeof value === "string" ? value : "";
  }
  const parsed = contactMessageSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      fieldErrors[key] ??= issue.message;
    }
    return { ok: false, status: 400, fieldErrors, values };
  }
  if (clientIp && (await countAttempt(db, `contact:client:${clientIp}`, CONTACT_LIMIT.windowMs)) > CONTACT_LIMIT.perClient) {
    return { ok: false, status: 429, fieldErrors: {}, formError: TOO_MANY_MESSAGES, values };
  }
  const [row] = await db.insert(contactMessages).values(parsed.data).returning({ id: contactMessages.id });
  return { ok: true, id: row!.id };
}
