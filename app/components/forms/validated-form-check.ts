import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { feedbackIn } from "~/i18n/feedback";
import { htmlLang, type Locale } from "~/lib/locale";

/**
 * A posted form checked by a zod schema as the domain command checks it: the text as posted (Conform's coercion off,
 * or an empty field would get zod's "expected string" rather than our message), reshaped first by `read` when given.
 * Loaded in the browser after the page (with the form's schema, `lazySchema` in validated-form.ts): zod is not in
 * any page's first JavaScript. The schema's messages are English, as the server writes them; the reader gets them in
 * the page's language (its `<html lang>`: this chunk adds nothing to a page's first JavaScript to know it), as the
 * server's answer does (i18n/feedback.ts).
 */
export function checkForm(
  formData: FormData,
  schema: z.ZodType<unknown, Record<string, unknown>>,
  read?: (form: FormData) => unknown,
  locale: Locale = pageLocale(),
): Submission<unknown, string[], unknown> {
  const checked = read ? z.preprocess(() => read(formData), schema) : schema;
  return parseWithZod(formData, {
    schema: checked,
    disableAutoCoercion: true,
    formatError: (issues: { message: string }[]) => issues.map((issue) => feedbackIn(locale, issue.message)),
  });
}

function pageLocale(): Locale {
  return typeof document !== "undefined" && document.documentElement.lang === htmlLang("hi") ? "hi" : "en";
}
