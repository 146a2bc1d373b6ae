import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/** `column in ('a', 'b')` for a check constraint, from a status list (`app/lib/status-lists.ts`): the list is written once. */
export function isOneOf(column: AnyColumn | SQL, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "))})`;
}

/** A user's text as an ILIKE pattern matching it anywhere, its `%`, `_` and `\` taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A subquery that keeps its table names when it is a field of a select from one table. Drizzle writes such a select's
 * fields without table names (`"id"` for `rfqs.id`), which inside a subquery binds to the subquery's own table when
 * it has a column of that name; nested one level, the subquery's columns are written whole. Every fragment a domain
 * exports for others' selects (record 0049) is built with it.
 */
export function nestedSql<T>(query: SQL<T>): SQL<T> {
  return sql<T>`${query}`;
}
