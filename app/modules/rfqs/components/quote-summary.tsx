import { formatMoney, type MoneyCurrency } from "~/lib/money";
import { quotePrice } from "~/lib/quote-price";
import { formatCalendarDate } from "~/lib/dates";
import { useRateDescription } from "~/modules/trade/components/use-rate-description";
import { formatHtsCode } from "~/modules/trade/trade-terms-values";
import { INSPECTION_DAYS } from "~/lib/status-lists";
import { formatNumber } from "~/lib/numbers";
import { useLocale } from "~/components/layout/use-root-user";
import { useTranslation } from "~/i18n/use-translation";
import { useUnitLabel } from "~/i18n/use-unit-label";
import type { QuoteView } from "../rfq-values";

/** "FOB Mundra (INMUN)", "DAP Chicago, IL via Chicago rail ramp (USCHI)": an Incoterm with its named place. */
export function incotermWithPlace(
  quote: Pick<QuoteView, "incoterm" | "incotermPlace" | "incotermPort">,
): string | null {
  if (!quote.incoterm) return null;
  const place = quote.incotermPlace ?? quote.incotermPort ?? "";
  const port = quote.incotermPort && quote.incotermPlace ? ` (${quote.incotermPort})` : "";
  const via =
    quote.incoterm === "DAP" || quote.incoterm === "DDP"
      ? quote.incotermPort
        ? ` via ${quote.incotermPort}`
        : ""
      : port;
  return `${quote.incoterm} ${place}${via}`.trim();
}

function grams(g: number): string {
  return `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 }).format(g / 1000)} kg`;
}

/**
 * A quote's price and terms. Buyers compare in US dollars: the USD figures lead, a rupee quote's own amounts
 * and the stored rate beside them. A supplier reading its own quote sees it in its currency first, with the
 * other currency beside it at the same stored rate. A quote made before trade terms says "USD, terms in text".
 */
export function QuoteSummary({
  quote,
  unit,
  audience,
}: {
  quote: QuoteView;
  unit: string;
  audience: "buyer" | "supplier";
}) {
  const { t } = useTranslation(["quotes"]);
  const unitLabel = useUnitLabel();
  const describeRate = useRateDescription();
  const locale = useLocale();
  const money = (amount: Parameters<typeof formatMoney>[0], currency?: MoneyCurrency) =>
    formatMoney(amount, currency, { locale });
  const rate = quote.rate;
  // every figure from the one quote price: the other currency at the rate stored with the quote (never today's)
  const price = quotePrice({ ...quote, fxInrPerUsd: quote.rate?.inrPerUsd ?? null });
  const inInr = quote.currency === "INR" && price.inr !== null;
  const otherTotal = inInr ? money(price.usd.total) : price.inr ? money(price.inr.total) : null;
  const otherUnit = inInr ? money(price.usd.unit) : price.inr ? money(price.inr.unit) : null;
  const ownFirst = audience === "supplier" && quote.mine;
  const leadTotal = money(ownFirst ? price.quoted.total : price.usd.total);
  const leadUnit = money(ownFirst ? price.quoted.unit : price.usd.unit);
  const beside = ownFirst
    ? otherTotal
      ? { total: otherTotal, unit: otherUnit }
      : null
    : inInr
      ? { total: money(price.quoted.total), unit: money(price.quoted.unit) }
      : null;
  const place = incotermWithPlace(quote);

  return (
    <div className="mt-3 text-sm">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">{t("quotes:summary.totalPrice")}</dt>
          <dd className="text-lg font-bold tabular-nums">{leadTotal}</dd>
          {beside ? (
            <dd className="text-xs tabular-nums text-slate-600">
              {ownFirst && inInr
                ? t("quotes:summary.about", { amount: beside.total })
                : inInr
                  ? t("quotes:summary.quoted", { amount: beside.total })
                  : t("quotes:summary.about", { amount: beside.total })}
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-slate-500">{t("quotes:summary.unitPrice")}</dt>
          <dd className="font-semibold tabular-nums">
            {leadUnit} <span className="font-normal text-slate-500">/ {unit.replace(/s$/, "")}</span>
          </dd>
          {beside?.unit ? (
            <dd className="text-xs tabular-nums text-slate-600">
              {inInr && !ownFirst
                ? t("quotes:summary.quoted", { amount: beside.unit })
                : t("quotes:summary.about", { amount: beside.unit })}
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-slate-500">{t("quotes:summary.quantity")}</dt>
          <dd className="font-semibold tabular-nums">
            {formatNumber(quote.quantity, locale)} {unitLabel.many(unit)}
          </dd>
        </div>
      </dl>
      {rate && (inInr || ownFirst) ? (
        <p className="mt-2 text-xs text-slate-500">{t("quotes:summary.converted", { rate: describeRate(rate) })}</p>
      ) : null}
      {place ? (
        <dl className="mt-3 grid gap-x-4 gap-y-2 rounded-md bg-slate-50 p-3 sm:grid-cols-2">
          <Term label={t("quotes:summary.incoterm")}>
            {place}
            {quote.shipMode ? (
              <span className="font-normal text-slate-600"> · {t(`quotes:shipMode.${quote.shipMode}`)}</span>
            ) : null}
          </Term>
          <Term label={t("quotes:summary.leadTime")}>
            {quote.leadTimeDays !== null
              ? t("quotes:summary.leadDays", { days: quote.leadTimeDays })
              : quote.deliveryTimeline}
          </Term>
          <Term label={t("quotes:summary.paymentTerms")}>
            {quote.paymentTerms === null
              ? t("quotes:summary.notStated")
              : quote.paymentTerms === "other"
                ? quote.paymentTermsOther
                : t(`quotes:payment.${quote.paymentTerms}`)}
            <span className="block text-xs font-normal text-slate-600">
              {t(`quotes:schedule.${quote.paymentTerms ?? "none"}`, { days: INSPECTION_DAYS })}
            </span>
          </Term>
          {quote.validUntil ? (
            <Term label={t("quotes:summary.validUntil")}>
              {formatCalendarDate(quote.validUntil, "day-month-year", locale)}
            </Term>
          ) : null}
          <Term label={t("quotes:summary.sample")}>
            {quote.sampleAvailable
              ? quote.samplePriceMinor
                ? t("quotes:summary.sampleAvailable", { price: money(quote.samplePriceMinor, quote.currency) })
                : t("quotes:summary.sampleFree")
              : t("quotes:summary.sampleNone")}
          </Term>
          <GoodsTerms quote={quote} unit={unit} />
        </dl>
      ) : (
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          <div className="sm:col-span-2">
            <dt className="text-slate-500">{t("quotes:summary.deliveryTimeline")}</dt>
            <dd className="font-semibold">{quote.deliveryTimeline}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("quotes:summary.terms")}</dt>
            <dd className="font-semibold">{t("quotes:summary.termsInText", { currency: quote.currency })}</dd>
          </div>
          {/* the goods, stated without trade terms, still show */}
          <GoodsTerms quote={quote} unit={unit} />
        </dl>
      )}
      {place &&
      quote.leadTimeDays !== null &&
      quote.deliveryTimeline &&
      !quote.deliveryTimeline.endsWith("(production + transit)") ? (
        <p className="mt-2 text-slate-700">
          <span className="text-slate-500">{t("quotes:summary.delivery")}</span>
          {quote.deliveryTimeline}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The quote's goods as the invoices will print them: HTSUS line, description, material, maker (issue #41.1); and the
 * gross weight of one unit the freight estimates read.
 */
function GoodsTerms({ quote, unit }: { quote: QuoteView; unit: string }) {
  const { t } = useTranslation(["quotes"]);
  const unitLabel = useUnitLabel();
  return (
    <>
      {quote.hsCode ? (
        <Term label={quote.hsCode.length === 10 ? t("quotes:summary.htsus") : t("quotes:summary.hs")}>
          {formatHtsCode(quote.hsCode)}
          {quote.hsDescription ? (
            <span className="block text-xs font-normal text-slate-600">{quote.hsDescription}</span>
          ) : null}
        </Term>
      ) : null}
      {quote.goodsDescription ? <Term label={t("quotes:summary.goods")}>{quote.goodsDescription}</Term> : null}
      {quote.material ? <Term label={t("quotes:summary.material")}>{quote.material}</Term> : null}
      {quote.manufacturer ? <Term label={t("quotes:summary.manufacturer")}>{quote.manufacturer}</Term> : null}
      {quote.unitWeightGrams ? (
        <Term label={t("quotes:summary.grossWeight")}>
          {t("quotes:summary.weightPer", { weight: grams(quote.unitWeightGrams), unit: unitLabel.one(unit) })}
        </Term>
      ) : null}
    </>
  );
}

function Term({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
