import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimit } from "~/db/schema/auth";

/**
 * Sign-in attempts allowed within the window: per client address (across accounts), per account from one
 * client address (so a stranger who guesses wrong locks only themselves out, never the owner), and per
 * account from everywhere, a slower backoff against guesses spread over many addresses.
 */
export const SIGN_IN_LIMITS = { perClient: 20, perAccountFromClient: 5, perAccount: 50, windowMs: 15 * 60 * 1000 };

export type SignInReservation = { allowed: boolean; keys: string[]; accountFromClient: string };

/**
 * Reserves one sign-in attempt before the password is checked: each counter is raised atomically (one
 * upsert each, exact across requests and app instances), and the attempt is allowed only if none went past
 * its limit. A burst of N attempts lets at most the limit through, since the allowed ones keep their place
 * until they finish. A refused attempt gives its places back, so it never counts against the account.
 */
export async function reserveSignInAttempt(
  db: Db,
  ip: string | null,
  email: string,
  now = Date.now(),
): Promise<SignInReservation> {
  const account = `sign-in:account:${email.toLowerCase()}`;
  const accountFromClient = `${account}:client:${ip ?? "unknown"}`;
  const limits: Array<[string, number]> = [
    [accountFromClient, SIGN_IN_LIMITS.perAccountFromClient],
    [account, SIGN_IN_LIMITS.perAccount],
  ];
  if (ip) limits.push([`sign-in:client:${ip}`, SIGN_IN_LIMITS.perClient]);
  // narrowest counter first, and no further once one refuses: an attempt refused for its account and client holds
  // no place, even for a moment, in the account's or the client's wider count (a burst on one account and client
  // would otherwise fill those and refuse some of the few attempts the narrow limit lets through)
  let allowed = true;
  const keys: string[] = [];
  for (const [key, limit] of limits) {
    keys.push(key);
    if ((await countAttempt(db, key, SIGN_IN_LIMITS.windowMs, now)) > limit) {
      allowed = false;
      break;
    }
  }
  const reservation = { allowed, keys, accountFromClient };
  if (!allowed) await releaseSignInAttempt(db, reservation);
  return reservation;
}

/** Gives an attempt's places back: it was refused, or it was the owner's right password. */
export async function releaseSignInAttempt(db: Db, reservation: SignInReservation) {
  // one statement, so a concurrent attempt never sees half a release; its rows are locked in key order first,
  // so two releases of overlapping counters cannot deadlock (they did, locking in scan order, under a burst)
  const locked = db
    .select({ key: rateLimit.key })
    .from(rateLimit)
    .where(inArray(rateLimit.key, reservation.keys))
    .orderBy(rateLimit.key)
    .for("update");
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(inArray(rateLimit.key, locked));
}

/** A successful sign-in gives its places back and forgets that client's failures on the account. */
export async function signInSucceeded(db: Db, reservation: SignInReservation) {
  await releaseSignInAttempt(db, reservation);
  await db.delete(rateLimit).where(eq(rateLimit.key, reservation.accountFromClient));
}

/**
 * Counts one attempt under `key` and returns how many there have been, this one included, since the count
 * last restarted: it restarts after `windowMs` without an attempt. One upsert: exact under concurrent
 * requests and across app instances.
 */
export async function countAttempt(db: Db, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const [row] = await db
    .insert(rateLimit)
    .values({ key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} < ${now - windowMs} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: now,
      },
    })
    .returning({ count: rateLimit.count });
  return row!.count;
}

const HOUR = 60 * 60 * 1000;

/**
 * How often one client address (sign-ups) or one account (the rest) may create something within the window,
 * with what it is told past that. Enough for a person at work, not for a script filling the database or
 * sending mail. RATE_LIMIT_SCALE multiplies them (the shared browser-test server signs up many accounts
 * from one address); sign-in and contact limits are never scaled.
 */
export const ACTION_LIMITS = {
  signUp: {
    limit: 10,
    windowMs: HOUR,
    message: "Too many accounts were created from your network in the last hour. Please try again later.",
  },
  rfq: {
    limit: 20,
    windowMs: HOUR,
    message: "You have posted many RFQs in the last hour. Please wait a while before posting another.",
  },
  quote: {
    limit: 60,
    windowMs: HOUR,
    message: "You have submitted many quotes in the last hour. Please wait a while before submitting another.",
  },
  store: { limit: 10, windowMs: 24 * HOUR, message: "You have created many stores today. Please try again tomorrow." },
  product: {
    limit: 200,
    windowMs: HOUR,
    message: "You have added many products in the last hour. Please wait a while before adding more.",
  },
  upload: {
    limit: 300,
    windowMs: HOUR,
    message: "You have uploaded many images in the last hour. Please wait a while before uploading more.",
  },
  message: {
    limit: 300,
    windowMs: HOUR,
    message: "You have sent many messages in the last hour. Please wait a while before sending more.",
  },
  passwordReset: {
    limit: 5,
    windowMs: HOUR,
    message: "Too many password reset requests for this address. Please wait an hour and try again.",
  },
  // a new confirmation link asked for on the unconfirmed-address page: per address, and per client network
  confirmEmail: {
    limit: 5,
    windowMs: HOUR,
    message: "Too many confirmation e-mails for this address. Please wait an hour and try again.",
  },
  confirmEmailNetwork: {
    limit: 30,
    windowMs: HOUR,
    message: "Too many confirmation e-mails asked for from your network. Please wait an hour and try again.",
  },
  // the e-mail to an address's owner when someone signs up with it (never shown: past it, no e-mail is sent)
  signUpNotice: {
    limit: 3,
    windowMs: HOUR,
    message: "Too many sign-up attempts for this address.",
  },
  // better-auth's two endpoints open over HTTP (the e-mail confirmation link, Google's callback), per client address
  authLink: {
    limit: 100,
    windowMs: 60 * 1000,
    message: "Too many requests from your network. Please wait a minute and try again.",
  },
  passwordResetNetwork: {
    limit: 30,
    windowMs: HOUR,
    message: "Too many password reset attempts from your network. Please wait an hour and try again.",
  },
  conversation: {
    limit: 60,
    windowMs: HOUR,
    message: "You have started many conversations in the last hour. Please wait a while before starting another.",
  },
  // reports to the administrators: per reporter, and per reporter about one member (subject `reporter:reported`), so
  // a pair of accounts cannot bury other members' reports under theirs, and nobody can use up anyone else's reports
  report: {
    limit: 20,
    windowMs: HOUR,
    message: "You have sent too many reports in the last hour. Please try again later.",
  },
  reportAbout: {
    limit: 10,
    windowMs: 24 * HOUR,
    message: "You have sent too many reports about this member today. Please try again tomorrow.",
  },
} as const;

export type LimitedAction = keyof typeof ACTION_LIMITS;

function limitScale(): number {
  const scale = Number(process.env.RATE_LIMIT_SCALE ?? "1");
  return Number.isFinite(scale) && scale >= 1 ? scale : 1;
}

/**
 * Counts one `action` by `subject` (an account id or a client address) and returns the message to answer
 * with (429) when that went past its limit, or null. Counted in the database: shared by every app instance.
 */
export async function overActionLimit(db: Db, action: LimitedAction, subject: string | null): Promise<string | null> {
  if (!subject) return null;
  const { limit, windowMs, message } = ACTION_LIMITS[action];
  const count = await countAttempt(db, `action:${action}:${subject}`, windowMs);
  return count > limit * limitScale() ? message : null;
}
