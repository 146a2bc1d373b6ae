import crypto from "node:crypto";
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
export async function reserveSignInAttempt(db: Db, ip: string | null, email: string, now = Date.now()): Promise<SignInReservation> {
  const account = `sign-in:account:${email.toLowerCase()}`;
  const accountFromClient = `${account}:client:${ip ?? "unknown"}`;
  const limits: Array<[string, number]> = [
    [accountFromClient, SIGN_IN_LIMITS.perAccountFromClient],
    [account, SIGN_IN_LIMITS.perAccount],
  ];
  if (ip) limits.push([`sign-in:client:${ip}`, SIGN_IN_LIMITS.perClient]);
  let allowed = true;
  for (const [key, limit] of limits) {
    if ((await countAttempt(db, key, SIGN_IN_LIMITS.windowMs, now)) > limit) allowed = false;
  }
  const reservation = { allowed, keys: limits.map(([key]) => key), accountFromClient };
  if (!allowed) await releaseSignInAttempt(db, reservation);
  return reservation;
}

/** Gives an attempt's places back: it was refused, or it was the owner's right password. */
export async function releaseSignInAttempt(db: Db, reservation: SignInReservation) {
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(inArray(rateLimit.key, reservation.keys));
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
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
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
