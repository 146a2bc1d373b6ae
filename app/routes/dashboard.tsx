import { formatDate } from "~/lib/dates";
import { useLocale, useTimeZone } from "~/components/layout/use-root-user";
import {
  Activity,
  AlertCircle,
  BadgeCheck,
  CheckCircle2,
  Circle,
  Clock,
  DollarSign,
  FileText,
  Flag,
  Package,
  Scale,
  Send,
  ShieldCheck,
  Sparkles,
  ShoppingCart,
  Store,
  Users,
} from "lucide-react";
import { data, Link } from "react-router";
import type { TFunction } from "i18next";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";
import { useStatusLabel } from "~/i18n/use-status-label";
import { Badge, statusTone } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatMoney } from "~/lib/money";

/** Revenue, spend, held and ordered sums and budgets are totals: whole dollars (decision record 0041). */
const wholeUsd = (cents: number) => formatMoney(cents, "USD", { whole: true });
import { accountView } from "~/modules/accounts/accounts.schema";
import { getSessionUser } from "~/modules/accounts/session.server";
import { sellerAnalyticsSummary } from "~/modules/analytics/analytics.server";
import { AnalyticsSummary } from "~/modules/analytics/components/analytics-summary";
import {
  loadDashboardForPage,
  type AdminDashboard,
  type OnboardingStep,
  type SellerDashboard,
} from "~/modules/dashboard/dashboard.server";
import { feedbackIn } from "~/i18n/feedback";
import { localeOf } from "~/i18n/i18next.server";
import type { Locale } from "~/lib/locale";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/dashboard";
import { appContext } from "~/request-context.server";

export function meta() {
  return [{ name: "description", content: "Your Setu dashboard." }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  if (!user || !user.profile) return { state: "denied" as const };
  const { db } = context.get(appContext).runtime;
  // an account that buys and sells sees one side at a time (?view=buyer|seller), selling first
  const view = accountView(user.profile, new URL(request.url).searchParams.get("view"));
  const [result, analytics] = await Promise.all([
    loadDashboardForPage(db, { ...user, profile: user.profile }, undefined, view),
    view === "seller" && !user.isAdmin ? sellerAnalyticsSummary(db, user) : null,
  ]);
  if (!result.ok)
    return data({ state: "failed" as const, profile: user.profile, message: result.message }, { status: 500 });
  return {
    state: "ok" as const,
    profile: user.profile,
    email: user.email,
    dashboard: supplierLinesIn(localeOf(context), result.dashboard),
    analytics,
  };
}

/**
 * A seller's to-do lines and match reasons, which the dashboard's read model writes in English, in the reader's
 * language (the `feedback` namespace); a buyer's and an administrator's dashboards stay as they are.
 */
function supplierLinesIn<D extends { role: string }>(locale: Locale, dashboard: D): D {
  if (dashboard.role !== "seller") return dashboard;
  const seller = dashboard as D & SellerDashboard;
  return {
    ...seller,
    actionNeeded: seller.actionNeeded.map((item) => ({ ...item, text: feedbackIn(locale, item.text) })),
    matched: seller.matched.map((rfq) => ({ ...rfq, reason: feedbackIn(locale, rfq.reason) })),
  };
}

function Stat({
  icon: Icon,
  label,
  value,
  hint,
}: {
  icon: typeof Store;
  label: string;
  value: string | number;
  hint?: string;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between">
        <p className="text-sm text-slate-600">{label}</p>
        <Icon className="size-5 text-brand-600" aria-hidden />
      </div>
      <p className="mt-2 text-2xl font-bold tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </Card>
  );
}

/** Under Revenue / Total Spend: money released from escrow is the figure; what is still held and ordered is context. */
function escrowHint(t: TFunction<["dashboard"]>, heldCents: number, orderValueCents: number): string {
  return t("dashboard:escrowHint", { held: wholeUsd(heldCents), ordered: wholeUsd(orderValueCents) });
}

/** What the user should do now on their orders, each linking to the order. */
function ActionNeeded({ items }: { items: { key: string; text: string; href: string }[] }) {
  const { t } = useTranslation(["dashboard"]);
  return (
    <Card className="mt-8 p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <AlertCircle className="size-5 text-amber-600" aria-hidden /> {t("dashboard:actionNeeded.title")}
      </h2>
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("dashboard:actionNeeded.none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.key} className="py-3">
              <Link to={item.href} className="font-medium text-brand-700 hover:underline">
                {item.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export const handle = { i18n: ["dashboard", "analytics"] } satisfies I18nHandle;

export default function Dashboard(props: Route.ComponentProps) {
  return (
    <>
      <PageTitle text="common:nav.dashboard" />
      <DashboardPage {...props} />
    </>
  );
}

function DashboardPage({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation(["dashboard", "common"]);
  const statusLabel = useStatusLabel();
  if (loaderData.state === "denied") {
    return (
      <section className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">{t("dashboard:denied.title")}</h1>
        <p className="mt-2 text-slate-600">{t("dashboard:denied.text")}</p>
        <ButtonLink to="/auth?redirectTo=/dashboard" className="mt-6">
          {t("common:nav.signIn")}
        </ButtonLink>
      </section>
    );
  }
  if (loaderData.state === "failed") {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10">
        <h1 className="text-3xl font-bold">{t("dashboard:welcomeBack", { name: loaderData.profile.fullName })}</h1>
        <p role="alert" className="mt-6 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {loaderData.message}
        </p>
        <ButtonLink to="/dashboard" variant="outline" className="mt-4">
          {t("dashboard:tryAgain")}
        </ButtonLink>
      </div>
    );
  }
  const { profile, dashboard } = loaderData;
  if (dashboard.role === "admin") return <AdminHome name={profile.fullName} dashboard={dashboard} />;
  const verified = profile.verificationStatus === "verified";
  const seller = dashboard.role === "seller";
  const onboarding =
    dashboard.role === "seller" && dashboard.onboarding.some((s) => !s.done) ? dashboard.onboarding : null;
  // "back" only for someone who has been here before: a new buyer has no RFQ, order or activity yet
  const returning = seller
    ? !onboarding
    : dashboard.role === "buyer" && (dashboard.activity.length > 0 || dashboard.orders > 0 || dashboard.activeRfqs > 0);
  const bothRoles = profile.isBuyer && profile.isSeller;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">
            {returning
              ? t("dashboard:welcomeBack", { name: profile.fullName })
              : t("dashboard:welcome", { name: profile.fullName })}
          </h1>
          <p className="mt-1 text-slate-600">
            {profile.companyName} · {seller ? t("dashboard:sellerDashboard") : t("dashboard:buyerDashboard")}
          </p>
        </div>
        {bothRoles ? (
          <nav aria-label={t("dashboard:view.label")} className="flex rounded-lg bg-slate-100 p-1 text-sm font-medium">
            {(["seller", "buyer"] as const).map((side) => (
              <Link
                key={side}
                to={`/dashboard?view=${side}`}
                aria-current={dashboard.role === side ? "page" : undefined}
                className={
                  dashboard.role === side
                    ? "rounded-md bg-white px-3 py-1.5 text-slate-900 shadow-sm"
                    : "rounded-md px-3 py-1.5 text-slate-600 hover:text-slate-900"
                }
              >
                {side === "seller" ? t("dashboard:view.selling") : t("dashboard:view.buying")}
              </Link>
            ))}
          </nav>
        ) : (
          <ButtonLink to="/profile#roles" variant="outline" size="sm">
            {profile.isSeller ? t("dashboard:startBuying") : t("dashboard:becomeSeller")}
          </ButtonLink>
        )}
      </header>

      {onboarding ? <OnboardingChecklist steps={onboarding} /> : null}

      <section aria-label={t("dashboard:statistics")} className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {dashboard.role === "seller" ? (
          <>
            <Stat icon={Store} label={t("common:nav.myStores")} value={dashboard.stores} />
            <Stat icon={Package} label={t("dashboard:stats.products")} value={dashboard.products} />
            <Stat icon={FileText} label={t("dashboard:stats.quotesSubmitted")} value={dashboard.quotesSubmitted} />
            <Stat
              icon={DollarSign}
              label={t("dashboard:stats.revenue")}
              value={wholeUsd(dashboard.revenueCents)}
              hint={escrowHint(t, dashboard.heldCents, dashboard.orderValueCents)}
            />
          </>
        ) : (
          <>
            <Stat icon={FileText} label={t("dashboard:stats.activeRfqs")} value={dashboard.activeRfqs} />
            <Stat icon={ShoppingCart} label={t("common:nav.orders")} value={dashboard.orders} />
            <Stat icon={Users} label={t("dashboard:stats.suppliers")} value={dashboard.suppliers} />
            <Stat
              icon={DollarSign}
              label={t("dashboard:stats.totalSpend")}
              value={wholeUsd(dashboard.spendCents)}
              hint={escrowHint(t, dashboard.heldCents, dashboard.orderValueCents)}
            />
          </>
        )}
      </section>

      {loaderData.analytics ? <AnalyticsSummary summary={loaderData.analytics} /> : null}

      <ActionNeeded items={dashboard.actionNeeded} />

      {dashboard.role === "seller" ? <MatchedForYou matched={dashboard.matched} /> : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Activity className="size-5 text-slate-500" aria-hidden /> {t("dashboard:activity.title")}
          </h2>
          {dashboard.activity.length === 0 ? (
            <p className="mt-6 text-center text-sm text-slate-500">{t("dashboard:activity.none")}</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-100">
              {dashboard.activity.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <Link to={item.href} className="block font-medium hover:underline">
                      {item.type === "quote" ? t("dashboard:activity.quoteFor", { title: item.title }) : item.title}
                    </Link>
                    <p className="text-xs text-slate-500">
                      {item.type === "quote" ? t("dashboard:activity.quote") : t("dashboard:activity.rfq")} ·{" "}
                      {formatDate(item.createdAt, timeZone, "medium", locale)}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    {item.amountCents !== null ? (
                      <span className="text-sm font-medium tabular-nums">
                        {/* a quote's price is exact; an RFQ's budget is a rough total */}
                        {item.type === "quote" ? formatMoney(item.amountCents) : wholeUsd(item.amountCents)}
                      </span>
                    ) : null}
                    <Badge tone={statusTone(item.status)}>{statusLabel(item.status)}</Badge>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <div className="space-y-6">
          <Card className="p-6">
            <h2 className="text-lg font-semibold">{t("dashboard:quick.title")}</h2>
            <div className="mt-4 grid gap-2">
              {seller ? (
                <>
                  <ButtonLink to="/stores">{t("dashboard:quick.manageStores")}</ButtonLink>
                  <ButtonLink to="/products" variant="outline">
                    {t("dashboard:quick.addProducts")}
                  </ButtonLink>
                  <ButtonLink to="/rfqs" variant="outline">
                    {t("common:footer.browseRfqs")}
                  </ButtonLink>
                </>
              ) : (
                <>
                  <ButtonLink to="/create-rfq">{t("dashboard:quick.createRfq")}</ButtonLink>
                  <ButtonLink to="/browse" variant="outline">
                    {t("dashboard:quick.browseProducts")}
                  </ButtonLink>
                  <ButtonLink to="/rfqs" variant="outline">
                    {t("dashboard:quick.allRfqs")}
                  </ButtonLink>
                </>
              )}
            </div>
          </Card>
          <Card className="p-6">
            <h2 className="text-lg font-semibold">{t("dashboard:profileStatus.title")}</h2>
            <div className="mt-3 flex items-center gap-2">
              {verified ? (
                <Badge tone="green">
                  <BadgeCheck className="size-3" aria-hidden /> {t("dashboard:profileStatus.verified")}
                </Badge>
              ) : (
                <Badge tone={profile.verificationStatus === "rejected" ? "red" : "amber"}>
                  <Clock className="size-3" aria-hidden />{" "}
                  {profile.verificationStatus === "rejected"
                    ? t("dashboard:profileStatus.rejected")
                    : t("dashboard:profileStatus.pending")}
                </Badge>
              )}
            </div>
            {profile.verificationStatus === "rejected" && profile.verificationNote ? (
              <p className="mt-2 text-sm text-slate-600">
                {t("dashboard:profileStatus.reason", { note: profile.verificationNote })}
              </p>
            ) : null}
            <p className="mt-3 text-sm text-slate-600">{loaderData.email}</p>
            <Link to="/profile" className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
              {t("dashboard:profileStatus.edit")}
            </Link>
          </Card>
        </div>
      </div>
    </div>
  );
}

const ONBOARDING = {
  verify: {
    title: "dashboard:onboarding.verify.title",
    text: "dashboard:onboarding.verify.text",
    to: "/profile",
    action: "dashboard:onboarding.verify.action",
  },
  store: {
    title: "dashboard:onboarding.store.title",
    text: "dashboard:onboarding.store.text",
    to: "/stores",
    action: "dashboard:onboarding.store.action",
  },
  products: {
    title: "dashboard:onboarding.products.title",
    text: "dashboard:onboarding.products.text",
    to: "/products",
    action: "dashboard:onboarding.products.action",
  },
  quote: {
    title: "dashboard:onboarding.quote.title",
    text: "dashboard:onboarding.quote.text",
    to: "/rfqs",
    action: "common:footer.browseRfqs",
  },
} as const satisfies Record<OnboardingStep, { title: string; text: string; to: string; action: string }>;

function OnboardingChecklist({ steps }: { steps: { step: OnboardingStep; done: boolean }[] }) {
  const doneCount = steps.filter((s) => s.done).length;
  const { t } = useTranslation(["dashboard", "common"]);
  return (
    <section aria-labelledby="onboarding-title" className="mt-8">
      <Card className="p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="onboarding-title" className="text-lg font-semibold">
            {t("dashboard:onboarding.title")}
          </h2>
          <p className="text-sm text-slate-600">
            {t("dashboard:onboarding.progress", { done: doneCount, total: steps.length })}
          </p>
        </div>
        <ol className="mt-4 grid gap-3 md:grid-cols-2">
          {steps.map(({ step, done }) => {
            const item = ONBOARDING[step];
            return (
              <li key={step} className="flex gap-3 rounded-lg border border-slate-200 p-4">
                {done ? (
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden />
                ) : (
                  <Circle className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
                )}
                <div className="min-w-0">
                  <p className="font-medium">
                    {t(item.title)}
                    <span className="sr-only">
                      {done ? t("dashboard:onboarding.done") : t("dashboard:onboarding.toDo")}
                    </span>
                  </p>
                  <p className="mt-1 text-sm text-slate-600">{t(item.text)}</p>
                  {done ? null : (
                    <Link to={item.to} className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
                      {t(item.action)}
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      </Card>
    </section>
  );
}

/** A count of what waits for an administrator, with the link to where it is handled. */
function WaitingCard({
  icon: Icon,
  tone,
  title,
  count,
  to,
  action,
}: {
  icon: typeof Store;
  tone: string;
  title: string;
  count: number;
  to: string;
  action: string;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between">
        <h2 className="text-sm text-slate-600">{title}</h2>
        <Icon className={`size-5 ${tone}`} aria-hidden />
      </div>
      <p className="mt-2 text-2xl font-bold tabular-nums">{count}</p>
      <Link to={to} className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
        {action}
      </Link>
    </Card>
  );
}

function AdminHome({ name, dashboard }: { name: string; dashboard: AdminDashboard }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">Administration</h1>
        <p className="mt-1 text-slate-600">Signed in as {name}</p>
      </header>
      <section aria-label="Waiting for you" className="mt-8 grid gap-4 sm:grid-cols-3">
        <WaitingCard
          icon={ShieldCheck}
          tone="text-amber-600"
          title="Pending verifications"
          count={dashboard.pendingVerifications}
          to="/admin/verifications"
          action="Review verifications"
        />
        <WaitingCard
          icon={Flag}
          tone="text-red-600"
          title="Open message reports"
          count={dashboard.openReports}
          to="/admin/reports"
          action="Review reports"
        />
        <WaitingCard
          icon={Scale}
          tone="text-amber-600"
          title="Open disputes"
          count={dashboard.openDisputes}
          to="/admin/disputes"
          action="Decide disputes"
        />
      </section>
      <section aria-label="Marketplace" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        <Stat icon={Users} label="Accounts" value={dashboard.users} />
        <Stat icon={Store} label="Sellers" value={dashboard.sellers} />
        <Stat icon={Package} label="Active products" value={dashboard.activeProducts} />
        <Stat icon={FileText} label="Open RFQs" value={dashboard.openRfqs} hint="Public: any supplier may quote" />
        <Stat
          icon={Send}
          label="Open direct inquiries"
          value={dashboard.openDirectInquiries}
          hint="To one supplier, from Request Quote on a product"
        />
        <Stat icon={ShoppingCart} label="Orders" value={dashboard.orders} />
      </section>
    </div>
  );
}

/** The newest open RFQs matched to the seller's products, each with why (issue #23). */
function MatchedForYou({ matched }: { matched: { id: string; title: string; reason: string; closesAt: string }[] }) {
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { t } = useTranslation(["dashboard"]);
  return (
    <Card className="mt-8 p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Sparkles className="size-5 text-emerald-600" aria-hidden /> {t("dashboard:matched.title")}
        </h2>
        <Link to="/rfqs?matched=1" className="text-sm font-medium text-brand-700 underline">
          {t("dashboard:matched.seeAll")}
        </Link>
      </div>
      {matched.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t("dashboard:matched.none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {matched.map((rfq) => (
            <li key={rfq.id} className="py-3">
              <Link to={`/rfqs/${rfq.id}`} className="block font-medium hover:underline">
                {rfq.title}
              </Link>
              <p className="text-sm text-emerald-800">{rfq.reason}</p>
              <p className="text-xs text-slate-500">
                {t("dashboard:matched.closes", { date: formatDate(rfq.closesAt, timeZone, "medium", locale) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
