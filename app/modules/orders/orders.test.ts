import { ORDER_STATUSES } from "~/lib/status-lists";
import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders } from "~/db/schema/orders";
import { notifications } from "~/db/schema/notifications";
import { paymentMilestones } from "~/db/schema/payments";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { acceptQuote } from "~/modules/rfqs/rfqs.server";
import { createOrder, createOrderMilestones } from "../../../tests/factories/orders";
import { createQuote, createRfq } from "../../../seed/factories/rfqs";
import { createBuyer, createSeller, type Account, actorOf as actor } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { queuedEmails, testNotifier } from "../../../tests/support/test-notifier";
import { allowedOrderActions, ORDER_ACTIONS, type OrderAction, type OrderStatus } from "./orders.schema";
import { postOrderTransition } from "../../../tests/support/order-forms";
import { getOrderDetail, listOrders } from "./orders.server";
import { completeDeliveredOrders } from "~/modules/order-flow/order-flow.server";

/** What each action's form asks for, filled in as the page would post it. */
const FILLED: Record<string, Record<string, string>> = {
  ship: {
    carrier: "Maersk",
    vesselOrFlight: "Maersk Kinloss 447W",
    portOfDischarge: "New York/Newark (USNYC)",
    billOfLading: "MAEU 1234567",
    trackingUrl: "https://track.example.com/MAEU1234567",
    estimatedArrival: "2026-12-20",
  },
  cancel: { reason: "The buyer changed the order" },
  decline: { reason: "We cannot make this quantity" },
};

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

  function act(account: Account, orderId: string, action: string, fields: Record<string, string> = {}) {
    return postOrderTransition(
      database.db,
      actor(account),
      orderId,
      { action, ...FILLED[action], ...fields },
      notifier,
    );
  }

  async function statusOf(orderId: string) {
    const [row] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return row!.status;
  }

  it("allows exactly the transition table's steps, by role, from every status, and refuses the rest (404 for a stranger, 409 otherwise)", async () => {
    const actions = (Object.keys(ORDER_ACTIONS) as OrderAction[]).filter((a) => a !== "dispute");
    for (const status of ORDER_STATUSES) {
      for (const action of actions) {
        for (const [role, account] of [
          ["buyer", buyer],
          ["seller", seller],
          ["stranger", stranger],
        ] as const) {
          const order = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, status });
          const result = await act(account, order.id, action);
          const label = `${role} ${action} from ${status}`;
          if (role === "stranger") {
            expect(result, label).toEqual({ ok: false, status: 404, message: "Order not found" });
            expect(await statusOf(order.id), label).toBe(status);
          } else if (allowedOrderActions({ role, status }).includes(action)) {
            expect(result, label).toEqual({ ok: true, status: 200, message: ORDER_ACTIONS[action].done });
            expect(await statusOf(order.id), label).toBe(ORDER_ACTIONS[action].to);
            const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
            expect(events, label).toMatchObject([
              { actorId: account.user.id, fromStatus: status, toStatus: ORDER_ACTIONS[action].to },
            ]);
          } else {
            expect(result, label).toMatchObject({
              ok: false,
              status: 409,
              message: expect.stringMatching(/^This order cannot be .+ now$/),
            });
            expect(await statusOf(order.id), label).toBe(status);
            expect(await database.db.$count(orderEvents, eq(orderEvents.orderId, order.id)), label).toBe(0);
          }
        }
      }
    }
  });

  it("the table is the lifecycle of the issue: seller confirms, produces, ships; either marks delivered; buyer completes; either cancels before shipping", () => {
    const by = (role: "buyer" | "seller", status: OrderStatus) => allowedOrderActions({ role, status });
    expect(by("seller", "placed")).toEqual(["confirm", "decline", "cancel"]);
    expect(by("buyer", "placed")).toEqual(["cancel"]);
    expect(by("seller", "ready_to_ship")).toEqual(["ship", "cancel"]);
    expect(by("buyer", "shipped")).toEqual(["deliver", "dispute"]);
    expect(by("seller", "shipped")).toEqual(["deliver"]);
    expect(by("buyer", "delivered")).toEqual(["complete", "dispute"]);
    for (const status of ["completed", "cancelled", "declined", "disputed"] as const) {
      expect(by("buyer", status)).toEqual([]);
      expect(by("seller", status)).toEqual([]);
    }
  });

  it("asks each step for its fields (400 with messages) and changes nothing then", async () => {
    const ready = await createOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "ready_to_ship",
    });
    expect(
      await act(seller, ready.id, "ship", {
        carrier: " ",
        vesselOrFlight: "",
        portOfDischarge: " ",
        billOfLading: "",
        estimatedArrival: "",
      }),
    ).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        carrier: "Please enter the carrier",
        vesselOrFlight: "Please enter the vessel and voyage, or the flight number",
        portOfDischarge: "Please enter the US port of discharge",
        billOfLading: "Please enter the bill of lading or air waybill number",
        estimatedArrival: "Please enter the date as YYYY-MM-DD",
      },
    });
    // dates JavaScript takes and PostgreSQL does not are refused with the field's message, never a 500
    for (const estimatedArrival of ["0000-01-01", "10000-01-01", "-000001-01-01", "2026-02-30"])
      expect(await act(seller, ready.id, "ship", { estimatedArrival }), estimatedArrival).toMatchObject({
        status: 400,
        fieldErrors: { estimatedArrival: expect.any(String) },
      });
    expect(await act(seller, ready.id, "ship", { trackingUrl: "http://track.example.com/1" })).toMatchObject({
      status: 400,
      fieldErrors: { trackingUrl: "The tracking link must be an https:// address" },
    });
    expect(await act(seller, ready.id, "ship", { trackingUrl: "javascript:alert(1)" })).toMatchObject({
      status: 400,
      fieldErrors: { trackingUrl: expect.any(String) },
    });
    expect(await act(seller, ready.id, "ship", { billOfLading: "<script>" })).toMatchObject({
      status: 400,
      fieldErrors: { billOfLading: expect.stringContaining("letters, digits") },
    });
    expect(await act(seller, ready.id, "ship", { estimatedArrival: "2026-02-30" })).toMatchObject({
      status: 400,
      fieldErrors: { estimatedArrival: "Please enter a real date" },
    });
    expect(await act(buyer, ready.id, "cancel", { reason: "no" })).toMatchObject({
      status: 400,
      fieldErrors: { reason: expect.stringContaining("at least 5 characters") },
    });
    expect(await statusOf(ready.id)).toBe("ready_to_ship");

    expect(await act(seller, ready.id, "ship")).toMatchObject({ ok: true });
    const detail = await getOrderDetail(database.db, actor(buyer), ready.id);
    expect(detail).toMatchObject({
      status: "shipped",
      carrier: "Maersk",
      vesselOrFlight: "Maersk Kinloss 447W",
      portOfDischarge: "New York/Newark (USNYC)",
      billOfLading: "MAEU 1234567",
      trackingUrl: "https://track.example.com/MAEU1234567",
      estimatedArrival: "2026-12-20",
    });
    expect(detail!.events.at(-1)).toMatchObject({
      actorName: "Tiruppur Knits",
      fromStatus: "ready_to_ship",
      toStatus: "shipped",
      note: expect.stringContaining("MAEU 1234567"),
    });
  });

  it("refuses an invalid action, including names every object has, and answers a stranger, an unknown id and a malformed id with the same 404", async () => {
    const order = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    for (const action of [
      "",
      "shipped",
      "receive",
      "delete",
      "SHIP",
      "toString",
      "constructor",
      "__proto__",
      "hasOwnProperty",
      "dispute",
    ]) {
      expect(await act(seller, order.id, action), action).toEqual({
        ok: false,
        status: 400,
        message: "Unknown order action",
        fieldErrors: { action: "Unknown order action" },
      });
    }
    const notFound = { ok: false, status: 404, message: "Order not found" };
    expect(await act(buyer, crypto.randomUUID(), "cancel")).toEqual(notFound);
    for (const id of ["", "not-a-uuid", `${order.id}x`, "' or 1=1 --"])
      expect(await act(buyer, id, "cancel")).toEqual(notFound);
    expect(await getOrderDetail(database.db, actor(stranger), order.id)).toBeNull();
    expect(await statusOf(order.id)).toBe("placed");
  });

  it("tells the other party of each change with a link to the order, and keeps the reason of a cancellation", async () => {
    const buyer = await createBuyer(database.db, { companyName: "Austin Linen Co" });
    const seller = await createSeller(database.db, { companyName: "Karur Towels" });
    const rfq = await createRfq(database.db, { buyerId: buyer.user.id, title: "Organic cotton towels" });
    const order = await createOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      rfqId: rfq.id,
      status: "ready_to_ship",
    });
    await act(seller, order.id, "ship", { carrier: "Maersk Line", billOfLading: "MAEU 7654321" });
    const told = await database.db.select().from(notifications).where(eq(notifications.userId, buyer.user.id));
    expect(told).toMatchObject([
      {
        href: `/orders/${order.id}`,
        title: 'Your order for "Organic cotton towels" is shipped',
        body: expect.stringContaining("Carrier: Maersk Line. Bill of lading: MAEU 7654321."),
      },
    ]);
    expect(
      (await queuedEmails(database.db)).filter((m) => m.to === buyer.user.email && m.subject.includes("is shipped")),
    ).toHaveLength(1);

    const other = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, rfqId: rfq.id });
    expect(await act(buyer, other.id, "cancel", { reason: "  Found the towels closer to home  " })).toMatchObject({
      ok: true,
    });
    const [cancelled] = (await listOrders(database.db, actor(seller))).filter((o) => o.id === other.id);
    expect(cancelled).toMatchObject({
      status: "cancelled",
      cancelReason: "Found the towels closer to home",
      cancelledBy: "the buyer",
    });
    const sellerTold = await database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.userId, seller.user.id));
    expect(sellerTold.map((n) => n.body)).toContain(
      'Your order for "Organic cotton towels" is now cancelled. The buyer gave this reason: Found the towels closer to home',
    );
  });

  it("creates the payment milestones at confirmation and starts production only once the advance is held", async () => {
    const order = await createOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      paymentTerms: "advance_30_bl_70",
      quantity: 3,
      unitPriceCents: 3_333,
    });
    expect(await act(seller, order.id, "confirm")).toMatchObject({ ok: true });
    const milestones = await database.db
      .select()
      .from(paymentMilestones)
      .where(eq(paymentMilestones.orderId, order.id))
      .orderBy(asc(paymentMilestones.position));
    expect(milestones.map((m) => [m.label, m.amountCents, m.condition, m.state])).toEqual([
      ["30% advance", 3_000, "on_confirmation", "awaiting_funds"],
      ["70% against bill of lading", 6_999, "against_bill_of_lading", "awaiting_funds"],
    ]);
    expect(await act(seller, order.id, "start_production")).toEqual({
      ok: false,
      status: 409,
      message: "The buyer has not funded the advance yet: production starts once it is held in escrow",
    });
    expect(await statusOf(order.id)).toBe("confirmed");
    // no money and no milestones on an order confirmed before escrow (the factory's): production may start
    const legacy = await createOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "confirmed",
    });
    await createOrderMilestones(database.db, { ...legacy, paymentTerms: "net_30" });
    expect(await act(seller, legacy.id, "start_production")).toMatchObject({ ok: true });
  });

  it("accepting a quote copies its trade terms onto the order and writes the 'placed' event", async () => {
    const rfq = await createRfq(database.db, { buyerId: buyer.user.id, title: "Hand-loomed throws" });
    const quote = await createQuote(database.db, {
      rfqId: rfq.id,
      sellerId: seller.user.id,
      priceCents: 1_200_000,
      quantity: 400,
      incoterm: "FOB",
      incotermPlace: "INMAA",
      incotermPort: "INMAA",
      shipMode: "ocean",
      currency: "INR",
      totalMinor: 100_000_000,
      fxInrPerUsd: "83.3333",
      fxRateDate: "2026-11-20",
      paymentTerms: "advance_30_bl_70",
      leadTimeDays: 45,
      hsCode: "630140",
      unitWeightGrams: 900,
    });
    const accepted = await acceptQuote(database.db, actor(buyer), quote.id, notifier);
    expect(accepted.ok).toBe(true);
    const orderId = (accepted as { value: { orderId: string } }).value.orderId;
    const detail = await getOrderDetail(database.db, actor(seller), orderId);
    expect(detail).toMatchObject({
      status: "placed",
      incoterm: "FOB",
      incotermPlace: "INMAA",
      shipMode: "ocean",
      currency: "INR",
      totalMinor: 100_000_000,
      fxInrPerUsd: "83.3333",
      fxRateDate: "2026-11-20",
      paymentTerms: "advance_30_bl_70",
      leadTimeDays: 45,
      hsCode: "630140",
      totalCents: 1_200_000,
    });
    expect(detail!.events).toMatchObject([
      { toStatus: "placed", fromStatus: null, actorName: "Brooklyn Goods LLC", note: "Quote accepted" },
    ]);
  });

  it("completes orders delivered more than 14 days ago, with a system event, and leaves younger ones", async () => {
    const now = new Date("2026-12-01T12:00:00Z");
    const old = await createOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "delivered",
      deliveredAt: new Date("2026-11-16T11:00:00Z"),
    });
    const young = await createOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "delivered",
      deliveredAt: new Date("2026-11-18T12:00:00Z"),
    });
    const shipped = await createOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "shipped",
    });
    const completed = await completeDeliveredOrders(database.db, notifier, now);
    expect(completed).toContain(old.id);
    expect(completed).not.toContain(young.id);
    expect(await statusOf(old.id)).toBe("completed");
    expect(await statusOf(young.id)).toBe("delivered");
    expect(await statusOf(shipped.id)).toBe("shipped");
    const [event] = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, old.id));
    expect(event).toMatchObject({
      actorId: null,
      fromStatus: "delivered",
      toStatus: "completed",
      note: "Completed automatically 14 days after delivery",
    });
    expect((await getOrderDetail(database.db, actor(buyer), old.id))!.events[0]!.actorName).toBe("Setu (automatic)");
    // a second pass finds nothing more
    expect(await completeDeliveredOrders(database.db, notifier, now)).toEqual([]);
  });

  it("lists each side's orders, newest first, and never another user's", async () => {
    const listBuyer = await createBuyer(database.db, { companyName: "Austin Home Supply" });
    const listSeller = await createSeller(database.db, { companyName: "Jaipur Block Prints" });
    const otherBuyer = await createBuyer(database.db, { companyName: "Seattle Outfitters" });
    const older = await createOrder(database.db, {
      buyerId: listBuyer.user.id,
      sellerId: listSeller.user.id,
      quantity: 250,
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
    expect(asBuyer[1]).toMatchObject({
      role: "buyer",
      status: "placed",
      counterpartCompany: "Jaipur Block Prints",
      totalCents: 308_500,
    });
    expect(
      (await listOrders(database.db, actor(listSeller))).every(
        (o) => o.role === "seller" && o.counterpartCompany === "Austin Home Supply",
      ),
    ).toBe(true);
    expect((await listOrders(database.db, actor(otherBuyer))).map((o) => o.id)).toEqual([notTheirs.id]);
  });
});
