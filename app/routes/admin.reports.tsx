import { useTimeZone } from "~/components/layout/use-root-user";
import { Flag } from "lucide-react";
import { data, Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { LocalTime } from "~/modules/messaging/components/local-time";
import { MessageText } from "~/modules/messaging/components/message-text";
import { listReportGroups, resolveReport, resolveReportGroup } from "~/modules/messaging/messaging.server";
import { conversationSubjects } from "~/modules/conversation-subjects/conversation-subjects.server";
import { REPORT_LIST_STATUSES, RESOLVE_REPORT_FIELDS, resolveReportSchema } from "~/modules/messaging/messaging.schema";
import { formValues, parseInput } from "~/lib/command-result";
import { appContext } from "~/request-context.server";
import { invariantResponse } from "~/lib/page-refusal";
import type { Route } from "./+types/admin.reports";

export function meta() {
  return [{ title: "Reported messages | Setu Admin" }, { name: "robots", content: "noindex" }];
}

type Status = (typeof REPORT_LIST_STATUSES)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const admin = await requireAdmin(request, runtime);
  const search = new URL(request.url).searchParams;
  const status: Status = search.get("status") === "resolved" ? "resolved" : "open";
  const page = await listReportGroups(runtime.db, conversationSubjects, admin, {
    status,
    cursor: search.get("cursor"),
  });
  invariantResponse(page);
  return { ...page, status, paged: search.has("cursor") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const admin = await requireAdmin(request, runtime);
  const form = await readFormData(request);
  const input = parseInput(resolveReportSchema, formValues(form, RESOLVE_REPORT_FIELDS));
  const result = !input.ok
    ? input
    : "reportedUserId" in input.value
      ? await resolveReportGroup(runtime.db, admin, input.value.reportedUserId, input.value.through)
      : await resolveReport(runtime.db, admin, input.value.reportId);
  if (!result.ok) return data({ ok: false as const, message: result.message }, { status: result.status });
  // back to the page the administrator was on (its filter and place in the list)
  const back = new URL(request.url);
  return redirectWithFlash(`/admin/reports${back.search}`, { type: "success", message: result.message });
}

const FILTERS: Array<{ value: Status; label: string; href: string }> = [
  { value: "open", label: "Open", href: "/admin/reports" },
  { value: "resolved", label: "Resolved", href: "/admin/reports?status=resolved" },
];

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, next, status, paged } = loaderData;
  const timeZone = useTimeZone();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Reported messages</h1>
      <p className="mt-1 text-slate-600">
        Messages that buyers and suppliers reported, grouped by the member reported, newest reports first.
      </p>
      <nav aria-label="Reports" className="mt-6 flex gap-1 border-b border-slate-200">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={f.href}
            aria-current={status === f.value ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600",
              status === f.value
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}
      {groups.length === 0 ? (
        <Card className="mt-6 p-10 text-center text-slate-600">
          <Flag className="mx-auto size-8 text-slate-400" aria-hidden />
          <p className="mt-2">
            {paged
              ? "No more reports."
              : status === "open"
                ? "No messages have been reported."
                : "No reports have been resolved yet."}
          </p>
        </Card>
      ) : (
        <ul className="mt-6 space-y-4">
          {groups.map((g) => (
            <li key={g.reportedUserId}>
              <Card className="p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h2 className="text-lg font-semibold text-slate-900">{g.reportedCompany}</h2>
                    <p className="text-sm text-slate-700">
                      {count(g.reports, "report", "reports")} from {count(g.reporters, "member", "members")} in{" "}
                      {count(g.conversations, "conversation", "conversations")}
                    </p>
                    <p className="text-xs text-slate-500">
                      Newest <LocalTime timeZone={timeZone} iso={g.newestAt} />
                      {g.reports > 1 ? (
                        <>
                          {" "}
                          · oldest <LocalTime timeZone={timeZone} iso={g.oldestAt} />
                        </>
                      ) : null}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <Badge tone={status === "open" ? "amber" : "grey"}>{status === "open" ? "Open" : "Resolved"}</Badge>
                    {status === "open" ? <ResolveGroup group={g} /> : null}
                  </div>
                </div>
                <details className="group mt-3" open={g.reports <= 3 ? true : undefined}>
                  <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">
                    Reasons and messages
                  </summary>
                  <div className="mt-3 space-y-4">
                    {g.shown.map((talk) => (
                      <section
                        key={talk.conversationId}
                        aria-label={`Reports by ${talk.reporterCompany}`}
                        className="rounded-md border border-slate-200 p-4"
                      >
                        <p className="text-sm text-slate-600">
                          <span className="font-semibold text-slate-900">{talk.reporterCompany}</span> reported{" "}
                          {count(talk.reports, "message", "messages")} in the conversation about{" "}
                          <span className="font-medium text-slate-900">{talk.subject.title}</span>
                        </p>
                        <ol className="mt-2 space-y-3">
                          {talk.samples.map((r) => (
                            <li key={r.id} className="border-t border-slate-100 pt-3 first:border-t-0 first:pt-0">
                              <p className="text-xs text-slate-500">
                                Reported <LocalTime timeZone={timeZone} iso={r.createdAt} /> · sent{" "}
                                <LocalTime timeZone={timeZone} iso={r.messageAt} />
                              </p>
                              <h3 className="mt-1 text-sm font-semibold">Reason</h3>
                              <div className="text-sm text-slate-800">
                                <MessageText text={r.reason} />
                              </div>
                              <h3 className="mt-2 text-sm font-semibold">Message</h3>
                              <blockquote className="mt-1 max-h-48 overflow-y-auto rounded-md border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800">
                                <MessageText text={r.messageBody || "(attachment only)"} />
                              </blockquote>
                              {r.status === "open" && g.reports > 1 ? (
                                <Form method="post" className="mt-2">
                                  <input type="hidden" name="reportId" value={r.id} />
                                  <Button type="submit" variant="outline" size="sm">
                                    Mark resolved
                                  </Button>
                                </Form>
                              ) : null}
                            </li>
                          ))}
                        </ol>
                        {talk.reports > talk.samples.length ? (
                          <p className="mt-3 text-xs text-slate-500">
                            and {count(talk.reports - talk.samples.length, "earlier report", "earlier reports")} in this
                            conversation (the oldest <LocalTime timeZone={timeZone} iso={talk.oldestAt} />)
                          </p>
                        ) : null}
                      </section>
                    ))}
                    {g.conversations > g.shown.length ? (
                      <p className="text-xs text-slate-500">
                        and reports in{" "}
                        {count(g.conversations - g.shown.length, "other conversation", "other conversations")}
                      </p>
                    ) : null}
                  </div>
                </details>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {next || paged ? (
        <nav aria-label="More reports" className="mt-6 flex justify-center gap-6 text-sm">
          {paged ? (
            <Link
              to={status === "open" ? "/admin/reports" : "/admin/reports?status=resolved"}
              className="font-medium text-brand-700 hover:underline"
            >
              Newest reports
            </Link>
          ) : null}
          {next ? (
            <Link
              to={`/admin/reports?${new URLSearchParams({ ...(status === "resolved" ? { status } : {}), cursor: next })}`}
              className="font-medium text-brand-700 hover:underline"
            >
              Older reports
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** A group's button: one report is resolved by its id; a larger group, all its reports up to the newest shown. */
function ResolveGroup({ group }: { group: Route.ComponentProps["loaderData"]["groups"][number] }) {
  const only = group.reports === 1 ? group.shown[0]?.samples[0] : undefined;
  return (
    <Form method="post">
      {only ? (
        <input type="hidden" name="reportId" value={only.id} />
      ) : (
        <>
          <input type="hidden" name="reportedUserId" value={group.reportedUserId} />
          <input type="hidden" name="through" value={group.through} />
        </>
      )}
      <Button type="submit" size="sm" variant={only ? "outline" : "primary"}>
        {only ? "Mark resolved" : `Resolve all ${group.reports.toLocaleString("en-US")}`}
      </Button>
    </Form>
  );
}
