import { ShoppingCart } from "lucide-react";
import { data, Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { redirectWithFlash } from "~/lib/flash.server";
import { readFormData } from "~/lib/form-data.server";
import { formatUsdCents } from "~/lib/money";
import { requireUser, requireUserPage } from "~/modules/accounts/session.server";
import { allowedOrderActions, ORDER_STATUS_LABEL } from "~/modules/orders/orders.schema";
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
  const result = await updateOrderStatus(context.get(appContext).runtime.db, user, String(form.get("orderId") ?? ""), String(form.get("action") ?? ""), context.get(appContext).runtime.notifier);
  if (result.ok) return redirectWithFlash("/orders", { type: "success", message: result.message });
  return data(result, { status: result.status });
}

const TONE = { placed: "blue", shipped: "amber", received: "green", cancelled: "grey" } as const;
const ACTION_LABEL = { ship: "Mark as shipped", receive: "Mark as received", cancel: "Cancel order" } as const;

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders } = loaderData;
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
                {allowedOrderActions(order).length > 0 ? (
                  <div className="mt-4 flex flex-wrap gap-2">
                    {allowedOrderActions(order).map((action) => (
                      <Form method="post" key={action}>
                        <input type="hidden" name="orderId" value={order.id} />
                        <Button type="submit" name="action" value={action} size="sm" variant={action === "cancel" ? "outline" : "primary"}>
                          {ACTION_LABEL[action]}
                        </Button>
                      </Form>
                    ))}
                  </div>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
