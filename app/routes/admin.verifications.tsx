import { getFormProps, getInputProps } from "@conform-to/react";
import { data, Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/field";
import { readFormData } from "~/http/form-data.server";
import { redirectWithFlash } from "~/http/flash.server";
import { lazySchema, refusedFormReply, useValidatedForm, type FormReply } from "~/components/forms/validated-form";

import { DocumentLink, NumberChecks } from "~/modules/accounts/components/seller-verification";
import { verificationDecisionSchema } from "~/modules/accounts/accounts.schema";
import { requireAdmin } from "~/modules/accounts/session.server";
import { formValues, parseInput } from "~/lib/command-result";
import { decideVerification, listPendingVerifications } from "~/modules/accounts/verification.server";
import type { Route } from "./+types/admin.verifications";
import { appContext } from "~/request-context.server";

const lazyRejectionSchema = lazySchema(() =>
  import("~/modules/accounts/accounts.schema").then((m) => ({ schema: m.rejectionSchema })),
);

export function meta() {
  return [{ title: "Verifications | Setu Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context.get(appContext).runtime);
  return { pending: await listPendingVerifications(context.get(appContext).runtime.db, admin) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const admin = await requireAdmin(request, runtime);
  const form = await readFormData(request);
  const input = parseInput(verificationDecisionSchema, formValues(form, ["profileId", "decision", "reason"]));
  const result = input.ok ? await decideVerification(runtime.db, admin, input.value, runtime.notifier) : input;
  if (result.ok) return redirectWithFlash("/admin/verifications", { type: "success", message: result.message });
  return data(
    {
      ok: false as const,
      message: result.message,
      profileId: String(form.get("profileId") ?? ""),
      reply: refusedFormReply(result, form),
    },
    { status: 400 },
  );
}

/** Reject, with the reason the user will read: checked in the browser by the reason's schema the decision's reuses. */
function RejectForm({
  profileId,
  companyName,
  lastResult,
}: {
  profileId: string;
  companyName: string;
  lastResult: FormReply | undefined;
}) {
  const [form, fields] = useValidatedForm({ id: `reject-${profileId}`, schema: lazyRejectionSchema, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-2" noValidate>
      <input type="hidden" name="profileId" value={profileId} />
      <div className="w-full sm:w-72">
        <Field id={fields.reason.id} label="Rejection reason (the user reads it)" error={fields.reason.errors?.[0]}>
          <Input {...getInputProps(fields.reason, { type: "text" })} />
        </Field>
      </div>
      {/* level with the input, below its label */}
      <Button
        type="submit"
        name="decision"
        value="rejected"
        variant="danger"
        className="sm:mt-[1.625rem]"
        aria-label={`Reject ${companyName}`}
      >
        Reject
      </Button>
    </Form>
  );
}

export default function Verifications({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Pending verifications</h1>
      <p className="mt-1 text-slate-600">
        Review new buyers and suppliers, oldest first. Check a supplier's numbers against its documents before
        approving.
      </p>
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}
      {loaderData.pending.length === 0 ? (
        <Card className="mt-6 p-10 text-center text-slate-600">No profiles are waiting for verification.</Card>
      ) : (
        <ul className="mt-6 space-y-4">
          {loaderData.pending.map((p) => (
            <li key={p.id}>
              <Card className="p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="font-semibold">{p.companyName || "(no company name yet)"}</h2>
                    <p className="text-sm break-words text-slate-600">
                      {p.fullName} · {p.email} {p.phone ? `· ${p.phone}` : ""}
                    </p>
                    <p className="text-xs text-slate-500">
                      Joined {new Date(p.createdAt).toLocaleDateString("en-US", { dateStyle: "medium" })}
                      {p.submission
                        ? ` · submitted ${new Date(p.submission.submittedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}`
                        : ""}
                      {p.rejectedBefore > 0
                        ? ` · rejected ${p.rejectedBefore} time${p.rejectedBefore === 1 ? "" : "s"} before`
                        : ""}
                    </p>
                  </div>
                  <Badge tone={p.userType === "seller" ? "blue" : "grey"}>{p.userType}</Badge>
                </div>
                {p.userType === "seller" ? (
                  p.submission ? (
                    <div className="mt-4 space-y-3 rounded-md bg-slate-50 p-4">
                      <NumberChecks numbers={p.submission.numbers} />
                      <div>
                        <h3 className="text-sm font-medium text-slate-900">Documents</h3>
                        <ul className="mt-1 space-y-1">
                          {p.submission.documents.map((d) => (
                            <li key={d.id}>
                              <DocumentLink document={d} />
                            </li>
                          ))}
                        </ul>
                      </div>
                    </div>
                  ) : (
                    <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
                      No documents submitted yet: this supplier has not sent its GSTIN, IEC and registration for review.
                    </p>
                  )
                ) : null}
                <div className="mt-4 flex flex-wrap items-start gap-3">
                  <Form method="post" className="sm:mt-[1.625rem]">
                    <input type="hidden" name="profileId" value={p.id} />
                    <Button type="submit" name="decision" value="verified">
                      {`Verify ${p.companyName}`}
                    </Button>
                  </Form>
                  <RejectForm
                    profileId={p.id}
                    companyName={p.companyName}
                    lastResult={actionData?.profileId === p.id ? actionData.reply : undefined}
                  />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
