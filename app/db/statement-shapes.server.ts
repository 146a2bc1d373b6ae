import type { Db } from "./client.server";

type Values = Record<string, unknown>;
type Prepared<T> = { execute(values?: Values): Promise<T> };
type Preparable<T> = { prepare(name: string): Prepared<T> };

/**
 * More shapes than the search can make (about 3,300 combinations of sort, level, cursor, filters and match
 * parts, most of which no one ever asks for): a bound against a bug, not a cache policy.
 */
const MAX_SHAPES = 10_000;
const byDb = new WeakMap<Db, Map<string, Prepared<unknown>>>();

/**
 * Runs a statement of a given shape, building it only the first time on each database. Drizzle builds a
 * statement's text anew on every call: for a search page that was about 0.4 ms of CPU and its garbage, a
 * fifth of the app server's work per request. A statement built with placeholders (`sql.placeholder`) is
 * filled with each call's `values` instead.
 *
 * `shape` must name everything that changes the statement's text (which conditions it has, its sort, its
 * sample level…); everything else must be a placeholder. A shape that leaves something out would reuse a
 * statement built for another: the search's tests run every shape after others on one database.
 */
export function runShaped<T>(db: Db, shape: string, build: () => Preparable<T>, values: Values): Promise<T> {
  let shapes = byDb.get(db);
  if (!shapes) byDb.set(db, (shapes = new Map()));
  let statement = shapes.get(shape) as Prepared<T> | undefined;
  if (!statement) {
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    statement = build().prepare(`shape_${shapes.size}`);
    shapes.set(shape, statement);
  }
  return statement.execute(values);
}
