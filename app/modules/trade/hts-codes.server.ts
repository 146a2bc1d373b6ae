import { inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { nestedSql } from "~/db/sql-helpers";
import { htsCodes } from "~/db/schema/trade";
import { formatHtsCode } from "./trade-terms.schema";

/** The HTSUS lines of the given codes that the table holds, by code: their descriptions. */
export async function htsDescriptions(
  db: Pick<Db, "select">,
  codes: Iterable<string | null | undefined>,
): Promise<Map<string, string>> {
  const wanted = [...new Set([...codes].filter((c): c is string => !!c && /^[0-9]{10}$/.test(c)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ code: htsCodes.code, description: htsCodes.description })
    .from(htsCodes)
    .where(inArray(htsCodes.code, wanted));
  return new Map(rows.map((r) => [r.code, r.description]));
}

/**
 * Why a 10-digit HTSUS code cannot be used, or null when the HTS table holds it: a number that is not a line of the
 * schedule would be refused by the customs broker.
 */
export async function htsCodeRefusal(db: Pick<Db, "select">, code: string): Promise<string | null> {
  if ((await htsDescriptions(db, [code])).has(code)) return null;
  return htsCodeUnknown(code);
}

/** The refusal of a well-formed 10-digit number that is not a line of the HTS table Setu holds. */
export function htsCodeUnknown(code: string): string {
  return `${formatHtsCode(code)} is not in the HTSUS table Setu holds: check the 10-digit number on hts.usitc.gov (an administrator imports new lines)`;
}

/** An HTSUS code's description as a scalar subquery (null when the table has no such line), for one-statement pages. */
export function htsDescriptionOf(code: SQLWrapper): SQL<string | null> {
  return nestedSql(
    sql<string | null>`(select ${htsCodes.description} from ${htsCodes} where ${htsCodes.code} = ${code})`,
  );
}
