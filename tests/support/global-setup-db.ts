import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openPglite, openPostgres, type Database } from "../../app/db/client.server";
import { startJobQueue } from "../../app/modules/jobs/job-queue.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** the migrated PostgreSQL database each test database is copied from (only when DATABASE_URL is set) */
    postgresTemplate?: string;
  }
}

/** Migrations, then the job queue's schema and queues, as the app's first start makes them. */
async function prepare(database: Database, url?: string) {
  await migrateDatabase(database, url);
  await (await startJobQueue(database, url)).stop();
}

/** Migrates one in-memory PGlite and saves its data directory, so each test file starts from a copy in ~0.5 s. */
async function pgliteSnapshot(dir: string): Promise<string> {
  const database = await openPglite(null);
  try {
    await prepare(database);
    const client = (database.db as unknown as { $client: { dumpDataDir: (c: "none") => Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir("none");
    const file = path.join(dir, "migrated.tar");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

/**
 * Migrates one PostgreSQL database, once per run, as the template each test database is copied from
 * (`create database … template …` copies its files: a few tens of milliseconds instead of 31 migrations).
 * A template must have no connection while it is copied: every one is closed here, and new ones (autovacuum's
 * too) are refused. Returns its name and what drops it.
 */
async function postgresTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `setu_tmpl_${crypto.randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const drop = async () => {
    try {
      await admin`drop database if exists ${admin(name)} with (force)`;
    } finally {
      await admin.end({ timeout: 5 });
    }
  };
  try {
    await admin`create database ${admin(name)}`;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), 1);
    try {
      await prepare(database, url.toString());
    } finally {
      await database.close();
    }
    await admin`alter database ${admin(name)} with allow_connections false`;
    // a connection closed by its client may outlive end() for a moment on the server
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
    return { name, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-snapshot-"));
  const adminUrl = process.env.DATABASE_URL;
  const [snapshotMade, templateMade] = await Promise.allSettled([
    pgliteSnapshot(dir),
    adminUrl ? postgresTemplate(adminUrl) : undefined,
  ]);
  if (snapshotMade.status === "rejected" || templateMade.status === "rejected") {
    fs.rmSync(dir, { recursive: true, force: true });
    if (templateMade.status === "fulfilled") await templateMade.value?.drop();
    throw snapshotMade.status === "rejected" ? snapshotMade.reason : (templateMade as PromiseRejectedResult).reason;
  }
  const [snapshot, template] = [snapshotMade.value, templateMade.value];
  project.provide("pgliteSnapshot", snapshot);
  if (template) project.provide("postgresTemplate", template.name);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
}
