import type { ResourceLanguage } from "i18next";
import { formatNumber } from "~/lib/numbers";
import type { Locale } from "~/lib/locale";
import en from "~/locales/en/feedback.json";
import hi from "~/locales/hi/feedback.json";
import categoriesEn from "~/locales/en/categories.json";
import categoriesHi from "~/locales/hi/categories.json";
import { translate } from "./texts";

/**
 * The texts the server makes in English for a reader (issue #43 item 1): flash notices after a post, the messages of
 * a refused form, the form checks' messages (the same zod schemas in the browser). Domain commands and schemas keep
 * writing them in English, as the spec quotes them and their tests read them; the `feedback` namespace lists each
 * one (app/locales/en/feedback.json, its `{{placeholders}}` standing for the parts that vary) and what it is in
 * each language. `feedbackIn` gives a text in the reader's language: English untouched, byte for byte; another
 * language's text of the key whose English matches, its parts filled in (themselves translated when they are one of
 * these texts, a `{{category}}` by its name in the `categories` namespace, counts regrouped as the reader writes
 * them); a text not listed stays as it is.
 */
type Template = { key: string; pattern: RegExp; names: string[] };

const exact = new Map<string, string>();
const templates: Template[] = [];

function index(value: unknown, path: string) {
  if (typeof value === "string") {
    const parts = value.split(/\{\{\s*(\w+)\s*\}\}/);
    if (parts.length === 1) {
      exact.set(value, path);
      return;
    }
    const names: string[] = [];
    const source = parts
      .map((part, i) => (i % 2 ? (names.push(part), "(.+?)") : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    templates.push({ key: path, pattern: new RegExp(`^${source}$`, "s"), names });
  } else if (value && typeof value === "object")
    for (const [key, inner] of Object.entries(value)) index(inner, path ? `${path}.${key}` : key);
}
index(en, "");
// the most specific first: a template with more fixed text wins over a looser one that also matches
templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length);

const OTHER_LANGUAGES: Partial<Record<Locale, ResourceLanguage>> = { hi };
const CATEGORY_NAMES: Partial<Record<Locale, Record<string, string>>> = { hi: categoriesHi };
// a category's English name (its label in app/lib/categories.ts, as commands write it) → its slug
const CATEGORY_SLUGS = new Map(Object.entries(categoriesEn).map(([slug, label]) => [label, slug]));

/**
 * A text's varying part in the reader's language: a count written in English ("100,000") as the reader writes it
 * ("1,00,000"), a plain number (a year) as it is; a `{{category}}` by the `categories` namespace's name; anything
 * else translated when it is itself one of these texts.
 */
function part(locale: Locale, name: string, value: string): string {
  if (/^\d{1,3}(,\d{3})+$/.test(value)) return formatNumber(Number(value.replace(/,/g, "")), locale);
  if (name === "category") {
    const slug = CATEGORY_SLUGS.get(value);
    return (slug && CATEGORY_NAMES[locale]?.[slug]) || value;
  }
  return feedbackIn(locale, value);
}

/** One English text the server made, in the reader's language. */
export function feedbackIn(locale: Locale, text: string): string {
  const texts = OTHER_LANGUAGES[locale];
  if (!texts) return text;
  const known = exact.get(text);
  if (known) return translate(locale, { feedback: texts }, `feedback:${known}`);
  for (const { key, pattern, names } of templates) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, part(locale, name, match[i + 1]!)]));
    return translate(locale, { feedback: texts }, `feedback:${key}`, values);
  }
  return text;
}

type Reply = { error?: Record<string, string[] | null> | null } & Record<string, unknown>;
type Answer = {
  message?: unknown;
  error?: unknown;
  fieldErrors?: unknown;
  reply?: Reply | null;
};

/**
 * An action's answer with its server-made texts in the reader's language: `message`, `error`, each of
 * `fieldErrors` and each message of a form reply's `error` (Conform's). Nothing else is read: the values a user
 * posted, sent back in the reply, stay as they were typed.
 */
export function answerIn<T extends Answer>(locale: Locale, answer: T): T {
  if (locale === "en") return answer;
  const text = (value: unknown) => (typeof value === "string" ? feedbackIn(locale, value) : value);
  const out: Answer = { ...answer, message: text(answer.message), error: text(answer.error) };
  if (!("message" in answer)) delete out.message;
  if (!("error" in answer)) delete out.error;
  if (answer.fieldErrors && typeof answer.fieldErrors === "object")
    out.fieldErrors = Object.fromEntries(Object.entries(answer.fieldErrors).map(([name, m]) => [name, text(m)]));
  if (answer.reply?.error)
    out.reply = {
      ...answer.reply,
      error: Object.fromEntries(
        Object.entries(answer.reply.error).map(([name, messages]) => [
          name,
          messages ? messages.map((m) => feedbackIn(locale, m)) : messages,
        ]),
      ),
    };
  return out as T;
}
