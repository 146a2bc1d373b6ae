import { useTimeZone } from "~/components/layout/use-root-user";
import type { I18nHandle } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { answer } from "~/i18n/feedback.server";
import { redirectWithFlash, safeRedirectPath } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { refusedFormReply } from "~/components/forms/validated-form";
import { requireUser, requireUserPage } from "~/modules/accounts/session.server";
import { OrderDocuments } from "~/modules/order-documents/components/order-documents";
import { formValues, parseInput } from "~/lib/command-result";
import { PACKING_FIELDS, packingDetailsSchema } from "~/modules/order-documents/order-documents.schema";
import {
  getOrderDocumentsPanel,
  packingRefusal,
  savePackingDetails,
} from "~/modules/order-documents/order-documents.server";
import { appContext } from "~/request-context.server";
import { invariantResponse } from "~/lib/page-refusal";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/order-documents";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUserPage(request, runtime);
  const panel = await getOrderDocumentsPanel(runtime.db, user, params.orderId);
  // as the order page: not yours and not there look the same, drawn by the error boundary
  invariantResponse(panel);
  return { panel };
}

/** The seller's packing details; back to where the form was (the order page) once saved, or this page with the errors. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUser(request, runtime);
  const form = await readFormData(request);
  const values = formValues(form, PACKING_FIELDS);
  // who may enter them is asked first (404/409 whatever was posted), then the form as its schema reads it
  const refusal = await packingRefusal(runtime.db, user, params.orderId);
  const input = parseInput(packingDetailsSchema, values);
  const result =
    refusal ?? (input.ok ? await savePackingDetails(runtime.db, user, params.orderId, input.value) : input);
  if (result.ok) {
    const back = safeRedirectPath(formValues(form, ["returnTo"]).returnTo, `/orders/${params.orderId}`);
    return redirectWithFlash(back.startsWith(`/orders/${params.orderId}`) ? back : `/orders/${params.orderId}`, {
      type: "success",
      message: result.message,
    });
  }
  const reply = refusedFormReply(
    { fieldErrors: result.fieldErrors, formError: result.status === 400 ? null : result.message },
    values,
  );
  return answer(context, { reply }, { status: result.status });
}

export const handle = { i18n: ["orders"] } satisfies I18nHandle;

export default function OrderDocumentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["orders"]);
  const { panel } = loaderData;
  const timeZone = useTimeZone();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageTitle text="common:pageTitle.orderDocuments" />
      <Link to="/orders" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> {t("orders:documents.back")}
      </Link>
      <h1 className="mt-3 text-2xl font-bold">
        {t("orders:documents.pageTitle", { number: panel.orderId.slice(0, 8).toUpperCase() })}
      </h1>
      <div className="mt-6">
        <OrderDocuments
          {...panel}
          timeZone={timeZone}
          packingReply={actionData?.reply}
          returnTo={`/orders/${panel.orderId}/documents`}
        />
      </div>
    </div>
  );
}
