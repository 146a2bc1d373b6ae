import { useLocale, useTimeZone } from "~/components/layout/use-root-user";
import type { I18nHandle } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { getFormProps, getTextareaProps } from "@conform-to/react";
import {
  ArrowLeft,
  Ban,
  Building2,
  Check,
  CheckCheck,
  FileText,
  Flag,
  MoreHorizontal,
  MoreVertical,
  Paperclip,
  Send,
} from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useFetcher, useNavigation, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field, Label, Textarea } from "~/components/ui/field";
import { lazyPart } from "~/components/ui/lazy-part";
import { useHydrated } from "~/components/ui/use-hydrated";
import { redirectWithFlash } from "~/http/flash.server";
import { readFormData } from "~/http/form-data.server";
import { answer as answerIn } from "~/i18n/feedback.server";
import { formatPriceRange } from "~/lib/money";
import { lazySchema, refusedFormReply, useValidatedForm, type FormReply } from "~/components/forms/validated-form";
import { requireUser, requireUserPage } from "~/modules/accounts/session.server";
import { postedFiles } from "~/modules/messaging/attachments.server";
import { formValues, parseInput } from "~/lib/command-result";
import { threadActionSchema } from "~/modules/messaging/messaging.schema";
import { LocalTime } from "~/modules/messaging/components/local-time";
import { MessageText } from "~/modules/messaging/components/message-text";
import type { ThreadMessage, ThreadView } from "~/modules/messaging/messaging.schema";
import {
  ATTACHMENT_ACCEPT,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
} from "~/modules/messaging/messaging-values";
import {
  blockUser,
  getThread,
  markConversationRead,
  reportMessage,
  sendMessage,
  unblockUser,
} from "~/modules/messaging/messaging.server";
import { conversationSubjects } from "~/modules/conversation-subjects/conversation-subjects.server";
import { Thumbnail } from "~/modules/uploads/components/responsive-image";
import { appContext } from "~/request-context.server";
import { invariantResponse } from "~/lib/page-refusal";
import { useFormDraft } from "~/components/draft-keeper";
import { DraftNotice } from "~/components/draft-notice";
import { PageTitle } from "~/i18n/page-title";
import type { Route } from "./+types/message-thread";

/** Menus (Radix DropdownMenu, 13 KB gzipped) load after the page's code; until then their button shows, disabled. */
const ActionMenu = lazyPart(
  () => import("~/modules/messaging/components/action-menu").then((m) => m.ActionMenu),
  ({ label, className, icon }) => (
    <button type="button" disabled className={className} aria-label={label}>
      {icon}
    </button>
  ),
  { eager: true },
);

const lazyReportSchema = lazySchema(() =>
  import("~/modules/messaging/messaging.schema").then((m) => ({ schema: m.reportSchema })),
);

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUserPage(request, runtime);
  const thread = await getThread(runtime.db, conversationSubjects, user, params.id, {
    before: new URL(request.url).searchParams.get("before"),
  });
  // a stranger's thread and none at all look the same
  invariantResponse(thread);
  return { thread };
}

type ActionAnswer = { intent: string; ok: boolean; message: string; messageId?: string; reply?: FormReply | null };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  const user = await requireUser(request, runtime);
  const form = await readFormData(request);
  const here = `/messages/${params.id}`;
  const answer = (status: number, body: ActionAnswer) => answerIn(context, body, { status });
  const input = parseInput(threadActionSchema, formValues(form, ["intent", "body", "messageId", "reason"]));
  if (!input.ok) {
    const intent = formValues(form, ["intent"]).intent!;
    if (intent !== "report") return answer(input.status, { intent, ok: false, message: input.message });
    return answer(input.status, {
      intent,
      ok: false,
      message: input.message,
      messageId: formValues(form, ["messageId"]).messageId,
      // the reason's own message by its box; anything else above the form
      reply: refusedFormReply(input.fieldErrors.reason ? input : { formError: input.message }, form),
    });
  }
  const command = input.value;
  const intent = command.intent;
  switch (command.intent) {
    case "send": {
      const result = await sendMessage(
        runtime.db,
        user,
        params.id,
        { body: command.body, files: postedFiles(form.getAll("attachments")) },
        runtime.notifier,
        runtime.storage,
      );
      if (!result.ok) return answer(result.status, { intent, ok: false, message: result.message });
      return redirect(here);
    }
    case "read": {
      const result = await markConversationRead(runtime.db, user, params.id, command.messageId);
      if (!result.ok) return answer(result.status, { intent, ok: false, message: result.message });
      return answer(200, { intent, ok: true, message: result.message });
    }
    case "block":
    case "unblock": {
      const result =
        command.intent === "block"
          ? await blockUser(runtime.db, user, params.id)
          : await unblockUser(runtime.db, user, params.id);
      if (!result.ok) return answer(result.status, { intent, ok: false, message: result.message });
      return redirectWithFlash(here, { type: "success", message: result.message });
    }
    case "report": {
      const { messageId } = command;
      const result = await reportMessage(runtime.db, user, command);
      if (!result.ok)
        return answer(result.status, {
          intent,
          ok: false,
          message: result.message,
          messageId,
          reply: refusedFormReply({ formError: result.message }, form),
        });
      return answer(200, { intent, ok: true, message: result.message, messageId });
    }
  }
}

export const handle = { i18n: ["messages"] } satisfies I18nHandle;

function formatBytes(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function MessageThread({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["messages"]);
  const { thread } = loaderData;
  useMarkRead(thread);
  const lastMine = [...thread.messages].reverse().find((m) => m.fromMe);
  // without JavaScript a message's "Report" is a link to this page with ?report=<its id>, which shows the form
  const [search] = useSearchParams();
  const reportId = search.get("report");
  const reporting = reportId ? thread.messages.find((m) => m.id === reportId && !m.fromMe) : undefined;
  return (
    <div className="mx-auto flex max-w-3xl flex-col px-4 py-4 sm:py-8">
      <PageTitle text="common:pageTitle.thread" values={{ company: thread.counterpartCompany }} />
      <div className="flex items-center justify-between gap-3">
        <Link
          to="/messages"
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ArrowLeft className="size-4" aria-hidden /> {t("messages:thread.allMessages")}
        </Link>
      </div>
      <header className="mt-3 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 truncate text-xl font-bold sm:text-2xl">
            <Building2 className="size-5 shrink-0 text-slate-400" aria-hidden />
            <span className="truncate">{thread.counterpartCompany}</span>
          </h1>
          <p className="text-sm text-slate-600">
            {thread.myRole === "buyer" ? t("messages:thread.supplier") : t("messages:thread.buyer")}
          </p>
        </div>
        <ThreadMenu thread={thread} />
      </header>

      <SubjectCardView subject={thread.subject} />

      {thread.olderCursor ? (
        <div className="mt-3 text-center">
          <Link
            to={`/messages/${thread.id}?before=${thread.olderCursor}`}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            {t("messages:thread.earlier")}
          </Link>
        </div>
      ) : null}

      {/* column-reverse: the list opens scrolled to its newest message, with or without JavaScript */}
      <div
        role="log"
        aria-label={t("messages:thread.log", { company: thread.counterpartCompany })}
        tabIndex={0}
        className="mt-3 flex max-h-[60dvh] min-h-48 flex-col-reverse overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ol className="flex flex-col gap-3 p-3 sm:p-4">
          {thread.messages.length === 0 ? (
            <li className="py-10 text-center text-sm text-slate-600">{t("messages:thread.empty")}</li>
          ) : (
            thread.messages.map((m) => (
              <MessageBubble
                key={m.id}
                conversationId={thread.id}
                message={m}
                seen={m.id === lastMine?.id && m.seen}
                reportResult={actionData?.intent === "report" && actionData.messageId === m.id ? actionData : undefined}
              />
            ))
          )}
        </ol>
      </div>

      {reporting ? (
        <ReportSection
          key={reporting.id}
          message={reporting}
          answer={actionData?.intent === "report" && actionData.messageId === reporting.id ? actionData : undefined}
        />
      ) : null}

      {thread.unread && thread.lastMessageId ? (
        // with JavaScript the page marks itself read once on screen (useMarkRead); without, a button does
        <noscript>
          <Form method="post" className="mt-2 text-right">
            <input type="hidden" name="intent" value="read" />
            <input type="hidden" name="messageId" value={thread.lastMessageId} />
            <Button type="submit" variant="ghost" size="sm">
              {t("messages:thread.markRead")}
            </Button>
          </Form>
        </noscript>
      ) : null}

      {thread.iBlocked ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p>{t("messages:thread.youBlocked", { company: thread.counterpartCompany })}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="unblock" />
            <Button type="submit" variant="outline" size="sm">
              {t("messages:thread.unblock")}
            </Button>
          </Form>
        </div>
      ) : thread.theyBlocked ? (
        <p className="mt-3 rounded-lg border border-slate-200 bg-slate-100 px-4 py-3 text-sm text-slate-700">
          {t("messages:thread.theyBlocked")}
        </p>
      ) : (
        <Composer
          key={thread.id}
          threadId={thread.id}
          actionData={actionData?.intent === "send" ? actionData : undefined}
        />
      )}
    </div>
  );
}

/** Marks the thread read once it is on screen (a POST: reading a page never changes anything by itself). */
function useMarkRead(thread: ThreadView) {
  const fetcher = useFetcher();
  const submitted = useRef<string | null>(null);
  const { unread, lastMessageId, id } = thread;
  useEffect(() => {
    if (!unread || !lastMessageId) return;
    const mark = () => {
      if (document.visibilityState !== "visible" || submitted.current === lastMessageId) return;
      submitted.current = lastMessageId;
      void fetcher.submit({ intent: "read", messageId: lastMessageId }, { method: "post", action: `/messages/${id}` });
    };
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
    // fetcher.submit is stable; the effect is about this thread's last message
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, lastMessageId, id]);
}

function SubjectCardView({ subject }: { subject: ThreadView["subject"] }) {
  const { t } = useTranslation(["messages"]);
  const locale = useLocale();
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <section
      aria-label={t("messages:thread.about")}
      className="mt-4 flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      {subject.imageUrl && !imageFailed ? (
        <Thumbnail
          src={subject.imageUrl}
          size={56}
          onError={() => setImageFailed(true)}
          className="size-14 shrink-0 rounded-md border border-slate-100 object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <Badge tone="blue">{t(`messages:subject.${subject.type}`)}</Badge>
        <p className="mt-1 truncate font-medium">
          <Link to={subject.href} className="text-slate-900 hover:text-brand-700 hover:underline">
            {subject.title}
          </Link>
        </p>
        {subject.priceMinCents !== null && subject.priceMaxCents !== null ? (
          <p className="text-sm tabular-nums text-slate-600">
            {t("messages:thread.perUnit", {
              price: formatPriceRange(subject.priceMinCents, subject.priceMaxCents, "USD", locale),
            })}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function ThreadMenu({ thread }: { thread: ThreadView }) {
  const { t } = useTranslation(["messages"]);
  const hydrated = useHydrated();
  const block = useFetcher();
  const intent = thread.iBlocked ? "unblock" : "block";
  const company = thread.counterpartCompany;
  const label = thread.iBlocked
    ? t("messages:thread.unblockCompany", { company })
    : t("messages:thread.blockCompany", { company });
  if (!hydrated) {
    // without JavaScript the menu cannot open: the one action is a plain form
    return (
      <Form method="post">
        <input type="hidden" name="intent" value={intent} />
        <Button type="submit" variant="outline" size="sm">
          <Ban className="size-4" aria-hidden />{" "}
          {thread.iBlocked ? t("messages:thread.unblock") : t("messages:thread.block")}
        </Button>
      </Form>
    );
  }
  return (
    <ActionMenu
      label={t("messages:thread.menu")}
      className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      icon={<MoreVertical className="size-5" aria-hidden />}
      item={
        <>
          <Ban className="size-4" aria-hidden /> {label}
        </>
      }
      itemClassName={thread.iBlocked ? undefined : "text-red-700"}
      onSelect={() => {
        if (!thread.iBlocked && !window.confirm(t("messages:thread.confirmBlock", { company }))) return;
        void block.submit({ intent }, { method: "post" });
      }}
    />
  );
}

function MessageBubble({
  conversationId,
  message,
  seen,
  reportResult,
}: {
  conversationId: string;
  message: ThreadMessage;
  seen: boolean;
  reportResult?: ActionAnswer;
}) {
  const { t } = useTranslation(["messages"]);
  const [reporting, setReporting] = useState(false);
  const timeZone = useTimeZone();
  const hydrated = useHydrated();
  const mine = message.fromMe;
  const [search] = useSearchParams();
  const reportSearch = new URLSearchParams(search);
  reportSearch.set("report", message.id);
  return (
    <li className={cn("flex flex-col", mine ? "items-end" : "items-start")}>
      <div className={cn("flex max-w-[85%] items-start gap-1 sm:max-w-[75%]", mine && "flex-row-reverse")}>
        <div
          className={cn(
            "min-w-0 rounded-2xl px-3.5 py-2 text-sm shadow-sm",
            mine
              ? "rounded-br-sm bg-brand-600 text-white"
              : "rounded-bl-sm border border-slate-200 bg-white text-slate-900",
          )}
        >
          <p className={cn("text-xs font-medium", mine ? "text-white" : "text-slate-500")}>
            <span className="sr-only">{t("messages:thread.from")}</span>
            {mine ? t("messages:thread.you") : message.senderCompany}
            <span aria-hidden> · </span>
            <LocalTime timeZone={timeZone} iso={message.createdAt} className={mine ? "text-white" : "text-slate-500"} />
          </p>
          {message.body ? (
            <div className="mt-0.5">
              <MessageText text={message.body} linkClassName={mine ? "text-white" : "text-brand-700"} />
            </div>
          ) : null}
          {message.attachments.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("messages:thread.attachments")}>
              {message.attachments.map((a) => {
                const href = `/messages/${conversationId}/attachments/${a.id}`;
                return a.contentType === "image/webp" ? (
                  <li key={a.id}>
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener"
                      className="block overflow-hidden rounded-lg border border-slate-200 bg-white"
                    >
                      <img
                        src={`${href}?variant=thumbnail`}
                        alt={a.fileName}
                        loading="lazy"
                        className="h-32 max-w-56 object-cover"
                      />
                    </a>
                  </li>
                ) : (
                  <li key={a.id}>
                    <a
                      href={href}
                      download={a.fileName}
                      className={cn(
                        "flex items-center gap-2 rounded-lg border px-3 py-2",
                        mine
                          ? "border-blue-300 bg-brand-700 text-white"
                          : "border-slate-200 bg-slate-50 text-slate-900",
                      )}
                    >
                      <FileText className="size-5 shrink-0" aria-hidden />
                      <span className="min-w-0">
                        <span className="block max-w-48 truncate font-medium">{a.fileName}</span>
                        <span className={cn("block text-xs", mine ? "text-white" : "text-slate-500")}>
                          {t("messages:thread.pdf", { size: formatBytes(a.sizeBytes) })}
                        </span>
                      </span>
                    </a>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
        {!mine && hydrated ? (
          <ActionMenu
            label={t("messages:thread.messageActions", { company: message.senderCompany })}
            className="mt-1 rounded-md p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            icon={<MoreHorizontal className="size-4" aria-hidden />}
            align="start"
            item={
              <>
                <Flag className="size-4" aria-hidden /> {t("messages:thread.reportMessage")}
              </>
            }
            onSelect={() => setReporting(true)}
          />
        ) : null}
        {!mine && !hydrated ? (
          // the menu needs JavaScript: without it, a link to this page with the report form for this message
          <Link
            to={{ search: `?${reportSearch}`, hash: "report-message" }}
            preventScrollReset
            className="mt-1 inline-flex items-center gap-1 rounded-md p-1 text-xs text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={t("messages:thread.reportFrom", { company: message.senderCompany })}
          >
            <Flag className="size-3.5" aria-hidden /> {t("messages:thread.report")}
          </Link>
        ) : null}
      </div>
      {seen ? (
        <p className="mt-1 inline-flex items-center gap-1 text-xs text-slate-600">
          <CheckCheck className="size-3.5" aria-hidden /> {t("messages:thread.seen")}
        </p>
      ) : null}
      {/* mounted only while open: a long thread keeps no idle form per message */}
      {!mine && (reporting || reportResult) ? (
        <ReportDialog open={reporting} onOpenChange={setReporting} message={message} lastResult={reportResult} />
      ) : null}
    </li>
  );
}

function ReportDialog({
  open,
  onOpenChange,
  message,
  lastResult,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message: ThreadMessage;
  lastResult?: ActionAnswer;
}) {
  const { t } = useTranslation(["messages"]);
  const fetcher = useFetcher<ActionAnswer>();
  const answer = fetcher.data ?? lastResult;
  const [form, fields] = useValidatedForm({
    id: `report-${message.id}`,
    schema: lazyReportSchema,
    lastResult: answer && !answer.ok ? answer.reply : undefined,
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      onOpenChange(false);
    } else if (!fetcher.data.reply?.error?.reason) toast.error(fetcher.data.message);
  }, [fetcher.state, fetcher.data, onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogTitle className="text-lg font-semibold">{t("messages:report.title")}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-slate-600">
          {t("messages:report.intro", { company: message.senderCompany })}
        </DialogDescription>
        <blockquote className="mt-3 max-h-32 overflow-y-auto rounded-md border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <MessageText text={message.body || t("messages:report.attachmentOnly")} />
        </blockquote>
        <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="messageId" value={message.id} />
          <Field id={fields.reason.id} label={t("messages:report.reason")} error={fields.reason.errors?.[0]}>
            <Textarea
              {...getTextareaProps(fields.reason)}
              rows={3}
              placeholder={t("messages:report.reasonPlaceholder")}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t("messages:report.cancel")}
            </Button>
            <Button type="submit" variant="danger" disabled={fetcher.state !== "idle"}>
              <Flag className="size-4" aria-hidden />{" "}
              {fetcher.state !== "idle" ? t("messages:report.sending") : t("messages:report.send")}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The report form as a plain section of the page (?report=<message id>), for a browser without JavaScript: a
 * Conform form posted as a document, the server's answer shown in place (errors, or the thanks).
 */
function ReportSection({ message, answer }: { message: ThreadMessage; answer?: ActionAnswer }) {
  const { t } = useTranslation(["messages"]);
  const [search] = useSearchParams();
  const [form, fields] = useValidatedForm({
    id: `report-page-${message.id}`,
    schema: lazyReportSchema,
    lastResult: answer && !answer.ok ? answer.reply : undefined,
  });
  const back = new URLSearchParams(search);
  back.delete("report");
  const backSearch = back.size > 0 ? `?${back}` : "";
  return (
    <section
      id="report-message"
      aria-labelledby="report-message-heading"
      className="mt-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="report-message-heading" className="text-lg font-semibold">
        {t("messages:report.title")}
      </h2>
      {answer?.ok ? (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p role="status" className="text-sm text-green-800">
            {answer.message}
          </p>
          <Link to={{ search: backSearch }} className="text-sm font-medium text-brand-700 hover:underline">
            {t("messages:report.back")}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {t("messages:report.intro", { company: message.senderCompany })}
          </p>
          <blockquote className="mt-3 max-h-32 overflow-y-auto rounded-md border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-700">
            <MessageText text={message.body || t("messages:report.attachmentOnly")} />
          </blockquote>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="report" />
            <input type="hidden" name="messageId" value={message.id} />
            <Field id={fields.reason.id} label={t("messages:report.reason")} error={fields.reason.errors?.[0]}>
              <Textarea
                {...getTextareaProps(fields.reason)}
                rows={3}
                placeholder={t("messages:report.reasonPlaceholder")}
              />
            </Field>
            {answer && !answer.ok && !answer.reply?.error?.reason ? (
              <p role="alert" className="text-sm text-red-600">
                {answer.message}
              </p>
            ) : null}
            <div className="flex items-center justify-end gap-3">
              <Link to={{ search: backSearch }} className="text-sm font-medium text-slate-600 hover:underline">
                {t("messages:report.cancel")}
              </Link>
              <Button type="submit" variant="danger">
                <Flag className="size-4" aria-hidden /> {t("messages:report.send")}
              </Button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line; without JavaScript a plain multipart form with a
 * Send button. Files are checked for count and size before posting (the server decides their type from the bytes).
 */
function Composer({ threadId, actionData }: { threadId: string; actionData?: ActionAnswer }) {
  const { t } = useTranslation(["messages"]);
  const draft = useFormDraft({ formId: "message-form", name: `message:${threadId}`, noun: "message" });
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileNames, setFileNames] = useState<string[]>([]);
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "send";
  const wasSending = useRef(false);
  useEffect(() => {
    if (sending) {
      wasSending.current = true;
      return;
    }
    if (!wasSending.current) return;
    wasSending.current = false;
    if (actionData && !actionData.ok) return;
    formRef.current?.reset();
    setFileNames([]);
    textRef.current?.focus();
  }, [sending, actionData]);

  const checkFiles = (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    const problem =
      files.length > MAX_ATTACHMENTS
        ? t("messages:composer.tooMany", { max: MAX_ATTACHMENTS })
        : files.some((f) => f.size > MAX_ATTACHMENT_BYTES)
          ? t("messages:composer.tooLarge")
          : null;
    setFileError(problem);
    input.setCustomValidity(problem ?? "");
    setFileNames(files.map((f) => f.name));
  };

  const error = fileError ?? (actionData && !actionData.ok ? actionData.message : null);
  return (
    <Form
      ref={formRef}
      id="message-form"
      method="post"
      encType="multipart/form-data"
      replace
      preventScrollReset
      className="mt-3 rounded-lg border border-slate-200 bg-white p-3"
    >
      <input type="hidden" name="intent" value="send" />
      <Label htmlFor="message-body" className="text-sm">
        {t("messages:composer.label")} <span className="font-normal text-slate-500">{t("messages:composer.hint")}</span>
      </Label>
      <Textarea
        ref={textRef}
        id="message-body"
        name="body"
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "message-error" : undefined}
        className="min-h-20 resize-y"
        onKeyDown={(event) => {
          if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          if (sending) return;
          const files = formRef.current?.querySelector<HTMLInputElement>('input[type="file"]')?.files?.length ?? 0;
          if (event.currentTarget.value.trim() || files > 0) formRef.current?.requestSubmit();
        }}
      />
      {error ? (
        <p id="message-error" role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <DraftNotice draft={draft} className="mt-2" />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <label
            htmlFor="message-attachments"
            className="inline-flex cursor-pointer items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <Paperclip className="size-4" aria-hidden /> {t("messages:composer.attach")}
            <span className="sr-only">{t("messages:composer.attachLimit", { max: MAX_ATTACHMENTS })}</span>
            <input
              id="message-attachments"
              name="attachments"
              type="file"
              multiple
              accept={ATTACHMENT_ACCEPT}
              className="sr-only"
              onChange={(event) => checkFiles(event.currentTarget)}
            />
          </label>
          {fileNames.length > 0 ? (
            <p className="mt-1 flex flex-wrap gap-1 text-xs text-slate-600">
              {fileNames.map((name, i) => (
                <span
                  key={`${name}-${i}`}
                  className="inline-flex max-w-48 items-center gap-1 truncate rounded bg-slate-100 px-2 py-0.5"
                >
                  <Check className="size-3 shrink-0" aria-hidden /> {name}
                </span>
              ))}
            </p>
          ) : (
            <p className="px-2 text-xs text-slate-500">{t("messages:composer.limit", { max: MAX_ATTACHMENTS })}</p>
          )}
        </div>
        <Button type="submit" disabled={sending || Boolean(fileError)}>
          <Send className="size-4" aria-hidden />{" "}
          {sending ? t("messages:composer.sending") : t("messages:composer.send")}
        </Button>
      </div>
    </Form>
  );
}
