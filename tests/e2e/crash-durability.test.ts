import { describe, expect, it } from "vitest";
import { crashRounds } from "../support/crash-rounds";
import { migratedPostgresDatabase, templates } from "./support/test-server";

/** The short form of bench/crash-durability.ts: a few rounds of SIGKILL under writes, on each engine. */
describe("no acknowledged write is lost when the server is killed", () => {
  it("on PGlite", async () => {
    const report = await crashRounds({ rounds: 4, template: templates().migratedDir });
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.lost).toEqual([]);
  }, 240_000);

  it.skipIf(!process.env.DATABASE_URL)(
    "on PostgreSQL",
    async () => {
      const database = await migratedPostgresDatabase("setu_crash");
      try {
        const report = await crashRounds({ rounds: 4, databaseUrl: database.url });
        expect(report.acknowledged).toBeGreaterThan(0);
        expect(report.lost).toEqual([]);
      } finally {
        await database.drop();
      }
    },
    240_000,
  );
});
