import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import { createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { queuedEmails, testNotifier } from "../../../tests/support/test-notifier";
import {
  getEmailPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notify,
  NOTIFICATIONS_PAGE_SIZE,
  setEmailPreference,
  unreadNotificationCount,
  unsubscribeLink,
  updateOwnEmailPreferences,
  verifyUnsubscribe,
  type Notifier,
} from "./notifications.server";
import { parseInput } from "~/lib/command-result";
import { setOwnLanguage } from "~/modules/accounts/profile-commands.server";
import { EMAIL_KINDS, emailKindsFor, emailPreferencesSchema, readEmailPreferencesForm } from "./notifications.schema";

describe.each(testEngines())("notifications on %s", (engine) => {
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

  const notice = (userId: string, eventKey?: string) => ({
    userId,
    kind: "quote_received" as const,
    title: 'New quote on "Cotton towels"',
    body: "Tiruppur Knits sent a quote of $2,450.75.",
    href: "/rfqs/00000000-0000-4000-8000-000000000000",
    eventKey,
    email: { subject: 'New quote on "Cotton towels"', text: "Tiruppur Knits sent a quote." },
  });

  it("records the notice and queues its e-mail with a link and a one-click unsubscribe address; one event notifies once", async () => {
    await database.db.transaction((tx) => notify(tx, notifier, notice(buyer.user.id, "quote:1")));
    await database.db.transaction((tx) => notify(tx, notifier, notice(buyer.user.id, "quote:1")));
    expect(await unreadNotificationCount(database.db, buyer.user.id)).toBe(1);
    const mails = (await queuedEmails(database.db)).filter((m) => m.to === buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("http://setu.test/rfqs/00000000-0000-4000-8000-000000000000");
    expect(mails[0]!.unsubscribeUrl).toMatch(/^http:\/\/setu\.test\/unsubscribe\?u=.+&k=quoteReceived&t=/);
  });

  it("writes the e-mail in the language the recipient chose: Hindi subject, text, sign-off and unsubscribe line", async () => {
    const hindiSeller = await createSeller(database.db, {});
    await setOwnLanguage(database.db, hindiSeller.user, "hi");
    await database.db.transaction((tx) =>
      notify(tx, notifier, {
        ...notice(hindiSeller.user.id, "rfq-match:hi"),
        kind: "rfq_matched",
        email: {
          subject: 'New RFQ that matches your products: "Bath towels"',
          text: "English text",
          translated: {
            subject: "emails:rfqMatched.subject",
            text: "emails:rfqMatched.textCatalogue",
            params: { title: "Bath towels", buyer: "Brooklyn Home Goods", quantity: "1,20,000", unit: "pieces" },
          },
        },
      }),
    );
    const [mail] = (await queuedEmails(database.db)).filter((m) => m.to === hindiSeller.user.email);
    expect(mail!.subject).toBe('आपके प्रोडक्ट से मेल खाता नया RFQ: "Bath towels"');
    expect(mail!.text).toContain('Brooklyn Home Goods को 1,20,000 pieces चाहिए: "Bath towels"।');
    expect(mail!.text).toContain("Setu टीम");
    expect(mail!.text).toMatch(/ये ई-मेल बंद करें: http:\/\/setu\.test\/unsubscribe\?/);
    // an English reader's e-mail is as it always was
    const [english] = (await queuedEmails(database.db)).filter((m) => m.to === buyer.user.email);
    expect(english!.text).toMatch(/\n\nThe Setu team\n\nStop these e-mails: http/);
  });

  it("lists a notice in the reader's language from the keys kept with it; one without keys, or with a key gone, as written", async () => {
    const reader = await createSeller(database.db, {});
    type Tx = Parameters<Parameters<typeof database.db.transaction>[0]>[0];
    const order = (tx: Tx, eventKey: string, title: `emails:${string}`) =>
      notify(tx, notifier, {
        userId: reader.user.id,
        kind: "order_status",
        title: 'Your order for "Bath towels" is shipped',
        body: 'Your order for "Bath towels" is now shipped.',
        href: "/orders/00000000-0000-4000-8000-000000000000",
        eventKey,
        translated: {
          title,
          body: "emails:order.body",
          params: {
            what: { key: "emails:order.what", params: { title: "Bath towels" } },
            status: { key: "emails:order.status.shipped" },
            said: "",
          },
        },
      });
    await database.db.transaction(async (tx) => {
      await order(tx, "order:shipped", "emails:order.title");
      await order(tx, "order:gone", "emails:order.noSuchKey");
      await notify(tx, notifier, { ...notice(reader.user.id, "quote:plain"), kind: "quote_received" });
    });
    const inHindi = (await listNotifications(database.db, reader.user.id, undefined, "hi")).items;
    expect(inHindi.map((n) => [n.title, n.body])).toEqual(
      expect.arrayContaining([
        ['आपका ऑर्डर "Bath towels" शिप हो गया है', 'आपका ऑर्डर "Bath towels" अब शिप हो गया है।'],
        ['Your order for "Bath towels" is shipped', 'Your order for "Bath towels" is now shipped.'],
        ['New quote on "Cotton towels"', "Tiruppur Knits sent a quote of $2,450.75."],
      ]),
    );
    expect(inHindi).toHaveLength(3);
    // English as written, byte for byte
    const inEnglish = (await listNotifications(database.db, reader.user.id)).items;
    expect(inEnglish.filter((n) => n.title === 'Your order for "Bath towels" is shipped')).toHaveLength(2);
  });

  it("keeps the notice but sends no e-mail of a kind the user turned off, and a rolled-back change leaves neither", async () => {
    await setEmailPreference(database.db, seller.user.id, "quoteReceived", false);
    expect((await getEmailPreferences(database.db, seller.user.id)).quoteReceived).toBe(false);
    await database.db.transaction((tx) => notify(tx, notifier, notice(seller.user.id, "quote:2")));
    await database.db
      .transaction(async (tx) => {
        await notify(tx, notifier, notice(seller.user.id, "quote:3"));
        throw new Error("the quote failed");
      })
      .catch(() => {});
    expect(await unreadNotificationCount(database.db, seller.user.id)).toBe(1);
    expect((await queuedEmails(database.db)).filter((m) => m.to === seller.user.email)).toEqual([]);
  });

  it("verifies unsubscribe links: the signed one passes, a changed user, kind or token does not", () => {
    const url = new URL(unsubscribeLink(notifier, buyer.user.id, "orderStatus"));
    expect(verifyUnsubscribe(notifier.secret, url.searchParams)).toEqual({
      userId: buyer.user.id,
      kind: "orderStatus",
    });
    for (const [key, value] of [
      ["u", seller.user.id],
      ["k", "quoteReceived"],
      ["k", "toString"],
      ["t", "x".repeat(43)],
      ["t", ""],
    ] as const) {
      const changed = new URLSearchParams(url.searchParams);
      changed.set(key, value);
      expect(verifyUnsubscribe(notifier.secret, changed), `${key}=${value}`).toBeNull();
    }
    expect(verifyUnsubscribe("another-secret", url.searchParams)).toBeNull();
  });

  it("pages notifications newest first, opens only the owner's, and marks all read", async () => {
    const owner = await createBuyer(database.db, {});
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 5; i++)
      await database.db.transaction((tx) =>
        notify(tx, notifier, { ...notice(owner.user.id, `n:${i}`), title: `Notice ${i}`, email: undefined }),
      );
    const first = await listNotifications(database.db, owner.user.id);
    expect(first.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = await listNotifications(database.db, owner.user.id, first.next!);
    expect(second.items).toHaveLength(5);
    expect(second.next).toBeNull();
    const ids = [...first.items, ...second.items].map((n) => n.id);
    expect(new Set(ids).size).toBe(NOTIFICATIONS_PAGE_SIZE + 5);

    const one = first.items[0]!;
    expect(await markNotificationRead(database.db, buyer.user.id, one.id)).toBeNull();
    expect(await markNotificationRead(database.db, owner.user.id, one.id)).toBe(one.href);
    expect(await unreadNotificationCount(database.db, owner.user.id)).toBe(NOTIFICATIONS_PAGE_SIZE + 4);
    expect(await markAllNotificationsRead(database.db, owner.user.id)).toBe(NOTIFICATIONS_PAGE_SIZE + 4);
    expect(await unreadNotificationCount(database.db, owner.user.id)).toBe(0);
    expect(await unreadNotificationCount(database.db, buyer.user.id)).toBe(1);
  });

  it("offers each account only the e-mails of its roles, and a save keeps the kinds it did not offer", async () => {
    expect(emailKindsFor({ isBuyer: true, isSeller: false })).toEqual([
      "quoteReceived",
      "orderStatus",
      "newMessage",
      "rfqDeadline",
      "messageDigest",
    ]);
    expect(emailKindsFor({ isBuyer: false, isSeller: true })).toEqual([
      "quoteDecided",
      "orderStatus",
      "newMessage",
      "rfqMatched",
      "messageDigest",
      "verification",
    ]);
    expect(emailKindsFor({ isBuyer: true, isSeller: true })).toEqual([...EMAIL_KINDS]);
    const owner = await createBuyer(database.db, {});
    await setEmailPreference(database.db, owner.user.id, "rfqMatched", false);
    const form = new FormData();
    form.set("quoteReceived", "on");
    const input = parseInput(emailPreferencesSchema, readEmailPreferencesForm(form));
    const offered = emailKindsFor({ isBuyer: true, isSeller: false });
    expect(input.ok && (await updateOwnEmailPreferences(database.db, owner.user, input.value, offered))).toMatchObject({
      ok: true,
    });
    expect(await getEmailPreferences(database.db, owner.user.id)).toEqual({
      quoteReceived: true,
      quoteDecided: true,
      orderStatus: false,
      newMessage: false,
      rfqDeadline: false,
      rfqMatched: false,
      messageDigest: false,
      verification: true,
    });
  });

  it("saves the preferences form: a ticked box on, an absent one off, only the actor's own; a forged value is refused", async () => {
    const owner = await createBuyer(database.db, {});
    const form = new FormData();
    form.set("quoteReceived", "on");
    form.set("messageDigest", "on");
    form.set("userId", buyer.user.id);
    const input = parseInput(emailPreferencesSchema, readEmailPreferencesForm(form));
    expect(input.ok).toBe(true);
    expect(input.ok && (await updateOwnEmailPreferences(database.db, owner.user, input.value))).toEqual({
      ok: true,
      message: "E-mail preferences saved.",
    });
    expect(await getEmailPreferences(database.db, owner.user.id)).toEqual({
      quoteReceived: true,
      quoteDecided: false,
      orderStatus: false,
      newMessage: false,
      rfqDeadline: false,
      rfqMatched: false,
      messageDigest: true,
      verification: false,
    });
    expect((await getEmailPreferences(database.db, buyer.user.id)).orderStatus).toBe(true);

    const forged = new FormData();
    forged.set("orderStatus", "yes please");
    // the schema refuses it, as /profile reads the form, so the command is never asked
    const refused = parseInput(emailPreferencesSchema, readEmailPreferencesForm(forged));
    expect(refused.ok).toBe(false);
    expect(refused.ok ? null : Object.keys(refused.fieldErrors)).toEqual(["orderStatus"]);
    expect((await getEmailPreferences(database.db, owner.user.id)).quoteReceived).toBe(true);
  });
});
