import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { user as userTable } from "~/db/schema/auth";
import { pushSubscriptions } from "~/db/schema/notifications";
import { orderDocuments } from "~/db/schema/order-documents";
import { verificationSubmissions } from "~/db/schema/verifications";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { createAuth } from "~/modules/accounts/auth.server";
import { queueEmailConfirmation, signUpWithEmail } from "~/modules/accounts/credentials.server";
import { sendPasswordResetEmail } from "~/modules/accounts/password-reset.server";
import { setOwnLanguage } from "~/modules/accounts/profile-commands.server";
import { decideChangeRequest, decideVerification } from "~/modules/accounts/verification.server";
import type { JobData, JobQueue } from "~/modules/jobs/job-queue.server";
import { noticeDocumentsIssuedUnderEarlierDetails } from "~/modules/order-documents/order-documents.server";
import { completeDeliveredOrders } from "~/modules/order-flow/order-flow.server";
import { milestoneLabelPhrase, receivePaymentWebhook, recordLetterOfCredit } from "~/modules/payments/payments.server";
import { PAYMENT_SCHEDULES } from "~/modules/payments/payments-values";
import { decideDispute, listOpenDisputes } from "~/modules/payments/disputes.server";
import { SimulatorProvider } from "~/modules/payments/payment-provider.server";
import { createReview } from "~/modules/reviews/reviews.server";
import { acceptQuote } from "~/modules/rfqs/rfqs.server";
import { sellerStoresForAccounts } from "~/modules/stores/store-owner.server";
import { localDiskStorage, type BlobStorage } from "~/modules/uploads/storage.server";
import { eq } from "drizzle-orm";
import { createProduct } from "../../../seed/factories/products";
import { createConversation } from "../../../seed/factories/message-history";
import { matchRfq } from "~/modules/matching/matching.server";
import { sendMessage } from "~/modules/messaging/messaging.server";
import { createQuote, createRfq, dateFromToday } from "../../../seed/factories/rfqs";
import { actorOf, createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import {
  createOrder,
  createOrderMilestones,
  forceOrderStatus,
  type OrderOverrides,
} from "../../../tests/factories/orders";
import { createSellerBusinessDetails } from "../../../tests/factories/export-orders";
import { postFundMilestone, postOpenDispute, postOrderTransition } from "../../../tests/support/order-forms";
import { postDirectInquiry } from "../../../tests/support/rfq-form";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { queuedEmails, testNotifier } from "../../../tests/support/test-notifier";
import { renderEmail, type MailMessage } from "./email-templates.server";
import { translate, type EmailKey, type Notifier } from "./notifications.server";

/**
 * Issue #43 item 1, the e-mails: every e-mail a supplier can receive, and the push that goes with it, is written in
 * the language the supplier chose (profiles.preferred_language; English when none). Each kind is sent here by the
 * domain command that sends it: a supplier who chose Hindi reads Hindi (what users typed, codes and amounts as they
 * are), one who did not reads exactly the English of before.
 */
describe.each(testEngines())("e-mails and pushes in the supplier's language on %s", (engine) => {
  let database: TestDatabase;
  let notifier: Notifier;
  let jobs: JobQueue;
  let storageDir: string;
  let storage: BlobStorage;
  let buyer: Account;
  let hindi: Account;
  let english: Account;
  let admin: SessionUser;
  let hindiDevice: string;

  const mailsTo = async (account: Account): Promise<MailMessage[]> =>
    (await queuedEmails(database.db)).filter((mail) => mail.to === account.user.email);
  const lastMailTo = async (account: Account) => (await mailsTo(account)).at(-1)!;
  const pushes = async (subscriptionId: string) =>
    (
      await queryRows<{ data: JobData["push"] }>(
        database.db,
        sql`select data from pgboss.job where name = 'push' order by created_on, id`,
      )
    )
      .map((row) => row.data)
      .filter((job) => job.subscriptionId === subscriptionId)
      .map((job) => job.payload);
  const frame = (link: string) =>
    new RegExp(
      `\n\n${link.replace(/[.?]/g, "\\$&")}\n\nThe Setu team\n\nStop these e-mails: http://setu\\.test/unsubscribe\\?`,
    );
  const hindiFrame = (link: string) =>
    new RegExp(`\n\n${link.replace(/[.?]/g, "\\$&")}\n\nSetu टीम\n\nये ई-मेल बंद करें: http://setu\\.test/unsubscribe\\?`);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-emails-in-hindi-"));
    storage = localDiskStorage(storageDir);
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Bath Co" });
    hindi = await createSeller(database.db, { companyName: "Erode Terry Mills" });
    english = await createSeller(database.db, { companyName: "Karur Towel House" });
    await setOwnLanguage(database.db, hindi.user, "hi");
    const adminAccount = await createBuyer(database.db, { companyName: "Setu Operations" });
    await database.db.update(userTable).set({ role: "admin" }).where(eq(userTable.id, adminAccount.user.id));
    admin = { ...actorOf(adminAccount), isAdmin: true };
    // the Hindi supplier's phone: what is pushed to it is read from the queue
    const [device] = await database.db
      .insert(pushSubscriptions)
      .values({
        userId: hindi.user.id,
        endpoint: "https://fcm.googleapis.com/fcm/send/hindi-phone",
        p256dh: "k",
        auth: "a",
      })
      .returning({ id: pushSubscriptions.id });
    hindiDevice = device!.id;
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const orderFor = async (seller: Account, title: string, fields: Partial<OrderOverrides> = {}) => {
    const rfq = await createRfq(database.db, { buyerId: buyer.user.id, title });
    return createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, rfqId: rfq.id, ...fields });
  };

  it("an order's new status: the buyer's reason as typed, the status, the sign-off and unsubscribe line in Hindi; pushed in Hindi", async () => {
    const toHindi = await orderFor(hindi, "Cotton bath towels, 600 GSM");
    const toEnglish = await orderFor(english, "Cotton bath towels, 600 GSM");
    for (const order of [toHindi, toEnglish])
      expect(
        await postOrderTransition(
          database.db,
          actorOf(buyer),
          order.id,
          { action: "cancel", reason: "Our budget was cut" },
          notifier,
        ),
      ).toMatchObject({ ok: true });

    const hi = await lastMailTo(hindi);
    expect(hi.subject).toBe('आपका ऑर्डर "Cotton bath towels, 600 GSM" रद्द हो गया है');
    expect(hi.text).toMatch(
      /^आपका ऑर्डर "Cotton bath towels, 600 GSM" अब रद्द हो गया है। खरीदार ने यह कारण बताया: Our budget was cut\n\nऑर्डर देखें:/,
    );
    expect(hi.text).toMatch(hindiFrame(`http://setu.test/orders/${toHindi.id}`));
    expect(await pushes(hindiDevice)).toContainEqual({
      title: 'आपका ऑर्डर "Cotton bath towels, 600 GSM" रद्द हो गया है',
      body: 'आपका ऑर्डर "Cotton bath towels, 600 GSM" अब रद्द हो गया है। खरीदार ने यह कारण बताया: Our budget was cut',
      url: `/orders/${toHindi.id}`,
      tag: `order_status:order:${toHindi.id}:cancelled`,
    });

    const en = await lastMailTo(english);
    expect(en.subject).toBe('Your order for "Cotton bath towels, 600 GSM" is cancelled');
    expect(en.text).toMatch(
      /^Your order for "Cotton bath towels, 600 GSM" is now cancelled\. The buyer gave this reason: Our budget was cut\n\nView the order:/,
    );
    expect(en.text).toMatch(frame(`http://setu.test/orders/${toEnglish.id}`));
  });

  it("an order completed by itself and a dispute opened: in Hindi for the Hindi supplier, the buyer's words as typed", async () => {
    const now = new Date("2026-12-01T12:00:00Z");
    const delivered = await orderFor(hindi, "Kitchen towels", {
      status: "delivered",
      deliveredAt: new Date("2026-11-10T12:00:00Z"),
    });
    expect(await completeDeliveredOrders(database.db, notifier, now)).toContain(delivered.id);
    const completed = await lastMailTo(hindi);
    expect(completed.subject).toBe('आपका ऑर्डर "Kitchen towels" पूरा हो गया है');
    expect(completed.text).toContain(
      'आपका ऑर्डर "Kitchen towels" अब पूरा हो गया है। डिलीवरी के 14 दिन बाद यह अपने-आप पूरा हो गया।',
    );

    const shipped = await orderFor(hindi, "Hand towels", { status: "shipped" });
    const englishShipped = await orderFor(english, "Hand towels", { status: "shipped" });
    for (const order of [shipped, englishShipped])
      expect(
        await postOpenDispute(
          database.db,
          storage,
          actorOf(buyer),
          { orderId: order.id, reason: "Half the cartons arrived wet.", files: [] },
          notifier,
        ),
      ).toMatchObject({ ok: true });
    const disputed = await lastMailTo(hindi);
    expect(disputed.subject).toBe('आपका ऑर्डर "Hand towels" विवाद में है');
    expect(disputed.text).toContain(
      "खरीदार ने विवाद दर्ज किया है: Half the cartons arrived wet. एस्क्रो में रखी रकम तब तक रुकी रहेगी जब तक Setu एडमिन फ़ैसला नहीं करते।",
    );
    const en = await lastMailTo(english);
    expect(en.subject).toBe('Your order for "Hand towels" is disputed');
    expect(en.text).toMatch(
      /^Your order for "Hand towels" is now disputed\. The buyer opened a dispute: Half the cartons arrived wet\. Funds held in escrow stay held until a Setu administrator decides\.\n\nView the order:/,
    );
  });

  it("escrow funded (pushed) and a dispute decided (e-mailed): Hindi for the Hindi supplier, the amounts in dollars, the note as written", async () => {
    const provider = new SimulatorProvider({
      db: database.db,
      jobs,
      secret: "test-secret",
      webhookUrl: "http://setu.test/api/payments/webhook",
    });
    const order = await orderFor(hindi, "Yoga mats", {
      status: "confirmed",
      paymentTerms: "advance_100",
      quantity: 100,
      unitPriceCents: 1_000,
    });
    const [milestone] = await createOrderMilestones(database.db, order);
    const card = { cardholder: "Dana Buyer", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
    expect(
      await postFundMilestone(database.db, actorOf(buyer), { milestoneId: milestone!.id, ...card }, provider, jobs),
    ).toMatchObject({ ok: true });
    const [event] = (
      await queryRows<{ data: JobData["payment-webhook"] }>(
        database.db,
        sql`select data from pgboss.job where name = 'payment-webhook' order by created_on desc, id desc limit 1`,
      )
    ).map((row) => row.data);
    const { body, headers } = provider.signedDelivery(event!);
    expect(await receivePaymentWebhook(database.db, provider, notifier, body, headers)).toEqual({
      status: 200,
      message: "Recorded",
    });
    const reference = order.id.slice(0, 8).toUpperCase();
    expect(await pushes(hindiDevice)).toContainEqual(
      expect.objectContaining({
        title: 'खरीदार ने "100% एडवांस" की रकम एस्क्रो में जमा की',
        body: `ऑर्डर ${reference} के लिए "100% एडवांस" के $1,000.00 एस्क्रो में रखे गए हैं।`,
        url: `/orders/${order.id}`,
      }),
    );

    await forceOrderStatus(database.db, order.id, "shipped");
    expect(
      await postOpenDispute(
        database.db,
        storage,
        actorOf(buyer),
        { orderId: order.id, reason: "Half the mats are torn.", files: [] },
        notifier,
      ),
    ).toMatchObject({ ok: true });
    const dispute = (await listOpenDisputes(database.db, admin)).find((d) => d.orderId === order.id)!;
    expect(
      await decideDispute(
        database.db,
        admin,
        { disputeId: dispute.id, decision: "partial_refund", refundAmount: "400", note: "Refund for the torn half" },
        notifier,
      ),
    ).toMatchObject({ ok: true });
    const mail = await lastMailTo(hindi);
    expect(mail.subject).toBe('आपका ऑर्डर "Yoga mats" पूरा हो गया है');
    expect(mail.text).toMatch(
      /^आपका ऑर्डर "Yoga mats" अब पूरा हो गया है। विवाद पर फ़ैसला हो गया है। खरीदार को आंशिक रिफ़ंड: खरीदार को \$400\.00 रिफ़ंड, सप्लायर को \$600\.00 जारी। एडमिन का नोट: Refund for the torn half\n\nऑर्डर देखें:/,
    );
    const en = await lastMailTo(buyer);
    expect(en.text).toMatch(
      /^Your order for "Yoga mats" is now completed\. The dispute was decided\. Partial refund to the buyer: \$400\.00 refunded to the buyer, \$600\.00 released to the supplier\. The administrator's note: Refund for the torn half\n\nView the order:/,
    );
  });

  it("has every payment schedule's milestone label in the emails namespace, its English the label itself", () => {
    for (const part of Object.values(PAYMENT_SCHEDULES).flat()) {
      const phrase = milestoneLabelPhrase(part.label);
      expect(typeof phrase, part.label).toBe("object");
      const { key } = phrase as { key: EmailKey };
      expect(translate("en", key)).toBe(part.label);
      expect(translate("hi", key)).not.toBe(part.label);
    }
  });

  it("a confirmed order's payment schedule reaches a buyer who chose Hindi in Hindi, with the amounts in dollars", async () => {
    const hindiBuyer = await createBuyer(database.db, { companyName: "Queens Linen Supply" });
    await setOwnLanguage(database.db, hindiBuyer.user, "hi");
    const rfq = await createRfq(database.db, { buyerId: hindiBuyer.user.id, title: "Bath mats" });
    const order = await createOrder(database.db, {
      buyerId: hindiBuyer.user.id,
      sellerId: english.user.id,
      rfqId: rfq.id,
      paymentTerms: "advance_30_bl_70",
      totalCents: 1_000_000,
    });
    expect(
      await postOrderTransition(database.db, actorOf(english), order.id, { action: "confirm" }, notifier),
    ).toMatchObject({ ok: true });
    const mail = await lastMailTo(hindiBuyer);
    expect(mail.subject).toBe('आपका ऑर्डर "Bath mats" कन्फ़र्म हो गया है');
    expect(mail.text).toContain("भुगतान का शेड्यूल: 30% एडवांस, $3,000.00: सप्लायर के ऑर्डर कन्फ़र्म करने पर देय");
    expect(mail.text).toContain("बिल ऑफ़ लैडिंग पर 70%, $7,000.00: सप्लायर के शिप करके बिल ऑफ़ लैडिंग दर्ज करने पर देय");
    expect(mail.text).toContain("(डिलीवरी के 14 दिन बाद,");
  });

  it("a quote accepted and a quote declined: Hindi with the buyer's name, the RFQ's title and the amount as they are", async () => {
    const first = await createRfq(database.db, { buyerId: buyer.user.id, title: "Terry bathrobes" });
    const wins = await createQuote(database.db, { rfqId: first.id, sellerId: hindi.user.id, priceCents: 1_234_550 });
    await createQuote(database.db, { rfqId: first.id, sellerId: english.user.id });
    expect(await acceptQuote(database.db, actorOf(buyer), wins.id, notifier)).toMatchObject({ ok: true });
    const accepted = await lastMailTo(hindi);
    expect(accepted.subject).toBe('"Terry bathrobes" पर आपका कोटेशन स्वीकार हो गया');
    expect(accepted.text).toMatch(
      /^Brooklyn Bath Co ने "Terry bathrobes" पर आपका \$12,345\.50 का कोटेशन स्वीकार कर लिया है। एक ऑर्डर बन गया है।\n\nअपने ऑर्डर देखें:/,
    );
    const declinedEnglish = await lastMailTo(english);
    expect(declinedEnglish.subject).toBe('Your quote on "Terry bathrobes" was declined');
    expect(declinedEnglish.text).toMatch(
      /^Brooklyn Bath Co chose another supplier's quote on "Terry bathrobes"\.\n\nSee the RFQ:/,
    );

    const second = await createRfq(database.db, { buyerId: buyer.user.id, title: "Beach towels" });
    await createQuote(database.db, { rfqId: second.id, sellerId: hindi.user.id });
    const englishWins = await createQuote(database.db, { rfqId: second.id, sellerId: english.user.id });
    expect(await acceptQuote(database.db, actorOf(buyer), englishWins.id, notifier)).toMatchObject({ ok: true });
    const declined = await lastMailTo(hindi);
    expect(declined.subject).toBe('"Beach towels" पर आपका कोटेशन अस्वीकार हो गया');
    expect(declined.text).toMatch(/^Brooklyn Bath Co ने "Beach towels" पर किसी दूसरे सप्लायर का कोटेशन चुना है।\n\nRFQ देखें:/);
    const acceptedEnglish = await lastMailTo(english);
    expect(acceptedEnglish.subject).toBe('Your quote on "Beach towels" was accepted');
    expect(acceptedEnglish.text).toMatch(
      /^Brooklyn Bath Co accepted your quote of \$15,000\.00 on "Beach towels"\. An order has been created\.\n\nView your orders:/,
    );
  });

  it("a buyer's direct inquiry: e-mailed and pushed in Hindi, the product's name and unit as they are, the quantity grouped for hi-IN", async () => {
    const inquire = async (seller: Account, name: string) => {
      const product = await createProduct(database.db, {
        sellerId: seller.user.id,
        name,
        minimumOrderQuantity: 500,
        unit: "pieces",
      });
      const form = new FormData();
      for (const [key, value] of Object.entries({
        productId: product.id,
        title: name,
        category: "bath-linen",
        description: "600 GSM, white, hotel grade.",
        quantity: "120000",
        unit: "pieces",
        budgetMax: "4200.50",
        deliveryLocation: "Brooklyn, NY",
        deadline: dateFromToday(20),
      }))
        form.set(key, value);
      const result = await postDirectInquiry(database.db, actorOf(buyer), form, notifier);
      expect(result).toMatchObject({ ok: true });
      return result.ok ? result.value.id : "";
    };
    const rfqId = await inquire(hindi, "Organic Cotton Bath Towels");
    const mail = await lastMailTo(hindi);
    expect(mail.subject).toBe('एक खरीदार आपसे कोटेशन माँग रहा है: "Organic Cotton Bath Towels"');
    expect(mail.text).toMatch(
      /^Brooklyn Bath Co ने "Organic Cotton Bath Towels" के 1,20,000 pieces के लिए आपसे कोटेशन माँगा है।\n\nअनुरोध देखें और कोटेशन भेजें:/,
    );
    expect(mail.text).toMatch(hindiFrame(`http://setu.test/rfqs/${rfqId}`));
    expect(await pushes(hindiDevice)).toContainEqual({
      title: '"Organic Cotton Bath Towels" के लिए कोटेशन का अनुरोध',
      body: 'Brooklyn Bath Co ने "Organic Cotton Bath Towels" के 1,20,000 pieces के लिए आपसे कोटेशन माँगा है।',
      url: `/rfqs/${rfqId}`,
      tag: `rfq_matched:rfq-direct:${rfqId}`,
    });

    const englishRfq = await inquire(english, "Waffle Bath Towels");
    const en = await lastMailTo(english);
    expect(en.subject).toBe('A buyer asks you for a quote: "Waffle Bath Towels"');
    expect(en.text).toMatch(
      /^Brooklyn Bath Co asks you for a quote on 120,000 pieces of "Waffle Bath Towels"\.\n\nSee the request and quote:/,
    );
    expect(en.text).toMatch(frame(`http://setu.test/rfqs/${englishRfq}`));
  });

  it("a matched RFQ of an anonymous buyer: e-mailed and pushed in Hindi, the buyer unnamed in Hindi, the products as named", async () => {
    await createProduct(database.db, {
      sellerId: hindi.user.id,
      name: "Jute Shopping Bags",
      category: "home-textiles",
      tags: ["jute", "bag"],
    });
    await createProduct(database.db, {
      sellerId: english.user.id,
      name: "Jute Tote Bags",
      category: "home-textiles",
      tags: ["jute", "bag"],
    });
    const rfq = await createRfq(database.db, {
      buyerId: buyer.user.id,
      title: "Jute bags with our logo",
      category: "home-textiles",
      description: "Natural jute shopping bags, printed with our logo.",
      quantity: 150_000,
      unit: "pieces",
      buyerAnonymous: true,
    });
    expect(await matchRfq(database.db, notifier, rfq.id)).toBeGreaterThanOrEqual(2);
    const mail = await lastMailTo(hindi);
    expect(mail.subject).toBe('आपके प्रोडक्ट से मेल खाता नया RFQ: "Jute bags with our logo"');
    expect(mail.text).toMatch(
      /^US खरीदार \(नाम गुप्त\) को 1,50,000 pieces चाहिए: "Jute bags with our logo"। आपके इन प्रोडक्ट से मेल खाता है: Jute Shopping Bags।\n\nRFQ देखें और कोटेशन भेजें:/,
    );
    expect(await pushes(hindiDevice)).toContainEqual({
      title: 'आपके लिए नया RFQ: "Jute bags with our logo"',
      body: 'US खरीदार (नाम गुप्त) को 1,50,000 pieces चाहिए: "Jute bags with our logo"। आपके इन प्रोडक्ट से मेल खाता है: Jute Shopping Bags।',
      url: `/rfqs/${rfq.id}`,
      tag: `rfq_matched:rfq-match:${rfq.id}`,
    });
    const en = await lastMailTo(english);
    expect(en.subject).toBe('New RFQ that matches your products: "Jute bags with our logo"');
    expect(en.text).toMatch(
      /^Anonymous US buyer is looking for 150,000 pieces: "Jute bags with our logo"\. Matches your products: Jute Tote Bags\.\n\nSee the RFQ and quote:/,
    );
  });

  it("a new message is pushed with a Hindi title; the message itself as it was written", async () => {
    const conversation = await createConversation(database.db, { buyerId: buyer.user.id, sellerId: hindi.user.id });
    expect(
      await sendMessage(
        database.db,
        actorOf(buyer),
        conversation.id,
        { body: "Can you ship by 15 January?" },
        notifier,
      ),
    ).toMatchObject({ ok: true });
    expect(await pushes(hindiDevice)).toContainEqual(
      expect.objectContaining({
        title: "Brooklyn Bath Co का नया संदेश",
        body: "Can you ship by 15 January?",
        url: `/messages/${conversation.id}`,
      }),
    );
  });

  it("verification decided: approved and rejected in Hindi, the company's name and the administrator's reason as written", async () => {
    const pending = async (companyName: string, language: "hi" | null) => {
      const account = await createSeller(database.db, { companyName, verificationStatus: "pending" });
      if (language) await setOwnLanguage(database.db, account.user, language);
      return account;
    };
    const decide = (account: Account, decision: "verified" | "rejected", reason?: string) =>
      decideVerification(
        database.db,
        admin,
        { profileId: account.profile.id, decision, reason: reason ?? null } as Parameters<typeof decideVerification>[2],
        notifier,
        sellerStoresForAccounts,
      );
    const approved = await pending("Tiruppur Knits", "hi");
    const rejected = await pending("Salem Weavers", "hi");
    const rejectedEnglish = await pending("Madurai Cottons", null);
    expect(await decide(approved, "verified")).toMatchObject({ ok: true });
    expect(await decide(rejected, "rejected", "The GSTIN certificate is unreadable")).toMatchObject({ ok: true });
    expect(await decide(rejectedEnglish, "rejected", "The GSTIN certificate is unreadable")).toMatchObject({
      ok: true,
    });

    const yes = await lastMailTo(approved);
    expect(yes.subject).toBe("आपकी कंपनी वेरिफ़ाइड है");
    expect(yes.text).toMatch(/^Tiruppur Knits के प्रोडक्ट, स्टोर और कोटेशन पर अब हरा वेरिफ़ाइड बैज दिखता है।\n\n/);
    expect(yes.text).toMatch(hindiFrame("http://setu.test/profile"));
    const no = await lastMailTo(rejected);
    expect(no.subject).toBe("आपका वेरिफ़िकेशन मंज़ूर नहीं हुआ");
    expect(no.text).toMatch(
      /^कारण: The GSTIN certificate is unreadable। अपनी प्रोफ़ाइल पर विवरण या दस्तावेज़ ठीक करके फिर से भेजें।\n\n/,
    );
    const en = await lastMailTo(rejectedEnglish);
    expect(en.subject).toBe("Your verification was not approved");
    expect(en.text).toMatch(
      /^Reason: The GSTIN certificate is unreadable\. Correct your details or documents on your profile and submit again\.\n\nhttp:\/\/setu\.test\/profile\n\nThe Setu team\n\nStop these e-mails: /,
    );
  });

  it("a change of verified details decided, and the documents notice it sends: Hindi to the supplier, the English buyer's as before", async () => {
    const seller = await createSeller(database.db, { companyName: "Bhiwandi Looms", verificationStatus: "verified" });
    await setOwnLanguage(database.db, seller.user, "hi");
    const verified = await createSellerBusinessDetails(database.db, seller.user.id, {
      legalName: "Bhiwandi Looms Private Limited",
    });
    const order = await orderFor(seller, "Bed sheets", { status: "confirmed" });
    await database.db.insert(orderDocuments).values({
      orderId: order.id,
      sellerId: seller.user.id,
      kind: "proforma_invoice",
      documentNumber: "PI-2026-0001",
      storageKey: "documents/test.pdf",
      sha256: "0".repeat(64),
      createdAt: new Date(Date.now() - 60_000),
    });
    const request = async () => {
      const [row] = await database.db
        .insert(verificationSubmissions)
        .values({
          userId: seller.user.id,
          kind: "change",
          status: "pending",
          registeredAddress: verified.registeredAddress,
          gstin: verified.gstin,
          iec: verified.iec,
          registrationNumber: verified.registrationNumber,
          bankAccountName: verified.bankAccountName,
          bankIfsc: verified.bankIfsc,
          bankSwift: verified.bankSwift,
          legalName: "Bhiwandi Looms LLP",
          bankName: "HDFC Bank",
          bankAccountNumber: "50100999888777",
        })
        .returning({ id: verificationSubmissions.id });
      return row!.id;
    };
    const decide = async (decision: "verified" | "rejected", reason: string | null) =>
      decideChangeRequest(
        database.db,
        admin,
        { requestId: await request(), decision, reason } as Parameters<typeof decideChangeRequest>[2],
        notifier,
        (tx, change) => noticeDocumentsIssuedUnderEarlierDetails(tx, notifier, change),
      );
    expect(await decide("rejected", "Send a cancelled cheque")).toMatchObject({ ok: true });
    const rejected = await lastMailTo(seller);
    expect(rejected.subject).toBe("बिज़नेस विवरण में आपका बदलाव मंज़ूर नहीं हुआ");
    expect(rejected.text).toMatch(
      /^कारण: Send a cancelled cheque। आपका वेरिफ़ाइड विवरण पहले जैसा है \(कानूनी नाम, बैंक का नाम, बैंक खाता नंबर नहीं बदला\);/,
    );

    expect(await decide("verified", null)).toMatchObject({ ok: true });
    const mails = await mailsTo(seller);
    const approved = mails.find((m) => m.subject === "आपका नया बिज़नेस विवरण वेरिफ़ाइड है")!;
    expect(approved.text).toMatch(/^मंज़ूर: कानूनी नाम, बैंक का नाम, बैंक खाता नंबर। अब से जारी होने वाले/);
    const reference = order.id.slice(0, 8).toUpperCase();
    const documents = mails.find((m) => m.subject.startsWith(`ऑर्डर ${reference}:`))!;
    expect(documents.subject).toBe(`ऑर्डर ${reference}: दस्तावेज़ जारी होने के बाद सप्लायर का वेरिफ़ाइड विवरण बदला`);
    expect(documents.text).toMatch(
      /^Setu ने Bhiwandi Looms के इन विवरणों में बदलाव वेरिफ़ाई किया है: कानूनी नाम, बैंक का नाम, बैंक खाता नंबर। .* इसके प्रोफ़ॉर्मा इनवॉइस पर भुगतान वाला बैंक खाता अब वेरिफ़ाइड खाता नहीं है/,
    );
    const buyers = (await mailsTo(buyer)).find((m) => m.subject.startsWith(`Order ${reference}:`))!;
    expect(buyers.subject).toBe(
      `Order ${reference}: the supplier's verified details changed after its documents were issued`,
    );
    expect(buyers.text).toMatch(
      /^Setu verified a change to Bhiwandi Looms's legal name, bank name, bank account number\. This order's documents were issued before and still show the earlier details\. The bank account for payment on its proforma invoice is no longer the verified one: confirm the account with the supplier in Setu's messages before paying\.\n\nhttp/,
    );
  });

  it("pushes a Hindi supplier the letter of credit and a review in Hindi; the LC number and the review as typed", async () => {
    const order = await orderFor(hindi, "Table linen", {
      status: "confirmed",
      paymentTerms: "lc_at_sight",
      totalCents: 500_000,
    });
    const [milestone] = await createOrderMilestones(database.db, order);
    expect(
      await recordLetterOfCredit(
        database.db,
        actorOf(buyer),
        { intent: "record_lc", milestoneId: milestone!.id, lcReference: "LC/HDFC/2026/0042" },
        notifier,
      ),
    ).toMatchObject({ ok: true });
    const reference = order.id.slice(0, 8).toUpperCase();
    expect(await pushes(hindiDevice)).toContainEqual({
      title: "खरीदार ने लेटर ऑफ़ क्रेडिट दर्ज किया",
      body: `ऑर्डर ${reference} का लेटर ऑफ़ क्रेडिट: LC/HDFC/2026/0042। प्रोडक्शन शुरू करने से पहले अपने बैंक से इसकी जाँच कर लें।`,
      url: `/orders/${order.id}`,
      tag: `order_status:lc:${milestone!.id}`,
    });

    const done = await orderFor(hindi, "Napkins", { status: "completed" });
    expect(
      await createReview(
        database.db,
        { orderId: done.id, buyerId: buyer.user.id, sellerId: hindi.user.id },
        { productQuality: 5, communication: 4, onTimeDelivery: 4, body: "Soft napkins, packed well." },
        notifier,
      ),
    ).toMatchObject({ ok: true });
    expect(await pushes(hindiDevice)).toContainEqual({
      title: "Brooklyn Bath Co ने आपके ऑर्डर का रिव्यू किया: 5 में से 4.3",
      body: "Soft napkins, packed well.",
      url: `/orders/${done.id}/review`,
      tag: `order_status:review:${done.id}`,
    });
  });

  it("the confirmation and password reset e-mails follow the account's language; a job queued before carries none and is English", async () => {
    await queueEmailConfirmation(database.db, jobs, {
      to: hindi.user.email,
      name: "Rajesh",
      url: "http://setu.test/api/auth/verify-email?token=hi",
      userId: hindi.user.id,
    });
    await sendPasswordResetEmail(database.db, jobs, "http://setu.test", {
      to: hindi.user.email,
      name: "Rajesh",
      token: "reset-hi",
      userId: hindi.user.id,
    });
    const [confirm, reset] = (await mailsTo(hindi)).slice(-2);
    expect(confirm).toEqual({
      to: hindi.user.email,
      subject: "Setu के लिए अपना ई-मेल पता कन्फ़र्म करें",
      text: "नमस्ते Rajesh,\n\nSetu इस्तेमाल करना शुरू करने के लिए अपना ई-मेल पता कन्फ़र्म करें:\n\nhttp://setu.test/api/auth/verify-email?token=hi\n\nअगर आपने खाता नहीं बनाया है, तो इस ई-मेल को अनदेखा कर दें।\n\nSetu टीम",
      link: "http://setu.test/api/auth/verify-email?token=hi",
    });
    expect(reset!.subject).toBe("अपना Setu पासवर्ड रीसेट करें");
    expect(reset!.text).toBe(
      "नमस्ते Rajesh,\n\nकिसी ने (उम्मीद है आपने) आपके Setu खाते का पासवर्ड रीसेट करने को कहा है। नया पासवर्ड यहाँ चुनें:\n\nhttp://setu.test/auth/reset-password?token=reset-hi\n\nयह लिंक एक ही बार, 60 मिनट तक काम करेगा। अगर आपने यह नहीं माँगा था, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड वही रहेगा।\n\nSetu टीम",
    );

    await queueEmailConfirmation(database.db, jobs, {
      to: english.user.email,
      name: "Kavya",
      url: "http://setu.test/api/auth/verify-email?token=en",
      userId: english.user.id,
    });
    await sendPasswordResetEmail(database.db, jobs, "http://setu.test", {
      to: english.user.email,
      name: "Kavya",
      token: "reset-en",
      userId: english.user.id,
    });
    const [confirmEnglish, resetEnglish] = (await mailsTo(english)).slice(-2);
    expect(confirmEnglish).toEqual({
      to: english.user.email,
      subject: "Confirm your e-mail address for Setu",
      text: "Hello Kavya,\n\nPlease confirm your e-mail address to start using Setu:\n\nhttp://setu.test/api/auth/verify-email?token=en\n\nIf you did not create an account, you can ignore this message.\n\nThe Setu team",
      link: "http://setu.test/api/auth/verify-email?token=en",
    });
    expect(resetEnglish).toEqual({
      to: english.user.email,
      subject: "Reset your Setu password",
      text: "Hello Kavya,\n\nSomeone (we hope you) asked to reset the password of your Setu account. Choose a new password here:\n\nhttp://setu.test/auth/reset-password?token=reset-en\n\nThe link works once, for 60 minutes. If you did not ask for it, ignore this message: your password stays as it is.\n\nThe Setu team",
      link: "http://setu.test/auth/reset-password?token=reset-en",
    });
    // the job carries the language, so the e-mail is written in it when it is sent
    const queued = await queryRows<{ locale: string | null }>(
      database.db,
      sql`select data->>'locale' as locale from pgboss.job where name = 'email' and data->>'template' = 'confirm-email' order by created_on, id`,
    );
    expect(queued.map((row) => row.locale)).toEqual(["hi", null]);
  });

  /** better-auth with e-mail confirmation required, its two e-mail callbacks wired as the runtime wires them. */
  const verifyingAuth = () =>
    createAuth({
      db: database.db,
      secret: "test-secret-for-better-auth-0123456789abcdef",
      baseURL: "http://setu.test",
      requireEmailVerification: true,
      secureCookies: false,
      sendPasswordReset: (message) => sendPasswordResetEmail(database.db, jobs, "http://setu.test", message),
      sendEmailConfirmation: (message) => queueEmailConfirmation(database.db, jobs, message),
    });

  it("better-auth's callbacks queue the reset, confirmation and sign-up-attempt e-mails in the account's language", async () => {
    const auth = verifyingAuth();
    const owner = await createSeller(database.db, { companyName: "Jaipur Block Prints" });
    await setOwnLanguage(database.db, owner.user, "hi");
    await database.db.update(userTable).set({ emailVerified: false }).where(eq(userTable.id, owner.user.id));

    await auth.api.requestPasswordReset({ body: { email: owner.user.email } });
    await auth.api.sendVerificationEmail({
      body: { email: owner.user.email, callbackURL: "/dashboard" },
      headers: new Headers(),
    });
    const signUp = {
      email: owner.user.email,
      password: "Wholesale-Route-42",
      confirmPassword: "Wholesale-Route-42",
      fullName: "Someone Else",
      companyName: "Someone Else Exports",
      phone: "",
      userType: "seller",
    } as Parameters<typeof signUpWithEmail>[1];
    await signUpWithEmail({ db: database.db, auth, jobs, notifier }, signUp, new Headers());

    const subjects = (await mailsTo(owner)).map((mail) => mail.subject);
    expect(subjects).toEqual([
      "अपना Setu पासवर्ड रीसेट करें",
      "Setu के लिए अपना ई-मेल पता कन्फ़र्म करें",
      "किसी ने आपके ई-मेल पते से Setu पर साइन अप करने की कोशिश की",
    ]);
    for (const mail of await mailsTo(owner)) expect(mail.text).toMatch(new RegExp(`^नमस्ते ${owner.user.name},\n\n`));
  });

  it("an account made on the Hindi sign-up page keeps Hindi, its first confirmation e-mail included; one made in English chooses nothing", async () => {
    const auth = verifyingAuth();
    const form = (email: string) =>
      ({
        email,
        password: "Wholesale-Route-42",
        confirmPassword: "Wholesale-Route-42",
        fullName: "Meera Devi",
        companyName: "Meera Handlooms",
        phone: "",
        userType: "seller",
      }) as Parameters<typeof signUpWithEmail>[1];
    const deps = { db: database.db, auth, jobs, notifier };
    expect((await signUpWithEmail(deps, form("meera.hi@example.in"), new Headers(), "hi")).ok).toBe(true);
    expect((await signUpWithEmail(deps, form("meera.en@example.in"), new Headers(), "en")).ok).toBe(true);

    const chosen = await queryRows<{ email: string; language: string | null }>(
      database.db,
      sql`select u.email, p.preferred_language as language from "user" u join profiles p on p.user_id = u.id where u.email like 'meera.%' order by u.email`,
    );
    expect(chosen).toEqual([
      { email: "meera.en@example.in", language: null },
      { email: "meera.hi@example.in", language: "hi" },
    ]);
    const subjects = (await queuedEmails(database.db))
      .filter((mail) => mail.to.startsWith("meera."))
      .map((mail) => [mail.to, mail.subject]);
    expect(subjects).toEqual([
      ["meera.hi@example.in", "Setu के लिए अपना ई-मेल पता कन्फ़र्म करें"],
      ["meera.en@example.in", "Confirm your e-mail address for Setu"],
    ]);
  });

  it("tells the owner of an address of a sign-up attempt in their language; the English one is unchanged", () => {
    const job = {
      template: "sign-up-attempt" as const,
      to: "rajesh@example.in",
      name: "Rajesh",
      publicUrl: "http://setu.test",
    };
    expect(renderEmail(job)).toEqual({
      to: "rajesh@example.in",
      subject: "Someone tried to sign up to Setu with your e-mail address",
      text: "Hello Rajesh,\n\nSomeone just tried to create a new Setu account with this e-mail address (rajesh@example.in). You already have an account, so nothing was changed: no account was created and your password stays as it is.\n\nIf it was you, sign in here:\n\nhttp://setu.test/auth?tab=signin\n\nForgot your password? Choose a new one here:\n\nhttp://setu.test/auth/forgot-password\n\nIf you have not confirmed your address yet, signing in sends a fresh confirmation link. If it was not you, you can ignore this message.\n\nThe Setu team",
      link: "http://setu.test/auth?tab=signin",
    });
    const hi = renderEmail({ ...job, locale: "hi" as const });
    expect(hi.subject).toBe("किसी ने आपके ई-मेल पते से Setu पर साइन अप करने की कोशिश की");
    expect(hi.text).toBe(
      "नमस्ते Rajesh,\n\nकिसी ने अभी इस ई-मेल पते (rajesh@example.in) से नया Setu खाता बनाने की कोशिश की। आपका खाता पहले से है, इसलिए कुछ नहीं बदला: कोई नया खाता नहीं बना और आपका पासवर्ड वही है।\n\nअगर यह आप थे, तो यहाँ साइन इन करें:\n\nhttp://setu.test/auth?tab=signin\n\nपासवर्ड भूल गए? नया पासवर्ड यहाँ चुनें:\n\nhttp://setu.test/auth/forgot-password\n\nअगर आपने अभी तक अपना पता कन्फ़र्म नहीं किया है, तो साइन इन करने पर नया कन्फ़र्मेशन लिंक भेजा जाएगा। अगर यह आप नहीं थे, तो इस ई-मेल को अनदेखा कर दें।\n\nSetu टीम",
    );
  });
});
