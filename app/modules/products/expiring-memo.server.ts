import { LRUCache } from "lru-cache";
import type { Db } from "~/db/client.server";

/**
 * What searches on each database looked up lately, by key: an `lru-cache` per database holding at most
 * `size` entries, each for `maxAgeMs`. Per database, so tests on separate databases never share one.
 * Its clock is `Date.now()`, read on every look-up (lru-cache reads `performance.now()` at most once a millisecond by default), so tests can move time with fake timers.
 */
export function expiringMemo<V extends NonNullable<unknown>>(maxAgeMs: number, size: number) {
  const byDb = new WeakMap<Db, LRUCache<string, V>>();
  const clock = { now: () => Date.now() };
  return {
    get(db: Db, key: string): V | undefined {
      return byDb.get(db)?.get(key);
    },
    set(db: Db, key: string, value: V) {
      let entries = byDb.get(db);
      if (!entries)
        byDb.set(db, (entries = new LRUCache<string, V>({ max: size, ttl: maxAgeMs, ttlResolution: 0, perf: clock })));
      entries.set(key, value);
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
