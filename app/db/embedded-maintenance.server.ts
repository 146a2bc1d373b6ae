import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./client.server";

/** How often the embedded database's tables are checked for changes since they were last analyzed. */
export const EMBEDDED_ANALYZE_INTERVAL_MS = 10 * 60_000;

/**
 * PGlite has no autovacuum: nothing would ever ANALYZE its tables, so the planner, and the search's
 * choice of where to look (search-statistics.server.ts), would go without statistics, or by those of
 * the day the data was loaded. This does what autovacuum's analyze does, at its default thresholds:
 * a table changed by more than 50 rows plus a tenth of its rows since its last analysis is analyzed
 * again. Returns the tables it analyzed. (PostgreSQL's own autovacuum does this on a server.)
 */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  // this process's own changes reach the statistics views at most once a second: count them all now
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const changed = (
    await queryRows<{ relname: string }>(
      db,
      sql`select relname from pg_stat_user_tables where schemaname = current_schema() and n_mod_since_analyze > 50 + 0.1 * n_live_tup order by relname`,
    )
  ).map((row) => row.relname);
  for (const table of changed) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return changed;
}
