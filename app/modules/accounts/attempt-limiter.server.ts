import crypto from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimit } from "~/db/schema/auth";

/** Failed sign-ins allowed before a 429: per client address and per account, within the window. */
export const SIGN_IN_LIMITS = { perClient: 20, perAccount: 5, windowMs: 15 * 60 * 1000 };

function keysFor(ip: string | null, email: string) {
  const keys = { account: `sign-in:account:${email.toLowerCase()}`, client: ip ? `sign-in:client:${ip}` : null };
  return keys;
}

/** True when this client or this account has failed too often recently. */
export async function isSignInBlocked(db: Db, ip: string | null, email: string, now = Date.now()): Promise<boolean> {
  const { account, client } = keysFor(ip, email);
  const keys = client ? [account, client] : [account];
  const rows = await db.select().from(rateLimit).where(inArray(rateLimit.key, keys));
  return rows.some((row) => {
    if (now - row.lastRequest > SIGN_IN_LIMITS.windowMs) return false;
    const limit = row.key === account ? SIGN_IN_LIMITS.perAccount : SIGN_IN_LIMITS.perClient;
    return row.count >= limit;
  });
}

/** Counts one failed attempt for the client and the account, atomically (safe across app instances). */
export async function recordSignInFailure(db: Db, ip: string | null, email: string, now = Date.now()) {
  const { account, client } = keysFor(ip, email);
  for (const key of client ? [account, client] : [account]) await countAttempt(db, key, SIGN_IN_LIMITS.windowMs, now);
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

/** A successful sign-in clears the account's failures (the client's count stays). */
export async function clearAccountFailures(db: Db, email: string) {
  await db.delete(rateLimit).where(eq(rateLimit.key, keysFor(null, email).account));
}
