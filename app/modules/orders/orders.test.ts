import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/db/schema/orders";
import { createOrder } from "../../../tests/factories/orders";
import { createRfq } from "../../../tests/factories/rfqs";
import { createBuyer, createSeller, type Account, actorOf as actor } from "../../../tests/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { queuedEmails, testNotifier } from "../../../tests/support/test-notifier";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { notifications } from "~/db/schema/notifications";
import { listOrders, updateOrderStatus } from "./orders.server";

describe.each(testEngines())("orders on %s", (engine) => {
  let database: TestDatabase;
  let buyer: Account;
  let seller: Account;
  let stranger: Account;
  let notifier: Notifier;
  let jobs: JobQueue;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Goods LLC" });
    seller = await createSeller(database.db, { companyName: "Tiruppur Knits" });
    stranger = await createSeller(database.db, { companyName: "Erode Weavers" });
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
  });

  /** An order action as the page posts it, with what the confirmation asks for filled in. */
  function act(account: Account, orderId: string, action: string, fields: Record<string, string> = {}) {
    const asked = action === "ship" ? { carrier: "Maersk", trackingNumber: "MAEU 1234567" } : action === "cancel" ? { reason: "The buyer changed the order" } : {};
    return updateOrderStatus(database.db, actor(account), { orderId, action, ...asked, ...fields }, notifier);
  }

  async function statusOf(orderId: string) {
    const [row] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return row!.status;
  }

  it("asks the shipper for carrier and tracking number and the canceller for a reason, stores them, tells the other party, and changes nothing on a refusal", async () => {
    // their own buyer and seller: the other tests count the notices of theirs
    const buyer = await createBuyer(database.db, { companyName: "Austin Linen Co" });
    const seller = await createSeller(database.db, { companyName: "Karur Towels" });
    const rfq = await createRfq(database.db, { buyerId: buyer.user.id, title: "Organic cotton towels" });
    const order = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, rfqId: rfq.id });
    expect(await act(seller, order.id, "ship", { carrier: " ", trackingNumber: "" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { carrier: "Please enter the carrier", trackingNumber: "Please enter the tracking number" },
    });
    expect(await act(seller, order.id, "ship", { trackingNumber: "<script>" })).toMatchObject({ ok: false, status: 400, fieldErrors: { trackingNumber: expect.stringContaining("letters, digits") } });
    expect(await act(buyer, order.id, "cancel", { reason: "no" })).toMatchObject({ ok: false, status: 400, fieldErrors: { reason: expect.stringContaining("at least 5 characters") } });
    expect(await statusOf(order.id)).toBe("placed");

    expect(await act(seller, order.id, "ship", { carrier: "Maersk Line", trackingNumber: "MAEU 7654321" })).toMatchObject({ ok: true });
    const [seen] = (await listOrders(database.db, actor(buyer))).filter((o) => o.id === order.id);
    expect(seen).toMatchObject({ status: "shipped", carrier: "Maersk Line", trackingNumber: "MAEU 7654321", cancelReason: null, cancelledByViewer: null });
    const told = await database.db.select({ body: notifications.body }).from(notifications).where(eq(notifications.userId, buyer.user.id));
    expect(told.map((n) => n.body)).toContain('Your order for "Organic cotton towels" is now shipped. Carrier: Maersk Line. Tracking number: MAEU 7654321.');

    const other = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, rfqId: rfq.id });
    expect(await act(buyer, other.id, "cancel", { reason: "  Found the towels closer to home  " })).toMatchObject({ ok: true });
    const [cancelled] = (await listOrders(database.db, actor(seller))).filter((o) => o.id === other.id);
    expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "Found the towels closer to home", cancelledByViewer: false });
    const sellerTold = await database.db.select({ body: notifications.body }).from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(sellerTold.map((n) => n.body)).toContain('Your order for "Organic cotton towels" is now cancelled. The buyer gave this reason: Found the towels closer to home');
  });

  it("lets the seller ship and then the buyer receive", async () => {
    const order = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect(await act(seller, order.id, "ship")).toEqual({ ok: true, status: 200, message: "Order marked as shipped" });
    expect(await statusOf(order.id)).toBe("shipped");
    expect(await act(buyer, order.id, "receive")).toEqual({ ok: true, status: 200, message: "Order marked as received" });
    expect(await statusOf(order.id)).toBe("completed");
    // each change is told to the other party: a notice and a queued e-mail
    const notices = await database.db.select().from(notifications).where(eq(notifications.href, "/orders"));
    expect(notices.filter((n) => n.userId === buyer.user.id && n.title.includes("is shipped"))).toHaveLength(1);
    expect(notices.filter((n) => n.userId === seller.user.id && n.title.includes("is completed"))).toHaveLength(1);
    const mails = await queuedEmails(database.db);
    expect(mails.filter((m) => m.to === buyer.user.email && m.subject.includes("is shipped"))).toHaveLength(1);
    // a received order is final
    for (const action of ["ship", "receive", "cancel"]) {
      expect(await act(buyer, order.id, action)).toMatchObject({ ok: false, status: 409 });
      expect(await act(seller, order.id, action)).toMatchObject({ ok: false, status: 409 });
    }
    expect(await statusOf(order.id)).toBe("completed");
  });

  it("lets either side cancel before shipping, and nobody after", async () => {
    const byBuyer = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect(await act(buyer, byBuyer.id, "cancel")).toEqual({ ok: true, status: 200, message: "Order cancelled" });
    expect(await statusOf(byBuyer.id)).toBe("cancelled");
    // a cancelled order cannot be shipped or cancelled again
    expect(await act(seller, byBuyer.id, "ship")).toMatchObject({ ok: false, status: 409 });
    expect(await act(seller, byBuyer.id, "cancel")).toMatchObject({ ok: false, status: 409 });
    expect(await statusOf(byBuyer.id)).toBe("cancelled");

    const bySeller = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect(await act(seller, bySeller.id, "cancel")).toMatchObject({ ok: true, status: 200 });
    expect(await statusOf(bySeller.id)).toBe("cancelled");

    const shipped = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, status: "shipped" });
    const refusal = { ok: false, status: 409, message: "This order cannot be changed that way now" };
    expect(await act(buyer, shipped.id, "cancel")).toEqual(refusal);
    expect(await act(seller, shipped.id, "cancel")).toEqual(refusal);
    expect(await statusOf(shipped.id)).toBe("shipped");
  });

  it("refuses the wrong side: the buyer cannot ship, the seller cannot receive", async () => {
    const placed = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect(await act(buyer, placed.id, "ship")).toMatchObject({ ok: false, status: 409 });
    expect(await statusOf(placed.id)).toBe("placed");
    const shipped = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, status: "shipped" });
    expect(await act(seller, shipped.id, "receive")).toMatchObject({ ok: false, status: 409 });
    expect(await statusOf(shipped.id)).toBe("shipped");
    // nor can the buyer receive an order that has not been shipped
    expect(await act(buyer, placed.id, "receive")).toMatchObject({ ok: false, status: 409 });
    expect(await statusOf(placed.id)).toBe("placed");
  });

  it("answers a stranger, an unknown id and a malformed id with the same 404", async () => {
    const order = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    const notFound = { ok: false, status: 404, message: "Order not found" };
    for (const action of ["ship", "receive", "cancel"]) {
      expect(await act(stranger, order.id, action)).toEqual(notFound);
    }
    expect(await act(buyer, crypto.randomUUID(), "cancel")).toEqual(notFound);
    for (const id of ["", "not-a-uuid", "1", `${order.id}x`, "' or 1=1 --"]) {
      expect(await act(buyer, id, "cancel")).toEqual(notFound);
    }
    expect(await statusOf(order.id)).toBe("placed");
  });

  it("refuses an invalid action, including names every object has", async () => {
    const order = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    for (const action of ["", "shipped", "received", "cancelled", "delete", "SHIP", "toString", "constructor", "__proto__", "hasOwnProperty"]) {
      expect(await act(seller, order.id, action), action).toEqual({ ok: false, status: 400, message: "Unknown order action" });
    }
    expect(await statusOf(order.id)).toBe("placed");
  });

  it("lists each side's orders with counterpart, amount and status, newest first, and never another user's", async () => {
    const listBuyer = await createBuyer(database.db, { companyName: "Austin Home Supply" });
    const listSeller = await createSeller(database.db, { companyName: "Jaipur Block Prints" });
    const otherBuyer = await createBuyer(database.db, { companyName: "Seattle Outfitters" });
    const rfq = await createRfq(database.db, { buyerId: listBuyer.user.id, title: "Block-printed cushion covers" });
    const older = await createOrder(database.db, {
      buyerId: listBuyer.user.id,
      sellerId: listSeller.user.id,
      rfqId: rfq.id,
      quantity: 250,
      unit: "sets",
      unitPriceCents: 1_234,
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    const newer = await createOrder(database.db, {
      buyerId: listBuyer.user.id,
      sellerId: listSeller.user.id,
      status: "shipped",
      createdAt: new Date("2026-02-01T00:00:00Z"),
    });
    const notTheirs = await createOrder(database.db, { buyerId: otherBuyer.user.id, sellerId: seller.user.id });

    const asBuyer = await listOrders(database.db, actor(listBuyer));
    expect(asBuyer.map((o) => o.id)).toEqual([newer.id, older.id]);
    expect(asBuyer[1]).toEqual({
      id: older.id,
      role: "buyer",
      status: "placed",
      counterpartCompany: "Jaipur Block Prints",
      rfqId: rfq.id,
      rfqTitle: "Block-printed cushion covers",
      quantity: 250,
      unit: "sets",
      unitPriceCents: 1_234,
      totalCents: 308_500,
      createdAt: "2026-01-01T00:00:00.000Z",
      carrier: null,
      trackingNumber: null,
      cancelReason: null,
      cancelledByViewer: null,
    });
    expect(asBuyer[0]).toMatchObject({ role: "buyer", status: "shipped", counterpartCompany: "Jaipur Block Prints", totalCents: 50_000, rfqId: null, rfqTitle: null });

    const asSeller = await listOrders(database.db, actor(listSeller));
    expect(asSeller.map((o) => o.id)).toEqual([newer.id, older.id]);
    expect(asSeller.every((o) => o.role === "seller" && o.counterpartCompany === "Austin Home Supply")).toBe(true);
    expect(asSeller[1]).toMatchObject({ status: "placed", totalCents: 308_500 });

    for (const outsider of [otherBuyer, stranger]) {
      const ids = (await listOrders(database.db, actor(outsider))).map((o) => o.id);
      expect(ids).not.toContain(older.id);
      expect(ids).not.toContain(newer.id);
    }
    expect((await listOrders(database.db, actor(otherBuyer))).map((o) => o.id)).toEqual([notTheirs.id]);
    expect((await listOrders(database.db, actor(stranger))).map((o) => o.id)).toEqual([]);
  });
});
