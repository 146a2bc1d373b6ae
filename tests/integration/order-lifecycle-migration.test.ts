import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, type Database } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema/orders";
import { migrationsUpTo } from "../support/migrations-up-to";

describe("upgrading orders placed before the lifecycle (migration 0021)", () => {
  let database: Database | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    await database?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("keeps every order, turns 'received' into 'completed', copies the quote's terms and writes a timeline", async () => {
    const before = migrationsUpTo(20);
    dirs.push(before);
    database = await openPglite(null);
    await migrate(database.db as never, { migrationsFolder: before });
    // every row written as the code of that time wrote it, naming only the columns that existed then (factories follow today's schema)
    const person = async (id: string, userType: "buyer" | "seller") => {
      await database!.db.execute(
        sql`insert into "user" (id, name, email) values (${id}, ${id}, ${`${id}@example.test`})`,
      );
      await database!.db.execute(
        sql`insert into profiles (user_id, full_name, company_name, user_type) values (${id}, ${id}, ${id}, ${userType})`,
      );
      return { user: { id } };
    };
    const buyer = await person("old-buyer", "buyer");
    const seller = await person("old-seller", "seller");
    const first = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows)[0] as T;
    const rfq = first<{ id: string }>(
      await database.db.execute(sql`
        insert into rfqs (buyer_id, title, description, category, quantity, unit, deadline, delivery_location, status)
        values (${buyer.user.id}, 'Towels', 'Bath towels.', 'textiles', 100, 'pieces', '2026-12-01', 'Austin, TX', 'awarded') returning id`),
    );
    const quote = first<{ id: string }>(
      await database.db.execute(sql`
        insert into rfq_responses (rfq_id, seller_id, price_cents, quantity, delivery_timeline, status, incoterm, incoterm_port, ship_mode, currency,
          total_minor, fx_inr_per_usd, fx_rate_date, payment_terms, hs_code)
        values (${rfq.id}, ${seller.user.id}, 1501502, 100, '30 days', 'accepted', 'FOB', 'INNSA', 'ocean', 'INR', 125000000, 83.25, '2026-11-20', 'advance_30_bl_70', '630260')
        returning id`),
    );
    const shippedAt = new Date("2026-11-10T10:00:00Z");
    // written as the old code wrote them, naming only the columns that existed then
    const oldOrder = async (
      status: string,
      extra: { quoteId?: string; cancelReason?: string; cancelledBy?: string; updatedAt?: Date } = {},
    ) => {
      const result = await database!.db.execute(sql`
        insert into orders (buyer_id, seller_id, rfq_id, quote_id, quantity, unit, unit_price_cents, total_cents, status, cancel_reason, cancelled_by, created_at, updated_at)
        values (${buyer.user.id}, ${seller.user.id}, ${rfq.id}, ${extra.quoteId ?? null}, 100, 'pieces', 500, 50000, ${status},
                ${extra.cancelReason ?? null}, ${extra.cancelledBy ?? null}, '2026-11-01T09:00:00Z', ${(extra.updatedAt ?? new Date()).toISOString()})
        returning id`);
      return (result as { rows: Array<{ id: string }> }).rows[0]!;
    };
    const received = await oldOrder("received", { quoteId: quote.id, updatedAt: shippedAt });
    const placed = await oldOrder("placed");
    const cancelled = await oldOrder("cancelled", { cancelReason: "Found stock locally", cancelledBy: buyer.user.id });

    await migrate(database.db as never, { migrationsFolder: path.resolve("drizzle") });

    const rows = await database.db.select().from(orders);
    expect(rows).toHaveLength(3);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(received.id)).toMatchObject({
      status: "completed",
      completedAt: shippedAt,
      deliveredAt: shippedAt,
      incoterm: "FOB",
      incotermPort: "INNSA",
      currency: "INR",
      totalMinor: 125_000_000,
      fxInrPerUsd: "83.2500",
      paymentTerms: "advance_30_bl_70",
      hsCode: "630260",
      totalCents: 50000,
    });
    expect(byId.get(placed.id)).toMatchObject({ status: "placed", currency: "USD", incoterm: null });
    expect(byId.get(cancelled.id)!.status).toBe("cancelled");

    const timeline = async (orderId: string) =>
      database!.db
        .select({
          from: orderEvents.fromStatus,
          to: orderEvents.toStatus,
          actor: orderEvents.actorId,
          note: orderEvents.note,
        })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.createdAt));
    expect(await timeline(received.id)).toEqual([
      { from: null, to: "placed", actor: buyer.user.id, note: null },
      { from: "placed", to: "completed", actor: buyer.user.id, note: null },
    ]);
    expect(await timeline(placed.id)).toEqual([{ from: null, to: "placed", actor: buyer.user.id, note: null }]);
    expect(await timeline(cancelled.id)).toEqual([
      { from: null, to: "placed", actor: buyer.user.id, note: null },
      { from: "placed", to: "cancelled", actor: buyer.user.id, note: "Found stock locally" },
    ]);
  }, 120_000); // the whole migration chain, twice, on PGlite: 13 s alone, more beside three other files
});
