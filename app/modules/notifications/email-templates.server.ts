import type { EmailJob } from "~/modules/jobs/job-queue.server";
import { textsIn } from "~/i18n/resources.server";
import { formatNumber } from "~/lib/numbers";

/** A message as the mailer sends it. `unsubscribeUrl`: a one-click unsubscribe address (RFC 8058). */
export type MailMessage = { to: string; subject: string; text: string; link?: string; unsubscribeUrl?: string };

/**
 * Every e-mail Setu sends, written here and nowhere else. A command queues an `email` job naming its template and
 * what goes in it (in the transaction that causes it, or, for better-auth's callbacks, on its own); the job's
 * handler renders it here when it runs and hands it to the mailer, retrying until the SMTP server takes it.
 * A job queued before templates existed carries its finished text and is sent as it is.
 */
export function renderEmail(job: EmailJob): MailMessage {
  switch (job.template) {
    case "confirm-email": {
      // in the account's language when it chose one (record 0058); a job queued before that carries none: English
      const t = textsIn(job.locale ?? "en");
      return {
        to: job.to,
        subject: t("emails:confirmEmail.subject"),
        text: `${t("emails:hello", { name: job.name })}\n\n${t("emails:confirmEmail.text")}\n\n${job.url}\n\n${t("emails:confirmEmail.ignore")}\n\n${t("emails:signOff")}`,
        link: job.url,
      };
    }
    case "password-reset": {
      const t = textsIn(job.locale ?? "en");
      return {
        to: job.to,
        subject: t("emails:passwordReset.subject"),
        text: `${t("emails:hello", { name: job.name })}\n\n${t("emails:passwordReset.text")}\n\n${job.link}\n\n${t("emails:passwordReset.validity", { minutes: formatNumber(job.validMinutes, job.locale ?? "en") })}\n\n${t("emails:signOff")}`,
        link: job.link,
      };
    }
    case "sign-up-attempt": {
      const t = textsIn(job.locale ?? "en");
      const signInUrl = `${job.publicUrl}/auth?tab=signin`;
      const resetUrl = `${job.publicUrl}/auth/forgot-password`;
      return {
        to: job.to,
        subject: t("emails:signUpAttempt.subject"),
        text: `${t("emails:hello", { name: job.name })}\n\n${t("emails:signUpAttempt.text", { email: job.to })}\n\n${t("emails:signUpAttempt.signIn")}\n\n${signInUrl}\n\n${t("emails:signUpAttempt.reset")}\n\n${resetUrl}\n\n${t("emails:signUpAttempt.end")}\n\n${t("emails:signOff")}`,
        link: signInUrl,
      };
    }
    case "notice": {
      // a notification's e-mail: its subject and first paragraph are the event's own words (notifications.server.ts)
      const t = textsIn(job.locale ?? "en");
      return {
        to: job.to,
        subject: job.subject,
        text: `${job.text}\n\n${job.link}\n\n${t("emails:signOff")}\n\n${t("emails:stop", { url: job.unsubscribeUrl })}`,
        link: job.link,
        unsubscribeUrl: job.unsubscribeUrl,
      };
    }
    case "message-digest": {
      const { conversations, publicUrl } = job;
      const t = textsIn(job.locale ?? "en");
      const inbox = `${publicUrl}/messages`;
      const thread = (id: string) => `${publicUrl}/messages/${id}`;
      const subject =
        conversations.length === 1
          ? t("emails:digest.subjectOne", { company: conversations[0]!.counterpartCompany })
          : t("emails:digest.subjectMany", { count: conversations.length });
      const list = conversations
        .map((entry) => `${entry.counterpartCompany}: "${entry.preview}"\n${thread(entry.conversationId)}`)
        .join("\n\n");
      return {
        to: job.to,
        subject,
        text: `${t("emails:digest.intro")}\n\n${list}\n\n${t("emails:digest.inbox", { url: inbox })}\n\n${t("emails:signOff")}\n\n${t("emails:stop", { url: job.unsubscribeUrl })}`,
        link: conversations.length === 1 ? thread(conversations[0]!.conversationId) : inbox,
        unsubscribeUrl: job.unsubscribeUrl,
      };
    }
    case undefined:
      return job;
  }
}
