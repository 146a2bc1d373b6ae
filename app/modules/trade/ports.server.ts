import { asc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { nestedSql } from "~/db/sql-helpers";
import { ports } from "~/db/schema/trade";
import type { Port } from "./trade-terms.schema";

export type PortOption = Pick<Port, "code" | "name" | "kind">;

/** Every port and place of the India → USA lanes, Indian first, by name. */
export async function listPorts(db: Db): Promise<Port[]> {
  return db.select().from(ports).orderBy(asc(ports.country), asc(ports.name));
}

export async function findPort(db: Pick<Db, "select">, code: string): Promise<Port | null> {
  const [row] = await db.select().from(ports).where(eq(ports.code, code)).limit(1);
  return row ?? null;
}

/** Indian ports and places goods leave from, for a product's port of loading: seaports first, then by name. */
export async function listIndianPorts(db: Db): Promise<PortOption[]> {
  const order = { sea: 0, air: 1, inland: 2 } as const;
  return (await listPorts(db))
    .filter((p) => p.country === "IN")
    .sort((a, b) => order[a.kind] - order[b.kind] || a.name.localeCompare(b.name))
    .map(({ code, name, kind }) => ({ code, name, kind }));
}

/** Whether a code is an Indian port in the table. */
export async function isIndianPort(db: Pick<Db, "select">, code: string): Promise<boolean> {
  return (await findPort(db, code))?.country === "IN";
}

/**
 * A port's name as a scalar subquery on its code (null for a code that names no port): for a page that names a port
 * in its one statement while the ports table stays trade's (record 0049).
 */
export function portNameOf(code: SQLWrapper): SQL<string | null> {
  return nestedSql(sql<string | null>`(select ${ports.name} from ${ports} where ${ports.code} = ${code})`);
}
