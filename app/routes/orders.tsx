import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { ShoppingCart } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog, ConfirmPanel } from "~/components/ui/confirm-dialog";
import { Field, Input, Textarea } from "~/components/ui/field";
import { refusedFormReply, useValidatedForm, type FormReply } from "~/lib/validated-form";
import { redirectWithFlash } from "~/lib/flash.server";
import { readFormData } from "~/lib/form-data.server";
import { formatUsdCents } from "~/lib/money";
import { requireUser, requireUserPage } from "~/modules/accounts/session.server";
import { allowedOrderActions, ORDER_ACTION_CONFIRM, ORDER_STATUS_LABEL, orderActionSchema, type OrderAction, type OrderView } from "~/modules/orders/orders.schema";
import { listOrders, updateOrderStatus } from "~/modules/orders/orders.server";
import type { Route } from "./+types/orders";
import { appContext } from "~/request-context.server";

export function meta() {
  return [{ title: "Orders | Setu" }, { name: "description", content: "Your orders as buyer and seller." }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUserPage(request, context.get(appContext).runtime);
  return { orders: await listOrders(context.get(appContext).runtime.db, user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.get(appContext).runtime);
  const form = await readFormData(request);
  const input = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const result = await updateOrderStatus(context.get(appContext).runtime.db, user, input, context.get(appContext).runtime.notifier);
  if (result.ok) return redirectWithFlash("/orders", { type: "success", message: result.message });
  return data({ ...result, orderId: input.orderId ?? "", action: input.action ?? "", reply: refusedFormReply(result, form) }, { status: result.status });
}

const TONE = { placed: "blue", confirmed: "blue", declined: "grey", in_production: "amber", ready_to_ship: "amber", shipped: "amber", delivered: "green", completed: "green", cancelled: "grey", disputed: "amber" } as const;

/** The form an action asks for, checked by the same schema as the server: carrier and tracking, a reason, or nothing. */
function OrderActionForm({ order, action, reply }: { order: OrderView; action: OrderAction; reply?: FormReply | null }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm({ id: `order-${order.id}-${action}`, schema: orderActionSchema, lastResult: reply, defaultValue: { action, orderId: order.id } });
  const confirm = ORDER_ACTION_CONFIRM[action];
  const all = fields as unknown as Record<"carrier" | "trackingNumber" | "reason", Parameters<typeof getInputProps>[0]>;
  return (
    <Form method="post" action="/orders" {...getFormProps(form)} className="space-y-3" noValidate>
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="action" value={action} />
      {action === "ship" ? (
        <>
          <Field id={all.carrier.id} label="Carrier" error={all.carrier.errors?.[0]}>
            <Input {...getInputProps(all.carrier, { type: "text" })} placeholder="e.g. Maersk, DHL Express" autoComplete="off" required />
          </Field>
          <Field id={all.trackingNumber.id} label="Tracking or bill of lading number" error={all.trackingNumber.errors?.[0]}>
            <Input {...getInputProps(all.trackingNumber, { type: "text" })} autoComplete="off" required />
          </Field>
        </>
      ) : null}
      {action === "cancel" ? (
        <Field id={all.reason.id} label="Reason for cancelling" error={all.reason.errors?.[0]}>
          <Textarea {...getTextareaProps(all.reason)} rows={3} required />
        </Field>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <ButtonLink to="/orders" variant="outline" size="sm" preventScrollReset>
          Keep order as is
        </ButtonLink>
        <Button type="submit" size="sm" variant={action === "cancel" ? "danger" : "primary"} disabled={busy}>
          {confirm.submit}
        </Button>
      </div>
    </Form>
  );
}

function OrderActions({ order, refused }: { order: OrderView; refused: { orderId: string; action: string; reply: FormReply } | null }) {
  const [params] = useSearchParams();
  const actions = allowedOrderActions(order);
  const [open, setOpen] = useState<OrderAction | null>(null);
  // only an action this order offers: a refused post may name anything ("delete", "toString")
  const refusedHere = refused?.orderId === order.id ? (actions.find((a) => a === refused.action) ?? null) : null;
  // a refusal the server found keeps its dialog open, with the messages
  useEffect(() => setOpen(refusedHere), [refusedHere, refused]);
  if (actions.length === 0) return null;
  // without JavaScript, ?confirm=…&order=… asks the question on the page
  const asked = params.get("order") === order.id ? (actions.find((a) => a === params.get("confirm")) ?? null) : null;
  return (
    <>
      <div className="mt-4 flex flex-wrap gap-2">
        {actions.map((action) => {
          const confirm = ORDER_ACTION_CONFIRM[action];
          return (
            <ConfirmDialog
              key={action}
              label={confirm.label}
              title={confirm.title}
              consequence={confirm.consequence(order.role)}
              fallbackHref={`/orders?confirm=${action}&order=${order.id}`}
              variant={action === "cancel" ? "outline" : "primary"}
              open={open === action}
              onOpenChange={(next) => setOpen(next ? action : null)}
            >
              <OrderActionForm order={order} action={action} reply={refusedHere === action ? refused!.reply : null} />
            </ConfirmDialog>
          );
        })}
      </div>
      {asked || (refusedHere && !open) ? (
        <ConfirmPanel title={ORDER_ACTION_CONFIRM[(asked ?? refusedHere)!].title} consequence={ORDER_ACTION_CONFIRM[(asked ?? refusedHere)!].consequence(order.role)}>
          <OrderActionForm order={order} action={(asked ?? refusedHere)!} reply={refusedHere ? refused!.reply : null} />
        </ConfirmPanel>
      ) : null}
    </>
  );
}

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders } = loaderData;
  const refused = actionData && !actionData.ok && "reply" in actionData ? { orderId: actionData.orderId, action: actionData.action, reply: actionData.reply } : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Orders</h1>
      <p className="mt-1 text-slate-600">Orders you placed as a buyer and received as a seller.</p>
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}
      {orders.length === 0 ? (
        <Card className="mt-6 p-12 text-center">
          <ShoppingCart className="mx-auto size-10 text-slate-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">No orders yet</h2>
          <p className="mt-1 text-sm text-slate-600">Orders appear here when a buyer accepts a quote.</p>
          <ButtonLink to="/rfqs" variant="outline" className="mt-4">
            Browse RFQs
          </ButtonLink>
        </Card>
      ) : (
        <ul className="mt-6 space-y-4">
          {orders.map((order) => (
            <li key={order.id}>
              <Card className="p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <p className="text-xs uppercase tracking-wide text-slate-500">
                      {order.role === "buyer" ? "Purchase from" : "Sale to"} · Order {order.id.slice(0, 8).toUpperCase()}
                    </p>
                    <h2 className="text-lg font-semibold">{order.counterpartCompany}</h2>
                    {order.rfqId ? (
                      <Link to={`/rfqs/${order.rfqId}`} className="text-sm text-brand-700 underline">
                        {order.rfqTitle ?? "View RFQ"}
                      </Link>
                    ) : null}
                  </div>
                  <Badge tone={TONE[order.status]}>{ORDER_STATUS_LABEL[order.status]}</Badge>
                </div>
                <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-500">Amount</dt>
                    <dd className="text-lg font-bold tabular-nums">{formatUsdCents(order.totalCents)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Quantity</dt>
                    <dd className="font-semibold tabular-nums">
                      {order.quantity.toLocaleString("en-US")} {order.unit}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Unit price</dt>
                    <dd className="font-semibold tabular-nums">{formatUsdCents(order.unitPriceCents)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Placed</dt>
                    <dd>{new Date(order.createdAt).toLocaleDateString("en-US", { dateStyle: "medium" })}</dd>
                  </div>
                </dl>
                {order.status === "shipped" || order.status === "completed" ? (
                  order.carrier ? (
                    <p className="mt-3 text-sm text-slate-700">
                      Shipped with {order.carrier} · tracking number <span className="font-mono">{order.trackingNumber}</span>
                    </p>
                  ) : null
                ) : null}
                {order.status === "cancelled" && order.cancelReason ? (
                  <p className="mt-3 text-sm text-slate-700">
                    Cancelled by {order.cancelledByViewer ? "you" : order.role === "buyer" ? "the supplier" : "the buyer"}: {order.cancelReason}
                  </p>
                ) : null}
                <OrderActions order={order} refused={refused} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
