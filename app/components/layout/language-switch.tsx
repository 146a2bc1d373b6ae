import { useTranslation } from "~/i18n/use-translation";
import { useLocation } from "react-router";
import { htmlLang, LOCALE_NAMES } from "~/lib/locale";
import { useLocale } from "./use-root-user";

/**
 * The header's language switch: one button naming the other language in its own script ("हिन्दी", "English").
 * A plain form post (works without JavaScript; never a GET): the page comes back rendered in the new language.
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
        <span lang={htmlLang(other)} className="inline-block min-w-14 text-left">
          {LOCALE_NAMES[other]}
        </span>
      </button>
    </form>
  );
}
