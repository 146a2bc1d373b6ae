import crypto from "node:crypto";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { crashRounds } from "../support/crash-rounds";

/** The short form of bench/crash-durability.ts: a few rounds of SIGKILL under writes, on each engine. */
describe("no acknowledged write is lost when the server is killed", () => {
  it("on PGlite", async () => {
    const report = await crashRounds({ rounds: 4 });
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.lost).toEqual([]);
  }, 240_000);

  it.skipIf(!process.env.DATABASE_URL)(
    "on PostgreSQL",
    async () => {
      const name = `setu_crash_${crypto.randomBytes(6).toString("hex")}`;
      const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await admin`create database ${admin(name)}`;
      try {
        const url = new URL(process.env.DATABASE_URL!);
        url.pathname = `/${name}`;
        const report = await crashRounds({ rounds: 4, databaseUrl: url.toString() });
        expect(report.acknowledged).toBeGreaterThan(0);
        expect(report.lost).toEqual([]);
      } finally {
        await admin`drop database if exists ${admin(name)} with (force)`;
        await admin.end({ timeout: 5 });
      }
    },
    240_000,
  );
});
