import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss, type Job, type PGliteLike } from "pg-boss";
import type { Database, Db } from "~/db/client.server";
import { logger } from "~/lib/logger.server";

/**
 * Background work that must not be lost (e-mail, notifications' e-mail, digests): a durable queue in the
 * app's own database (pg-boss). A job is sent in the transaction of the change that causes it, so it exists
 * exactly when the change does: a crash after the commit still runs it after a restart, and a rollback
 * sends nothing. Failed jobs are retried with exponential backoff.
 */
export type JobQueue = {
  /** Sends a job inside the caller's transaction (or on its own when `db` is the plain database). */
  send: <Name extends JobName>(db: Db, name: Name, data: JobData[Name], options?: { startAfterSeconds?: number; singletonKey?: string }) => Promise<void>;
  /** Runs `handler` for each job of `name` (in this process; any instance may take any job). */
  work: <Name extends JobName>(name: Name, handler: (data: JobData[Name], job: Job<JobData[Name]>) => Promise<void>) => Promise<void>;
  stop: () => Promise<void>;
};

/** Every queue and what its jobs carry. */
export type JobData = {
  email: { to: string; subject: string; text: string; link?: string; unsubscribeUrl?: string };
  "message-digest": { userId: string };
};
export type JobName = keyof JobData;

/** Retries: 1, 2, 4 … minutes apart, at most an hour, for about a day in all. */
const QUEUE_OPTIONS = { retryLimit: 30, retryDelay: 60, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 };

/**
 * Starts pg-boss on the app's database: its own connection pool on PostgreSQL (`url`), the app's PGlite
 * (in process or on its thread) otherwise. Creates pg-boss's schema and the queues on first start.
 */
export async function startJobQueue(database: Database, url?: string, options: { pollingIntervalSeconds?: number; retryDelaySeconds?: number } = {}): Promise<JobQueue> {
  const pglite = database.engine === "pglite" ? ((database.db as unknown as { $client: PGliteLike }).$client) : undefined;
  const boss = pglite
    ? new PgBoss({ db: fromPglite(pglite), backend: "pglite", schedule: false, monitorIntervalSeconds: 600, superviseIntervalSeconds: 300 })
    : new PgBoss({ connectionString: url!, max: 3, schedule: false, application_name: "setu-jobs" });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  const names: JobName[] = ["email", "message-digest"];
  const queueOptions = { ...QUEUE_OPTIONS, retryDelay: options.retryDelaySeconds ?? QUEUE_OPTIONS.retryDelay };
  for (const name of names) {
    // createQueue leaves an existing queue as it was: the update brings its retry options to this code's
    await boss.createQueue(name, queueOptions);
    await boss.updateQueue(name, queueOptions);
  }
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  return {
    send: async (db, name, data, { startAfterSeconds, singletonKey } = {}) => {
      await boss.send(name, data, { db: fromDrizzle(db as never, sql as never), startAfter: startAfterSeconds, singletonKey });
    },
    work: async (name, handler) => {
      await boss.work<JobData[typeof name]>(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
        if (!job) return;
        try {
          await handler(job.data, job);
        } catch (error) {
          logger.warn({ err: error, queue: name, jobId: job.id, retry: job.retryCount }, "job failed; it will be retried");
          throw error;
        }
      });
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000, close: true }),
  };
}
