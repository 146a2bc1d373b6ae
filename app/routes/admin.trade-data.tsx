import { getFormProps, getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { data, Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Label, Select } from "~/components/ui/field";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { formValues, parseInput, type CommandResult } from "~/lib/command-result";
import type { z } from "zod";
import { formatMoney } from "~/lib/money";
import { lazySchema, refusedFormReply, useValidatedForm, type FormReply } from "~/components/forms/validated-form";
import { requireAdmin } from "~/modules/accounts/session.server";
import { formatDay, formatPercent } from "~/modules/trade/components/landed-cost-breakdown";
import {
  ADD_ADDITIONAL_DUTY_FIELDS,
  ADD_DUTY_RATE_FIELDS,
  ADD_FEE_FIELDS,
  ADD_FREIGHT_RATE_FIELDS,
  addAdditionalDutySchema,
  addDutyRateSchema,
  addFeeSchema,
  addFreightRateSchema,
  END_ROW_FIELDS,
  endRowSchema,
  FEE_KINDS,
  FEE_LABELS,
  IMPORT_HTS_FIELDS,
  importHtsSchema,
  tradeDataIntentSchema,
} from "~/modules/trade/trade-admin.schema";
import {
  addAdditionalDuty,
  addDutyRate,
  addFee,
  addFreightRate,
  endDutyRow,
  importHtsRates,
  tradeDataOverview,
} from "~/modules/trade/trade-admin.server";
import { appContext } from "~/request-context.server";
import { invariantResponse } from "~/lib/page-refusal";
import type { Route } from "./+types/admin.trade-data";

const lazyAddFeeSchema = lazySchema(() =>
  import("~/modules/trade/trade-admin.schema").then((m) => ({ schema: m.addFeeSchema })),
);
const lazyAddDutyRateSchema = lazySchema(() =>
  import("~/modules/trade/trade-admin.schema").then((m) => ({ schema: m.addDutyRateSchema })),
);
const lazyAddAdditionalDutySchema = lazySchema(() =>
  import("~/modules/trade/trade-admin.schema").then((m) => ({ schema: m.addAdditionalDutySchema })),
);
const lazyAddFreightRateSchema = lazySchema(() =>
  import("~/modules/trade/trade-admin.schema").then((m) => ({ schema: m.addFreightRateSchema })),
);
const lazyImportHtsSchema = lazySchema(() =>
  import("~/modules/trade/trade-admin.schema").then((m) => ({ schema: m.importHtsSchema })),
);

export function meta() {
  return [{ title: "Trade data | Setu Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const admin = await requireAdmin(request, runtime);
  const overview = await tradeDataOverview(runtime.db, admin, new URL(request.url).searchParams.get("hs") ?? "");
  invariantResponse(overview);
  return { ...overview, today: new Date().toISOString().slice(0, 10) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const admin = await requireAdmin(request, runtime);
  const form = await readFormData(request);
  const intent = formValues(form, ["intent"]).intent ?? "";
  const db = runtime.db;
  // the posted form read with its intent's schema, then the command with the typed values (record 0039)
  const run = async (): Promise<CommandResult> => {
    const known = tradeDataIntentSchema.safeParse(intent);
    if (!known.success) return { ok: false, status: 400, message: "Unknown action", fieldErrors: {} };
    const read = <S extends z.ZodType>(schema: S, keys: readonly string[]) =>
      parseInput(schema, formValues(form, keys));
    switch (known.data) {
      case "add-fee": {
        const input = read(addFeeSchema, ADD_FEE_FIELDS);
        return input.ok ? addFee(db, admin, input.value) : input;
      }
      case "add-duty": {
        const input = read(addDutyRateSchema, ADD_DUTY_RATE_FIELDS);
        return input.ok ? addDutyRate(db, admin, input.value) : input;
      }
      case "end-duty":
      case "end-additional": {
        const input = read(endRowSchema, END_ROW_FIELDS);
        return input.ok ? endDutyRow(db, admin, input.value, known.data === "end-duty" ? "duty" : "additional") : input;
      }
      case "add-additional": {
        const input = read(addAdditionalDutySchema, ADD_ADDITIONAL_DUTY_FIELDS);
        return input.ok ? addAdditionalDuty(db, admin, input.value) : input;
      }
      case "add-freight": {
        const input = read(addFreightRateSchema, ADD_FREIGHT_RATE_FIELDS);
        return input.ok ? addFreightRate(db, admin, input.value) : input;
      }
      case "import-hts": {
        const input = read(importHtsSchema, IMPORT_HTS_FIELDS);
        const file = form.get("file");
        return input.ok ? importHtsRates(db, admin, input.value, file instanceof File ? file : null) : input;
      }
    }
  };
  const result = await run();
  if (result.ok) return redirectWithFlash("/admin/trade-data", { type: "success", message: result.message });
  return data({ intent, message: result.message, reply: refusedFormReply(result, form) }, { status: result.status });
}

type ActionData = { intent: string; message: string; reply: FormReply } | undefined;
const replyFor = (actionData: ActionData, intent: string) =>
  actionData?.intent === intent ? actionData.reply : undefined;

const th = "border-b border-slate-200 px-2 py-1.5 text-left text-xs font-medium text-slate-500";
const td = "border-b border-slate-100 px-2 py-1.5 align-top";

/** One of the page's Conform forms: posts its intent, fields in a grid, the submit button under them. */
function AdminForm({
  formProps,
  intent,
  submit,
  multipart,
  children,
}: {
  formProps: ReturnType<typeof getFormProps>;
  intent: string;
  submit: string;
  multipart?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      {...formProps}
      noValidate
      className="mt-4 grid gap-3 sm:grid-cols-3"
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div className="sm:col-span-3">
        <Button type="submit">{submit}</Button>
      </div>
    </Form>
  );
}

/** A labelled text (or date) input of a Conform form, its message under it. */
function TextField({
  meta,
  label,
  type = "text",
  ...rest
}: { meta: FieldMetadata<string, Record<string, unknown>, string[]>; label: string; type?: "text" | "date" } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "type"
>) {
  return (
    <Field id={meta.id} label={label} error={meta.errors?.[0]}>
      <Input {...getInputProps(meta, { type })} {...rest} />
    </Field>
  );
}

function Period({ from, to }: { from: string; to: string | null }) {
  return (
    <span className="whitespace-nowrap">
      {formatDay(from)} → {to ? formatDay(to) : "open"}
    </span>
  );
}

function FeeForm({ lastResult, today }: { lastResult?: FormReply; today: string }) {
  const [form, fields] = useValidatedForm({
    id: "add-fee",
    schema: lazyAddFeeSchema,
    lastResult,
    defaultValue: { kind: "mpf", effectiveFrom: today },
  });
  return (
    <AdminForm formProps={getFormProps(form)} intent="add-fee" submit="Add fee row">
      <Field id={fields.kind.id} label="Fee" error={fields.kind.errors?.[0]}>
        <Select {...getSelectProps(fields.kind)}>
          {FEE_KINDS.map((k) => (
            <option key={k} value={k}>
              {FEE_LABELS[k]}
            </option>
          ))}
        </Select>
      </Field>
      <TextField meta={fields.ratePercent} label="Rate (%)" inputMode="decimal" placeholder="0.3464" />
      <TextField meta={fields.effectiveFrom} label="Applies from" type="date" />
      <TextField meta={fields.min} label="Minimum (USD, optional)" inputMode="decimal" placeholder="33.58" />
      <TextField meta={fields.max} label="Maximum (USD, optional)" inputMode="decimal" placeholder="651.50" />
      <TextField meta={fields.source} label="Source" placeholder="CBP, 19 CFR 24.23, FY2027" />
    </AdminForm>
  );
}

function DutyForm({ lastResult, today }: { lastResult?: FormReply; today: string }) {
  const [form, fields] = useValidatedForm({
    id: "add-duty",
    schema: lazyAddDutyRateSchema,
    lastResult,
    defaultValue: { effectiveFrom: today },
  });
  return (
    <AdminForm formProps={getFormProps(form)} intent="add-duty" submit="Add duty rate">
      <TextField meta={fields.hsPrefix} label="HS prefix" inputMode="numeric" placeholder="6302.60" />
      <TextField meta={fields.ratePercent} label="General rate (%)" inputMode="decimal" placeholder="9.1" />
      <TextField meta={fields.effectiveFrom} label="Applies from" type="date" />
      <TextField meta={fields.description} label="Goods" />
      <div className="sm:col-span-2">
        <TextField meta={fields.source} label="Source" placeholder="USITC HTS 2026 Revision 1" />
      </div>
    </AdminForm>
  );
}

function AdditionalForm({ lastResult, today }: { lastResult?: FormReply; today: string }) {
  const [form, fields] = useValidatedForm({
    id: "add-additional",
    schema: lazyAddAdditionalDutySchema,
    lastResult,
    defaultValue: { effectiveFrom: today },
  });
  return (
    <AdminForm formProps={getFormProps(form)} intent="add-additional" submit="Add additional duty">
      <TextField meta={fields.description} label="Duty" placeholder="Reciprocal tariff on goods of India" />
      <TextField meta={fields.ratePercent} label="Rate (%)" inputMode="decimal" />
      <TextField meta={fields.effectiveFrom} label="Applies from" type="date" />
      <TextField meta={fields.hsPrefix} label="HS prefix (empty: every code)" inputMode="numeric" />
      <TextField
        meta={fields.excludedHsPrefixes}
        label="Excluded prefixes (comma-separated)"
        placeholder="72, 73, 8708"
      />
      <TextField meta={fields.source} label="Source" placeholder="Executive Order …" />
    </AdminForm>
  );
}

function PortSelect({
  meta,
  label,
  ports,
}: {
  meta: Parameters<typeof getSelectProps>[0];
  label: string;
  ports: { code: string; name: string }[];
}) {
  return (
    <Field id={meta.id} label={label} error={meta.errors?.[0]}>
      <Select {...getSelectProps(meta)}>
        {ports.map((p) => (
          <option key={p.code} value={p.code}>
            {p.code} — {p.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

function FreightForm({
  lastResult,
  today,
  indianPorts,
  usPorts,
}: {
  lastResult?: FormReply;
  today: string;
  indianPorts: { code: string; name: string }[];
  usPorts: { code: string; name: string }[];
}) {
  const [form, fields] = useValidatedForm({
    id: "add-freight",
    schema: lazyAddFreightRateSchema,
    lastResult,
    defaultValue: {
      originPort: "INNSA",
      destinationPort: "USNYC",
      mode: "ocean",
      containerPayloadKg: "26000",
      effectiveFrom: today,
    },
  });
  return (
    <AdminForm formProps={getFormProps(form)} intent="add-freight" submit="Add lane rate">
      <PortSelect meta={fields.originPort} label="From (India)" ports={indianPorts} />
      <PortSelect meta={fields.destinationPort} label="To (USA)" ports={usPorts} />
      <Field id={fields.mode.id} label="Mode" error={fields.mode.errors?.[0]}>
        <Select {...getSelectProps(fields.mode)}>
          <option value="ocean">Ocean</option>
          <option value="air">Air</option>
        </Select>
      </Field>
      <TextField meta={fields.perKg} label="Per kg (USD)" inputMode="decimal" placeholder="0.28" />
      <TextField meta={fields.perContainer} label="Per 40 ft container (USD)" inputMode="decimal" placeholder="4200" />
      <TextField meta={fields.containerPayloadKg} label="Container payload (kg)" inputMode="numeric" />
      <TextField meta={fields.transitDays} label="Transit (days)" inputMode="numeric" />
      <TextField meta={fields.effectiveFrom} label="Applies from" type="date" />
      <TextField meta={fields.source} label="Source" placeholder="Forwarder quote, Dec 2026" />
    </AdminForm>
  );
}

function ImportForm({ lastResult, today }: { lastResult?: FormReply; today: string }) {
  const [form, fields] = useValidatedForm({
    id: "import-hts",
    schema: lazyImportHtsSchema,
    lastResult,
    defaultValue: { effectiveFrom: today, source: "USITC HTS export" },
  });
  const fileError = lastResult?.error?.file?.[0];
  return (
    <AdminForm formProps={getFormProps(form)} intent="import-hts" submit="Import general rates" multipart>
      <div>
        <Label htmlFor="import-hts-file">HTS export (CSV or JSON, at most 5 MB)</Label>
        <input
          id="import-hts-file"
          name="file"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? "import-hts-file-error" : undefined}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
        />
        {fileError ? (
          <p id="import-hts-file-error" role="alert" className="mt-1 text-sm text-red-600">
            {fileError}
          </p>
        ) : null}
      </div>
      <TextField meta={fields.effectiveFrom} label="Rates apply from" type="date" />
      <TextField meta={fields.source} label="Source" />
    </AdminForm>
  );
}

function EndForm({ id, intent, today }: { id: string; intent: "end-duty" | "end-additional"; today: string }) {
  return (
    <Form method="post" className="flex items-end gap-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <div>
        <Label htmlFor={`end-${id}`} className="mb-0.5 text-xs">
          Ends on
        </Label>
        <Input id={`end-${id}`} name="effectiveTo" type="date" defaultValue={today} className="h-8 w-36 text-xs" />
      </div>
      <Button type="submit" size="sm" variant="outline">
        End
      </Button>
    </Form>
  );
}

export default function AdminTradeData({ loaderData, actionData }: Route.ComponentProps) {
  const { fees, duties, dutyCount, dutyFilter, extras, lanes, ports, today } = loaderData;
  const ad = actionData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Trade data</h1>
      <p className="mt-1 max-w-prose text-slate-600">
        The figures behind landed-cost estimates. Each change adds a row from a date, or ends a row; the row with the
        latest start on or before a day applies on that day, so past estimates keep their figures.
      </p>
      {ad ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {ad.message}
        </p>
      ) : null}

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">Fees: MPF, HMF and insurance</h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Fee rows by kind, newest first</caption>
            <thead>
              <tr>
                <th className={th}>Fee</th>
                <th className={th}>Rate</th>
                <th className={th}>Minimum</th>
                <th className={th}>Maximum</th>
                <th className={th}>Applies</th>
                <th className={th}>Source</th>
              </tr>
            </thead>
            <tbody>
              {fees.map((f) => (
                <tr key={f.id}>
                  <td className={td}>{FEE_LABELS[f.kind]}</td>
                  <td className={`${td} whitespace-nowrap tabular-nums`}>{formatPercent(f.ratePercent)}</td>
                  <td className={`${td} tabular-nums`}>{f.minCents === null ? "—" : formatMoney(f.minCents)}</td>
                  <td className={`${td} tabular-nums`}>{f.maxCents === null ? "—" : formatMoney(f.maxCents)}</td>
                  <td className={td}>
                    <Period from={f.effectiveFrom} to={f.effectiveTo} />
                  </td>
                  <td className={`${td} text-xs text-slate-600`}>{f.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3 className="mt-5 text-sm font-semibold">Add a fee row (for a new fiscal year or a changed rate)</h3>
        <FeeForm lastResult={replyFor(ad, "add-fee")} today={today} />
      </Card>

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">US duty rates (general, by HS prefix)</h2>
        <Form method="get" className="mt-3 flex items-end gap-2">
          <div>
            <Label htmlFor="hs-filter">Show prefixes starting with</Label>
            <Input
              id="hs-filter"
              name="hs"
              defaultValue={dutyFilter}
              inputMode="numeric"
              maxLength={12}
              className="w-40"
            />
          </div>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </Form>
        <p className="mt-2 text-xs text-slate-500">
          {dutyCount.toLocaleString("en-US")} {dutyCount === 1 ? "row" : "rows"}
          {dutyFilter ? ` under ${dutyFilter}` : ""}
          {dutyCount > duties.length ? `, the first ${duties.length} shown` : ""}.
        </p>
        <div className="mt-2 max-h-[28rem] overflow-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">General duty rates by HS prefix</caption>
            <thead>
              <tr>
                <th className={th}>HS prefix</th>
                <th className={th}>Goods</th>
                <th className={th}>Rate</th>
                <th className={th}>Applies</th>
                <th className={th}>Source</th>
                <th className={th}>
                  <span className="sr-only">End</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {duties.map((d) => (
                <tr key={d.id}>
                  <td className={`${td} font-mono`}>{d.hsPrefix}</td>
                  <td className={td}>{d.description}</td>
                  <td className={`${td} whitespace-nowrap tabular-nums`}>{formatPercent(d.ratePercent)}</td>
                  <td className={td}>
                    <Period from={d.effectiveFrom} to={d.effectiveTo} />
                  </td>
                  <td className={`${td} text-xs text-slate-600`}>
                    {d.source} (as of {formatDay(d.asOf)})
                  </td>
                  <td className={td}>{d.effectiveTo ? null : <EndForm id={d.id} intent="end-duty" today={today} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3 className="mt-5 text-sm font-semibold">Add a duty rate</h3>
        <DutyForm lastResult={replyFor(ad, "add-duty")} today={today} />
        <h3 className="mt-6 text-sm font-semibold">Import the USITC HTS export</h3>
        <p className="text-xs text-slate-500">
          The export of hts.usitc.gov as CSV or JSON (columns htsno, description, general). &ldquo;Free&rdquo; is 0 %;
          specific and compound rates are skipped and counted. Importing a file twice with one date changes nothing.
        </p>
        <ImportForm lastResult={replyFor(ad, "import-hts")} today={today} />
      </Card>

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">Additional duties on goods of India</h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Additional duties</caption>
            <thead>
              <tr>
                <th className={th}>Duty</th>
                <th className={th}>Rate</th>
                <th className={th}>Applies to</th>
                <th className={th}>Applies</th>
                <th className={th}>Source</th>
                <th className={th}>
                  <span className="sr-only">End</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {extras.map((x) => (
                <tr key={x.id}>
                  <td className={td}>{x.description}</td>
                  <td className={`${td} whitespace-nowrap tabular-nums`}>{formatPercent(x.ratePercent)}</td>
                  <td className={`${td} text-xs`}>
                    {x.hsPrefix ? `HS ${x.hsPrefix}` : "Every HS code"}
                    {x.excludedHsPrefixes.length > 0 ? (
                      <span className="block text-slate-500">except {x.excludedHsPrefixes.join(", ")}</span>
                    ) : null}
                  </td>
                  <td className={td}>
                    <Period from={x.effectiveFrom} to={x.effectiveTo} />
                  </td>
                  <td className={`${td} text-xs text-slate-600`}>{x.source}</td>
                  <td className={td}>
                    {x.effectiveTo ? <Badge>Ended</Badge> : <EndForm id={x.id} intent="end-additional" today={today} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3 className="mt-5 text-sm font-semibold">Add an additional duty</h3>
        <AdditionalForm lastResult={replyFor(ad, "add-additional")} today={today} />
      </Card>

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">Freight rates by lane</h2>
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">
            Show the {lanes.length} lane rates
          </summary>
          <div className="mt-2 max-h-[28rem] overflow-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Freight rates by lane</caption>
              <thead>
                <tr>
                  <th className={th}>Lane</th>
                  <th className={th}>Mode</th>
                  <th className={th}>Per kg</th>
                  <th className={th}>Per container</th>
                  <th className={th}>Transit</th>
                  <th className={th}>From</th>
                  <th className={th}>Source</th>
                </tr>
              </thead>
              <tbody>
                {lanes.map((l) => (
                  <tr key={l.id}>
                    <td className={`${td} font-mono text-xs`}>
                      {l.originPort} → {l.destinationPort}
                    </td>
                    <td className={td}>{l.mode}</td>
                    <td className={`${td} tabular-nums`}>{l.perKgCents === null ? "—" : formatMoney(l.perKgCents)}</td>
                    <td className={`${td} tabular-nums`}>
                      {l.perContainerCents === null
                        ? "—"
                        : `${formatMoney(l.perContainerCents)} (${l.containerPayloadKg?.toLocaleString("en-US")} kg)`}
                    </td>
                    <td className={td}>{l.transitDays} days</td>
                    <td className={td}>{formatDay(l.effectiveFrom)}</td>
                    <td className={`${td} text-xs text-slate-600`}>{l.source}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
        <h3 className="mt-5 text-sm font-semibold">Add a lane rate</h3>
        <FreightForm
          lastResult={replyFor(ad, "add-freight")}
          today={today}
          indianPorts={ports.filter((p) => p.country === "IN")}
          usPorts={ports.filter((p) => p.country === "US")}
        />
      </Card>
    </div>
  );
}
