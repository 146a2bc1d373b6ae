import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { htmlLang, type Locale } from "~/lib/locale";

/**
 * The feedback catalogue (i18n/feedback.ts: both languages' texts and the index of their templates, about 15 KB
 * gzipped, and work at load) is needed only to give a message in another language than the schemas' English: an
 * English page never loads it. `readersTexts` loads it for a page in another language (lazySchema waits for it).
 */
let feedback: typeof import("~/i18n/feedback") | null = null;
let loadingFeedback: Promise<void> | null = null;
export function readersTexts(locale: Locale = pageLocale()): Promise<void> {
  if (locale === "en" || feedback) return Promise.resolve();
  return (loadingFeedback ??= import("~/i18n/feedback").then((module) => {
    feedback = module;
  }));
}

function inReadersLanguage(locale: Locale, text: string): string {
  if (locale === "en") return text;
  // a page that turned to another language after its schema loaded (a client-side sign-in to a Hindi account):
  // English this once, as a post to the server would be answered in the reader's language anyway
  if (!feedback) {
    void readersTexts(locale);
    return text;
  }
  return feedback.feedbackIn(locale, text);
}

/**
 * A posted form checked by a zod schema as the domain command checks it: the text as posted (Conform's coercion off,
 * or an empty field would get zod's "expected string" rather than our message), reshaped first by `read` when given.
 * Loaded in the browser after the page (with the form's schema, `lazySchema` in validated-form.ts): zod is not in
 * any page's first JavaScript. The schema's messages are English, as the server writes them; the reader gets them in
 * the page's language (its `<html lang>`: this chunk adds nothing to a page's first JavaScript to know it), as the
 * server's answer does (i18n/feedback.ts, loaded first by `readersTexts` on a page not in English).
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
    formatError: (issues: { message: string }[]) => issues.map((issue) => inReadersLanguage(locale, issue.message)),
  });
}

function pageLocale(): Locale {
  return typeof document !== "undefined" && document.documentElement.lang === htmlLang("hi") ? "hi" : "en";
}
