import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { redirectWithFlash, safeRedirectPath } from "~/lib/flash.server";
import { readFormData } from "~/lib/form-data.server";
import { refusedFormReply } from "~/lib/validated-form";
import { requireUser, requireUserPage } from "~/modules/accounts/session.server";
import { OrderDocuments } from "~/modules/order-documents/components/order-documents";
import { getOrderDocumentsPanel, savePackingDetails } from "~/modules/order-documents/order-documents.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/order-documents";

export function meta() {
  return [{ title: "Export documents | Setu" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUserPage(request, runtime);
  const panel = await getOrderDocumentsPanel(runtime.db, user, params.orderId);
  // as the order page: not yours and not there look the same, drawn by the error boundary
  if (!panel) throw data("Order not found", { status: 404 });
  return { panel };
}

/** The seller's packing details; back to where the form was (the order page) once saved, or this page with the errors. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUser(request, runtime);
  const form = await readFormData(request);
  const input = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const result = await savePackingDetails(runtime.db, user, params.orderId, input);
  if (result.ok) {
    const back = safeRedirectPath(input.returnTo, `/orders/${params.orderId}`);
    return redirectWithFlash(back.startsWith(`/orders/${params.orderId}`) ? back : `/orders/${params.orderId}`, { type: "success", message: result.message });
  }
  return data({ reply: refusedFormReply(result, result.values) }, { status: result.status });
}

export default function OrderDocumentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { panel } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/orders" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Orders
      </Link>
      <h1 className="mt-3 text-2xl font-bold">Order {panel.orderId.slice(0, 8).toUpperCase()}: export documents</h1>
      <div className="mt-6">
        <OrderDocuments {...panel} packingReply={actionData?.reply} returnTo={`/orders/${panel.orderId}/documents`} />
      </div>
    </div>
  );
}
