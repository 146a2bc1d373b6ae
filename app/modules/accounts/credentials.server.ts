import crypto from "node:crypto";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { account, user } from "~/db/schema/auth";
import { profiles } from "~/db/schema/profiles";
import type { Db } from "~/db/client.server";
import { logger } from "~/logger.server";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import { endLiveSessions } from "~/modules/live/live-events.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import type { Auth } from "./auth.server";
import type { z } from "zod";
import type { CommandRefusal } from "~/lib/command-result";
import type { Locale } from "~/lib/locale";
import type { forgotPasswordSchema, signInSchema, signUpSchema } from "./accounts.schema";
import { overActionLimit, releaseSignInAttempt, reserveSignInAttempt, signInSucceeded } from "./attempt-limiter.server";
import { isCommonPassword } from "./common-passwords.server";
import { preferredLanguageFor } from "./profiles.server";

/** What signing up, in and out needs. */
type CredentialDeps = { db: Db; auth: Auth; jobs: Pick<JobQueue, "send">; notifier: Pick<Notifier, "publicUrl"> };

/**
 * An account form's answer: done (with the session's cookie headers and where to go next, or the address that must
 * be confirmed first), or refused (an unconfirmed address also says so).
 */
export type AuthFormResult =
  | { ok: true; message: string; headers?: Headers; redirectTo?: string; confirmEmail?: string }
  | (CommandRefusal & { confirmEmail?: string });

export const MESSAGES = {
  signedIn: "Successfully signed in!",
  invalidCredentials: "Invalid email or password",
  emailNotConfirmed: "Please check your email and click the confirmation link",
  created: "Account created successfully!",
  checkEmail: "Please check your email for the confirmation link",
  // the same answer whether or not the address waits for confirmation: the page must not tell who is a user
  resent: "If this address is waiting to be confirmed, a new confirmation link is on its way. It works for one hour.",
  unexpected: "An unexpected error occurred",
  tooManyAttempts: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
  commonPassword: "This password is too common. Please choose a less predictable password.",
};

/**
 * Signs up with e-mail and password (signUpSchema's reading of the form): user, credential account and profile are
 * written in one transaction (the password hashed by better-auth), then better-auth opens the session.
 */
export async function signUpWithEmail(
  runtime: CredentialDeps,
  input: z.output<typeof signUpSchema>,
  headers: Headers,
  /** the language of the page signed up on: an account made on a Hindi page keeps Hindi (its first e-mail included) */
  pageLocale: Locale = "en",
): Promise<AuthFormResult> {
  if (isCommonPassword(input.password)) {
    return {
      ok: false,
      status: 400,
      message: MESSAGES.commonPassword,
      fieldErrors: { password: MESSAGES.commonPassword },
    };
  }
  const { db, auth } = runtime;
  // the client address as the server saw it (server/app.ts sets this header on every request)
  const limited = await overActionLimit(db, "signUp", headers.get("x-setu-client-ip") || null);
  if (limited) return { ok: false, status: 429, message: limited, fieldErrors: {} };
  try {
    const ctx = await auth.$context;
    const hash = await ctx.password.hash(input.password);
    const userId = crypto.randomUUID();
    const created = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(user)
        .values({ id: userId, name: input.fullName, email: input.email, emailVerified: false })
        .onConflictDoNothing({ target: user.email })
        .returning({ id: user.id });
      if (inserted.length === 0) return false;
      await tx
        .insert(account)
        .values({ id: crypto.randomUUID(), accountId: userId, providerId: "credential", userId, password: hash });
      await tx.insert(profiles).values({
        userId,
        fullName: input.fullName,
        companyName: input.companyName,
        phone: input.phone,
        isBuyer: input.userType === "buyer",
        isSeller: input.userType === "seller",
        verificationStatus: "pending",
        // English stays unchosen (null follows the browser, record 0058); another language was chosen on the page
        preferredLanguage: pageLocale === "en" ? null : pageLocale,
      });
      return true;
    });
    const verificationRequired = Boolean(ctx.options.emailAndPassword?.requireEmailVerification);
    if (!created) {
      // the address has an account: the form answers as for a new one (the sign-up form must not tell who is a
      // user, as sign-in and password reset do not), and the owner is told by e-mail (issue 38)
      await tellOwnerOfSignUpAttempt(runtime, input.email);
      if (verificationRequired) return { ok: true, message: MESSAGES.checkEmail, confirmEmail: input.email };
      // without e-mail verification a new account is signed in at once: the same answer, without a session
      return { ok: true, message: MESSAGES.created, redirectTo: "/dashboard" };
    }

    if (verificationRequired) {
      await auth.api.sendVerificationEmail({ body: { email: input.email, callbackURL: "/dashboard" }, headers });
      return { ok: true, message: MESSAGES.checkEmail, confirmEmail: input.email };
    }
    const { headers: sessionHeaders } = await auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    return { ok: true, message: MESSAGES.created, headers: sessionHeaders, redirectTo: "/dashboard" };
  } catch (error) {
    if (error instanceof APIError)
      return { ok: false, status: error.statusCode, message: error.message || MESSAGES.unexpected, fieldErrors: {} };
    logger.error({ err: error }, "sign-up failed");
    return { ok: false, status: 500, message: MESSAGES.unexpected, fieldErrors: {} };
  }
}

/**
 * better-auth's sendVerificationEmail: the confirmation link goes through the job queue (durably, on its own: the
 * callback runs after the sign-up's transaction), so sign-up is acknowledged even while SMTP is down, and the
 * e-mail is retried until the server takes it.
 */
export async function queueEmailConfirmation(
  db: Db,
  jobs: Pick<JobQueue, "send">,
  { userId, ...message }: { to: string; name: string; url: string; userId?: string },
): Promise<void> {
  // in the account's language when it chose one (record 0058); English otherwise
  const locale = userId ? await preferredLanguageFor(db, userId) : null;
  await jobs.send(db, "email", {
    template: "confirm-email",
    ...message,
    ...(locale && locale !== "en" ? { locale } : {}),
  });
}

/**
 * The unconfirmed-address page's "Resend the link": a new confirmation link for an address that waits for one, the
 * same answer for any other (better-auth sends nothing to an unknown or confirmed address, in the same time),
 * at most ACTION_LIMITS.confirmEmail times an hour per address.
 */
export async function resendEmailConfirmation(
  runtime: CredentialDeps,
  { email }: z.output<typeof forgotPasswordSchema>,
  clientIp: string | null,
): Promise<AuthFormResult> {
  const { db, auth } = runtime;
  const limited =
    (await overActionLimit(db, "confirmEmailNetwork", clientIp)) ??
    (await overActionLimit(db, "confirmEmail", `email:${email}`));
  if (limited) return { ok: false, status: 429, message: limited, fieldErrors: {}, confirmEmail: email };
  try {
    // no session headers: better-auth then answers by the address alone
    await auth.api.sendVerificationEmail({ body: { email, callbackURL: "/dashboard" }, headers: new Headers() });
  } catch (error) {
    logger.error({ err: error }, "could not resend the confirmation e-mail");
    return { ok: false, status: 503, message: MESSAGES.unexpected, fieldErrors: {}, confirmEmail: email };
  }
  return { ok: true, message: MESSAGES.resent, confirmEmail: email };
}

/**
 * Tells the owner of an address that someone tried to sign up with it, through the job queue, at most
 * ACTION_LIMITS.signUpNotice times an hour per address (past that the attempt is answered as usual, unmailed).
 */
async function tellOwnerOfSignUpAttempt(runtime: CredentialDeps, email: string): Promise<void> {
  const { db, jobs, notifier } = runtime;
  const [owner] = await db
    .select({ email: user.email, name: user.name, locale: profiles.preferredLanguage })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.email, email))
    .limit(1);
  if (!owner) return;
  if (await overActionLimit(db, "signUpNotice", `email:${owner.email.toLowerCase()}`)) return;
  await jobs.send(db, "email", {
    template: "sign-up-attempt",
    to: owner.email,
    name: owner.name,
    publicUrl: notifier.publicUrl,
    // in the owner's language when they chose one (record 0058)
    ...(owner.locale && owner.locale !== "en" ? { locale: owner.locale } : {}),
  });
}

/**
 * Signs in with e-mail and password (signInSchema's reading of the form), slowing brute force per client address
 * and per account.
 */
export async function signInWithEmail(
  runtime: CredentialDeps,
  input: z.output<typeof signInSchema>,
  headers: Headers,
  clientIp: string | null,
): Promise<AuthFormResult> {
  const email = input.email.toLowerCase();
  const { db, auth } = runtime;
  // the attempt is counted before the password is checked, so a burst cannot slip past the limit
  const reservation = await reserveSignInAttempt(db, clientIp, email);
  if (!reservation.allowed) return { ok: false, status: 429, message: MESSAGES.tooManyAttempts, fieldErrors: {} };
  try {
    const { headers: sessionHeaders } = await auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    await signInSucceeded(db, reservation);
    return { ok: true, message: MESSAGES.signedIn, headers: sessionHeaders };
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === "EMAIL_NOT_VERIFIED") {
        await releaseSignInAttempt(db, reservation);
        // The password was right: send a fresh link, so an expired or lost one never locks the owner out.
        await auth.api
          .sendVerificationEmail({ body: { email, callbackURL: "/dashboard" }, headers })
          .catch((err: unknown) => {
            logger.error({ err }, "could not resend the confirmation e-mail");
          });
        return { ok: false, status: 403, message: MESSAGES.emailNotConfirmed, fieldErrors: {}, confirmEmail: email };
      }
      if (code === "INVALID_EMAIL_OR_PASSWORD" || error.statusCode === 401) {
        // a failure keeps its place in the counts
        return { ok: false, status: 401, message: MESSAGES.invalidCredentials, fieldErrors: {} };
      }
      return { ok: false, status: error.statusCode, message: error.message || MESSAGES.unexpected, fieldErrors: {} };
    }
    logger.error({ err: error }, "sign-in failed");
    return { ok: false, status: 500, message: MESSAGES.unexpected, fieldErrors: {} };
  }
}

/**
 * Ends the session on the server and closes the event streams it opened, on every instance; returns the
 * headers that clear the cookie.
 */
export async function signOut(runtime: CredentialDeps, headers: Headers): Promise<Headers> {
  try {
    const current = await runtime.auth.api
      .getSession({ headers, query: { disableCookieCache: true } })
      .catch(() => null);
    const result = await runtime.auth.api.signOut({ headers, returnHeaders: true });
    if (current) await endLiveSessions(runtime.db, current.user.id, [current.session.id]);
    return result.headers;
  } catch (error) {
    logger.error({ err: error }, "Error signing out");
    throw error;
  }
}
