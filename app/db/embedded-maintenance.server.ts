import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./client.server";

/** How often the embedded database's tables are checked for changes since they were last tidied. */
export const EMBEDDED_MAINTENANCE_INTERVAL_MS = 10 * 60_000;

export type Tidied = { vacuumed: string[]; analyzed: string[] };

/**
 * PGlite has no autovacuum. Nothing would ever ANALYZE its tables, so the planner, and the search's
 * choice of where to look (search-statistics.server.ts), would go without statistics, or by those of
 * the day the data was loaded; and nothing would VACUUM them, so the dead rows that every update and
 * delete leaves (sessions, product edits, orders changing status) would stay, and tables and indexes
 * would only grow. This does what autovacuum does, at its default thresholds:
 * - a table with more than 50 dead rows plus a fifth of its live rows, or more than 1,000 rows plus a
 *   fifth inserted since its last vacuum (which keeps its visibility map fresh), is vacuumed and analyzed;
 * - otherwise a table changed by more than 50 rows plus a tenth of its rows since its last analysis is
 *   analyzed.
 * The app server runs PGlite on its own thread (decision record 0016): while this runs, queries wait for
 * it, but requests are still read and answered. (PostgreSQL's own autovacuum does this on a server.)
 */
export async function tidyChangedTables(db: Db): Promise<Tidied> {
  // this process's own changes reach the statistics views at most once a second: count them all now
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = await queryRows<{ relname: string; vacuum: boolean; analyze: boolean }>(
    db,
    sql`select relname,
          (n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup) as vacuum,
          n_mod_since_analyze > 50 + 0.1 * n_live_tup as analyze
        from pg_stat_user_tables where schemaname = current_schema() order by relname`,
  );
  const tidied: Tidied = { vacuumed: [], analyzed: [] };
  for (const { relname, vacuum, analyze } of tables) {
    if (vacuum) {
      await db.execute(sql`vacuum (analyze) ${sql.identifier(relname)}`);
      tidied.vacuumed.push(relname);
      tidied.analyzed.push(relname);
    } else if (analyze) {
      await db.execute(sql`analyze ${sql.identifier(relname)}`);
      tidied.analyzed.push(relname);
    }
  }
  return tidied;
}
