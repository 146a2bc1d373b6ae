import type { z } from "zod";

/**
 * What a domain command answers a form (record 0039): done with a message (and a value), or refused with a status,
 * a message and the first message per field. `refusedFormReply` (validated-form) turns a refusal into Conform's reply.
 */
export type CommandRefusal = { ok: false; status: number; message: string; fieldErrors: Record<string, string> };
export type CommandResult<T = undefined> = { ok: true; message: string; value: T } | CommandRefusal;

/** A field's name as the form names it (`variants[0].tiers[1].unitPrice`); an issue about the whole form is "form". */
export function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "form";
  return path.reduce<string>(
    (name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)),
    "",
  );
}

/** The first message per field of a zod error's issues, so that each lands by its own input. */
export function firstErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[fieldName(issue.path)] ??= issue.message;
  return out;
}

/** The posted text of these fields ("" for a missing one or a file), to send back with a refusal. */
export function formValues(form: FormData, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    keys.map((key) => [key, typeof form.get(key) === "string" ? (form.get(key) as string) : ""]),
  );
}

/**
 * A form's values read by its schema: the typed input a domain command takes, or the refusal (status 400, the
 * first message, and each field's own) the route answers with. Routes parse; commands take the parsed output.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; value: z.output<S> } | CommandRefusal {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors = firstErrors(parsed.error.issues);
  return { ok: false, status: 400, message: Object.values(fieldErrors)[0] ?? "Please check the form", fieldErrors };
}
