import type { EmailJob } from "~/modules/jobs/job-queue.server";
import { textsIn } from "~/i18n/resources.server";

/** A message as the mailer sends it. `unsubscribeUrl`: a one-click unsubscribe address (RFC 8058). */
export type MailMessage = { to: string; subject: string; text: string; link?: string; unsubscribeUrl?: string };

const SIGN_OFF = "The Setu team";

/**
 * Every e-mail Setu sends, written here and nowhere else. A command queues an `email` job naming its template and
 * what goes in it (in the transaction that causes it, or, for better-auth's callbacks, on its own); the job's
 * handler renders it here when it runs and hands it to the mailer, retrying until the SMTP server takes it.
 * A job queued before templates existed carries its finished text and is sent as it is.
 */
export function renderEmail(job: EmailJob): MailMessage {
  switch (job.template) {
    case "confirm-email":
      return {
        to: job.to,
        subject: "Confirm your e-mail address for Setu",
        text: `Hello ${job.name},\n\nPlease confirm your e-mail address to start using Setu:\n\n${job.url}\n\nIf you did not create an account, you can ignore this message.\n\n${SIGN_OFF}`,
        link: job.url,
      };
    case "password-reset":
      return {
        to: job.to,
        subject: "Reset your Setu password",
        text: `Hello ${job.name},\n\nSomeone (we hope you) asked to reset the password of your Setu account. Choose a new password here:\n\n${job.link}\n\nThe link works once, for ${job.validMinutes} minutes. If you did not ask for it, ignore this message: your password stays as it is.\n\n${SIGN_OFF}`,
        link: job.link,
      };
    case "sign-up-attempt": {
      const signInUrl = `${job.publicUrl}/auth?tab=signin`;
      const resetUrl = `${job.publicUrl}/auth/forgot-password`;
      return {
        to: job.to,
        subject: "Someone tried to sign up to Setu with your e-mail address",
        text: `Hello ${job.name},\n\nSomeone just tried to create a new Setu account with this e-mail address (${job.to}). You already have an account, so nothing was changed: no account was created and your password stays as it is.\n\nIf it was you, sign in here:\n\n${signInUrl}\n\nForgot your password? Choose a new one here:\n\n${resetUrl}\n\nIf you have not confirmed your address yet, signing in sends a fresh confirmation link. If it was not you, you can ignore this message.\n\n${SIGN_OFF}`,
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
