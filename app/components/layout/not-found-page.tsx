import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { PageTitle } from "~/i18n/page-title";
import { useTranslation } from "~/i18n/use-translation";
import type { RefusedPage } from "~/lib/page-refusal";

/** Every 404: the spec's words for the missing thing (a store, an RFQ …), else the generic page. */
export function NotFoundPage({ page }: { page?: RefusedPage | null }) {
  const { t } = useTranslation(["common"]);
  if (page) return <RefusedSection page={page} />;
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <PageTitle text="common:pageTitle.notFound" />
      <p className="text-6xl font-bold text-slate-300">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t("common:notFoundPage.heading")}</h1>
      <p className="mt-3 text-slate-600">{t("common:notFoundPage.message")}</p>
      <Link to="/" className="mt-6 inline-block font-medium text-brand-600 hover:underline">
        {t("common:errorPage.home")}
      </Link>
    </section>
  );
}

/** Every 401/403 page: who may see it and where to go instead (sign in, the dashboard). */
export function AccessRequiredPage({ page }: { page: RefusedPage }) {
  return <RefusedSection page={page} />;
}

function RefusedSection({ page }: { page: RefusedPage }) {
  return (
    <section className="mx-auto max-w-md px-4 py-24 text-center">
      <title>{`${page.heading} | Setu`}</title>
      <h1 className="text-2xl font-bold">{page.heading}</h1>
      <p className="mt-2 text-slate-600">{page.message}</p>
      <ButtonLink to={page.link.to} className="mt-6">
        {page.link.label}
      </ButtonLink>
    </section>
  );
}
