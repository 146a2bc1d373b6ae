import crypto from "node:crypto";
import fs from "node:fs";
import postgres from "postgres";
import { inject } from "vitest";
import { openPglite, openPostgres, type Database } from "../../app/db/client.server";

export type Engine = "pglite" | "postgres";

/**
 * The engines a database test file runs on (use with describe.each):
 * - `testEngines()`: PGlite only, for domain logic, whose SQL means the same on both engines.
 * - `testEngines("both")`: PGlite, and PostgreSQL too when DATABASE_URL points at a server (CI sets it), for code
 *   whose behaviour differs between the engines: the drivers (postgres.js binds and parses values, prepares
 *   statements; PGlite does neither), concurrency (a pool of connections against PGlite's one), LISTEN/NOTIFY,
 *   the job queue, text search and similarity plans, and money that must balance under concurrent writes.
 * SETU_TEST_ENGINES=both runs every file on both engines (a full check, e.g. before a release).
 */
export function testEngines(engines?: "both"): Engine[] {
  const both = engines === "both" || process.env.SETU_TEST_ENGINES === "both";
  return both && process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** `url`: the PostgreSQL database's address, for what opens connections of its own (the job queue). */
export type TestDatabase = Database & { drop: () => Promise<void>; url?: string };

/**
 * A fresh, migrated database of the given engine, copied from what the global setup (global-setup-db.ts) migrated
 * once: PGlite from a snapshot of its data directory, PostgreSQL from a template database.
 * drop() closes it and, on PostgreSQL, drops it.
 */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "pglite") {
    const snapshot = fs.readFileSync(inject("pgliteSnapshot"));
    const database = await openPglite(null, new Blob([snapshot]));
    return { ...database, drop: database.close };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("DATABASE_URL is not set");
  const template = inject("postgresTemplate");
  if (!template) throw new Error("The global setup made no PostgreSQL template (was DATABASE_URL set for it?)");
  const name = `setu_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await copyTemplate(admin, template, name);
  } catch (error) {
    await admin.end({ timeout: 5 });
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
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

/**
 * `create database … template …`. PostgreSQL refuses to copy a database another session is connected to (55006);
 * the global setup closed and barred every connection to the template, so this is only a guard against a
 * session of the server's own (a wraparound vacuum) passing through.
 */
async function copyTemplate(admin: postgres.Sql, template: string, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin`create database ${admin(name)} template ${admin(template)}`;
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
