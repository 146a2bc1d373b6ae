import { Flag } from "lucide-react";
import { data, Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { requireAdmin } from "~/modules/accounts/session.server";
import { LocalTime } from "~/modules/messaging/components/local-time";
import { MessageText } from "~/modules/messaging/components/message-text";
import { listReports, resolveReport } from "~/modules/messaging/messaging.server";
import { RESOLVE_REPORT_FIELDS, resolveReportSchema } from "~/modules/messaging/messaging.schema";
import { formValues, parseInput } from "~/lib/command-result";
import { appContext } from "~/request-context.server";
import { invariantResponse } from "~/lib/page-refusal";
import type { Route } from "./+types/admin.reports";

export function meta() {
  return [{ title: "Reported messages | Setu Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const admin = await requireAdmin(request, runtime);
  const reports = await listReports(runtime.db, admin);
  invariantResponse(reports);
  return { reports };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const admin = await requireAdmin(request, runtime);
  const form = await readFormData(request);
  const input = parseInput(resolveReportSchema, formValues(form, RESOLVE_REPORT_FIELDS));
  const result = input.ok ? await resolveReport(runtime.db, admin, input.value.reportId) : input;
  if (!result.ok) return data({ ok: false as const, message: result.message }, { status: result.status });
  return redirectWithFlash("/admin/reports", { type: "success", message: result.message });
}

export default function AdminReports({ loaderData, actionData }: Route.ComponentProps) {
  const { reports } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Reported messages</h1>
      <p className="mt-1 text-slate-600">Messages that buyers and suppliers reported, open ones first.</p>
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}
      {reports.length === 0 ? (
        <Card className="mt-6 p-10 text-center text-slate-600">
          <Flag className="mx-auto size-8 text-slate-400" aria-hidden />
          <p className="mt-2">No messages have been reported.</p>
        </Card>
      ) : (
        <ul className="mt-6 space-y-4">
          {reports.map((r) => (
            <li key={r.id}>
              <Card className="p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="text-sm text-slate-600">
                    <p>
                      <span className="font-semibold text-slate-900">{r.reporterCompany}</span> reported a message from{" "}
                      <span className="font-semibold text-slate-900">{r.senderCompany}</span>
                    </p>
                    <p className="text-xs text-slate-500">
                      Reported <LocalTime iso={r.createdAt} /> · sent <LocalTime iso={r.messageAt} />
                    </p>
                  </div>
                  <Badge tone={r.status === "open" ? "amber" : "grey"}>
                    {r.status === "open" ? "Open" : "Resolved"}
                  </Badge>
                </div>
                <h2 className="mt-3 text-sm font-semibold">Reason</h2>
                <div className="text-sm text-slate-800">
                  <MessageText text={r.reason} />
                </div>
                <h2 className="mt-3 text-sm font-semibold">Message</h2>
                <blockquote className="mt-1 max-h-48 overflow-y-auto rounded-md border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800">
                  <MessageText text={r.messageBody || "(attachment only)"} />
                </blockquote>
                {r.status === "open" ? (
                  <Form method="post" className="mt-4">
                    <input type="hidden" name="reportId" value={r.id} />
                    <Button type="submit" variant="outline" size="sm">
                      Mark resolved
                    </Button>
                  </Form>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
