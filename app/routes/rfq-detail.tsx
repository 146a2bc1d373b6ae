import { useCategoryName } from "~/i18n/use-category-name";
import { formatDate } from "~/lib/dates";
import { useLocale, useRootUser, useTimeZone } from "~/components/layout/use-root-user";
import { ArrowLeft, Building2, Calendar, DollarSign, HelpCircle, Lock, MapPin, Package, User } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { ConfirmDialog, ConfirmPanel } from "~/components/ui/confirm-dialog";
import { DialogClose } from "~/components/ui/dialog";
import { scheduleSummary } from "~/modules/payments/payments-values";
import { Badge, statusTone } from "~/components/ui/badge";
import { Disclosure } from "~/components/ui/disclosure";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Textarea } from "~/components/ui/field";
import { formatDeadline } from "~/lib/deadline";
import { answer } from "~/i18n/feedback.server";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { formatMoney } from "~/lib/money";
import { usdCentsToInrPaise } from "~/lib/money-minor";
import { refusedFormReply } from "~/components/forms/validated-form";
import { useRateDescription } from "~/modules/trade/components/use-rate-description";
import { AuthRequiredDialog } from "~/modules/accounts/components/auth-required-dialog";
import { getSessionUser } from "~/modules/accounts/session.server";
import { ContactButton } from "~/modules/messaging/components/contact-button";
import { ClosingTime } from "~/modules/rfqs/components/closing-time";
import { DeadlineBadge } from "~/modules/rfqs/components/deadline-badge";
import { DirectInquiryBadge, VerifiedOnlyBadge } from "~/modules/rfqs/components/rfq-card";
import { inquiryProductSummary, quoteGoodsFromProduct } from "~/modules/products/rfq-prefill.server";
import { VerificationBadge } from "~/modules/accounts/components/verification-badge";
import { formatBudget } from "~/modules/rfqs/components/rfq-card";
import { QuoteForm } from "~/modules/rfqs/components/quote-form";
import { useFormDraft } from "~/components/draft-keeper";
import { DraftNotice } from "~/components/draft-notice";
import { QuoteSummary } from "~/modules/rfqs/components/quote-summary";
import { ANONYMOUS_BUYER, UNNAMED_BUYER } from "~/modules/accounts/buyer-privacy";
import { QUOTE_CLOSED_MESSAGE, type QuoteView } from "~/modules/rfqs/rfq-values";
import { RFQ_DETAIL_ACTION_FIELDS, rfqDetailActionSchema } from "~/modules/rfqs/rfq.schema";
import { QUOTE_FIELDS, quoteSchema } from "~/modules/rfqs/quote.schema";
import { formValues, parseInput, type CommandResult } from "~/lib/command-result";
import {
  acceptQuote,
  closeRfq,
  getRfqDetail,
  quoteFormOptions,
  refuseQuote,
  submitQuote,
  withdrawQuote,
} from "~/modules/rfqs/rfqs.server";
import { QuoteComparisonTable } from "~/modules/trade/components/quote-comparison-table";
import { parseComparisonSort } from "~/modules/trade/quote-comparison";
import { getQuoteComparison } from "~/modules/rfqs/quote-comparison.server";
import { buyerFreightSchema } from "~/modules/trade/landed-cost-calculator.schema";
import { invariantResponse } from "~/lib/page-refusal";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/rfq-detail";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";
import { useStatusLabel } from "~/i18n/use-status-label";
import { useUnitLabel } from "~/i18n/use-unit-label";
import { formatNumber } from "~/lib/numbers";
import { appContext } from "~/request-context.server";
import { lazyPart } from "~/components/ui/lazy-part";
import { suppliersWhoQuotedLikeRfq } from "~/modules/matching/similar-suppliers.server";

/** Below the fold and without behaviour of its own: its code loads after the page's (route JS budget). */
const RfqLikeSuppliers = lazyPart(() =>
  import("~/modules/matching/components/rfq-like-suppliers").then((m) => m.RfqLikeSuppliers),
);
export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData || !("rfq" in loaderData)) return [];
  return [{ name: "description", content: loaderData.rfq.description.slice(0, 160) }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext).runtime;
  const viewer = await getSessionUser(request, context.get(appContext).runtime);
  const rfq = await getRfqDetail(db, params.id, viewer);
  invariantResponse(rfq, {
    heading: "RFQ Not Found",
    message: "The requested RFQ could not be found.",
    link: { to: "/rfqs", label: "Back to RFQs" },
  });
  const sort = new URL(request.url).searchParams.get("quoteSort");
  if (sort === "price-asc") rfq.quotes.sort((a, b) => a.priceCents - b.priceCents);
  if (sort === "price-desc") rfq.quotes.sort((a, b) => b.priceCents - a.priceCents);
  // the buyer's side-by-side comparison (sealed quotes: getQuoteComparison answers the RFQ's buyer only)
  // the buyer's own freight figure (?freight=1800), where it reads as dollars; anything else is ignored
  const freight = buyerFreightSchema.safeParse(new URL(request.url).searchParams.get("freight") ?? "");
  const comparison =
    rfq.viewer === "buyer" && rfq.quotes.length > 0
      ? await getQuoteComparison(
          db,
          params.id,
          viewer,
          parseComparisonSort(sort),
          new Date(),
          freight.success ? freight.data : null,
        )
      : null;
  if (comparison && sort === "landed-asc") {
    const order = new Map(comparison.quotes.map((q, i) => [q.id, i]));
    rfq.quotes.sort((a, b) => (order.get(a.id) ?? order.size) - (order.get(b.id) ?? order.size));
  }
  const quoteForm = rfq.canQuote ? await quoteFormOptions(db) : null;
  // the buyer of an open RFQ: suppliers worth inviting (issue #23.4)
  const likeSuppliers =
    rfq.viewer === "buyer" && rfq.status === "published" ? await suppliersWhoQuotedLikeRfq(db, viewer, rfq.id) : [];
  // a direct inquiry names its product and links to it (issue #41.3)
  const product = rfq.direct ? await inquiryProductSummary(db, rfq.direct.productId) : null;
  // its supplier's quote starts from the product's goods, description to HTSUS number (issue #41.1)
  const quoteGoods =
    rfq.canQuote && rfq.direct && viewer ? await quoteGoodsFromProduct(db, viewer, rfq.direct.productId) : null;
  return { rfq, sort, signedIn: Boolean(viewer), comparison, quoteForm, likeSuppliers, product, quoteGoods };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const viewer = await getSessionUser(request, runtime);
  const form = await readFormData(request);
  const posted = parseInput(rfqDetailActionSchema, formValues(form, RFQ_DETAIL_ACTION_FIELDS));
  const intent = posted.ok ? posted.value.intent : null;
  if (!viewer?.profile) {
    const message = intent === "quote" ? "Please log in to submit a quote" : "Please sign in first";
    return answer(context, { intent, ok: false as const, message, reply: null }, { status: 401 });
  }
  const actor = { ...viewer, profile: viewer.profile };
  const here = `/rfqs/${params.id}`;
  const run = async (): Promise<CommandResult<unknown>> => {
    if (!posted.ok) return posted;
    const action = posted.value;
    switch (action.intent) {
      case "quote": {
        // a buyer, or a quote on a closed RFQ, is refused before the quote form is read
        const input =
          (await refuseQuote(runtime.db, actor, params.id)) ?? parseInput(quoteSchema, formValues(form, QUOTE_FIELDS));
        return input.ok ? submitQuote(runtime.db, actor, params.id, input.value, runtime.notifier) : input;
      }
      case "accept":
        return acceptQuote(runtime.db, actor, action.quoteId, runtime.notifier, action);
      case "withdraw":
        return withdrawQuote(runtime.db, actor, action.quoteId);
      case "close":
        return closeRfq(runtime.db, actor, params.id);
    }
  };
  const result = await run();
  if (result.ok)
    return redirectWithFlash(intent === "accept" ? "/orders" : here, { type: "success", message: result.message });
  const fallback = intent === "quote" ? "Failed to submit quote" : "Something went wrong";
  const reply = intent === "quote" ? refusedFormReply(result, form) : null;
  return answer(
    context,
    { intent, ok: false as const, message: result.message || fallback, reply },
    { status: result.status },
  );
}

const TIPS = ["rfqs:tips.quoteCurrency", "rfqs:tips.incoterm", "rfqs:tips.leadTime", "rfqs:tips.sealed"] as const;

/** Accepting places an order: the buyer is asked first, in a dialog (or on the page without JavaScript). */
function AcceptQuote({
  quote,
  unit,
  busy,
  askedHere,
  shipToName,
}: {
  quote: QuoteView;
  unit: string;
  busy: boolean;
  askedHere: boolean;
  /** the consignee's name the form starts with: the buyer's company */
  shipToName: string;
}) {
  const title = `Accept ${quote.supplierCompany}'s quote?`;
  const consequence = `This places an order with ${quote.supplierCompany} for ${quote.quantity.toLocaleString("en-US")} ${unit}, ${formatMoney(quote.priceCents)} in all. Payment: ${scheduleSummary(quote.paymentTerms).replace(/^On Setu: /, "")} The other quotes are declined and the RFQ closes. This cannot be undone.`;
  // the ship-to address the invoices print (issue #41): each dialog or panel has its own ids
  const form = (cancel: ReactNode, where: "dialog" | "page") => {
    const id = (field: string) => `${field}-${where}-${quote.id.slice(0, 8)}`;
    return (
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value="accept" />
        <input type="hidden" name="quoteId" value={quote.id} />
        <Field id={id("shipToName")} label="Ship to: consignee's name">
          <Input
            id={id("shipToName")}
            name="shipToName"
            defaultValue={shipToName}
            required
            minLength={2}
            maxLength={200}
            autoComplete="organization"
          />
        </Field>
        <Field
          id={id("shipToAddress")}
          label="Ship-to address"
          hint="Street, city, state and ZIP code in the USA: printed on the invoices"
        >
          <Textarea
            id={id("shipToAddress")}
            name="shipToAddress"
            required
            minLength={10}
            maxLength={500}
            rows={3}
            autoComplete="street-address"
          />
        </Field>
        <Field
          id={id("notifyParty")}
          label="Notify party (optional)"
          hint="Who to tell when the goods arrive, e.g. your customs broker; empty: the consignee"
        >
          <Textarea id={id("notifyParty")} name="notifyParty" maxLength={500} rows={2} />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          {cancel}
          <Button type="submit" size="sm" disabled={busy}>
            Place the order
          </Button>
        </div>
      </Form>
    );
  };
  return (
    <>
      <ConfirmDialog
        label="Accept Quote"
        title={title}
        consequence={consequence}
        fallbackHref={`?confirm=accept&quote=${quote.id}`}
      >
        {form(
          <DialogClose asChild>
            <Button type="button" size="sm" variant="outline">
              Cancel
            </Button>
          </DialogClose>,
          "dialog",
        )}
      </ConfirmDialog>
      {askedHere ? (
        <ConfirmPanel title={title} consequence={consequence}>
          {form(
            <ButtonLink to="?" size="sm" variant="outline" preventScrollReset>
              Cancel
            </ButtonLink>,
            "page",
          )}
        </ConfirmPanel>
      ) : null}
    </>
  );
}

export const handle = { i18n: ["rfqs", "quotes"] } satisfies I18nHandle;

export default function RfqDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["rfqs", "common", "dashboard", "auth"]);
  const unitLabel = useUnitLabel();
  const describeRate = useRateDescription();
  const categoryName = useCategoryName();
  const locale = useLocale();
  const statusLabel = useStatusLabel();
  const budgetWords = {
    open: t("rfqs:budget.open"),
    from: (amount: string) => t("rfqs:budget.from", { amount }),
    upTo: (amount: string) => t("rfqs:budget.upTo", { amount }),
  };
  const timeZone = useTimeZone();
  const [authOpen, setAuthOpen] = useState(false);
  const navigation = useNavigation();
  const location = useLocation();
  const [params] = useSearchParams();
  const busy = navigation.state === "submitting";
  const { rfq, sort, signedIn, comparison, quoteForm, likeSuppliers, product, quoteGoods } = loaderData;
  const failed = actionData && !actionData.ok ? actionData.message : null;
  const liveQuote = rfq.quotes.some((q) => q.mine && q.status === "submitted");
  const isBuyer = rfq.viewer === "buyer";
  const rootUser = useRootUser();
  const quoteDraft = useFormDraft({ formId: "quote", name: `quote:${rfq.id}`, noun: "quote" });
  const quoteCount = isBuyer
    ? rfq.quotes.length
    : rfq.quotes.filter((q) => q.status !== "withdrawn").length + rfq.sealedQuoteCount;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle text="common:pageTitle.rfq" values={{ title: rfq.title }} />
      <Link
        to="/rfqs"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden /> {t("rfqs:detail.back")}
      </Link>
      <header className="mt-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="blue">{categoryName(rfq.category)}</Badge>
          {rfq.status === "published" ? (
            <DeadlineBadge closesAt={rfq.closesAt} />
          ) : (
            <Badge tone={statusTone(rfq.status)}>{statusLabel(rfq.status)}</Badge>
          )}
          {rfq.verifiedSuppliersOnly ? <VerifiedOnlyBadge /> : null}
          {rfq.direct ? <DirectInquiryBadge role={rfq.direct.viewerRole} /> : null}
        </div>
        <h1 className="mt-3 text-3xl font-bold">{rfq.title}</h1>
        <p className="mt-1 text-slate-600">
          {t("rfqs:detail.postedBy", {
            company: rfq.buyerCompany,
            date: formatDate(rfq.createdAt, timeZone, "long", locale),
          })}
        </p>
        {rfq.direct ? (
          <p className="mt-2 text-sm text-slate-700">
            {rfq.direct.supplierCompany
              ? t(
                  rfq.direct.inviteSimilar ? "rfqs:detail.direct.toCompanyAndSimilar" : "rfqs:detail.direct.toCompany",
                  { company: rfq.direct.supplierCompany },
                )
              : rfq.direct.viewerRole === "addressed"
                ? t("rfqs:detail.direct.toYou")
                : t("rfqs:detail.direct.invited")}
            {product ? (
              <>
                {" "}
                {t("rfqs:detail.direct.about")}{" "}
                {product.listed ? (
                  <Link to={`/product/${product.id}`} className="font-medium text-brand-700 underline">
                    {product.name}
                  </Link>
                ) : (
                  <span className="font-medium">{product.name}</span>
                )}
              </>
            ) : null}
            {t("rfqs:detail.direct.onlyAsked")}
          </p>
        ) : null}
      </header>
      {failed ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {failed}
        </p>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card className="p-6">
            <h2 className="text-lg font-semibold">{t("rfqs:detail.requirements")}</h2>
            <p className="mt-3 whitespace-pre-line text-slate-700">{rfq.description}</p>
            {rfq.specifications?.details ? (
              <>
                <h3 className="mt-5 text-sm font-semibold text-slate-900">{t("rfqs:detail.specifications")}</h3>
                <pre className="mt-2 whitespace-pre-wrap rounded-md bg-slate-50 p-3 font-sans text-sm text-slate-700">
                  {rfq.specifications.details}
                </pre>
              </>
            ) : null}
            <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="flex items-center gap-1.5 text-slate-500">
                  <Package className="size-4 text-slate-400" aria-hidden /> {t("rfqs:card.quantity")}
                </dt>
                <dd className="font-semibold tabular-nums">
                  {formatNumber(rfq.quantity, locale)} {unitLabel.many(rfq.unit)}
                </dd>
              </div>
              <div>
                <dt className="flex items-center gap-1.5 text-slate-500">
                  <DollarSign className="size-4 text-slate-400" aria-hidden /> {t("rfqs:detail.budgetRange")}
                </dt>
                <dd className="font-semibold tabular-nums">
                  {formatBudget(rfq.budgetMinCents, rfq.budgetMaxCents, budgetWords)}
                </dd>
                {/* a supplier weighs the budget in rupees: beside it, at the rate a quote made now would store */}
                {quoteForm?.rate && (rfq.budgetMinCents !== null || rfq.budgetMaxCents !== null) ? (
                  <dd className="text-xs tabular-nums text-slate-600">
                    {t("rfqs:detail.budgetInRupees", {
                      amount: [rfq.budgetMinCents, rfq.budgetMaxCents]
                        .filter((c) => c !== null)
                        .map((c) => formatMoney(usdCentsToInrPaise(c, quoteForm.rate!.inrPerUsd), "INR", { locale }))
                        .join(" – "),
                      rate: describeRate(quoteForm.rate),
                    })}
                  </dd>
                ) : null}
              </div>
              <div>
                <dt className="flex items-center gap-1.5 text-slate-500">
                  <MapPin className="size-4 text-slate-400" aria-hidden /> {t("rfqs:detail.deliveryLocation")}
                </dt>
                <dd className="font-semibold">{rfq.deliveryLocation}</dd>
              </div>
              <div>
                <dt className="flex items-center gap-1.5 text-slate-500">
                  <Calendar className="size-4 text-slate-400" aria-hidden /> {t("rfqs:detail.deadline")}
                </dt>
                <dd className="font-semibold">
                  {t("rfqs:card.closes")}{" "}
                  <ClosingTime closesAt={rfq.closesAt} timeZone={rfq.timeZone} withIndia={!isBuyer} />
                  <span className="block text-xs font-normal text-slate-500">
                    {rfq.timeZone
                      ? t("rfqs:detail.deadlineBuyerZone", { date: formatDeadline(rfq.deadline, locale) })
                      : t("rfqs:detail.deadlineUtc", { date: formatDeadline(rfq.deadline, locale) })}
                  </span>
                </dd>
              </div>
            </dl>
          </Card>

          <Card className="p-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <h2 className="text-lg font-semibold">{t("rfqs:detail.submittedQuotes", { count: quoteCount })}</h2>
                <p className="text-sm text-slate-600">
                  {isBuyer ? t("rfqs:detail.compareQuotes") : t("rfqs:detail.yourQuote")}
                </p>
              </div>
              {isBuyer && rfq.quotes.length > 1 ? (
                <div className="flex gap-2 text-sm">
                  <Link
                    to="?quoteSort=price-asc"
                    className={sort === "price-asc" ? "font-semibold underline" : "text-brand-700 underline"}
                  >
                    {t("rfqs:detail.lowestFirst")}
                  </Link>
                  <Link
                    to="?quoteSort=price-desc"
                    className={sort === "price-desc" ? "font-semibold underline" : "text-brand-700 underline"}
                  >
                    {t("rfqs:detail.highestFirst")}
                  </Link>
                </div>
              ) : null}
            </div>
            {comparison ? <QuoteComparisonTable comparison={comparison} unit={rfq.unit} /> : null}
            {!isBuyer && rfq.sealedQuoteCount > 0 ? (
              <p className="mt-4 flex items-center gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
                <Lock className="size-4" aria-hidden /> {t("rfqs:detail.sealedOthers", { count: rfq.sealedQuoteCount })}
              </p>
            ) : null}
            {rfq.quotes.length === 0 && (isBuyer || rfq.sealedQuoteCount === 0) ? (
              <p className="mt-6 text-center text-sm text-slate-500">{t("rfqs:detail.noQuotes")}</p>
            ) : (
              <ul className="mt-4 space-y-3">
                {rfq.quotes.map((quote) => (
                  <li key={quote.id} className="rounded-lg border border-slate-200 p-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="flex flex-wrap items-center gap-2 font-semibold">
                        <Building2 className="size-4 text-slate-400" aria-hidden />{" "}
                        {quote.mine
                          ? t("rfqs:detail.yourQuoteName", { company: quote.supplierCompany })
                          : quote.supplierCompany}
                        <VerificationBadge verified={quote.supplierVerified} />
                      </p>
                      <div className="flex items-center gap-2">
                        <Badge tone={statusTone(quote.status)}>{t(`rfqs:detail.quoteStatus.${quote.status}`)}</Badge>
                        {quote.history.length > 0 ? <Badge tone="amber">{t("rfqs:detail.revised")}</Badge> : null}
                        <span className="text-xs text-slate-500">
                          {formatDate(quote.createdAt, timeZone, "medium", locale)}
                        </span>
                      </div>
                    </div>
                    <QuoteSummary quote={quote} unit={rfq.unit} audience={isBuyer ? "buyer" : "supplier"} />
                    {quote.terms ? (
                      <p className="mt-3 whitespace-pre-line text-sm text-slate-700">{quote.terms}</p>
                    ) : null}
                    {quote.history.length > 0 ? (
                      <details className="mt-3 text-sm">
                        <summary className="cursor-pointer text-brand-700 underline">
                          {t("rfqs:detail.earlierVersions", { count: quote.history.length })}
                        </summary>
                        <ul className="mt-2 space-y-1 text-slate-600">
                          {quote.history.map((version) => (
                            <li key={version.id}>
                              {formatDate(version.createdAt, timeZone, "medium", locale)}:{" "}
                              {formatMoney(version.priceCents)}
                              {version.terms ? (
                                <span className="block whitespace-pre-line text-xs text-slate-500">
                                  {version.terms}
                                </span>
                              ) : null}
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                    {isBuyer ? (
                      <div className="mt-4 flex flex-wrap gap-2">
                        {rfq.status === "published" && quote.status === "submitted" ? (
                          <AcceptQuote
                            quote={quote}
                            unit={rfq.unit}
                            busy={busy}
                            askedHere={params.get("confirm") === "accept" && params.get("quote") === quote.id}
                            shipToName={rfq.buyerCompany}
                          />
                        ) : null}
                        <ContactButton subjectType="quote" subjectId={quote.id} signedIn size="sm">
                          {t("rfqs:detail.contactSupplier")}
                        </ContactButton>
                      </div>
                    ) : null}
                    {quote.mine && quote.status === "submitted" && rfq.status === "published" ? (
                      <Form method="post" className="mt-4">
                        <input type="hidden" name="intent" value="withdraw" />
                        <input type="hidden" name="quoteId" value={quote.id} />
                        <Button type="submit" size="sm" variant="outline" disabled={busy}>
                          {t("rfqs:detail.withdrawQuote")}
                        </Button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>

        <aside className="space-y-6">
          <Card className="p-6">
            <h2 className="text-lg font-semibold">{t("rfqs:detail.buyerInfo")}</h2>
            <p className="mt-3 flex items-center gap-2 font-medium">
              <Building2 className="size-4 text-slate-400" aria-hidden /> {rfq.buyerCompany}
            </p>
            {rfq.buyerFullName ? (
              <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
                <User className="size-4 text-slate-400" aria-hidden /> {rfq.buyerFullName}
              </p>
            ) : null}
            {isBuyer ? (
              <p className="mt-2 text-sm text-slate-600">
                {rfq.buyerAnonymous
                  ? `Posted anonymously: suppliers see "${ANONYMOUS_BUYER}" until you accept a quote.`
                  : `Signed-in suppliers see your company name; visitors see "${UNNAMED_BUYER}". Your name is shown only to you.`}
              </p>
            ) : null}
            {!signedIn ? (
              <ContactButton
                subjectType="rfq"
                subjectId={rfq.id}
                signedIn={false}
                onNeedAuth={() => setAuthOpen(true)}
                size="sm"
                formClassName="mt-4"
                className="w-full"
              >
                {t("rfqs:detail.contactBuyer")}
              </ContactButton>
            ) : !isBuyer && rfq.quotes.some((q) => q.mine) ? (
              <ContactButton
                subjectType="rfq"
                subjectId={rfq.id}
                signedIn
                size="sm"
                formClassName="mt-4"
                className="w-full"
              >
                {t("rfqs:detail.contactBuyer")}
              </ContactButton>
            ) : !isBuyer ? (
              <p className="mt-4 text-sm text-slate-600">{t("rfqs:detail.messageAfterQuote")}</p>
            ) : rfq.status === "published" ? (
              <Form method="post" className="mt-4">
                <input type="hidden" name="intent" value="close" />
                <Button type="submit" variant="outline" size="sm" className="w-full" disabled={busy}>
                  Close RFQ without accepting
                </Button>
              </Form>
            ) : null}
          </Card>

          <RfqLikeSuppliers suppliers={likeSuppliers} from={`/rfqs/${rfq.id}`} />

          {rfq.canQuote ? (
            // keyed by location: after a successful submit the form collapses and resets
            <Card className="p-6" key={location.key}>
              <h2 className="text-lg font-semibold">
                {liveQuote ? t("rfqs:detail.reviseQuote") : t("rfqs:detail.submitQuote")}
              </h2>
              <Disclosure
                trigger={t("rfqs:detail.openForm")}
                variant="outline"
                triggerClassName="mt-3"
                openHref={`/rfqs/${rfq.id}?quote=1`}
                defaultOpen={(actionData?.intent === "quote" && !actionData.ok) || params.get("quote") === "1"}
                openWhen={quoteDraft.wantsForm}
              >
                {liveQuote ? (
                  <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                    {t("rfqs:detail.replaces")}
                  </p>
                ) : null}
                <QuoteForm
                  unit={rfq.unit}
                  quantity={rfq.quantity}
                  lastResult={actionData?.intent === "quote" ? actionData.reply : undefined}
                  busy={busy}
                  ports={quoteForm?.ports ?? []}
                  rate={quoteForm?.rate ?? null}
                  goods={quoteGoods}
                />
              </Disclosure>
              <DraftNotice draft={quoteDraft} className="mt-4" />
            </Card>
          ) : rfq.needsVerification ? (
            <Card className="p-6">
              <h2 className="text-lg font-semibold">{t("rfqs:detail.submitQuote")}</h2>
              <p className="mt-2 text-sm text-slate-600">{t("rfqs:detail.needsVerification")}</p>
              <ButtonLink to="/profile" size="sm" className="mt-4">
                {t("rfqs:detail.getVerified")}
              </ButtonLink>
            </Card>
          ) : rfq.quoteClosed ? (
            <Card className="p-6">
              <h2 className="text-lg font-semibold">{t("rfqs:detail.submitQuote")}</h2>
              <p className="mt-2 text-sm text-slate-600">{`${QUOTE_CLOSED_MESSAGE}.`}</p>
            </Card>
          ) : !signedIn && rfq.status === "published" ? (
            <Card className="p-6">
              <h2 className="text-lg font-semibold">{t("rfqs:detail.submitQuote")}</h2>
              <p className="mt-2 text-sm text-slate-600">Please log in to submit a quote</p>
              <div className="mt-4 flex flex-wrap gap-2">
                <ButtonLink to={`/auth?redirectTo=/rfqs/${rfq.id}`} size="sm">
                  Sign In
                </ButtonLink>
                <ButtonLink to={`/auth?tab=signup&role=seller&redirectTo=/rfqs/${rfq.id}`} size="sm" variant="outline">
                  Join as a Supplier
                </ButtonLink>
              </div>
            </Card>
          ) : signedIn && !isBuyer && !rootUser?.isSeller && rfq.status === "published" ? (
            <Card className="p-6">
              <h2 className="text-lg font-semibold">{t("rfqs:detail.submitQuote")}</h2>
              <p className="mt-2 text-sm text-slate-600">
                Only supplier accounts quote. Add selling to this account to quote on RFQs like this one.
              </p>
              <ButtonLink to="/profile#roles" size="sm" className="mt-4">
                Become a seller
              </ButtonLink>
            </Card>
          ) : null}

          <AuthRequiredDialog open={authOpen} onOpenChange={setAuthOpen} redirectTo={`/rfqs/${rfq.id}`} />
          <Card className="p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <HelpCircle className="size-5 text-slate-400" aria-hidden /> {t("rfqs:detail.needHelp")}
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-600">
              {TIPS.map((tip) => (
                <li key={tip}>{t(tip)}</li>
              ))}
            </ul>
          </Card>
        </aside>
      </div>
    </div>
  );
}
