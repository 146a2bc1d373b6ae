import { sql } from "drizzle-orm";
import { preferredLanguageFor } from "~/modules/accounts/profiles.server";
import { openConfiguredDatabase, type Database, type Db } from "~/db/client.server";
import { EMBEDDED_MAINTENANCE_INTERVAL_MS, tidyChangedTables } from "~/db/embedded-maintenance.server";
import path from "node:path";
import { logger } from "~/logger.server";
import { createAuth, emailVerificationRequired, GOOGLE_DISCOVERY_URL, type Auth } from "~/modules/accounts/auth.server";
import { queueEmailConfirmation } from "~/modules/accounts/credentials.server";
import { sendPasswordResetEmail } from "~/modules/accounts/password-reset.server";
import { resolveAuthSecret } from "~/modules/accounts/secret.server";
import { activeSessionIds } from "~/modules/accounts/session.server";
import { emailAddressOf } from "~/modules/accounts/profiles.server";
import { pollSecondsFromEnv, retryDelayFromEnv, startJobQueue, type JobQueue } from "~/modules/jobs/job-queue.server";
import {
  discardAbandonedImports,
  IMPORT_CLEANUP_CRON,
  resumeCatalogueImports,
  runCatalogueImport,
  sweepImportFiles,
} from "~/modules/catalogue-import/catalogue-import.server";
import { generateOrderDocuments } from "~/modules/order-documents/order-documents.server";
import {
  liveLimitsFromEnv,
  sessionCheckIntervalFromEnv,
  startLiveUpdates,
  type LiveHub,
  type LiveUpdates,
} from "~/modules/live/live-hub.server";
import { sendMessageDigest } from "~/modules/messaging/message-digest.server";
import { conversationSubjects } from "~/modules/conversation-subjects/conversation-subjects.server";
import { renderEmail } from "~/modules/notifications/email-templates.server";
import { createMailer } from "~/modules/notifications/mailer.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { pushConfigFromEnv, sendPush, type PushConfig } from "~/modules/notifications/push.server";
import { remindRfqDeadlines, RFQ_DEADLINE_REMINDER_CRON } from "~/modules/rfqs/rfq-deadline-reminders.server";
import { ViewCounter, VIEW_FLUSH_INTERVAL_MS } from "~/modules/analytics/view-counter.server";
import { matchRfq } from "~/modules/matching/matching.server";
import { AUTO_COMPLETE_CRON } from "~/modules/orders/orders.server";
import { completeDeliveredOrders } from "~/modules/order-flow/order-flow.server";
import { refreshStoreQrCodes } from "~/modules/stores/stores.server";
import { SimulatorProvider, type PaymentProvider } from "~/modules/payments/payment-provider.server";
import {
  carryOutPayout,
  NET_REMINDER_CRON,
  RECONCILE_CRON,
  reconcilePendingCharges,
  remindNetPaymentsDue,
} from "~/modules/payments/payments.server";
import { createStorage, type BlobStorage } from "~/modules/uploads/storage.server";
import { seedDemoDataIfEmpty } from "../seed/demo.server";

/** What every request can reach: the database and its engine. Created once per process. */
export type Runtime = {
  db: Db;
  engine: Database["engine"];
  auth: Auth;
  /** better-auth's secret: page loads check the session cookie's signature with it (accounts/session.server.ts) */
  authSecret: string;
  publicUrl: string;
  dataDir: string;
  googleEnabled: boolean;
  storage: BlobStorage;
  jobs: JobQueue;
  /** this instance's open event streams, fed by the database's LISTEN (modules/live) */
  live: LiveHub;
  /** what commands need to notify users: the job queue, the site's address, the key of unsubscribe links */
  notifier: Notifier;
  /** Web Push: the VAPID keys (DATA_DIR or VAPID_* variables) and which push services may be posted to */
  push: PushConfig;
  /** the escrow's payment provider: the local simulator (modules/payments, decision record 0028) */
  payments: PaymentProvider;
  /** store and product page views and QR scans, counted in memory and written every few seconds (modules/analytics) */
  views: ViewCounter;
  healthCheck: () => Promise<void>;
};

type Holder = {
  database?: Database;
  jobs?: JobQueue;
  live?: LiveUpdates;
  runtime?: Runtime;
  starting?: Promise<Runtime>;
  maintenance?: NodeJS.Timeout;
  views?: ViewCounter;
  viewFlush?: NodeJS.Timeout;
  importSweep?: NodeJS.Timeout;
};
// Kept on globalThis so that hot module reloads in development reuse the open database.
const holder: Holder = ((globalThis as { __setuRuntime?: Holder }).__setuRuntime ??= {});

export function startRuntime(): Promise<Runtime> {
  holder.starting ??= (async () => {
    const database = await openConfiguredDatabase();
    holder.database = database;
    logger.info({ engine: database.engine }, "database ready");
    const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
    const storage = createStorage(process.env, dataDir);
    if ((process.env.DEMO_DATA ?? "on") !== "off") {
      const seeded = await seedDemoDataIfEmpty(database.db, storage, path.join(dataDir, "cache", "demo-images"));
      if (seeded) logger.info("demo data loaded into the new database");
    }
    if (database.engine === "pglite") {
      // the embedded database has no autovacuum to keep its statistics and clear its dead rows (see embedded-maintenance.server.ts)
      const tidy = () =>
        tidyChangedTables(database.db).then(
          ({ vacuumed, analyzed }) =>
            analyzed.length && logger.info({ vacuumed, analyzed }, "tidied the embedded database's changed tables"),
          (error: unknown) => logger.warn({ err: error }, "could not tidy the embedded database"),
        );
      // in the background: a request that comes first only finds older statistics
      void tidy();
      holder.maintenance = setInterval(tidy, EMBEDDED_MAINTENANCE_INTERVAL_MS);
      holder.maintenance.unref();
    }
    const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
    const mailer = createMailer({ smtpUrl: process.env.SMTP_URL, outboxDir: path.join(dataDir, "outbox") });
    const google =
      process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: process.env.GOOGLE_CLIENT_ID,
            clientSecret: process.env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: process.env.GOOGLE_DISCOVERY_URL ?? GOOGLE_DISCOVERY_URL,
          }
        : undefined;
    const secret = resolveAuthSecret(dataDir);
    const push = pushConfigFromEnv(dataDir, publicUrl);
    // background work (e-mail…) in the same database, sent in the transactions that cause it (job-queue.server.ts)
    const jobs = await startJobQueue(database, process.env.DATABASE_URL, {
      pollingIntervalSeconds: pollSecondsFromEnv(process.env),
      retryDelaySeconds: retryDelayFromEnv(process.env),
    });
    holder.jobs = jobs;
    const auth = createAuth({
      db: database.db,
      secret,
      baseURL: publicUrl,
      requireEmailVerification: emailVerificationRequired(process.env),
      google,
      secureCookies: servedOverHttps(publicUrl),
      sendPasswordReset: (message) => sendPasswordResetEmail(database.db, jobs, publicUrl, message),
      sendEmailConfirmation: (message) => queueEmailConfirmation(database.db, jobs, message),
    });
    // one LISTEN per instance: what any instance commits reaches the streams open on this one
    // and closes the streams of sessions that were signed out, revoked or expired
    const live = await startLiveUpdates(database.listen, liveLimitsFromEnv(process.env), {
      check: (ids) => activeSessionIds(database.db, ids),
      intervalMs: sessionCheckIntervalFromEnv(process.env),
    });
    holder.live = live;
    // JOB_WORKERS=off: an instance that only serves pages (others, or a worker process, run the jobs)
    const notifier: Notifier = { jobs, publicUrl, secret, addressOf: emailAddressOf, languageOf: preferredLanguageFor };
    // the simulator posts its signed webhooks to this instance's route (PAYMENTS_WEBHOOK_URL when behind a proxy)
    const payments = new SimulatorProvider({
      db: database.db,
      jobs,
      secret,
      webhookUrl: process.env.PAYMENTS_WEBHOOK_URL || `${publicUrl}/api/payments/webhook`,
    });
    if (process.env.JOB_WORKERS !== "off") {
      // every e-mail: rendered from its template when it is sent, retried while the SMTP server refuses it
      await jobs.work("email", (email) => mailer.send(renderEmail(email)));
      // a Web Push to one device, retried while its push service is busy; a subscription gone (404/410) is deleted
      await jobs.work("push", async (job) => {
        const outcome = await sendPush(database.db, push, job);
        if (outcome === "gone")
          logger.info({ subscriptionId: job.subscriptionId }, "removed an expired push subscription");
      });
      await jobs.work("message-digest", async ({ userId }) => {
        await sendMessageDigest(database.db, conversationSubjects, notifier, userId);
      });
      await jobs.work("match-rfq", async ({ rfqId }) => {
        const matched = await matchRfq(database.db, notifier, rfqId);
        logger.info({ rfqId, matched }, "matched an RFQ to suppliers");
      });
      await jobs.work("rfq-deadline-reminders", async () => {
        const reminded = await remindRfqDeadlines(database.db, notifier);
        if (reminded) logger.info({ reminded }, "reminded buyers of RFQ deadlines 24 hours away");
      });
      await jobs.work("payment-webhook", (event) => payments.deliverWebhook(event));
      await jobs.work("payment-payout", (payout) => carryOutPayout(payments, payout));
      await jobs.work("payment-reconcile", async ({ chargeId }) => {
        const settled = await reconcilePendingCharges(database.db, payments, notifier, { chargeId });
        if (settled.succeeded || settled.failed) logger.info(settled, "settled card charges left pending");
      });
      await jobs.work("order-auto-complete", async () => {
        const completed = await completeDeliveredOrders(database.db, notifier);
        if (completed.length) logger.info({ completed: completed.length }, "completed orders delivered 14 days ago");
      });
      await jobs.work("payment-due-reminders", async () => {
        const reminded = await remindNetPaymentsDue(database.db, notifier);
        if (reminded) logger.info({ reminded }, "reminded buyers of net-term payments coming due");
      });
      await jobs.work("order-documents", async ({ orderId, stage }) => {
        await generateOrderDocuments(database.db, storage, orderId, stage);
      });
      await jobs.work("catalogue-import", async ({ importId }) => {
        const outcome = await runCatalogueImport({ db: database.db, storage, jobs, dataDir }, importId);
        logger.info({ importId, outcome }, "ran a catalogue import");
      });
      await jobs.work("catalogue-import-cleanup", async () => {
        const discarded = await discardAbandonedImports({ db: database.db, storage });
        if (discarded) logger.info({ discarded }, "discarded import previews left for a day, and their ZIPs");
      });
      await jobs.work("store-qr-refresh", async ({ publicUrl }) => {
        const made = await refreshStoreQrCodes(database.db, publicUrl);
        if (made) logger.info({ made }, "made again the store QR codes that encoded another address");
      });
    }
    // what imports left on this instance's own disk (a ZIP copy of one another instance finished, an upload a crash
    // cut short) goes now and every hour: each instance sweeps its own disk (record 0055)
    const sweep = () =>
      sweepImportFiles({ db: database.db, dataDir }).then(
        (removed) => removed && logger.info({ removed }, "removed files left by catalogue imports"),
        (error: unknown) => logger.warn({ err: error }, "catalogue import files could not be swept"),
      );
    await sweep();
    holder.importSweep = setInterval(() => void sweep(), 60 * 60 * 1000);
    holder.importSweep.unref();
    // imports a crash interrupted carry on from their cursor (record 0055)
    if (process.env.JOB_WORKERS !== "off") await resumeCatalogueImports(database.db, jobs);
    // stored QR codes made before scans were tagged, or before the site moved, are made again (once: a stately queue)
    await jobs.send(database.db, "store-qr-refresh", { publicUrl }, { singletonKey: "all" });
    // every instance declares the schedule (an upsert); pg-boss sends each occurrence once
    await jobs.schedule("rfq-deadline-reminders", RFQ_DEADLINE_REMINDER_CRON, {});
    await jobs.schedule("order-auto-complete", AUTO_COMPLETE_CRON, {});
    await jobs.schedule("payment-due-reminders", NET_REMINDER_CRON, {});
    await jobs.schedule("catalogue-import-cleanup", IMPORT_CLEANUP_CRON, {});
    // charges a crash left pending, looked up at the provider (record 0044): every minute, and once now
    await jobs.schedule("payment-reconcile", RECONCILE_CRON, {});
    await jobs.send(database.db, "payment-reconcile", {});
    const views = new ViewCounter();
    holder.views = views;
    holder.viewFlush = setInterval(() => {
      views
        .flush(database.db)
        .catch((error: unknown) => logger.warn({ err: error }, "could not write the page views counted"));
    }, VIEW_FLUSH_INTERVAL_MS);
    holder.viewFlush.unref();
    holder.runtime = {
      db: database.db,
      engine: database.engine,
      auth,
      authSecret: secret,
      publicUrl,
      dataDir,
      googleEnabled: Boolean(google),
      storage,
      jobs,
      live: live.hub,
      notifier,
      push,
      payments,
      views,
      healthCheck: async () => {
        await database.db.execute(sql`select 1`);
      },
    };
    return holder.runtime;
  })();
  return holder.starting;
}

/**
 * Cookies are marked Secure when the site's public address is https: a browser then never sends them over
 * plain http. Tied to PUBLIC_URL, not NODE_ENV, so `npm start` reached over http from another machine
 * keeps its session (the browser would drop a Secure cookie there; only localhost is exempt).
 */
export function servedOverHttps(publicUrl: string): boolean {
  return publicUrl.toLowerCase().startsWith("https://");
}

export function getRuntime(): Runtime {
  if (!holder.runtime) throw new Error("The runtime has not been started");
  return holder.runtime;
}

export async function stopRuntime() {
  clearInterval(holder.maintenance);
  holder.maintenance = undefined;
  clearInterval(holder.viewFlush);
  holder.viewFlush = undefined;
  clearInterval(holder.importSweep);
  holder.importSweep = undefined;
  const { database, jobs, live, views } = holder;
  holder.views = undefined;
  holder.jobs = undefined;
  holder.live = undefined;
  holder.database = undefined;
  holder.runtime = undefined;
  holder.starting = undefined;
  // how long each step took, logged so a slow stop says what it waited for
  const took: Record<string, number> = {};
  const timed = async (step: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    try {
      await work();
    } finally {
      took[step] = Math.round(performance.now() - started);
    }
  };
  try {
    // the views counted since the last flush
    if (database && views)
      await timed("views", () =>
        views
          .flush(database.db)
          .catch((error: unknown) => logger.warn({ err: error }, "could not write the page views counted")),
      );
    // open streams end now, so the HTTP server is not held open by them
    if (live) await timed("live", () => live.stop());
    if (jobs) await timed("jobs", () => jobs.stop());
  } finally {
    if (database) await timed("database", () => database.close());
    logger.info({ ms: took }, "stopped");
  }
}
