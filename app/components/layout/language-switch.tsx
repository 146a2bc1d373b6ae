import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { htmlLang, LOCALE_NAMES } from "~/lib/locale";
import { useLocale } from "./use-root-user";
// a file of its own, never inlined into the page's JavaScript: fetched (once, then cached) as a picture
import hindiWord from "./hindi-word.svg?no-inline";

/**
 * The header's language switch: one button naming the other language in its own script ("हिन्दी", "English").
 * A plain form post (works without JavaScript; never a GET): the page comes back rendered in the new language.
 *
 * On an English page "हिन्दी" is a picture of the word (scripts/make-hindi-word.ts), in the text's colour through a
 * CSS mask, named by its label: drawn as text it would make every English page fetch the Devanagari web font
 * (54 KB, at the highest priority, before the first paint) for this one word.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const locale = useLocale();
  const { t } = useTranslation(["common"]);
  const location = useLocation();
  const other = locale === "hi" ? "en" : "hi";
  return (
    <form method="post" action="/language" className={className}>
      <input type="hidden" name="language" value={other} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="inline-flex min-h-11 items-center px-2 font-medium hover:underline">
        <span className="sr-only">{t("common:language.label")}: </span>
        {/* a fixed width, the word from its left: it keeps its place when the Devanagari web font arrives */}
        <span className="inline-block min-w-14 text-left">
          {other === "hi" ? (
            <span
              role="img"
              aria-label={LOCALE_NAMES.hi}
              lang={htmlLang("hi")}
              // the font's box: 1.933 em wide, from its ascent (0.896 em) to its descent (0.408 em below the baseline)
              className="inline-block h-[1.304em] w-[1.933em] bg-current align-[-0.408em] forced-colors:bg-[ButtonText]"
              style={{ mask: `url("${hindiWord}") no-repeat center / contain` }}
            />
          ) : (
            <span lang={htmlLang(other)}>{LOCALE_NAMES[other]}</span>
          )}
        </span>
      </button>
    </form>
  );
}
