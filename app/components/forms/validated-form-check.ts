import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

/**
 * A posted form checked by a zod schema as the domain command checks it: the text as posted (Conform's coercion off,
 * or an empty field would get zod's "expected string" rather than our message), reshaped first by `read` when given.
 * Loaded in the browser after the page (with the form's schema, `lazySchema` in validated-form.ts): zod is not in
 * any page's first JavaScript.
 */
export function checkForm(
  formData: FormData,
  schema: z.ZodType<unknown, Record<string, unknown>>,
  read?: (form: FormData) => unknown,
): Submission<unknown, string[], unknown> {
  const checked = read ? z.preprocess(() => read(formData), schema) : schema;
  return parseWithZod(formData, { schema: checked, disableAutoCoercion: true });
}
