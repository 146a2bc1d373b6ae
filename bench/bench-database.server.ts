import fs from "node:fs";
import path from "node:path";
import { openPglite, openPostgres, type Database } from "~/db/client.server";

/** Where a benchmark runs: a PostgreSQL server, or a PGlite data directory (the same folder the app's DATA_DIR would be). */
export type BenchTarget = { engine: "postgres"; url: string } | { engine: "pglite"; dataDir: string };

export const DEFAULT_DATA_DIR = "./bench-data";

/**
 * --database-url wins; otherwise PGlite in --data-dir (default ./bench-data). The environment's
 * DATABASE_URL and DATA_DIR are deliberately ignored, so a benchmark never fills a database by accident.
 */
export function benchTarget(options: { "database-url"?: string; "data-dir"?: string }): BenchTarget {
  if (options["database-url"]) return { engine: "postgres", url: options["database-url"] };
  return { engine: "pglite", dataDir: path.resolve(options["data-dir"] ?? DEFAULT_DATA_DIR) };
}

export function describeTarget(target: BenchTarget): string {
  if (target.engine === "pglite") return `PGlite in ${target.dataDir}`;
  const url = new URL(target.url);
  return `PostgreSQL ${url.host}${url.pathname}`;
}

/** Opens the target: a pool of `connections` for PostgreSQL; PGlite is always one connection. */
export async function openTarget(target: BenchTarget, connections = 1): Promise<Database> {
  if (target.engine === "postgres") return openPostgres(target.url, connections);
  fs.mkdirSync(path.dirname(target.dataDir), { recursive: true });
  return openPglite(target.dataDir);
}

export function formatInt(n: number) {
  return Math.round(n).toLocaleString("en-US");
}

export function seconds(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`;
}
