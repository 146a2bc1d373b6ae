import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { ArrowLeft } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog, ConfirmPanel } from "~/components/ui/confirm-dialog";
import { Field, Input, Textarea } from "~/components/ui/field";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { formatMoney } from "~/lib/money";
import { formatCalendarDate, formatDateTime, timeZoneFromCookie } from "~/lib/dates";
import { formatRate } from "~/lib/money";
import { lazySchema, refusedFormReply, useValidatedForm, type FormReply } from "~/components/forms/validated-form";
import { requireUser, requireUserPage } from "~/modules/accounts/session.server";
import { postedFiles } from "~/modules/messaging/attachments.server";
import type { OrderAction, OrderDetail } from "~/modules/orders/orders.schema";
import {
  allowedOrderActions,
  ORDER_ACTION_CONFIRM,
  ORDER_STATUS_LABEL,
  ORDER_STATUS_TONE,
  ORDER_ACTIONS,
} from "~/modules/orders/orders-values";
import { getOrderDetail } from "~/modules/orders/orders.server";
import { updateOrderStatus } from "~/modules/order-flow/order-flow.server";
import { orderParty } from "~/modules/orders/order-party.server";
import { OrderDocuments } from "~/modules/order-documents/components/order-documents";
import { getOrderDocumentsPanel } from "~/modules/order-documents/order-documents.server";
import { ReviewItem } from "~/modules/reviews/components/review-item";
import { OrderReviewForm, ReviewReplyForm } from "~/modules/reviews/components/reviews";
import { getOrderReviewPanel, type OrderReviewPanel } from "~/modules/reviews/reviews.server";
import { openDispute, orderDisputes, type DisputeView } from "~/modules/payments/disputes.server";
import {
  DISPUTE_DECISION_LABEL,
  disputeConsequence,
  isEscrowed,
  isFundable,
  milestoneDueText,
  milestoneReleaseText,
  MILESTONE_STATE_LABEL,
  netDueDate,
  type MilestoneView,
} from "~/modules/payments/payments-values";
import { fundMilestone, listMilestones, recordLetterOfCredit } from "~/modules/payments/payments.server";
import { orderPageActionSchema, readOrderPageForm } from "~/modules/payments/payments.schema";
import { parseInput, type CommandRefusal } from "~/lib/command-result";
import { formatHtsCode, PAYMENT_TERMS_LABELS, type PaymentTerms } from "~/modules/trade/trade-terms-values";
import { appContext } from "~/request-context.server";
import { invariantResponse } from "~/lib/page-refusal";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/order-detail";

const lazyOrderActionSchema = lazySchema(() =>
  import("~/modules/orders/orders.schema").then((m) => ({ schema: m.orderActionSchema })),
);
const lazyOpenDisputeSchema = lazySchema(() =>
  import("~/modules/payments/payments.schema").then((m) => ({ schema: m.openDisputeSchema })),
);
const lazyFundMilestoneSchema = lazySchema(() =>
  import("~/modules/payments/payments.schema").then((m) => ({ schema: m.fundMilestoneSchema })),
);
const lazyRecordLetterOfCreditSchema = lazySchema(() =>
  import("~/modules/payments/payments.schema").then((m) => ({ schema: m.recordLetterOfCreditSchema })),
);

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUserPage(request, runtime);
  const order = await getOrderDetail(runtime.db, user, params.id);
  invariantResponse(order);
  const [milestones, disputes, documents, review] = await Promise.all([
    listMilestones(runtime.db, order.id),
    orderDisputes(runtime.db, order.id),
    getOrderDocumentsPanel(runtime.db, user, order.id),
    getOrderReviewPanel(runtime.db, user, order.id),
  ]);
  return {
    order,
    milestones,
    disputes,
    documents,
    review,
    timeZone: timeZoneFromCookie(request.headers.get("cookie")),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUser(request, runtime);
  const form = await readFormData(request);
  const here = `/orders/${params.id}`;
  const values = readOrderPageForm(form);
  const input = parseInput(orderPageActionSchema, values);
  const command = input.ok ? input.value : null;
  // who may post here is asked first: to someone not party to the order it is not there, whatever was posted
  const party = await orderParty(runtime.db, user, params.id);
  const result = !party
    ? ({ ok: false, status: 404, message: "Order not found", fieldErrors: {} } satisfies CommandRefusal)
    : !command
      ? (input as CommandRefusal)
      : command.intent === "fund"
        ? await fundMilestone(runtime.db, user, command, runtime.payments, runtime.jobs)
        : command.intent === "record_lc"
          ? await recordLetterOfCredit(runtime.db, user, command, runtime.notifier)
          : command.intent === "dispute"
            ? await openDispute(
                runtime.db,
                runtime.storage,
                user,
                { ...command, orderId: params.id, files: postedFiles(form.getAll("evidence")) },
                runtime.notifier,
              )
            : await updateOrderStatus(runtime.db, user, params.id, command, runtime.notifier);
  if (result.ok) return redirectWithFlash(here, { type: "success", message: result.message });
  // never echo the card number or security code back into the page
  const reply = refusedFormReply(result, form, { hideFields: ["cardNumber", "cvc"] });
  return data(
    {
      ok: false as const,
      message: result.message,
      intent: values.intent!,
      action: values.action ?? "",
      milestoneId: values.milestoneId ?? "",
      reply,
    },
    { status: result.status },
  );
}

const dateOnly = formatCalendarDate;

type Refused = { intent: string; action: string; milestoneId: string; reply: FormReply } | null;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The form an action asks for, checked by the same schema as the server. */
function TransitionForm({
  order,
  action,
  reply,
}: {
  order: OrderDetail;
  action: Exclude<OrderAction, "dispute">;
  reply: FormReply | null;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm({
    id: `order-${action}`,
    schema: lazyOrderActionSchema,
    lastResult: reply,
    defaultValue: { intent: "transition", action },
  });
  const all = fields as unknown as Record<
    | "carrier"
    | "vesselOrFlight"
    | "portOfDischarge"
    | "billOfLading"
    | "trackingUrl"
    | "estimatedArrival"
    | "reason"
    | "note",
    Parameters<typeof getInputProps>[0]
  >;
  const step = ORDER_ACTIONS[action];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" noValidate>
      <input type="hidden" name="intent" value="transition" />
      <input type="hidden" name="action" value={action} />
      {action === "ship" ? (
        <>
          <Field id={all.carrier.id} label="Carrier" error={all.carrier.errors?.[0]}>
            <Input
              {...getInputProps(all.carrier, { type: "text" })}
              placeholder="e.g. Maersk, DHL Express"
              autoComplete="off"
              required
            />
          </Field>
          <Field id={all.vesselOrFlight.id} label="Vessel and voyage, or flight" error={all.vesselOrFlight.errors?.[0]}>
            <Input
              {...getInputProps(all.vesselOrFlight, { type: "text" })}
              placeholder="e.g. Maersk Kinloss 447W, or AI 191"
              autoComplete="off"
              required
            />
          </Field>
          <Field id={all.portOfDischarge.id} label="US port of discharge" error={all.portOfDischarge.errors?.[0]}>
            <Input
              {...getInputProps(all.portOfDischarge, { type: "text" })}
              placeholder="e.g. New York/Newark (USNYC)"
              autoComplete="off"
              required
            />
          </Field>
          <Field
            id={all.billOfLading.id}
            label="Bill of lading or air waybill number"
            error={all.billOfLading.errors?.[0]}
          >
            <Input {...getInputProps(all.billOfLading, { type: "text" })} autoComplete="off" required />
          </Field>
          <Field id={all.trackingUrl.id} label="Tracking link (optional)" error={all.trackingUrl.errors?.[0]}>
            <Input {...getInputProps(all.trackingUrl, { type: "url" })} placeholder="https://" autoComplete="off" />
          </Field>
          <Field id={all.estimatedArrival.id} label="Estimated arrival" error={all.estimatedArrival.errors?.[0]}>
            <Input {...getInputProps(all.estimatedArrival, { type: "date" })} required />
          </Field>
        </>
      ) : step.fields.includes("reason") ? (
        <Field
          id={all.reason.id}
          label={action === "decline" ? "Reason for declining" : "Reason for cancelling"}
          error={all.reason.errors?.[0]}
        >
          <Textarea {...getTextareaProps(all.reason)} rows={3} required />
        </Field>
      ) : step.irreversible ? (
        <Field id={all.note.id} label="Note (optional)" error={all.note.errors?.[0]}>
          <Textarea {...getTextareaProps(all.note)} rows={2} />
        </Field>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {step.irreversible ? (
          <ButtonLink to={`/orders/${order.id}`} variant="outline" size="sm" preventScrollReset>
            Keep order as is
          </ButtonLink>
        ) : null}
        <Button
          type="submit"
          size="sm"
          variant={action === "cancel" || action === "decline" ? "danger" : "primary"}
          disabled={busy}
        >
          {step.irreversible ? ORDER_ACTION_CONFIRM[action].submit : step.label}
        </Button>
      </div>
    </Form>
  );
}

/** The buyer's dispute: a reason and evidence files (PDF or images). */
function DisputeForm({ order, reply }: { order: OrderDetail; reply: FormReply | null }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm({
    id: "order-dispute",
    schema: lazyOpenDisputeSchema,
    lastResult: reply,
    defaultValue: { intent: "dispute" },
  });
  const evidenceError = reply?.error?.evidence?.[0];
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-3" noValidate>
      <input type="hidden" name="intent" value="dispute" />
      <Field id={fields.reason.id} label="What is wrong with the order?" error={fields.reason.errors?.[0]}>
        <Textarea {...getTextareaProps(fields.reason)} rows={4} required />
      </Field>
      <Field
        id="order-dispute-evidence"
        label="Evidence (optional: up to 3 PDF or image files, 10 MB each)"
        error={evidenceError}
      >
        <input
          id="order-dispute-evidence"
          name="evidence"
          type="file"
          multiple
          accept="application/pdf,image/*"
          className="block w-full text-sm"
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <ButtonLink to={`/orders/${order.id}`} variant="outline" size="sm" preventScrollReset>
          Keep order as is
        </ButtonLink>
        <Button type="submit" size="sm" variant="danger" disabled={busy}>
          {ORDER_ACTION_CONFIRM.dispute.submit}
        </Button>
      </div>
    </Form>
  );
}

/** What the viewer is waiting for, or should do next, so the box is never silent. */
function nextStep(order: OrderDetail, milestones: MilestoneView[]): string | null {
  const buyer = order.role === "buyer";
  const due = milestones.filter(
    (m) => m.state === "awaiting_funds" && (m.condition === "on_confirmation" || m.condition === "letter_of_credit"),
  );
  switch (order.status) {
    case "placed":
      return buyer
        ? "Waiting for the supplier to confirm the order. You are told as soon as they do."
        : "Confirm or decline the order. The buyer pays by the payment schedule once you confirm.";
    case "confirmed":
      if (due.length > 0)
        return buyer
          ? "Make the first payment below: the supplier starts production once it is in place."
          : "Waiting for the buyer's first payment: production starts once it is in place.";
      return buyer
        ? "Waiting for the supplier to start production."
        : "The first payment is in place: start production.";
    case "in_production":
      return buyer ? "The supplier is producing your order." : "Mark the goods ready to ship when they are.";
    case "ready_to_ship":
      return buyer
        ? "The goods are ready: waiting for the supplier to ship them."
        : "Ship the goods and enter the bill of lading.";
    case "shipped":
      return buyer
        ? "The goods are on their way. Mark them delivered when they arrive; open a dispute if something is wrong."
        : "Waiting for the goods to arrive. Mark them delivered when the carrier confirms delivery.";
    case "delivered":
      return buyer
        ? "Inspect the goods: confirm receipt to complete the order, or open a dispute."
        : "Waiting for the buyer to inspect the goods. The order completes when they confirm, or by itself at the end of the inspection window.";
    case "disputed":
      return "A Setu administrator is reviewing the dispute. Both of you are told the decision.";
    default:
      return null;
  }
}

function OrderActions({
  order,
  milestones,
  refused,
}: {
  order: OrderDetail;
  milestones: MilestoneView[];
  refused: Refused;
}) {
  const [params] = useSearchParams();
  const actions = allowedOrderActions(order);
  const [open, setOpen] = useState<OrderAction | null>(null);
  const refusedHere = refused
    ? (actions.find((a) => a === (refused.intent === "dispute" ? "dispute" : refused.action)) ?? null)
    : null;
  useEffect(
    () => setOpen(refusedHere && ORDER_ACTIONS[refusedHere].irreversible ? refusedHere : null),
    [refusedHere, refused],
  );
  const next = nextStep(order, milestones);
  const consequence = (action: OrderAction) =>
    action === "dispute"
      ? disputeConsequence(milestones, formatMoney)
      : ORDER_ACTION_CONFIRM[action].consequence(order.role);
  if (actions.length === 0)
    return <p className="text-sm text-slate-600">{next ?? "Nothing for you to do on this order now."}</p>;
  const asked = actions.find((a) => a === params.get("confirm")) ?? null;
  const panel = asked ?? (refusedHere && ORDER_ACTIONS[refusedHere].irreversible && !open ? refusedHere : null);
  const formFor = (action: OrderAction, reply: FormReply | null) =>
    action === "dispute" ? (
      <DisputeForm order={order} reply={reply} />
    ) : (
      <TransitionForm order={order} action={action} reply={reply} />
    );
  return (
    <>
      {next ? <p className="mb-3 text-sm text-slate-700">{next}</p> : null}
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => {
          const step = ORDER_ACTIONS[action];
          if (!step.irreversible && action !== "dispute")
            return <div key={action}>{formFor(action, refusedHere === action ? refused!.reply : null)}</div>;
          const confirm = ORDER_ACTION_CONFIRM[action];
          return (
            <ConfirmDialog
              key={action}
              label={step.label}
              title={confirm.title}
              consequence={consequence(action)}
              fallbackHref={`/orders/${order.id}?confirm=${action}`}
              variant={action === "cancel" || action === "decline" || action === "dispute" ? "outline" : "primary"}
              open={open === action}
              onOpenChange={(next) => setOpen(next ? action : null)}
            >
              {formFor(action, refusedHere === action ? refused!.reply : null)}
            </ConfirmDialog>
          );
        })}
      </div>
      {panel ? (
        <ConfirmPanel title={ORDER_ACTION_CONFIRM[panel].title} consequence={consequence(panel)}>
          {formFor(panel, refusedHere === panel ? refused!.reply : null)}
        </ConfirmPanel>
      ) : null}
    </>
  );
}

/** The buyer's card form for one milestone; the simulator's test cards are named beside it. */
function FundForm({ milestone, reply }: { milestone: MilestoneView; reply: FormReply | null }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm({
    id: `fund-${milestone.id}`,
    schema: lazyFundMilestoneSchema,
    lastResult: reply,
    defaultValue: { intent: "fund", milestoneId: milestone.id },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value="fund" />
      <input type="hidden" name="milestoneId" value={milestone.id} />
      <div className="sm:col-span-2">
        <Field id={fields.cardholder.id} label="Name on card" error={fields.cardholder.errors?.[0]}>
          <Input {...getInputProps(fields.cardholder, { type: "text" })} autoComplete="cc-name" required />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field
          id={fields.cardNumber.id}
          label="Card number"
          error={fields.cardNumber.errors?.[0]}
          hint="Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined."
        >
          <Input
            {...getInputProps(fields.cardNumber, { type: "text" })}
            inputMode="numeric"
            autoComplete="cc-number"
            required
          />
        </Field>
      </div>
      <Field id={fields.expiry.id} label="Expiry (MM/YY)" error={fields.expiry.errors?.[0]}>
        <Input {...getInputProps(fields.expiry, { type: "text" })} autoComplete="cc-exp" placeholder="MM/YY" required />
      </Field>
      <Field id={fields.cvc.id} label="Security code" error={fields.cvc.errors?.[0]}>
        <Input {...getInputProps(fields.cvc, { type: "text" })} inputMode="numeric" autoComplete="cc-csc" required />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          Pay {formatMoney(milestone.amountCents)} into escrow
        </Button>
      </div>
    </Form>
  );
}

/** The buyer records the letter of credit that pays a milestone outside Setu. */
function LetterOfCreditForm({ milestone, reply }: { milestone: MilestoneView; reply: FormReply | null }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm({
    id: `lc-${milestone.id}`,
    schema: lazyRecordLetterOfCreditSchema,
    lastResult: reply,
    defaultValue: { intent: "record_lc", milestoneId: milestone.id },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3" noValidate>
      <input type="hidden" name="intent" value="record_lc" />
      <input type="hidden" name="milestoneId" value={milestone.id} />
      <Field
        id={fields.lcReference.id}
        label="Letter of credit: issuing bank and number"
        error={fields.lcReference.errors?.[0]}
        hint="For example: JPMorgan Chase, LC No. 0123456789. The supplier checks it with their bank."
      >
        <Input {...getInputProps(fields.lcReference, { type: "text" })} autoComplete="off" required />
      </Field>
      <Button type="submit" size="sm" disabled={busy}>
        Record letter of credit
      </Button>
    </Form>
  );
}

function Payments({
  order,
  milestones,
  refused,
}: {
  order: OrderDetail;
  milestones: MilestoneView[];
  refused: Refused;
}) {
  const fundable = isFundable(order.status);
  const totals = milestones.reduce(
    (a, m) => ({
      held: a.held + m.balance.held,
      released: a.released + m.balance.released,
      refunded: a.refunded + m.balance.refunded,
    }),
    { held: 0, released: 0, refunded: 0 },
  );
  const replyFor = (intent: string, m: MilestoneView) =>
    refused?.intent === intent && refused.milestoneId === m.id ? refused.reply : null;
  return (
    <Card className="p-5">
      <h2 id="payments" className="text-lg font-semibold">
        Payment schedule
      </h2>
      {milestones.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {order.status === "placed"
            ? "The payment schedule starts when the supplier confirms the order."
            : "No payments on this order."}
        </p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
            <div>
              <dt className="text-slate-500">Held in escrow</dt>
              <dd className="font-semibold tabular-nums" data-testid="escrow-held">
                {formatMoney(totals.held)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Released to supplier</dt>
              <dd className="font-semibold tabular-nums" data-testid="escrow-released">
                {formatMoney(totals.released)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Refunded to buyer</dt>
              <dd className="font-semibold tabular-nums" data-testid="escrow-refunded">
                {formatMoney(totals.refunded)}
              </dd>
            </div>
          </dl>
          <ol className="mt-4 space-y-3">
            {milestones.map((m) => {
              const dueOn = netDueDate(m, order.deliveredAt);
              const fundReply = replyFor("fund", m);
              return (
                <li
                  key={m.id}
                  className="rounded-md border border-slate-200 p-3"
                  data-milestone={m.position}
                  data-state={m.state}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-medium">{m.label}</p>
                      <p className="text-xs text-slate-600">
                        {milestoneDueText(m)}
                        {dueOn ? ` (by ${dateOnly(dueOn)})` : ""}.
                      </p>
                      <p className="text-xs text-slate-500">{milestoneReleaseText(m)}.</p>
                    </div>
                    <div className="text-right">
                      <p className="font-semibold tabular-nums">{formatMoney(m.amountCents)}</p>
                      <Badge
                        tone={
                          m.state === "held" || m.state === "released" || m.state === "off_platform"
                            ? "green"
                            : m.state === "awaiting_funds" || m.state === "processing"
                              ? "amber"
                              : "grey"
                        }
                      >
                        {!isEscrowed(m.condition) && m.state === "awaiting_funds"
                          ? "Awaiting letter of credit"
                          : MILESTONE_STATE_LABEL[m.state]}
                      </Badge>
                    </div>
                  </div>
                  {m.offPlatformReference ? (
                    <p className="mt-1 text-xs text-slate-600">Letter of credit: {m.offPlatformReference}</p>
                  ) : null}
                  {m.cardLast4 ? (
                    <p className="mt-1 text-xs text-slate-500">Paid by card ending {m.cardLast4}</p>
                  ) : null}
                  {m.state === "processing" ? (
                    <p className="mt-1 text-xs text-slate-600">
                      We are confirming this payment with the payment provider. This usually takes under a minute, and
                      this page updates by itself. Nothing is charged twice if you wait; if the payment did not reach
                      the provider, nothing is charged and you can pay again here.
                    </p>
                  ) : null}
                  {m.lastFailure && m.state === "awaiting_funds" && !fundReply ? (
                    <p className="mt-1 text-xs text-red-700">Last attempt: {m.lastFailure}</p>
                  ) : null}
                  {order.role === "buyer" && fundable && m.state === "awaiting_funds" ? (
                    isEscrowed(m.condition) ? (
                      <FundForm milestone={m} reply={fundReply} />
                    ) : ["confirmed", "in_production", "ready_to_ship"].includes(order.status) ? (
                      <LetterOfCreditForm milestone={m} reply={replyFor("record_lc", m)} />
                    ) : null
                  ) : null}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </Card>
  );
}

function Disputes({ order, disputes }: { order: OrderDetail; disputes: DisputeView[] }) {
  if (disputes.length === 0) return null;
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Dispute</h2>
      {disputes.map((d) => (
        <div key={d.id} className="mt-3 text-sm">
          <p className="whitespace-pre-line">{d.reason}</p>
          {d.evidence.length ? (
            <ul className="mt-2 list-inside list-disc">
              {d.evidence.map((file) => (
                <li key={file.id}>
                  <a className="text-brand-700 underline" href={`/orders/${order.id}/evidence/${file.id}`}>
                    {file.fileName}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-2 text-slate-600">
            {d.status === "open"
              ? "Open: a Setu administrator will decide."
              : `Decided: ${DISPUTE_DECISION_LABEL[d.decision!]}. ${d.decisionNote ?? ""}`}
          </p>
        </div>
      ))}
    </Card>
  );
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, milestones, disputes, documents, review, timeZone } = loaderData;
  const dateTime = (iso: string) => formatDateTime(iso, timeZone);
  const refused: Refused =
    actionData && !actionData.ok
      ? {
          intent: actionData.intent,
          action: actionData.action,
          milestoneId: actionData.milestoneId,
          reply: actionData.reply,
        }
      : null;
  const terms = order.paymentTerms
    ? PAYMENT_TERMS_LABELS[order.paymentTerms as PaymentTerms] +
      (order.paymentTermsOther ? ` (${order.paymentTermsOther})` : "")
    : "Not stated";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageTitle text="common:pageTitle.order" values={{ number: order.id.slice(0, 8).toUpperCase() }} />
      <Link to="/orders" className="inline-flex items-center gap-1 text-sm text-brand-700 underline">
        <ArrowLeft className="size-4" aria-hidden /> All orders
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs uppercase tracking-wide text-slate-500">
            {order.role === "buyer" ? "Purchase from" : "Sale to"}
          </p>
          <h1 className="text-2xl font-bold sm:text-3xl">
            Order {order.id.slice(0, 8).toUpperCase()} · {order.counterpartCompany}
          </h1>
        </div>
        <Badge tone={ORDER_STATUS_TONE[order.status]}>{ORDER_STATUS_LABEL[order.status]}</Badge>
      </div>
      {actionData && !actionData.ok && !(actionData.intent === "fund" && actionData.reply.error?.cardNumber) ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card className="p-5">
            <h2 className="text-lg font-semibold">What you can do</h2>
            <div className="mt-3">
              <OrderActions order={order} milestones={milestones} refused={refused} />
            </div>
          </Card>
          <Payments order={order} milestones={milestones} refused={refused} />
          <Disputes order={order} disputes={disputes} />
          <Card className="p-5">
            <h2 className="text-lg font-semibold">Timeline</h2>
            <ol className="mt-3 space-y-3 border-l border-slate-200 pl-4">
              {order.events.map((event) => (
                <li key={event.id} className="text-sm">
                  <p className="font-medium">{ORDER_STATUS_LABEL[event.toStatus]}</p>
                  <p className="text-slate-500">
                    {event.actorName} · <time dateTime={event.createdAt}>{dateTime(event.createdAt)}</time>
                  </p>
                  {event.note ? <p className="mt-1 whitespace-pre-line text-slate-700">{event.note}</p> : null}
                </li>
              ))}
            </ol>
          </Card>
          {documents ? <OrderDocuments {...documents} timeZone={timeZone} /> : null}
          {review ? <OrderReview panel={review} timeZone={timeZone} /> : null}
        </div>
        <div className="space-y-6">
          <Card className="p-5">
            <h2 className="text-lg font-semibold">Summary</h2>
            <dl className="mt-2 text-sm">
              <Row label="Buyer">{order.buyerCompany}</Row>
              <Row label="Supplier">{order.sellerCompany}</Row>
              {order.rfqId ? (
                <Row label="RFQ">
                  <Link to={`/rfqs/${order.rfqId}`} className="text-brand-700 underline">
                    {order.rfqTitle ?? "View RFQ"}
                  </Link>
                </Row>
              ) : null}
              <Row label="Quantity">
                <span className="tabular-nums">
                  {order.quantity.toLocaleString("en-US")} {order.unit}
                </span>
              </Row>
              <Row label="Unit price">
                <span className="tabular-nums">{formatMoney(order.unitPriceCents)}</span>
              </Row>
              <Row label="Total (USD)">
                <span className="tabular-nums">{formatMoney(order.totalCents)}</span>
              </Row>
              {order.currency === "INR" && order.totalMinor !== null ? (
                <Row label="Total (INR)">
                  <span className="tabular-nums">{formatMoney(order.totalMinor, "INR")}</span>
                  {order.fxInrPerUsd ? (
                    <span className="block text-xs font-normal text-slate-500">
                      at {formatRate(order.fxInrPerUsd)} per US$
                      {order.fxRateDate ? ` (${dateOnly(order.fxRateDate)})` : ""}
                    </span>
                  ) : null}
                </Row>
              ) : null}
              <Row label="Incoterm">
                {order.incoterm
                  ? `${order.incoterm}${order.incotermPlace ? ` ${order.incotermPlace}` : ""}`
                  : "Not stated"}
              </Row>
              <Row label="Payment terms">{terms}</Row>
              <Row label="Lead time">{order.leadTimeDays ? `${order.leadTimeDays} days` : "Not stated"}</Row>
              <Row label={order.hsCode?.length === 10 ? "HTSUS code" : "HS code"}>
                {order.hsCode ? formatHtsCode(order.hsCode) : "Not stated"}
              </Row>
              {order.goodsDescription || order.material ? (
                <Row label="Goods">{[order.goodsDescription, order.material].filter(Boolean).join(", ")}</Row>
              ) : null}
              {order.shipToAddress ? (
                <Row label="Ship to">
                  <span className="whitespace-pre-line">{`${order.shipToName ?? ""}\n${order.shipToAddress}`}</span>
                </Row>
              ) : null}
              {order.notifyParty ? (
                <Row label="Notify party">
                  <span className="whitespace-pre-line">{order.notifyParty}</span>
                </Row>
              ) : null}
              <Row label="Placed">{dateTime(order.createdAt)}</Row>
            </dl>
          </Card>
          <Card className="p-5">
            <h2 className="text-lg font-semibold">Shipment</h2>
            {order.carrier || order.billOfLading ? (
              <dl className="mt-2 text-sm">
                <Row label="Carrier">{order.carrier ?? "—"}</Row>
                {order.vesselOrFlight ? <Row label="Vessel / flight">{order.vesselOrFlight}</Row> : null}
                {order.portOfDischarge ? <Row label="Port of discharge">{order.portOfDischarge}</Row> : null}
                <Row label="Bill of lading / AWB">
                  <span className="font-mono">{order.billOfLading ?? order.trackingNumber ?? "—"}</span>
                </Row>
                {order.trackingUrl ? (
                  <Row label="Tracking">
                    <a
                      href={order.trackingUrl}
                      className="text-brand-700 underline"
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                    >
                      Track shipment
                    </a>
                  </Row>
                ) : null}
                {order.estimatedArrival ? (
                  <Row label="Estimated arrival">{dateOnly(order.estimatedArrival)}</Row>
                ) : null}
                {order.deliveredAt ? <Row label="Delivered">{dateTime(order.deliveredAt)}</Row> : null}
                {order.completedAt ? <Row label="Completed">{dateTime(order.completedAt)}</Row> : null}
              </dl>
            ) : (
              <p className="mt-2 text-sm text-slate-600">Not shipped yet.</p>
            )}
            {order.cancelReason && (order.status === "cancelled" || order.status === "declined") ? (
              <p className="mt-3 text-sm text-slate-700">
                {order.status === "declined" ? "Declined" : "Cancelled"} by{" "}
                {order.cancelledBy ?? (order.role === "buyer" ? "the supplier" : "the buyer")}: {order.cancelReason}
              </p>
            ) : null}
          </Card>
        </div>
      </div>
    </div>
  );
}

/** After completion the buyer rates the supplier here (once), and the supplier replies (once). */
function OrderReview({ panel, timeZone }: { panel: OrderReviewPanel; timeZone: string }) {
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Review</h2>
      <div className="mt-3">
        {panel.canReview ? (
          <OrderReviewForm orderId={panel.orderId} />
        ) : panel.review ? (
          <div className="-mx-4">
            <ReviewItem
              timeZone={timeZone}
              review={panel.review}
              supplierName="the supplier"
              reply={panel.canReply ? <ReviewReplyForm orderId={panel.orderId} /> : undefined}
            />
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            {panel.notYet ??
              (panel.role === "seller"
                ? "The buyer has not reviewed this order yet."
                : "This order cannot be reviewed.")}
          </p>
        )}
      </div>
    </Card>
  );
}
