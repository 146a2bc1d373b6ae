import { getFormProps, getInputProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { readFormData } from "~/http/form-data.server";
import { redirectWithFlash } from "~/http/flash.server";
import { lazySchema, refusedFormReply, useValidatedForm } from "~/components/forms/validated-form";

import { PasswordInput } from "~/modules/accounts/components/password-input";
import { resetPasswordSchema } from "~/modules/accounts/accounts.schema";
import { resetPassword } from "~/modules/accounts/password-reset.server";
import { formValues, parseInput } from "~/lib/command-result";
import { appContext } from "~/request-context.server";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/auth.reset-password";

const lazyResetPasswordSchema = lazySchema(() =>
  import("~/modules/accounts/accounts.schema").then((m) => ({ schema: m.resetPasswordSchema })),
);

export function loader({ request }: Route.LoaderArgs) {
  // the token only travels on: it is checked (and spent) when the new password is posted
  const token = new URL(request.url).searchParams.get("token")?.slice(0, 200) ?? "";
  return { token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, clientIp } = context.get(appContext);
  const form = await readFormData(request);
  const input = parseInput(resetPasswordSchema, formValues(form, ["token", "password", "confirmPassword"]));
  const result = input.ok
    ? await resetPassword(runtime, input.value, clientIp)
    : // a broken link is the page's message, not its hidden field's
      input.fieldErrors.token
      ? { ...input, message: input.fieldErrors.token, fieldErrors: {} }
      : input;
  if (result.ok) return redirectWithFlash(result.redirectTo ?? "/auth", { type: "success", message: result.message });
  return data(
    {
      message: result.message,
      reply: refusedFormReply(result, form, { hideFields: ["password", "confirmPassword"] }),
    },
    { status: result.status },
  );
}

export const handle = { i18n: ["auth"] } satisfies I18nHandle;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth"]);
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useValidatedForm({
    id: "reset-password",
    schema: lazyResetPasswordSchema,
    lastResult: actionData?.reply,
    defaultValue: { token: loaderData.token },
  });
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <PageTitle text="auth:reset.title" />
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("auth:reset.title")}</h1>
        {!loaderData.token ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {t("auth:reset.incomplete")}{" "}
            <Link to="/auth/forgot-password" className="underline">
              {t("auth:reset.requestNew")}
            </Link>
            .
          </p>
        ) : null}
        {actionData?.message ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {actionData.message}{" "}
            <Link to="/auth/forgot-password" className="underline">
              {t("auth:reset.requestLink")}
            </Link>
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4" noValidate>
          <input {...getInputProps(fields.token, { type: "hidden" })} />
          <Field id={fields.password.id} label={t("auth:reset.new")} error={fields.password.errors?.[0]}>
            <PasswordInput
              {...getInputProps(fields.password, { type: "password" })}
              autoComplete="new-password"
              required
              minLength={6}
            />
          </Field>
          <Field
            id={fields.confirmPassword.id}
            label={t("auth:reset.confirm")}
            error={fields.confirmPassword.errors?.[0]}
          >
            <PasswordInput
              {...getInputProps(fields.confirmPassword, { type: "password" })}
              autoComplete="new-password"
              required
            />
          </Field>
          <Button type="submit" className="w-full" disabled={busy || !loaderData.token}>
            {busy ? t("auth:reset.saving") : t("auth:reset.submit")}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
