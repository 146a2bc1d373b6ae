import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema/orders";
import { ORDER_STATUSES } from "~/lib/status-lists";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { createOrder } from "../../../tests/factories/orders";
import { actorOf, createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { postOrderTransition } from "../../../tests/support/order-forms";
import { createTestDatabase, testEngines, type Engine, type TestDatabase } from "../../../tests/support/test-database";
import { testNotifier } from "../../../tests/support/test-notifier";
import { mayMoveOrder, orderStatusesInto, type OrderMover, type OrderStatus } from "./orders.schema";
import { moveOrder, type OrderMoverRef } from "./orders.server";

const MOVERS: OrderMover[] = ["buyer", "seller", "admin", "system"];

/** The lifecycle of records 0028 and 0042, written out by hand: the table must be exactly this. */
const LIFECYCLE: [OrderStatus, OrderStatus, OrderMover[]][] = [
  ["placed", "confirmed", ["seller"]],
  ["placed", "declined", ["seller"]],
  ["placed", "cancelled", ["buyer", "seller"]],
  ["confirmed", "in_production", ["seller"]],
  ["confirmed", "cancelled", ["buyer", "seller"]],
  ["in_production", "ready_to_ship", ["seller"]],
  ["in_production", "cancelled", ["buyer", "seller"]],
  ["ready_to_ship", "shipped", ["seller"]],
  ["ready_to_ship", "cancelled", ["buyer", "seller"]],
  ["shipped", "delivered", ["buyer", "seller"]],
  ["shipped", "disputed", ["buyer"]],
  ["delivered", "completed", ["buyer", "system"]],
  ["delivered", "disputed", ["buyer"]],
  ["disputed", "completed", ["admin"]],
  ["disputed", "cancelled", ["admin"]],
];

function listed(from: OrderStatus, to: OrderStatus, mover: OrderMover) {
  return LIFECYCLE.some(([f, t, movers]) => f === from && t === to && movers.includes(mover));
}

/** Every (from, to, mover) there is, 10 × 10 × 4. */
const EVERY_MOVE = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.flatMap((to) => MOVERS.map((mover) => ({ from, to, mover }))),
);

describe("ORDER_TRANSITIONS", () => {
  it("lists exactly the lifecycle's moves, each for its movers only, and refuses every other (from, to, mover)", () => {
    for (const { from, to, mover } of EVERY_MOVE)
      expect(mayMoveOrder(from, to, mover), `${mover}: ${from} → ${to}`).toBe(listed(from, to, mover));
  });

  it("lets the system complete delivered orders only, and administrators move disputed orders only", () => {
    expect(orderStatusesInto("completed", "system")).toEqual(["delivered"]);
    for (const to of ORDER_STATUSES) if (to !== "completed") expect(orderStatusesInto(to, "system")).toEqual([]);
    for (const to of ORDER_STATUSES)
      expect(orderStatusesInto(to, "admin")).toEqual(to === "completed" || to === "cancelled" ? ["disputed"] : []);
  });
});

describe.each(testEngines())("moveOrder on %s", (engine: Engine) => {
  let database: TestDatabase;
  let buyer: Account;
  let seller: Account;
  let admin: Account;
  let notifier: Notifier;
  let jobs: JobQueue;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Goods LLC" });
    seller = await createSeller(database.db, { companyName: "Tiruppur Knits" });
    admin = await createBuyer(database.db, { companyName: "Setu" });
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
  });

  const moverRef = (mover: OrderMover): OrderMoverRef =>
    mover === "system"
      ? { role: "system" }
      : { role: mover, id: (mover === "buyer" ? buyer : mover === "seller" ? seller : admin).user.id };

  async function statusOf(orderId: string) {
    const [row] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return row!.status;
  }

  const eventsOf = (orderId: string) =>
    database.db
      .select({ actorId: orderEvents.actorId, fromStatus: orderEvents.fromStatus, toStatus: orderEvents.toStatus })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId));

  it("refuses every move the table does not list, with the mover, and changes nothing; makes every listed one with its timeline entry", async () => {
    const parked = new Map<OrderStatus, string>();
    for (const status of ORDER_STATUSES)
      parked.set(
        status,
        (await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id, status })).id,
      );
    for (const { from, to, mover } of EVERY_MOVE) {
      const label = `${mover}: ${from} → ${to}`;
      if (listed(from, to, mover)) {
        const order = await createOrder(database.db, {
          buyerId: buyer.user.id,
          sellerId: seller.user.id,
          status: from,
        });
        const moved = await database.db.transaction((tx) => moveOrder(tx, order.id, to, moverRef(mover), { from }));
        expect(moved, label).toMatchObject({ ok: true, order: { id: order.id, fromStatus: from } });
        expect(await statusOf(order.id), label).toBe(to);
        const ref = moverRef(mover);
        expect(await eventsOf(order.id), label).toEqual([
          { actorId: ref.role === "system" ? null : ref.id, fromStatus: from, toStatus: to },
        ]);
      } else {
        const orderId = parked.get(from)!;
        const moved = await database.db.transaction((tx) => moveOrder(tx, orderId, to, moverRef(mover), { from }));
        expect(moved, label).toEqual({ ok: false, reason: "not-allowed" });
      }
    }
    for (const [status, orderId] of parked) {
      expect(await statusOf(orderId)).toBe(status);
      expect(await eventsOf(orderId)).toEqual([]);
    }
  });

  it("loses a move from a status the order has left: 'changed', and nothing is written", async () => {
    const order = await createOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "confirmed",
    });
    const moved = await database.db.transaction((tx) =>
      moveOrder(tx, order.id, "cancelled", moverRef("buyer"), { from: "placed" }),
    );
    expect(moved).toEqual({ ok: false, reason: "changed" });
    expect(await statusOf(order.id)).toBe("confirmed");
    expect(await eventsOf(order.id)).toEqual([]);
  });

  /** PostgreSQL: resolves once another transaction waits for a row lock in this database (PGlite has one connection). */
  async function someoneWaitsForALock() {
    if (engine !== "postgres") return;
    for (;;) {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (row!.n > 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it("of two moves racing from the same status, exactly one wins", async () => {
    const order = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    let firstMoved!: () => void;
    const moved = new Promise<void>((resolve) => (firstMoved = resolve));
    // the seller confirms and keeps its transaction open until the buyer's cancellation waits on the row
    const confirm = database.db.transaction(async (tx) => {
      const result = await moveOrder(tx, order.id, "confirmed", moverRef("seller"), { from: "placed" });
      firstMoved();
      await someoneWaitsForALock();
      return result;
    });
    await moved;
    const cancel = database.db.transaction((tx) =>
      moveOrder(tx, order.id, "cancelled", moverRef("buyer"), { from: "placed" }),
    );
    const results = await Promise.all([confirm, cancel]);
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    expect(results[1]).toEqual({ ok: false, reason: "changed" });
    expect(await statusOf(order.id)).toBe("confirmed");
    expect(await eventsOf(order.id)).toEqual([
      { actorId: seller.user.id, fromStatus: "placed", toStatus: "confirmed" },
    ]);
  });

  it("of the two parties acting at once on a placed order, exactly one is done and the other told 409", async () => {
    const order = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    const results = await Promise.all([
      postOrderTransition(database.db, actorOf(seller), order.id, { action: "confirm" }, notifier),
      postOrderTransition(
        database.db,
        actorOf(buyer),
        order.id,
        { action: "cancel", reason: "Found it closer to home" },
        notifier,
      ),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toMatchObject([{ ok: false, status: 409 }]);
    const status = await statusOf(order.id);
    expect(["confirmed", "cancelled"]).toContain(status);
    expect(await eventsOf(order.id)).toMatchObject([{ fromStatus: "placed", toStatus: status }]);
  });
});
