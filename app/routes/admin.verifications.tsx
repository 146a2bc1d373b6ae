import { formatDate, formatDateTime } from "~/lib/dates";
import { useTimeZone } from "~/components/layout/use-root-user";
import { getFormProps, getInputProps } from "@conform-to/react";
import { data, Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/field";
import { readFormData } from "~/http/form-data.server";
import { redirectWithFlash } from "~/http/flash.server";
import { lazySchema, refusedFormReply, useValidatedForm, type FormReply } from "~/components/forms/validated-form";

import {
  DetailChanges,
  DocumentLink,
  NumberChecks,
  NumberFlags,
} from "~/modules/accounts/components/seller-verification";
import { changeRequestDecisionSchema, verificationDecisionSchema } from "~/modules/accounts/accounts.schema";
import { requireAdmin } from "~/modules/accounts/session.server";
import { formValues, parseInput } from "~/lib/command-result";
import {
  decideChangeRequest,
  decideVerification,
  listPendingVerifications,
} from "~/modules/accounts/verification.server";
import { noticeDocumentsIssuedUnderEarlierDetails } from "~/modules/order-documents/order-documents.server";
import type { Route } from "./+types/admin.verifications";
import { appContext } from "~/request-context.server";
import { sellerStoresForAccounts } from "~/modules/stores/store-owner.server";
import type { I18nHandle } from "~/i18n/config";

const lazyRejectionSchema = lazySchema(() =>
  import("~/modules/accounts/accounts.schema").then((m) => ({ schema: m.rejectionSchema })),
);

export function meta() {
  return [{ title: "Verifications | Setu Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context.get(appContext).runtime);
  return {
    pending: await listPendingVerifications(context.get(appContext).runtime.db, admin, sellerStoresForAccounts),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const admin = await requireAdmin(request, runtime);
  const form = await readFormData(request);
  let result;
  if (form.has("requestId")) {
    // a verified seller's change request: an approval tells the parties of documents issued under the earlier details
    const input = parseInput(changeRequestDecisionSchema, formValues(form, ["requestId", "decision", "reason"]));
    result = input.ok
      ? await decideChangeRequest(runtime.db, admin, input.value, runtime.notifier, (tx, change) =>
          noticeDocumentsIssuedUnderEarlierDetails(tx, runtime.notifier, change),
        )
      : input;
  } else {
    const input = parseInput(verificationDecisionSchema, formValues(form, ["profileId", "decision", "reason"]));
    result = input.ok
      ? await decideVerification(runtime.db, admin, input.value, runtime.notifier, sellerStoresForAccounts)
      : input;
  }
  if (result.ok) return redirectWithFlash("/admin/verifications", { type: "success", message: result.message });
  return data(
    {
      ok: false as const,
      message: result.message,
      profileId: String(form.get("requestId") ?? form.get("profileId") ?? ""),
      reply: refusedFormReply(result, form),
    },
    { status: 400 },
  );
}

/** Reject, with the reason the user will read: checked in the browser by the reason's schema the decision's reuses. */
function RejectForm({
  name,
  id,
  companyName,
  lastResult,
}: {
  /** the hidden field that names what is decided: a profile, or a change request */
  name: "profileId" | "requestId";
  id: string;
  companyName: string;
  lastResult: FormReply | undefined;
}) {
  const [form, fields] = useValidatedForm({ id: `reject-${id}`, schema: lazyRejectionSchema, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-2" noValidate>
      <input type="hidden" name={name} value={id} />
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
        aria-label={name === "requestId" ? `Reject the change of ${companyName}` : `Reject ${companyName}`}
      >
        Reject
      </Button>
    </Form>
  );
}

type Entry = Route.ComponentProps["loaderData"]["pending"][number];

/** A verified seller's request to change its verified details: each changed detail, verified → requested. */
function ChangeRequestCard({ p, lastResult }: { p: Entry; lastResult: FormReply | undefined }) {
  const timeZone = useTimeZone();
  const request = p.changeRequest!;
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold">{p.companyName}</h3>
          <p className="text-sm break-words text-slate-600">
            {p.fullName} · {p.email} {p.phone ? `· ${p.phone}` : ""}
          </p>
          <p className="text-xs text-slate-500">
            {p.submission ? `Requested ${formatDateTime(p.submission.submittedAt, timeZone)}` : ""}
            {p.rejectedBefore > 0
              ? ` · ${p.rejectedBefore} earlier change${p.rejectedBefore === 1 ? "" : "s"} rejected`
              : ""}
          </p>
        </div>
        <div className="flex gap-2">
          <Badge tone="green">Verified</Badge>
          <Badge tone="amber">Change request</Badge>
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-700">
        The supplier stays verified on its current details, and its documents print them, until you approve this change.
      </p>
      <div className="mt-3 space-y-3 rounded-md bg-slate-50 p-4">
        <DetailChanges changes={request.changes} />
        {p.numberFlags.length > 0 ? <NumberFlags flags={p.numberFlags} /> : null}
        {p.submission ? <NumberChecks numbers={p.submission.numbers} /> : null}
      </div>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <Form method="post" className="sm:mt-[1.625rem]">
          <input type="hidden" name="requestId" value={request.id} />
          <Button type="submit" name="decision" value="verified">
            {`Approve the change of ${p.companyName}`}
          </Button>
        </Form>
        <RejectForm name="requestId" id={request.id} companyName={p.companyName} lastResult={lastResult} />
      </div>
    </Card>
  );
}

function FirstVerificationCard({ p, lastResult }: { p: Entry; lastResult: FormReply | undefined }) {
  const timeZone = useTimeZone();
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold">{p.companyName || "(no company name yet)"}</h3>
          <p className="text-sm break-words text-slate-600">
            {p.fullName} · {p.email} {p.phone ? `· ${p.phone}` : ""}
          </p>
          <p className="text-xs text-slate-500">
            Joined {formatDate(p.createdAt, timeZone)}
            {p.submission ? ` · submitted ${formatDateTime(p.submission.submittedAt, timeZone)}` : ""}
            {p.rejectedBefore > 0
              ? ` · rejected ${p.rejectedBefore} time${p.rejectedBefore === 1 ? "" : "s"} before`
              : ""}
          </p>
        </div>
        <Badge tone={p.isSeller ? "blue" : "grey"}>
          {p.isSeller && p.isBuyer ? "seller and buyer" : p.isSeller ? "seller" : "buyer"}
        </Badge>
      </div>
      {p.isSeller ? (
        p.submission ? (
          <div className="mt-4 space-y-3 rounded-md bg-slate-50 p-4">
            {p.numberFlags.length > 0 ? <NumberFlags flags={p.numberFlags} /> : null}
            <NumberChecks numbers={p.submission.numbers} />
            <div>
              <h4 className="text-sm font-medium text-slate-900">Documents</h4>
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
        <RejectForm name="profileId" id={p.id} companyName={p.companyName} lastResult={lastResult} />
      </div>
    </Card>
  );
}

// the document links and the requested changes (seller-verification.tsx) are in `verification`
export const handle = { i18n: ["verification"] } satisfies I18nHandle;

export default function Verifications({ loaderData, actionData }: Route.ComponentProps) {
  const changes = loaderData.pending.filter((p) => p.changeRequest);
  const firsts = loaderData.pending.filter((p) => !p.changeRequest);
  const lastResult = (id: string) => (actionData?.profileId === id ? actionData.reply : undefined);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Pending verifications</h1>
      <p className="mt-1 text-slate-600">
        Review verified suppliers' changes and new buyers and suppliers, oldest first. Check a supplier's numbers
        against its documents before approving.
      </p>
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}
      {changes.length > 0 ? (
        <section className="mt-6" aria-labelledby="change-requests">
          <h2 id="change-requests" className="text-xl font-semibold">
            Change requests <span className="text-base font-normal text-slate-500">({changes.length})</span>
          </h2>
          <ul className="mt-3 space-y-4">
            {changes.map((p) => (
              <li key={p.changeRequest!.id}>
                <ChangeRequestCard p={p} lastResult={lastResult(p.changeRequest!.id)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mt-6" aria-labelledby="first-verifications">
        <h2 id="first-verifications" className="text-xl font-semibold">
          First verifications <span className="text-base font-normal text-slate-500">({firsts.length})</span>
        </h2>
        {firsts.length === 0 ? (
          <Card className="mt-3 p-10 text-center text-slate-600">No profiles are waiting for verification.</Card>
        ) : (
          <ul className="mt-3 space-y-4">
            {firsts.map((p) => (
              <li key={p.id}>
                <FirstVerificationCard p={p} lastResult={lastResult(p.id)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
