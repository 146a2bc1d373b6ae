import type { ResourceLanguage } from "i18next";

/**
 * The texts of one language, by namespace, and the `t` that reads them: i18next's key and file format
 * (`ns:a.b`, `{{name}}` placeholders, `_one`/`_other` plural keys chosen by `count` with Intl.PluralRules,
 * `defaultValue`), in a few hundred bytes. Pages render with it on the server and in the browser alike, so hydration
 * finds the same text; i18next itself stays on the server (record 0058: its 20 KB would break the route budgets).
 */
export type Texts = Record<string, ResourceLanguage>;
type Options = { count?: number; defaultValue?: string } & Record<string, unknown>;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralOf(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng === "hi" ? "hi-IN" : "en-US");
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

function lookup(texts: Texts, ns: string, path: string): string | undefined {
  let value: unknown = texts[ns];
  for (const part of path.split(".")) {
    if (!value || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === "string" ? value : undefined;
}

export function translate(lng: string, texts: Texts, key: string, options: Options = {}): string {
  const colon = key.indexOf(":");
  const ns = colon === -1 ? "common" : key.slice(0, colon);
  const path = colon === -1 ? key : key.slice(colon + 1);
  const text =
    (typeof options.count === "number"
      ? (lookup(texts, ns, `${path}_${pluralOf(lng, options.count)}`) ?? lookup(texts, ns, `${path}_other`))
      : undefined) ??
    lookup(texts, ns, path) ??
    options.defaultValue ??
    key;
  return text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (whole, name: string) =>
    name in options ? String(options[name]) : whole,
  );
}
