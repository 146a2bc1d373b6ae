import { formatDate } from "~/lib/dates";
import { useTimeZone } from "~/components/layout/use-root-user";
import { ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatMoney } from "~/lib/money";
import { requireUserPage } from "~/modules/accounts/session.server";
import { allowedOrderActions } from "~/modules/orders/orders-values";
import { ORDER_STATUS_LABEL, ORDER_STATUS_TONE } from "~/modules/orders/orders-values";
import { listOrders } from "~/modules/orders/orders.server";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/orders";
import { appContext } from "~/request-context.server";

export function meta() {
  return [{ name: "description", content: "Your orders as buyer and seller." }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUserPage(request, context.get(appContext).runtime);
  return { orders: await listOrders(context.get(appContext).runtime.db, user) };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone();
  const { orders } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Orders</h1>
      <p className="mt-1 text-slate-600">Orders you placed as a buyer and received as a seller.</p>
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
                      {order.role === "buyer" ? "Purchase from" : "Sale to"} · Order{" "}
                      {order.id.slice(0, 8).toUpperCase()}
                    </p>
                    <h2 className="text-lg font-semibold">
                      <Link to={`/orders/${order.id}`} className="block hover:underline">
                        {order.counterpartCompany}
                      </Link>
                    </h2>
                    {order.rfqId ? (
                      <Link to={`/rfqs/${order.rfqId}`} className="block text-sm text-brand-700 underline">
                        {order.rfqTitle ?? "View RFQ"}
                      </Link>
                    ) : null}
                  </div>
                  <Badge tone={ORDER_STATUS_TONE[order.status]}>{ORDER_STATUS_LABEL[order.status]}</Badge>
                </div>
                <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-500">Amount</dt>
                    <dd className="text-lg font-bold tabular-nums">{formatMoney(order.totalCents)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Quantity</dt>
                    <dd className="font-semibold tabular-nums">
                      {order.quantity.toLocaleString("en-US")} {order.unit}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Unit price</dt>
                    <dd className="font-semibold tabular-nums">{formatMoney(order.unitPriceCents)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">Placed</dt>
                    <dd>{formatDate(order.createdAt, timeZone)}</dd>
                  </div>
                </dl>
                {order.carrier ? (
                  <p className="mt-3 text-sm text-slate-700">
                    Shipped with {order.carrier} · bill of lading{" "}
                    <span className="font-mono">{order.billOfLading ?? order.trackingNumber}</span>
                  </p>
                ) : null}
                {(order.status === "cancelled" || order.status === "declined") && order.cancelReason ? (
                  <p className="mt-3 text-sm text-slate-700">
                    {order.status === "declined" ? "Declined" : "Cancelled"} by{" "}
                    {order.cancelledBy ?? (order.role === "buyer" ? "the supplier" : "the buyer")}: {order.cancelReason}
                  </p>
                ) : null}
                <div className="mt-4 flex flex-wrap items-center gap-3">
                  <ButtonLink
                    to={`/orders/${order.id}`}
                    size="sm"
                    variant={allowedOrderActions(order).length ? "primary" : "outline"}
                    aria-label={`View order ${order.id.slice(0, 8).toUpperCase()}`}
                  >
                    View order
                  </ButtonLink>
                  {allowedOrderActions(order).length ? (
                    <span className="text-sm text-amber-700">Action needed</span>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <PageTitle text="common:nav.orders" />
    </div>
  );
}
