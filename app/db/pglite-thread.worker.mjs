// @ts-check
// The embedded database's own thread (see pglite-thread.server.ts, which starts it and speaks for it).
// Plain JavaScript: Node loads it as it is, in development, in tests and beside the production build.
import process from "node:process";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

if (!parentPort) throw new Error("pglite-thread.worker.mjs runs only as a worker thread");
const port = parentPort;

/** @param {unknown} value */
const keep = (value) => value;

/** What crosses back of an error: its message and the database's fields (code, detail, constraint…). */
function errorData(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const data = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || value === null || ["string", "number", "boolean"].includes(typeof value))
      data[key] = value;
  }
  return data;
}

class RolledBack extends Error {}

/** A result as PGlite gives it, less what cannot cross threads. @param {import("@electric-sql/pglite").Results} result */
const shapeOf = (result) => ({
  rows: result.rows,
  fields: result.fields,
  affectedRows: result.affectedRows,
  rowCount: result.rowCount,
  command: result.command,
});

/** @type {PGlite} */
let pg;
try {
  // the same extensions as openPglite (client.server.ts)
  pg = await PGlite.create(workerData.pgDataPath, { extensions: { pg_trgm, btree_gin } });
} catch (error) {
  port.postMessage({ ready: false, error: errorData(error) });
  process.exit(1);
}

/** @type {Map<number, { tx: import("@electric-sql/pglite").Transaction, commit: () => void, rollback: (e: Error) => void, done: Promise<unknown> }>} */
const transactions = new Map();
let lastTransaction = 0;

/** The channels this thread listens on for the server's thread (LISTEN), each with PGlite's unlisten. @type {Map<string, () => Promise<void>>} */
const listening = new Map();

/** @param {number | undefined} id */
function target(id) {
  if (id === undefined) return pg;
  const open = transactions.get(id);
  if (!open) throw new Error("This transaction has already ended");
  return open.tx;
}

/** @param {any} message */
async function handle(message) {
  switch (message.op) {
    case "query": {
      // the caller's parsers are functions and cannot cross threads: those types come back as text, and
      // the caller parses them (the same parser, on the same text, as in one thread)
      const parsers = Object.fromEntries((message.textTypes ?? []).map((/** @type {number} */ oid) => [oid, keep]));
      const result = await target(message.tx).query(message.sql, message.params, { rowMode: message.rowMode, parsers });
      return shapeOf(result);
    }
    case "exec": {
      const results = await target(message.tx).exec(message.sql);
      return results.map(shapeOf);
    }
    case "begin":
      return new Promise((started, failed) => {
        const id = ++lastTransaction;
        const done = pg.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              transactions.set(id, { tx, commit: () => commit(undefined), rollback, done });
              started(id);
            }),
        );
        // BEGIN itself failed: the caller never got an id
        done.catch((error) => {
          if (!transactions.has(id)) failed(error);
        });
      });
    case "end": {
      const open = transactions.get(message.tx);
      if (!open) throw new Error("This transaction has already ended");
      transactions.delete(message.tx);
      if (message.commit) open.commit();
      else open.rollback(new RolledBack());
      try {
        await open.done;
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
      }
      return null;
    }
    case "listen": {
      // a notification (NOTIFY, delivered on commit) crosses to the server's thread as a message of its own
      if (!listening.has(message.channel)) {
        const unlisten = await pg.listen(message.channel, (payload) =>
          port.postMessage({ notify: { channel: message.channel, payload } }),
        );
        listening.set(message.channel, unlisten);
      }
      return null;
    }
    case "unlisten": {
      const unlisten = listening.get(message.channel);
      listening.delete(message.channel);
      await unlisten?.();
      return null;
    }
    case "close":
      listening.clear();
      await pg.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

port.on("message", (message) => {
  handle(message).then(
    (result) => {
      try {
        port.postMessage({ id: message.id, result });
      } catch (error) {
        // a value that cannot be copied back: this call fails, the thread goes on
        port.postMessage({ id: message.id, error: errorData(error) });
      }
    },
    (error) => port.postMessage({ id: message.id, error: errorData(error) }),
  );
});
port.postMessage({ ready: true });
