import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { queueOptions, startJobQueue, SUPERVISE_SECONDS, type JobData, type JobQueue } from "./job-queue.server";

const mail = (to: string): JobData["email"] => ({ to, subject: "Hello", text: "Body" });

function received() {
  const seen: string[] = [];
  let wake = () => {};
  return {
    seen,
    handler: async (data: JobData["email"]) => {
      seen.push(data.to);
      wake();
    },
    until: (count: number, ms = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${seen.length} of ${count} jobs ran`)), ms);
        const check = () => seen.length >= count && (clearTimeout(timer), resolve());
        wake = check;
        check();
      }),
  };
}

// on both engines (test-database.ts): pg-boss runs on its own pool on PostgreSQL, through the app's connection on PGlite
describe.each(testEngines("both"))("job queue (%s)", (engine) => {
  let database: TestDatabase;
  let queue: JobQueue | undefined;

  afterEach(async () => {
    await queue?.stop();
    queue = undefined;
    await database.drop();
  });

  it("runs a job sent in a transaction that commits, and never one whose transaction rolls back", async () => {
    database = await createTestDatabase(engine);
    queue = await startJobQueue(database, database.url, { pollingIntervalSeconds: 0.5 });
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await queue!.send(tx, "email", mail("kept@example.test"));
    });
    await database.db
      .transaction(async (tx) => {
        await queue!.send(tx, "email", mail("rolled-back@example.test"));
        throw new Error("the change failed");
      })
      .catch(() => {});
    // the queue holds what the committed transaction sent, and nothing of the rolled-back one
    const queued = await queryRows<{ to: string }>(
      database.db,
      sql`select data->>'to' as to from pgboss.job where name = 'email' order by created_on`,
    );
    expect(queued.map((row) => row.to)).toEqual(["kept@example.test"]);
    // and the worker runs jobs in the order they were sent: one sent after the rollback runs right after the kept
    // one, so by the time it has run, a rolled-back job (sent between them) would have run before it
    await queue.send(database.db, "email", mail("after@example.test"));
    const jobs = received();
    await queue.work("email", jobs.handler);
    await jobs.until(2);
    expect(jobs.seen).toEqual(["kept@example.test", "after@example.test"]);
  }, 60_000);

  it("wakes a queue's worker when a job's transaction commits, not at its next poll", async () => {
    database = await createTestDatabase(engine);
    // a poll every 30 s: a job that runs within 15 s was announced by its NOTIFY
    queue = await startJobQueue(database, database.url, { pollingIntervalSeconds: 30 });
    // the worker's first fetch (at once) takes the first job; then it waits out its 30 s unless woken
    await queue.send(database.db, "email", mail("first@example.test"));
    const jobs = received();
    await queue.work("email", jobs.handler);
    await jobs.until(1);
    await database.db.transaction(async (tx) => {
      await queue!.send(tx, "email", mail("announced@example.test"));
    });
    await jobs.until(2, 15_000);
    expect(jobs.seen).toEqual(["first@example.test", "announced@example.test"]);
  }, 60_000);

  it("takes a payment webhook back from a dead worker and delivers it within a minute (issue #38 item 9)", async () => {
    database = await createTestDatabase(engine);
    queue = await startJobQueue(database, database.url, { pollingIntervalSeconds: 2 });
    const [row] = await queryRows<{ expire_seconds: number; retry_delay: number }>(
      database.db,
      sql`select expire_seconds, retry_delay from pgboss.queue where name = 'payment-webhook'`,
    );
    // a worker dies holding the job: expired after expire_seconds, found by the next supervision, retried after
    // retry_delay, picked up at the next poll
    expect(row!.expire_seconds + SUPERVISE_SECONDS + row!.retry_delay + 2).toBeLessThanOrEqual(60);
    // every other queue keeps the slower defaults
    expect(queueOptions("email").expireInSeconds).toBe(120);
  }, 60_000);

  it("retries a job whose handler fails, until it succeeds", async () => {
    database = await createTestDatabase(engine);
    queue = await startJobQueue(database, database.url, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
    await queue.send(database.db, "email", mail("flaky@example.test"));
    let attempts = 0;
    const jobs = received();
    await queue.work("email", async (data) => {
      attempts++;
      if (attempts < 3) throw new Error("SMTP server unavailable");
      await jobs.handler(data);
    });
    await jobs.until(1, 90_000);
    expect(attempts).toBe(3);
  }, 120_000);

  it("keeps one waiting digest per user on the stately queue, and one more while it runs", async () => {
    database = await createTestDatabase(engine);
    queue = await startJobQueue(database, database.url, { pollingIntervalSeconds: 0.5 });
    const waiting = async (key?: string) => {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pgboss.job where name = 'message-digest' and state = 'created' and (${key ?? null}::text is null or singleton_key = ${key ?? null})`,
      );
      return row!.n;
    };
    for (const userId of ["a", "a", "a", "b"])
      await database.db.transaction((tx) =>
        queue!.send(tx, "message-digest", { userId }, { singletonKey: `digest:${userId}` }),
      );
    expect(await waiting()).toBe(2);
    let release = () => {};
    const running = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    await queue.work("message-digest", async ({ userId }) => {
      started.push(userId);
      await running;
    });
    await expect.poll(() => started.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const runningUser = started[0]!;
    // a message arriving while the user's digest runs queues the next one, and only one
    await queue.send(
      database.db,
      "message-digest",
      { userId: runningUser },
      { singletonKey: `digest:${runningUser}`, startAfterSeconds: 600 },
    );
    await queue.send(
      database.db,
      "message-digest",
      { userId: runningUser },
      { singletonKey: `digest:${runningUser}`, startAfterSeconds: 600 },
    );
    expect(await waiting(`digest:${runningUser}`)).toBe(1);
    release();
  }, 60_000);

  it("sends a scheduled job on its cron (pg-boss's clock and cron work on this engine)", async () => {
    database = await createTestDatabase(engine);
    queue = await startJobQueue(database, database.url, { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });
    const ran: number[] = [];
    await queue.work("rfq-deadline-reminders", async () => {
      ran.push(Date.now());
    });
    // every second (a sixth field): the next second's occurrence, a cron pass (1 s) and a poll (0.5 s) later
    await queue.schedule("rfq-deadline-reminders", "* * * * * *", {});
    await expect.poll(() => ran.length, { timeout: 30_000, interval: 200 }).toBeGreaterThan(0);
  }, 60_000);
});
