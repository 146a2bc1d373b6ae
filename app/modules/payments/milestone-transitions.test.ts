import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentMilestones } from "~/db/schema/payments";
import { MILESTONE_STATES } from "~/lib/status-lists";
import { createOrder, createOrderMilestones, forceMilestoneState } from "../../../tests/factories/orders";
import { createBuyer, createSeller } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { mayMoveMilestone, type MilestoneState } from "./payments-values";
import { setMilestoneState } from "./payments.server";

/** A milestone's workflow (records 0028, 0042), written out by hand: the table must be exactly this. */
const WORKFLOW: [MilestoneState, MilestoneState][] = [
  ["awaiting_funds", "processing"],
  ["awaiting_funds", "off_platform"],
  ["awaiting_funds", "void"],
  ["processing", "held"],
  ["processing", "awaiting_funds"],
  ["held", "released"],
  ["held", "refunded"],
];

const listed = (from: MilestoneState, to: MilestoneState) => WORKFLOW.some(([f, t]) => f === from && t === to);
const EVERY_MOVE = MILESTONE_STATES.flatMap((from) => MILESTONE_STATES.map((to) => ({ from, to })));

describe("MILESTONE_TRANSITIONS", () => {
  it("lists exactly the workflow's moves and refuses every other", () => {
    for (const { from, to } of EVERY_MOVE) expect(mayMoveMilestone(from, to), `${from} → ${to}`).toBe(listed(from, to));
  });
});

describe.each(testEngines())("setMilestoneState on %s", (engine) => {
  let database: TestDatabase;
  let milestone: () => Promise<string>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const buyer = await createBuyer(database.db);
    const seller = await createSeller(database.db);
    milestone = async () => {
      const order = await createOrder(database.db, {
        buyerId: buyer.user.id,
        sellerId: seller.user.id,
        status: "confirmed",
        paymentTerms: "advance_100",
      });
      const [row] = await createOrderMilestones(database.db, order);
      return row!.id;
    };
  });
  afterAll(() => database.drop());

  async function stateOf(id: string) {
    const [row] = await database.db
      .select({ state: paymentMilestones.state })
      .from(paymentMilestones)
      .where(eq(paymentMilestones.id, id));
    return row!.state;
  }

  it("makes every listed move, refuses (throws on) every other and leaves the state, and loses a move from a state left", async () => {
    const id = await milestone();
    for (const { from, to } of EVERY_MOVE) {
      await forceMilestoneState(database.db, id, from);
      const label = `${from} → ${to}`;
      if (listed(from, to)) {
        expect(await database.db.transaction((tx) => setMilestoneState(tx, id, from, to)), label).toBe(true);
        expect(await stateOf(id), label).toBe(to);
      } else {
        await expect(
          database.db.transaction((tx) => setMilestoneState(tx, id, from, to)),
          label,
        ).rejects.toThrow(`MILESTONE_TRANSITIONS does not move a milestone from ${from} to ${to}`);
        expect(await stateOf(id), label).toBe(from);
      }
    }
    await forceMilestoneState(database.db, id, "held");
    expect(await database.db.transaction((tx) => setMilestoneState(tx, id, "processing", "awaiting_funds"))).toBe(
      false,
    );
    expect(await stateOf(id)).toBe("held");
  });

  it("of two moves racing from the same state, exactly one wins", async () => {
    const id = await milestone();
    const results = await Promise.all([
      database.db.transaction((tx) => setMilestoneState(tx, id, "awaiting_funds", "processing")),
      database.db.transaction((tx) => setMilestoneState(tx, id, "awaiting_funds", "void")),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await stateOf(id)).toBe(results[0] ? "processing" : "void");
  });
});
