import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/modules/jobs/job-queue.server";

/** How long a message waits unread before the digest e-mail mentions it. */
export const DIGEST_DELAY_SECONDS = 10 * 60;

/**
 * Queues the recipient's digest of unread messages in the transaction that stores a message: at most one
 * waiting digest per user (the singleton key), run DIGEST_DELAY_SECONDS later.
 */
export async function scheduleMessageDigest(tx: Db, jobs: Pick<JobQueue, "send">, userId: string): Promise<void> {
  await jobs.send(tx, "message-digest", { userId }, { startAfterSeconds: DIGEST_DELAY_SECONDS, singletonKey: `digest:${userId}` });
}
