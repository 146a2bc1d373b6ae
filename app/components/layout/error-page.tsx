import { feedbackIn } from "~/i18n/feedback";
import { PageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/use-translation";
import type { RefusedPage } from "~/lib/page-refusal";
import { AccessRequiredPage, NotFoundPage } from "./not-found-page";
import { useLocale } from "./use-root-user";

/**
 * What root's error boundary shows in the page's main: a 404 (the missing thing's own words, else the generic page),
 * a refusal with its page (who may see it, where to go; its words in the page's language), or "something went
 * wrong". Its code is not in every page's first JavaScript (root loads it as a lazy part): most pages never fail.
 */
export function ErrorPage({
  notFound,
  refused,
  clientError,
}: {
  notFound: boolean;
  refused: RefusedPage | null;
  /** a refused request without a page of its own (a 4xx), rather than a failure (a 5xx) */
  clientError: boolean;
}) {
  const locale = useLocale();
  // the loader's words (the spec's English) in the page's language, from the `feedback` namespace
  const page = refused && {
    heading: feedbackIn(locale, refused.heading),
    message: feedbackIn(locale, refused.message),
    link: { ...refused.link, label: feedbackIn(locale, refused.link.label) },
  };
  if (notFound) return <NotFoundPage page={page} />;
  if (page) return <AccessRequiredPage page={page} />;
  return <SomethingWentWrong refused={clientError} />;
}

/** The error page of a request that failed (a 5xx) or was refused without a page of its own, in the page's language. */
function SomethingWentWrong({ refused }: { refused: boolean }) {
  const { t } = useTranslation(["common"]);
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <PageTitle text="common:pageTitle.error" />
      <h1 className="text-3xl font-bold">{t("common:errorPage.heading")}</h1>
      <p className="mt-3 text-slate-600">{refused ? t("common:errorPage.refused") : t("common:errorPage.failed")}</p>
      <a href="/" className="mt-6 inline-block font-medium text-brand-600 hover:underline">
        {t("common:errorPage.home")}
      </a>
    </section>
  );
}
