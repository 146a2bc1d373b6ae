import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { additionalDuties, dutyRates, freightRates, tradeFees } from "~/db/schema/trade";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { createBuyer, actorOf } from "../../../seed/factories/users";
import {
  postAddAdditionalDuty,
  postAddDutyRate,
  postAddFee,
  postAddFreightRate,
  postEndDutyRow,
  postImportHts,
} from "../../../tests/support/trade-admin-form";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { HTS_IMPORT_MAX_BYTES } from "./hts-import.server";
import { tradeDataOverview } from "./trade-admin.server";
import { feesInForce } from "./trade-data.server";

function form(values: Record<string, string | File>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

describe.each(testEngines())("administering trade data on %s", (engine) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let someone: SessionUser;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const account = await createBuyer(database.db);
    admin = { ...actorOf(account), isAdmin: true };
    someone = actorOf(await createBuyer(database.db));
  });
  afterAll(() => database.drop());

  it("answers nobody but an administrator, and changes nothing for them", async () => {
    expect(await tradeDataOverview(database.db, someone, "")).toBeNull();
    const fee = form({ kind: "mpf", ratePercent: "1", effectiveFrom: "2030-01-01", source: "x" });
    expect(await postAddFee(database.db, someone, fee)).toMatchObject({ ok: false, status: 404 });
    expect(
      await postImportHts(
        database.db,
        someone,
        form({ effectiveFrom: "2030-01-01", source: "x", file: new File(["htsno,general\n6302,5%"], "a.csv") }),
      ),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await tradeDataOverview(database.db, admin, "63")).toMatchObject({ dutyFilter: "63" });
    expect((await database.db.select().from(tradeFees).where(eq(tradeFees.effectiveFrom, "2030-01-01"))).length).toBe(
      0,
    );
  });

  it("adds a dated MPF row for a new fiscal year; the old one stays as history", async () => {
    const result = await postAddFee(
      database.db,
      admin,
      form({
        kind: "mpf",
        ratePercent: "0.3464",
        min: "34.62",
        max: "671.80",
        effectiveFrom: "2026-10-01",
        source: "CBP FY2027",
      }),
    );
    expect(result).toMatchObject({ ok: true });
    expect((await feesInForce(database.db, "2026-11-25")).mpf).toMatchObject({
      minCents: 3462,
      maxCents: 67180,
      source: "CBP FY2027",
    });
    expect((await feesInForce(database.db, "2026-09-30")).mpf).toMatchObject({ minCents: 3358 });
    // the same day twice, a min above the max, a bad rate: messages on their fields
    expect(
      await postAddFee(
        database.db,
        admin,
        form({ kind: "mpf", ratePercent: "0.3", effectiveFrom: "2026-10-01", source: "again" }),
      ),
    ).toMatchObject({ ok: false, status: 409, fieldErrors: { effectiveFrom: expect.any(String) } });
    expect(
      await postAddFee(
        database.db,
        admin,
        form({ kind: "hmf", ratePercent: "0.1", min: "10", max: "5", effectiveFrom: "2031-01-01", source: "x" }),
      ),
    ).toMatchObject({ ok: false, fieldErrors: { max: "The minimum cannot be more than the maximum" } });
    for (const ratePercent of ["", "-1", "1e3", "0.12345", "5000", "abc"]) {
      expect(
        await postAddFee(
          database.db,
          admin,
          form({ kind: "hmf", ratePercent, effectiveFrom: "2031-01-01", source: "x" }),
        ),
      ).toMatchObject({ ok: false, fieldErrors: { ratePercent: expect.any(String) } });
    }
    expect(
      await postAddFee(
        database.db,
        admin,
        form({ kind: "customs", ratePercent: "1", effectiveFrom: "2031-02-30", source: "x" }),
      ),
    ).toMatchObject({ ok: false, fieldErrors: { kind: expect.any(String), effectiveFrom: expect.any(String) } });
  });

  it("adds a duty rate and ends it; an ended row cannot be ended again", async () => {
    expect(
      await postAddDutyRate(
        database.db,
        admin,
        form({
          hsPrefix: "9503.00",
          description: "Toys",
          ratePercent: "0",
          effectiveFrom: "2026-01-01",
          source: "HTS",
        }),
      ),
    ).toMatchObject({ ok: true });
    const [row] = await database.db.select().from(dutyRates).where(eq(dutyRates.hsPrefix, "950300"));
    expect(
      await postEndDutyRow(database.db, admin, form({ id: row!.id, effectiveTo: "2025-12-31" }), "duty"),
    ).toMatchObject({ ok: false, status: 409 });
    expect(
      await postEndDutyRow(database.db, admin, form({ id: row!.id, effectiveTo: "2026-06-01" }), "duty"),
    ).toMatchObject({ ok: true });
    expect(
      await postEndDutyRow(database.db, admin, form({ id: row!.id, effectiveTo: "2026-07-01" }), "duty"),
    ).toMatchObject({ ok: false, status: 409 });
    expect(
      await postEndDutyRow(database.db, admin, form({ id: "nope", effectiveTo: "2026-07-01" }), "additional"),
    ).toMatchObject({ ok: false, status: 400 });
  });

  it("adds an additional duty with exclusions", async () => {
    const result = await postAddAdditionalDuty(
      database.db,
      admin,
      form({
        hsPrefix: "",
        excludedHsPrefixes: "72, 73.18 8708",
        ratePercent: "10",
        description: "Test tariff",
        effectiveFrom: "2027-01-01",
        source: "EO",
      }),
    );
    expect(result).toMatchObject({ ok: true });
    const [row] = await database.db
      .select()
      .from(additionalDuties)
      .where(eq(additionalDuties.description, "Test tariff"));
    expect(row).toMatchObject({ hsPrefix: null, excludedHsPrefixes: ["72", "7318", "8708"], originCountry: "IN" });
    expect(
      await postAddAdditionalDuty(
        database.db,
        admin,
        form({
          hsPrefix: "",
          excludedHsPrefixes: "72, abc",
          ratePercent: "10",
          description: "x",
          effectiveFrom: "2027-01-01",
          source: "EO",
        }),
      ),
    ).toMatchObject({ ok: false, fieldErrors: { excludedHsPrefixes: expect.any(String) } });
  });

  it("adds a lane rate between an Indian and a US port only", async () => {
    const lane = {
      originPort: "INNSA",
      destinationPort: "USSAV",
      mode: "ocean",
      perKg: "0.30",
      perContainer: "4400",
      containerPayloadKg: "26000",
      transitDays: "31",
      effectiveFrom: "2027-01-01",
      source: "Forwarder",
    };
    expect(await postAddFreightRate(database.db, admin, form(lane))).toMatchObject({ ok: true });
    const rows = await database.db
      .select()
      .from(freightRates)
      .where(and(eq(freightRates.destinationPort, "USSAV"), eq(freightRates.effectiveFrom, "2027-01-01")));
    expect(rows[0]).toMatchObject({ perKgCents: 30, perContainerCents: 440_000 });
    expect(await postAddFreightRate(database.db, admin, form(lane))).toMatchObject({ ok: false, status: 409 });
    expect(await postAddFreightRate(database.db, admin, form({ ...lane, originPort: "USNYC" }))).toMatchObject({
      ok: false,
      fieldErrors: { originPort: "Choose an Indian port of origin" },
    });
    expect(await postAddFreightRate(database.db, admin, form({ ...lane, perKg: "", perContainer: "" }))).toMatchObject({
      ok: false,
      fieldErrors: { perKg: expect.any(String) },
    });
  });

  it("imports the HTS export once (a second import of the same file and day changes nothing) and refuses hostile files", async () => {
    const csv =
      'htsno,description,general\n"9503.00.00","Toys, ""new""",Free\n"6302.60.00","Terry towels",9.5%\n"0406.10.04","Cheese",10¢/kg\n';
    const upload = () =>
      form({
        effectiveFrom: "2027-01-01",
        source: "USITC HTS 2027",
        file: new File([csv], "hts.csv", { type: "text/csv" }),
      });
    const first = await postImportHts(database.db, admin, upload());
    expect(first).toMatchObject({
      ok: true,
      message: expect.stringMatching(
        /Imported 2 duty rates.*Skipped 1 lines with specific or compound rates \(04061004: 10¢\/kg\)/,
      ),
    });
    expect(await postImportHts(database.db, admin, upload())).toMatchObject({ ok: true });
    const rows = await database.db.select().from(dutyRates).where(eq(dutyRates.effectiveFrom, "2027-01-01"));
    expect(rows.map((r) => [r.hsPrefix, Number(r.ratePercent), r.description]).sort()).toEqual([
      ["63026000", 9.5, "Terry towels"],
      ["95030000", 0, 'Toys, "new"'],
    ]);

    const refusals = [
      form({ effectiveFrom: "2027-01-01", source: "x" }),
      form({ effectiveFrom: "2027-01-01", source: "x", file: new File([""], "empty.csv") }),
      form({ effectiveFrom: "2027-01-01", source: "x", file: new File(["\u0000\u0001\u0002"], "binary.csv") }),
      form({
        effectiveFrom: "2027-01-01",
        source: "x",
        file: new File(["htsno,general\n0406,10¢/kg\n"], "specific.csv"),
      }),
      form({
        effectiveFrom: "2027-01-01",
        source: "x",
        file: new File(["x".repeat(HTS_IMPORT_MAX_BYTES + 1)], "huge.csv"),
      }),
      form({ effectiveFrom: "not a day", source: "x", file: new File([csv], "hts.csv") }),
      form({ effectiveFrom: "2027-01-01", source: "x", file: "not a file" }),
    ];
    for (const f of refusals) {
      const result = await postImportHts(database.db, admin, f);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message.length).toBeGreaterThan(5);
    }
  });
});
