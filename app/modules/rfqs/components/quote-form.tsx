import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, LabelledOptions, Select, Textarea } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatMoney } from "~/lib/money";
import { inrPaiseToUsdCents, parseAmountToMinor, totalFromUnit, unitFromTotal } from "~/lib/money-minor";
import { scheduleSummary } from "~/modules/payments/payments-values";
import { lazySchema, useValidatedForm, type FormReply } from "~/components/forms/validated-form";
import { describeRate, type FxRate } from "~/modules/trade/fx-rates-values";
import {
  CURRENCIES,
  INCOTERM_LABELS,
  INCOTERM_PLACE,
  INCOTERMS,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  SHIP_MODE_LABELS,
  SHIP_MODES,
  type Currency,
  type Incoterm,
  type PaymentTerms,
  type Port,
} from "~/modules/trade/trade-terms-values";

const lazyQuoteSchema = lazySchema(() => import("../quote.schema").then((m) => ({ schema: m.quoteSchema })));

const CURRENCY_LABELS: Record<Currency, string> = { USD: "US dollars (USD)", INR: "Indian rupees (INR)" };

/** What the price fields add up to, in words, as they are typed: "= ₹4,25,000.00 for 5,000 pieces · about $4,804.97". */
function priceEcho(
  values: { unitPrice?: string; price?: string; quantity?: string },
  currency: Currency,
  unit: string,
  rate: FxRate | null,
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
  const usd = currency === "INR" && rate ? ` · about ${formatMoney(inrPaiseToUsdCents(total, rate.inrPerUsd))}` : "";
  return `${formatMoney(each, currency)} each × ${quantity.toLocaleString("en-US")} ${unit} = ${formatMoney(total, currency)}${usd}`;
}

/**
 * The supplier's quote, checked in the browser by the schema submitQuote checks it with on the server. Without
 * JavaScript every field shows and the server sorts out which apply; with it, the place fields follow the Incoterm,
 * "other" payment terms and the sample price show when chosen, and the price fields echo each other.
 */
export function QuoteForm({
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
  } | null;
}) {
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
      ? "US port of entry (optional)"
      : placeKind
        ? INCOTERM_PLACE[incoterm!].label
        : "Port (FOB: Indian port of loading; CIF: US port of destination)";
  const placeLabel =
    placeKind === "origin-place" || placeKind === "us-destination"
      ? INCOTERM_PLACE[incoterm!].label
      : "Named place (EXW, FCA: place of delivery; DAP, DDP: US destination)";
  const echo = priceEcho(
    { unitPrice: fields.unitPrice.value, price: fields.price.value, quantity: fields.quantity.value },
    currency,
    unit,
    rate,
  );
  const error = (name: keyof typeof fields) => fields[name].errors?.[0];

  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" noValidate>
      <input type="hidden" name="intent" value="quote" />
      <Field
        id={fields.currency.id}
        label="Currency"
        error={error("currency")}
        hint={
          rate
            ? `Rupee quotes are converted at ${describeRate(rate)}, stored with the quote.`
            : "No INR/USD rate is set yet: quote in USD."
        }
      >
        <Select {...getSelectProps(fields.currency)}>
          <LabelledOptions values={CURRENCIES} labels={CURRENCY_LABELS} disabled={(c) => c === "INR" && !rate} />
        </Select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <Field id={fields.unitPrice.id} label={`Unit Price (${currency})`} error={error("unitPrice")}>
          <Input {...getInputProps(fields.unitPrice, { type: "text" })} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field id={fields.price.id} label={`Total Price (${currency})`} error={error("price")}>
          <Input {...getInputProps(fields.price, { type: "text" })} inputMode="decimal" autoComplete="off" />
        </Field>
      </div>
      <p className="-mt-2 text-xs text-slate-500" aria-live="polite">
        {echo ?? "Enter the unit price or the total: the other follows from the quantity."}
      </p>
      <Field id={fields.quantity.id} label={`Quantity (${unit})`} error={error("quantity")}>
        <Input {...getInputProps(fields.quantity, { type: "number" })} min={1} step={1} inputMode="numeric" required />
      </Field>

      <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Trade terms</legend>
        <Field id={fields.incoterm.id} label="Incoterm (Incoterms® 2020)" error={error("incoterm")}>
          <Select {...getSelectProps(fields.incoterm)}>
            <option value="">Not stated: terms in text</option>
            <LabelledOptions values={INCOTERMS} labels={INCOTERM_LABELS} />
          </Select>
        </Field>
        <div hidden={!shows(placeKind === "origin-port" || placeKind === "us-port" || placeKind === "us-destination")}>
          <Field id={fields.incotermPort.id} label={portLabel} error={error("incotermPort")}>
            <Select {...getSelectProps(fields.incotermPort)}>
              <option value="">{placeKind === "us-destination" ? "None" : "Choose a port"}</option>
              {indian.length > 0 ? (
                <optgroup label="Indian ports of loading (FOB)">
                  {indian.map((p) => (
                    <option key={p.code} value={p.code}>
                      {p.name} ({p.code})
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {american.length > 0 ? (
                <optgroup
                  label={placeKind === "us-destination" ? "US ports of entry" : "US ports of destination (CIF)"}
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
              placeholder={
                placeKind === "us-destination" ? "e.g. Chicago, IL 60607" : "e.g. Our factory, Tiruppur, Tamil Nadu"
              }
            />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <Field id={fields.shipMode.id} label="Ship by" error={error("shipMode")}>
            <Select {...getSelectProps(fields.shipMode)}>
              <LabelledOptions values={SHIP_MODES} labels={SHIP_MODE_LABELS} />
            </Select>
          </Field>
          <Field
            id={fields.leadTimeDays.id}
            label="Lead time (days)"
            error={error("leadTimeDays")}
            hint="Production + transit"
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
          label="Payment terms"
          error={error("paymentTerms")}
          hint={scheduleSummary(
            (PAYMENT_TERMS as readonly string[]).includes(fields.paymentTerms.value ?? "")
              ? (fields.paymentTerms.value as PaymentTerms)
              : null,
          )}
        >
          <Select {...getSelectProps(fields.paymentTerms)}>
            <option value="">Choose payment terms</option>
            <LabelledOptions values={PAYMENT_TERMS} labels={PAYMENT_TERMS_LABELS} />
          </Select>
        </Field>
        <div hidden={!shows(fields.paymentTerms.value === "other")}>
          <Field id={fields.paymentTermsOther.id} label="Other payment terms" error={error("paymentTermsOther")}>
            <Input
              {...getInputProps(fields.paymentTermsOther, { type: "text" })}
              maxLength={200}
              placeholder="e.g. 50 % advance, 50 % on delivery"
            />
          </Field>
        </div>
        <Field id={fields.validUntil.id} label="Quote valid until" error={error("validUntil")}>
          <Input {...getInputProps(fields.validUntil, { type: "date" })} />
        </Field>
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">Sample available</legend>
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
                {answer === "yes" ? "Yes" : "No"}
              </label>
            ))}
          </div>
          {error("sampleAvailable") ? <p className="mt-1 text-sm text-red-600">{error("sampleAvailable")}</p> : null}
        </fieldset>
        <div hidden={!shows(fields.sampleAvailable.value === "yes")}>
          <Field
            id={fields.samplePrice.id}
            label={`Sample price (${currency}, optional)`}
            error={error("samplePrice")}
            hint="Leave empty for a free sample"
          >
            <Input {...getInputProps(fields.samplePrice, { type: "text" })} inputMode="decimal" autoComplete="off" />
          </Field>
        </div>
        {goods ? (
          <p className="text-sm text-slate-600">
            The goods details below come from your product “{goods.productName}”: check them for this order.
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <Field
            id={fields.hsCode.id}
            label="HTSUS code (optional)"
            error={error("hsCode")}
            hint={
              goods?.shortHsCode
                ? `Your product has the older code ${goods.shortHsCode}: enter its 10-digit US number (hts.usitc.gov)`
                : "The 10-digit US number (hts.usitc.gov), printed on the commercial invoice"
            }
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
            label={`Gross weight per ${unit.replace(/s$/, "")} (kg, optional)`}
            error={error("unitWeightKg")}
            hint="For freight estimates"
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
            label="Description of goods (optional)"
            error={error("goodsDescription")}
            hint="As the invoices print it, like Cotton terry bath towels, 70 x 140 cm"
          >
            <Input {...getInputProps(fields.goodsDescription, { type: "text" })} maxLength={300} />
          </Field>
          <Field
            id={fields.material.id}
            label="Material / composition (optional)"
            error={error("material")}
            hint="Like 100% cotton terry, 500 gsm"
          >
            <Input {...getInputProps(fields.material, { type: "text" })} maxLength={200} />
          </Field>
          <Field
            id={fields.manufacturer.id}
            label="Manufacturer (optional)"
            error={error("manufacturer")}
            hint="Name and address of the factory, when it is not you"
          >
            <Input {...getInputProps(fields.manufacturer, { type: "text" })} maxLength={300} />
          </Field>
        </div>
      </fieldset>

      <Field
        id={fields.deliveryTimeline.id}
        label="Delivery Timeline"
        error={error("deliveryTimeline")}
        hint="Optional with a lead time"
      >
        <Input
          {...getInputProps(fields.deliveryTimeline, { type: "text" })}
          placeholder="e.g. 30 days production + 25 days sea freight"
        />
      </Field>
      <Field id={fields.terms.id} label="Terms (optional)" error={error("terms")}>
        <Textarea {...getTextareaProps(fields.terms)} rows={3} placeholder="Warranty, packing, anything else" />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Submitting..." : "Submit Quote"}
      </Button>
    </Form>
  );
}
