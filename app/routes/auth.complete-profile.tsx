import { getCollectionProps, getFormProps, getInputProps } from "@conform-to/react";
import { data, Form, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/field";
import { readFormData } from "~/http/form-data.server";
import { redirectWithFlash } from "~/http/flash.server";
import { lazySchema, refusedFormReply, useValidatedForm } from "~/components/forms/validated-form";

import { completeOwnProfile } from "~/modules/accounts/profile-commands.server";
import { completeProfileSchema } from "~/modules/accounts/accounts.schema";
import { formValues, parseInput } from "~/lib/command-result";
import { getSessionUser } from "~/modules/accounts/session.server";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/auth.complete-profile";
import { appContext } from "~/request-context.server";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";

const lazyCompleteProfileSchema = lazySchema(() =>
  import("~/modules/accounts/accounts.schema").then((m) => ({ schema: m.completeProfileSchema })),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  if (!user) throw redirect("/auth");
  if (!user.profileIncomplete) throw redirect("/dashboard");
  return { fullName: user.name };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  if (!user?.profileIncomplete) throw redirect(user ? "/dashboard" : "/auth");
  const form = await readFormData(request);
  const input = parseInput(completeProfileSchema, formValues(form, ["companyName", "userType"]));
  const result = input.ok ? await completeOwnProfile(context.get(appContext).runtime.db, user, input.value) : input;
  if (result.ok) return redirectWithFlash("/dashboard", { type: "success", message: result.message });
  return data({ reply: refusedFormReply(result, form) }, { status: 400 });
}

export const handle = { i18n: ["auth"] } satisfies I18nHandle;

export default function CompleteProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth"]);
  const [form, fields] = useValidatedForm({
    id: "complete",
    schema: lazyCompleteProfileSchema,
    lastResult: actionData?.reply,
    defaultValue: { userType: "buyer" },
  });
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <PageTitle text="auth:complete.title" />
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("auth:complete.title")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("auth:complete.welcome", { name: loaderData.fullName })}</p>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5" noValidate>
          <Field id={fields.companyName.id} label={t("auth:fields.companyName")} error={fields.companyName.errors?.[0]}>
            <Input {...getInputProps(fields.companyName, { type: "text" })} autoComplete="organization" required />
          </Field>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">{t("auth:iAm")}</legend>
            <div className="grid grid-cols-2 gap-3">
              {getCollectionProps(fields.userType, { type: "radio", options: ["buyer", "seller"] }).map(
                ({ key, ...radio }) => (
                  <label
                    key={key}
                    className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                  >
                    <input {...radio} className="mt-1" />
                    <span className="text-sm">
                      <span className="block font-medium">
                        {radio.value === "buyer" ? t("auth:roles.buyer") : t("auth:roles.seller")}
                      </span>
                      <span className="text-xs text-slate-600">
                        {radio.value === "buyer" ? t("auth:roles.buyerHint") : t("auth:roles.sellerHint")}
                      </span>
                    </span>
                  </label>
                ),
              )}
            </div>
            {fields.userType.errors ? (
              <p id={fields.userType.errorId} className="mt-1 text-sm text-red-600" role="alert">
                {fields.userType.errors[0]}
              </p>
            ) : null}
          </fieldset>
          <Button type="submit" className="w-full">
            {t("auth:complete.continue")}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
