import { getCollectionProps, getFormProps, getInputProps } from "@conform-to/react";
import { BadgeCheck, Globe, Lock, MailCheck, ShieldCheck } from "lucide-react";
import { data, Form, Link, redirect, useNavigate, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Field, Input } from "~/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { readFormData } from "~/http/form-data.server";
import { redirectWithFlash, safeRedirectPath } from "~/http/flash.server";
import { lazySchema, refusedFormReply, useValidatedForm } from "~/components/forms/validated-form";

import { PasswordInput } from "~/modules/accounts/components/password-input";
import {
  authActionSchema,
  forgotPasswordSchema,
  readSignUpForm,
  signInSchema,
  signUpSchema,
} from "~/modules/accounts/accounts.schema";
import { resendEmailConfirmation, signInWithEmail, signUpWithEmail } from "~/modules/accounts/credentials.server";
import { formValues, parseInput } from "~/lib/command-result";
import { GOOGLE_FAILED } from "~/modules/accounts/google.server";
import { getSessionUser } from "~/modules/accounts/session.server";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/auth";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";
import { localeOf } from "~/i18n/i18next.server";
import { appContext } from "~/request-context.server";

const lazySignInSchema = lazySchema(() =>
  import("~/modules/accounts/accounts.schema").then((m) => ({ schema: m.signInSchema })),
);
const lazySignUpSchema = lazySchema(() =>
  import("~/modules/accounts/accounts.schema").then((m) => ({ schema: m.signUpSchema })),
);

export function meta() {
  return [{ name: "description", content: "Sign in to Setu or create a free buyer or supplier account." }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  const url = new URL(request.url);
  const role = url.searchParams.get("role");
  // a signed-in account asked to join with a role it lacks adds that role to itself instead (decision record 0052)
  if (user?.profile && role === "seller" && !user.profile.isSeller) throw redirect("/profile#roles");
  if (user?.profile && role === "buyer" && !user.profile.isBuyer) throw redirect("/profile#roles");
  if (user) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo"), "/dashboard"));
  return {
    googleEnabled: context.get(appContext).runtime.googleEnabled,
    googleError: url.searchParams.get("error") ? GOOGLE_FAILED : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, clientIp } = context.get(appContext);
  const form = await readFormData(request);
  const read = parseInput(authActionSchema, formValues(form, ["intent"]));
  if (!read.ok)
    return data(
      { intent: null, ok: false as const, message: read.message, reply: null, confirmEmail: undefined },
      { status: 400 },
    );
  const redirectTo = safeRedirectPath(String(form.get("redirectTo") ?? ""), "/dashboard");
  if (read.value.intent === "resend-confirmation") {
    const input = parseInput(forgotPasswordSchema, formValues(form, ["email"]));
    const result = input.ok ? await resendEmailConfirmation(runtime, input.value, clientIp) : input;
    return data(
      {
        intent: "confirm" as const,
        ok: result.ok,
        message: result.message,
        reply: null,
        confirmEmail: "confirmEmail" in result ? result.confirmEmail : undefined,
      },
      { status: result.ok ? 200 : result.status },
    );
  }
  if (read.value.intent === "signup") {
    const input = parseInput(signUpSchema, readSignUpForm(form));
    const result = input.ok ? await signUpWithEmail(runtime, input.value, request.headers, localeOf(context)) : input;
    if (result.ok && result.redirectTo)
      return redirectWithFlash(result.redirectTo, { type: "success", message: result.message }, result.headers);
    if (result.ok)
      return data({
        intent: "signup" as const,
        ok: true as const,
        message: result.message,
        reply: null,
        confirmEmail: result.confirmEmail,
      });
    const reply = refusedFormReply(result, form, { hideFields: ["password", "confirmPassword"] });
    return data(
      { intent: "signup" as const, ok: false as const, message: result.message, reply, confirmEmail: undefined },
      { status: result.status },
    );
  }
  const input = parseInput(signInSchema, formValues(form, ["email", "password"]));
  const result = input.ok ? await signInWithEmail(runtime, input.value, request.headers, clientIp) : input;
  if (result.ok) return redirectWithFlash(redirectTo, { type: "success", message: result.message }, result.headers);
  const reply = refusedFormReply(result, form, { hideFields: ["password"] });
  return data(
    {
      intent: "signin" as const,
      ok: false as const,
      message: result.message,
      reply,
      confirmEmail: "confirmEmail" in result ? result.confirmEmail : undefined,
    },
    { status: result.status },
  );
}

const TRUST = [
  { icon: ShieldCheck, text: "auth:trust.verified" },
  { icon: Lock, text: "auth:trust.sealed" },
  { icon: Globe, text: "auth:trust.shipping" },
  { icon: BadgeCheck, text: "auth:trust.free" },
] as const;

export const handle = { i18n: ["auth"] } satisfies I18nHandle;

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth", "common"]);
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const tab =
    actionData?.intent === "signin" || actionData?.intent === "signup"
      ? actionData.intent
      : params.get("tab") === "signup"
        ? "signup"
        : "signin";
  // a seller's call to action opens Sign Up with Seller chosen (?role=seller)
  const role = params.get("role") === "seller" ? "seller" : "buyer";
  const busy = navigation.state === "submitting";
  const [signInForm, signIn] = useValidatedForm({
    id: "signin",
    schema: lazySignInSchema,
    lastResult: actionData?.intent === "signin" ? actionData.reply : undefined,
  });
  const [signUpForm, signUp] = useValidatedForm({
    // its own form for each preselected role, so following a seller's link on this page re-chooses the role
    id: role === "seller" ? "signup-seller" : "signup",
    schema: lazySignUpSchema,
    lastResult: actionData?.intent === "signup" ? actionData.reply : undefined,
    defaultValue: { userType: role },
  });
  const redirectTo = params.get("redirectTo") ?? "";
  const navigate = useNavigate();
  const tabUrl = (t: string) =>
    `/auth?tab=${t}${role === "seller" ? "&role=seller" : ""}${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;

  if (actionData?.confirmEmail)
    return (
      <>
        <PageTitle text="common:pageTitle.signIn" />
        <ConfirmEmailPanel
          email={actionData.confirmEmail}
          message={actionData.message}
          ok={actionData.ok}
          resent={actionData.intent === "confirm"}
          busy={busy}
        />
      </>
    );

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2 lg:py-16">
      <PageTitle text="common:pageTitle.signIn" />
      <section className="hidden flex-col justify-center lg:flex">
        <h1 className="text-4xl font-bold tracking-tight">{t("auth:welcome")}</h1>
        <p className="mt-3 text-lg text-slate-600">{t("auth:intro")}</p>
        <ul className="mt-8 space-y-4">
          {TRUST.map((item) => (
            <li key={item.text} className="flex items-center gap-3 text-slate-700">
              <item.icon className="size-5 text-green-600" aria-hidden /> {t(item.text)}
            </li>
          ))}
        </ul>
      </section>

      <Card className="p-6 sm:p-8">
        <h1 className="mb-6 text-2xl font-bold lg:hidden">{t("auth:welcome")}</h1>
        <Tabs
          value={tab}
          onValueChange={(value) => navigate(tabUrl(value), { replace: true, preventScrollReset: true })}
        >
          <TabsList aria-label={t("auth:tabs.account")} className="grid grid-cols-2 gap-0 rounded-lg bg-slate-100 p-1">
            {(["signin", "signup"] as const).map((tab) => (
              // a link as well as a tab: the page's URL says which form shows, and it works without JavaScript
              <TabsTrigger key={tab} value={tab} asChild className="py-2 text-center">
                <Link to={tabUrl(tab)} replace preventScrollReset>
                  {tab === "signin" ? t("common:nav.signIn") : t("auth:tabs.signUp")}
                </Link>
              </TabsTrigger>
            ))}
          </TabsList>

          {loaderData.googleError ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {loaderData.googleError}
            </p>
          ) : null}
          {actionData ? (
            <p
              role={actionData.ok ? "status" : "alert"}
              className={cn(
                "mt-4 rounded-md px-3 py-2 text-sm",
                actionData.ok ? "bg-green-50 text-green-800" : "bg-red-50 text-red-700",
              )}
            >
              {actionData.message}
            </p>
          ) : null}

          {loaderData.googleEnabled ? (
            <>
              <Form method="post" action="/auth/google" className="mt-6">
                <Button type="submit" variant="outline" className="w-full">
                  <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
                    <path
                      fill="#4285F4"
                      d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8z"
                    />
                    <path
                      fill="#34A853"
                      d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
                    />
                    <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9l3.7-2.8z" />
                    <path
                      fill="#EA4335"
                      d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
                    />
                  </svg>
                  {t("auth:google")}
                </Button>
              </Form>
              <p className="my-6 flex items-center gap-3 text-xs uppercase text-slate-600">
                <span className="h-px flex-1 bg-slate-200" /> {t("auth:orEmail")}{" "}
                <span className="h-px flex-1 bg-slate-200" />
              </p>
            </>
          ) : (
            <div className="mt-6" />
          )}
          <TabsContent value="signin">
            <Form method="post" {...getFormProps(signInForm)} className="space-y-4" noValidate>
              <input type="hidden" name="intent" value="signin" />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <Field id={signIn.email.id} label={t("auth:fields.email")} error={signIn.email.errors?.[0]}>
                <Input {...getInputProps(signIn.email, { type: "email" })} autoComplete="email" required />
              </Field>
              <Field id={signIn.password.id} label={t("auth:fields.password")} error={signIn.password.errors?.[0]}>
                <PasswordInput
                  {...getInputProps(signIn.password, { type: "password" })}
                  autoComplete="current-password"
                  required
                />
              </Field>
              <p className="-mt-2 text-right text-sm">
                <Link to="/auth/forgot-password" className="text-brand-700 underline-offset-2 hover:underline">
                  {t("auth:forgotPassword")}
                </Link>
              </p>
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? t("auth:signingIn") : t("common:nav.signIn")}
              </Button>
            </Form>
          </TabsContent>
          <TabsContent value="signup">
            <Form method="post" {...getFormProps(signUpForm)} className="grid gap-4 sm:grid-cols-2" noValidate>
              <input type="hidden" name="intent" value="signup" />
              <fieldset className="sm:col-span-2">
                <legend className="mb-2 text-sm font-medium text-slate-800">{t("auth:iAm")}</legend>
                <div className="grid grid-cols-2 gap-3">
                  {getCollectionProps(signUp.userType, { type: "radio", options: ["buyer", "seller"] }).map(
                    ({ key, ...radio }) => (
                      <label
                        key={key}
                        className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                      >
                        <input {...radio} className="mt-1" />
                        <span>
                          <span className="block text-sm font-medium">
                            {radio.value === "buyer" ? t("auth:roles.buyer") : t("auth:roles.seller")}
                          </span>
                          <span className="block text-xs text-slate-600">
                            {radio.value === "buyer" ? t("auth:roles.buyerHint") : t("auth:roles.sellerHint")}
                          </span>
                        </span>
                      </label>
                    ),
                  )}
                </div>
                {signUp.userType.errors ? (
                  <p id={signUp.userType.errorId} className="mt-1 text-sm text-red-600" role="alert">
                    {signUp.userType.errors[0]}
                  </p>
                ) : null}
              </fieldset>
              <Field id={signUp.fullName.id} label={t("auth:fields.fullName")} error={signUp.fullName.errors?.[0]}>
                <Input {...getInputProps(signUp.fullName, { type: "text" })} autoComplete="name" required />
              </Field>
              <Field
                id={signUp.companyName.id}
                label={t("auth:fields.companyName")}
                error={signUp.companyName.errors?.[0]}
              >
                <Input {...getInputProps(signUp.companyName, { type: "text" })} autoComplete="organization" required />
              </Field>
              <Field id={signUp.email.id} label={t("auth:fields.email")} error={signUp.email.errors?.[0]}>
                <Input {...getInputProps(signUp.email, { type: "email" })} autoComplete="email" required />
              </Field>
              <Field id={signUp.phone.id} label={t("auth:fields.phone")} error={signUp.phone.errors?.[0]}>
                <Input {...getInputProps(signUp.phone, { type: "tel" })} autoComplete="tel" />
              </Field>
              <Field id={signUp.password.id} label={t("auth:fields.password")} error={signUp.password.errors?.[0]}>
                <PasswordInput
                  {...getInputProps(signUp.password, { type: "password" })}
                  autoComplete="new-password"
                  required
                  minLength={6}
                />
              </Field>
              <Field
                id={signUp.confirmPassword.id}
                label={t("auth:fields.confirmPassword")}
                error={signUp.confirmPassword.errors?.[0]}
              >
                <PasswordInput
                  {...getInputProps(signUp.confirmPassword, { type: "password" })}
                  autoComplete="new-password"
                  required
                />
              </Field>
              <div className="sm:col-span-2">
                <Button type="submit" className="w-full" disabled={busy}>
                  {busy ? t("auth:creatingAccount") : t("auth:createAccount")}
                </Button>
                <p className="mt-3 text-center text-xs text-slate-500">
                  {t("auth:agreeBefore")}{" "}
                  <Link to="/terms" className="underline">
                    {t("common:footer.termsOfService")}
                  </Link>
                  {t("auth:agreeAfter")}
                </p>
              </div>
            </Form>
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  );
}

/**
 * The page of an address not yet confirmed (after signing up, or signing in before confirming): where the link went,
 * and a new one on request.
 */
function ConfirmEmailPanel({
  email,
  message,
  ok,
  resent,
  busy,
}: {
  email: string;
  message: string;
  ok: boolean;
  resent: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation(["auth"]);
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card className="p-6 sm:p-8">
        <MailCheck className="size-10 text-brand-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">{t("auth:confirm.title")}</h1>
        <p
          role={ok ? "status" : "alert"}
          className={cn(
            "mt-4 rounded-md px-3 py-2 text-sm",
            ok ? "bg-green-50 text-green-800" : "bg-amber-50 text-amber-900",
          )}
        >
          {message}
        </p>
        <p className="mt-4 text-sm text-slate-700">
          {resent ? t("auth:confirm.resentTo") : t("auth:confirm.sentTo")}
          <strong className="font-semibold break-all">{email}</strong>
          {t("auth:confirm.instructions")}
        </p>
        <p className="mt-3 text-sm text-slate-600">{t("auth:confirm.nothingArrived")}</p>
        <Form method="post" className="mt-5">
          <input type="hidden" name="intent" value="resend-confirmation" />
          <input type="hidden" name="email" value={email} />
          <Button type="submit" variant="outline" disabled={busy}>
            {busy ? t("auth:confirm.sending") : t("auth:confirm.resend")}
          </Button>
        </Form>
        <p className="mt-6 text-sm text-slate-600">
          {t("auth:confirm.wrongAddress")}{" "}
          <Link to="/auth?tab=signup" className="text-brand-700 underline">
            {t("auth:confirm.signUpAgain")}
          </Link>{" "}
          ·{" "}
          <Link to="/auth?tab=signin" className="text-brand-700 underline">
            {t("auth:confirm.backToSignIn")}
          </Link>
        </p>
      </Card>
    </div>
  );
}
