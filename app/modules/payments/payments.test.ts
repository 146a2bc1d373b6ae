import { asc, eq, sql } from "drizzle-orm";
import { refusedBy } from "../../../tests/support/refused-by";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import { ledgerEntries, paymentCharges } from "~/db/schema/payments";
import type { JobData, JobQueue } from "~/modules/jobs/job-queue.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { getOrderDetail } from "~/modules/orders/orders.server";
import { postFundMilestone, postOpenDispute, postOrderTransition } from "../../../tests/support/order-forms";
import { createOrder, createOrderMilestones, forceOrderStatus } from "../../../tests/factories/orders";
import { createBuyer, createSeller, type Account, actorOf as actor } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { testNotifier } from "../../../tests/support/test-notifier";
import { appendLedgerEntry, milestoneBalance, orderBalance } from "./ledger.server";
import { SIMULATOR_CARDS, SimulatorProvider } from "./payment-provider.server";
import {
  disputeAmounts,
  disputeConsequence,
  fundMilestoneSchema,
  netDueDate,
  parseExpiry,
  planMilestones,
  scheduleLines,
} from "./payments.schema";
import {
  CHARGE_NOT_RECEIVED_MESSAGE,
  listMilestones,
  RECONCILE_AFTER_SECONDS,
  reconcilePendingCharges,
  receivePaymentWebhook,
  recordLetterOfCredit,
  remindNetPaymentsDue,
} from "./payments.server";
import { decideDispute, listOpenDisputes } from "./disputes.server";
import { createStorage } from "~/modules/uploads/storage.server";
import { formatMoney } from "~/lib/money";
import { LIVE_CHANNEL } from "~/modules/live/live-events.server";
import { statementCounter } from "../../../tests/support/statement-counter";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";

const CARD = { cardholder: "Dana Buyer", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };

describe("milestone plans", () => {
  it("split the total exactly, with largest-remainder rounding", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("advance_100", "advance_30_bl_70", "net_30", "lc_at_sight", "other", null),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        (terms, total) => {
          const plan = planMilestones(terms, total);
          expect(plan.reduce((a, m) => a + m.amountCents, 0)).toBe(total);
          expect(plan.every((m) => Number.isInteger(m.amountCents) && m.amountCents > 0)).toBe(true);
        },
      ),
    );
    expect(planMilestones("advance_30_bl_70", 9_999).map((m) => m.amountCents)).toEqual([3_000, 6_999]);
    // record 0042: each term its own schedule, never a silent "100 % now"
    expect(planMilestones("net_60", 500).map((m) => [m.condition, m.dueDays, m.amountCents])).toEqual([
      ["net_after_delivery", 60, 500],
    ]);
    expect(planMilestones("net_30", 500).map((m) => [m.condition, m.dueDays])).toEqual([["net_after_delivery", 30]]);
    expect(planMilestones("lc_at_sight", 500).map((m) => m.condition)).toEqual(["letter_of_credit"]);
    expect(planMilestones("advance_30_bl_70", 500).map((m) => m.condition)).toEqual([
      "on_confirmation",
      "against_bill_of_lading",
    ]);
  });

  it("state each schedule in words both parties read: when due, and held until the inspection window closes", () => {
    const lines = scheduleLines(planMilestones("advance_30_bl_70", 100_000), (c) => `$${c / 100}`);
    expect(lines).toEqual([
      "30% advance, $300: Due when the supplier confirms the order; production starts once it is held in escrow. Kept in escrow until the inspection window closes (14 days after delivery, or sooner when the buyer confirms receipt), then released to the supplier.",
      "70% against bill of lading, $700: Due when the supplier ships and enters the bill of lading. Kept in escrow until the inspection window closes (14 days after delivery, or sooner when the buyer confirms receipt), then released to the supplier.",
    ]);
    expect(scheduleLines(planMilestones("lc_at_sight", 100), String)[0]).toContain("Setu holds none of this money");
    expect(netDueDate({ condition: "net_after_delivery", dueDays: 30 }, "2026-11-20T23:30:00.000Z")).toBe("2026-12-20");
    expect(netDueDate({ condition: "net_after_delivery", dueDays: 30 }, null)).toBeNull();
  });

  it("read a card's expiry as people type it", () => {
    for (const typed of ["12/29", "12 / 29", "1229", "12-29", "12/2029"])
      expect(parseExpiry(typed), typed).toEqual({ month: 12, year: 2029 });
    expect(fundMilestoneSchema.shape.expiry.safeParse("1229").success).toBe(true);
    for (const bad of ["13/29", "0029", "12/2", "12/1929", "abcd"])
      expect(fundMilestoneSchema.shape.expiry.safeParse(bad).success, bad).toBe(false);
  });
});

// on both engines (test-database.ts): the ledger under concurrent charges: real concurrency only on PostgreSQL's pool (PGlite has one connection)
describe.each(testEngines("both"))("escrow payments on %s", (engine) => {
  let database: TestDatabase;
  let buyer: Account;
  let seller: Account;
  let stranger: Account;
  let notifier: Notifier;
  let jobs: JobQueue;
  let provider: SimulatorProvider;
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-disputes-"));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    provider = new SimulatorProvider({
      db: database.db,
      jobs,
      secret: "test-secret",
      webhookUrl: "http://setu.test/api/payments/webhook",
    });
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Goods LLC" });
    seller = await createSeller(database.db, { companyName: "Tiruppur Knits" });
    stranger = await createBuyer(database.db, { companyName: "Someone Else Inc" });
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  async function confirmedOrder(
    paymentTerms: Parameters<typeof planMilestones>[0] = "advance_30_bl_70",
    status: "confirmed" | "ready_to_ship" = "confirmed",
  ) {
    const order = await createOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status,
      paymentTerms,
      quantity: 100,
      unitPriceCents: 1_000,
    });
    const milestones = await createOrderMilestones(database.db, order);
    return { order, milestones };
  }

  /** The webhooks the simulator queued, in order. */
  async function queuedWebhooks(): Promise<JobData["payment-webhook"][]> {
    return queryRows<{ data: JobData["payment-webhook"] }>(
      database.db,
      sql`select data from pgboss.job where name = 'payment-webhook' order by created_on, id`,
    ).then((rows) => rows.map((r) => r.data));
  }

  async function deliver(event: JobData["payment-webhook"]) {
    const { body, headers } = provider.signedDelivery(event);
    return receivePaymentWebhook(database.db, provider, notifier, body, headers);
  }

  async function fundAndConfirm(milestoneId: string) {
    const before = (await queuedWebhooks()).length;
    const result = await postFundMilestone(database.db, actor(buyer), { milestoneId, ...CARD }, provider, jobs);
    expect(result).toMatchObject({ ok: true });
    const events = await queuedWebhooks();
    expect(events.length).toBe(before + 1);
    expect(await deliver(events.at(-1)!)).toEqual({ status: 200, message: "Recorded" });
  }

  it("charges once under 20 concurrent attempts on the same milestone", async () => {
    const { milestones } = await confirmedOrder();
    const advance = milestones[0]!;
    const charged = provider.performed.filter((p) => p.kind === "charge").length;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        postFundMilestone(database.db, actor(buyer), { milestoneId: advance.id, ...CARD }, provider, jobs),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(provider.performed.filter((p) => p.kind === "charge").length).toBe(charged + 1);
    const charges = await database.db.select().from(paymentCharges).where(eq(paymentCharges.milestoneId, advance.id));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      status: "pending",
      amountCents: 30_000,
      cardLast4: "4242",
      idempotencyKey: `charge:${advance.id}:1`,
    });
    // nothing is held until the provider's webhook says so
    expect(await milestoneBalance(database.db, advance.id)).toEqual({ funded: 0, released: 0, refunded: 0, held: 0 });
    const [event] = (await queuedWebhooks()).filter((e) => e.payload.includes(`charge:${advance.id}:1`));
    await deliver(event!);
    expect(await milestoneBalance(database.db, advance.id)).toEqual({
      funded: 30_000,
      released: 0,
      refunded: 0,
      held: 30_000,
    });
    // and paying again later charges nothing either
    expect(
      await postFundMilestone(database.db, actor(buyer), { milestoneId: advance.id, ...CARD }, provider, jobs),
    ).toMatchObject({ ok: true, message: "This payment is already being processed" });
    expect(provider.performed.filter((p) => p.kind === "charge").length).toBe(charged + 1);
  });

  it("a webhook delivered twice changes nothing the second time; a forged or stale one is refused", async () => {
    const { milestones } = await confirmedOrder("advance_100");
    await postFundMilestone(database.db, actor(buyer), { milestoneId: milestones[0]!.id, ...CARD }, provider, jobs);
    const event = (await queuedWebhooks()).at(-1)!;
    expect(await deliver(event)).toEqual({ status: 200, message: "Recorded" });
    const entries = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.milestoneId, milestones[0]!.id));
    expect(await deliver(event)).toEqual({ status: 200, message: "Already processed" });
    expect(
      await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.milestoneId, milestones[0]!.id)),
    ).toEqual(entries);
    expect(entries).toMatchObject([{ kind: "fund", amountCents: 100_000 }]);

    const { body, headers } = provider.signedDelivery({ ...event, eventId: "evt_forged" });
    expect(
      await receivePaymentWebhook(database.db, provider, notifier, body.replace("100000", "999999"), headers),
    ).toEqual({ status: 400, message: "Invalid webhook signature" });
    const stale = provider.signedDelivery(event, new Date(Date.now() - 60 * 60 * 1000));
    expect(await receivePaymentWebhook(database.db, provider, notifier, stale.body, stale.headers)).toEqual({
      status: 400,
      message: "Invalid webhook signature",
    });
  });

  it("a declined card is told at once, holds nothing, and the buyer may try again with another card", async () => {
    const { milestones } = await confirmedOrder("advance_100");
    const id = milestones[0]!.id;
    expect(
      await postFundMilestone(
        database.db,
        actor(buyer),
        { milestoneId: id, ...CARD, cardNumber: "4000 0000 0000 0002" },
        provider,
        jobs,
      ),
    ).toMatchObject({
      ok: false,
      status: 402,
      message: "Your card was declined.",
    });
    const [after] = await listMilestones(database.db, milestones[0]!.orderId);
    expect(after).toMatchObject({
      state: "awaiting_funds",
      lastFailure: "Your card was declined.",
      balance: { held: 0 },
    });
    await fundAndConfirm(id);
    const charges = await database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.milestoneId, id))
      .orderBy(asc(paymentCharges.createdAt));
    expect(charges.map((c) => [c.idempotencyKey, c.status, c.cardLast4])).toEqual([
      [`charge:${id}:1`, "failed", "0002"],
      [`charge:${id}:2`, "succeeded", "4242"],
    ]);
  });

  it("refuses bad card details (400), another buyer (404) and a milestone of an order not yet payable (409)", async () => {
    const { milestones } = await confirmedOrder();
    const id = milestones[0]!.id;
    expect(
      await postFundMilestone(
        database.db,
        actor(buyer),
        { milestoneId: id, ...CARD, cardNumber: "4242 4242 4242 4241", expiry: "13/30", cvc: "1" },
        provider,
        jobs,
      ),
    ).toMatchObject({
      status: 400,
      fieldErrors: {
        cardNumber: "This card number is not valid",
        expiry: "Please enter the expiry as MM/YY",
        cvc: "Please enter the 3 or 4 digit security code",
      },
    });
    expect(
      await postFundMilestone(database.db, actor(stranger), { milestoneId: id, ...CARD }, provider, jobs),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await postFundMilestone(database.db, actor(seller), { milestoneId: id, ...CARD }, provider, jobs),
    ).toMatchObject({
      status: 404,
    });
    await forceOrderStatus(database.db, milestones[0]!.orderId, "disputed");
    expect(
      await postFundMilestone(database.db, actor(buyer), { milestoneId: id, ...CARD }, provider, jobs),
    ).toMatchObject({
      status: 409,
    });
  });

  it("holds the advance and the B/L payment through shipment and delivery, releases them when the inspection window closes, and refunds what is held on cancellation", async () => {
    const { order, milestones } = await confirmedOrder("advance_30_bl_70");
    await fundAndConfirm(milestones[0]!.id);
    expect(
      await postOrderTransition(database.db, actor(seller), order.id, { action: "start_production" }, notifier),
    ).toMatchObject({ ok: true });
    await postOrderTransition(database.db, actor(seller), order.id, { action: "ready" }, notifier);
    await postOrderTransition(
      database.db,
      actor(seller),
      order.id,
      {
        action: "ship",
        carrier: "Maersk",
        vesselOrFlight: "Maersk Kinloss 447W",
        portOfDischarge: "New York/Newark (USNYC)",
        billOfLading: "MAEU1",
        estimatedArrival: "2026-12-30",
      },
      notifier,
    );
    // the balance is due against the bill of lading: the buyer pays it after shipment, and it is held too
    await fundAndConfirm(milestones[1]!.id);
    await postOrderTransition(database.db, actor(seller), order.id, { action: "deliver" }, notifier);
    // shipped and delivered: a dispute opened now could still refund everything paid
    expect(await orderBalance(database.db, order.id)).toEqual({
      funded: 100_000,
      released: 0,
      refunded: 0,
      held: 100_000,
    });
    await postOrderTransition(database.db, actor(buyer), order.id, { action: "complete" }, notifier);
    expect(await orderBalance(database.db, order.id)).toEqual({
      funded: 100_000,
      released: 100_000,
      refunded: 0,
      held: 0,
    });
    const payouts = await queryRows<{ data: JobData["payment-payout"] }>(
      database.db,
      sql`select data from pgboss.job where name = 'payment-payout' and data->>'destination' = ${seller.user.id}`,
    );
    expect(payouts.map((p) => p.data.amountCents).sort((a, b) => a - b)).toEqual([30_000, 70_000]);

    const net = await confirmedOrder("net_30");
    await fundAndConfirm(net.milestones[0]!.id);
    await forceOrderStatus(database.db, net.order.id, "delivered");
    expect(await orderBalance(database.db, net.order.id)).toMatchObject({ held: 100_000 });
    await postOrderTransition(database.db, actor(buyer), net.order.id, { action: "complete" }, notifier);
    expect(await orderBalance(database.db, net.order.id)).toEqual({
      funded: 100_000,
      released: 100_000,
      refunded: 0,
      held: 0,
    });

    const cancelled = await confirmedOrder("advance_30_bl_70");
    await fundAndConfirm(cancelled.milestones[0]!.id);
    await postOrderTransition(
      database.db,
      actor(buyer),
      cancelled.order.id,
      { action: "cancel", reason: "Plans changed, sorry" },
      notifier,
    );
    expect(await orderBalance(database.db, cancelled.order.id)).toEqual({
      funded: 30_000,
      released: 0,
      refunded: 30_000,
      held: 0,
    });
    expect((await listMilestones(database.db, cancelled.order.id)).map((m) => m.state)).toEqual(["refunded", "void"]);
  });

  it("a payment confirmed after the order was cancelled goes straight back to the buyer", async () => {
    const { order, milestones } = await confirmedOrder("advance_100");
    await postFundMilestone(database.db, actor(buyer), { milestoneId: milestones[0]!.id, ...CARD }, provider, jobs);
    await postOrderTransition(
      database.db,
      actor(seller),
      order.id,
      { action: "cancel", reason: "Out of stock now" },
      notifier,
    );
    await deliver((await queuedWebhooks()).at(-1)!);
    expect(await orderBalance(database.db, order.id)).toEqual({
      funded: 100_000,
      released: 0,
      refunded: 100_000,
      held: 0,
    });
  });

  /** The state a crash leaves between committing the pending charge and asking the provider: the call never happens. */
  const crashBeforeTheProvider = () =>
    new Proxy(provider, {
      get(target, key) {
        if (key === "createCharge")
          return async () => {
            throw new Error("killed before the provider was asked");
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });

  /** The grace period passes: the charge was written RECONCILE_AFTER_SECONDS and more ago. */
  async function ageCharges(milestoneId: string) {
    await database.db
      .update(paymentCharges)
      .set({ createdAt: sql`now() - make_interval(secs => ${RECONCILE_AFTER_SECONDS + 1})` })
      .where(eq(paymentCharges.milestoneId, milestoneId));
  }

  async function chargesOf(milestoneId: string) {
    return database.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.milestoneId, milestoneId))
      .orderBy(asc(paymentCharges.createdAt));
  }

  it("a charge a crash left pending before the provider was asked is failed by the reconciliation, and the buyer pays again", async () => {
    const { order, milestones } = await confirmedOrder("advance_100");
    const id = milestones[0]!.id;
    const charged = provider.performed.filter((p) => p.kind === "charge").length;
    await expect(
      postFundMilestone(database.db, actor(buyer), { milestoneId: id, ...CARD }, crashBeforeTheProvider(), jobs),
    ).rejects.toThrow("killed before the provider was asked");
    const [pending] = await chargesOf(id);
    expect(pending).toMatchObject({ status: "pending", idempotencyKey: `charge:${id}:1` });
    expect(await listMilestones(database.db, order.id)).toMatchObject([{ state: "processing", cardLast4: "4242" }]);
    // its check was queued with it, for RECONCILE_AFTER_SECONDS later: it survives the crash
    const [check] = await queryRows<{ delay: number }>(
      database.db,
      sql`select extract(epoch from start_after - created_on)::float8 as delay from pgboss.job
          where name = 'payment-reconcile' and data->>'chargeId' = ${pending!.id}`,
    );
    expect(check!.delay).toBeGreaterThanOrEqual(RECONCILE_AFTER_SECONDS - 1);
    // within the grace period the charge is left alone: its webhook may still be on its way
    expect(await reconcilePendingCharges(database.db, provider, notifier, { chargeId: pending!.id })).toEqual({
      checked: 0,
      succeeded: 0,
      failed: 0,
      waiting: 0,
    });
    await ageCharges(id);
    expect(await reconcilePendingCharges(database.db, provider, notifier, { chargeId: pending!.id })).toEqual({
      checked: 1,
      succeeded: 0,
      failed: 1,
      waiting: 0,
    });
    expect(await listMilestones(database.db, order.id)).toMatchObject([
      { state: "awaiting_funds", lastFailure: CHARGE_NOT_RECEIVED_MESSAGE, balance: { funded: 0, held: 0 } },
    ]);
    // the provider refuses the key from now on: a request still on its way charges nothing
    expect(
      await provider.createCharge({
        idempotencyKey: pending!.idempotencyKey,
        amountCents: pending!.amountCents,
        currency: "USD",
        card: { number: SIMULATOR_CARDS.succeeds, expMonth: 12, expYear: 2030, cvc: "123", holder: "Dana Buyer" },
        description: "late",
      }),
    ).toMatchObject({ status: "failed" });
    expect(provider.performed.filter((p) => p.kind === "charge").length).toBe(charged);
    // a second pass, and the sweep, change nothing
    expect(await reconcilePendingCharges(database.db, provider, notifier, { chargeId: pending!.id })).toMatchObject({
      checked: 0,
    });
    await fundAndConfirm(id);
    expect((await chargesOf(id)).map((c) => [c.idempotencyKey, c.status])).toEqual([
      [`charge:${id}:1`, "failed"],
      [`charge:${id}:2`, "succeeded"],
    ]);
    expect(await orderBalance(database.db, order.id)).toEqual({
      funded: 100_000,
      released: 0,
      refunded: 0,
      held: 100_000,
    });
    expect(provider.performed.filter((p) => p.kind === "charge").length).toBe(charged + 1);
  });

  it("a charge whose webhook is late is recorded by the reconciliation, once however it races the webhook", async () => {
    for (const first of ["reconcile", "webhook", "together"] as const) {
      const { order, milestones } = await confirmedOrder("advance_100");
      const id = milestones[0]!.id;
      expect(
        await postFundMilestone(database.db, actor(buyer), { milestoneId: id, ...CARD }, provider, jobs),
      ).toMatchObject({ ok: true });
      const [event] = (await queuedWebhooks()).filter((e) => e.payload.includes(`charge:${id}:1`));
      await ageCharges(id);
      const reconcile = () => reconcilePendingCharges(database.db, provider, notifier);
      let recorded: number;
      if (first === "together") {
        const [reconciled, delivered] = await Promise.all([reconcile(), deliver(event!)]);
        recorded = (delivered.message === "Recorded" ? 1 : 0) + reconciled.succeeded;
      } else if (first === "reconcile") {
        expect(await reconcile()).toMatchObject({ failed: 0, waiting: 0 });
        expect(await deliver(event!)).toEqual({ status: 200, message: "Already recorded" });
        recorded = 1;
      } else {
        expect(await deliver(event!)).toEqual({ status: 200, message: "Recorded" });
        expect(await reconcilePendingCharges(database.db, provider, notifier, { chargeId: id })).toMatchObject({
          checked: 0,
        });
        recorded = 1;
      }
      expect(recorded, first).toBe(1);
      expect(await chargesOf(id), first).toMatchObject([{ status: "succeeded" }]);
      expect(
        await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.milestoneId, id)),
        first,
      ).toMatchObject([{ kind: "fund", amountCents: 100_000 }]);
      expect(await listMilestones(database.db, order.id), first).toMatchObject([{ state: "held" }]);
      const told = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from notifications where href = ${`/orders/${order.id}`} and title like 'The buyer funded%'`,
      );
      expect(told[0]!.n, first).toBe(1);
    }
  });

  it("a reconciliation racing a provider call still on its way: charged exactly when recorded, never one without the other", async () => {
    for (let round = 0; round < 4; round++) {
      const { order, milestones } = await confirmedOrder("advance_100");
      const id = milestones[0]!.id;
      const charged = provider.performed.filter((p) => p.kind === "charge").length;
      await expect(
        postFundMilestone(database.db, actor(buyer), { milestoneId: id, ...CARD }, crashBeforeTheProvider(), jobs),
      ).rejects.toThrow();
      const [pending] = await chargesOf(id);
      await ageCharges(id);
      const late = () =>
        provider.createCharge({
          idempotencyKey: pending!.idempotencyKey,
          amountCents: pending!.amountCents,
          currency: "USD",
          card: { number: SIMULATOR_CARDS.succeeds, expMonth: 12, expYear: 2030, cvc: "123", holder: "Dana Buyer" },
          description: "slow",
        });
      const reconcile = () => reconcilePendingCharges(database.db, provider, notifier, { chargeId: pending!.id });
      await Promise.all(round % 2 === 0 ? [late(), reconcile()] : [reconcile(), late()]);
      // the webhook, if the provider charged, arrives too
      for (const event of (await queuedWebhooks()).filter((e) => e.payload.includes(pending!.idempotencyKey)))
        await deliver(event);
      const providerCharged = provider.performed.filter((p) => p.kind === "charge").length - charged;
      const [charge] = await chargesOf(id);
      const balance = await orderBalance(database.db, order.id);
      if (providerCharged === 1) {
        expect(charge!.status).toBe("succeeded");
        expect(balance).toMatchObject({ funded: 100_000, held: 100_000 });
      } else {
        expect(providerCharged).toBe(0);
        expect(charge).toMatchObject({ status: "failed", failureMessage: CHARGE_NOT_RECEIVED_MESSAGE });
        expect(balance).toMatchObject({ funded: 0, held: 0 });
        expect(await listMilestones(database.db, order.id)).toMatchObject([{ state: "awaiting_funds" }]);
      }
    }
  });

  it("keeps held ≥ 0 and funded = held + released + refunded under any sequence of fund, release and refund (property)", async () => {
    const { order, milestones } = await confirmedOrder("advance_100");
    const milestone = milestones[0]!;
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom("fund", "release", "refund"),
            amount: fc.integer({ min: -5, max: 120_000 }),
            replay: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
        async (ops) => {
          await database.db.delete(ledgerEntries).where(eq(ledgerEntries.milestoneId, milestone.id));
          let lastKey: string | null = null;
          for (const op of ops) {
            const key: string = op.replay && lastKey ? lastKey : `prop:${++n}`;
            lastKey = key;
            await database.db.transaction((tx) =>
              appendLedgerEntry(tx, {
                orderId: order.id,
                milestoneId: milestone.id,
                kind: op.kind,
                amountCents: op.amount,
                idempotencyKey: key,
              }),
            );
            const balance = await milestoneBalance(database.db, milestone.id);
            expect(balance.held).toBeGreaterThanOrEqual(0);
            expect(balance.funded).toBeLessThanOrEqual(milestone.amountCents);
            expect(balance.funded).toBe(balance.held + balance.released + balance.refunded);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it("refuses to change a ledger entry: the ledger is append-only", async () => {
    const { order, milestones } = await confirmedOrder("advance_100");
    await database.db.transaction((tx) =>
      appendLedgerEntry(tx, {
        orderId: order.id,
        milestoneId: milestones[0]!.id,
        kind: "fund",
        amountCents: 10,
        idempotencyKey: `ao:${order.id}`,
      }),
    );
    expect(
      await refusedBy(
        database.db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.orderId, order.id)),
      ),
    ).toContain("ledger_entries is append-only");
  });

  it("disputes: the buyer opens one on a shipped order with evidence; an administrator releases, refunds in part or in full; both are told", async () => {
    const storage = createStorage({}, storageDir);
    const admin = { ...actor(await createBuyer(database.db, { companyName: "Setu Ops" })), isAdmin: true };
    const pdf = new File([Buffer.from("%PDF-1.4\n% evidence\n")], "photos.pdf", { type: "application/pdf" });

    async function shippedAndFunded(terms: "net_30" | "advance_100" = "net_30") {
      const { order, milestones } = await confirmedOrder(terms);
      await fundAndConfirm(milestones[0]!.id);
      await forceOrderStatus(database.db, order.id, "shipped");
      return order;
    }

    const placed = await createOrder(database.db, { buyerId: buyer.user.id, sellerId: seller.user.id });
    expect(
      await postOpenDispute(
        database.db,
        storage,
        actor(buyer),
        { orderId: placed.id, reason: "Nothing arrived at all", files: [] },
        notifier,
      ),
    ).toMatchObject({ status: 409 });
    const first = await shippedAndFunded();
    expect(
      await postOpenDispute(
        database.db,
        storage,
        actor(seller),
        { orderId: first.id, reason: "I dispute my own sale", files: [] },
        notifier,
      ),
    ).toMatchObject({ status: 409 });
    expect(
      await postOpenDispute(
        database.db,
        storage,
        actor(stranger),
        { orderId: first.id, reason: "Not my order at all", files: [] },
        notifier,
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await postOpenDispute(
        database.db,
        storage,
        actor(buyer),
        { orderId: first.id, reason: "short", files: [] },
        notifier,
      ),
    ).toMatchObject({ status: 400, fieldErrors: { reason: expect.any(String) } });
    expect(
      await postOpenDispute(
        database.db,
        storage,
        actor(buyer),
        { orderId: first.id, reason: "Half the cartons were water-damaged", files: [pdf] },
        notifier,
      ),
    ).toMatchObject({ ok: true });
    expect(
      (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, first.id)))[0]!.status,
    ).toBe("disputed");
    const open = await listOpenDisputes(database.db, admin);
    const dispute = open.find((d) => d.orderId === first.id)!;
    expect(dispute).toMatchObject({
      reason: "Half the cartons were water-damaged",
      heldCents: 100_000,
      evidence: [{ fileName: "photos.pdf", contentType: "application/pdf" }],
    });
    expect(await listOpenDisputes(database.db, actor(buyer))).toEqual([]);
    // the disputes, their evidence and their held balances: three statements, however many disputes are open
    const another = await shippedAndFunded("advance_100");
    expect(
      await postOpenDispute(
        database.db,
        storage,
        actor(buyer),
        { orderId: another.id, reason: "The border colour is not the one agreed", files: [pdf, pdf] },
        notifier,
      ),
    ).toMatchObject({ ok: true });
    const statements = statementCounter(database.db);
    let both: Awaited<ReturnType<typeof listOpenDisputes>> = [];
    expect(await statements(async () => (both = await listOpenDisputes(database.db, admin)))).toBe(3);
    vi.restoreAllMocks();
    expect(both.filter((d) => [first.id, another.id].includes(d.orderId)).map((d) => d.evidence.length)).toEqual([
      2, 1,
    ]);

    // partial refund: at most what is held
    expect(
      await decideDispute(
        database.db,
        actor(buyer),
        { disputeId: dispute.id, decision: "release", note: "Not an admin" },
        notifier,
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await decideDispute(
        database.db,
        admin,
        { disputeId: dispute.id, decision: "partial_refund", refundAmount: "1000.01", note: "Too much money" },
        notifier,
      ),
    ).toMatchObject({
      status: 400,
      fieldErrors: { refundAmount: "The refund can be at most what is held: $1,000.00" },
    });
    expect(
      await decideDispute(
        database.db,
        admin,
        { disputeId: dispute.id, decision: "partial_refund", refundAmount: "400", note: "Refund for the damaged half" },
        notifier,
      ),
    ).toMatchObject({ ok: true });
    expect(await orderBalance(database.db, first.id)).toEqual({
      funded: 100_000,
      released: 60_000,
      refunded: 40_000,
      held: 0,
    });
    expect(
      (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, first.id)))[0]!.status,
    ).toBe("completed");
    expect(
      await decideDispute(
        database.db,
        admin,
        { disputeId: dispute.id, decision: "release", note: "Deciding twice" },
        notifier,
      ),
    ).toMatchObject({ status: 409 });

    const second = await shippedAndFunded();
    await postOpenDispute(
      database.db,
      storage,
      actor(buyer),
      { orderId: second.id, reason: "Wrong colour entirely, unusable", files: [] },
      notifier,
    );
    const full = (await listOpenDisputes(database.db, admin)).find((d) => d.orderId === second.id)!;
    expect(
      await decideDispute(
        database.db,
        admin,
        { disputeId: full.id, decision: "full_refund", note: "Supplier shipped the wrong goods" },
        notifier,
      ),
    ).toMatchObject({ ok: true });
    expect(await orderBalance(database.db, second.id)).toEqual({
      funded: 100_000,
      released: 0,
      refunded: 100_000,
      held: 0,
    });
    expect(
      (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, second.id)))[0]!.status,
    ).toBe("cancelled");
    // both parties read that an administrator cancelled it, not the other party
    expect(await getOrderDetail(database.db, actor(buyer), second.id)).toMatchObject({
      cancelledBy: "an administrator",
      cancelReason: expect.stringContaining("Supplier shipped the wrong goods"),
    });
    expect(await getOrderDetail(database.db, actor(seller), second.id)).toMatchObject({
      cancelledBy: "an administrator",
    });

    const third = await shippedAndFunded();
    await postOpenDispute(
      database.db,
      storage,
      actor(buyer),
      { orderId: third.id, reason: "Arrived late, want a discount", files: [] },
      notifier,
    );
    const release = (await listOpenDisputes(database.db, admin)).find((d) => d.orderId === third.id)!;
    expect(
      await decideDispute(
        database.db,
        admin,
        { disputeId: release.id, decision: "release", note: "Delivery was within the agreed window" },
        notifier,
      ),
    ).toMatchObject({ ok: true });
    expect(await orderBalance(database.db, third.id)).toEqual({
      funded: 100_000,
      released: 100_000,
      refunded: 0,
      held: 0,
    });
    const told = await queryRows<{ user_id: string; body: string }>(
      database.db,
      sql`select user_id, body from notifications where href = ${`/orders/${third.id}`} and body like '%dispute was decided%'`,
    );
    expect(told.map((t) => t.user_id).sort()).toEqual([buyer.user.id, seller.user.id].sort());
    expect(told[0]!.body).toContain("Delivery was within the agreed window");
  });

  it("a letter of credit is recorded, never charged; production waits for it", async () => {
    const { order, milestones } = await confirmedOrder("lc_at_sight");
    const lc = milestones[0]!;
    expect(lc.condition).toBe("letter_of_credit");
    expect(
      await postFundMilestone(database.db, actor(buyer), { milestoneId: lc.id, ...CARD }, provider, jobs),
    ).toMatchObject({ ok: false, status: 409 });
    expect(
      await postOrderTransition(database.db, actor(seller), order.id, { action: "start_production" }, notifier),
    ).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("letter of credit") });
    const reference = { intent: "record_lc" as const, milestoneId: lc.id, lcReference: "JPMorgan Chase LC 0042" };
    expect(await recordLetterOfCredit(database.db, actor(seller), reference, notifier)).toMatchObject({ status: 404 });
    expect(await recordLetterOfCredit(database.db, actor(stranger), reference, notifier)).toMatchObject({
      status: 404,
    });
    expect(await recordLetterOfCredit(database.db, actor(buyer), reference, notifier)).toMatchObject({ ok: true });
    expect(await recordLetterOfCredit(database.db, actor(buyer), reference, notifier)).toMatchObject({ status: 409 });
    expect(await listMilestones(database.db, order.id)).toMatchObject([
      { state: "off_platform", offPlatformReference: "JPMorgan Chase LC 0042" },
    ]);
    expect(
      await postOrderTransition(database.db, actor(seller), order.id, { action: "start_production" }, notifier),
    ).toMatchObject({ ok: true });
    expect(await orderBalance(database.db, order.id)).toEqual({ funded: 0, released: 0, refunded: 0, held: 0 });
  });

  it("net terms: production starts without payment; paid after the inspection window closed, it is released at once", async () => {
    const { order, milestones } = await confirmedOrder("net_30");
    expect(milestones.map((m) => [m.condition, m.dueDays])).toEqual([["net_after_delivery", 30]]);
    expect(
      await postOrderTransition(database.db, actor(seller), order.id, { action: "start_production" }, notifier),
    ).toMatchObject({ ok: true });
    await forceOrderStatus(database.db, order.id, "completed");
    await fundAndConfirm(milestones[0]!.id);
    expect(await orderBalance(database.db, order.id)).toEqual({
      funded: 100_000,
      released: 100_000,
      refunded: 0,
      held: 0,
    });
  });

  it("net terms: the buyer is reminded once as the due date nears and once when overdue, never after paying", async () => {
    const { order } = await confirmedOrder("net_30");
    const day = 24 * 60 * 60 * 1000;
    const deliveredAt = new Date("2026-10-01T12:00:00Z");
    await forceOrderStatus(database.db, order.id, "delivered", { deliveredAt });
    const at = (days: number) => new Date(deliveredAt.getTime() + days * day);
    const reminders = async () =>
      queryRows<{ title: string }>(
        database.db,
        sql`select title from notifications where href = ${`/orders/${order.id}`} and event_key like 'net-due:%' order by created_at`,
      );
    expect(await remindNetPaymentsDue(database.db, notifier, at(20))).toBe(0);
    expect(await remindNetPaymentsDue(database.db, notifier, at(28))).toBe(1);
    expect(await remindNetPaymentsDue(database.db, notifier, at(29))).toBe(0);
    expect((await reminders()).map((r) => r.title)).toEqual([
      `Payment due on 2026-10-31: $1,000.00 for order ${order.id.slice(0, 8).toUpperCase()}`,
    ]);
    expect(await remindNetPaymentsDue(database.db, notifier, at(31))).toBe(1);
    expect(await remindNetPaymentsDue(database.db, notifier, at(40))).toBe(0);
    expect((await reminders()).at(-1)!.title).toMatch(/^Payment overdue: \$1,000\.00/);

    const paid = await confirmedOrder("net_60");
    await fundAndConfirm(paid.milestones[0]!.id);
    await forceOrderStatus(database.db, paid.order.id, "delivered", { deliveredAt });
    expect(await remindNetPaymentsDue(database.db, notifier, at(70))).toBe(0);
  });

  it("tells both parties' open pages of every order and payment change as it commits, the buyer's included", async () => {
    const heard: { userIds: string[]; event: { type: string; orderId?: string } }[] = [];
    const stop = await database.listen(LIVE_CHANNEL, (payload) => heard.push(JSON.parse(payload)));
    const storage = createStorage({}, storageDir);
    const admin = { ...actor(await createBuyer(database.db, { companyName: "Setu Ops" })), isAdmin: true };
    try {
      const order = await createOrder(database.db, {
        buyerId: buyer.user.id,
        sellerId: seller.user.id,
        status: "placed",
        paymentTerms: "advance_30_bl_70",
        quantity: 100,
        unitPriceCents: 1_000,
      });
      const both = [buyer.user.id, seller.user.id].sort();
      const orderEvents = () => heard.filter((h) => h.event.type === "order" && h.event.orderId === order.id);
      const step = async (what: string, run: () => Promise<unknown>) => {
        const before = orderEvents().length;
        await run();
        await expect.poll(() => orderEvents().length, { message: what }).toBe(before + 1);
        expect([...orderEvents().at(-1)!.userIds].sort(), what).toEqual(both);
      };
      const move = (who: Account, command: Parameters<typeof postOrderTransition>[3]) => () =>
        postOrderTransition(database.db, actor(who), order.id, command, notifier);
      await step("confirmed", move(seller, { action: "confirm" }));
      const milestones = await listMilestones(database.db, order.id);
      await step("the advance held", () => fundAndConfirm(milestones[0]!.id));
      await step("in production", move(seller, { action: "start_production" }));
      await step("ready to ship", move(seller, { action: "ready" }));
      await step(
        "shipped",
        move(seller, {
          action: "ship",
          carrier: "MSC",
          vesselOrFlight: "MSC Aurora 612E",
          portOfDischarge: "Los Angeles (USLAX)",
          billOfLading: "MEDU1",
          estimatedArrival: "2026-12-30",
        }),
      );
      await step("the balance held", () => fundAndConfirm(milestones[1]!.id));
      await step("delivered", move(buyer, { action: "deliver" }));
      await step("disputed", () =>
        postOpenDispute(
          database.db,
          storage,
          actor(buyer),
          { orderId: order.id, reason: "Two cartons arrived crushed", files: [] },
          notifier,
        ),
      );
      const dispute = (await listOpenDisputes(database.db, admin)).find((d) => d.orderId === order.id)!;
      await step("decided", () =>
        decideDispute(
          database.db,
          admin,
          { disputeId: dispute.id, decision: "partial_refund", refundAmount: "100", note: "Two cartons refunded" },
          notifier,
        ),
      );
      const cancelled = await confirmedOrder("advance_100");
      const before = heard.length;
      await postOrderTransition(
        database.db,
        actor(buyer),
        cancelled.order.id,
        { action: "cancel", reason: "Budget cut this quarter" },
        notifier,
      );
      await expect
        .poll(() => heard.slice(before).some((h) => h.event.type === "order" && h.event.orderId === cancelled.order.id))
        .toBe(true);
    } finally {
      await stop();
    }
  });

  it("every schedule disputed at every stage: the dialog's refundable amount is held, and every refund it offers is payable (property)", async () => {
    const storage = createStorage({}, storageDir);
    const admin = { ...actor(await createBuyer(database.db, { companyName: "Setu Ops" })), isAdmin: true };
    const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
    type Terms = Parameters<typeof planMilestones>[0];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Terms>("advance_100", "advance_30_bl_70", "lc_at_sight", "net_30", "net_60", "other", null),
        fc.constantFrom("shipped" as const, "delivered" as const),
        fc.boolean(),
        fc.constantFrom("full_refund", "partial_refund", "release", "settled_off_platform"),
        fc.integer({ min: 1, max: 100 }),
        async (terms, stage, paidAfterShipment, decision, percent) => {
          const order = await createOrder(database.db, {
            buyerId: buyer.user.id,
            sellerId: seller.user.id,
            status: "confirmed",
            paymentTerms: terms,
            quantity: 100,
            unitPriceCents: 1_234,
          });
          const milestones = await createOrderMilestones(database.db, order);
          // what is due before production is paid (or the letter of credit recorded)
          for (const m of milestones) {
            if (m.condition === "on_confirmation") await fundAndConfirm(m.id);
            if (m.condition === "letter_of_credit")
              await recordLetterOfCredit(
                database.db,
                actor(buyer),
                { intent: "record_lc", milestoneId: m.id, lcReference: "Citibank LC 77" },
                notifier,
              );
          }
          await forceOrderStatus(database.db, order.id, stage, {
            deliveredAt: stage === "delivered" ? new Date() : null,
          });
          if (paidAfterShipment)
            for (const m of milestones)
              if (m.condition === "against_bill_of_lading" || m.condition === "net_after_delivery")
                await fundAndConfirm(m.id);
          const views = await listMilestones(database.db, order.id);
          const offered = disputeAmounts(views);
          const balance = await orderBalance(database.db, order.id);
          // nothing paid into escrow has left it before the inspection window closed
          expect(offered.released).toBe(0);
          expect(balance.held).toBe(balance.funded);
          expect(offered.held).toBe(balance.held);
          const dialog = disputeConsequence(views, formatMoney);
          if (offered.held > 0) expect(dialog).toContain(`Refundable now: ${formatMoney(offered.held)}`);
          else expect(dialog).not.toContain("Refundable now: $");
          expect(
            await postOpenDispute(
              database.db,
              storage,
              actor(buyer),
              { orderId: order.id, reason: "The goods do not match the sample", files: [] },
              notifier,
            ),
          ).toMatchObject({ ok: true });
          const dispute = (await listOpenDisputes(database.db, admin)).find((d) => d.orderId === order.id)!;
          expect(dispute.heldCents).toBe(offered.held);
          const refund = Math.max(1, Math.floor((offered.held * percent) / 100));
          const input =
            decision === "partial_refund"
              ? { refundAmount: dollars(refund) }
              : decision === "settled_off_platform"
                ? { settlementAmount: "250.00" }
                : {};
          const result = await decideDispute(
            database.db,
            admin,
            { disputeId: dispute.id, decision, note: "Decided on the evidence", ...input },
            notifier,
          );
          const after = await orderBalance(database.db, order.id);
          expect(after.funded).toBe(after.held + after.released + after.refunded);
          if (decision === "partial_refund" && offered.held === 0) {
            // nothing held: a refund cannot be offered, and is refused
            expect(result).toMatchObject({ ok: false, status: 400 });
            return;
          }
          expect(result).toMatchObject({ ok: true });
          expect(after.held).toBe(0);
          if (decision === "full_refund") {
            expect(after.refunded).toBe(offered.held);
            const states = (await listMilestones(database.db, order.id)).map((m) => m.state);
            expect(states.some((state) => state === "awaiting_funds")).toBe(false);
          }
          if (decision === "partial_refund") expect(after).toMatchObject({ refunded: refund });
          if (decision === "release" || decision === "settled_off_platform")
            expect(after).toMatchObject({ released: offered.held, refunded: 0 });
        },
      ),
      { numRuns: 16 },
    );
  });
});
