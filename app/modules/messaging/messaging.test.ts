import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "~/db/client.server";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import { unreadNotificationCount, type Notifier } from "~/modules/notifications/notifications.server";
import { localDiskStorage } from "~/modules/uploads/storage.server";
import { createOrder } from "../../../tests/factories/orders";
import { createProduct } from "../../../seed/factories/products";
import { createQuote, createRfq } from "../../../seed/factories/rfqs";
import { createStore } from "../../../seed/factories/stores";
import { actorOf, createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { testNotifier } from "../../../tests/support/test-notifier";
import {
  blockUser,
  getThread,
  listInbox,
  listReportGroups,
  markConversationRead,
  openConversation,
  reportMessage,
  resolveReport,
  sendMessage,
  serveAttachment,
  unblockUser,
  unreadConversationCount,
} from "./messaging.server";
import { parseInput } from "~/lib/command-result";
import { hasBlocked, liftBlock, listBlockedUsers } from "./blocks.server";
import { INBOX_PAGE_SIZE, linkifyParts, threadActionSchema } from "./messaging.schema";
import { conversationSubjects } from "~/modules/conversation-subjects/conversation-subjects.server";

/** A second Drizzle client on the same connection that counts the statements it sends. */
function countingDb(database: TestDatabase): { db: Db; count: () => number; reset: () => void } {
  let statements = 0;
  const logger = { logQuery: () => void (statements += 1) };
  const client = (database.db as unknown as { $client: never }).$client;
  const db = (database.engine === "pglite"
    ? drizzlePglite(client, { casing: "snake_case", logger })
    : drizzlePostgres(client, { casing: "snake_case", logger })) as unknown as Db;
  return { db, count: () => statements, reset: () => void (statements = 0) };
}

// on both engines (test-database.ts): one conversation under concurrent opens: real concurrency only on PostgreSQL's pool (PGlite has one connection)
describe.each(testEngines("both"))("messaging on %s", (engine) => {
  let database: TestDatabase;
  let notifier: Notifier;
  let jobs: JobQueue;
  let buyer: Account;
  let seller: Account;
  let stranger: Account;
  let productId: string;
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-messaging-"));
  const storage = localDiskStorage(storageDir);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    buyer = await createBuyer(database.db, { companyName: "Hudson Home Goods" });
    seller = await createSeller(database.db, { companyName: "Jaipur Block Prints" });
    stranger = await createSeller(database.db, { companyName: "Curious Traders" });
    productId = (await createProduct(database.db, { sellerId: seller.user.id, name: "Block-printed cushion covers" }))
      .id;
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  async function conversationAbout(from: Account, subject: Parameters<typeof openConversation>[3]) {
    const opened = await openConversation(database.db, conversationSubjects, actorOf(from), subject);
    if (!opened.ok) throw new Error(opened.message);
    return opened.value.id;
  }

  it("opens one conversation per pair and subject, also under concurrent opens, with the subject deciding the parties", async () => {
    const ids = await Promise.all(
      Array.from({ length: 8 }, () => conversationAbout(buyer, { type: "product", id: productId })),
    );
    expect(new Set(ids).size).toBe(1);
    const [row] = await queryRows<{ buyer_id: string; seller_id: string; subject_type: string }>(
      database.db,
      sql`select buyer_id, seller_id, subject_type from conversations where id = ${ids[0]!}`,
    );
    expect(row).toEqual({ buyer_id: buyer.user.id, seller_id: seller.user.id, subject_type: "product" });

    expect(
      await openConversation(database.db, conversationSubjects, actorOf(seller), { type: "product", id: productId }),
    ).toMatchObject({
      ok: false,
      status: 400,
    });
    const hidden = await createProduct(database.db, { sellerId: seller.user.id, status: "inactive" });
    expect(
      await openConversation(database.db, conversationSubjects, actorOf(buyer), { type: "product", id: hidden.id }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await openConversation(database.db, conversationSubjects, actorOf(buyer), { type: "product", id: "not-a-uuid" }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });

    const store = await createStore(database.db, { sellerId: seller.user.id });
    expect(await conversationAbout(buyer, { type: "store", id: store.id })).not.toBe(ids[0]);
  });

  it("on an RFQ: a supplier contacts the buyer only after quoting; the buyer's 'Contact Supplier' on a quote opens the same thread", async () => {
    const rfq = await createRfq(database.db, { buyerId: buyer.user.id });
    expect(
      await openConversation(database.db, conversationSubjects, actorOf(seller), { type: "rfq", id: rfq.id }),
    ).toMatchObject({
      ok: false,
      status: 403,
    });
    const quote = await createQuote(database.db, { rfqId: rfq.id, sellerId: seller.user.id });
    const fromSupplier = await conversationAbout(seller, { type: "rfq", id: rfq.id });
    expect(await conversationAbout(buyer, { type: "quote", id: quote.id })).toBe(fromSupplier);
    expect(await conversationAbout(buyer, { type: "rfq", id: rfq.id, counterpartId: seller.user.id })).toBe(
      fromSupplier,
    );
    // a sealed quote is nobody else's business
    expect(
      await openConversation(database.db, conversationSubjects, actorOf(stranger), { type: "quote", id: quote.id }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await openConversation(database.db, conversationSubjects, actorOf(buyer), {
        type: "rfq",
        id: rfq.id,
        counterpartId: stranger.user.id,
      }),
    ).toMatchObject({ ok: false, status: 404 });

    const order = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect(await conversationAbout(seller, { type: "order", id: order.id })).toBe(
      await conversationAbout(buyer, { type: "order", id: order.id }),
    );
    expect(
      await openConversation(database.db, conversationSubjects, actorOf(stranger), { type: "order", id: order.id }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("lets only the two parties read and post: a stranger gets 404 on both", async () => {
    const id = await conversationAbout(buyer, { type: "product", id: productId });
    expect(await sendMessage(database.db, actorOf(stranger), id, { body: "Let me in" }, notifier)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await getThread(database.db, conversationSubjects, actorOf(stranger), id)).toBeNull();
    expect(await markConversationRead(database.db, actorOf(stranger), id, id)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await blockUser(database.db, actorOf(stranger), id)).toMatchObject({ ok: false, status: 404 });
    expect(await getThread(database.db, conversationSubjects, actorOf(buyer), "not-a-uuid")).toBeNull();
  });

  it("refuses empty, too long and unstorable text with a 400, and keeps line breaks of what it stores", async () => {
    const id = await conversationAbout(buyer, { type: "product", id: productId });
    for (const body of ["", "   \n ", "x".repeat(5001), "a\u0000b", "lone \ud800 surrogate"]) {
      expect(
        await sendMessage(database.db, actorOf(buyer), id, { body }, notifier),
        JSON.stringify(body.slice(0, 20)),
      ).toMatchObject({ ok: false, status: 400 });
    }
    expect(
      await sendMessage(database.db, actorOf(buyer), id, { body: `  ${"y".repeat(5000)}  ` }, notifier),
    ).toMatchObject({ ok: true });
    expect(
      await sendMessage(database.db, actorOf(buyer), id, { body: "Line one\r\nLine two <b>not bold</b>" }, notifier),
    ).toMatchObject({ ok: true });
    const thread = await getThread(database.db, conversationSubjects, actorOf(seller), id);
    expect(thread!.messages.at(-1)!.body).toBe("Line one\nLine two <b>not bold</b>");
  });

  it("counts unread conversations, marks read up to the message shown, shows 'Seen' and notifies once per unread burst", async () => {
    const localBuyer = await createBuyer(database.db, {});
    const id = await conversationAbout(localBuyer, { type: "product", id: productId });
    const sellerUnreadBefore = await unreadConversationCount(database.db, seller.user.id);
    const notificationsBefore = await unreadNotificationCount(database.db, seller.user.id);
    const first = await sendMessage(database.db, actorOf(localBuyer), id, { body: "Do you ship to Ohio?" }, notifier);
    const second = await sendMessage(
      database.db,
      actorOf(localBuyer),
      id,
      { body: "And what is the MOQ for 3 colours?" },
      notifier,
    );
    if (!first.ok || !second.ok) throw new Error("send failed");
    expect(await unreadConversationCount(database.db, seller.user.id)).toBe(sellerUnreadBefore + 1);
    expect(await unreadConversationCount(database.db, localBuyer.user.id)).toBe(0);
    // a burst while unread: one notification
    expect(await unreadNotificationCount(database.db, seller.user.id)).toBe(notificationsBefore + 1);
    const [digest] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'message-digest' and data->>'userId' = ${seller.user.id}`,
    );
    expect(digest!.n).toBeGreaterThanOrEqual(1);

    let thread = await getThread(database.db, conversationSubjects, actorOf(localBuyer), id);
    expect(thread!.messages.map((m) => m.seen)).toEqual([false, false]);
    // read up to the first message only: the conversation is still unread
    await markConversationRead(database.db, actorOf(seller), id, first.value.messageId);
    expect(await unreadConversationCount(database.db, seller.user.id)).toBe(sellerUnreadBefore + 1);
    thread = await getThread(database.db, conversationSubjects, actorOf(localBuyer), id);
    expect(thread!.messages.map((m) => m.seen)).toEqual([true, false]);
    expect(await markConversationRead(database.db, actorOf(seller), id, second.value.messageId)).toMatchObject({
      ok: true,
      value: { changed: true },
    });
    expect(await markConversationRead(database.db, actorOf(seller), id, first.value.messageId)).toMatchObject({
      ok: true,
      value: { changed: false },
    });
    expect(await unreadConversationCount(database.db, seller.user.id)).toBe(sellerUnreadBefore);
    expect(await unreadNotificationCount(database.db, seller.user.id)).toBe(notificationsBefore);
    thread = await getThread(database.db, conversationSubjects, actorOf(localBuyer), id);
    expect(thread!.messages.map((m) => m.seen)).toEqual([true, true]);

    // after reading, the next message notifies again; the reply sets the supplier's first-reply time
    await sendMessage(database.db, actorOf(localBuyer), id, { body: "One more thing" }, notifier);
    expect(await unreadNotificationCount(database.db, seller.user.id)).toBe(notificationsBefore + 1);
    await sendMessage(database.db, actorOf(seller), id, { body: "Yes, we ship to Ohio." }, notifier);
    const [times] = await queryRows<{ first: boolean; reply: boolean }>(
      database.db,
      sql`select buyer_first_message_at is not null as first, seller_first_reply_at > buyer_first_message_at as reply from conversations where id = ${id}`,
    );
    expect(times).toEqual({ first: true, reply: true });
  });

  it("inbox: newest first, counterpart and subject, unread and 'Needs reply', pages, and a fixed number of statements", async () => {
    const inboxBuyer = await createBuyer(database.db, { companyName: "Many Threads Inc" });
    const suppliers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createSeller(database.db, { companyName: `Supplier ${i}` })),
    );
    const counting = countingDb(database);

    async function converse(n: number) {
      for (let i = 0; i < n; i++) {
        const supplier = suppliers[i % suppliers.length]!;
        const product = await createProduct(database.db, { sellerId: supplier.user.id, name: `Inbox product ${i}` });
        const id = await conversationAbout(inboxBuyer, { type: "product", id: product.id });
        await sendMessage(database.db, actorOf(inboxBuyer), id, { body: `Question ${i}` }, notifier);
        if (i % 2 === 0) await sendMessage(database.db, actorOf(supplier), id, { body: `Answer ${i}` }, notifier);
      }
    }

    await converse(3);
    counting.reset();
    const small = await listInbox(counting.db, conversationSubjects, actorOf(inboxBuyer));
    const smallStatements = counting.count();
    expect(small.items).toHaveLength(3);
    await converse(INBOX_PAGE_SIZE + 4);
    counting.reset();
    const large = await listInbox(counting.db, conversationSubjects, actorOf(inboxBuyer));
    expect(counting.count()).toBe(smallStatements);
    expect(smallStatements).toBe(1);
    expect(large.items).toHaveLength(INBOX_PAGE_SIZE);
    counting.reset();
    await unreadConversationCount(counting.db, inboxBuyer.user.id);
    expect(counting.count()).toBe(1);

    const newest = large.items[0]!;
    expect(newest.subject).toMatchObject({ type: "product", title: `Inbox product ${INBOX_PAGE_SIZE + 3}` });
    expect(newest.subject.href).toMatch(/^\/product\//);
    expect(newest.counterpartCompany).toMatch(/^Supplier \d$/);
    const times = large.items.map((item) => item.lastMessageAt);
    expect([...times].sort().reverse()).toEqual(times);

    const second = await listInbox(database.db, conversationSubjects, actorOf(inboxBuyer), { cursor: large.next });
    expect(second.items).toHaveLength(7);
    expect(second.next).toBeNull();
    expect(new Set([...large.items, ...second.items].map((item) => item.id)).size).toBe(INBOX_PAGE_SIZE + 7);

    // the supplier answered the even ones: those need the buyer's reply, and are unread
    const needsReply = await listInbox(database.db, conversationSubjects, actorOf(inboxBuyer), {
      filter: "needs-reply",
    });
    const all = [...large.items, ...second.items];
    expect(needsReply.items.map((item) => item.id).sort()).toEqual(
      all
        .filter((item) => !item.lastFromMe)
        .map((item) => item.id)
        .sort(),
    );
    expect(needsReply.items.every((item) => item.unread && item.preview.startsWith("Answer"))).toBe(true);
    expect(await unreadConversationCount(database.db, inboxBuyer.user.id)).toBe(needsReply.items.length);
    expect(await listInbox(database.db, conversationSubjects, actorOf(stranger), { cursor: "garbage" })).toEqual({
      items: [],
      next: null,
    });
  });

  it("reads a cursor whose time is outside years 1900-9999 (year 0, negative, 10000) as no cursor: the first page", async () => {
    const localBuyer = await createBuyer(database.db, {});
    const opened = await conversationAbout(localBuyer, { type: "product", id: productId });
    await sendMessage(database.db, actorOf(localBuyer), opened, { body: "Hello" }, notifier);
    const first = await listInbox(database.db, conversationSubjects, actorOf(localBuyer));
    expect(first.items).toHaveLength(1);
    const id = first.items[0]!.id;
    for (const at of [
      "0000-01-01T00:00:00.000000Z",
      "-000001-01-01T00:00:00.000000Z",
      "+010000-01-01T00:00:00.000000Z",
      "1899-12-31T23:59:59.999999Z",
    ]) {
      // before the shared check, year 0 reached PostgreSQL and failed there
      expect(
        await listInbox(database.db, conversationSubjects, actorOf(localBuyer), { cursor: `${at}_${id}` }),
        at,
      ).toEqual(first);
    }
  });

  it("block stops new messages both ways and keeps the thread readable; unblock restores them", async () => {
    const localBuyer = await createBuyer(database.db, {});
    const id = await conversationAbout(localBuyer, { type: "product", id: productId });
    await sendMessage(database.db, actorOf(localBuyer), id, { body: "Hello" }, notifier);
    expect(await blockUser(database.db, actorOf(seller), id)).toMatchObject({ ok: true });
    expect(await sendMessage(database.db, actorOf(localBuyer), id, { body: "Are you there?" }, notifier)).toMatchObject(
      { ok: false, status: 403 },
    );
    expect(await sendMessage(database.db, actorOf(seller), id, { body: "Reply" }, notifier)).toMatchObject({
      ok: false,
      status: 403,
      message: expect.stringContaining("Unblock"),
    });
    const thread = await getThread(database.db, conversationSubjects, actorOf(localBuyer), id);
    expect(thread).toMatchObject({ theyBlocked: true, iBlocked: false });
    expect(thread!.messages).toHaveLength(1);
    expect((await getThread(database.db, conversationSubjects, actorOf(seller), id))!.iBlocked).toBe(true);
    // no new conversation between them either (the existing one still opens)
    const store = await createStore(database.db, { sellerId: seller.user.id });
    expect(
      await openConversation(database.db, conversationSubjects, actorOf(localBuyer), { type: "store", id: store.id }),
    ).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(
      await openConversation(database.db, conversationSubjects, actorOf(localBuyer), {
        type: "product",
        id: productId,
      }),
    ).toMatchObject({
      ok: true,
      value: { id },
    });
    expect(await unblockUser(database.db, actorOf(seller), id)).toMatchObject({ ok: true });
    expect(await sendMessage(database.db, actorOf(localBuyer), id, { body: "Back again" }, notifier)).toMatchObject({
      ok: true,
    });
  });

  it("lists the users one blocked, newest first, and lifts a block from the list: one's own blocks only (issue 38)", async () => {
    const blocker = await createBuyer(database.db, { companyName: "List Keeper LLC" });
    const first = await createSeller(database.db, { companyName: "First Blocked Exports" });
    const second = await createSeller(database.db, { companyName: "Second Blocked Mills" });
    for (const blocked of [first, second]) {
      const product = await createProduct(database.db, { sellerId: blocked.user.id });
      const id = await conversationAbout(blocker, { type: "product", id: product.id });
      expect(await blockUser(database.db, actorOf(blocker), id)).toMatchObject({ ok: true });
    }
    expect(await listBlockedUsers(database.db, actorOf(blocker))).toEqual([
      expect.objectContaining({ userId: second.user.id, companyName: "Second Blocked Mills" }),
      expect.objectContaining({ userId: first.user.id, companyName: "First Blocked Exports" }),
    ]);
    expect(await hasBlocked(database.db, blocker.user.id, first.user.id)).toBe(true);
    expect(await hasBlocked(database.db, first.user.id, blocker.user.id)).toBe(false);
    expect(await listBlockedUsers(database.db, actorOf(first))).toEqual([]);
    // nobody lifts another's block; a block that is not there is a 404
    expect(await liftBlock(database.db, actorOf(second), first.user.id)).toMatchObject({ ok: false, status: 404 });
    expect(await liftBlock(database.db, actorOf(blocker), stranger.user.id)).toMatchObject({ ok: false, status: 404 });
    expect(await liftBlock(database.db, actorOf(blocker), first.user.id)).toEqual({
      ok: true,
      message: "First Blocked Exports unblocked",
    });
    expect((await listBlockedUsers(database.db, actorOf(blocker))).map((b) => b.userId)).toEqual([second.user.id]);
    expect(await hasBlocked(database.db, blocker.user.id, first.user.id)).toBe(false);
  });

  it("reports: only a party may report the other party's message; administrators list and resolve them", async () => {
    const localBuyer = await createBuyer(database.db, { companyName: "Reporter LLC" });
    const id = await conversationAbout(localBuyer, { type: "product", id: productId });
    const own = await sendMessage(database.db, actorOf(localBuyer), id, { body: "My own words" }, notifier);
    const theirs = await sendMessage(
      database.db,
      actorOf(seller),
      id,
      { body: "Pay me off-platform at http://scam.example" },
      notifier,
    );
    if (!own.ok || !theirs.ok) throw new Error("send failed");
    // as the route does: the form read by the thread's schema, then the command with what it read
    const reported = async (who: typeof seller, messageId: string, reason: string) => {
      const input = parseInput(threadActionSchema, { intent: "report", messageId, reason });
      return input.ok && input.value.intent === "report"
        ? reportMessage(database.db, actorOf(who), input.value)
        : input;
    };
    expect(await reported(stranger, theirs.value.messageId, "Spam")).toMatchObject({ ok: false, status: 404 });
    expect(await reported(localBuyer, own.value.messageId, "Spam")).toMatchObject({ ok: false, status: 400 });
    expect(await reported(localBuyer, theirs.value.messageId, "  ")).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { reason: "Please say why you are reporting this message" },
    });
    expect(await reported(localBuyer, theirs.value.messageId, "Bad \ud800")).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { reason: "Please say why you are reporting this message" },
    });
    expect(await reported(localBuyer, "not-a-uuid", "Spam")).toMatchObject({
      ok: false,
      status: 400,
      message: "Unknown message",
    });
    expect(await reported(localBuyer, theirs.value.messageId, "Asks for payment outside Setu")).toMatchObject({
      ok: true,
    });
    expect(await reported(localBuyer, theirs.value.messageId, "Again")).toMatchObject({ ok: true });

    expect(await listReportGroups(database.db, conversationSubjects, { isAdmin: false })).toBeNull();
    const open = (await listReportGroups(database.db, conversationSubjects, { isAdmin: true }))!;
    const group = open.groups.find((g) => g.reportedCompany === "Jaipur Block Prints")!;
    expect(group).toMatchObject({ reports: 1, reporters: 1, conversations: 1 });
    expect(group.shown).toEqual([
      expect.objectContaining({ conversationId: id, reporterCompany: "Reporter LLC", reports: 1 }),
    ]);
    const [report] = group.shown[0]!.samples;
    expect(report).toMatchObject({
      status: "open",
      reason: "Asks for payment outside Setu",
      messageBody: "Pay me off-platform at http://scam.example",
    });
    expect(await resolveReport(database.db, { isAdmin: false }, report!.id)).toMatchObject({ ok: false, status: 404 });
    expect(await resolveReport(database.db, { isAdmin: true }, report!.id)).toMatchObject({ ok: true });
    const resolved = (await listReportGroups(
      database.db,
      conversationSubjects,
      { isAdmin: true },
      { status: "resolved" },
    ))!;
    expect(resolved.groups.find((g) => g.reportedCompany === "Jaipur Block Prints")!.shown[0]!.samples).toEqual([
      expect.objectContaining({ id: report!.id, status: "resolved" }),
    ]);
    expect(
      (await listReportGroups(database.db, conversationSubjects, { isAdmin: true }))!.groups.some(
        (g) => g.reportedUserId === seller.user.id,
      ),
    ).toBe(false);
  });

  it("attachments: an image re-encoded to WebP, a PDF as is, anything else refused; served to the two parties only", async () => {
    const localBuyer = await createBuyer(database.db, {});
    const id = await conversationAbout(localBuyer, { type: "product", id: productId });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const files = [
      new File([png], "swatch photo.png", { type: "image/png" }),
      new File([pdf], 'price list "2026".pdf', { type: "application/pdf" }),
    ];
    const sent = await sendMessage(database.db, actorOf(localBuyer), id, { body: "", files }, notifier, storage);
    expect(sent).toMatchObject({ ok: true });
    const fake = new File([Buffer.from("<html><script>alert(1)</script></html>")], "innocent.png", {
      type: "image/png",
    });
    expect(
      await sendMessage(database.db, actorOf(localBuyer), id, { body: "x", files: [fake] }, notifier, storage),
    ).toMatchObject({ ok: false, status: 415 });
    expect(
      await sendMessage(
        database.db,
        actorOf(localBuyer),
        id,
        { body: "x", files: [files[0]!, files[0]!, files[0]!, files[0]!] },
        notifier,
        storage,
      ),
    ).toMatchObject({ ok: false, status: 400 });

    const thread = await getThread(database.db, conversationSubjects, actorOf(seller), id);
    const attachments = thread!.messages.at(-1)!.attachments;
    expect(attachments.map((a) => [a.fileName, a.contentType])).toEqual(
      expect.arrayContaining([
        ["swatch photo.webp", "image/webp"],
        ["price list _2026_.pdf", "application/pdf"],
      ]),
    );
    const image = attachments.find((a) => a.contentType === "image/webp")!;
    const document = attachments.find((a) => a.contentType === "application/pdf")!;
    const served = await serveAttachment(database.db, storage, actorOf(seller), id, image.id, "full");
    expect(served!.headers.get("Content-Type")).toBe("image/webp");
    expect(served!.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect((await sharp(Buffer.from(await served!.arrayBuffer())).metadata()).format).toBe("webp");
    const servedPdf = await serveAttachment(database.db, storage, actorOf(localBuyer), id, document.id, "full");
    expect(servedPdf!.headers.get("Content-Disposition")).toMatch(/^attachment; filename="price list _2026_.pdf"/);
    expect(Buffer.from(await servedPdf!.arrayBuffer()).equals(pdf)).toBe(true);
    expect(await serveAttachment(database.db, storage, actorOf(stranger), id, image.id, "full")).toBeNull();
  });

  it("leaves no attachment file behind when the message is not sent: a later file refused, or its transaction failed", async () => {
    const localBuyer = await createBuyer(database.db, {});
    const id = await conversationAbout(localBuyer, { type: "product", id: productId });
    const folder = path.join(storageDir, "message-attachments", id);
    const filesStored = () => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 200, g: 10, b: 10 } } })
      .png()
      .toBuffer();
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const image = () => new File([png], "swatch.png", { type: "image/png" });
    const document = () => new File([pdf], "terms.pdf", { type: "application/pdf" });
    const fake = new File([Buffer.from("MZ not an image")], "photo.png", { type: "image/png" });

    // the image and the PDF are stored before the third file is refused
    expect(
      await sendMessage(
        database.db,
        actorOf(localBuyer),
        id,
        { body: "x", files: [image(), document(), fake] },
        notifier,
        storage,
      ),
    ).toMatchObject({ ok: false, status: 415 });
    expect(filesStored()).toEqual([]);

    // a statement in the message's transaction fails (the digest job cannot be queued): rolled back, files removed
    const failing: Notifier = {
      ...notifier,
      jobs: { ...notifier.jobs, send: () => Promise.reject(new Error("queue unavailable")) },
    };
    await expect(
      sendMessage(
        database.db,
        actorOf(localBuyer),
        id,
        { body: "with files", files: [image(), document()] },
        failing,
        storage,
      ),
    ).rejects.toThrow("queue unavailable");
    expect(filesStored()).toEqual([]);
    expect((await getThread(database.db, conversationSubjects, actorOf(localBuyer), id))!.messages).toEqual([]);

    // a message that is sent keeps its files: the image, its thumbnail and the PDF
    expect(
      await sendMessage(
        database.db,
        actorOf(localBuyer),
        id,
        { body: "with files", files: [image(), document()] },
        notifier,
        storage,
      ),
    ).toMatchObject({ ok: true });
    expect(
      filesStored()
        .map((name) => name.replace(/^[0-9a-f]{32}/, "…"))
        .sort(),
    ).toEqual(["…-card.webp", "….pdf", "….webp"]);
  });

  it("makes only http(s) addresses links, leaving punctuation and anything else as text", () => {
    expect(linkifyParts("See https://setu.example/p?id=1, or javascript:alert(1) and http://x.example/a).")).toEqual([
      { type: "text", text: "See " },
      { type: "link", text: "https://setu.example/p?id=1", href: "https://setu.example/p?id=1" },
      { type: "text", text: ", or javascript:alert(1) and " },
      { type: "link", text: "http://x.example/a", href: "http://x.example/a" },
      { type: "text", text: ")." },
    ]);
    expect(linkifyParts('<a href="https://evil.example">x</a>')).toEqual([
      { type: "text", text: '<a href="' },
      { type: "link", text: "https://evil.example", href: "https://evil.example/" },
      { type: "text", text: '">x</a>' },
    ]);
  });
});
