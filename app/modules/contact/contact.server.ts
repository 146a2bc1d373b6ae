import type { Db } from "~/db/client.server";
import { contactMessages } from "~/db/schema/contact";
import type { CommandResult } from "~/lib/command-result";
import { countAttempt } from "~/modules/accounts/attempt-limiter.server";
import type { ContactMessageInput } from "./contact.schema";

/** Messages one client address may send before a pause: enough for a person, not for a flood of stored rows. */
export const CONTACT_LIMIT = { perClient: 5, windowMs: 60 * 60 * 1000 };
export const TOO_MANY_MESSAGES =
  "You have sent several messages in a short time. Please wait an hour, or write to hello@setu.example.";

/**
 * Stores a contact form message (contactMessageSchema's reading of the form), at most CONTACT_LIMIT.perClient an
 * hour per client address: the one more is refused with 429 and changes nothing.
 */
export async function submitContactMessage(
  db: Db,
  input: ContactMessageInput,
  clientIp: string | null,
): Promise<CommandResult<{ id: string }>> {
  if (
    clientIp &&
    (await countAttempt(db, `contact:client:${clientIp}`, CONTACT_LIMIT.windowMs)) > CONTACT_LIMIT.perClient
  ) {
    return { ok: false, status: 429, message: TOO_MANY_MESSAGES, fieldErrors: {} };
  }
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return { ok: true, message: "Thank you! Your message has been sent.", value: { id: row!.id } };
}
