import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./client.server";

/** How often the embedded database's tables are checked for changes since they were last tidied. */
export const EMBEDDED_MAINTENANCE_INTERVAL_MS = 10 * 60_000;

export type Tidied = { vacuumed: string[]; analyzed: string[] };

/** pg-boss's schema (its default; job-queue.server.ts does not change it). */
const JOB_QUEUE_SCHEMA = "pgboss";

/**
 * PGlite has no autovacuum. Nothing would ever ANALYZE its tables, so the planner (and with it the search's
 * choice between the full-text index and a sort index) would go without statistics, or by those of
 * the day the data was loaded; and nothing would VACUUM them, so the dead rows that every update and
 * delete leaves (sessions, product edits, orders changing status) would stay, and tables and indexes
 * would only grow. This does what autovacuum does, at its default thresholds:
 * - a table with more than 50 dead rows plus a fifth of its live rows is vacuumed and analyzed, one such
 *   table a pass (the one with the most dead rows): a vacuum reads the whole table and its indexes, and
 *   on PGlite every other query waits for it, so a pass holds the database for one table's vacuum at most;
 * - a table changed by more than 50 rows plus a tenth of its rows since its last analysis is analyzed.
 * Autovacuum's vacuum after many inserts (for the visibility map) is left out: it would vacuum a whole
 * newly imported catalogue at start-up, for little the search would gain.
 * PGlite loses those counters when it restarts: what changed before a restart would never count. So a
 * table that has grown by more than a fifth (and 8 pages) since its last vacuum or analysis recorded its
 * size is taken as changed too: vacuumed and analyzed if no other table is this pass, analyzed otherwise.
 * The app server runs PGlite on its own thread (decision record 0016): while this runs, queries wait for
 * it, but requests are still read and answered. (PostgreSQL's own autovacuum does this on a server.)
 * The job queue's tables (schema `pgboss`) are tidied with the app's: every job is inserted, updated as it
 * runs and deleted once kept long enough, so they collect dead rows faster than most. They are named with
 * their schema ("pgboss.job_common"); the app's own tables without. Partitioned parents (pg-boss's `job`)
 * hold no rows of their own: their partitions are tidied one by one, as autovacuum does.
 */
export async function tidyChangedTables(db: Db): Promise<Tidied> {
  // this process's own changes reach the statistics views at most once a second: count them all now
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = await queryRows<{
    schemaname: string;
    relname: string;
    own: boolean;
    vacuum: boolean;
    analyze: boolean;
    grown: boolean;
  }>(
    db,
    sql`select t.schemaname, t.relname, t.schemaname = current_schema() as own, t.vacuum, t.analyze, t.pages > 8 + 1.2 * t.relpages as grown
        from (select s.schemaname, s.relname, s.n_dead_tup,
                s.n_dead_tup > 50 + 0.2 * s.n_live_tup as vacuum,
                s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup as analyze,
                pg_relation_size(s.relid) / current_setting('block_size')::int as pages, c.relpages
              from pg_stat_user_tables s join pg_class c on c.oid = s.relid
              where s.schemaname in (current_schema(), ${JOB_QUEUE_SCHEMA}) and c.relkind = 'r') as t
        order by t.n_dead_tup desc, t.pages - t.relpages desc, t.schemaname = current_schema() desc, t.relname`,
  );
  const tidied: Tidied = { vacuumed: [], analyzed: [] };
  for (const { schemaname, relname, own, vacuum, analyze, grown } of tables) {
    const table = sql`${sql.identifier(schemaname)}.${sql.identifier(relname)}`;
    const name = own ? relname : `${schemaname}.${relname}`;
    if ((vacuum || grown) && tidied.vacuumed.length === 0) {
      await db.execute(sql`vacuum (analyze) ${table}`);
      tidied.vacuumed.push(name);
      tidied.analyzed.push(name);
    } else if (analyze || grown) {
      await db.execute(sql`analyze ${table}`);
      tidied.analyzed.push(name);
    }
  }
  tidied.analyzed.sort();
  return tidied;
}
