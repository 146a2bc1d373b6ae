import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss, type Job, type PGliteLike, type QueuePolicy } from "pg-boss";
import type { Database, Db } from "~/db/client.server";
import { logger } from "~/logger.server";
import type { Locale } from "~/lib/locale";

/**
 * Background work that must not be lost (e-mail, notifications' e-mail, digests): a durable queue in the
 * app's own database (pg-boss). A job is sent in the transaction of the change that causes it, so it exists
 * exactly when the change does: a crash after the commit still runs it after a restart, and a rollback
 * sends nothing. Failed jobs are retried with exponential backoff.
 */
export type JobQueue = {
  /** Sends a job inside the caller's transaction (or on its own when `db` is the plain database). */
  send: <Name extends JobName>(
    db: Db,
    name: Name,
    data: JobData[Name],
    options?: { startAfterSeconds?: number; singletonKey?: string },
  ) => Promise<void>;
  /** Runs `handler` for each job of `name` (in this process; any instance may take any job). */
  work: <Name extends JobName>(
    name: Name,
    handler: (data: JobData[Name], job: Job<JobData[Name]>) => Promise<void>,
  ) => Promise<void>;
  /** Sends a job of `name` on a cron expression (UTC), whichever instance's clock runs it first; once per occurrence. */
  schedule: <Name extends JobName>(name: Name, cron: string, data: JobData[Name]) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * An e-mail to send: the template (notifications/email-templates.server.ts renders it when the job runs) and
 * what goes in it. `to` is at the top of every kind, so the queue can be searched by recipient.
 */
export type EmailJob =
  /** `locale`: the account's language when it chose one other than English (record 0058); none: English */
  | { template: "confirm-email"; to: string; name: string; url: string; locale?: Locale }
  | { template: "password-reset"; to: string; name: string; link: string; validMinutes: number; locale?: Locale }
  | { template: "sign-up-attempt"; to: string; name: string; publicUrl: string; locale?: Locale }
  /** a notification's e-mail: the event's subject and paragraph, the link to it, the kind's unsubscribe link */
  | {
      template: "notice";
      to: string;
      subject: string;
      text: string;
      link: string;
      unsubscribeUrl: string;
      /** the recipient's language when not English (record 0058) */
      locale?: Locale;
    }
  | {
      template: "message-digest";
      to: string;
      publicUrl: string;
      conversations: { conversationId: string; counterpartCompany: string; preview: string }[];
      unsubscribeUrl: string;
      locale?: Locale;
    }
  /** queued, already written, by a version before the templates: sent as it is */
  | { template?: undefined; to: string; subject: string; text: string; link?: string; unsubscribeUrl?: string };

/** Every queue and what its jobs carry. */
export type JobData = {
  email: EmailJob;
  "message-digest": { userId: string };
  /** one Web Push to one device: a notification's title, text and page (modules/notifications/push.server.ts) */
  push: {
    subscriptionId: string;
    payload: { title: string; body: string; url: string; tag: string };
  };
  /** the periodic pass that reminds buyers of RFQ deadlines 24 hours away */
  "rfq-deadline-reminders": Record<string, never>;
  /** match a newly published RFQ to the suppliers whose catalogue fits it, and tell them */
  "match-rfq": { rfqId: string };
  /** the payment simulator's webhook, delivered to our webhook route until it answers 2xx (modules/payments) */
  "payment-webhook": { eventId: string; payload: string };
  /**
   * settles card charges still pending RECONCILE_AFTER_SECONDS after they were written, by asking the provider: the one
   * charge (queued with it), or every such charge (the sweep, every minute and as an instance starts; modules/payments)
   */
  "payment-reconcile": { chargeId?: string };
  /** a release or refund the ledger recorded, carried out at the payment provider (modules/payments) */
  "payment-payout": {
    kind: "release" | "refund";
    ledgerEntryId: string;
    idempotencyKey: string;
    amountCents: number;
    destination: string;
    chargeReference: string | null;
  };
  /** the periodic pass that completes orders delivered more than 14 days ago (modules/orders) */
  "order-auto-complete": Record<string, never>;
  /** the periodic pass that reminds buyers of net-term payments coming due or overdue (modules/payments) */
  "payment-due-reminders": Record<string, never>;
  /** an order's export documents for the stage it reached (issued once each; see order-documents.server.ts) */
  "order-documents": { orderId: string; stage: "confirmed" | "shipped" };
  /** makes again the stored store QR codes that encode another address than today's (queued as an instance starts) */
  "store-qr-refresh": { publicUrl: string };
  /** a committed spreadsheet import, written from its cursor on (modules/catalogue-import, record 0055) */
  "catalogue-import": { importId: string };
  /** the periodic pass that discards previews left uncommitted for a day, and deletes their ZIPs from storage */
  "catalogue-import-cleanup": Record<string, never>;
};
export type JobName = keyof JobData;

/**
 * Retries: 1, 2, 4 … minutes apart, at most an hour, for about a day in all. `notify`: a job's insert also NOTIFYs
 * (in its transaction, so on commit) and every instance's worker of that queue fetches at once, rather than at its
 * next poll; polling stays as the backstop for delayed jobs, retries and a lost listener.
 */
const QUEUE_OPTIONS = {
  retryLimit: 30,
  retryDelay: 60,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 120,
  notify: true,
};

/**
 * Queues that must recover faster than the defaults. A card payment's webhook (one delivery times out at 10 s) is
 * taken back 20 s after a worker died holding it and retried 5 s later, so a charge left "processing" by a crash is
 * recorded within a minute (issue #38 item 9): 20 s + at most SUPERVISE_SECONDS until the queue is supervised + 5 s.
 */
const QUEUE_OVERRIDES: Partial<Record<JobName, Partial<typeof QUEUE_OPTIONS>>> = {
  "payment-webhook": { expireInSeconds: 20, retryDelay: 5, retryDelayMax: 300 },
  "payment-reconcile": { expireInSeconds: 30, retryDelay: 10, retryDelayMax: 300 },
  // a run writes for at most 20 s and hands over to the next: one that died holding the job is retried within a minute
  "catalogue-import": { expireInSeconds: 45, retryDelay: 5, retryDelayMax: 60 },
  // a push is worth sending soon or not at all (its TTL is a day); its request gives up after 15 s
  push: { expireInSeconds: 30, retryLimit: 10, retryDelay: 10, retryDelayMax: 600 },
};

/** How often a worker looks for new jobs when none is told otherwise (pg-boss's own default). */
export const DEFAULT_POLL_SECONDS = 2;

/**
 * JOB_POLL_SECONDS: how often each worker looks for jobs that no NOTIFY announced (a delayed job come due, a retry,
 * one sent while the listener was down); at least pg-boss's minimum, 0.5 s. Unset or invalid, the default.
 */
export function pollSecondsFromEnv(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.JOB_POLL_SECONDS);
  return env.JOB_POLL_SECONDS && Number.isFinite(seconds) && seconds >= 0.5 ? seconds : DEFAULT_POLL_SECONDS;
}

/** How often pg-boss looks for jobs whose worker died (expired) and retries them, on both engines. */
export const SUPERVISE_SECONDS = 30;

/**
 * JOB_RETRY_DELAY_SECONDS: the first retry's delay for every queue (each later one doubles, at most an hour), e.g. 1
 * on a test server that shows a job retried while SMTP is down. Unset or not a positive whole number: the defaults.
 */
export function retryDelayFromEnv(env: Record<string, string | undefined>): number | undefined {
  const value = env.JOB_RETRY_DELAY_SECONDS;
  return value && /^[1-9]\d{0,4}$/.test(value) ? Number(value) : undefined;
}

/** A queue's options: the defaults, its overrides, and a test server's shorter retry delay. */
export function queueOptions(name: JobName, retryDelaySeconds?: number) {
  const options = { ...QUEUE_OPTIONS, ...QUEUE_OVERRIDES[name] };
  return retryDelaySeconds === undefined ? options : { ...options, retryDelay: retryDelaySeconds };
}

/**
 * Each queue's pg-boss policy. On a `standard` queue a singletonKey alone deduplicates nothing (only with
 * singletonSeconds), so the digest's queue is `stately`: at most one waiting and one running job per key (per
 * user), so the many messages of a busy conversation queue one digest, while a message arriving as a digest
 * runs still queues the next one.
 */
const QUEUE_POLICIES: Record<JobName, QueuePolicy> = {
  email: "standard",
  "message-digest": "stately",
  "rfq-deadline-reminders": "stately",
  "match-rfq": "standard",
  "payment-webhook": "standard",
  "payment-reconcile": "standard",
  "payment-payout": "standard",
  "order-auto-complete": "stately",
  "payment-due-reminders": "stately",
  "order-documents": "standard",
  "store-qr-refresh": "stately",
  "catalogue-import": "standard",
  "catalogue-import-cleanup": "stately",
  push: "standard",
};

/**
 * Starts pg-boss on the app's database: its own connection pool on PostgreSQL (`url`), the app's PGlite
 * (in process or on its thread) otherwise. Creates pg-boss's schema and the queues on first start.
 */
export async function startJobQueue(
  database: Database,
  url?: string,
  options: { pollingIntervalSeconds?: number; retryDelaySeconds?: number; cronMonitorIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const pglite = database.engine === "pglite" ? (database.db as unknown as { $client: PGliteLike }).$client : undefined;
  // pg-boss refuses an option given as undefined
  const cron = options.cronMonitorIntervalSeconds
    ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds }
    : {};
  const boss = pglite
    ? new PgBoss({
        db: fromPglite(pglite),
        backend: "pglite",
        monitorIntervalSeconds: 600,
        superviseIntervalSeconds: SUPERVISE_SECONDS,
        useListenNotify: true,
        ...cron,
      })
    : new PgBoss({
        connectionString: url!,
        max: 3,
        application_name: "setu-jobs",
        superviseIntervalSeconds: SUPERVISE_SECONDS,
        // one more connection, held for LISTEN: a job sent by any instance wakes every instance's worker of its queue
        useListenNotify: true,
        ...cron,
      });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  const queues = Object.entries(QUEUE_POLICIES) as [JobName, QueuePolicy][];
  // every queue read in one statement, not one each: a start is a fixed cost the test suite pays some seventy times
  const found = new Map((await boss.getQueues(queues.map(([name]) => name))).map((queue) => [queue.name, queue]));
  for (const [name, policy] of queues) {
    const existing = found.get(name);
    if (existing && existing.policy !== policy) {
      // a queue's policy cannot be changed in place (an older start made `message-digest` standard): its waiting
      // jobs are recomputed from the data anyway (the digest reads the conversations, the next message queues another)
      logger.warn({ queue: name, from: existing.policy, to: policy }, "re-creating a job queue with its new policy");
      await boss.deleteQueue(name);
    }
    const wanted = queueOptions(name, options.retryDelaySeconds);
    if (!existing || existing.policy !== policy) await boss.createQueue(name, { ...wanted, policy });
    // createQueue leaves an existing queue's options as they were: bring them to these
    else if (
      existing.retryDelay !== wanted.retryDelay ||
      existing.retryLimit !== wanted.retryLimit ||
      existing.expireInSeconds !== wanted.expireInSeconds ||
      existing.retryDelayMax !== wanted.retryDelayMax ||
      existing.notify !== wanted.notify
    )
      await boss.updateQueue(name, {
        retryLimit: wanted.retryLimit,
        retryDelay: wanted.retryDelay,
        retryBackoff: wanted.retryBackoff,
        retryDelayMax: wanted.retryDelayMax,
        expireInSeconds: wanted.expireInSeconds,
        notify: wanted.notify,
      });
  }
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? DEFAULT_POLL_SECONDS;
  return {
    send: async (db, name, data, { startAfterSeconds, singletonKey } = {}) => {
      await boss.send(name, data, {
        db: fromDrizzle(db as never, sql as never),
        startAfter: startAfterSeconds,
        singletonKey,
      });
    },
    work: async (name, handler) => {
      // while the listener holds, pg-boss polls at notifyPollingIntervalSeconds (30 s unless told): kept at the base
      // interval, as a delayed job or a retry is found only by a poll (a webhook's retry within a minute, #38)
      const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds };
      await boss.work<JobData[typeof name]>(name, { ...polling, batchSize: 1 }, async ([job]) => {
        if (!job) return;
        try {
          await handler(job.data, job);
        } catch (error) {
          logger.warn(
            { err: error, queue: name, jobId: job.id, retry: job.retryCount },
            "job failed; it will be retried",
          );
          throw error;
        }
      });
    },
    schedule: async (name, cron, data) => {
      await boss.schedule(name, cron, data, { tz: "UTC" });
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000, close: true }),
  };
}
