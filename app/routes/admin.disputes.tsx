import { formatDate } from "~/lib/dates";
import { useTimeZone } from "~/components/layout/use-root-user";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Scale } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, LabelledOptions, Select, Textarea } from "~/components/ui/field";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { formatMoney } from "~/lib/money";
import { lazySchema, refusedFormReply, useValidatedForm, type FormReply } from "~/components/forms/validated-form";
import { requireAdmin } from "~/modules/accounts/session.server";
import { decideDispute, listOpenDisputes, type DisputeView } from "~/modules/payments/disputes.server";
import { DISPUTE_DECISION_LABEL, DISPUTE_DECISIONS } from "~/modules/payments/payments-values";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/admin.disputes";

const lazyDecideDisputeSchema = lazySchema(() =>
  import("~/modules/payments/payments.schema").then((m) => ({ schema: m.decideDisputeSchema })),
);

export function meta() {
  return [{ title: "Disputes | Setu Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const admin = await requireAdmin(request, runtime);
  return { disputes: await listOpenDisputes(runtime.db, admin) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const admin = await requireAdmin(request, runtime);
  const form = await readFormData(request);
  const input = Object.fromEntries(
    [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const result = await decideDispute(runtime.db, admin, input, runtime.notifier);
  if (result.ok) return redirectWithFlash("/admin/disputes", { type: "success", message: result.message });
  return data(
    {
      ok: false as const,
      message: result.message,
      disputeId: input.disputeId ?? "",
      reply: refusedFormReply(result, form),
    },
    { status: result.status },
  );
}

function DecideForm({ dispute, reply }: { dispute: DisputeView; reply: FormReply | null }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm({
    id: `decide-${dispute.id}`,
    schema: lazyDecideDisputeSchema,
    lastResult: reply,
    defaultValue: { disputeId: dispute.id },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3 sm:grid-cols-2" noValidate>
      <input type="hidden" name="disputeId" value={dispute.id} />
      <Field id={fields.decision.id} label="Decision" error={fields.decision.errors?.[0]}>
        <Select {...getInputProps(fields.decision, { type: "text" })} required>
          <option value="">Choose…</option>
          <LabelledOptions values={DISPUTE_DECISIONS} labels={DISPUTE_DECISION_LABEL} />
        </Select>
      </Field>
      <Field
        id={fields.refundAmount.id}
        label="Refund for a partial refund (USD)"
        error={fields.refundAmount.errors?.[0]}
        hint={`At most ${formatMoney(dispute.heldCents)} (held)`}
      >
        <Input {...getInputProps(fields.refundAmount, { type: "text" })} inputMode="decimal" />
      </Field>
      <Field
        id={fields.settlementAmount.id}
        label="Settled outside Setu (USD)"
        error={fields.settlementAmount.errors?.[0]}
        hint="For “Settled outside Setu”: what the parties agreed between them (recorded, not paid by Setu; 0 for none). Anything held is released to the supplier."
      >
        <Input {...getInputProps(fields.settlementAmount, { type: "text" })} inputMode="decimal" />
      </Field>
      <div className="sm:col-span-2">
        <Field id={fields.note.id} label="Note to both parties" error={fields.note.errors?.[0]}>
          <Textarea {...getTextareaProps(fields.note)} rows={2} required />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          Decide dispute
        </Button>
      </div>
    </Form>
  );
}

export default function AdminDisputes({ loaderData, actionData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const refused = actionData && !actionData.ok ? actionData : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Open disputes</h1>
      <p className="mt-1 text-slate-600">
        Decide what happens to the funds held in escrow: release, a refund of up to what is held, or a settlement the
        parties reached outside Setu (recorded). Both parties are told.
      </p>
      {refused ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {refused.message}
        </p>
      ) : null}
      {loaderData.disputes.length === 0 ? (
        <Card className="mt-6 p-12 text-center">
          <Scale className="mx-auto size-10 text-slate-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">No open disputes</h2>
        </Card>
      ) : (
        <ul className="mt-6 space-y-4">
          {loaderData.disputes.map((dispute) => (
            <li key={dispute.id}>
              <Card className="p-5">
                <p className="text-xs uppercase tracking-wide text-slate-500">
                  Order {dispute.orderId.slice(0, 8).toUpperCase()} · opened {formatDate(dispute.createdAt, timeZone)}
                </p>
                <h2 className="text-lg font-semibold">
                  {dispute.buyerCompany} v. {dispute.sellerCompany}
                </h2>
                {dispute.orderTitle ? <p className="text-sm text-slate-600">{dispute.orderTitle}</p> : null}
                <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="text-slate-500">Order total</dt>
                    <dd className="font-semibold tabular-nums">{formatMoney(dispute.totalCents)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Held in escrow</dt>
                    <dd className="font-semibold tabular-nums">{formatMoney(dispute.heldCents)}</dd>
                  </div>
                </dl>
                <h3 className="mt-3 text-sm font-semibold">Buyer&apos;s reason</h3>
                <p className="whitespace-pre-line text-sm text-slate-700">{dispute.reason}</p>
                {dispute.evidence.length ? (
                  <>
                    <h3 className="mt-3 text-sm font-semibold">Evidence</h3>
                    <ul className="list-inside list-disc text-sm">
                      {dispute.evidence.map((file) => (
                        <li key={file.id}>
                          <Link
                            className="text-brand-700 underline"
                            to={`/orders/${dispute.orderId}/evidence/${file.id}`}
                            reloadDocument
                          >
                            {file.fileName}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
                <DecideForm dispute={dispute} reply={refused?.disputeId === dispute.id ? refused.reply : null} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
