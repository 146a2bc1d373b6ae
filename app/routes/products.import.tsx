import { useEffect } from "react";
import { Download, FileSpreadsheet, Upload } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/field";
import { readFormData } from "~/http/form-data.server";
import { answer } from "~/i18n/feedback.server";
import { feedbackIn } from "~/i18n/feedback";
import { localeOf } from "~/i18n/i18next.server";
import { redirectWithFlash } from "~/http/flash.server";
import { getSessionUser, requireSellerPage } from "~/modules/accounts/session.server";
import {
  commitCatalogueImport,
  discardCatalogueImport,
  getCatalogueImport,
  latestCatalogueImport,
  type ImportView,
} from "~/modules/catalogue-import/catalogue-import.server";
import { checkUploadedCatalogue } from "~/modules/catalogue-import/catalogue-upload.server";
import { MAX_IMPORT_ROWS } from "~/modules/catalogue-import/row-checks";
import { appContext } from "~/request-context.server";
import { isUuid } from "~/lib/uuid";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/products.import";
import { useTranslation } from "~/i18n/use-translation";
import type { I18nHandle } from "~/i18n/config";
import { useLocale } from "~/components/layout/use-root-user";
import { formatNumber } from "~/lib/numbers";

const REFUSED = {
  signedOut: {
    heading: "Access Required",
    message: "Please sign in to import your products.",
    link: { to: "/auth?redirectTo=/products/import", label: "Sign In" },
  },
  notSeller: {
    heading: "Seller Account Required",
    message: "Only seller accounts can import products.",
    link: { to: "/profile#roles", label: "Become a seller" },
  },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(appContext).runtime;
  const actor = await requireSellerPage(request, runtime, REFUSED);
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  const store = url.searchParams.get("store");
  let current: ImportView | null = null;
  if (id) {
    current = await getCatalogueImport(runtime.db, actor, id);
    if (!current)
      throw data({ heading: "Import not found", message: "This import is not one of yours." }, { status: 404 });
  } else {
    const latest = await latestCatalogueImport(runtime.db, actor);
    // an import under way (or waiting for its commit) is shown when the seller comes back
    if (latest && latest.status !== "done") current = latest;
  }
  // the refused rows' reasons (and the ZIP's column) the checks wrote in English, in the reader's language
  const locale = localeOf(context);
  if (current)
    current = {
      ...current,
      refused: current.refused.map((r) => ({
        ...r,
        column: feedbackIn(locale, r.column),
        reason: feedbackIn(locale, r.reason),
      })),
    };
  return { current, storeId: store && isUuid(store) ? store : (current?.storeId ?? null), maxRows: MAX_IMPORT_ROWS };
}

type ActionData = { ok: false; message: string; problems: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(appContext).runtime;
  const user = await getSessionUser(request, runtime);
  if (!user?.profile)
    return answer<ActionData>(context, { ok: false, message: "Please sign in.", problems: [] }, { status: 401 });
  const actor = { ...user, profile: user.profile };
  if (!actor.profile.isSeller)
    return answer<ActionData>(
      context,
      { ok: false, message: "Only seller accounts can import products.", problems: [] },
      { status: 403 },
    );
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const checked = await checkUploadedCatalogue(runtime, actor, request);
    if (!checked.ok)
      return answer<ActionData>(
        context,
        {
          ok: false,
          message: checked.message,
          problems: checked.problems.map((problem) => feedbackIn(localeOf(context), problem)),
        },
        { status: checked.status },
      );
    return redirect(`/products/import?id=${checked.importId}`);
  }
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const importId = String(form.get("importId") ?? "");
  const result =
    intent === "commit"
      ? await commitCatalogueImport(runtime, actor, importId)
      : intent === "discard"
        ? await discardCatalogueImport(runtime, actor, importId)
        : ({ ok: false, status: 400, message: "Unknown action" } as const);
  if (!result.ok)
    return answer<ActionData>(context, { ok: false, message: result.message, problems: [] }, { status: result.status });
  if (intent === "discard") return redirectWithFlash("/products/import", { type: "success", message: result.message });
  return redirect(`/products/import?id=${importId}`);
}

export const handle = { i18n: ["import"] } satisfies I18nHandle;

/** A count as the page's language writes it ("10,000"; in Hindi lakh grouping). */
function useNumber() {
  const locale = useLocale();
  return (n: number) => formatNumber(n, locale);
}

function Downloads({ storeId }: { storeId: string | null }) {
  const { t } = useTranslation(["import"]);
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">{t("import:template.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("import:template.text")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a className={buttonClasses("outline")} href="/products/import/template?format=xlsx" download>
          <FileSpreadsheet className="size-4" aria-hidden /> {t("import:template.xlsx")}
        </a>
        <a className={buttonClasses("outline")} href="/products/import/template?format=csv" download>
          <Download className="size-4" aria-hidden /> {t("import:template.csv")}
        </a>
      </div>
      <h3 className="mt-4 font-medium">{t("import:template.orExport")}</h3>
      <div className="mt-2 flex flex-wrap gap-2">
        <a className={buttonClasses("outline")} href="/products/export?format=xlsx" download>
          <Download className="size-4" aria-hidden /> {t("import:template.exportXlsx")}
        </a>
        <a className={buttonClasses("outline")} href="/products/export?format=csv" download>
          <Download className="size-4" aria-hidden /> {t("import:template.exportCsv")}
        </a>
      </div>
      {storeId ? <p className="mt-3 text-xs text-slate-500">{t("import:template.store")}</p> : null}
    </Card>
  );
}

function UploadForm({ storeId, maxRows, failed }: { storeId: string | null; maxRows: number; failed?: ActionData }) {
  const { t } = useTranslation(["import"]);
  const number = useNumber();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">{t("import:upload.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("import:upload.text")}</p>
      <Form method="post" encType="multipart/form-data" className="mt-4 space-y-4">
        {storeId ? <input type="hidden" name="storeId" value={storeId} /> : null}
        <Field id="sheet" label={t("import:upload.sheet", { rows: number(maxRows) })}>
          <Input id="sheet" name="sheet" type="file" accept=".csv,.xlsx,text/csv" required className="h-auto py-1.5" />
        </Field>
        <Field id="pictures" label={t("import:upload.pictures")} hint={t("import:upload.picturesHint")}>
          <Input id="pictures" name="pictures" type="file" accept=".zip,application/zip" className="h-auto py-1.5" />
        </Field>
        <Button type="submit" disabled={busy}>
          <Upload className="size-4" aria-hidden /> {busy ? t("import:upload.checking") : t("import:upload.check")}
        </Button>
      </Form>
      {failed ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">{failed.message}</p>
          {failed.problems.length ? (
            <ul className="mt-1 list-disc pl-5">
              {failed.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function RefusedRows({ current }: { current: ImportView }) {
  const { t } = useTranslation(["import"]);
  const number = useNumber();
  if (current.refusedCount === 0) return <p className="mt-3 text-sm text-green-700">{t("import:report.allPassed")}</p>;
  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium">
          {t("import:report.problems", { count: current.refusedCount, n: number(current.refusedCount) })}
        </h3>
        <a className="text-sm text-brand-700 underline" href={`/products/import/${current.id}/report.csv`} download>
          {t("import:report.download")}
        </a>
      </div>
      <ul
        className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 text-sm"
        aria-label={t("import:report.refusedRows")}
      >
        {current.refused.map((r, i) => (
          <li key={i} className="grid gap-1 p-2 sm:grid-cols-[6rem_9rem_1fr]">
            <span className="font-medium">
              {r.row === 0 ? t("import:report.zip") : t("import:report.row", { row: r.row })}
            </span>
            <span className="text-slate-600">{r.column}</span>
            <span>{r.reason}</span>
          </li>
        ))}
      </ul>
      {current.refusedCount > current.refused.length ? (
        <p className="mt-1 text-xs text-slate-500">
          {t("import:report.firstShown", { n: number(current.refused.length) })}
        </p>
      ) : null}
    </div>
  );
}

function Preview({ current }: { current: ImportView }) {
  const { t } = useTranslation(["import"]);
  const number = useNumber();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const writes = current.toCreate + current.toUpdate + current.unchanged;
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">{t("import:preview.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{current.fileName}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t("import:preview.summary")}>
        {[
          [t("import:preview.toCreate"), current.toCreate],
          [t("import:preview.toUpdate"), current.toUpdate],
          [t("import:preview.unchanged"), current.unchanged],
          [t("import:preview.rowsRefused"), new Set(current.refused.filter((r) => r.row > 0).map((r) => r.row)).size],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-200 p-3">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{number(Number(value))}</dd>
          </div>
        ))}
      </dl>
      <RefusedRows current={current} />
      <div className="mt-4 flex flex-wrap gap-2">
        {writes > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="commit" />
            <input type="hidden" name="importId" value={current.id} />
            <Button type="submit" disabled={busy}>
              {t("import:preview.import", { count: writes, n: number(writes) })}
            </Button>
          </Form>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="discard" />
          <input type="hidden" name="importId" value={current.id} />
          <Button type="submit" variant="outline" disabled={busy}>
            {t("import:preview.discard")}
          </Button>
        </Form>
      </div>
    </Card>
  );
}

function Progress({ current }: { current: ImportView }) {
  const { t } = useTranslation(["import"]);
  const number = useNumber();
  const revalidator = useRevalidator();
  const running = current.status === "queued" || current.status === "running";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">
        {running ? t("import:progress.importing") : t("import:progress.finished")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{current.fileName}</p>
      <label htmlFor="import-progress" className="mt-4 block text-sm font-medium" aria-live="polite">
        {current.status === "queued" && current.rowsDone === 0
          ? t("import:progress.waiting")
          : t("import:progress.rowsDone", { done: number(current.rowsDone), total: number(current.totalRows) })}
      </label>
      <progress
        id="import-progress"
        className="mt-2 h-3 w-full accent-brand-600"
        max={Math.max(current.totalRows, 1)}
        value={current.rowsDone}
      />
      {!running ? (
        <>
          <p className="mt-3 text-sm" role="status">
            {t("import:progress.result", {
              created: number(current.created),
              updated: number(current.updated),
              unchanged: number(current.leftUnchanged),
            })}
          </p>
          <RefusedRows current={current} />
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink to="/products">{t("import:progress.toProducts")}</ButtonLink>
            <ButtonLink to="/products/import" variant="outline">
              {t("import:progress.another")}
            </ButtonLink>
          </div>
        </>
      ) : (
        <p className="mt-3 text-xs text-slate-500">{t("import:progress.canLeave")}</p>
      )}
    </Card>
  );
}

export default function ImportProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["import"]);
  const { current, storeId, maxRows } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <PageTitle text="common:pageTitle.importProducts" />
      <p className="text-sm">
        <Link to="/products" className="text-brand-700 hover:underline">
          {t("import:back")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t("import:title")}</h1>
      <p className="mt-1 text-sm text-slate-600">{t("import:intro")}</p>
      <div className="mt-6 space-y-6">
        {current?.status === "checked" ? (
          <Preview current={current} />
        ) : current && current.status !== "discarded" ? (
          <Progress current={current} />
        ) : (
          <>
            <Downloads storeId={storeId} />
            <UploadForm storeId={storeId} maxRows={maxRows} failed={failed} />
          </>
        )}
        {failed && current ? (
          <p role="alert" className="text-sm text-red-700">
            {failed.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
