import { useCategoryName } from "~/i18n/use-category-name";
import { feedbackIn } from "~/i18n/feedback";
import { localeOf } from "~/i18n/i18next.server";
import { useRootUser } from "~/components/layout/use-root-user";
import { FileSearch, Plus } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { FilterSelect, Label, SearchInput, Select } from "~/components/ui/field";
import { useFieldsFollowUrl } from "~/components/ui/use-fields-follow-url";
import { readFormData } from "~/http/form-data.server";
import { redirectWithFlash } from "~/http/flash.server";
import {
  listMutedCategories,
  matchedToSupplier,
  matchReasons,
  setCategoryMuted,
} from "~/modules/matching/matching.server";
import { Pagination } from "~/components/ui/pagination";
import { getSessionUser } from "~/modules/accounts/session.server";
import { RfqCardSkeleton } from "~/modules/rfqs/components/rfq-card-skeleton";
import { lazyPart } from "~/components/ui/lazy-part";
import { MUTE_CATEGORY_FIELDS, muteCategorySchema, parseRfqListParams } from "~/modules/rfqs/rfq.schema";
import { formValues, parseInput } from "~/lib/command-result";
import { RFQ_SORTS } from "~/modules/rfqs/rfq-list-options";
import { TOP_CATEGORIES } from "~/lib/top-categories";
import { listRfqs } from "~/modules/rfqs/rfqs.server";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/rfqs";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";
import { appContext } from "~/request-context.server";

/**
 * The cards are links: the server's HTML (closing times in each RFQ's own zone) stands until their code arrives,
 * fetched as soon as the page has loaded; then they say the closing time in the viewer's zone (route JS budget).
 */
const RfqCard = lazyPart(
  () => import("~/modules/rfqs/components/rfq-card").then((m) => m.RfqCard),
  () => <RfqCardSkeleton />,
  { eager: true },
);

export function meta() {
  return [
    {
      name: "description",
      content: "Open requests for quote from US business buyers. Indian suppliers quote directly; quotes are sealed.",
    },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseRfqListParams(url.searchParams);
  const viewer = await getSessionUser(request, context.get(appContext).runtime);
  if (params.mine && !viewer) throw redirect(`/auth?redirectTo=${encodeURIComponent("/rfqs?mine=1")}`);
  if (params.matched && !viewer) throw redirect(`/auth?redirectTo=${encodeURIComponent("/rfqs?matched=1")}`);
  if (params.direct && !viewer) throw redirect(`/auth?redirectTo=${encodeURIComponent("/rfqs?direct=1")}`);
  const { db } = context.get(appContext).runtime;
  const result = await listRfqs(db, params, viewer, matchedToSupplier);
  const supplier = viewer?.profile?.isSeller ? viewer : null;
  // why each RFQ matched, written in English by matching: in the reader's language
  const locale = localeOf(context);
  const reasons =
    supplier && params.matched
      ? Object.fromEntries(
          [
            ...(await matchReasons(
              db,
              supplier,
              result.items.map((r) => r.id),
            )),
          ].map(([id, reason]) => [id, feedbackIn(locale, reason)]),
        )
      : {};
  const muted = supplier && params.matched ? await listMutedCategories(db, supplier) : [];
  return { params, ...result, reasons, muted, isSupplier: Boolean(supplier) };
}

/** A supplier mutes or unmutes a category of RFQs it is matched to (issue #23). */
export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const viewer = await getSessionUser(request, runtime);
  if (!viewer) throw redirect(`/auth?redirectTo=${encodeURIComponent("/rfqs?matched=1")}`);
  const form = await readFormData(request);
  const input = parseInput(muteCategorySchema, formValues(form, MUTE_CATEGORY_FIELDS));
  if (!input.ok) return data({ message: input.message }, { status: input.status });
  const { intent, category } = input.value;
  const result = await setCategoryMuted(runtime.db, viewer, category, intent === "mute");
  if (!result.ok) return data({ message: result.message }, { status: result.status });
  return redirectWithFlash("/rfqs?matched=1", { type: "success", message: result.message });
}

// RFQs file under top categories: the page needs their slugs (it names them by `categories:*`), not the whole tree
const CATEGORY_SLUGS = TOP_CATEGORIES.map(([slug]) => slug);

export const handle = { i18n: ["rfqs"] } satisfies I18nHandle;

export default function Rfqs({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["rfqs", "common"]);
  const categoryName = useCategoryName();
  const user = useRootUser();
  const { params, items, total, page, pageCount, reasons, muted, isSupplier } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/rfqs";
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.category !== "all") search.set("category", params.category);
  if (params.sort !== "newest") search.set("sort", params.sort);
  if (params.mine) search.set("mine", "1");
  if (params.matched) search.set("matched", "1");
  if (params.direct) search.set("direct", "1");
  const filterForm = useFieldsFollowUrl({ q: params.q, category: params.category, sort: params.sort });
  const heading = params.mine
    ? t("common:nav.myRfqs")
    : params.matched
      ? t("rfqs:list.matched")
      : params.direct
        ? t("rfqs:list.direct")
        : t("rfqs:list.title");

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle text={params.mine ? "common:nav.myRfqs" : "common:pageTitle.rfqs"} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{heading}</h1>
          <p className="mt-1 text-slate-600">
            {params.mine
              ? t("rfqs:list.mineIntro")
              : params.matched
                ? t("rfqs:list.matchedIntro")
                : params.direct
                  ? t("rfqs:list.directIntro")
                  : t("rfqs:list.intro")}
          </p>
        </div>
        <ButtonLink to="/create-rfq">
          <Plus className="size-4" aria-hidden /> {t("common:footer.postRfq")}
        </ButtonLink>
      </header>

      {isSupplier && !params.mine ? (
        <nav aria-label={t("rfqs:list.tabs")} className="mt-6 flex gap-1 overflow-x-auto border-b border-slate-200">
          {[
            { to: "/rfqs", label: t("rfqs:list.all"), current: !params.matched && !params.direct },
            { to: "/rfqs?matched=1", label: t("rfqs:list.matched"), current: Boolean(params.matched) },
            { to: "/rfqs?direct=1", label: t("rfqs:list.direct"), current: Boolean(params.direct) },
          ].map((tab) => (
            <Link
              key={tab.to}
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium sm:px-4 ${tab.current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
      ) : null}

      {isSupplier && params.matched ? <MutedCategories muted={muted} error={actionData?.message} /> : null}

      <Form
        ref={filterForm}
        method="get"
        className="mt-6 grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
      >
        {params.mine ? <input type="hidden" name="mine" value="1" /> : null}
        {params.matched ? <input type="hidden" name="matched" value="1" /> : null}
        {params.direct ? <input type="hidden" name="direct" value="1" /> : null}
        <div>
          <Label htmlFor="rfq-search">{t("rfqs:filters.search")}</Label>
          <SearchInput
            id="rfq-search"
            name="q"
            defaultValue={params.q}
            placeholder={t("rfqs:filters.searchPlaceholder")}
          />
        </div>
        <FilterSelect
          id="rfq-category"
          label={t("rfqs:filters.category")}
          name="category"
          defaultValue={params.category}
          options={[
            { value: "all", label: t("rfqs:filters.allCategories") },
            ...CATEGORY_SLUGS.map((value) => ({ value, label: categoryName(value) })),
          ]}
        />
        <FilterSelect
          id="rfq-sort"
          label={t("rfqs:filters.sortBy")}
          name="sort"
          defaultValue={params.sort}
          options={RFQ_SORTS.map((value) => ({ value, label: t(`rfqs:filters.sort.${value}`) }))}
        />
        <Button type="submit" variant="secondary">
          {t("rfqs:filters.apply")}
        </Button>
      </Form>

      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {t("rfqs:list.count", { count: total })}
      </p>

      {loading ? (
        <div className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 9 }, (_, i) => (
            <RfqCardSkeleton key={i} />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-12 text-center">
          <FileSearch className="mx-auto size-10 text-slate-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">{t("rfqs:empty.title")}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {params.matched && !params.q && params.category === "all"
              ? isSupplier
                ? t("rfqs:empty.matchedNone")
                : t("rfqs:empty.matchingForSuppliers")
              : params.direct && !params.q && params.category === "all"
                ? t("rfqs:empty.directNone")
                : t("rfqs:empty.adjust")}
          </p>
          <Link
            to={
              params.mine
                ? "/rfqs?mine=1"
                : params.matched
                  ? "/rfqs?matched=1"
                  : params.direct
                    ? "/rfqs?direct=1"
                    : "/rfqs"
            }
            className="mt-4 inline-block text-sm font-medium text-brand-700 underline"
          >
            {t("rfqs:filters.clear")}
          </Link>
        </div>
      ) : (
        <>
          {/* the cards' titles are h3: a heading for the list keeps the outline in order (h1, h2, h3) */}
          <h2 className="sr-only">{params.mine ? t("rfqs:list.yours") : t("common:nav.rfqs")}</h2>
          <div className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {items.map((rfq) => (
              <RfqCard
                key={rfq.id}
                rfq={rfq}
                showStatus={Boolean(params.mine)}
                canQuote={user?.isSeller === true && (!rfq.verifiedSuppliersOnly || user.verified)}
                matchReason={reasons[rfq.id]}
              />
            ))}
          </div>
        </>
      )}
      <Pagination page={page} pageCount={pageCount} search={search} />
    </div>
  );
}

/** The categories a supplier is not matched on, with a form to mute one more and a button to unmute each. */
function MutedCategories({ muted, error }: { muted: string[]; error: string | undefined }) {
  const { t } = useTranslation(["rfqs"]);
  const categoryName = useCategoryName();
  const open = CATEGORY_SLUGS.filter((slug) => !muted.includes(slug));
  return (
    <section aria-labelledby="muted-heading" className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="muted-heading" className="font-semibold">
        {t("rfqs:muted.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("rfqs:muted.intro")}</p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {muted.length ? (
        <ul className="mt-3 flex flex-wrap gap-2">
          {muted.map((category) => (
            <li key={category}>
              <Form
                method="post"
                className="flex items-center gap-2 rounded-full border border-slate-200 bg-slate-50 py-1 pl-3 pr-1 text-sm"
              >
                {categoryName(category)}
                <input type="hidden" name="category" value={category} />
                <Button
                  type="submit"
                  name="intent"
                  value="unmute"
                  variant="secondary"
                  size="sm"
                  aria-label={t("rfqs:muted.unmuteOne", { category: categoryName(category) })}
                >
                  {t("rfqs:muted.unmute")}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {open.length ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <div>
            <Label htmlFor="mute-category">{t("rfqs:muted.category")}</Label>
            <Select id="mute-category" name="category" defaultValue={open[0]}>
              {open.map((slug) => (
                <option key={slug} value={slug}>
                  {categoryName(slug)}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" name="intent" value="mute" variant="secondary">
            {t("rfqs:muted.mute")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
