import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, type Database } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema/orders";
import { createQuote, createRfq } from "../factories/rfqs";
import { createBuyer, createSeller } from "../factories/users";

/** A copy of the migrations folder that stops after the given migration, as a database deployed then would have it. */
function migrationsUpTo(lastIdx: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: Array<{ idx: number; tag: string }> };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries) fs.copyFileSync(path.join("drizzle", `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

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
    const buyer = await createBuyer(database.db);
    const seller = await createSeller(database.db);
    const rfq = await createRfq(database.db, { buyerId: buyer.user.id, status: "awarded" });
    const quote = await createQuote(database.db, {
      rfqId: rfq.id,
      sellerId: seller.user.id,
      status: "accepted",
      incoterm: "FOB",
      incotermPort: "INNSA",
      shipMode: "ocean",
      currency: "INR",
      totalMinor: 125_000_000,
      fxInrPerUsd: "83.2500",
      fxRateDate: "2026-11-20",
      paymentTerms: "advance_30_bl_70",
      hsCode: "630260",
    });
    const shippedAt = new Date("2026-11-10T10:00:00Z");
    // written as the old code wrote them, naming only the columns that existed then
    const oldOrder = async (status: string, extra: { quoteId?: string; cancelReason?: string; cancelledBy?: string; updatedAt?: Date } = {}) => {
      const result = await database!.db.execute(sql`
        insert into orders (buyer_id, seller_id, rfq_id, quote_id, quantity, unit, unit_price_cents, total_cents, status, cancel_reason, cancelled_by, created_at, updated_at)
        values (${buyer.user.id}, ${seller.user.id}, ${rfq.id}, ${extra.quoteId ?? null}, 100, 'pieces', 500, 50000, ${status},
                ${extra.cancelReason ?? null}, ${extra.cancelledBy ?? null}, '2026-11-01T09:00:00Z', ${(extra.updatedAt ?? new Date()).toISOString()})
        returning id`);
      return (result as unknown as { rows: Array<{ id: string }> }).rows[0]!;
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
        .select({ from: orderEvents.fromStatus, to: orderEvents.toStatus, actor: orderEvents.actorId, note: orderEvents.note })
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
  });
});
