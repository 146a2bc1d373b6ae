import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { ports } from "~/db/schema/trade";

export type PortOption = { code: string; name: string; kind: "sea" | "air" | "inland" };

/** Indian ports and places goods leave from, for a product's port of loading: seaports first, then by name. */
export async function listIndianPorts(db: Db): Promise<PortOption[]> {
  const rows = await db.select({ code: ports.code, name: ports.name, kind: ports.kind }).from(ports).where(eq(ports.country, "IN")).orderBy(asc(ports.kind), asc(ports.name));
  const order = { sea: 0, air: 1, inland: 2 } as const;
  return rows.sort((a, b) => order[a.kind] - order[b.kind]);
}

/** Whether a code is an Indian port in the table. */
export async function isIndianPort(db: Pick<Db, "select">, code: string): Promise<boolean> {
  const [row] = await db.select({ code: ports.code }).from(ports).where(and(eq(ports.code, code), eq(ports.country, "IN"))).limit(1);
  return Boolean(row);
}
