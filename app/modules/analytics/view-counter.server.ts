import crypto from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import type { Db } from "~/db/client.server";
import { clientNetwork } from "~/lib/client-network";
import { pageViewDays, pageViewHours } from "~/db/schema/analytics";
import { products } from "~/db/schema/products";
import { stores } from "~/db/schema/stores";

export type ViewKind = "store" | "product" | "qr";

/** Distinct pages one client network may add views to in a UTC day; past that its views are not counted. */
export const NETWORK_DAILY_PAGES = 1_000;
/** How often the counts kept in memory are written to the database. */
export const VIEW_FLUSH_INTERVAL_MS = 5_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type Visit = { kind: ViewKind; subjectId: string; ip: string; userAgent: string | undefined; now?: number };

/**
 * Counts page views without cookies or personal data (decision record 0033, as amended 2026-11-28). A visitor is their
 * network (an IPv4 address, an IPv6 /64), whatever their browser says it is: each network adds at most one view
 * per page and kind in a UTC day, to at most NETWORK_DAILY_PAGES pages. They are recognised by a hash of the
 * network, salted with a secret that changes every UTC day and lives only in this process's memory;
 * the hashes are kept in memory only, never written. Counts add up in memory per page and hour and are written by
 * `flush` (every few seconds, and at shutdown) as one upsert, so counting costs a request a hash and a few map
 * updates.
 */
export class ViewCounter {
  private seen: LRUCache<string, true>;
  private pagesOf: LRUCache<string, number>;
  private pending = new Map<string, number>();
  private salt = { day: -1, secret: Buffer.alloc(0) };
  private networkDailyPages: number;
  private clock: () => number;

  /** `clock`: the time a visit is counted at, when it does not say (tests pass their own) */
  constructor({
    maxVisitors = 200_000,
    networkDailyPages = NETWORK_DAILY_PAGES,
    clock = Date.now,
  }: { maxVisitors?: number; networkDailyPages?: number; clock?: () => number } = {}) {
    // no expiry needed: a day's entries are found only with that day's salt, and are the first to make room after it
    this.seen = new LRUCache({ max: maxVisitors });
    this.pagesOf = new LRUCache({ max: maxVisitors });
    this.networkDailyPages = networkDailyPages;
    this.clock = clock;
  }

  /**
   * Counts the visit unless it is a bot's, the subject is no id, the visitor's network was counted on this page
   * today (UTC), or it already counted on NETWORK_DAILY_PAGES pages today; says whether it counted.
   */
  record({ kind, subjectId, ip, userAgent, now = this.clock() }: Visit): boolean {
    if (!userAgent || isbot(userAgent) || !UUID.test(subjectId)) return false;
    const id = subjectId.toLowerCase();
    const network = crypto.createHmac("sha256", this.saltFor(now)).update(clientNetwork(ip)).digest("base64url");
    const visitor = `${network}|${kind}|${id}`;
    if (this.seen.has(visitor)) return false;
    const pages = this.pagesOf.get(network) ?? 0;
    if (pages >= this.networkDailyPages) return false;
    this.pagesOf.set(network, pages + 1);
    this.seen.set(visitor, true);
    const key = `${kind}|${id}|${Math.floor(now / HOUR_MS) * HOUR_MS}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    return true;
  }

  /** Views counted and not yet written. */
  get pendingViews(): number {
    let total = 0;
    for (const views of this.pending.values()) total += views;
    return total;
  }

  /**
   * Writes the counts kept so far, added to the hours' and the days' rows, in one transaction (views of pages that do not
   * exist, e.g. a made-up id, are dropped). On failure the counts are kept for the next flush.
   */
  async flush(db: Db): Promise<number> {
    if (this.pending.size === 0) return 0;
    const batch = this.pending;
    this.pending = new Map();
    try {
      const rows = [...batch].map(([key, views]) => {
        const [kind, subjectId, hour] = key.split("|") as [ViewKind, string, string];
        return { kind, subjectId, hour: new Date(Number(hour)), views };
      });
      const storeIds = [...new Set(rows.filter((r) => r.kind !== "product").map((r) => r.subjectId))];
      const productIds = [...new Set(rows.filter((r) => r.kind === "product").map((r) => r.subjectId))];
      const [knownStores, knownProducts] = await Promise.all([
        storeIds.length ? db.select({ id: stores.id }).from(stores).where(inArray(stores.id, storeIds)) : [],
        productIds.length ? db.select({ id: products.id }).from(products).where(inArray(products.id, productIds)) : [],
      ]);
      const known = new Set([...knownStores, ...knownProducts].map((r) => r.id));
      const kept = rows.filter((r) => known.has(r.subjectId));
      const days = new Map<string, { kind: ViewKind; subjectId: string; day: string; views: number }>();
      for (const r of kept) {
        const day = r.hour.toISOString().slice(0, 10);
        const key = `${r.kind}|${r.subjectId}|${day}`;
        const entry = days.get(key);
        if (entry) entry.views += r.views;
        else days.set(key, { kind: r.kind, subjectId: r.subjectId, day, views: r.views });
      }
      if (kept.length)
        await db.transaction(async (tx) => {
          await tx
            .insert(pageViewHours)
            .values(kept)
            .onConflictDoUpdate({
              target: [pageViewHours.kind, pageViewHours.subjectId, pageViewHours.hour],
              set: { views: sql`${pageViewHours.views} + excluded.views` },
            });
          await tx
            .insert(pageViewDays)
            .values([...days.values()])
            .onConflictDoUpdate({
              target: [pageViewDays.kind, pageViewDays.subjectId, pageViewDays.day],
              set: { views: sql`${pageViewDays.views} + excluded.views` },
            });
        });
      return kept.reduce((sum, r) => sum + r.views, 0);
    } catch (error) {
      for (const [key, views] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + views);
      throw error;
    }
  }

  private saltFor(now: number): Buffer {
    const day = Math.floor(now / DAY_MS);
    if (day !== this.salt.day) this.salt = { day, secret: crypto.randomBytes(32) };
    return this.salt.secret;
  }
}

/** The page a GET request shows, when it is one whose views are counted: a store page or a product page (its document or its data). */
export function viewedPage(path: string): { kind: "store" | "product"; subjectId: string } | null {
  const match = /^\/(stores|product)\/([0-9a-fA-F-]{36})(?:\.data)?$/.exec(path);
  if (!match || !UUID.test(match[2]!)) return null;
  return { kind: match[1] === "stores" ? "store" : "product", subjectId: match[2]! };
}
