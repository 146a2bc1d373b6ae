import type { Db } from "~/db/client.server";
import { contactMessages } from "~/db/schema/contact";
import { contactMessageSchema } from "./contact.schema";

export type ContactResult =
  | { ok: true; id: string }
  | { ok: false; fieldErrors: Partial<Record<string, string>>; values: Record<string, string> };

/** Validates and stores a contact form message. Invalid input changes nothing. */
export async function submitContactMessage(db: Db, form: FormData): Promise<ContactResult> {
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
    return { ok: false, fieldErrors, values };
  }
  const [row] = await db.insert(contactMessages).values(parsed.data).returning({ id: contactMessages.id });
  return { ok: true, id: row!.id };
}
