import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { logger } from "~/logger.server";
import type { MailMessage } from "./email-templates.server";

/** Sends a rendered message (the `email` job's handler, see email-templates.server.ts); the unsubscribe address as List-Unsubscribe headers. */
export type Mailer = { send: (message: MailMessage) => Promise<void> };

const FROM = process.env.MAIL_FROM ?? "Setu <no-reply@setu.example>";

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file
 * to DATA_DIR/outbox and its link logged, so a developer can follow it.
 */
export function createMailer({ smtpUrl, outboxDir }: { smtpUrl?: string; outboxDir: string }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async ({ to, subject, text, unsubscribeUrl }) => {
        await transport.sendMail({ from: FROM, to, subject, text, headers: unsubscribeHeaders(unsubscribeUrl) });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async ({ to, subject, text, link, unsubscribeUrl }) => {
      const info = await transport.sendMail({
        from: FROM,
        to,
        subject,
        text,
        headers: unsubscribeHeaders(unsubscribeUrl),
      });
      fs.mkdirSync(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${to.replace(/[^\w.@-]/g, "_")}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      logger.info({ to, subject, file, link }, "e-mail written to the outbox");
    },
  };
}

function unsubscribeHeaders(url: string | undefined): Record<string, string> {
  return url ? { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {};
}
