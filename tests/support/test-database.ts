import crypto from "node:crypto";
import fs from "node:fs";
import postgres from "postgres";
import { inject } from "vitest";
import { migrateDatabase, openPglite, openPostgres, type Database } from "../../app/db/client.server";
import { startJobQueue } from "../../app/modules/jobs/job-queue.server";

export type Engine = "pglite" | "postgres";

/**
 * The engines database tests run on: PGlite always, PostgreSQL too when DATABASE_URL
 * points at a server (CI sets it). Use with describe.each(testEngines()).
 */
export function testEngines(): Engine[] {
  return process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** `url`: the PostgreSQL database's address, for what opens connections of its own (the job queue). */
export type TestDatabase = Database & { drop: () => Promise<void>; url?: string };

/** A fresh, migrated database of the given engine; drop() closes it and, on PostgreSQL, drops it. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const snapshot = fs.readFileSync(inject("pgliteSnapshot"));
    const database = await openPglite(null, new Blob([snapshot]));
    return { ...database, drop: database.close };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("DATABASE_URL is not set");
  const name = `setu_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin`create database ${admin(name)}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  await migrateDatabase(database, url.toString());
  await (await startJobQueue(database, url.toString())).stop();
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin`drop database if exists ${admin(name)} with (force)`;
      await admin.end({ timeout: 5 });
    },
  };
}
