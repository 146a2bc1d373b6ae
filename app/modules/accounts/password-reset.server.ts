import { APIError } from "better-auth/api";
import type { Db } from "~/db/client.server";
import { logger } from "~/logger.server";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Auth } from "./auth.server";
import type { z } from "zod";
import type { forgotPasswordSchema, resetPasswordSchema } from "./accounts.schema";
import { overActionLimit } from "./attempt-limiter.server";
import { PASSWORD_RESET_TTL_SECONDS } from "./auth.server";
import { isCommonPassword } from "./common-passwords.server";
import { MESSAGES, type AuthFormResult } from "./credentials.server";
import { preferredLanguageFor } from "./profiles.server";

type PasswordResetDeps = { db: Db; auth: Auth };

export const RESET_MESSAGES = {
  // the same answer whether or not the address has an account: the form must not tell who is a user
  sent: "If an account exists for that e-mail, we have sent a link to reset its password. The link works once, for one hour.",
  invalidLink: "This reset link is invalid or has expired. Please request a new one.",
  changed: "Your password has been changed. Please sign in with your new password.",
};

/** The reset page's address for a token: our own form, which checks the new password as sign-up does. */
export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
}

/** better-auth's sendResetPassword: the e-mail goes through the job queue, retried until it is delivered. */
export async function sendPasswordResetEmail(
  db: Db,
  jobs: Pick<JobQueue, "send">,
  publicUrl: string,
  message: { to: string; name: string; token: string; userId?: string },
) {
  // in the account's language when it chose one (record 0058); English otherwise
  const locale = message.userId ? await preferredLanguageFor(db, message.userId) : null;
  await jobs.send(db, "email", {
    template: "password-reset",
    to: message.to,
    name: message.name,
    link: passwordResetLink(publicUrl, message.token),
    validMinutes: PASSWORD_RESET_TTL_SECONDS / 60,
    ...(locale && locale !== "en" ? { locale } : {}),
  });
}

/**
 * "Forgot password?" (forgotPasswordSchema's reading of the form): e-mails a single-use, expiring reset link when
 * the address has an account, and answers the same either way. Limited per client address and per address asked
 * about, so it cannot flood an inbox.
 */
export async function requestPasswordReset(
  runtime: PasswordResetDeps,
  { email }: z.output<typeof forgotPasswordSchema>,
  clientIp: string | null,
): Promise<AuthFormResult> {
  const limited =
    (await overActionLimit(runtime.db, "passwordResetNetwork", clientIp)) ??
    (await overActionLimit(runtime.db, "passwordReset", `email:${email}`));
  if (limited) return { ok: false, status: 429, message: limited, fieldErrors: {} };
  try {
    await runtime.auth.api.requestPasswordReset({ body: { email } });
    return { ok: true, message: RESET_MESSAGES.sent };
  } catch (error) {
    logger.error({ err: error }, "password reset request failed");
    return { ok: false, status: 503, message: MESSAGES.unexpected, fieldErrors: {} };
  }
}

/**
 * Sets a new password from a reset link's token (resetPasswordSchema's reading of the form): once, before it
 * expires; every session of the account ends.
 */
export async function resetPassword(
  runtime: PasswordResetDeps,
  { token, password }: z.output<typeof resetPasswordSchema>,
  clientIp: string | null,
): Promise<AuthFormResult> {
  if (isCommonPassword(password)) {
    return {
      ok: false,
      status: 400,
      message: MESSAGES.commonPassword,
      fieldErrors: { password: MESSAGES.commonPassword },
    };
  }
  // guessing tokens is as limited as asking for them
  const limited = await overActionLimit(runtime.db, "passwordResetNetwork", clientIp);
  if (limited) return { ok: false, status: 429, message: limited, fieldErrors: {} };
  try {
    await runtime.auth.api.resetPassword({ body: { newPassword: password, token } });
    return { ok: true, message: RESET_MESSAGES.changed, redirectTo: "/auth?tab=signin" };
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500)
      return { ok: false, status: 400, message: RESET_MESSAGES.invalidLink, fieldErrors: {} };
    logger.error({ err: error }, "password reset failed");
    return { ok: false, status: 503, message: MESSAGES.unexpected, fieldErrors: {} };
  }
}
