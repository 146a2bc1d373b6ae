import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { PgliteThread } from "./pglite-thread.server";

/** A Drizzle database on either engine; domain code sees only this. */
export type Db = PgDatabase<PgQueryResultHKT>;

/**
 * Calls `onPayload` with every NOTIFY on `channel` (delivered when the notifying transaction commits).
 * `onReconnect`: the listening connection was lost and listens again; what was notified meanwhile is lost.
 * Resolves once listening; returns what stops it.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
) => Promise<() => Promise<void>>;

export type Database = {
  db: Db;
  engine: "pglite" | "postgres";
  /** LISTEN: on PostgreSQL a connection of its own; on PGlite the embedded database's own, in this process */
  listen: Listen;
  close: () => Promise<void>;
};

export class DatabaseOpenError extends Error {}

/** Rows of a raw query on either engine (postgres.js returns an array, PGlite an object with rows). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  const rows: unknown = Array.isArray(result) ? result : (result as { rows: unknown }).rows;
  return rows as T[];
}

export function migrationsFolder() {
  return process.env.MIGRATIONS_DIR ?? path.resolve(process.cwd(), "drizzle");
}

/**
 * Takes an exclusive lock on a PGlite data directory: a second process on the
 * same folder would corrupt it, so it must fail with a clear message instead.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "setu.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new DatabaseOpenError(
          `The data directory ${dataDir} is already in use by another Setu process (pid ${owner}). Stop that process or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseOpenError(`Could not lock the data directory ${dataDir}.`);
}

function isAlive(pid: number) {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Opens PGlite in this thread: for tests, seeding and the benchmark's direct side (`null`: in memory).
 * pglite-thread.worker.mjs loads the same extensions.
 */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  return openEmbedded(dataDir, (pgDataPath) =>
    PGlite.create(pgDataPath, { extensions: { pg_trgm, btree_gin }, loadDataDir }),
  );
}

/**
 * Opens PGlite on a thread of its own (pglite-thread.server.ts): the app server's choice, so that a query
 * running never stops the server from serving other requests.
 */
export async function openPgliteThread(dataDir: string | null): Promise<Database> {
  return openEmbedded(dataDir, (pgDataPath) => PgliteThread.start(pgDataPath ?? null));
}

async function openEmbedded(
  dataDir: string | null,
  create: (pgDataPath: string | undefined) => Promise<PGlite | PgliteThread>,
): Promise<Database> {
  let unlock = () => {};
  let pgDataPath: string | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
    pgDataPath = path.join(dataDir, "pgdata");
  }
  try {
    const client = await create(pgDataPath);
    const db = drizzlePglite(client as PGlite, { casing: "snake_case" }) as unknown as Db;
    return {
      db,
      engine: "pglite",
      listen: (channel, onPayload) => client.listen(channel, onPayload),
      close: async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw new DatabaseOpenError(`Could not open the embedded database in ${dataDir}: ${(error as Error).message}`);
  }
}

export async function openPostgres(url: string, max = Number(process.env.DATABASE_POOL_SIZE ?? 10)): Promise<Database> {
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connect_timeout: 10,
    connection: {
      // JIT compiles plans for big scans; for this app's short indexed queries it only adds 50-100 ms.
      jit: "off",
      // Statements are prepared (below), but each run is still planned for its own values: a plan made
      // once for any word cannot tell a rare word from a common one (decision record 0012).
      plan_cache_mode: "force_custom_plan",
    },
  });
  try {
    await client`select 1`;
  } catch (error) {
    await client.end({ timeout: 1 });
    throw new DatabaseOpenError(`Could not connect to the database at DATABASE_URL: ${(error as Error).message}`);
  }
  const db = drizzlePostgres(preparingStatements(client), { casing: "snake_case" }) as unknown as Db;
  return {
    db,
    engine: "postgres",
    listen: (channel, onPayload, onReconnect) => listenPostgres(url, channel, onPayload, onReconnect),
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * LISTEN on a client of its own (one connection, never idle-closed), outside the pool that serves queries.
 * postgres.js listens again on a new connection when it loses one; `onReconnect` tells the caller so.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
) {
  const client = postgres(url, {
    max: 1,
    onnotice: () => {},
    connect_timeout: 10,
    idle_timeout: 0,
    max_lifetime: null,
  });
  let listened = false;
  try {
    const { unlisten } = await client.listen(channel, onPayload, () => {
      if (listened) onReconnect?.();
      listened = true;
    });
    return async () => {
      await unlisten().catch(() => {});
      await client.end({ timeout: 1 });
    };
  } catch (error) {
    await client.end({ timeout: 1 });
    throw error;
  }
}

/**
 * Drizzle runs its queries through postgres.js's `unsafe` with `prepare: false`, and postgres.js then
 * sends every statement with parameters twice over: a Parse and Describe, a wait for the answer, then
 * Bind and Execute; PostgreSQL parses and analyses the text every time. Prepared (named per connection
 * by postgres.js, once per statement text), a statement is one round trip and is parsed once per
 * connection (decision record 0012). Statements without parameters keep the simple protocol.
 * Queries inside a transaction (postgres.js's own client) are left as Drizzle sends them.
 */
export function preparingStatements(client: postgres.Sql): postgres.Sql {
  const unsafe = client.unsafe;
  const prepared: typeof unsafe = (query, parameters, options) =>
    Array.isArray(parameters) && parameters.length > 0
      ? unsafe(query, parameters, { ...options, prepare: true })
      : unsafe(query, parameters, options);
  return Object.assign(client, { unsafe: prepared });
}

/** Applies the committed migrations. On PostgreSQL an advisory lock keeps several app instances from racing. */
export async function migrateDatabase(database: Database, url?: string) {
  const folder = migrationsFolder();
  if (database.engine === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder: folder });
    return;
  }
  if (!url) throw new Error("migrateDatabase needs the PostgreSQL url");
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(7310452)`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder: folder });
    await client`select pg_advisory_unlock(7310452)`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** Opens the database this process is configured for: PostgreSQL when DATABASE_URL is set, PGlite in DATA_DIR otherwise. */
export async function openConfiguredDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const database = url
    ? await openPostgres(url)
    : await openPgliteThread(path.resolve(process.env.DATA_DIR ?? "./data"));
  try {
    await migrateDatabase(database, url);
  } catch (error) {
    await database.close();
    throw new DatabaseOpenError(`Could not apply database migrations: ${(error as Error).message}`);
  }
  return database;
}
