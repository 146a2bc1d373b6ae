import type { Db } from "~/db/client.server";
import { rfqResponses, rfqs } from "~/db/schema/rfqs";
import { closingInstant } from "~/lib/deadline";

export type RfqRow = typeof rfqs.$inferSelect;
export type QuoteRow = typeof rfqResponses.$inferSelect;
export type RfqOverrides = Partial<typeof rfqs.$inferInsert> & { buyerId: string };
export type QuoteOverrides = Partial<typeof rfqResponses.$inferInsert> & { rfqId: string; sellerId: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar date `days` from `from`, as a 'YYYY-MM-DD' string for `date` columns. */
export function dateFromToday(days: number, from: Date = new Date()): string {
  return new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

let rfqSequence = 0;

export function buildRfq(overrides: RfqOverrides): typeof rfqs.$inferInsert {
  rfqSequence += 1;
  const deadline = overrides.deadline ?? dateFromToday(30);
  return {
    // like a buyer's RFQ: the end of the deadline day in its zone (none given: UTC, as RFQs before time zones)
    closesAt: closingInstant(deadline, overrides.timeZone ?? null),
    title: `Test RFQ ${rfqSequence}`,
    description: "Looking for a reliable Indian supplier for a recurring wholesale order.",
    category: "electronics",
    quantity: 500,
    unit: "pieces",
    budgetMinCents: 1_000_000,
    budgetMaxCents: 2_000_000,
    deadline,
    deliveryLocation: "New York, NY",
    specifications: null,
    status: "published",
    ...overrides,
  };
}

export async function createRfq(db: Db, overrides: RfqOverrides): Promise<RfqRow> {
  const [row] = await createRfqs(db, [overrides]);
  return row!; // an INSERT … RETURNING of one row returns one row
}

export async function createRfqs(db: Db, list: RfqOverrides[]): Promise<RfqRow[]> {
  if (list.length === 0) return [];
  return db.insert(rfqs).values(list.map(buildRfq)).returning();
}

export function buildQuote(overrides: QuoteOverrides): typeof rfqResponses.$inferInsert {
  return {
    priceCents: 1_500_000,
    quantity: 500,
    deliveryTimeline: "30 days after purchase order",
    terms: null,
    status: "submitted",
    ...overrides,
  };
}

export async function createQuote(db: Db, overrides: QuoteOverrides): Promise<QuoteRow> {
  const [row] = await createQuotes(db, [overrides]);
  return row!; // an INSERT … RETURNING of one row returns one row
}

export async function createQuotes(db: Db, list: QuoteOverrides[]): Promise<QuoteRow[]> {
  if (list.length === 0) return [];
  return db.insert(rfqResponses).values(list.map(buildQuote)).returning();
}
