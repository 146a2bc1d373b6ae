import path from "node:path";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import { logger } from "~/logger.server";

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };
/** A NOTIFY on a channel the thread listens on, sent by the thread unasked. */
type Notification = { notify: { channel: string; payload: string } };
type Parser = (text: string, typeId: number) => unknown;
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** A database error from the embedded database's thread, with the fields PostgreSQL gave it (code, detail…). */
class EmbeddedDatabaseError extends Error {
  code?: string;
}

function errorOf(data: Record<string, unknown>): EmbeddedDatabaseError {
  const error = new EmbeddedDatabaseError(String(data.message));
  for (const [key, value] of Object.entries(data))
    if (key !== "message" && key !== "name") (error as unknown as Record<string, unknown>)[key] = value;
  return error;
}

/** Applies the caller's parsers to the columns the thread sent back as text (see the worker's "query"). */
function parseTextColumns(
  result: Results,
  parsers: NonNullable<QueryOptions["parsers"]>,
  rowMode: QueryOptions["rowMode"],
): Results {
  // by row key: in object mode, of two columns with one name the row holds the last, so its type decides
  const byKey = new Map<string | number, { parse: Parser; type: number } | null>();
  result.fields.forEach((field, index) => {
    const parse = (parsers as Record<number, Parser | undefined>)[field.dataTypeID];
    byKey.set(rowMode === "array" ? index : field.name, parse ? { parse, type: field.dataTypeID } : null);
  });
  const columns = [...byKey].flatMap(([key, column]) => (column ? [{ key, ...column }] : []));
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parse, type } of columns) if (row[key] !== null) row[key] = parse(row[key] as string, type);
  }
  return result;
}

/** Queries and transactions of one connection, as Drizzle's PGlite driver calls them. */
class Connection {
  constructor(
    private readonly send: (message: Record<string, unknown>) => Promise<unknown>,
    private readonly tx?: number,
  ) {}

  async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    const parsers = options.parsers ?? {};
    const textTypes = Object.keys(parsers).map(Number);
    const result = (await this.send({
      op: "query",
      tx: this.tx,
      sql,
      params,
      rowMode: options.rowMode,
      textTypes,
    })) as Results;
    return parseTextColumns(result, parsers, options.rowMode) as Results<T>;
  }

  async exec(sql: string): Promise<Results[]> {
    return (await this.send({ op: "exec", tx: this.tx, sql })) as Results[];
  }
}

/**
 * The embedded database (PGlite) on a thread of its own. PGlite runs each query to its end on the thread
 * that calls it: in the app server's thread, every query stopped the server from reading, routing and
 * rendering other requests, and the server used one of the machine's cores. On its own thread, the
 * database works while the server serves. Same interface as PGlite for what Drizzle uses: `query`,
 * `exec`, `transaction`, `close`. A transaction holds the database for its queries until it ends, as in
 * PGlite itself (decision record 0016).
 */
export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private lastId = 0;
  private stopped: Error | null = null;
  private closing = false;
  private readonly send = (message: Record<string, unknown>) => this.call(message);
  private readonly connection = new Connection(this.send);
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on("message", (message: Reply | Notification) =>
      "notify" in message ? this.deliver(message.notify) : this.settle(message),
    );
    // a crash of the database's thread (out of memory…) fails what waits and what comes; /healthz then says so
    worker.on("error", (error) => this.stop(new Error(`The embedded database stopped: ${error.message}`)));
    worker.on("exit", (code) => this.stop(new Error(`The embedded database stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens PGlite's data directory (`null`: in memory). */
  static async start(pgDataPath: string | null): Promise<PgliteThread> {
    const worker = new Worker(path.resolve(process.cwd(), "app/db/pglite-thread.worker.mjs"), {
      workerData: { pgDataPath: pgDataPath ?? undefined },
    });
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      const exited = (code: number) =>
        reject(new Error(`The embedded database's thread ended as it started (exit code ${code})`));
      worker.once("error", fail);
      worker.once("exit", exited);
      worker.once("message", (message: { ready: boolean; error?: Record<string, unknown> }) => {
        worker.off("error", fail);
        worker.off("exit", exited);
        if (message.ready) resolve();
        else reject(errorOf(message.error ?? {}));
      });
    });
    return new PgliteThread(worker);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.connection.query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.connection.exec(sql);
  }

  /**
   * Calls `callback` with the payload of every NOTIFY on `channel` (delivered when the notifying transaction
   * commits), as PGlite's own `listen`. Resolves once the thread listens; returns what stops it.
   */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
    }
    callbacks.add(callback);
    try {
      await this.call({ op: "listen", channel });
    } catch (error) {
      callbacks.delete(callback);
      throw error;
    }
    return async () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(callback) || current.size > 0) return;
      this.listeners.delete(channel);
      if (!this.stopped) await this.call({ op: "unlisten", channel });
    };
  }

  private deliver({ channel, payload }: Notification["notify"]) {
    for (const callback of this.listeners.get(channel) ?? []) {
      try {
        callback(payload);
      } catch (error) {
        logger.error({ err: error, channel }, "a listener of the embedded database failed");
      }
    }
  }

  private call(message: Record<string, unknown>): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.lastId;
    // the thread keeps the process alive only while it has work to answer
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        this.worker.postMessage({ ...message, id });
      } catch (error) {
        // a value that cannot be copied to another thread (a function…)
        this.settle({ id, error: { message: (error as Error).message } });
      }
    });
  }

  private settle(reply: Reply) {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0 && !this.closing) this.worker.unref();
    if (reply.error) pending.reject(errorOf(reply.error));
    else pending.resolve(reply.result);
  }

  private stop(error: Error) {
    if (!this.stopped && !this.closing) logger.error({ err: error }, "the embedded database's thread stopped");
    this.stopped ??= error;
    this.listeners.clear();
    for (const pending of this.pending.values()) pending.reject(this.stopped);
    this.pending.clear();
  }

  /** Runs `work` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: Connection) => Promise<T>): Promise<T> {
    const id = (await this.call({ op: "begin" })) as number;
    let result: T;
    try {
      result = await work(new Connection(this.send, id));
    } catch (error) {
      // the work's error is the one to report, even if the rollback fails too (a thread that died)
      await this.call({ op: "end", tx: id, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ op: "end", tx: id, commit: true });
    return result;
  }

  async close(): Promise<void> {
    this.closing = true;
    // held until the thread has exited: otherwise, with nothing else to wait for, the process could end
    // before the caller's next step (the data directory's lock is let go after this)
    this.worker.ref();
    try {
      if (!this.stopped) await this.call({ op: "close" });
    } finally {
      this.stop(new Error("The embedded database is closed"));
      await this.worker.terminate();
    }
  }
}
