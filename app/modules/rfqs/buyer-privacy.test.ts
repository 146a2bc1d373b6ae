import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS_BUYER, UNNAMED_BUYER } from "~/modules/accounts/buyer-privacy";
import type { Actor } from "~/modules/accounts/accounts.schema";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import { sendMessageDigest } from "~/modules/messaging/message-digest.server";
import { getThread, listInbox } from "~/modules/messaging/messaging.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { createConversation } from "../../../seed/factories/message-history";
import { createQuote, createRfq as createRfqRow } from "../../../seed/factories/rfqs";
import { actorOf, createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { postRfq } from "../../../tests/support/rfq-form";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { queuedEmails, testNotifier } from "../../../tests/support/test-notifier";
import { parseRfqListParams } from "./rfq.schema";
import { acceptQuote, getRfqDetail, listRfqs } from "./rfqs.server";
import { conversationSubjects } from "~/modules/conversation-subjects/conversation-subjects.server";

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** Issue #41 item 4: a buyer's own name is never public; its company is for signed-in suppliers, unless anonymous. */
describe.each(testEngines())("a buyer's privacy on RFQs on %s", (engine) => {
  let database: TestDatabase;
  let notifier: Notifier;
  let jobs: JobQueue;
  let buyer: Account;
  let otherBuyer: Account;
  let seller: Account;
  let admin: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    buyer = await createBuyer(database.db, { companyName: "Lakeshore Retail Co", fullName: "Margaret Okafor" });
    otherBuyer = await createBuyer(database.db, { companyName: "Other Buyer Inc" });
    seller = await createSeller(database.db, { companyName: "Jaipur Block Prints" });
    const adminAccount = await createBuyer(database.db, { companyName: "Setu Operations" });
    admin = { ...actorOf(adminAccount), isAdmin: true };
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
  });

  const seen = async (rfqId: string, viewer: Actor | null) => {
    const list = await listRfqs(database.db, parseRfqListParams(new URLSearchParams("")), viewer);
    const card = list.items.find((item) => item.id === rfqId);
    const detail = await getRfqDetail(database.db, rfqId, viewer);
    return { card: card?.buyerCompany, detail: detail?.buyerCompany, fullName: detail?.buyerFullName };
  };

  it("names the company to signed-in suppliers, the buyer and administrators only; the buyer's own name to the buyer only", async () => {
    const rfq = await createRfqRow(database.db, { buyerId: buyer.user.id, title: "Block-printed cushion covers" });
    expect(await seen(rfq.id, null)).toEqual({ card: UNNAMED_BUYER, detail: UNNAMED_BUYER, fullName: "" });
    expect(await seen(rfq.id, actorOf(otherBuyer))).toEqual({
      card: UNNAMED_BUYER,
      detail: UNNAMED_BUYER,
      fullName: "",
    });
    expect(await seen(rfq.id, actorOf(seller))).toEqual({
      card: "Lakeshore Retail Co",
      detail: "Lakeshore Retail Co",
      fullName: "",
    });
    expect(await seen(rfq.id, admin)).toEqual({
      card: "Lakeshore Retail Co",
      detail: "Lakeshore Retail Co",
      fullName: "",
    });
    expect(await seen(rfq.id, actorOf(buyer))).toEqual({
      card: "Lakeshore Retail Co",
      detail: "Lakeshore Retail Co",
      fullName: "Margaret Okafor",
    });
    // nothing else in what the page is sent carries the names
    const visitorPage = JSON.stringify([
      await getRfqDetail(database.db, rfq.id, null),
      await listRfqs(database.db, parseRfqListParams(new URLSearchParams("")), null),
    ]);
    expect(visitorPage).not.toContain("Margaret");
    expect(visitorPage).not.toContain("Lakeshore");
    const supplierPage = JSON.stringify(await getRfqDetail(database.db, rfq.id, actorOf(seller)));
    expect(supplierPage).not.toContain("Margaret");
  });

  it("posts anonymously from the form: suppliers see only 'Anonymous US buyer', the buyer its own company", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: "Hand-knotted jute rugs",
      category: "home-textiles",
      description: "Natural jute, 5 x 8 ft, bound edges.",
      quantity: "300",
      unit: "pieces",
      deliveryLocation: "Chicago, IL",
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      postAnonymously: "on",
    }))
      form.set(k, v);
    const posted = await postRfq(database.db, actorOf(buyer), form);
    expect(posted.ok).toBe(true);
    if (!posted.ok) return;
    const id = posted.value.id;
    expect(await seen(id, actorOf(seller))).toEqual({ card: ANONYMOUS_BUYER, detail: ANONYMOUS_BUYER, fullName: "" });
    expect(await seen(id, null)).toEqual({ card: UNNAMED_BUYER, detail: UNNAMED_BUYER, fullName: "" });
    expect(await seen(id, admin)).toMatchObject({ card: "Lakeshore Retail Co" });
    const own = await getRfqDetail(database.db, id, actorOf(buyer));
    expect(own).toMatchObject({ buyerCompany: "Lakeshore Retail Co", buyerAnonymous: true });
    // an unticked box posts nothing and the RFQ is named
    form.delete("postAnonymously");
    const named = await postRfq(database.db, actorOf(buyer), form);
    expect(named.ok && (await seen(named.value.id, actorOf(seller))).card).toBe("Lakeshore Retail Co");
  });

  it("keeps an anonymous buyer anonymous in the supplier's inbox, thread and digest e-mail until it accepts the supplier's quote", async () => {
    const rfq = await createRfqRow(database.db, {
      buyerId: buyer.user.id,
      title: "Brass door handles",
      buyerAnonymous: true,
    });
    const quote = await createQuote(database.db, { rfqId: rfq.id, sellerId: seller.user.id });
    const conversation = await createConversation(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      subjectType: "quote",
      subjectId: quote.id,
      messages: [{ from: "buyer", at: minutesAgo(30), body: "Can you do antique finish?" }],
    });
    const inboxName = async () =>
      (await listInbox(database.db, conversationSubjects, actorOf(seller))).items.find((i) => i.id === conversation.id)
        ?.counterpartCompany;
    expect(await inboxName()).toBe(ANONYMOUS_BUYER);
    expect(
      (await getThread(database.db, conversationSubjects, actorOf(seller), conversation.id))?.counterpartCompany,
    ).toBe(ANONYMOUS_BUYER);
    // the buyer sees the supplier as always
    expect(
      (await getThread(database.db, conversationSubjects, actorOf(buyer), conversation.id))?.counterpartCompany,
    ).toBe("Jaipur Block Prints");
    const digest = await sendMessageDigest(database.db, conversationSubjects, notifier, seller.user.id);
    expect(digest.map((d) => d.counterpartCompany)).toEqual([ANONYMOUS_BUYER]);
    const mails = (await queuedEmails(database.db)).filter((m) => m.to === seller.user.email);
    expect(mails.some((m) => m.text.includes(ANONYMOUS_BUYER))).toBe(true);
    expect(mails.every((m) => !m.text.includes("Lakeshore") && !m.subject.includes("Lakeshore"))).toBe(true);

    // accepting the quote makes the order: from then on the supplier knows its buyer
    const accepted = await acceptQuote(database.db, actorOf(buyer), quote.id, notifier);
    expect(accepted.ok).toBe(true);
    expect(await inboxName()).toBe("Lakeshore Retail Co");
  });
});
