import { formatDate } from "~/lib/dates";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Download, FileText, Package } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/field";
import { lazySchema, useValidatedForm, type FormReply } from "~/components/forms/validated-form";
import { useLocale } from "~/components/layout/use-root-user";
import { useTranslation } from "~/i18n/use-translation";
import { type OrderDocumentKind, type OrderDocumentView, type PackingDetailsView } from "../order-documents-values";

const lazyPackingDetailsSchema = lazySchema(() =>
  import("../order-documents.schema").then((m) => ({ schema: m.packingDetailsSchema })),
);

/**
 * An order's export documents for its buyer and seller: each issued PDF to download, what is still to come and when,
 * and for the seller the packing details form (until the order ships). The form posts to /orders/{id}/documents,
 * which redirects back to `returnTo` (the order page) once saved; it works without JavaScript.
 */
export function OrderDocuments({
  orderId,
  documents,
  pending,
  viewerIsSeller,
  packing,
  packingEditable,
  shipped = false,
  packingReply,
  returnTo = `/orders/${orderId}`,
  timeZone,
}: {
  /** the viewer's zone (root's loader): each document's day of issue in it */
  timeZone: string;
  orderId: string;
  documents: OrderDocumentView[];
  pending: OrderDocumentKind[];
  viewerIsSeller: boolean;
  packing: PackingDetailsView | null;
  packingEditable: boolean;
  /** the order has shipped (a packing list missing by then will not come) */
  shipped?: boolean;
  /** the server's answer to a refused packing form */
  packingReply?: FormReply | null;
  returnTo?: string;
}) {
  const { t } = useTranslation(["orders"]);
  const locale = useLocale();
  return (
    <section aria-labelledby="order-documents-heading" className="space-y-4">
      <h2 id="order-documents-heading" className="text-lg font-semibold">
        {t("orders:documents.title")}
      </h2>
      <Card className="divide-y divide-slate-100">
        {documents.length === 0 && pending.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">{t("orders:documents.none")}</p>
        ) : null}
        {documents.map((document) => (
          <div key={document.kind} className="flex flex-wrap items-center gap-3 p-4">
            <FileText className="size-5 shrink-0 text-brand-600" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{t(`orders:documents.kind.${document.kind}`)}</p>
              <p className="text-sm text-slate-600 tabular-nums">
                {t("orders:documents.issued", {
                  number: document.documentNumber,
                  date: formatDate(document.createdAt, timeZone, "medium", locale),
                })}
              </p>
            </div>
            {/* a plain link (not <Link>): the browser downloads the PDF */}
            <a
              href={document.href}
              download
              className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50"
            >
              <Download className="size-4" aria-hidden /> {t("orders:documents.download")}
              <span className="sr-only">
                {t("orders:documents.downloadOf", { document: t(`orders:documents.kindLower.${document.kind}`) })}
              </span>
            </a>
          </div>
        ))}
        {pending.map((kind) => (
          <div key={kind} className="flex items-center gap-3 p-4 text-slate-500">
            <FileText className="size-5 shrink-0" aria-hidden />
            <div>
              <p className="font-medium text-slate-700">{t(`orders:documents.kind.${kind}`)}</p>
              <p className="text-sm">
                {kind === "packing_list" && !packing && shipped
                  ? t("orders:documents.noPacking")
                  : t(`orders:documents.when.${kind}`)}
              </p>
            </div>
          </div>
        ))}
      </Card>
      {viewerIsSeller && packingEditable ? (
        <PackingDetailsForm orderId={orderId} packing={packing} lastResult={packingReply} returnTo={returnTo} />
      ) : packing ? (
        <Card className="p-4 text-sm">
          <h3 className="flex items-center gap-2 font-medium">
            <Package className="size-4 text-slate-500" aria-hidden /> {t("orders:documents.packing")}
          </h3>
          <p className="mt-1 text-slate-700">
            {t("orders:documents.packingLine", {
              count: packing.packages,
              net: packing.netKg,
              gross: packing.grossKg,
              length: packing.lengthCm,
              width: packing.widthCm,
              height: packing.heightCm,
            })}
          </p>
        </Card>
      ) : null}
    </section>
  );
}

function PackingDetailsForm({
  orderId,
  packing,
  lastResult,
  returnTo,
}: {
  orderId: string;
  packing: PackingDetailsView | null;
  lastResult?: FormReply | null;
  returnTo: string;
}) {
  const { t } = useTranslation(["orders"]);
  const navigation = useNavigation();
  const action = `/orders/${orderId}/documents`;
  const saving = navigation.state === "submitting" && navigation.formAction === action;
  const [form, fields] = useValidatedForm({
    id: "packing",
    schema: lazyPackingDetailsSchema,
    lastResult,
    defaultValue: packing ? { ...packing, packages: String(packing.packages) } : undefined,
  });
  return (
    <Card className="p-4">
      <h3 className="font-medium">{t("orders:documents.packingDetails")}</h3>
      <p className="mt-1 text-sm text-slate-600">{t("orders:documents.packingIntro")}</p>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className="mt-4 grid gap-4 sm:grid-cols-3">
        <input type="hidden" name="returnTo" value={returnTo} />
        {form.errors ? (
          <p
            id={form.errorId}
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 sm:col-span-3"
          >
            {form.errors[0]}
          </p>
        ) : null}
        <Field id={fields.packages.id} label={t("orders:documents.packages")} error={fields.packages.errors?.[0]}>
          <Input {...getInputProps(fields.packages, { type: "text" })} inputMode="numeric" required />
        </Field>
        <Field id={fields.netKg.id} label={t("orders:documents.netKg")} error={fields.netKg.errors?.[0]}>
          <Input {...getInputProps(fields.netKg, { type: "text" })} inputMode="decimal" required />
        </Field>
        <Field id={fields.grossKg.id} label={t("orders:documents.grossKg")} error={fields.grossKg.errors?.[0]}>
          <Input {...getInputProps(fields.grossKg, { type: "text" })} inputMode="decimal" required />
        </Field>
        <fieldset className="sm:col-span-3">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t("orders:documents.dimensions")}</legend>
          <div className="grid grid-cols-3 gap-3">
            <Field id={fields.lengthCm.id} label={t("orders:documents.lengthCm")} error={fields.lengthCm.errors?.[0]}>
              <Input {...getInputProps(fields.lengthCm, { type: "text" })} inputMode="decimal" required />
            </Field>
            <Field id={fields.widthCm.id} label={t("orders:documents.widthCm")} error={fields.widthCm.errors?.[0]}>
              <Input {...getInputProps(fields.widthCm, { type: "text" })} inputMode="decimal" required />
            </Field>
            <Field id={fields.heightCm.id} label={t("orders:documents.heightCm")} error={fields.heightCm.errors?.[0]}>
              <Input {...getInputProps(fields.heightCm, { type: "text" })} inputMode="decimal" required />
            </Field>
          </div>
        </fieldset>
        <div className="sm:col-span-3">
          <Button type="submit" disabled={saving}>
            {saving
              ? t("orders:documents.saving")
              : packing
                ? t("orders:documents.update")
                : t("orders:documents.save")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
