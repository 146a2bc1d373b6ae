import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { startJobQueue, type JobData, type JobQueue } from "./job-queue.server";

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

describe.each(testEngines())("job queue (%s)", (engine) => {
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
    const jobs = received();
    await queue.work("email", jobs.handler);
    await jobs.until(1);
    // a poll or two more: the rolled-back job would have shown up by now
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(jobs.seen).toEqual(["kept@example.test"]);
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
});
