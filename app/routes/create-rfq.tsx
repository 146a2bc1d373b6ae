import { ArrowLeft } from "lucide-react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { UNITS } from "~/lib/categories";
import { DEADLINE_TIME_ZONE_LABEL, todayUtc } from "~/lib/deadline";
import { redirectWithFlash } from "~/lib/flash.server";
import { readFormData } from "~/lib/form-data.server";
import { getSessionUser } from "~/modules/accounts/session.server";
import { rfqPrefillFromProduct } from "~/modules/rfqs/rfq-prefill.server";
import { RFQ_CATEGORIES } from "~/modules/rfqs/rfq.schema";
import { createRfq } from "~/modules/rfqs/rfqs.server";
import type { Route } from "./+types/create-rfq";
import { appContext } from "~/request-context.server";

const LOGIN_MESSAGE = "Please log in to create an RFQ";

export function meta() {
  return [{ title: "Create RFQ | Setu" }, { name: "description", content: "Post a request for quote to verified Indian suppliers." }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  const prefill = await rfqPrefillFromProduct(context.get(appContext).runtime.db, new URL(request.url).searchParams.get("product"));
  return { signedIn: Boolean(user?.profile), prefill, today: todayUtc() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  if (!user?.profile) return data({ ok: false as const, message: LOGIN_MESSAGE, fieldErrors: {} as Record<string, string>, values: {} as Record<string, string> }, { status: 401 });
  const form = await readFormData(request);
  const result = await createRfq(context.get(appContext).runtime.db, { ...user, profile: user.profile }, form);
  if (result.ok) return redirectWithFlash("/rfqs", { type: "success", message: result.message });
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  return data({ ok: false as const, message: result.message || "Failed to create RFQ", fieldErrors: result.fieldErrors, values }, { status: result.status });
}

export default function CreateRfq({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { prefill, today } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const v = actionData?.values ?? {};
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `rfq-${name}-error` } : {});

  if (!loaderData.signedIn) {
    return (
      <section className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Create RFQ</h1>
        <p className="mt-2 text-slate-600">{LOGIN_MESSAGE}</p>
        <ButtonLink to={`/auth?redirectTo=${encodeURIComponent(prefill ? `/create-rfq?product=${prefill.productId}` : "/create-rfq")}`} className="mt-6">
          Sign In
        </ButtonLink>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <button type="button" onClick={() => navigate(-1)} className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft className="size-4" aria-hidden /> Back
      </button>
      <h1 className="mt-4 text-3xl font-bold">Create RFQ</h1>
      <p className="mt-1 text-slate-600">Describe what you need; verified Indian suppliers send you sealed quotes.</p>
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}

      <Form method="post" className="mt-6 space-y-6" noValidate>
        <Card className="space-y-4 p-6">
          <h2 className="text-lg font-semibold">Basic Information</h2>
          <Field id="rfq-title" label="RFQ Title" error={errors.title}>
            <Input id="rfq-title" name="title" required maxLength={200} defaultValue={v.title ?? prefill?.title ?? ""} {...described("title")} />
          </Field>
          <Field id="rfq-category" label="Category" error={errors.category}>
            <Select id="rfq-category" name="category" required defaultValue={v.category ?? prefill?.category ?? ""} {...described("category")}>
              <option value="" disabled>
                Select a category
              </option>
              {RFQ_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="rfq-description" label="Description" error={errors.description}>
            <Textarea id="rfq-description" name="description" required rows={4} defaultValue={v.description ?? ""} {...described("description")} />
          </Field>
          <Field id="rfq-specifications" label="Technical Specifications (optional)" error={errors.specifications} hint="Sizes, materials, certifications, packaging. Kept exactly as you type it.">
            <Textarea id="rfq-specifications" name="specifications" rows={4} defaultValue={v.specifications ?? ""} />
          </Field>
        </Card>

        <Card className="grid gap-4 p-6 sm:grid-cols-2">
          <h2 className="text-lg font-semibold sm:col-span-2">Quantity &amp; Budget</h2>
          <Field id="rfq-quantity" label="Quantity" error={errors.quantity}>
            <Input id="rfq-quantity" name="quantity" type="number" min={1} step={1} inputMode="numeric" required defaultValue={v.quantity ?? prefill?.quantity ?? ""} {...described("quantity")} />
          </Field>
          <Field id="rfq-unit" label="Unit" error={errors.unit}>
            <Select id="rfq-unit" name="unit" defaultValue={v.unit ?? prefill?.unit ?? "pieces"}>
              {UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="rfq-budgetMin" label="Minimum Budget (USD, optional)" error={errors.budgetMin}>
            <Input id="rfq-budgetMin" name="budgetMin" type="number" min={0} step={0.01} inputMode="decimal" defaultValue={v.budgetMin ?? ""} {...described("budgetMin")} />
          </Field>
          <Field id="rfq-budgetMax" label="Maximum Budget (USD, optional)" error={errors.budgetMax}>
            <Input id="rfq-budgetMax" name="budgetMax" type="number" min={0} step={0.01} inputMode="decimal" defaultValue={v.budgetMax ?? ""} {...described("budgetMax")} />
          </Field>
        </Card>

        <Card className="grid gap-4 p-6 sm:grid-cols-2">
          <h2 className="text-lg font-semibold sm:col-span-2">Delivery &amp; Timeline</h2>
          <Field id="rfq-deliveryLocation" label="Delivery Location" error={errors.deliveryLocation}>
            <Input id="rfq-deliveryLocation" name="deliveryLocation" required placeholder="City, State" defaultValue={v.deliveryLocation ?? ""} {...described("deliveryLocation")} />
          </Field>
          <Field id="rfq-deadline" label="Quote Submission Deadline" error={errors.deadline} hint={`Quotes close at the end of this day (${DEADLINE_TIME_ZONE_LABEL}).`}>
            <Input id="rfq-deadline" name="deadline" type="date" required min={today} defaultValue={v.deadline ?? ""} {...described("deadline")} />
          </Field>
        </Card>

        <div className="flex flex-wrap justify-end gap-3">
          <Link to="/rfqs" className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-medium hover:bg-slate-50">
            Cancel
          </Link>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating..." : "Create RFQ"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
