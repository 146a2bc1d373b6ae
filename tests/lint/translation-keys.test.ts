import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAMESPACES } from "~/i18n/config";
import { LOCALES } from "~/lib/locale";
import { sourceFiles } from "../support/source-files";

/**
 * Keys, not sentences (issue #43 item 1; decision record 0058): every text of app/locales exists in English and in
 * Hindi, with the same placeholders, and is used by the code; every key the code names exists. Code names a key
 * with its namespace as a static string ("dashboard:title"), so this finds it; a group of keys picked at run time
 * is named by a template with a static prefix (`orders:status.${status}`), which counts every key below it as used.
 */
const LOCALES_DIR = "app/locales";
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Texts = Map<string, string>;

function flatten(value: unknown, prefix: string, into: Texts) {
  if (typeof value === "string") into.set(prefix, value);
  else if (value && typeof value === "object")
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix.endsWith(":") ? `${prefix}${key}` : `${prefix}.${key}`, into);
  else into.set(prefix, String(value));
}

function textsOf(locale: string): Texts {
  const texts: Texts = new Map();
  for (const file of fs.readdirSync(path.join(LOCALES_DIR, locale))) {
    const ns = file.replace(/\.json$/, "");
    flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, file), "utf8")), `${ns}:`, texts);
  }
  return texts;
}

const NS = NAMESPACES.join("|");
const KEY = new RegExp(`["'\`](?:${NS}):([A-Za-z0-9_.-]+)["'\`]`, "g");
const PREFIX = new RegExp(`\`((?:${NS}):[A-Za-z0-9_.-]*)\\$\\{`, "g");
// t("title"), t('a.b'): a key without its namespace cannot be found by this test (nor read at a glance)
const BARE = /\bt\(\s*["'`]([^"'`:$]+)["'`]/g;

export function usages(text: string): { keys: string[]; prefixes: string[]; bare: string[] } {
  const keys = [...text.matchAll(KEY)].map((m) => m[0].slice(1, -1));
  const prefixes = [...text.matchAll(PREFIX)].map((m) => m[1]!);
  const bare = [...text.matchAll(BARE)].map((m) => m[1]!);
  return { keys, prefixes, bare };
}

const base = (key: string) => key.replace(PLURAL, "");

function codeUsages() {
  const keys = new Map<string, string>();
  const prefixes = new Set<string>();
  const bare: string[] = [];
  for (const file of [...sourceFiles("app"), ...sourceFiles("server")]) {
    const found = usages(fs.readFileSync(file, "utf8"));
    for (const key of found.keys) if (!keys.has(key)) keys.set(key, file);
    for (const prefix of found.prefixes) prefixes.add(prefix);
    for (const key of found.bare) bare.push(`${file}: t("${key}")`);
  }
  return { keys, prefixes, bare };
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe("translation keys", () => {
  const texts = Object.fromEntries(LOCALES.map((locale) => [locale, textsOf(locale)])) as Record<string, Texts>;
  const english = texts.en!;

  it("has every namespace file in every language", () => {
    for (const locale of LOCALES)
      expect(fs.readdirSync(path.join(LOCALES_DIR, locale)).sort(), locale).toEqual(
        NAMESPACES.map((ns) => `${ns}.json`).sort(),
      );
  });

  it("has every key in both languages, with a text and the same placeholders", () => {
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const own = texts[locale]!;
      for (const [key, text] of english)
        if (!own.has(key)) problems.push(`${locale}: missing ${key}`);
        else if (!own.get(key)!.trim()) problems.push(`${locale}: empty ${key}`);
        else if (placeholders(own.get(key)!).join() !== placeholders(text).join())
          problems.push(
            `${locale}: ${key} has placeholders ${placeholders(own.get(key)!)} where English has ${placeholders(text)}`,
          );
      for (const key of own.keys()) if (!english.has(key)) problems.push(`en: missing ${key} (in ${locale})`);
    }
    expect(problems).toEqual([]);
  });

  it("finds every key the code names, each named with its namespace", () => {
    const { keys, bare } = codeUsages();
    const known = new Set([...english.keys()].map(base));
    const missing = [...keys].filter(([key]) => !known.has(key)).map(([key, file]) => `${file}: ${key}`);
    expect(missing, "keys the code names that app/locales/en lacks").toEqual([]);
    expect(bare, "keys without their namespace").toEqual([]);
  });

  it("uses every key it has", () => {
    const { keys, prefixes } = codeUsages();
    const unused = [...english.keys()].filter(
      (key) => !keys.has(base(key)) && ![...prefixes].some((prefix) => key.startsWith(prefix)),
    );
    expect(unused, "keys in app/locales that no code names").toEqual([]);
  });

  it("would catch each kind of use (the probes)", () => {
    expect(usages(`t("dashboard:title")`).keys).toEqual(["dashboard:title"]);
    expect(usages(`{ label: "common:nav.browse" }`).keys).toEqual(["common:nav.browse"]);
    expect(usages("t(`orders:status.${status}`)").prefixes).toEqual(["orders:status."]);
    expect(usages(`t("title")`).bare).toEqual(["title"]);
    expect(usages(`<a href="mailto:x">`).keys).toEqual([]);
    expect(usages(`i18nKey="auth:terms"`).keys).toEqual(["auth:terms"]);
    expect(base("notifications:unread_other")).toBe("notifications:unread");
  });
});
