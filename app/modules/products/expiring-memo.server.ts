import type { Db } from "~/db/client.server";

/**
 * What searches on each database looked up lately, by key, each entry kept `maxAgeMs`; a database's
 * entries are all dropped when they reach `size` (a bound, not an LRU: the searches that matter are
 * looked up again within minutes). Per database, so tests on separate databases never share one.
 */
export function expiringMemo<V>(maxAgeMs: number, size: number) {
  const byDb = new WeakMap<Db, Map<string, { at: number; value: V }>>();
  return {
    get(db: Db, key: string): V | undefined {
      const entry = byDb.get(db)?.get(key);
      return entry && Date.now() - entry.at < maxAgeMs ? entry.value : undefined;
    },
    set(db: Db, key: string, value: V) {
      let entries = byDb.get(db);
      if (!entries) byDb.set(db, (entries = new Map()));
      if (entries.size >= size && !entries.has(key)) entries.clear();
      entries.set(key, { at: Date.now(), value });
    },
    delete(db: Db, key: string) {
      byDb.get(db)?.delete(key);
    },
    /** Forgets everything looked up on a database. */
    forget(db: Db) {
      byDb.delete(db);
    },
  };
}
