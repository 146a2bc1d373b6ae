import { CloudOff, History } from "lucide-react";
import { useTranslation } from "~/i18n/use-translation";
import { useLocale, useTimeZone } from "~/components/layout/use-root-user";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formatDateTime } from "~/lib/dates";
import type { FormDraft } from "./draft-keeper";
import { DRAFT_SENTENCES } from "./draft-texts";

/**
 * The kept draft of a form (useFormDraft), offered again: Restore and Discard, and Send now for a post that could
 * not leave. Its sentence is a status message, always on the page (empty when there is nothing), so a screen reader
 * announces it when it appears or changes; its buttons are real buttons (44 px tall on touch screens, app.css).
 */
export function DraftNotice({ draft: kept, className }: { draft: FormDraft; className?: string }) {
  const { t } = useTranslation(["common"]);
  const timeZone = useTimeZone();
  const locale = useLocale();
  const { status, draft, noun, online } = kept;
  const shown = status !== "none" && draft !== null;
  const unsent = status === "unsent" || status === "sending";
  const sentences = DRAFT_SENTENCES[noun];
  const text = !shown
    ? ""
    : status === "sending"
      ? t("common:drafts.sending")
      : unsent
        ? t(online ? sentences.unsentOnline : sentences.unsent)
        : t(sentences.offered, { savedAt: formatDateTime(new Date(draft.savedAt), timeZone, locale) });
  const Icon = unsent ? CloudOff : History;
  return (
    <div
      data-draft-notice={kept.looked ? status : undefined}
      className={
        shown
          ? cn(
              "rounded-md border p-3 text-sm",
              unsent ? "border-amber-300 bg-amber-50 text-amber-950" : "border-slate-200 bg-slate-50 text-slate-800",
              className,
            )
          : "sr-only"
      }
    >
      <p role="status" className="flex items-start gap-2">
        {shown ? <Icon className="mt-0.5 size-4 shrink-0" aria-hidden /> : null}
        <span>{text}</span>
      </p>
      {shown ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {unsent ? (
            <Button size="sm" onClick={kept.send} disabled={!online || status === "sending"}>
              {online ? t("common:drafts.sendNow") : t("common:drafts.waiting")}
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={kept.restore}>
              {t("common:drafts.restore")}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={kept.discard} disabled={status === "sending"}>
            {t("common:drafts.discard")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
