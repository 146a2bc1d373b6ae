import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/** `column in ('a', 'b')` for a check constraint, from a status list (`app/lib/status-lists.ts`): the list is written once. */
export function isOneOf(column: AnyColumn | SQL, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "))})`;
}

/** A user's text as an ILIKE pattern matching it anywhere, its `%`, `_` and `\` taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
