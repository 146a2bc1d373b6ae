import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { UNITS } from "~/lib/units";
import { formatMoney, minorToDecimalString } from "~/lib/money";
import { FALLBACK_TIME_ZONE, isTimeZone, todayIn, todayUtc } from "~/lib/deadline";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { lazySchema, refusedFormReply, useValidatedForm } from "~/components/forms/validated-form";
import { getSessionUser } from "~/modules/accounts/session.server";
import { productForInquiry, rfqPrefillFromProduct } from "~/modules/products/rfq-prefill.server";
import { ProductCategoryOptions } from "~/modules/products/components/product-category-options";
import {
  CREATE_RFQ_FIELDS,
  createRfqSchema,
  DIRECT_INQUIRY_FIELDS,
  DIRECT_INQUIRY_MESSAGES,
  directInquirySchema,
} from "~/modules/rfqs/rfq.schema";
import { ANONYMOUS_BUYER, UNNAMED_BUYER } from "~/modules/accounts/buyer-privacy";
import { formValues, parseInput } from "~/lib/command-result";
import { createDirectInquiry, createRfq } from "~/modules/rfqs/rfqs.server";
import type { Route } from "./+types/create-rfq";
import { appContext } from "~/request-context.server";

const lazyCreateRfqSchema = lazySchema(() =>
  import("~/modules/rfqs/rfq.schema").then((m) => ({ schema: m.createRfqSchema })),
);

const LOGIN_MESSAGE = "Please log in to create an RFQ";

export function meta() {
  return [
    { title: "Create RFQ | Setu" },
    { name: "description", content: "Post a request for quote to verified Indian suppliers." },
  ];
}

/**
 * /create-rfq, or with `?product=` Request Quote on that product: a direct inquiry addressed to its supplier (issue
 * #41.3, decision record 0054), which its own supplier is not offered.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext).runtime;
  const user = await getSessionUser(request, context.get(appContext).runtime);
  const search = new URL(request.url).searchParams;
  const productId = search.get("product");
  const [prefill, product] = await Promise.all([
    rfqPrefillFromProduct(db, productId, search.get("tier")),
    productId ? productForInquiry(db, productId) : null,
  ]);
  const ownProduct = Boolean(user && product && product.sellerId === user.id);
  // the earliest date open anywhere a buyer may be before the browser says where it is (New York trails UTC)
  const [utc, fallback] = [todayUtc(), todayIn(FALLBACK_TIME_ZONE)];
  return { signedIn: Boolean(user?.profile), prefill, ownProduct, today: fallback < utc ? fallback : utc };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  if (!user?.profile) return data({ ok: false as const, message: LOGIN_MESSAGE, reply: null }, { status: 401 });
  const form = await readFormData(request);
  const { runtime } = context.get(appContext);
  if (form.has("productId")) {
    // Request Quote on a product: the product's supplier, MOQ and unit are the products module's, never the form's
    const input = parseInput(directInquirySchema, formValues(form, DIRECT_INQUIRY_FIELDS));
    const product = input.ok ? await productForInquiry(runtime.db, input.value.productId) : null;
    const result = !input.ok
      ? input
      : product
        ? await createDirectInquiry(
            runtime.db,
            { ...user, profile: user.profile },
            input.value,
            product,
            runtime.notifier,
          )
        : { ok: false as const, status: 404, message: "This product is no longer available", fieldErrors: {} };
    if (result.ok) return redirectWithFlash(`/rfqs/${result.value.id}`, { type: "success", message: result.message });
    return data(
      {
        ok: false as const,
        message: result.message || "Failed to send the quote request",
        reply: refusedFormReply(result, form),
      },
      { status: result.status },
    );
  }
  const input = parseInput(createRfqSchema, formValues(form, CREATE_RFQ_FIELDS));
  const result = input.ok
    ? await createRfq(runtime.db, { ...user, profile: user.profile }, input.value, new Date(), runtime.notifier.jobs)
    : input;
  if (result.ok) return redirectWithFlash("/rfqs", { type: "success", message: result.message });
  return data(
    { ok: false as const, message: result.message || "Failed to create RFQ", reply: refusedFormReply(result, form) },
    { status: result.status },
  );
}

export default function CreateRfq({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { prefill } = loaderData;
  // the browser's zone, once hydrated; without JavaScript the server assumes New York and the hint says so
  const [timeZone, setTimeZone] = useState<string | null>(null);
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (own && isTimeZone(own)) setTimeZone(own);
  }, []);
  const today = timeZone ? todayIn(timeZone) : loaderData.today;
  const [form, fields] = useValidatedForm({
    id: "rfq",
    schema: lazyCreateRfqSchema,
    lastResult: actionData?.reply,
    defaultValue: {
      title: prefill?.title,
      category: prefill?.category,
      quantity: prefill ? String(prefill.quantity) : undefined,
      unit: prefill?.unit ?? "pieces",
      // the supplier's price break as the buyer's target: its price for its quantity
      budgetMax: prefill?.tier ? minorToDecimalString(prefill.tier.targetCents) : undefined,
    },
  });

  if (loaderData.ownProduct && prefill) {
    return (
      <section className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Request Quote</h1>
        <p className="mt-2 text-slate-600">{DIRECT_INQUIRY_MESSAGES.ownProduct}.</p>
        <ButtonLink to={`/product/${prefill.productId}`} className="mt-6">
          Back to the product
        </ButtonLink>
      </section>
    );
  }

  if (!loaderData.signedIn) {
    return (
      <section className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Create RFQ</h1>
        <p className="mt-2 text-slate-600">{LOGIN_MESSAGE}</p>
        <ButtonLink
          to={`/auth?redirectTo=${encodeURIComponent(prefill ? `/create-rfq?product=${prefill.productId}${prefill.tier ? `&tier=${prefill.tier.id}` : ""}` : "/create-rfq")}`}
          className="mt-6"
        >
          Sign In
        </ButtonLink>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <button
        type="button"
        onClick={() => navigate(-1)}
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back
      </button>
      {prefill ? (
        <>
          <h1 className="mt-4 text-3xl font-bold">Request a Quote</h1>
          <p className="mt-1 text-slate-600">
            Your request goes to {prefill.supplierCompany} only: no other supplier sees it unless you invite similar
            verified suppliers below.
          </p>
          <Card className="mt-4 flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="text-sm text-slate-600">Product</p>
              <Link
                to={`/product/${prefill.productId}`}
                className="break-words font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {prefill.title}
              </Link>
            </div>
            <div className="text-sm text-slate-600">
              <p>
                Supplier: <span className="font-medium text-slate-900">{prefill.supplierCompany}</span>
              </p>
              <p className="tabular-nums">
                MOQ: {prefill.minimumOrderQuantity.toLocaleString("en-US")} {prefill.unit}
              </p>
            </div>
          </Card>
        </>
      ) : (
        <>
          <h1 className="mt-4 text-3xl font-bold">Create RFQ</h1>
          <p className="mt-1 text-slate-600">
            Describe what you need; verified Indian suppliers send you sealed quotes.
          </p>
        </>
      )}
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6" noValidate>
        {prefill ? <input type="hidden" name="productId" value={prefill.productId} /> : null}
        <Card className="space-y-4 p-6">
          <h2 className="text-lg font-semibold">Basic Information</h2>
          <Field id={fields.title.id} label="RFQ Title" error={fields.title.errors?.[0]}>
            <Input {...getInputProps(fields.title, { type: "text" })} required maxLength={200} />
          </Field>
          <Field id={fields.category.id} label="Category" error={fields.category.errors?.[0]}>
            {/* nothing chosen yet: the placeholder stays selected */}
            <Select {...getSelectProps(fields.category)} defaultValue={fields.category.initialValue ?? ""} required>
              <option value="" disabled>
                Select a category
              </option>
              <ProductCategoryOptions />
            </Select>
          </Field>
          <Field id={fields.description.id} label="Description" error={fields.description.errors?.[0]}>
            <Textarea {...getTextareaProps(fields.description)} required rows={4} />
          </Field>
          <Field
            id={fields.specifications.id}
            label="Technical Specifications (optional)"
            error={fields.specifications.errors?.[0]}
            hint="Sizes, materials, certifications, packaging. Kept exactly as you type it."
          >
            <Textarea {...getTextareaProps(fields.specifications)} rows={4} />
          </Field>
        </Card>

        <Card className="grid gap-4 p-6 sm:grid-cols-2">
          <h2 className="text-lg font-semibold sm:col-span-2">
            {prefill ? "Quantity & Target Price" : "Quantity & Budget"}
          </h2>
          <Field
            id={fields.quantity.id}
            label={prefill ? `Quantity (${prefill.unit})` : "Quantity"}
            error={fields.quantity.errors?.[0]}
            hint={
              prefill
                ? `The supplier's minimum order is ${prefill.minimumOrderQuantity.toLocaleString("en-US")} ${prefill.unit}.`
                : undefined
            }
          >
            <Input
              {...getInputProps(fields.quantity, { type: "number" })}
              min={prefill?.minimumOrderQuantity ?? 1}
              step={1}
              inputMode="numeric"
              required
            />
          </Field>
          {prefill ? (
            // the product's unit: the supplier sells in it (the server refuses another)
            <input type="hidden" name={fields.unit.name} value={prefill.unit} />
          ) : (
            <Field id={fields.unit.id} label="Unit" error={fields.unit.errors?.[0]}>
              <Select {...getSelectProps(fields.unit)}>
                {UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {prefill ? null : (
            <Field id={fields.budgetMin.id} label="Minimum Budget (USD, optional)" error={fields.budgetMin.errors?.[0]}>
              <Input {...getInputProps(fields.budgetMin, { type: "number" })} min={0} step={0.01} inputMode="decimal" />
            </Field>
          )}
          <Field
            id={fields.budgetMax.id}
            label={prefill ? "Target price for the whole order (USD, optional)" : "Maximum Budget (USD, optional)"}
            error={fields.budgetMax.errors?.[0]}
            hint={
              prefill?.tier
                ? `Target from the supplier's price break: ${prefill.tier.minQuantity.toLocaleString("en-US")} ${prefill.unit} × ${formatMoney(prefill.tier.unitPriceCents)} = ${formatMoney(prefill.tier.targetCents)}`
                : undefined
            }
          >
            <Input {...getInputProps(fields.budgetMax, { type: "number" })} min={0} step={0.01} inputMode="decimal" />
          </Field>
        </Card>

        <Card className="grid gap-4 p-6 sm:grid-cols-2">
          <h2 className="text-lg font-semibold sm:col-span-2">Delivery &amp; Timeline</h2>
          <Field
            id={fields.deliveryLocation.id}
            label={prefill ? "Destination (US city and state, or port)" : "Delivery Location"}
            error={fields.deliveryLocation.errors?.[0]}
          >
            <Input
              {...getInputProps(fields.deliveryLocation, { type: "text" })}
              required
              placeholder={prefill ? "Chicago, IL or Port of Newark" : "City, State"}
            />
          </Field>
          <Field
            id={fields.deadline.id}
            label="Quote Submission Deadline"
            error={fields.deadline.errors?.[0] ?? fields.timeZone.errors?.[0]}
            hint={
              timeZone
                ? `Quotes close at 11:59 PM on this day in your time zone (${timeZone}).`
                : `Quotes close at 11:59 PM on this day, New York time (${FALLBACK_TIME_ZONE}), unless your browser tells us your time zone.`
            }
          >
            <Input {...getInputProps(fields.deadline, { type: "date" })} required min={today} />
          </Field>
          <input type="hidden" name="timeZone" value={timeZone ?? ""} />
          {prefill ? (
            <div className="sm:col-span-2">
              <label htmlFor="rfq-inviteSimilar" className="flex items-start gap-3 text-sm text-slate-800">
                <input
                  id="rfq-inviteSimilar"
                  type="checkbox"
                  name="inviteSimilar"
                  value="on"
                  className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
                />
                <span>
                  <span className="font-medium">Also invite similar verified suppliers</span>
                  <span className="block text-slate-600">
                    Up to five verified suppliers of the same kind of product may quote too. Nobody else sees your
                    request.
                  </span>
                </span>
              </label>
            </div>
          ) : null}
          <div className={prefill ? "hidden" : "sm:col-span-2"}>
            <label htmlFor={fields.verifiedSuppliersOnly.id} className="flex items-start gap-3 text-sm text-slate-800">
              <input
                {...getInputProps(fields.verifiedSuppliersOnly, { type: "checkbox", value: "on" })}
                className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
              />
              <span>
                <span className="font-medium">Verified suppliers only</span>
                <span className="block text-slate-600">
                  Only suppliers whose GST, IEC and company registration Setu has checked can quote.
                </span>
              </span>
            </label>
            {fields.verifiedSuppliersOnly.errors?.[0] ? (
              <p id={fields.verifiedSuppliersOnly.errorId} className="mt-1 text-sm text-red-600" role="alert">
                {fields.verifiedSuppliersOnly.errors[0]}
              </p>
            ) : null}
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={fields.postAnonymously.id} className="flex items-start gap-3 text-sm text-slate-800">
              <input
                {...getInputProps(fields.postAnonymously, { type: "checkbox", value: "on" })}
                aria-describedby={`${fields.postAnonymously.id}-who-sees`}
                className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
              />
              <span>
                <span className="font-medium">Post anonymously</span>
                <span className="block text-slate-600">
                  Suppliers see &ldquo;{ANONYMOUS_BUYER}&rdquo; instead of your company name until you accept a quote.
                </span>
              </span>
            </label>
            {fields.postAnonymously.errors?.[0] ? (
              <p id={fields.postAnonymously.errorId} className="mt-1 text-sm text-red-600" role="alert">
                {fields.postAnonymously.errors[0]}
              </p>
            ) : null}
            <p
              id={`${fields.postAnonymously.id}-who-sees`}
              className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-600"
            >
              <span className="font-medium text-slate-800">Who sees what:</span>{" "}
              {prefill
                ? `only ${prefill.supplierCompany} (and the similar suppliers you invite) sees this request; it is not in the public RFQ list. They see your company name, unless you post anonymously.`
                : `everyone sees the request, its quantity, budget, delivery location and deadline. Suppliers signed in to Setu also see your company name, unless you post anonymously; visitors see only \u201c${UNNAMED_BUYER}\u201d.`}{" "}
              Your own name is never shown. A supplier learns who you are when you accept its quote.
            </p>
          </div>
        </Card>

        <div className="flex flex-wrap justify-end gap-3">
          <Link
            to="/rfqs"
            className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-medium hover:bg-slate-50"
          >
            Cancel
          </Link>
          {prefill ? (
            <Button type="submit" disabled={busy}>
              {busy ? "Sending..." : "Send Quote Request"}
            </Button>
          ) : (
            <Button type="submit" disabled={busy}>
              {busy ? "Creating..." : "Create RFQ"}
            </Button>
          )}
        </div>
      </Form>
    </div>
  );
}
