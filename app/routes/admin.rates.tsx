import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { data, Form, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, LabelledOptions, Select, Textarea } from "~/components/ui/field";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { formatRate } from "~/lib/money";
import { lazySchema, refusedFormReply, useValidatedForm } from "~/components/forms/validated-form";
import { requireAdmin } from "~/modules/accounts/session.server";
import { formatRateDate, FX_RATE_SOURCE_LABELS, FX_RATE_SOURCES } from "~/modules/trade/fx-rates-values";
import { addFxRate, listFxRates } from "~/modules/trade/fx-rates.server";
import { FX_RATE_FIELDS, fxRateSchema } from "~/modules/trade/fx-rates.schema";
import { formValues, parseInput } from "~/lib/command-result";
import type { Route } from "./+types/admin.rates";
import { appContext } from "~/request-context.server";

const lazyFxRateSchema = lazySchema(() =>
  import("~/modules/trade/fx-rates.schema").then((m) => ({ schema: m.fxRateSchema })),
);

export function meta() {
  return [{ title: "Exchange rates | Setu Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const admin = await requireAdmin(request, runtime);
  return { rates: (await listFxRates(runtime.db, admin)) ?? [], today: new Date().toISOString().slice(0, 10) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const admin = await requireAdmin(request, runtime);
  const form = await readFormData(request);
  const input = parseInput(fxRateSchema, formValues(form, FX_RATE_FIELDS));
  const result = input.ok ? await addFxRate(runtime.db, admin, input.value) : input;
  if (result.ok) return redirectWithFlash("/admin/rates", { type: "success", message: result.message });
  return data(
    { ok: false as const, message: result.message, reply: refusedFormReply(result, form) },
    { status: result.status },
  );
}

export default function AdminRates({ loaderData, actionData }: Route.ComponentProps) {
  // after a rate is added the page is loaded anew: a fresh, empty form
  return <AdminRatesPage key={useLocation().key} loaderData={loaderData} actionData={actionData} />;
}

function AdminRatesPage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const busy = useNavigation().state === "submitting";
  const { rates, today } = loaderData;
  const [form, fields] = useValidatedForm({
    id: "rate",
    schema: lazyFxRateSchema,
    lastResult: actionData?.reply,
    defaultValue: { rateDate: today, source: "fbil" },
  });
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Exchange rates</h1>
      <p className="mt-1 max-w-prose text-slate-600">
        Indian rupees per US dollar. A quote in rupees takes the latest rate dated on or before the day it is submitted
        and keeps it: a new rate changes new quotes only.
      </p>
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:order-2">
          <h2 className="text-lg font-semibold">Add a rate</h2>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" noValidate>
            <Field id={fields.rateDate.id} label="Date" error={fields.rateDate.errors?.[0]}>
              <Input {...getInputProps(fields.rateDate, { type: "date" })} max={today} required />
            </Field>
            <Field
              id={fields.inrPerUsd.id}
              label="Rupees per US dollar (₹ = $1)"
              error={fields.inrPerUsd.errors?.[0]}
              hint="Up to 4 decimals, like 88.4512"
            >
              <Input
                {...getInputProps(fields.inrPerUsd, { type: "text" })}
                inputMode="decimal"
                autoComplete="off"
                placeholder="88.45"
                required
              />
            </Field>
            <Field id={fields.source.id} label="Source" error={fields.source.errors?.[0]}>
              <Select {...getSelectProps(fields.source)}>
                <LabelledOptions values={FX_RATE_SOURCES} labels={FX_RATE_SOURCE_LABELS} />
              </Select>
            </Field>
            <Field id={fields.note.id} label="Note (optional)" error={fields.note.errors?.[0]}>
              <Textarea {...getTextareaProps(fields.note)} rows={2} className="min-h-16" maxLength={500} />
            </Field>
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Adding..." : "Add rate"}
            </Button>
          </Form>
        </Card>
        <Card className="p-0 lg:col-span-2 lg:order-1">
          <h2 className="px-6 pt-6 text-lg font-semibold">Rates, newest first</h2>
          {rates.length === 0 ? (
            <p className="px-6 py-10 text-center text-sm text-slate-600">
              No rates yet. Until one is added, suppliers can quote in US dollars only.
            </p>
          ) : (
            <table className="mt-4 w-full text-sm">
              <thead className="border-b border-slate-200 text-left text-slate-500">
                <tr>
                  <th scope="col" className="px-6 py-2 font-medium">
                    Date
                  </th>
                  <th scope="col" className="whitespace-nowrap px-3 py-2 text-right font-medium">
                    ₹ per $1
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Source
                  </th>
                  <th scope="col" className="px-6 py-2 font-medium max-sm:hidden">
                    Note
                  </th>
                </tr>
              </thead>
              <tbody>
                {rates.map((r) => (
                  <tr key={r.id} className="border-b border-slate-100 last:border-0 align-top">
                    <td className="whitespace-nowrap px-6 py-2">{formatRateDate(r.rateDate)}</td>
                    <td className="px-3 py-2 text-right font-semibold tabular-nums">{formatRate(r.inrPerUsd)}</td>
                    <td className="px-3 py-2">{FX_RATE_SOURCE_LABELS[r.source]}</td>
                    <td className="px-6 py-2 text-slate-600 max-sm:hidden">{r.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      </div>
    </div>
  );
}
