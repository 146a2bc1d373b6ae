import { z } from "zod";
import { parseJsonField } from "./json-text";
import { UUID } from "./uuid";

/** What a form's action answers an intent none of its schemas names (or none at all). */
export const UNKNOWN_ACTION = "Unknown action";

/**
 * The options of `z.discriminatedUnion("intent", …)` for a route's intents (record 0039): an unknown or missing
 * intent is refused with UNKNOWN_ACTION, as a field's own message would be.
 */
export const intentOptions = {
  error: (issue: { code?: string }) => (issue.code === "invalid_union" ? UNKNOWN_ACTION : undefined),
};

/**
 * A posted id: a UUID, or refused with `message` (400) before any query, since PostgreSQL's uuid cast would fail.
 * The command still answers 404 for an id that is well formed but not the actor's.
 */
export const postedId = (message: string) => z.string({ error: message }).regex(UUID, { error: message });

/** A posted id that may be left empty ("" reads as absent). */
export const optionalPostedId = (message: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((value) => value || undefined)
    .pipe(postedId(message).optional());

/**
 * A field posting a JSON document (the store design, the category tabs, a product draft), read on the route side
 * (record 0039): the text is parsed by parseJsonField, then by `schema`. A refusal is one message, the field's:
 * `unreadable` for text that is not JSON we could store, otherwise `refused(issues)` of the schema's issues.
 */
export function postedJson<S extends z.ZodType>(
  schema: S,
  unreadable: string,
  refused: (issues: readonly z.core.$ZodIssue[]) => string,
) {
  return z.string({ error: unreadable }).transform((text, ctx): z.output<S> => {
    const json = parseJsonField(text);
    const parsed = json ? schema.safeParse(json.value) : null;
    if (parsed?.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: parsed ? refused(parsed.error.issues) : unreadable });
    return z.NEVER;
  });
}
