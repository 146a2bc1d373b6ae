import { formatDate } from "~/lib/dates";
import { useLocale, useTimeZone } from "~/components/layout/use-root-user";
import { ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatMoney } from "~/lib/money";
import { requireUserPage } from "~/modules/accounts/session.server";
import { allowedOrderActions } from "~/modules/orders/orders-values";
import { ORDER_STATUS_TONE } from "~/modules/orders/orders-values";
import { useCancelledBy } from "~/modules/orders/components/use-order-texts";
import type { I18nHandle } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { formatNumber } from "~/lib/numbers";
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

export const handle = { i18n: ["orders"] } satisfies I18nHandle;

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["orders", "common"]);
  const timeZone = useTimeZone();
  const locale = useLocale();
  const ended = useCancelledBy();
  const { orders } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("orders:list.title")}</h1>
      <p className="mt-1 text-slate-600">{t("orders:list.intro")}</p>
      {orders.length === 0 ? (
        <Card className="mt-6 p-12 text-center">
          <ShoppingCart className="mx-auto size-10 text-slate-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">{t("orders:list.emptyTitle")}</h2>
          <p className="mt-1 text-sm text-slate-600">{t("orders:list.emptyText")}</p>
          <ButtonLink to="/rfqs" variant="outline" className="mt-4">
            {t("common:footer.browseRfqs")}
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
                      {t("orders:list.roleLine", {
                        role: t(`orders:role.${order.role}`),
                        number: order.id.slice(0, 8).toUpperCase(),
                      })}
                    </p>
                    <h2 className="text-lg font-semibold">
                      <Link to={`/orders/${order.id}`} className="block hover:underline">
                        {order.counterpartCompany}
                      </Link>
                    </h2>
                    {order.rfqId ? (
                      <Link to={`/rfqs/${order.rfqId}`} className="block text-sm text-brand-700 underline">
                        {order.rfqTitle ?? t("orders:list.viewRfq")}
                      </Link>
                    ) : null}
                  </div>
                  <Badge tone={ORDER_STATUS_TONE[order.status]}>{t(`orders:status.${order.status}`)}</Badge>
                </div>
                <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-500">{t("orders:list.amount")}</dt>
                    <dd className="text-lg font-bold tabular-nums">
                      {formatMoney(order.totalCents, "USD", { locale })}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">{t("orders:list.quantity")}</dt>
                    <dd className="font-semibold tabular-nums">
                      {formatNumber(order.quantity, locale)}{" "}
                      {t(`orders:units.${order.unit as "pieces"}`, { defaultValue: order.unit })}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">{t("orders:list.unitPrice")}</dt>
                    <dd className="font-semibold tabular-nums">
                      {formatMoney(order.unitPriceCents, "USD", { locale })}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">{t("orders:list.placed")}</dt>
                    <dd>{formatDate(order.createdAt, timeZone, "medium", locale)}</dd>
                  </div>
                </dl>
                {order.carrier ? (
                  <p className="mt-3 text-sm text-slate-700">
                    {t("orders:list.shippedWith", { carrier: order.carrier })}{" "}
                    <span className="font-mono">{order.billOfLading ?? order.trackingNumber}</span>
                  </p>
                ) : null}
                {(order.status === "cancelled" || order.status === "declined") && order.cancelReason ? (
                  <p className="mt-3 text-sm text-slate-700">{ended(order, order.cancelReason)}</p>
                ) : null}
                <div className="mt-4 flex flex-wrap items-center gap-3">
                  <ButtonLink
                    to={`/orders/${order.id}`}
                    size="sm"
                    variant={allowedOrderActions(order).length ? "primary" : "outline"}
                    aria-label={t("orders:list.viewOrderLabel", { number: order.id.slice(0, 8).toUpperCase() })}
                  >
                    {t("orders:list.viewOrder")}
                  </ButtonLink>
                  {allowedOrderActions(order).length ? (
                    <span className="text-sm text-amber-700">{t("orders:list.actionNeeded")}</span>
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
