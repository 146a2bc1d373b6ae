import { useCategoryName } from "~/i18n/use-category-name";
import { Download, ExternalLink, Globe, Mail, Phone, QrCode, Settings, Store as StoreIcon } from "lucide-react";
import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { Disclosure } from "~/components/ui/disclosure";
import { toast } from "~/components/ui/toast";
import { Badge, statusTone } from "~/components/ui/badge";
import { useVerificationBadgeLabel, VerificationBadge } from "~/modules/accounts/components/verification-badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { answer } from "~/i18n/feedback.server";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { refusedFormReply, type FormReply } from "~/components/forms/validated-form";
import { getSessionUser, isSeller, requireSellerPage } from "~/modules/accounts/session.server";
import { StoreDetailsFields, useStoreDetailsForm } from "~/modules/stores/components/store-details-fields";
import { defaultBusinessHours, readStoreForm } from "~/modules/stores/store-form-values";
import { createStore, generateStoreQr, listOwnStores } from "~/modules/stores/stores.server";
import { STORES_ACTION_FIELDS, storeDetailsSchema, storesActionSchema } from "~/modules/stores/store-form.schema";
import { formValues, parseInput } from "~/lib/command-result";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/stores";
import { appContext } from "~/request-context.server";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";
import { useStatusLabel } from "~/i18n/use-status-label";

export function meta() {
  return [{ name: "description", content: "Manage your store listings and QR codes." }];
}

const SELLERS_PAGE = {
  heading: "Seller Access Required",
  message: "This page is only available for seller accounts.",
  // a buyer adds selling to the same account (decision record 0052)
  link: { to: "/profile#roles", label: "Become a seller" },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSellerPage(request, context.get(appContext).runtime, {
    signedOut: { ...SELLERS_PAGE, link: { to: "/auth?redirectTo=/stores", label: "Sign In" } },
    notSeller: SELLERS_PAGE,
  });
  return {
    stores: await listOwnStores(context.get(appContext).runtime.db, user, context.get(appContext).runtime.publicUrl),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context.get(appContext).runtime);
  if (!isSeller(user))
    return answer(context, { ok: false, intent: "", message: SELLERS_PAGE.message, reply: null }, { status: 403 });
  const form = await readFormData(request);
  const posted = parseInput(storesActionSchema, formValues(form, STORES_ACTION_FIELDS));
  if (!posted.ok)
    return answer(context, { ok: false, intent: "", message: posted.message, reply: null }, { status: posted.status });
  const { intent, storeId } = posted.value;
  const { runtime } = context.get(appContext);
  if (intent === "qr") {
    const result = await generateStoreQr(runtime.db, user, storeId, runtime.publicUrl);
    if (result.ok) return redirectWithFlash("/stores", { type: "success", message: result.message });
    return answer(
      context,
      { ok: false, intent, message: "Failed to generate QR code", reply: null },
      { status: result.status },
    );
  }
  const details = parseInput(storeDetailsSchema, readStoreForm(form));
  const result = details.ok ? await createStore(runtime.db, user, details.value, runtime.publicUrl) : details;
  if (result.ok) return redirectWithFlash("/stores", { type: "success", message: result.message });
  return answer(
    context,
    {
      ok: false,
      intent,
      message: result.message || "Failed to create store",
      reply: refusedFormReply(result, readStoreForm(form)),
    },
    { status: result.status },
  );
}

export const handle = { i18n: ["stores", "verification"] } satisfies I18nHandle;

/** Create Store: closed until opened, open again with the server's messages when a post was refused. */
function CreateStoreForm({
  lastResult,
  busy,
  open,
}: {
  lastResult: FormReply | null | undefined;
  busy: boolean;
  open: boolean;
}) {
  const { t } = useTranslation(["stores"]);
  const [form, fields] = useStoreDetailsForm({
    id: "create-store",
    lastResult,
    defaultValue: { country: "India", businessHours: defaultBusinessHours() },
  });
  return (
    <Disclosure
      trigger={
        <>
          <StoreIcon className="size-4" aria-hidden /> {t("stores:list.create")}
        </>
      }
      openHref="/stores?create=1"
      defaultOpen={open || Boolean(lastResult)}
    >
      <Form method="post" {...getFormProps(form)} className="mt-6" noValidate>
        <input type="hidden" name="intent" value="create" />
        <StoreDetailsFields fields={fields} />
        <Button type="submit" className="mt-6" disabled={busy}>
          {busy ? t("stores:list.creating") : t("stores:list.create")}
        </Button>
      </Form>
    </Disclosure>
  );
}

export default function Stores({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["stores"]);
  const categoryName = useCategoryName();
  const statusLabel = useStatusLabel();
  const badgeLabel = useVerificationBadgeLabel();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { stores } = loaderData;
  const createFailed = actionData && !actionData.ok && actionData.intent === "create";
  const loading = navigation.state === "loading" && navigation.location.pathname === "/stores";

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle text="common:nav.myStores" />
      <header>
        <h1 className="text-3xl font-bold">{t("stores:list.title")}</h1>
        <p className="mt-1 text-slate-600">{t("stores:list.intro")}</p>
      </header>
      {actionData && !actionData.ok ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}

      {/* keyed by the newest store: after a successful create the form closes and its fields reset */}
      <Card className="mt-6 p-6" key={stores[0]?.id ?? "no-stores"}>
        <CreateStoreForm
          lastResult={createFailed ? actionData.reply : undefined}
          busy={navigation.state === "submitting"}
          open={params.get("create") === "1"}
        />
      </Card>

      {loading ? (
        <p className="mt-8 text-center text-slate-600">{t("stores:list.loading")}</p>
      ) : stores.length === 0 ? (
        <Card className="mt-6 p-12 text-center">
          <StoreIcon className="mx-auto size-10 text-slate-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">{t("stores:list.emptyTitle")}</h2>
          <p className="mt-1 text-sm text-slate-600">{t("stores:list.emptyText")}</p>
        </Card>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {stores.map((store) => (
            <li key={store.id}>
              <Card className="flex h-full flex-col p-5">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="text-lg font-semibold">{store.name}</h2>
                  {store.qrCodeData ? (
                    <img
                      src={store.qrCodeData}
                      alt={t("stores:qr.alt", { name: store.name })}
                      className="size-16 rounded border border-slate-200"
                    />
                  ) : null}
                </div>
                <div className="mt-2 flex flex-wrap gap-2">
                  <VerificationBadge verified={store.verificationStatus === "verified"} label={badgeLabel} />
                  <Badge tone={statusTone(store.status)}>{statusLabel(store.status)}</Badge>
                </div>
                {store.description ? (
                  <p className="mt-3 line-clamp-2 text-sm text-slate-600">{store.description}</p>
                ) : null}
                {store.categories.length > 0 ? (
                  <div className="mt-3 flex flex-wrap gap-1">
                    {store.categories.slice(0, 3).map((c) => (
                      <Badge key={c}>{categoryName(c)}</Badge>
                    ))}
                    {store.categories.length > 3 ? (
                      <Badge>{t("stores:list.more", { count: store.categories.length - 3 })}</Badge>
                    ) : null}
                  </div>
                ) : null}
                <ul className="mt-3 space-y-1 text-sm text-slate-600">
                  {store.phone ? (
                    <li className="flex items-center gap-2">
                      <Phone className="size-3.5" aria-hidden /> {store.phone}
                    </li>
                  ) : null}
                  {store.email ? (
                    <li className="flex items-center gap-2">
                      <Mail className="size-3.5" aria-hidden /> {store.email}
                    </li>
                  ) : null}
                  {store.website ? (
                    <li className="flex items-center gap-2 truncate">
                      <Globe className="size-3.5 shrink-0" aria-hidden />{" "}
                      <span className="truncate">{store.website}</span>
                    </li>
                  ) : null}
                </ul>
                <div className="mt-auto flex flex-wrap gap-2 pt-4">
                  <ButtonLink to={`/stores/${store.id}/manage`} size="sm">
                    <Settings className="size-3.5" aria-hidden /> {t("stores:list.manage")}
                  </ButtonLink>
                  <ButtonLink to={`/stores/${store.id}`} size="sm" variant="outline">
                    <ExternalLink className="size-3.5" aria-hidden /> {t("stores:list.view")}
                  </ButtonLink>
                  <Form method="post">
                    <input type="hidden" name="intent" value="qr" />
                    <input type="hidden" name="storeId" value={store.id} />
                    <Button
                      type="submit"
                      size="sm"
                      variant="outline"
                      aria-label={t("stores:qr.generate", { name: store.name })}
                    >
                      <QrCode className="size-3.5" aria-hidden /> {t("stores:qr.button")}
                    </Button>
                  </Form>
                  {store.hasQr ? (
                    <Link
                      to={`/stores/${store.id}/qr.png`}
                      reloadDocument
                      download
                      onClick={() => toast.success(t("stores:qr.downloaded"))}
                      className="inline-flex h-8 items-center gap-1 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50"
                      aria-label={t("stores:qr.downloadLabel", { name: store.name })}
                    >
                      <Download className="size-3.5" aria-hidden /> {t("stores:qr.download")}
                    </Link>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
