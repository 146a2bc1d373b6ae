import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { migrateDatabase, openPglite, openPostgres } from "../../../app/db/client.server";
import { startJobQueue } from "../../../app/modules/jobs/job-queue.server";
import { createStorage } from "../../../app/modules/uploads/storage.server";
import { seedDemoDataIfEmpty } from "../../../seed/demo.server";

/**
 * What a test server starts from instead of an empty database, made once per run (global setup): a server then
 * only copies a folder (or PostgreSQL copies a database) rather than applying every migration, creating the job
 * queue's schema and, for the demo, seeding it. Each is exactly what a server's first start would leave.
 */
export type E2eTemplates = {
  /** a PGlite data folder: migrated, with the job queue's schema and queues, no data */
  migratedDir: string;
  /** the same with the demo data seeded (pictures in its uploads folder), as a first start with DEMO_DATA=on */
  demoDir: string;
  /** a migrated PostgreSQL database (with the job queue's schema) to create test databases from, when DATABASE_URL is set */
  postgresTemplate?: string;
};

declare module "vitest" {
  export interface ProvidedContext {
    e2eTemplates: E2eTemplates;
  }
}

type Holder = { building?: Promise<E2eTemplates>; users: number; root?: string };
// both e2e projects' global setups run in vitest's one main process: the templates are made once for both
const holder: Holder = ((globalThis as { __setuE2eTemplates?: Holder }).__setuE2eTemplates ??= { users: 0 });

/** Makes the templates (once per run) and returns them with what removes them when the last user is done. */
export async function acquireTemplates(): Promise<{ templates: E2eTemplates; release: () => Promise<void> }> {
  holder.users += 1;
  holder.building ??= buildTemplates();
  const templates = await holder.building;
  return {
    templates,
    release: async () => {
      holder.users -= 1;
      if (holder.users > 0) return;
      holder.building = undefined;
      if (templates.postgresTemplate) await dropTemplateDatabase(templates.postgresTemplate);
      if (holder.root) fs.rmSync(holder.root, { recursive: true, force: true });
    },
  };
}

async function buildTemplates(): Promise<E2eTemplates> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "setu-e2e-templates-"));
  holder.root = root;
  const migratedDir = path.join(root, "migrated");
  const migrated = await openPglite(migratedDir);
  try {
    await migrateDatabase(migrated);
    // the job queue's schema and queues, as the app's first start makes them
    await (await startJobQueue(migrated)).stop();
  } finally {
    await migrated.close();
  }

  const demoDir = path.join(root, "demo");
  fs.cpSync(migratedDir, demoDir, { recursive: true });
  const demo = await openPglite(demoDir);
  try {
    // as the server seeds on its first start (app/runtime.server.ts), pictures into the folder's own uploads
    const storage = createStorage({}, demoDir);
    await seedDemoDataIfEmpty(demo.db, storage, path.join(root, "demo-images"));
  } finally {
    await demo.close();
  }

  let postgresTemplate: string | undefined;
  if (process.env.DATABASE_URL) {
    postgresTemplate = `setu_e2e_template_${crypto.randomBytes(6).toString("hex")}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    try {
      await admin`create database ${admin(postgresTemplate)}`;
    } finally {
      await admin.end({ timeout: 5 });
    }
    const url = databaseUrl(postgresTemplate);
    const database = await openPostgres(url, 2);
    try {
      await migrateDatabase(database, url);
      await (await startJobQueue(database, url)).stop();
    } finally {
      await database.close();
    }
  }
  return { migratedDir, demoDir, postgresTemplate };
}

async function dropTemplateDatabase(name: string) {
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    await admin`drop database if exists ${admin(name)} with (force)`;
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/** DATABASE_URL with another database's name. */
export function databaseUrl(name: string) {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new folder holding a copy of `template` (a data folder), for one server. */
export function copyDataDir(template: string, prefix = "setu-e2e-"): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

export type TestPostgresDatabase = { name: string; url: string; drop: () => Promise<void> };

/**
 * A PostgreSQL database of its own on DATABASE_URL's server: a copy of the migrated template (`migrated`, the
 * default), or empty (`empty`) for a test of what happens on a new database.
 */
export async function createPostgresDatabase(
  template: string | undefined,
  prefix = "setu_e2e",
): Promise<TestPostgresDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  if (template) await admin`create database ${admin(name)} template ${admin(template)}`;
  else await admin`create database ${admin(name)}`;
  return {
    name,
    url: databaseUrl(name),
    drop: async () => {
      await admin`drop database if exists ${admin(name)} with (force)`;
      await admin.end({ timeout: 5 });
    },
  };
}
