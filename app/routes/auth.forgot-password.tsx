import { getFormProps, getInputProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/field";
import { readFormData } from "~/http/form-data.server";
import { lazySchema, refusedFormReply, useValidatedForm } from "~/components/forms/validated-form";

import { forgotPasswordSchema } from "~/modules/accounts/accounts.schema";
import { requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { formValues, parseInput } from "~/lib/command-result";
import { getSessionUser } from "~/modules/accounts/session.server";
import { appContext } from "~/request-context.server";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/auth.forgot-password";

const lazyForgotPasswordSchema = lazySchema(() =>
  import("~/modules/accounts/accounts.schema").then((m) => ({ schema: m.forgotPasswordSchema })),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  if (user) throw redirect("/profile");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, clientIp } = context.get(appContext);
  const form = await readFormData(request);
  const input = parseInput(forgotPasswordSchema, formValues(form, ["email"]));
  const result = input.ok ? await requestPasswordReset(runtime, input.value, clientIp) : input;
  if (result.ok) return data({ ok: true as const, message: result.message, reply: null });
  return data(
    { ok: false as const, message: result.message, reply: refusedFormReply(result, form) },
    { status: result.status },
  );
}

export const handle = { i18n: ["auth"] } satisfies I18nHandle;

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth"]);
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm({
    id: "forgot-password",
    schema: lazyForgotPasswordSchema,
    lastResult: actionData?.reply ?? undefined,
  });
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <PageTitle text="common:pageTitle.forgotPassword" />
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("auth:forgot.title")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("auth:forgot.intro")}</p>
        {actionData ? (
          <p
            role={actionData.ok ? "status" : "alert"}
            className={
              actionData.ok
                ? "mt-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800"
                : "mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700"
            }
          >
            {actionData.message}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" noValidate>
          <Field id={fields.email.id} label={t("auth:fields.email")} error={fields.email.errors?.[0]}>
            <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" required />
          </Field>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? t("auth:confirm.sending") : t("auth:forgot.send")}
          </Button>
        </Form>
        <p className="mt-4 text-center text-sm">
          <Link to="/auth?tab=signin" className="text-brand-700 underline">
            {t("auth:confirm.backToSignIn")}
          </Link>
        </p>
      </Card>
    </div>
  );
}
