import { CheckCircle2, Mail, MapPin, Phone } from "lucide-react";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { lazySchema, refusedFormReply, useValidatedForm } from "~/components/forms/validated-form";
import { formValues, parseInput } from "~/lib/command-result";
import { CONTACT_FIELDS, CONTACT_TOPICS, contactMessageSchema } from "~/modules/contact/contact.schema";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { readFormData } from "~/http/form-data.server";
import type { Route } from "./+types/contact";
import { appContext } from "~/request-context.server";

const lazyContactMessageSchema = lazySchema(() =>
  import("~/modules/contact/contact.schema").then((m) => ({ schema: m.contactMessageSchema })),
);

export function meta() {
  return [
    { title: "Contact Us | Setu" },
    {
      name: "description",
      content: "Talk to the Setu team: sales, demos, support and partnerships for India-to-USA wholesale trade.",
    },
  ];
}

export function loader({ request }: Route.LoaderArgs) {
  const topic = new URL(request.url).searchParams.get("topic");
  return { topic: CONTACT_TOPICS.some((t) => t.value === topic) ? topic! : "general" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, clientIp } = context.get(appContext);
  const values = formValues(await readFormData(request), CONTACT_FIELDS);
  const input = parseInput(contactMessageSchema, values);
  const result = input.ok ? await submitContactMessage(runtime.db, input.value, clientIp) : input;
  if (result.ok) return { ok: true as const };
  // a refusal no field owns (too many messages) is the form's own
  const formError = Object.keys(result.fieldErrors).length === 0 ? result.message : null;
  return data(
    { ok: false as const, reply: refusedFormReply({ fieldErrors: result.fieldErrors, formError }, values) },
    { status: result.status },
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useValidatedForm({
    id: "contact",
    schema: lazyContactMessageSchema,
    lastResult: actionData && !actionData.ok ? actionData.reply : undefined,
    defaultValue: { topic: loaderData.topic },
  });

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold">Contact Us</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        Questions about sourcing from India, selling to US buyers, or a demo of Setu? Write to us and our team answers
        within one business day.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2">
          {actionData?.ok ? (
            <div role="status" className="py-8 text-center">
              <CheckCircle2 className="mx-auto size-12 text-green-600" aria-hidden />
              <h2 className="mt-4 text-xl font-semibold">Thank you! Your message has been sent.</h2>
              <p className="mt-2 text-slate-600">We will reply to you by e-mail within one business day.</p>
              <Link to="/" className="mt-6 inline-block font-medium text-brand-700 hover:underline">
                Return to Home
              </Link>
            </div>
          ) : (
            <Form method="post" {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2" noValidate>
              {form.errors ? (
                <p
                  id={form.errorId}
                  role="alert"
                  className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 sm:col-span-2"
                >
                  {form.errors[0]}
                </p>
              ) : null}
              <Field id={fields.name.id} label="Your name" error={fields.name.errors?.[0]}>
                <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" required />
              </Field>
              <Field id={fields.email.id} label="Work e-mail" error={fields.email.errors?.[0]}>
                <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" required />
              </Field>
              <Field id={fields.company.id} label="Company (optional)" error={fields.company.errors?.[0]}>
                <Input {...getInputProps(fields.company, { type: "text" })} autoComplete="organization" />
              </Field>
              <Field id={fields.topic.id} label="Topic" error={fields.topic.errors?.[0]}>
                <Select {...getSelectProps(fields.topic)}>
                  {CONTACT_TOPICS.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </Select>
              </Field>
              <div className="sm:col-span-2">
                <Field id={fields.message.id} label="Message" error={fields.message.errors?.[0]}>
                  <Textarea {...getTextareaProps(fields.message)} rows={6} required />
                </Field>
              </div>
              <div className="sm:col-span-2">
                <Button type="submit" disabled={sending}>
                  {sending ? "Sending..." : "Send Message"}
                </Button>
              </div>
            </Form>
          )}
        </Card>
        <aside className="space-y-4 text-sm">
          <Card className="p-6">
            <h2 className="font-semibold">Reach us directly</h2>
            <ul className="mt-4 space-y-3 text-slate-700">
              <li className="flex gap-3">
                <Mail className="size-5 text-brand-600" aria-hidden /> hello@setu.example
              </li>
              <li className="flex gap-3">
                <Phone className="size-5 text-brand-600" aria-hidden /> +1 (646) 555-0142 (US) · +91 80 5550 1420
                (India)
              </li>
              <li className="flex gap-3">
                <MapPin className="size-5 text-brand-600" aria-hidden /> New York · Bengaluru
              </li>
            </ul>
          </Card>
          <Card className="p-6">
            <h2 className="font-semibold">Looking for answers?</h2>
            <p className="mt-2 text-slate-600">
              Our{" "}
              <Link to="/help" className="text-brand-700 underline">
                Help Center
              </Link>{" "}
              covers RFQs, quotes, verification and shipping.
            </p>
          </Card>
        </aside>
      </div>
    </div>
  );
}
