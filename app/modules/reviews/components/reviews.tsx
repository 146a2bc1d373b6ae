import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Star } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Textarea } from "~/components/ui/field";
import { lazySchema, useValidatedForm, type FormReply } from "~/components/forms/validated-form";
import { REVIEW_CRITERIA } from "../rating";
import { REVIEW_TEXT_MAX } from "../reviews-values";
import { useTranslation } from "~/i18n/use-translation";

const lazyReviewSchema = lazySchema(() => import("../reviews.schema").then((m) => ({ schema: m.reviewSchema })));
const lazyReviewReplySchema = lazySchema(() =>
  import("../reviews.schema").then((m) => ({ schema: m.reviewReplySchema })),
);

/**
 * A 1-to-5 star choice as native radio buttons in a fieldset: the legend names the criterion and each option shows its
 * stars and its number, so it works without JavaScript and with the keyboard (arrow keys) as any radio group does.
 */
function StarChoice({
  name,
  label,
  value,
  error,
  formId,
}: {
  name: string;
  label: string;
  value?: string;
  error?: string;
  formId: string;
}) {
  const { t } = useTranslation(["reviews"]);
  const errorId = `${formId}-${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((n) => {
          const id = `${formId}-${name}-${n}`;
          return (
            <div key={n}>
              <input
                type="radio"
                id={id}
                name={name}
                value={String(n)}
                defaultChecked={value === String(n)}
                className="peer sr-only"
                required
              />
              <label
                htmlFor={id}
                className="flex cursor-pointer flex-col items-center rounded-md border border-slate-300 px-2.5 py-1.5 text-xs text-slate-700 hover:bg-slate-50 peer-checked:border-amber-500 peer-checked:bg-amber-50 peer-checked:text-amber-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
              >
                <span className="flex" aria-hidden>
                  {Array.from({ length: n }, (_, i) => (
                    <Star key={i} className="size-3.5 fill-amber-400 text-amber-400" />
                  ))}
                </span>
                <span>{t("reviews:stars", { count: n })}</span>
              </label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The buyer's review of a completed order: three star ratings and a text, posted to /orders/{id}/review, which
 * redirects back to `returnTo` (the order page) once published. Works without JavaScript.
 */
export function OrderReviewForm({
  orderId,
  lastResult,
  returnTo = `/orders/${orderId}`,
}: {
  orderId: string;
  lastResult?: FormReply | null;
  returnTo?: string;
}) {
  const { t } = useTranslation(["reviews"]);
  const navigation = useNavigation();
  const action = `/orders/${orderId}/review`;
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const [form, fields] = useValidatedForm({ id: "review", schema: lazyReviewSchema, lastResult });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className="space-y-5">
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="returnTo" value={returnTo} />
      {form.errors ? (
        <p id={form.errorId} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      {REVIEW_CRITERIA.map((criterion) => (
        <StarChoice
          key={criterion.name}
          formId={form.id}
          name={criterion.name}
          label={t(`reviews:criteria.${criterion.name}`)}
          value={fields[criterion.name].initialValue}
          error={fields[criterion.name].errors?.[0]}
        />
      ))}
      <Field
        id={fields.body.id}
        label={t("reviews:yourReview")}
        error={fields.body.errors?.[0]}
        hint={t("reviews:yourReviewHint")}
      >
        <Textarea {...getTextareaProps(fields.body)} rows={5} maxLength={REVIEW_TEXT_MAX} required />
      </Field>
      <Button type="submit" disabled={sending}>
        {sending ? t("reviews:publishing") : t("reviews:publishReview")}
      </Button>
    </Form>
  );
}

/** The supplier's one reply to a review, posted to /orders/{id}/review (then back to `returnTo`). */
export function ReviewReplyForm({
  orderId,
  lastResult,
  returnTo = `/orders/${orderId}`,
}: {
  orderId: string;
  lastResult?: FormReply | null;
  returnTo?: string;
}) {
  const { t } = useTranslation(["reviews"]);
  const navigation = useNavigation();
  const action = `/orders/${orderId}/review`;
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const [form, fields] = useValidatedForm({ id: `reply-${orderId}`, schema: lazyReviewReplySchema, lastResult });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="returnTo" value={returnTo} />
      {form.errors ? (
        <p id={form.errorId} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      <Field id={fields.reply.id} label={t("reviews:yourReply")} error={fields.reply.errors?.[0]}>
        <Textarea {...getTextareaProps(fields.reply)} rows={3} maxLength={REVIEW_TEXT_MAX} required />
      </Field>
      <Button type="submit" size="sm" disabled={sending}>
        {sending ? t("reviews:publishing") : t("reviews:publishReply")}
      </Button>
    </Form>
  );
}
