import { formatDateTime } from "~/lib/dates";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { AlertTriangle, ArrowRight, CheckCircle2, FileText, Lock, XCircle } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Textarea } from "~/components/ui/field";
import { lazySchema, useValidatedForm, type FormReply } from "~/components/forms/validated-form";
import {
  VERIFICATION_DOCUMENT_ACCEPT,
  VERIFICATION_DOCUMENT_FIELDS,
  VERIFICATION_DOCUMENT_KINDS,
  MISSING_NUMBER_MESSAGE,
  VERIFICATION_DOCUMENT_LABELS,
  VERIFIED_DETAIL_FIELDS,
  type BusinessDetailField,
  type DetailChange,
  type NumberCheck,
  type VerificationDocumentKind,
} from "../business-details.schema";

const lazyBusinessDetailsSchema = lazySchema(() =>
  import("../business-details.schema").then((m) => ({ schema: m.businessDetailsSchema })),
);

/** The verification form's schema for the documents the last submission sent (one per set, so each loads once). */
const lazyVerificationSchemas = new Map<string, ReturnType<typeof lazyVerificationSchemaFor>>();
const lazyVerificationSchemaFor = (kept: readonly VerificationDocumentKind[]) =>
  lazySchema(() =>
    import("../business-details.schema").then((m) => ({
      schema: m.verificationSubmissionSchema(kept),
      read: m.readVerificationForm,
    })),
  );
function lazyVerificationSchema(kept: readonly VerificationDocumentKind[]) {
  const key = VERIFICATION_DOCUMENT_KINDS.filter((kind) => kept.includes(kind)).join(",");
  let lazy = lazyVerificationSchemas.get(key);
  if (!lazy) lazyVerificationSchemas.set(key, (lazy = lazyVerificationSchemaFor(kept)));
  return lazy;
}

export type BusinessDetailsValues = Partial<Record<BusinessDetailField, string | null>>;

type DocumentView = {
  id: string;
  kind: VerificationDocumentKind;
  label: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
};
type SubmissionView = {
  id: string;
  kind: "verification" | "change";
  status: "pending" | "verified" | "rejected";
  reason: string | null;
  submittedAt: string;
  decidedAt: string | null;
  numbers: NumberCheck[];
  documents: DocumentView[];
};

/** A link to a private verification document (the seller's own, or any for an administrator). */
export function DocumentLink({ document }: { document: DocumentView }) {
  return (
    <a
      href={`/verification-documents/${document.id}`}
      className="inline-flex items-center gap-1.5 text-sm text-brand-700 underline underline-offset-2 hover:text-brand-800"
      target="_blank"
      rel="noreferrer"
    >
      <FileText className="size-4 shrink-0" aria-hidden />
      <span className="break-words [overflow-wrap:anywhere]">
        {document.label}: {document.fileName}
      </span>
      <span className="text-xs text-slate-500">({Math.max(1, Math.round(document.sizeBytes / 1024))} KB)</span>
    </a>
  );
}

/** Each number with its format check, as the administrator and the seller read it. */
export function NumberChecks({ numbers }: { numbers: NumberCheck[] }) {
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-3">
      {numbers.map((n) => (
        <div key={n.label} className="min-w-0">
          <dt className="text-slate-500">{n.label}</dt>
          <dd className="font-mono font-medium break-words text-slate-900 [overflow-wrap:anywhere]">
            {n.value ?? "—"}
          </dd>
          <dd
            className={
              n.ok ? "flex items-start gap-1 text-xs text-green-700" : "flex items-start gap-1 text-xs text-red-700"
            }
          >
            {n.ok ? (
              <CheckCircle2 className="mt-px size-3.5 shrink-0" aria-hidden />
            ) : (
              <XCircle className="mt-px size-3.5 shrink-0" aria-hidden />
            )}
            <span>
              <span className="sr-only">{n.ok ? "Check passed: " : "Check failed: "}</span>
              {n.note}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Each verified detail a change request changes: the verified value → the requested one. */
export function DetailChanges({ changes }: { changes: DetailChange[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Requested changes: verified value, then requested value</caption>
      <thead className="text-xs text-slate-500">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Detail
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            Verified now
          </th>
          <th scope="col" className="py-1 font-medium">
            <span className="sr-only">becomes </span>Requested
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.field} className="border-t border-slate-200 align-top">
            <th scope="row" className="py-1.5 pr-3 font-medium text-slate-700">
              {c.label}
            </th>
            <td className="py-1.5 pr-3 break-words whitespace-pre-wrap text-slate-600 [overflow-wrap:anywhere]">
              {c.from ?? "—"}
            </td>
            <td className="py-1.5 break-words whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
              <span className="inline-flex items-start gap-1">
                <ArrowRight className="mt-0.5 size-3.5 shrink-0 text-slate-400" aria-hidden />
                <span className="font-medium">{c.to ?? "— (removed)"}</span>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type NumberFlag = {
  label: string;
  value: string;
  holders: { companyName: string; email: string; state: "verified" | "pending" | "saved"; href: string }[];
};
const HOLDER_STATE = {
  verified: "a verified supplier",
  pending: "waiting for review",
  saved: "saved in its details, not verified",
} as const;

/** The identity numbers another account holds, each with a link to that account's store (or its e-mail). */
export function NumberFlags({ flags }: { flags: NumberFlag[] }) {
  return (
    <div role="note" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <p className="flex items-center gap-1.5 font-medium">
        <AlertTriangle className="size-4 shrink-0" aria-hidden />
        Held by another account
      </p>
      <ul className="mt-1 space-y-1">
        {flags.map((f) =>
          f.holders.map((h) => (
            <li key={`${f.label}:${h.email}`} className="break-words [overflow-wrap:anywhere]">
              {f.label} <span className="font-mono">{f.value}</span> is also held by{" "}
              <a href={h.href} className="font-medium underline underline-offset-2">
                {h.companyName || h.email}
              </a>{" "}
              ({HOLDER_STATE[h.state]})
            </li>
          )),
        )}
      </ul>
    </div>
  );
}

const FIELD_META: {
  name: BusinessDetailField;
  label: string;
  hint?: string;
  wide?: boolean;
  type?: "date" | "textarea";
  autoComplete?: string;
}[] = [
  { name: "legalName", label: "Legal name of the business", wide: true, autoComplete: "organization" },
  { name: "registeredAddress", label: "Registered address", wide: true, type: "textarea" },
  { name: "gstin", label: "GSTIN", hint: "15 characters, e.g. 27AAPFU0939F1ZV" },
  { name: "iec", label: "IEC (Importer-Exporter Code)", hint: "10 characters, usually your PAN" },
  {
    name: "registrationNumber",
    label: "Company registration number (CIN or LLPIN)",
    hint: "e.g. U12345MH2010PTC123456 or AAB-1234",
    wide: true,
  },
  { name: "lutReference", label: "LUT reference (ARN)", hint: "Letter of Undertaking for exports without IGST" },
  { name: "lutValidUntil", label: "LUT valid until", type: "date" },
  { name: "bankAccountName", label: "Bank account holder" },
  { name: "bankName", label: "Bank name" },
  { name: "bankAccountNumber", label: "Bank account number", hint: "9 to 18 digits" },
  { name: "bankIfsc", label: "IFSC", hint: "e.g. HDFC0001234" },
  { name: "bankSwift", label: "SWIFT / BIC", hint: "8 or 11 characters, e.g. HDFCINBBXXX" },
];

/** The seller's registration, export and bank details: one Conform form, checked by the schema the server uses. */
export function BusinessDetailsForm({
  details,
  verified,
  lock,
  pendingChange,
  lastResult,
  busy,
  timeZone,
}: {
  /** the viewer's zone (root's loader) */
  timeZone: string;
  details: BusinessDetailsValues | null;
  /** the seller is verified: a change to the verified details is sent for review */
  verified: boolean;
  /** a submission waits: the verified details cannot change until it is decided */
  lock: "under-review" | "change-pending" | null;
  pendingChange: { submittedAt: string; changes: DetailChange[] } | null;
  lastResult: FormReply | undefined;
  busy: boolean;
}) {
  const locked = (name: BusinessDetailField) =>
    lock !== null && (VERIFIED_DETAIL_FIELDS as readonly string[]).includes(name);
  const [form, fields] = useValidatedForm({
    id: "business-details",
    schema: lazyBusinessDetailsSchema,
    lastResult,
    defaultValue: Object.fromEntries(FIELD_META.map((f) => [f.name, details?.[f.name] ?? ""])),
  });
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-lg font-semibold">Business details</h2>
      <p className="mt-1 text-sm text-slate-600">
        Your registration, export and bank details: verification checks the numbers, and export documents print them.
        Only you and Setu's administrators see them.
      </p>
      {pendingChange ? (
        <div
          role="status"
          className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <p className="font-medium">
            Change waiting for review (sent {formatDateTime(pendingChange.submittedAt, timeZone)})
          </p>
          <p className="mt-1">
            Until an administrator approves it, buyers, your Verified badge and your export documents keep your verified
            details below. You can change them again once it is decided.
          </p>
          <div className="mt-2 rounded bg-white/70 p-2">
            <DetailChanges changes={pendingChange.changes} />
          </div>
        </div>
      ) : lock === "under-review" ? (
        <p role="status" className="mt-3 flex gap-1.5 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          Your details are under review: legal name, address, registration numbers and bank account are locked until an
          administrator has decided.
        </p>
      ) : verified ? (
        <p className="mt-3 flex gap-1.5 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          Your legal name, address, registration numbers and bank account are verified. A change is sent to Setu for
          review: buyers and your export documents keep the verified details until it is approved.
        </p>
      ) : null}
      {form.errors?.[0] ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="business-details" />
        {FIELD_META.map((meta) => {
          const field = fields[meta.name];
          return (
            <div key={meta.name} className={meta.wide ? "sm:col-span-2" : undefined}>
              <Field
                id={field.id}
                label={meta.label}
                error={field.errors?.[0]}
                hint={locked(meta.name) ? "Locked while your request is reviewed" : meta.hint}
              >
                {meta.type === "textarea" ? (
                  <Textarea
                    {...getTextareaProps(field)}
                    rows={3}
                    autoComplete="street-address"
                    readOnly={locked(meta.name)}
                    className={locked(meta.name) ? "read-only:bg-slate-100 read-only:text-slate-600" : undefined}
                  />
                ) : (
                  <Input
                    {...getInputProps(field, { type: meta.type ?? "text" })}
                    autoComplete={meta.autoComplete ?? "off"}
                    spellCheck={false}
                    readOnly={locked(meta.name)}
                    className={locked(meta.name) ? "read-only:bg-slate-100 read-only:text-slate-600" : undefined}
                  />
                )}
              </Field>
            </div>
          );
        })}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            Save Business Details
          </Button>
        </div>
      </Form>
    </Card>
  );
}

const STATUS_LABEL = { pending: "Waiting for review", verified: "Approved", rejected: "Rejected" } as const;
const STATUS_TONE = { pending: "amber", verified: "green", rejected: "red" } as const;

/**
 * Verification with evidence: the state, the reason of a rejection, the form that submits the saved numbers and the
 * three documents (a resubmission keeps any document not replaced), and the history of submissions. The documents
 * are one Conform form, checked by the schema the server reads them with (verificationSubmissionSchema); the numbers
 * missing in Business details are the server's `fieldErrors`.
 */
export function VerificationPanel({
  status,
  submissions,
  fieldErrors,
  message,
  lastResult,
  busy,
  timeZone,
}: {
  /** the viewer's zone (root's loader) */
  timeZone: string;
  status: "pending" | "verified" | "rejected";
  submissions: SubmissionView[];
  fieldErrors: Record<string, string>;
  message: string | null;
  lastResult: FormReply | undefined;
  busy: boolean;
}) {
  const latest = submissions[0];
  const [form, fields] = useValidatedForm({
    id: "verification",
    schema: lazyVerificationSchema(latest?.documents.map((d) => d.kind) ?? []),
    lastResult,
  });
  const waiting = latest?.status === "pending";
  const canSubmit = status !== "verified" && !waiting;
  const numberFields = ["legalName", "gstin", "iec", "registrationNumber"] as const;
  const missing = numberFields.filter((k) => fieldErrors[k] === MISSING_NUMBER_MESSAGE);
  const refusedNumbers = numberFields.filter((k) => fieldErrors[k] && fieldErrors[k] !== MISSING_NUMBER_MESSAGE);
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-lg font-semibold">Supplier verification</h2>
      {status === "verified" ? (
        <p className="mt-2 text-sm text-green-800">
          Your company is verified: buyers see the green Verified badge on your products, stores and quotes, and you can
          quote on RFQs open to verified suppliers only.
          {waiting && latest.kind === "change"
            ? " A change to your verified details is waiting for review (see Business details)."
            : ""}
        </p>
      ) : waiting ? (
        <p className="mt-2 text-sm text-amber-800">
          Submitted {formatDateTime(latest.submittedAt, timeZone)}: an administrator is reviewing your documents. You
          will be notified of the decision.
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          Buyers see "Unverified" beside your products and quotes until Setu has checked your GST registration, IEC and
          company registration. Save your numbers in Business details below, then upload the three documents (PDF or
          image, up to 10 MB each).
        </p>
      )}
      {latest?.status === "rejected" ? (
        <div role="status" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="font-medium">
            Your last submission was rejected
            {latest.decidedAt ? ` on ${formatDateTime(latest.decidedAt, timeZone)}` : ""}.
          </p>
          <p className="mt-1">
            Reason: <span className="whitespace-pre-wrap">{latest.reason}</span>
          </p>
          <p className="mt-1">Correct what it says and submit again.</p>
        </div>
      ) : null}
      {message ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {message}
        </p>
      ) : null}
      {canSubmit ? (
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 grid gap-4">
          <input type="hidden" name="intent" value="verification-submit" />
          {missing.length > 0 ? (
            <p className="text-sm text-red-700">
              Missing in Business details:{" "}
              {missing
                .map(
                  (k) =>
                    ({
                      legalName: "legal name",
                      gstin: "GSTIN",
                      iec: "IEC",
                      registrationNumber: "company registration number",
                    })[k],
                )
                .join(", ")}
              .
            </p>
          ) : null}
          {refusedNumbers.map((k) => (
            <p key={k} className="text-sm text-red-700">
              {fieldErrors[k]}
            </p>
          ))}
          {VERIFICATION_DOCUMENT_KINDS.map((kind) => {
            const field = fields[VERIFICATION_DOCUMENT_FIELDS[kind] as keyof typeof fields];
            const kept = latest?.documents.find((d) => d.kind === kind);
            return (
              <Field
                key={kind}
                id={field.id}
                label={VERIFICATION_DOCUMENT_LABELS[kind]}
                error={field.errors?.[0]}
                hint={kept ? `Leave empty to send ${kept.fileName} again` : "PDF or image, up to 10 MB"}
              >
                <input
                  {...getInputProps(field, { type: "file" })}
                  accept={VERIFICATION_DOCUMENT_ACCEPT}
                  className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-50"
                />
              </Field>
            );
          })}
          <div>
            <Button type="submit" disabled={busy}>
              {latest ? "Resubmit for Verification" : "Submit for Verification"}
            </Button>
          </div>
        </Form>
      ) : null}
      {submissions.length > 0 ? (
        <section className="mt-6" aria-labelledby="verification-history">
          <h3 id="verification-history" className="text-sm font-semibold text-slate-900">
            Submissions
          </h3>
          <ol className="mt-2 space-y-3">
            {submissions.map((s) => (
              <li key={s.id} className="rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge tone={STATUS_TONE[s.status]}>{STATUS_LABEL[s.status]}</Badge>
                  {s.kind === "change" ? <Badge tone="grey">Change of details</Badge> : null}
                  <span className="text-slate-600">Submitted {formatDateTime(s.submittedAt, timeZone)}</span>
                  {s.decidedAt ? (
                    <span className="text-slate-600">· decided {formatDateTime(s.decidedAt, timeZone)}</span>
                  ) : null}
                </div>
                {s.reason ? <p className="mt-1 text-sm text-slate-700">Reason: {s.reason}</p> : null}
                <ul className="mt-2 space-y-1">
                  {s.documents.map((d) => (
                    <li key={d.id}>
                      <DocumentLink document={d} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </Card>
  );
}
