import { useLocale, useTimeZone } from "~/components/layout/use-root-user";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/field";
import { readFormData } from "~/http/form-data.server";
import { answer } from "~/i18n/feedback.server";
import { redirectWithFlash } from "~/http/flash.server";
import { lazySchema, refusedFormReply, useValidatedForm } from "~/components/forms/validated-form";

import { PasswordInput } from "~/modules/accounts/components/password-input";
import { BusinessDetailsForm, VerificationPanel } from "~/modules/accounts/components/seller-verification";
import { addOwnRole, changeOwnPassword, updateOwnProfile } from "~/modules/accounts/profile-commands.server";
import {
  addRoleSchema,
  changePasswordSchema,
  profileActionSchema,
  profileUpdateSchema,
} from "~/modules/accounts/accounts.schema";
import { formValues, parseInput } from "~/lib/command-result";
import {
  getOwnVerification,
  keptVerificationDocuments,
  refuseNonSellerVerification,
  saveOwnBusinessDetails,
  submitForVerification,
} from "~/modules/accounts/verification.server";
import {
  BUSINESS_DETAIL_FIELDS,
  businessDetailsSchema,
  readVerificationForm,
  verificationSubmissionSchema,
} from "~/modules/accounts/business-details.schema";
import { requireUser, requireUserPage } from "~/modules/accounts/session.server";
import { emailKindsFor } from "~/modules/notifications/notifications.schema";
import { getEmailPreferences, updateOwnEmailPreferences } from "~/modules/notifications/notifications.server";
import { lazyPart } from "~/components/ui/lazy-part";
import { ownPushDeviceCount } from "~/modules/notifications/push.server";
import { emailPreferencesSchema, readEmailPreferencesForm } from "~/modules/notifications/notifications.schema";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/profile";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";
import { htmlLang, LOCALES, LOCALE_NAMES } from "~/lib/locale";
import { appContext } from "~/request-context.server";

// its code comes just after the page's (route budget); the server's button stays disabled until then
const PushNotificationsCard = lazyPart(
  () => import("~/modules/notifications/components/push-notifications-card").then((m) => m.PushNotificationsCard),
  undefined,
  { eager: true },
);

const lazyProfileUpdateSchema = lazySchema(() =>
  import("~/modules/accounts/accounts.schema").then((m) => ({ schema: m.profileUpdateSchema })),
);
const lazyChangePasswordSchema = lazySchema(() =>
  import("~/modules/accounts/accounts.schema").then((m) => ({ schema: m.changePasswordSchema })),
);
const lazyEmailPreferencesSchema = lazySchema(() =>
  import("~/modules/notifications/notifications.schema").then((m) => ({ schema: m.emailPreferencesSchema })),
);

export function meta() {
  return [{ name: "description", content: "Your Setu profile and password." }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(appContext).runtime;
  const user = await requireUserPage(request, runtime);
  const [emailPreferences, verification, pushDevices] = await Promise.all([
    getEmailPreferences(runtime.db, user.id),
    getOwnVerification(runtime.db, user),
    ownPushDeviceCount(runtime.db, user.id),
  ]);
  return {
    email: user.email,
    profile: user.profile,
    emailPreferences,
    verification,
    push: { publicKey: runtime.push.vapid.publicKey, devices: pushDevices },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.get(appContext).runtime);
  const form = await readFormData(request);
  const read = parseInput(profileActionSchema, formValues(form, ["intent"]));
  if (!read.ok) return answer(context, { intent: null, message: read.message, reply: null }, { status: 400 });
  const { intent } = read.value;
  if (intent === "add-role") {
    const input = parseInput(addRoleSchema, formValues(form, ["role"]));
    const result = input.ok ? await addOwnRole(context.get(appContext).runtime.db, user, input.value) : input;
    // a new seller's next step is its store; a new buyer's, the marketplace
    if (!result.ok)
      return answer(
        context,
        { intent: "add-role" as const, message: result.message, reply: null },
        { status: result.status },
      );
    return redirectWithFlash(input.ok && input.value.role === "seller" ? "/stores" : "/dashboard?view=buyer", {
      type: "success",
      message: result.message,
    });
  }
  if (intent === "business-details") {
    // a buyer is told business details are for sellers before the form is read
    const input =
      refuseNonSellerVerification(user) ?? parseInput(businessDetailsSchema, formValues(form, BUSINESS_DETAIL_FIELDS));
    const { runtime } = context.get(appContext);
    const result = input.ok ? await saveOwnBusinessDetails(runtime.db, user, input.value, runtime.notifier) : input;
    if (result.ok) return redirectWithFlash("/profile", { type: "success", message: result.message });
    return answer(
      context,
      { intent: "business-details" as const, message: result.message, reply: refusedFormReply(result, form) },
      { status: result.status },
    );
  }
  if (intent === "verification-submit") {
    const { runtime } = context.get(appContext);
    // a buyer is told verification is for sellers before the form is read; which documents may be left out is
    // the last submission's
    const input =
      refuseNonSellerVerification(user) ??
      parseInput(
        verificationSubmissionSchema(await keptVerificationDocuments(runtime.db, user)),
        readVerificationForm(form),
      );
    const result = input.ok
      ? await submitForVerification(runtime.db, runtime.storage, user, input.value, runtime.notifier)
      : input;
    if (result.ok) return redirectWithFlash("/profile", { type: "success", message: result.message });
    return answer(
      context,
      {
        intent: "verification-submit" as const,
        message: result.message,
        fieldErrors: result.fieldErrors,
        reply: refusedFormReply(result, null),
      },
      { status: result.status },
    );
  }
  if (intent === "password") {
    const input = parseInput(
      changePasswordSchema,
      formValues(form, ["currentPassword", "newPassword", "confirmPassword"]),
    );
    const result = input.ok
      ? await changeOwnPassword(context.get(appContext).runtime, request.headers, input.value)
      : input;
    if (result.ok) return redirectWithFlash("/profile", { type: "success", message: result.message }, result.value);
    const reply = refusedFormReply(result, form, { hideFields: ["currentPassword", "newPassword", "confirmPassword"] });
    return answer(context, { intent: "password" as const, message: result.message, reply }, { status: 400 });
  }
  if (intent === "email-preferences") {
    const input = parseInput(emailPreferencesSchema, readEmailPreferencesForm(form));
    const result = input.ok
      ? await updateOwnEmailPreferences(
          context.get(appContext).runtime.db,
          user,
          input.value,
          emailKindsFor(user.profile),
        )
      : input;
    if (result.ok) return redirectWithFlash("/profile", { type: "success", message: result.message });
    return answer(
      context,
      { intent: "email-preferences" as const, message: result.message, reply: refusedFormReply(result, form) },
      { status: 400 },
    );
  }
  const input = parseInput(profileUpdateSchema, formValues(form, ["fullName", "companyName", "phone"]));
  const result = input.ok ? await updateOwnProfile(context.get(appContext).runtime.db, user, input.value) : input;
  if (result.ok) return redirectWithFlash("/profile", { type: "success", message: result.message });
  return answer(
    context,
    { intent: "profile" as const, message: result.message, reply: refusedFormReply(result, form) },
    { status: 400 },
  );
}

export const handle = { i18n: ["profile", "auth", "verification"] } satisfies I18nHandle;

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["profile", "auth", "common", "dashboard"]);
  const timeZone = useTimeZone();
  const { profile, email, emailPreferences, verification, push } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // only the e-mails this account's roles can receive: a buyer is not offered a seller's
  const emailKinds = emailKindsFor(profile);
  const [profileForm, profileFields] = useValidatedForm({
    id: "profile",
    schema: lazyProfileUpdateSchema,
    lastResult: actionData?.intent === "profile" ? actionData.reply : undefined,
    defaultValue: { fullName: profile.fullName, companyName: profile.companyName, phone: profile.phone ?? "" },
  });
  const [passwordForm, passwordFields] = useValidatedForm({
    id: "password",
    schema: lazyChangePasswordSchema,
    lastResult: actionData?.intent === "password" ? actionData.reply : undefined,
  });
  const [emailForm, emailFields] = useValidatedForm({
    id: "email-preferences",
    schema: lazyEmailPreferencesSchema,
    lastResult: actionData?.intent === "email-preferences" ? actionData.reply : undefined,
    defaultValue: Object.fromEntries(emailKinds.map((kind) => [kind, emailPreferences[kind] ? "on" : undefined])),
  });
  const passwordMessage = actionData?.intent === "password" ? actionData.message : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageTitle text="common:nav.profile" />
      <h1 className="text-3xl font-bold">{t("common:nav.profile")}</h1>
      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">{t("auth:tabs.account")}</h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">{t("auth:fields.email")}</dt>
            <dd className="font-medium">{email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("profile:account.roles")}</dt>
            <dd className="font-medium">
              {profile.isSeller && profile.isBuyer
                ? t("profile:account.sellerAndBuyer")
                : profile.isSeller
                  ? t("profile:account.seller")
                  : t("auth:roles.buyer")}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("profile:account.verification")}</dt>
            <dd>
              <Badge
                tone={
                  profile.verificationStatus === "verified"
                    ? "green"
                    : profile.verificationStatus === "rejected"
                      ? "red"
                      : "amber"
                }
              >
                {profile.verificationStatus === "verified"
                  ? t("dashboard:profileStatus.verified")
                  : profile.verificationStatus === "rejected"
                    ? t("profile:account.rejected")
                    : t("dashboard:profileStatus.pending")}
              </Badge>
              {profile.verificationStatus === "rejected" && profile.verificationNote ? (
                <p className="mt-1 text-sm text-red-700">
                  {t("dashboard:profileStatus.reason", { note: profile.verificationNote })}
                </p>
              ) : null}
            </dd>
          </div>
        </dl>
      </Card>

      <LanguageCard />

      {profile.isSeller && profile.isBuyer ? null : (
        <AddRoleCard role={profile.isSeller ? "buyer" : "seller"} busy={busy} />
      )}
      {actionData?.intent === "add-role" ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">{t("profile:contact.title")}</h2>
        <Form method="post" {...getFormProps(profileForm)} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <Field
            id={profileFields.fullName.id}
            label={t("auth:fields.fullName")}
            error={profileFields.fullName.errors?.[0]}
          >
            <Input {...getInputProps(profileFields.fullName, { type: "text" })} autoComplete="name" required />
          </Field>
          <Field
            id={profileFields.companyName.id}
            label={t("auth:fields.companyName")}
            error={profileFields.companyName.errors?.[0]}
          >
            <Input
              {...getInputProps(profileFields.companyName, { type: "text" })}
              autoComplete="organization"
              required
            />
          </Field>
          <Field id={profileFields.phone.id} label={t("profile:contact.phone")} error={profileFields.phone.errors?.[0]}>
            <Input {...getInputProps(profileFields.phone, { type: "tel" })} autoComplete="tel" />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {t("profile:contact.save")}
            </Button>
          </div>
        </Form>
      </Card>

      {verification ? (
        <>
          <VerificationPanel
            timeZone={timeZone}
            status={profile.verificationStatus}
            submissions={verification.submissions}
            fieldErrors={actionData?.intent === "verification-submit" ? actionData.fieldErrors : {}}
            message={actionData?.intent === "verification-submit" ? actionData.message : null}
            lastResult={actionData?.intent === "verification-submit" ? actionData.reply : undefined}
            busy={busy}
          />
          <BusinessDetailsForm
            timeZone={timeZone}
            // saved: the form starts again from the stored (normalised) values
            key={`${verification.details?.updatedAt ? String(verification.details.updatedAt) : "new"}:${verification.lock}`}
            details={verification.details}
            verified={profile.verificationStatus === "verified"}
            lock={verification.lock}
            pendingChange={verification.pendingChange}
            lastResult={actionData?.intent === "business-details" ? actionData.reply : undefined}
            busy={busy}
          />
        </>
      ) : null}

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">{t("profile:password.title")}</h2>
        {passwordMessage ? (
          <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {passwordMessage}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(passwordForm)} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="password" />
          <div className="sm:col-span-2">
            <Field
              id={passwordFields.currentPassword.id}
              label={t("profile:password.current")}
              error={passwordFields.currentPassword.errors?.[0]}
            >
              <PasswordInput
                {...getInputProps(passwordFields.currentPassword, { type: "password" })}
                autoComplete="current-password"
                required
              />
            </Field>
          </div>
          <Field
            id={passwordFields.newPassword.id}
            label={t("profile:password.new")}
            error={passwordFields.newPassword.errors?.[0]}
          >
            <PasswordInput
              {...getInputProps(passwordFields.newPassword, { type: "password" })}
              autoComplete="new-password"
              required
              minLength={6}
            />
          </Field>
          <Field
            id={passwordFields.confirmPassword.id}
            label={t("profile:password.confirm")}
            error={passwordFields.confirmPassword.errors?.[0]}
          >
            <PasswordInput
              {...getInputProps(passwordFields.confirmPassword, { type: "password" })}
              autoComplete="new-password"
              required
            />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" variant="outline" disabled={busy}>
              {t("profile:password.submit")}
            </Button>
          </div>
        </Form>
      </Card>

      <Card className="mt-6 p-6">
        <h2 id="email-preferences-heading" className="text-lg font-semibold">
          {t("profile:email.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("profile:email.intro")}</p>
        <Form
          method="post"
          {...getFormProps(emailForm)}
          className="mt-4"
          noValidate
          aria-labelledby="email-preferences-heading"
        >
          <input type="hidden" name="intent" value="email-preferences" />
          <fieldset>
            <legend className="sr-only">{t("profile:email.legend")}</legend>
            <ul className="grid gap-3">
              {emailKinds.map((kind) => {
                const field = emailFields[kind];
                return (
                  <li key={kind}>
                    <label htmlFor={field.id} className="flex items-start gap-3 text-sm text-slate-800">
                      <input
                        {...getInputProps(field, { type: "checkbox" })}
                        className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
                      />
                      <span>{t(`profile:email.kinds.${kind}`)}</span>
                    </label>
                    {field.errors?.[0] ? (
                      <p id={field.errorId} className="mt-1 text-sm text-red-600" role="alert">
                        {field.errors[0]}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <Button type="submit" className="mt-5" disabled={busy}>
            {t("profile:email.save")}
          </Button>
        </Form>
      </Card>

      <PushNotificationsCard publicKey={push.publicKey} devices={push.devices} />
    </div>
  );
}

/**
 * The account's other role, one click away (decision record 0052): a buyer starts selling, a seller buying, on the
 * same account and sign-in. Roles are added, never taken away here.
 */
function AddRoleCard({ role, busy }: { role: "buyer" | "seller"; busy: boolean }) {
  const { t } = useTranslation(["profile", "common", "dashboard"]);
  return (
    <Card id="roles" className="mt-6 scroll-mt-24 border-brand-200 bg-brand-50/40 p-6">
      <h2 className="text-lg font-semibold">
        {role === "seller" ? t("common:nav.sellOnSetu") : t("profile:addRole.buy")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {role === "seller" ? t("profile:addRole.sellText") : t("profile:addRole.buyText")}
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="add-role" />
        <input type="hidden" name="role" value={role} />
        <Button type="submit" disabled={busy}>
          {role === "seller" ? t("dashboard:becomeSeller") : t("profile:addRole.startBuying")}
        </Button>
      </Form>
    </Card>
  );
}

/** The language switch of the profile (the header has the other): stored on the account, for pages and e-mails. */
function LanguageCard() {
  const { t } = useTranslation(["profile", "common"]);
  const locale = useLocale();
  return (
    <Card id="language" className="mt-6 scroll-mt-24 p-6">
      <h2 id="language-heading" className="text-lg font-semibold">
        {t("common:language.label")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("profile:language.intro")}</p>
      {/* a plain form post (the header's switch posts there too): the page comes back in the chosen language */}
      <form method="post" action="/language" className="mt-4" aria-labelledby="language-heading">
        <input type="hidden" name="redirectTo" value="/profile" />
        <fieldset className="flex flex-wrap gap-3">
          <legend className="sr-only">{t("common:language.label")}</legend>
          {LOCALES.map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input type="radio" name="language" value={option} defaultChecked={option === locale} />
              <span lang={htmlLang(option)}>{LOCALE_NAMES[option]}</span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="outline" className="mt-4">
          {t("profile:language.save")}
        </Button>
      </form>
    </Card>
  );
}
