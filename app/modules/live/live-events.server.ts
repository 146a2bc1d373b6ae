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
