import { MailX } from "lucide-react";
import { data, Form } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { EmailKind } from "~/modules/notifications/notifications.schema";
import { setEmailPreference, verifyUnsubscribe } from "~/modules/notifications/notifications.server";
import type { Route } from "./+types/unsubscribe";
import { appContext } from "~/request-context.server";
import { localeOf } from "~/i18n/i18next.server";
import { textsIn } from "~/i18n/resources.server";

/** The kind's words in the page's language: the profile's e-mail choices' (one text for both pages). */
function kindLabel(context: Route.LoaderArgs["context"], kind: EmailKind): string {
  return textsIn(localeOf(context))(`profile:email.kinds.${kind}`);
}

export function meta() {
  return [{ title: "Unsubscribe | Setu" }, { name: "robots", content: "noindex" }];
}

/** GET shows what the link would turn off (a GET changes nothing: mail scanners open links); POST turns it off. */
export function loader({ request, context }: Route.LoaderArgs) {
  const link = verifyUnsubscribe(context.get(appContext).runtime.notifier.secret, new URL(request.url).searchParams);
  if (!link) throw data("This unsubscribe link is not valid.", { status: 404 });
  return { label: kindLabel(context, link.kind), done: false };
}

/**
 * One click: the form below, or a mail client's RFC 8058 POST (which carries no Origin of ours: the signed
 * link authenticates it, server/security-headers.ts lets it through).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const link = verifyUnsubscribe(runtime.notifier.secret, new URL(request.url).searchParams);
  if (!link) throw data("This unsubscribe link is not valid.", { status: 404 });
  await setEmailPreference(runtime.db, link.userId, link.kind, false);
  return { label: kindLabel(context, link.kind), done: true };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { label, done } = actionData ?? loaderData;
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Card className="p-8 text-center">
        <MailX className="mx-auto size-10 text-slate-400" aria-hidden />
        {done ? (
          <div role="status">
            <h1 className="mt-3 text-2xl font-bold">You are unsubscribed</h1>
            <p className="mt-2 text-slate-600">
              We will no longer e-mail you when: <strong>{label.toLowerCase()}</strong>. You still see these on Setu,
              and you can turn the e-mails back on from your profile.
            </p>
            <ButtonLink to="/profile" variant="outline" className="mt-6">
              E-mail preferences
            </ButtonLink>
          </div>
        ) : (
          <>
            <h1 className="mt-3 text-2xl font-bold">Stop these e-mails?</h1>
            <p className="mt-2 text-slate-600">
              E-mails sent when: <strong>{label.toLowerCase()}</strong>.
            </p>
            <Form method="post" className="mt-6">
              <Button type="submit">Unsubscribe</Button>
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}
