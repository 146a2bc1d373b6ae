import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { LiveEvent } from "./live.schema";

/** The channel every app instance listens on (PostgreSQL LISTEN/NOTIFY; the embedded database's own). */
export const LIVE_CHANNEL = "setu_live";

/**
 * Tells the given users' open pages about an event. Called inside the transaction of the change: NOTIFY is
 * delivered when the transaction commits, never when it rolls back, to every instance listening.
 */
export async function publishLive(tx: Db, userIds: string[], event: LiveEvent): Promise<void> {
  if (userIds.length === 0) return;
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ userIds, event })})`);
}

/**
 * Closes the open event streams of these sign-in sessions of a user, on every instance (at sign-out: a stream
 * opened with a session must not outlive it). Not a browser event: the hub closes the streams itself.
 */
export async function endLiveSessions(db: Db, userId: string, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db.execute(
    sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ userIds: [userId], endedSessionIds: sessionIds })})`,
  );
}
