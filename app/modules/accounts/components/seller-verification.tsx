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
  VERIFIED_DETAIL_FIELDS,
  type BusinessDetailField,
  type DetailChange,
  type NumberCheck,
  type VerificationDocumentKind,
} from "../business-details.schema";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale } from "~/components/layout/use-root-user";

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
  const { t } = useTranslation(["verification"]);
  return (
    <a
      href={`/verification-documents/${document.id}`}
      className="inline-flex items-center gap-1.5 text-sm text-brand-700 underline underline-offset-2 hover:text-brand-800"
      target="_blank"
      rel="noreferrer"
    >
      <FileText className="size-4 shrink-0" aria-hidden />
      <span className="break-words [overflow-wrap:anywhere]">
        {t(`verification:documents.${document.kind}`)}: {document.fileName}
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
  const { t } = useTranslation(["verification"]);
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{t("verification:changes.caption")}</caption>
      <thead className="text-xs text-slate-500">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            {t("verification:changes.detail")}
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            {t("verification:changes.verifiedNow")}
          </th>
          <th scope="col" className="py-1 font-medium">
            <span className="sr-only">{t("verification:changes.becomes")}</span>
            {t("verification:changes.requested")}
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.field} className="border-t border-slate-200 align-top">
            <th scope="row" className="py-1.5 pr-3 font-medium text-slate-700">
              {t(`verification:detail.${c.field}`)}
            </th>
            <td className="py-1.5 pr-3 break-words whitespace-pre-wrap text-slate-600 [overflow-wrap:anywhere]">
              {c.from ?? "—"}
            </td>
            <td className="py-1.5 break-words whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
              <span className="inline-flex items-start gap-1">
                <ArrowRight className="mt-0.5 size-3.5 shrink-0 text-slate-400" aria-hidden />
                <span className="font-medium">{c.to ?? t("verification:changes.removed")}</span>
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

/** The form's fields, labelled `verification:fields.<name>` (and `<name>Hint` where a field has a hint). */
const FIELD_META: {
  name: BusinessDetailField;
  hint?: boolean;
  wide?: boolean;
  type?: "date" | "textarea";
  autoComplete?: string;
}[] = [
  { name: "legalName", wide: true, autoComplete: "organization" },
  { name: "registeredAddress", wide: true, type: "textarea" },
  { name: "gstin", hint: true },
  { name: "iec", hint: true },
  { name: "registrationNumber", hint: true, wide: true },
  { name: "lutReference", hint: true },
  { name: "lutValidUntil", type: "date" },
  { name: "bankAccountName" },
  { name: "bankName" },
  { name: "bankAccountNumber", hint: true },
  { name: "bankIfsc", hint: true },
  { name: "bankSwift", hint: true },
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
  const { t } = useTranslation(["verification"]);
  const locale = useLocale();
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
      <h2 className="text-lg font-semibold">{t("verification:business.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("verification:business.intro")}</p>
      {pendingChange ? (
        <div
          role="status"
          className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <p className="font-medium">
            {t("verification:business.pendingTitle", {
              at: formatDateTime(pendingChange.submittedAt, timeZone, locale),
            })}
          </p>
          <p className="mt-1">{t("verification:business.pendingText")}</p>
          <div className="mt-2 rounded bg-white/70 p-2">
            <DetailChanges changes={pendingChange.changes} />
          </div>
        </div>
      ) : lock === "under-review" ? (
        <p role="status" className="mt-3 flex gap-1.5 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t("verification:business.underReview")}
        </p>
      ) : verified ? (
        <p className="mt-3 flex gap-1.5 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t("verification:business.verified")}
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
                label={t(`verification:fields.${meta.name}`)}
                error={field.errors?.[0]}
                hint={
                  locked(meta.name)
                    ? t("verification:business.locked")
                    : meta.hint
                      ? t(`verification:fields.${meta.name as "gstin"}Hint`)
                      : undefined
                }
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
            {t("verification:business.save")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

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
  const { t } = useTranslation(["verification"]);
  const locale = useLocale();
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
      <h2 className="text-lg font-semibold">{t("verification:panel.title")}</h2>
      {status === "verified" ? (
        <p className="mt-2 text-sm text-green-800">
          {t("verification:panel.verified")}
          {waiting && latest.kind === "change" ? t("verification:panel.changeWaiting") : ""}
        </p>
      ) : waiting ? (
        <p className="mt-2 text-sm text-amber-800">
          {t("verification:panel.waiting", { at: formatDateTime(latest.submittedAt, timeZone, locale) })}
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t("verification:panel.intro")}</p>
      )}
      {latest?.status === "rejected" ? (
        <div role="status" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="font-medium">
            {latest.decidedAt
              ? t("verification:panel.rejectedOn", { at: formatDateTime(latest.decidedAt, timeZone, locale) })
              : t("verification:panel.rejected")}
          </p>
          <p className="mt-1">
            {t("verification:panel.reason")} <span className="whitespace-pre-wrap">{latest.reason}</span>
          </p>
          <p className="mt-1">{t("verification:panel.correct")}</p>
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
              {t("verification:panel.missing", {
                list: missing
                  .map((k) => t(`verification:panel.missingNames.${k}`))
                  .join(t("verification:panel.listSeparator")),
              })}
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
                label={t(`verification:documents.${kind}`)}
                error={field.errors?.[0]}
                hint={
                  kept ? t("verification:panel.keepHint", { file: kept.fileName }) : t("verification:panel.fileHint")
                }
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
              {latest ? t("verification:panel.resubmit") : t("verification:panel.submit")}
            </Button>
          </div>
        </Form>
      ) : null}
      {submissions.length > 0 ? (
        <section className="mt-6" aria-labelledby="verification-history">
          <h3 id="verification-history" className="text-sm font-semibold text-slate-900">
            {t("verification:panel.submissions")}
          </h3>
          <ol className="mt-2 space-y-3">
            {submissions.map((s) => (
              <li key={s.id} className="rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge tone={STATUS_TONE[s.status]}>{t(`verification:panel.status.${s.status}`)}</Badge>
                  {s.kind === "change" ? <Badge tone="grey">{t("verification:panel.changeOfDetails")}</Badge> : null}
                  <span className="text-slate-600">
                    {t("verification:panel.submittedAt", { at: formatDateTime(s.submittedAt, timeZone, locale) })}
                  </span>
                  {s.decidedAt ? (
                    <span className="text-slate-600">
                      {t("verification:panel.decidedAt", { at: formatDateTime(s.decidedAt, timeZone, locale) })}
                    </span>
                  ) : null}
                </div>
                {s.reason ? (
                  <p className="mt-1 text-sm text-slate-700">
                    {t("verification:panel.reasonLine", { reason: s.reason })}
                  </p>
                ) : null}
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
