import { formatDateTime } from "~/lib/dates";
import { useLocale, useTimeZone } from "~/components/layout/use-root-user";
import { Bell, CheckCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { answer } from "~/i18n/feedback.server";
import { localeOf } from "~/i18n/i18next.server";
import { parseTimestamp } from "~/lib/date-range";
import { isUuid } from "~/lib/uuid";
import { formValues, parseInput } from "~/lib/command-result";
import { notificationActionSchema } from "~/modules/notifications/notifications.schema";
import { requireUser, requireUserPage } from "~/modules/accounts/session.server";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/modules/notifications/notifications.server";
import { cn } from "~/components/ui/cn";
import { invariantResponse } from "~/lib/page-refusal";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/notifications";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";
import { appContext } from "~/request-context.server";

export function meta() {
  return [{ name: "description", content: "Quotes, orders and messages that need your attention." }];
}

/** `before`: `{ISO time}_{id}` of the last notification of the previous page. */
function parseBefore(value: string | null) {
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_([0-9a-f-]{36})$/i.exec(value ?? "");
  // a time outside the shared date range is no cursor (year 0 parses in JavaScript, not in PostgreSQL)
  const createdAt = match && isUuid(match[2]!) ? parseTimestamp(match[1]!) : null;
  return createdAt ? { createdAt, id: match![2]! } : undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUserPage(request, runtime);
  const before = parseBefore(new URL(request.url).searchParams.get("before"));
  const page = await listNotifications(runtime.db, user.id, before, localeOf(context));
  return {
    items: page.items.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    next: page.next ? `${page.next.createdAt.toISOString()}_${page.next.id}` : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUser(request, runtime);
  const input = parseInput(notificationActionSchema, formValues(await readFormData(request), ["intent", "id"]));
  if (!input.ok) return answer(context, { message: input.message }, { status: input.status });
  if (input.value.intent === "open") {
    const href = await markNotificationRead(runtime.db, user.id, input.value.id);
    // another user's notification and none at all look the same
    invariantResponse(href);
    return new Response(null, { status: 303, headers: { Location: href } });
  }
  const marked = await markAllNotificationsRead(runtime.db, user.id);
  return redirectWithFlash("/notifications", {
    type: "success",
    message: marked ? "All notifications marked as read" : "No unread notifications",
  });
}

export const handle = { i18n: ["notifications"] } satisfies I18nHandle;

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["notifications", "common"]);
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { items, next } = loaderData;
  const navigation = useNavigation();
  const unread = items.some((n) => !n.read);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageTitle text="common:nav.notifications" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">{t("common:nav.notifications")}</h1>
          <p className="mt-1 text-slate-600">{t("notifications:intro")}</p>
        </div>
        {unread ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" variant="outline" disabled={navigation.state === "submitting"}>
              <CheckCheck className="size-4" aria-hidden /> {t("notifications:markAllRead")}
            </Button>
          </Form>
        ) : null}
      </div>
      {actionData?.message ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}
      {items.length === 0 ? (
        <Card className="mt-6 p-12 text-center">
          <Bell className="mx-auto size-10 text-slate-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">{t("notifications:empty.title")}</h2>
          <p className="mt-1 text-sm text-slate-600">{t("notifications:empty.text")}</p>
          <ButtonLink to="/rfqs" variant="outline" className="mt-4">
            {t("common:footer.browseRfqs")}
          </ButtonLink>
        </Card>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {items.map((n) => (
            <li key={n.id} className={cn("flex gap-3 p-4", !n.read && "bg-blue-50/50")}>
              <span
                className={cn("mt-2 size-2 shrink-0 rounded-full", n.read ? "bg-transparent" : "bg-brand-600")}
                aria-hidden
              />
              <div className="min-w-0 flex-1">
                <Form method="post">
                  <input type="hidden" name="intent" value="open" />
                  <input type="hidden" name="id" value={n.id} />
                  <button
                    type="submit"
                    className="text-left font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {n.title}
                    {!n.read ? <span className="sr-only">{t("notifications:unread")}</span> : null}
                  </button>
                </Form>
                <p className="mt-0.5 text-sm text-slate-600">{n.body}</p>
                <p className="mt-1 text-xs text-slate-500">
                  <time dateTime={n.createdAt}>{formatDateTime(n.createdAt, timeZone, locale)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {next ? (
        <div className="mt-6 text-center">
          <Link
            to={`/notifications?before=${encodeURIComponent(next)}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {t("notifications:older")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
