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

  async function statusOf(orderId: string) {
    const [row] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return row!.status;
  }

  it("lets the seller ship and then the buyer receive", async () => {
    const order = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect(await updateOrderStatus(database.db, actor(seller), order.id, "ship", notifier)).toEqual({ ok: true, status: 200, message: "Order marked as shipped" });
    expect(await statusOf(order.id)).toBe("shipped");
    expect(await updateOrderStatus(database.db, actor(buyer), order.id, "receive", notifier)).toEqual({ ok: true, status: 200, message: "Order marked as received" });
    expect(await statusOf(order.id)).toBe("received");
    // each change is told to the other party: a notice and a queued e-mail
    const notices = await database.db.select().from(notifications).where(eq(notifications.href, "/orders"));
    expect(notices.filter((n) => n.userId === buyer.user.id && n.title.includes("is shipped"))).toHaveLength(1);
    expect(notices.filter((n) => n.userId === seller.user.id && n.title.includes("is received"))).toHaveLength(1);
    const mails = await queuedEmails(database.db);
    expect(mails.filter((m) => m.to === buyer.user.email && m.subject.includes("is shipped"))).toHaveLength(1);
    // a received order is final
    for (const action of ["ship", "receive", "cancel"]) {
      expect(await updateOrderStatus(database.db, actor(buyer), order.id, action, notifier)).toMatchObject({ ok: false, status: 409 });
      expect(await updateOrderStatus(database.db, actor(seller), order.id, action, notifier)).toMatchObject({ ok: false, status: 409 });
    }
    expect(await statusOf(order.id)).toBe("received");
  });

  it("lets either side cancel before shipping, and nobody after", async () => {
    const byBuyer = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect(await updateOrderStatus(database.db, actor(buyer), byBuyer.id, "cancel", notifier)).toEqual({ ok: true, status: 200, message: "Order cancelled" });
    expect(await statusOf(byBuyer.id)).toBe("cancelled");
    // a cancelled order cannot be shipped or cancelled again
    expect(await updateOrderStatus(database.db, actor(seller), byBuyer.id, "ship", notifier)).toMatchObject({ ok: false, status: 409 });
    expect(await updateOrderStatus(database.db, actor(seller), byBuyer.id, "cancel", notifier)).toMatchObject({ ok: false, status: 409 });
    expect(await statusOf(byBuyer.id)).toBe("cancelled");

    const bySeller = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect(await updateOrderStatus(database.db, actor(seller), bySeller.id, "cancel", notifier)).toMatchObject({ ok: true, status: 200 });
    expect(await statusOf(bySeller.id)).toBe("cancelled");

    const shipped = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, status: "shipped" });
    const refusal = { ok: false, status: 409, message: "This order cannot be changed that way now" };
    expect(await updateOrderStatus(database.db, actor(buyer), shipped.id, "cancel", notifier)).toEqual(refusal);
    expect(await updateOrderStatus(database.db, actor(seller), shipped.id, "cancel", notifier)).toEqual(refusal);
    expect(await statusOf(shipped.id)).toBe("shipped");
  });

  it("refuses the wrong side: the buyer cannot ship, the seller cannot receive", async () => {
    const placed = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect(await updateOrderStatus(database.db, actor(buyer), placed.id, "ship", notifier)).toMatchObject({ ok: false, status: 409 });
    expect(await statusOf(placed.id)).toBe("placed");
    const shipped = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, status: "shipped" });
    expect(await updateOrderStatus(database.db, actor(seller), shipped.id, "receive", notifier)).toMatchObject({ ok: false, status: 409 });
    expect(await statusOf(shipped.id)).toBe("shipped");
    // nor can the buyer receive an order that has not been shipped
    expect(await updateOrderStatus(database.db, actor(buyer), placed.id, "receive", notifier)).toMatchObject({ ok: false, status: 409 });
    expect(await statusOf(placed.id)).toBe("placed");
  });

  it("answers a stranger, an unknown id and a malformed id with the same 404", async () => {
    const order = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    const notFound = { ok: false, status: 404, message: "Order not found" };
    for (const action of ["ship", "receive", "cancel"]) {
      expect(await updateOrderStatus(database.db, actor(stranger), order.id, action, notifier)).toEqual(notFound);
    }
    expect(await updateOrderStatus(database.db, actor(buyer), crypto.randomUUID(), "cancel", notifier)).toEqual(notFound);
    for (const id of ["", "not-a-uuid", "1", `${order.id}x`, "' or 1=1 --"]) {
      expect(await updateOrderStatus(database.db, actor(buyer), id, "cancel", notifier)).toEqual(notFound);
    }
    expect(await statusOf(order.id)).toBe("placed");
  });

  it("refuses an invalid action, including names every object has", async () => {
    const order = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    for (const action of ["", "shipped", "received", "cancelled", "delete", "SHIP", "toString", "constructor", "__proto__", "hasOwnProperty"]) {
      expect(await updateOrderStatus(database.db, actor(seller), order.id, action, notifier), action).toEqual({ ok: false, status: 400, message: "Unknown order action" });
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
