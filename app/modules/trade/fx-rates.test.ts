import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fxRates } from "~/db/schema/trade";
import { createBuyer, createSeller, actorOf, type Account } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { formValues, parseInput } from "~/lib/command-result";
import { describeRate, FX_RATE_FIELDS, fxRateSchema } from "./fx-rates.schema";
import { addFxRate, listFxRates, rateInForce } from "./fx-rates.server";

/** The rate form's values read by its schema, as /admin/rates reads them. */
function form(values: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return parseInput(fxRateSchema, formValues(f, FX_RATE_FIELDS));
}

describe.each(testEngines())("INR/USD rates on %s", (engine) => {
  let database: TestDatabase;
  let admin: ReturnType<typeof actorOf>;
  let seller: Account;
  const now = new Date("2026-11-25T12:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    admin = { ...actorOf(await createBuyer(database.db)), isAdmin: true };
    seller = await createSeller(database.db);
  });
  afterAll(() => database.drop());
  /** The route's way: the schema's refusal, or the command given the typed input. */
  const add = (actor: Parameters<typeof addFxRate>[1], input: ReturnType<typeof form>, at: Date) =>
    input.ok ? addFxRate(database.db, actor, input.value, at) : input;

  it("has no rate in force before any is recorded", async () => {
    expect(await rateInForce(database.db, "2026-11-25")).toBeNull();
  });

  it("only administrators list or add rates", async () => {
    expect(await listFxRates(database.db, actorOf(seller))).toBeNull();
    expect(
      await add(actorOf(seller), form({ rateDate: "2026-11-20", inrPerUsd: "88.45", source: "fbil" }), now),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it("validates the date, the rate (≤ 4 decimals), the source, and refuses a date after today", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ rateDate: "2026-02-30" }, "rateDate", "Choose the date the rate applies to"],
      [{ rateDate: "2026-11-26" }, "rateDate", "A rate cannot be dated after today"],
      [{ inrPerUsd: "88.45123" }, "inrPerUsd", "Enter rupees per US dollar, like 88.45 (up to 4 decimals)"],
      [{ inrPerUsd: "0" }, "inrPerUsd", "Enter rupees per US dollar, like 88.45 (up to 4 decimals)"],
      [{ inrPerUsd: "5000" }, "inrPerUsd", "A rate between ₹1 and ₹1,000 per dollar, please"],
      [{ source: "rbi" }, "source", "Choose where the rate comes from"],
    ];
    for (const [bad, field, message] of cases) {
      const result = await add(
        admin,
        form({ rateDate: "2026-11-20", inrPerUsd: "88.45", source: "fbil", ...bad }),
        now,
      );
      expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { [field]: message } });
    }
  });

  it("takes the latest rate dated on or before the day; of two on one day, the one recorded last", async () => {
    expect(
      await add(admin, form({ rateDate: "2026-11-18", inrPerUsd: "88.1", source: "fbil", note: "Monday" }), now),
    ).toMatchObject({ ok: true });
    expect(await add(admin, form({ rateDate: "2026-11-20", inrPerUsd: "88.45", source: "fbil" }), now)).toMatchObject({
      ok: true,
    });
    expect(await rateInForce(database.db, "2026-11-17")).toBeNull();
    expect(await rateInForce(database.db, "2026-11-19")).toMatchObject({
      rateDate: "2026-11-18",
      inrPerUsd: "88.1",
      source: "fbil",
    });
    expect(await rateInForce(database.db, "2026-11-25")).toMatchObject({ rateDate: "2026-11-20", inrPerUsd: "88.45" });
    // the same date from another source, recorded later, wins the tie
    await database.db.insert(fxRates).values({
      rateDate: "2026-11-20",
      inrPerUsd: "88.5012",
      source: "customs",
      // recorded after the fbil rate above (whose created_at is the real clock's, not the test's `now`)
      createdAt: new Date(Date.now() + 60_000),
    });
    const tie = (await rateInForce(database.db, "2026-11-20"))!;
    expect(tie).toMatchObject({ inrPerUsd: "88.5012", source: "customs" });
    expect(describeRate(tie)).toBe("₹88.5012 = $1 on 20 Nov 2026, customs notified");
  });

  it("refuses a second rate for the same date and source, and lists rates newest first", async () => {
    const again = await add(admin, form({ rateDate: "2026-11-20", inrPerUsd: "90", source: "fbil" }), now);
    expect(again).toMatchObject({
      ok: false,
      status: 409,
      fieldErrors: { rateDate: "FBIL reference rate for 20 Nov 2026 is already recorded (₹88.45)" },
    });
    const listed = (await listFxRates(database.db, admin))!;
    expect(listed.map((r) => [r.rateDate, r.inrPerUsd])).toEqual([
      ["2026-11-20", "88.5012"],
      ["2026-11-20", "88.45"],
      ["2026-11-18", "88.1"],
    ]);
    expect(listed[2]!.note).toBe("Monday");
  });
});
