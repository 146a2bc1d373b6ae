import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "~/db/schema/notifications";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import { createQuote, createRfq } from "../../../seed/factories/rfqs";
import { createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { queuedEmails, testNotifier } from "../../../tests/support/test-notifier";
import { setEmailPreference, type Notifier } from "~/modules/notifications/notifications.server";
import { remindRfqDeadlines } from "./rfq-deadline-reminders.server";

describe.each(testEngines())("RFQ deadline reminders on %s", (engine) => {
  let database: TestDatabase;
  let notifier: Notifier;
  let jobs: JobQueue;
  let buyer: Account;
  let seller: Account;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    buyer = await createBuyer(database.db, {});
    seller = await createSeller(database.db, {});
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
  });

  const remindersOf = (userId: string) =>
    database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, "rfq_deadline")));

  it("reminds the buyer once of each published RFQ closing within 24 hours with no quote accepted", async () => {
    // 2031-03-10 00:05 UTC: deadlines of the 10th close at 2031-03-11 00:00, in 23 h 55 min
    const now = new Date("2031-03-10T00:05:00Z");
    const closing = await createRfq(database.db, {
      buyerId: buyer.user.id,
      title: "Cotton towels",
      deadline: "2031-03-10",
    });
    await createQuote(database.db, { rfqId: closing.id, sellerId: seller.user.id });
    await createRfq(database.db, { buyerId: buyer.user.id, title: "Tomorrow", deadline: "2031-03-11" });
    await createRfq(database.db, { buyerId: buyer.user.id, title: "Closed yesterday", deadline: "2031-03-09" });
    await createRfq(database.db, {
      buyerId: buyer.user.id,
      title: "Awarded",
      deadline: "2031-03-10",
      status: "awarded",
    });
    await createRfq(database.db, { buyerId: buyer.user.id, title: "Closed", deadline: "2031-03-10", status: "closed" });

    expect(await remindRfqDeadlines(database.db, notifier, now)).toBe(1);
    expect(await remindRfqDeadlines(database.db, notifier, new Date("2031-03-10T12:00:00Z"))).toBe(0);
    const reminders = await remindersOf(buyer.user.id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      eventKey: `rfq-deadline:${closing.id}`,
      href: `/rfqs/${closing.id}`,
      title: 'Your RFQ "Cotton towels" closes within 24 hours',
    });
    expect(reminders[0]!.body).toBe(
      '"Cotton towels" closes at the end of Mar 10, 2031 (UTC). 1 quote is waiting for your decision.',
    );
    const mails = (await queuedEmails(database.db)).filter((mail) => mail.to === buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`http://setu.test/rfqs/${closing.id}`);
    expect(mails[0]!.unsubscribeUrl).toContain("k=rfqDeadline");

    // the last minute of the 10th: the 11th's deadline is now 24 hours and a minute away
    expect(await remindRfqDeadlines(database.db, notifier, new Date("2031-03-10T23:59:00Z"))).toBe(0);
    // at midnight it is 24 hours away
    expect(await remindRfqDeadlines(database.db, notifier, new Date("2031-03-11T00:00:00Z"))).toBe(1);
    expect(await remindersOf(buyer.user.id)).toHaveLength(2);
  });

  it("skips an RFQ whose quote was accepted, and notifies without e-mail a buyer who turned deadline e-mails off", async () => {
    const now = new Date("2032-06-01T09:00:00Z");
    const other = await createBuyer(database.db, {});
    const accepted = await createRfq(database.db, { buyerId: other.user.id, deadline: "2032-06-01" });
    await createQuote(database.db, { rfqId: accepted.id, sellerId: seller.user.id, status: "accepted" });
    expect(await remindRfqDeadlines(database.db, notifier, now)).toBe(0);

    await setEmailPreference(database.db, other.user.id, "rfqDeadline", false);
    await createRfq(database.db, { buyerId: other.user.id, title: "Brass lamps", deadline: "2032-06-01" });
    expect(await remindRfqDeadlines(database.db, notifier, now)).toBe(1);
    expect(await remindersOf(other.user.id)).toHaveLength(1);
    expect((await queuedEmails(database.db)).filter((mail) => mail.to === other.user.email)).toEqual([]);
  });

  it("reminds by the closing instant in the buyer's zone and says it in that zone", async () => {
    const chicago = await createBuyer(database.db, {});
    // 30 Nov 2033 ends in Chicago at 06:00 UTC on 1 Dec; at 05:00 UTC on 30 Nov it is 25 hours away, at 07:00 UTC 23 hours
    const rfq = await createRfq(database.db, {
      buyerId: chicago.user.id,
      title: "Oak stools",
      deadline: "2033-11-30",
      timeZone: "America/Chicago",
    });
    expect(await remindRfqDeadlines(database.db, notifier, new Date("2033-11-30T05:00:00Z"))).toBe(0);
    expect(await remindRfqDeadlines(database.db, notifier, new Date("2033-11-30T07:00:00Z"))).toBe(1);
    const [reminder] = await remindersOf(chicago.user.id);
    expect(reminder).toMatchObject({
      eventKey: `rfq-deadline:${rfq.id}`,
      body: '"Oak stools" closes on 30 Nov, 11:59 PM CT. No quotes yet.',
    });
  });
});
