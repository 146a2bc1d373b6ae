import { useTimeZone } from "~/components/layout/use-root-user";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { redirectWithFlash, safeRedirectPath } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { answer } from "~/i18n/feedback.server";
import { refusedFormReply } from "~/components/forms/validated-form";
import { requireUser, requireUserPage } from "~/modules/accounts/session.server";
import { ReviewItem } from "~/modules/reviews/components/review-item";
import { OrderReviewForm, ReviewReplyForm } from "~/modules/reviews/components/reviews";
import { type CommandResult, formValues, parseInput } from "~/lib/command-result";
import {
  orderReviewActionSchema,
  REVIEW_FIELDS,
  reviewReplySchema,
  reviewSchema,
} from "~/modules/reviews/reviews.schema";
import {
  createReview,
  getOrderReviewPanel,
  replyTarget,
  replyToReview,
  reviewTarget,
} from "~/modules/reviews/reviews.server";
import { appContext } from "~/request-context.server";
import { invariantResponse } from "~/lib/page-refusal";
import type { Route } from "./+types/order-review";
import type { I18nHandle } from "~/i18n/config";

export const handle = { i18n: ["reviews"] } satisfies I18nHandle;

export function meta() {
  return [{ title: "Order review | Setu" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUserPage(request, runtime);
  const panel = await getOrderReviewPanel(runtime.db, user, params.orderId);
  // as the order page: not yours and not there look the same, drawn by the error boundary
  invariantResponse(panel);
  return { panel };
}

/** The buyer's review (intent "review") or the supplier's reply ("reply"); back to where the form was once published. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUser(request, runtime);
  const form = await readFormData(request);
  const read = parseInput(orderReviewActionSchema, formValues(form, ["intent"]));
  if (!read.ok) {
    // who may post is asked first: an order that is not the poster's is not there, whatever was posted
    const party = await getOrderReviewPanel(runtime.db, user, params.orderId);
    const refusal = party ? read : { status: 404, message: "Order not found" };
    return answer(
      context,
      { intent: null, reply: refusedFormReply({ formError: refusal.message }, null) },
      { status: refusal.status },
    );
  }
  const { intent } = read.value;
  const values = formValues(form, intent === "reply" ? ["reply"] : REVIEW_FIELDS);
  // who may post is asked first (403/404/409 whatever was posted), then the form as its schema reads it
  let result: CommandResult;
  if (intent === "reply") {
    const review = await replyTarget(runtime.db, user, params.orderId);
    const input = parseInput(reviewReplySchema, values);
    result = !review.ok
      ? review
      : input.ok
        ? await replyToReview(runtime.db, review.value, input.value, runtime.notifier)
        : input;
  } else {
    const order = await reviewTarget(runtime.db, user, params.orderId);
    const input = parseInput(reviewSchema, values);
    result = !order.ok
      ? order
      : input.ok
        ? await createReview(runtime.db, order.value, input.value, runtime.notifier)
        : input;
  }
  if (result.ok)
    return redirectWithFlash(safeRedirectPath(formValues(form, ["returnTo"]).returnTo, `/orders/${params.orderId}`), {
      type: "success",
      message: result.message,
    });
  const refusal = { fieldErrors: result.fieldErrors, formError: result.status === 400 ? null : result.message };
  return answer(context, { intent, reply: refusedFormReply(refusal, values) }, { status: result.status });
}

export default function OrderReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { panel } = loaderData;
  const here = `/orders/${panel.orderId}/review`;
  const timeZone = useTimeZone();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/orders" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Orders
      </Link>
      <h1 className="mt-3 text-2xl font-bold">
        {panel.role === "buyer" ? "Review your supplier" : "Your buyer's review"}
      </h1>
      <p className="mt-1 text-slate-600">Order {panel.orderId.slice(0, 8).toUpperCase()}</p>
      <Card className="mt-6 p-5">
        {panel.canReview ? (
          <OrderReviewForm
            orderId={panel.orderId}
            returnTo={here}
            lastResult={actionData?.intent === "review" ? actionData.reply : undefined}
          />
        ) : panel.review ? (
          <div className="-m-4">
            <ReviewItem
              timeZone={timeZone}
              review={panel.review}
              supplierName="the supplier"
              reply={
                panel.canReply ? (
                  <ReviewReplyForm
                    orderId={panel.orderId}
                    returnTo={here}
                    lastResult={actionData?.intent === "reply" ? actionData.reply : undefined}
                  />
                ) : undefined
              }
            />
          </div>
        ) : (
          <p className="text-slate-600">
            {panel.notYet ??
              (panel.role === "seller"
                ? "The buyer has not reviewed this order yet."
                : "This order cannot be reviewed.")}
          </p>
        )}
        {actionData && !panel.canReview && !panel.canReply && actionData.reply.error?.[""] ? (
          <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {actionData.reply.error[""][0]}
          </p>
        ) : null}
      </Card>
    </div>
  );
}
