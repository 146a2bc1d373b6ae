import { useTimeZone } from "~/components/layout/use-root-user";
import { Inbox, MessageSquare } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { redirectWithFlash, safeRedirectPath } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { getSessionUser, requireUserPage } from "~/modules/accounts/session.server";
import { LocalTime } from "~/modules/messaging/components/local-time";
import { liftBlockSchema, openConversationSchema, type InboxFilter } from "~/modules/messaging/messaging.schema";
import { formValues, parseInput } from "~/lib/command-result";
import type { I18nHandle } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { liftBlock, listBlockedUsers } from "~/modules/messaging/blocks.server";
import { listInbox, openConversation } from "~/modules/messaging/messaging.server";
import { conversationSubjects } from "~/modules/conversation-subjects/conversation-subjects.server";
import { appContext } from "~/request-context.server";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/messages";

export function meta() {
  return [{ name: "description", content: "Your conversations with buyers and suppliers." }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUserPage(request, runtime);
  const search = new URL(request.url).searchParams;
  const filter: InboxFilter = search.get("filter") === "needs-reply" ? "needs-reply" : "all";
  const [page, blocked] = await Promise.all([
    listInbox(runtime.db, conversationSubjects, user, { filter, cursor: search.get("cursor") }),
    listBlockedUsers(runtime.db, user),
  ]);
  return { ...page, filter, paged: search.has("cursor"), blocked, side: blockSide(user.profile) };
}

/**
 * "Contact …" buttons post here: open (or start) the conversation about the subject and go to it. The blocked
 * users' list posts "unblock" here too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const form = await readFormData(request);
  const from = safeRedirectPath(formValues(form, ["from"]).from || null, "/messages");
  const viewer = await getSessionUser(request, runtime);
  if (!viewer?.profile) throw redirect(`/auth?redirectTo=${encodeURIComponent(from)}`);
  if (formValues(form, ["intent"]).intent === "unblock") {
    const lift = parseInput(liftBlockSchema, formValues(form, ["intent", "userId"]));
    const result = lift.ok ? await liftBlock(runtime.db, viewer, lift.value.userId) : lift;
    return redirectWithFlash("/messages", { type: result.ok ? "success" : "error", message: result.message });
  }
  const input = parseInput(openConversationSchema, formValues(form, ["subjectType", "subjectId", "counterpartId"]));
  // the button's page says why, as it does for the command's refusals
  if (!input.ok) return redirectWithFlash(from, { type: "error", message: input.message });
  const result = await openConversation(
    runtime.db,
    conversationSubjects,
    { ...viewer, profile: viewer.profile },
    input.value,
  );
  if (!result.ok) return redirectWithFlash(from, { type: "error", message: result.message });
  return redirect(`/messages/${result.value.id}`);
}

const FILTERS = [
  { value: "all", label: "messages:inbox.all", href: "/messages" },
  { value: "needs-reply", label: "messages:inbox.needsReply", href: "/messages?filter=needs-reply" },
] as const satisfies { value: InboxFilter; label: string; href: string }[];

export const handle = { i18n: ["messages"] } satisfies I18nHandle;

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["messages"]);
  const { items, next, filter, paged, blocked, side } = loaderData;
  const timeZone = useTimeZone();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("messages:inbox.title")}</h1>
      <p className="mt-1 text-slate-600">{t("messages:inbox.intro")}</p>
      <nav aria-label={t("messages:inbox.filters")} className="mt-6 flex gap-1 border-b border-slate-200">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={f.href}
            aria-current={filter === f.value ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600",
              filter === f.value
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {t(f.label)}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <Card className="mt-6 px-6 py-12 text-center">
          {filter === "needs-reply" ? (
            <Inbox className="mx-auto size-10 text-slate-400" aria-hidden />
          ) : (
            <MessageSquare className="mx-auto size-10 text-slate-400" aria-hidden />
          )}
          <h2 className="mt-3 text-lg font-semibold">
            {filter === "needs-reply"
              ? t("messages:inbox.caughtUp")
              : paged
                ? t("messages:inbox.noOlder")
                : t("messages:inbox.none")}
          </h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
            {filter === "needs-reply" ? t("messages:inbox.noneWaiting") : t("messages:inbox.noneHelp")}
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-2">
            {filter === "needs-reply" ? (
              <ButtonLink to="/messages" variant="outline">
                {t("messages:inbox.seeAll")}
              </ButtonLink>
            ) : (
              <>
                <ButtonLink to="/browse">{t("messages:inbox.browseProducts")}</ButtonLink>
                <ButtonLink to="/rfqs" variant="outline">
                  {t("messages:inbox.browseRfqs")}
                </ButtonLink>
              </>
            )}
          </div>
        </Card>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
          {items.map((item) => (
            <li key={item.id} className={cn("relative", item.unread && "bg-blue-50/60")}>
              <Link
                to={`/messages/${item.id}`}
                className="flex gap-3 px-4 py-3.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
              >
                <span
                  className={cn("mt-2 size-2.5 shrink-0 rounded-full", item.unread ? "bg-brand-600" : "bg-transparent")}
                  aria-hidden
                />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-3">
                    <span className={cn("truncate text-slate-900", item.unread ? "font-semibold" : "font-medium")}>
                      {item.counterpartCompany}
                      {item.unread ? <span className="sr-only">{t("messages:inbox.unread")}</span> : null}
                    </span>
                    <LocalTime
                      timeZone={timeZone}
                      iso={item.lastMessageAt}
                      compact
                      className="shrink-0 text-xs text-slate-500"
                    />
                  </span>
                  <span className="mt-0.5 block truncate text-sm text-slate-700">
                    <span className="font-medium text-slate-500">
                      {t("messages:inbox.subjectLine", { subject: t(`messages:subject.${item.subject.type}`) })}
                    </span>{" "}
                    {item.subject.title}
                  </span>
                  <span
                    className={cn("mt-0.5 block truncate text-sm", item.unread ? "text-slate-900" : "text-slate-600")}
                  >
                    {item.lastFromMe ? t("messages:inbox.you") : ""}
                    {item.preview}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {next ? (
        <div className="mt-6 text-center">
          <Link
            to={`/messages?${new URLSearchParams({ ...(filter === "needs-reply" ? { filter } : {}), cursor: next })}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {t("messages:inbox.older")}
          </Link>
        </div>
      ) : null}
      <BlockedUsers blocked={blocked} side={side} />
      <PageTitle text="common:nav.messages" />
    </div>
  );
}

type BlockedUser = Route.ComponentProps["loaderData"]["blocked"][number];

/** The users the viewer blocked, each with its own "Unblock" button (issue 38: blocks seen and lifted on one page). */
/** Whom an account blocks: suppliers if it only buys, buyers if it only sells, anyone if it does both. */
function blockSide(profile: { isBuyer: boolean; isSeller: boolean }): "buyer" | "seller" | "both" {
  return profile.isBuyer && profile.isSeller ? "both" : profile.isSeller ? "seller" : "buyer";
}

function BlockedUsers({ blocked, side }: { blocked: BlockedUser[]; side: "buyer" | "seller" | "both" }) {
  const { t } = useTranslation(["messages"]);
  const title =
    side === "buyer"
      ? t("messages:blocked.titleBuyer")
      : side === "seller"
        ? t("messages:blocked.titleSeller")
        : t("messages:blocked.titleBoth");
  const timeZone = useTimeZone();
  return (
    <section aria-labelledby="blocked-users" className="mt-10">
      <h2 id="blocked-users" className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {side === "buyer"
          ? t("messages:blocked.introBuyer")
          : side === "seller"
            ? t("messages:blocked.introSeller")
            : t("messages:blocked.introBoth")}
      </p>
      {blocked.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-500">
          {t("messages:blocked.none")}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
          {blocked.map((b) => (
            <li key={b.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">{b.companyName}</span>
                <span className="block text-xs text-slate-500">
                  {t("messages:blocked.blockedAt")} <LocalTime timeZone={timeZone} iso={b.blockedAt} compact />
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="unblock" />
                <input type="hidden" name="userId" value={b.userId} />
                <Button type="submit" variant="outline" size="sm">
                  {t("messages:blocked.unblock")}
                  <span className="sr-only"> {b.companyName}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
