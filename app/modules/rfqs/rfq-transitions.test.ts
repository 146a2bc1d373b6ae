import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rfqResponses, rfqs } from "~/db/schema/rfqs";
import { QUOTE_STATUSES, RFQ_STATUSES } from "~/lib/status-lists";
import { createQuote, createRfq } from "../../../seed/factories/rfqs";
import { createBuyer, createSeller } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { QUOTE_TRANSITIONS, RFQ_TRANSITIONS, type QuoteStatus, type RfqStatus } from "./rfq.schema";
import { moveQuotes, moveRfqs } from "./rfqs.server";

type Party = "buyer" | "seller";
const PARTIES: Party[] = ["buyer", "seller"];

/** The lifecycles written out by hand: the tables must be exactly these. */
const RFQ_LIFECYCLE: [RfqStatus, RfqStatus, Party][] = [
  ["published", "awarded", "buyer"],
  ["published", "closed", "buyer"],
];
const QUOTE_LIFECYCLE: [QuoteStatus, QuoteStatus, Party][] = [
  ["submitted", "accepted", "buyer"],
  ["submitted", "declined", "buyer"],
  ["submitted", "withdrawn", "seller"],
  ["submitted", "superseded", "seller"],
];

function everyMove<S extends string>(statuses: readonly S[]) {
  return statuses.flatMap((from) => statuses.flatMap((to) => PARTIES.map((by) => ({ from, to, by }))));
}

const allows = <S extends string>(table: Record<S, Partial<Record<S, readonly string[]>>>, from: S, to: S, by: Party) =>
  table[from][to]?.includes(by) ?? false;

describe("RFQ and quote transition tables", () => {
  it("RFQ_STATUSES are what is written: published, awarded, closed (no draft, no expired)", () => {
    expect(RFQ_STATUSES).toEqual(["published", "awarded", "closed"]);
  });

  it("RFQ_TRANSITIONS lists exactly the RFQ lifecycle, each move for its party only, and refuses every other", () => {
    for (const { from, to, by } of everyMove(RFQ_STATUSES))
      expect(allows(RFQ_TRANSITIONS, from, to, by), `${by}: ${from} → ${to}`).toBe(
        RFQ_LIFECYCLE.some(([f, t, p]) => f === from && t === to && p === by),
      );
  });

  it("QUOTE_TRANSITIONS lists exactly the quote lifecycle, each move for its party only, and refuses every other", () => {
    for (const { from, to, by } of everyMove(QUOTE_STATUSES))
      expect(allows(QUOTE_TRANSITIONS, from, to, by), `${by}: ${from} → ${to}`).toBe(
        QUOTE_LIFECYCLE.some(([f, t, p]) => f === from && t === to && p === by),
      );
  });
});

describe.each(testEngines())("the RFQ module's status writers on %s", (engine) => {
  let database: TestDatabase;
  let buyerId: string;
  let sellerId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    buyerId = (await createBuyer(database.db)).user.id;
    sellerId = (await createSeller(database.db)).user.id;
  });
  afterAll(() => database.drop());

  it("refuse every move their table does not list, with the party, and change nothing", async () => {
    const rfq = await createRfq(database.db, { buyerId });
    for (const { from, to, by } of everyMove(RFQ_STATUSES)) {
      if (allows(RFQ_TRANSITIONS, from, to, by)) continue;
      await expect(
        moveRfqs(database.db, eq(rfqs.id, rfq.id), from, to, by as "buyer"),
        `${by}: ${from} → ${to}`,
      ).rejects.toThrow("RFQ_TRANSITIONS does not let");
    }
    const quote = await createQuote(database.db, { rfqId: rfq.id, sellerId });
    for (const { from, to, by } of everyMove(QUOTE_STATUSES)) {
      if (allows(QUOTE_TRANSITIONS, from, to, by)) continue;
      await expect(
        moveQuotes(database.db, eq(rfqResponses.id, quote.id), from, to, by),
        `${by}: ${from} → ${to}`,
      ).rejects.toThrow("QUOTE_TRANSITIONS does not let");
    }
    const [rfqRow] = await database.db.select().from(rfqs).where(eq(rfqs.id, rfq.id));
    const [quoteRow] = await database.db.select().from(rfqResponses).where(eq(rfqResponses.id, quote.id));
    expect([rfqRow!.status, quoteRow!.status]).toEqual(["published", "submitted"]);
  });

  it("of two moves racing from the same status, exactly one wins", async () => {
    const rfq = await createRfq(database.db, { buyerId });
    const quote = await createQuote(database.db, { rfqId: rfq.id, sellerId });
    const rfqMoves = await Promise.all([
      database.db.transaction((tx) => moveRfqs(tx, eq(rfqs.id, rfq.id), "published", "awarded", "buyer")),
      database.db.transaction((tx) => moveRfqs(tx, eq(rfqs.id, rfq.id), "published", "closed", "buyer")),
    ]);
    expect(rfqMoves.map((rows) => rows.length).sort()).toEqual([0, 1]);
    const quoteMoves = await Promise.all([
      database.db.transaction((tx) => moveQuotes(tx, eq(rfqResponses.id, quote.id), "submitted", "accepted", "buyer")),
      database.db.transaction((tx) =>
        moveQuotes(tx, eq(rfqResponses.id, quote.id), "submitted", "withdrawn", "seller"),
      ),
    ]);
    expect(quoteMoves.map((rows) => rows.length).sort()).toEqual([0, 1]);
  });
});
