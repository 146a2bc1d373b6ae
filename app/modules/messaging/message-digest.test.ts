import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import { addMessage, createConversation } from "../../../seed/factories/message-history";
import { createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { queuedEmails, testNotifier } from "../../../tests/support/test-notifier";
import { DIGEST_DELAY_SECONDS, scheduleMessageDigest, sendMessageDigest } from "./message-digest.server";
import { setEmailPreference, type Notifier } from "~/modules/notifications/notifications.server";
import { conversationSubjects } from "~/modules/conversation-subjects/conversation-subjects.server";

const MINUTE = 60 * 1000;

describe.each(testEngines())("message digest on %s", (engine) => {
  let database: TestDatabase;
  let notifier: Notifier;
  let jobs: JobQueue;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
  });

  const mailsTo = async (account: Account) =>
    (await queuedEmails(database.db)).filter((mail) => mail.to === account.user.email);
  const waitingDigests = (userId: string) =>
    queryRows<{ n: number; start_after: Date }>(
      database.db,
      sql`select count(*)::int as n, min(start_after) as start_after from pgboss.job where name = 'message-digest' and singleton_key = ${`digest:${userId}`} and state = 'created'`,
    );

  it("schedules one waiting digest per user however many messages arrive", async () => {
    const buyer = await createBuyer(database.db, {});
    for (let i = 0; i < 3; i++) await database.db.transaction((tx) => scheduleMessageDigest(tx, jobs, buyer.user.id));
    const [waiting] = await waitingDigests(buyer.user.id);
    expect(waiting!.n).toBe(1);
    expect(new Date(waiting!.start_after).getTime()).toBeGreaterThan(Date.now() + (DIGEST_DELAY_SECONDS - 60) * 1000);
  });

  it("e-mails each unread message once, listing the counterpart's company, a preview and a link per conversation", async () => {
    const buyer = await createBuyer(database.db, { companyName: "Brooklyn Home Goods" });
    const seller = await createSeller(database.db, { companyName: "Tiruppur Knits" });
    const other = await createSeller(database.db, { companyName: "Jaipur Block Prints" });
    const now = new Date();
    const towels = await createConversation(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      messages: [
        { from: "buyer", at: new Date(now.getTime() - 60 * MINUTE), body: "Do you make 600 GSM towels?" },
        {
          from: "seller",
          at: new Date(now.getTime() - 15 * MINUTE),
          body: "Yes,\nin white and grey. MOQ is 500 pieces.",
        },
      ],
    });
    const prints = await createConversation(database.db, {
      buyerId: buyer.user.id,
      sellerId: other.user.id,
      messages: [{ from: "seller", at: new Date(now.getTime() - 12 * MINUTE), body: "Our new catalogue is out." }],
    });
    // read by the buyer, the buyer's own last word, and one too recent: none of these is mailed now
    await createConversation(database.db, {
      buyerId: buyer.user.id,
      sellerId: other.user.id,
      subjectType: "product",
      messages: [{ from: "seller", at: new Date(now.getTime() - 30 * MINUTE) }],
      buyerReadAt: now,
    });
    await createConversation(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      subjectType: "product",
      messages: [{ from: "buyer", at: new Date(now.getTime() - 30 * MINUTE) }],
    });
    const recent = await createConversation(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      subjectType: "rfq",
      messages: [{ from: "seller", at: new Date(now.getTime() - 2 * MINUTE) }],
    });

    const listed = await sendMessageDigest(database.db, conversationSubjects, notifier, buyer.user.id, now);
    expect(listed.map((entry) => entry.conversationId)).toEqual([prints.id, towels.id]);
    expect(await sendMessageDigest(database.db, conversationSubjects, notifier, buyer.user.id, now)).toEqual([]);
    const mails = await mailsTo(buyer);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("2 conversations have unread messages");
    expect(mails[0]!.text).toContain(
      `Tiruppur Knits: "Yes, in white and grey. MOQ is 500 pieces."\nhttp://setu.test/messages/${towels.id}`,
    );
    expect(mails[0]!.text).toContain(
      `Jaipur Block Prints: "Our new catalogue is out."\nhttp://setu.test/messages/${prints.id}`,
    );
    expect(mails[0]!.text).not.toContain(recent.id);
    expect(mails[0]!.unsubscribeUrl).toMatch(/^http:\/\/setu\.test\/unsubscribe\?u=.+&k=messageDigest&t=/);
    // the conversation still too recent gets its own digest, queued for when it is due
    const [waiting] = await waitingDigests(buyer.user.id);
    expect(waiting!.n).toBe(1);
    expect(Math.abs(new Date(waiting!.start_after).getTime() - (now.getTime() + 8 * MINUTE))).toBeLessThan(MINUTE);

    // a later message in a mailed conversation is mailed again, once
    const later = new Date(now.getTime() + 20 * MINUTE);
    await addMessage(database.db, towels, {
      from: "seller",
      at: new Date(now.getTime() + 5 * MINUTE),
      body: "Samples ship tomorrow.",
    });
    const second = await sendMessageDigest(database.db, conversationSubjects, notifier, buyer.user.id, later);
    expect(second.map((entry) => entry.conversationId).sort()).toEqual([towels.id, recent.id].sort());
    expect(await sendMessageDigest(database.db, conversationSubjects, notifier, buyer.user.id, later)).toEqual([]);
    const after = await mailsTo(buyer);
    expect(after).toHaveLength(2);
    expect(after[1]!.text).toContain('Tiruppur Knits: "Samples ship tomorrow."');
  });

  it("mails the supplier's side too, and nothing to a user who turned digests off", async () => {
    const buyer = await createBuyer(database.db, { companyName: "Austin Outfitters" });
    const seller = await createSeller(database.db, {});
    const quiet = await createSeller(database.db, {});
    const now = new Date();
    await createConversation(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      messages: [{ from: "buyer", at: new Date(now.getTime() - 11 * MINUTE), body: "Hello" }],
    });
    await createConversation(database.db, {
      buyerId: buyer.user.id,
      sellerId: quiet.user.id,
      messages: [{ from: "buyer", at: new Date(now.getTime() - 11 * MINUTE), body: "Hello" }],
    });
    await setEmailPreference(database.db, quiet.user.id, "messageDigest", false);

    expect(await sendMessageDigest(database.db, conversationSubjects, notifier, seller.user.id, now)).toHaveLength(1);
    const [mail] = await mailsTo(seller);
    expect(mail!.subject).toBe("Unread message from Austin Outfitters");
    expect(await sendMessageDigest(database.db, conversationSubjects, notifier, quiet.user.id, now)).toEqual([]);
    expect(await mailsTo(quiet)).toEqual([]);
  });
});
