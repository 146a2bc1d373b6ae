import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { memo } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, LabelledOptions, Select, Textarea } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatMoney } from "~/lib/money";
import { inrPaiseToUsdCents, parseAmountToMinor, totalFromUnit, unitFromTotal } from "~/lib/money-minor";
import { INSPECTION_DAYS } from "~/lib/status-lists";
import { formatNumber } from "~/lib/numbers";
import type { Locale } from "~/lib/locale";
import { useLocale } from "~/components/layout/use-root-user";
import { useTranslation } from "~/i18n/use-translation";
import { useUnitLabel } from "~/i18n/use-unit-label";
import { lazySchema, useValidatedForm, type FormReply } from "~/components/forms/validated-form";
import type { FxRate } from "~/modules/trade/fx-rates-values";
import { useRateDescription } from "~/modules/trade/components/use-rate-description";
import {
  CURRENCIES,
  INCOTERM_PLACE,
  INCOTERMS,
  PAYMENT_TERMS,
  SHIP_MODES,
  type Currency,
  type Incoterm,
  type PaymentTerms,
  type Port,
} from "~/modules/trade/trade-terms-values";

const lazyQuoteSchema = lazySchema(() => import("../quote.schema").then((m) => ({ schema: m.quoteSchema })));

type QuoteT = ReturnType<typeof useTranslation<["quotes"]>>["t"];

/** A value list's words in the page's language: `quotes:<group>.<value>` for each value. */
function labelsOf<T extends string>(values: readonly T[], label: (value: T) => string): Record<T, string> {
  return Object.fromEntries(values.map((value) => [value, label(value)])) as Record<T, string>;
}

/** What the price fields add up to, in words, as they are typed: "= ₹4,25,000.00 for 5,000 pieces · about $4,804.97". */
function priceEcho(
  values: { unitPrice?: string; price?: string; quantity?: string },
  currency: Currency,
  unit: string,
  rate: FxRate | null,
  t: QuoteT,
  locale: Locale,
): string | null {
  const quantity = /^\d+$/.test(values.quantity ?? "") ? Number(values.quantity) : 0;
  if (quantity <= 0) return null;
  const unitMinor = values.unitPrice ? parseAmountToMinor(values.unitPrice) : null;
  const totalMinor = values.price ? parseAmountToMinor(values.price) : null;
  let total = totalMinor;
  let each = unitMinor;
  if (total === null && each !== null && each > 0 && Number.isSafeInteger(each * quantity))
    total = totalFromUnit(each, quantity);
  if (each === null && total !== null && total > 0) each = unitFromTotal(total, quantity);
  if (!total || !each) return null;
  const usd =
    currency === "INR" && rate
      ? t("quotes:form.echoUsd", { usd: formatMoney(inrPaiseToUsdCents(total, rate.inrPerUsd), "USD", { locale }) })
      : "";
  const echo = t("quotes:form.echo", {
    each: formatMoney(each, currency, { locale }),
    quantity: formatNumber(quantity, locale),
    unit,
    total: formatMoney(total, currency, { locale }),
  });
  return `${echo}${usd}`;
}

/**
 * The supplier's quote, checked in the browser by the schema submitQuote checks it with on the server. Without
 * JavaScript every field shows and the server sorts out which apply; with it, the place fields follow the Incoterm,
 * "other" payment terms and the sample price show when chosen, and the price fields echo each other.
 * Memoised: its page re-renders several times while it hydrates, and this form is the costliest part to render.
 */
export const QuoteForm = memo(function QuoteForm({
  unit,
  quantity,
  lastResult,
  busy,
  ports,
  rate,
  goods = null,
}: {
  unit: string;
  quantity: number;
  lastResult: FormReply | null | undefined;
  busy: boolean;
  ports: Port[];
  rate: FxRate | null;
  /** a direct inquiry's product, when the quoting supplier sells it: the goods fields start from it (editable) */
  goods?: {
    productName: string;
    goodsDescription: string;
    material: string;
    manufacturer: string;
    hsCode: string;
    shortHsCode: string | null;
    unitWeightKg: string;
  } | null;
}) {
  const { t } = useTranslation(["quotes"]);
  const unitLabel = useUnitLabel();
  const describeRate = useRateDescription();
  const locale = useLocale();
  const hydrated = useHydrated();
  const [form, fields] = useValidatedForm({
    id: "quote",
    schema: lazyQuoteSchema,
    lastResult,
    defaultValue: {
      quantity: String(quantity),
      currency: "USD",
      incoterm: "",
      shipMode: "ocean",
      sampleAvailable: "no",
      ...(goods
        ? {
            goodsDescription: goods.goodsDescription,
            material: goods.material,
            manufacturer: goods.manufacturer,
            hsCode: goods.hsCode,
            unitWeightKg: goods.unitWeightKg,
          }
        : {}),
    },
  });
  const currency: Currency = fields.currency.value === "INR" ? "INR" : "USD";
  const incoterm = (INCOTERMS as readonly string[]).includes(fields.incoterm.value ?? "")
    ? (fields.incoterm.value as Incoterm)
    : null;
  const placeKind = incoterm ? INCOTERM_PLACE[incoterm].kind : null;
  // with JavaScript, only the fields the chosen terms use; without it, all of them
  const shows = (when: boolean) => !hydrated || when;
  const portChoices =
    placeKind === "origin-port"
      ? ports.filter((p) => p.country === "IN" && p.kind === "sea")
      : placeKind === "us-port"
        ? ports.filter((p) => p.country === "US" && p.kind === "sea")
        : placeKind === "us-destination"
          ? ports.filter((p) => p.country === "US")
          : ports.filter((p) => p.kind === "sea" || p.country === "US");
  const indian = portChoices.filter((p) => p.country === "IN");
  const american = portChoices.filter((p) => p.country === "US");
  const portLabel =
    placeKind === "us-destination"
      ? t("quotes:form.portEntry")
      : placeKind
        ? t(`quotes:place.${incoterm!}`)
        : t("quotes:form.portAny");
  const placeLabel =
    placeKind === "origin-place" || placeKind === "us-destination"
      ? t(`quotes:place.${incoterm!}`)
      : t("quotes:form.placeAny");
  const echo = priceEcho(
    { unitPrice: fields.unitPrice.value, price: fields.price.value, quantity: fields.quantity.value },
    currency,
    unit,
    rate,
    t,
    locale,
  );
  const paymentTerms = (PAYMENT_TERMS as readonly string[]).includes(fields.paymentTerms.value ?? "")
    ? (fields.paymentTerms.value as PaymentTerms)
    : null;
  const error = (name: keyof typeof fields) => fields[name].errors?.[0];

  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" noValidate>
      <input type="hidden" name="intent" value="quote" />
      <Field
        id={fields.currency.id}
        label={t("quotes:form.currency")}
        error={error("currency")}
        hint={rate ? t("quotes:form.rateHint", { rate: describeRate(rate) }) : t("quotes:form.noRate")}
      >
        <Select {...getSelectProps(fields.currency)}>
          <LabelledOptions
            values={CURRENCIES}
            labels={labelsOf(CURRENCIES, (c) => t(`quotes:currency.${c}`))}
            disabled={(c) => c === "INR" && !rate}
          />
        </Select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <Field id={fields.unitPrice.id} label={t("quotes:form.unitPrice", { currency })} error={error("unitPrice")}>
          <Input {...getInputProps(fields.unitPrice, { type: "text" })} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field id={fields.price.id} label={t("quotes:form.totalPrice", { currency })} error={error("price")}>
          <Input {...getInputProps(fields.price, { type: "text" })} inputMode="decimal" autoComplete="off" />
        </Field>
      </div>
      <p className="-mt-2 text-xs text-slate-500" aria-live="polite">
        {echo ?? t("quotes:form.echoEmpty")}
      </p>
      <Field
        id={fields.quantity.id}
        label={t("quotes:form.quantity", { unit: unitLabel.many(unit) })}
        error={error("quantity")}
      >
        <Input {...getInputProps(fields.quantity, { type: "number" })} min={1} step={1} inputMode="numeric" required />
      </Field>

      <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">{t("quotes:form.tradeTerms")}</legend>
        <Field id={fields.incoterm.id} label={t("quotes:form.incoterm")} error={error("incoterm")}>
          <Select {...getSelectProps(fields.incoterm)}>
            <option value="">{t("quotes:form.incotermNone")}</option>
            <LabelledOptions values={INCOTERMS} labels={labelsOf(INCOTERMS, (c) => t(`quotes:incoterm.${c}`))} />
          </Select>
        </Field>
        <div hidden={!shows(placeKind === "origin-port" || placeKind === "us-port" || placeKind === "us-destination")}>
          <Field id={fields.incotermPort.id} label={portLabel} error={error("incotermPort")}>
            <Select {...getSelectProps(fields.incotermPort)}>
              <option value="">
                {placeKind === "us-destination" ? t("quotes:form.portNone") : t("quotes:form.portChoose")}
              </option>
              {indian.length > 0 ? (
                <optgroup label={t("quotes:form.indianPorts")}>
                  {indian.map((p) => (
                    <option key={p.code} value={p.code}>
                      {p.name} ({p.code})
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {american.length > 0 ? (
                <optgroup
                  label={placeKind === "us-destination" ? t("quotes:form.usEntryPorts") : t("quotes:form.usPorts")}
                >
                  {american.map((p) => (
                    <option key={p.code} value={p.code}>
                      {p.name} ({p.code})
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </Select>
          </Field>
        </div>
        <div hidden={!shows(placeKind === "origin-place" || placeKind === "us-destination")}>
          <Field id={fields.incotermPlace.id} label={placeLabel} error={error("incotermPlace")}>
            <Input
              {...getInputProps(fields.incotermPlace, { type: "text" })}
              maxLength={200}
              placeholder={placeKind === "us-destination" ? t("quotes:form.placeUs") : t("quotes:form.placeOrigin")}
            />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <Field id={fields.shipMode.id} label={t("quotes:form.shipBy")} error={error("shipMode")}>
            <Select {...getSelectProps(fields.shipMode)}>
              <LabelledOptions values={SHIP_MODES} labels={labelsOf(SHIP_MODES, (m) => t(`quotes:shipMode.${m}`))} />
            </Select>
          </Field>
          <Field
            id={fields.leadTimeDays.id}
            label={t("quotes:form.leadTime")}
            error={error("leadTimeDays")}
            hint={t("quotes:form.leadTimeHint")}
          >
            <Input
              {...getInputProps(fields.leadTimeDays, { type: "number" })}
              min={1}
              max={730}
              step={1}
              inputMode="numeric"
            />
          </Field>
        </div>
        <Field
          id={fields.paymentTerms.id}
          label={t("quotes:form.paymentTerms")}
          error={error("paymentTerms")}
          hint={t(`quotes:schedule.${paymentTerms ?? "none"}`, { days: INSPECTION_DAYS })}
        >
          <Select {...getSelectProps(fields.paymentTerms)}>
            <option value="">{t("quotes:form.paymentChoose")}</option>
            <LabelledOptions values={PAYMENT_TERMS} labels={labelsOf(PAYMENT_TERMS, (p) => t(`quotes:payment.${p}`))} />
          </Select>
        </Field>
        <div hidden={!shows(fields.paymentTerms.value === "other")}>
          <Field
            id={fields.paymentTermsOther.id}
            label={t("quotes:form.paymentOther")}
            error={error("paymentTermsOther")}
          >
            <Input
              {...getInputProps(fields.paymentTermsOther, { type: "text" })}
              maxLength={200}
              placeholder={t("quotes:form.paymentOtherExample")}
            />
          </Field>
        </div>
        <Field id={fields.validUntil.id} label={t("quotes:form.validUntil")} error={error("validUntil")}>
          <Input {...getInputProps(fields.validUntil, { type: "date" })} />
        </Field>
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">{t("quotes:form.sample")}</legend>
          <div className="flex gap-6 text-sm">
            {(["yes", "no"] as const).map((answer) => (
              <label key={answer} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.sampleAvailable.name}
                  value={answer}
                  defaultChecked={(fields.sampleAvailable.initialValue ?? "no") === answer}
                  className="size-4 accent-brand-600"
                />
                {answer === "yes" ? t("quotes:form.yes") : t("quotes:form.no")}
              </label>
            ))}
          </div>
          {error("sampleAvailable") ? <p className="mt-1 text-sm text-red-600">{error("sampleAvailable")}</p> : null}
        </fieldset>
        <div hidden={!shows(fields.sampleAvailable.value === "yes")}>
          <Field
            id={fields.samplePrice.id}
            label={t("quotes:form.samplePrice", { currency })}
            error={error("samplePrice")}
            hint={t("quotes:form.samplePriceHint")}
          >
            <Input {...getInputProps(fields.samplePrice, { type: "text" })} inputMode="decimal" autoComplete="off" />
          </Field>
        </div>
        {goods ? (
          <p className="text-sm text-slate-600">{t("quotes:form.goodsFrom", { product: goods.productName })}</p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <Field
            id={fields.hsCode.id}
            label={t("quotes:form.hsCode")}
            error={error("hsCode")}
            hint={goods?.shortHsCode ? t("quotes:form.hsShort", { code: goods.shortHsCode }) : t("quotes:form.hsHint")}
          >
            <Input
              {...getInputProps(fields.hsCode, { type: "text" })}
              inputMode="numeric"
              autoComplete="off"
              placeholder="6302.60.0020"
            />
          </Field>
          <Field
            id={fields.unitWeightKg.id}
            label={t("quotes:form.weight", { unit: unitLabel.one(unit) })}
            error={error("unitWeightKg")}
            hint={t("quotes:form.weightHint")}
          >
            <Input
              {...getInputProps(fields.unitWeightKg, { type: "text" })}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.45"
            />
          </Field>
          <Field
            id={fields.goodsDescription.id}
            label={t("quotes:form.goods")}
            error={error("goodsDescription")}
            hint={t("quotes:form.goodsHint")}
          >
            <Input {...getInputProps(fields.goodsDescription, { type: "text" })} maxLength={300} />
          </Field>
          <Field
            id={fields.material.id}
            label={t("quotes:form.material")}
            error={error("material")}
            hint={t("quotes:form.materialHint")}
          >
            <Input {...getInputProps(fields.material, { type: "text" })} maxLength={200} />
          </Field>
          <Field
            id={fields.manufacturer.id}
            label={t("quotes:form.manufacturer")}
            error={error("manufacturer")}
            hint={t("quotes:form.manufacturerHint")}
          >
            <Input {...getInputProps(fields.manufacturer, { type: "text" })} maxLength={300} />
          </Field>
        </div>
      </fieldset>

      <Field
        id={fields.deliveryTimeline.id}
        label={t("quotes:form.timeline")}
        error={error("deliveryTimeline")}
        hint={t("quotes:form.timelineHint")}
      >
        <Input
          {...getInputProps(fields.deliveryTimeline, { type: "text" })}
          placeholder={t("quotes:form.timelineExample")}
        />
      </Field>
      <Field id={fields.terms.id} label={t("quotes:form.terms")} error={error("terms")}>
        <Textarea {...getTextareaProps(fields.terms)} rows={3} placeholder={t("quotes:form.termsExample")} />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("quotes:form.submitting") : t("quotes:form.submit")}
      </Button>
    </Form>
  );
});
