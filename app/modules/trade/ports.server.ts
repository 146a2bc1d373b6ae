import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { ports } from "~/db/schema/trade";
import type { Port } from "./trade-terms.schema";


/** Every port and place of the India → USA lanes, Indian first, by name. */
export async function listPorts(db: Db): Promise<Port[]> {
  return db.select().from(ports).orderBy(asc(ports.country), asc(ports.name));
}

export async function findPort(db: Db, code: string): Promise<Port | null> {
  const [row] = await db.select().from(ports).where(eq(ports.code, code)).limit(1);
  return row ?? null;
}
