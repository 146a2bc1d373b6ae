import { data, Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/field";
import { readFormData } from "~/lib/form-data.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { PasswordInput } from "~/modules/accounts/components/password-input";
import { changeOwnPassword, updateOwnProfile } from "~/modules/accounts/profile-commands.server";
import { requireUser, requireUserPage } from "~/modules/accounts/session.server";
import type { Route } from "./+types/profile";
import { appContext } from "~/request-context.server";

export function meta() {
  return [{ title: "Profile | Setu" }, { name: "description", content: "Your Setu profile and password." }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUserPage(request, context.get(appContext).runtime);
  return { email: user.email, profile: user.profile };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context.get(appContext).runtime);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "password") {
    const result = await changeOwnPassword(context.get(appContext).runtime, request.headers, form);
    if (result.ok) return redirectWithFlash("/profile", { type: "success", message: result.message }, result.headers);
    return data({ intent: "password" as const, ...result }, { status: 400 });
  }
  const result = await updateOwnProfile(context.get(appContext).runtime.db, user, form);
  if (result.ok) return redirectWithFlash("/profile", { type: "success", message: result.message });
  return data({ intent: "profile" as const, ...result }, { status: 400 });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, email } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const profileErrors = actionData?.intent === "profile" && !actionData.ok ? actionData.fieldErrors : {};
  const passwordErrors = actionData?.intent === "password" && !actionData.ok ? actionData.fieldErrors : {};
  const passwordMessage = actionData?.intent === "password" && !actionData.ok ? actionData.message : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Profile</h1>
      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">Account</h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Email</dt>
            <dd className="font-medium">{email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Role</dt>
            <dd className="font-medium">{profile.userType === "seller" ? "Seller (Indian supplier)" : "Buyer"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Verification</dt>
            <dd>
              <Badge tone={profile.verificationStatus === "verified" ? "green" : profile.verificationStatus === "rejected" ? "red" : "amber"}>
                {profile.verificationStatus === "verified" ? "Verified" : profile.verificationStatus === "rejected" ? "Rejected" : "Pending Verification"}
              </Badge>
            </dd>
          </div>
        </dl>
      </Card>

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">Business details</h2>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <Field id="profile-name" label="Full Name" error={profileErrors.fullName}>
            <Input id="profile-name" name="fullName" defaultValue={profile.fullName} autoComplete="name" required />
          </Field>
          <Field id="profile-company" label="Company Name" error={profileErrors.companyName}>
            <Input id="profile-company" name="companyName" defaultValue={profile.companyName} autoComplete="organization" required />
          </Field>
          <Field id="profile-phone" label="Phone" error={profileErrors.phone}>
            <Input id="profile-phone" name="phone" type="tel" defaultValue={profile.phone ?? ""} autoComplete="tel" />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Save Changes
            </Button>
          </div>
        </Form>
      </Card>

      <Card className="mt-6 p-6">
        <h2 className="text-lg font-semibold">Change password</h2>
        {passwordMessage ? (
          <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {passwordMessage}
          </p>
        ) : null}
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="password" />
          <div className="sm:col-span-2">
            <Field id="current-password" label="Current Password" error={passwordErrors.currentPassword}>
              <PasswordInput id="current-password" name="currentPassword" autoComplete="current-password" required />
            </Field>
          </div>
          <Field id="new-password" label="New Password" error={passwordErrors.newPassword}>
            <PasswordInput id="new-password" name="newPassword" autoComplete="new-password" required minLength={6} />
          </Field>
          <Field id="confirm-new-password" label="Confirm New Password" error={passwordErrors.confirmPassword}>
            <PasswordInput id="confirm-new-password" name="confirmPassword" autoComplete="new-password" required />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" variant="outline" disabled={busy}>
              Change Password
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
