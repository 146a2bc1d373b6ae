import crypto from "node:crypto";
import { logger } from "~/logger.server";
import type { Listen } from "~/db/client.server";
import { LIVE_CHANNEL } from "./live-events.server";
import type { LiveEvent } from "./live.schema";

/** What the browser is told besides LiveEvents: `ready` when a stream opens, `resync` when it must re-read everything. */
export type StreamEventName = LiveEvent["type"] | "ready" | "resync";

/** One open event stream of one user on this instance, opened with one of their sign-in sessions. */
export type LiveSubscriber = {
  userId: string;
  sessionId: string;
  /** the client's network (lib/client-network: an IPv4 address, an IPv6 /64) */
  client: string;
  send: (name: StreamEventName, data: unknown, id: string) => void;
  close: () => void;
};

export type LiveLimits = { perUser: number; perInstance: number; perClient: number };

/**
 * Per client network: many people can share one address (an office, a carrier's NAT), so the bound is well above
 * one person's tabs, and far below the instance's: filling an instance takes 25 networks, and a full instance
 * sheds the heaviest one's streams first (LiveHub.add).
 */
export const DEFAULT_LIVE_LIMITS: LiveLimits = { perUser: 10, perInstance: 5000, perClient: 200 };

export type LiveAdmission = "added" | "user-limit" | "client-limit" | "instance-limit";

/** Which of these sign-in sessions still exist and have not expired (one statement). */
export type SessionCheck = (sessionIds: string[]) => Promise<Set<string>>;

/** How often the sessions of the open streams are checked again (revoked elsewhere, expired). */
export const DEFAULT_SESSION_CHECK_MS = 30_000;

const LIVE_EVENT_TYPES = new Set(["message", "read", "notification", "order"]);

/**
 * The open event streams of this instance, by user. Every instance receives every notification (one
 * LISTEN connection each) and hands it only to the streams of the users it names.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveSubscriber>>();
  private readonly byClient = new Map<string, Set<LiveSubscriber>>();
  /** when each stream last had something to say (opened, or an event sent): a tick of this hub, not a time */
  private readonly lastActive = new Map<LiveSubscriber, number>();
  private tick = 0;
  private open = 0;
  private sequence = 0;
  /** event ids say which instance sent them: a reconnect may reach another instance */
  private readonly prefix = crypto.randomBytes(4).toString("hex");

  constructor(readonly limits: LiveLimits = DEFAULT_LIVE_LIMITS) {}

  get size() {
    return this.open;
  }

  nextId(): string {
    return `${this.prefix}-${++this.sequence}`;
  }

  /** How many streams a client network holds on this instance. */
  streamsOf(client: string): number {
    return this.byClient.get(client)?.size ?? 0;
  }

  /**
   * Adds a stream, or says which bound refuses it: the user's, the client network's, or the instance's. A full
   * instance first closes the least recently active stream of the network that holds the most streams (when
   * that network holds at least two more than the newcomer's, so that equal shares do not trade streams back
   * and forth); its browser reconnects later (use-live-events' backoff). Only then is anyone refused.
   */
  add(subscriber: LiveSubscriber): LiveAdmission {
    if ((this.byUser.get(subscriber.userId)?.size ?? 0) >= this.limits.perUser) return "user-limit";
    if (this.streamsOf(subscriber.client) >= this.limits.perClient) return "client-limit";
    if (this.open >= this.limits.perInstance) {
      const evicted = this.evictionFor(subscriber.client);
      if (!evicted) return "instance-limit";
      this.remove(evicted);
      evicted.close();
      logger.info(
        { client: evicted.client, streams: this.streamsOf(evicted.client) + 1 },
        "closed the oldest idle live stream of the heaviest client",
      );
    }
    for (const [index, key] of [
      [this.byUser, subscriber.userId],
      [this.byClient, subscriber.client],
    ] as const) {
      let streams = index.get(key);
      if (!streams) {
        streams = new Set();
        index.set(key, streams);
      }
      streams.add(subscriber);
    }
    this.lastActive.set(subscriber, ++this.tick);
    this.open++;
    return "added";
  }

  /** The least recently active stream of the heaviest client network, if it holds two more than `client`. */
  private evictionFor(client: string): LiveSubscriber | null {
    let heaviest: Set<LiveSubscriber> | undefined;
    for (const streams of this.byClient.values()) if (!heaviest || streams.size > heaviest.size) heaviest = streams;
    if (!heaviest || heaviest.size < this.streamsOf(client) + 2) return null;
    let oldest: LiveSubscriber | null = null;
    let oldestTick = Infinity;
    for (const subscriber of heaviest) {
      const tick = this.lastActive.get(subscriber) ?? 0;
      if (tick < oldestTick) [oldest, oldestTick] = [subscriber, tick];
    }
    return oldest;
  }

  remove(subscriber: LiveSubscriber) {
    const streams = this.byUser.get(subscriber.userId);
    if (!streams?.delete(subscriber)) return;
    this.open--;
    if (streams.size === 0) this.byUser.delete(subscriber.userId);
    const ofClient = this.byClient.get(subscriber.client);
    ofClient?.delete(subscriber);
    if (ofClient?.size === 0) this.byClient.delete(subscriber.client);
    this.lastActive.delete(subscriber);
  }

  /** Hands an event to the open streams of the named users; returns how many streams got it. */
  publish(userIds: readonly string[], event: LiveEvent): number {
    let sent = 0;
    for (const userId of new Set(userIds)) {
      for (const subscriber of this.byUser.get(userId) ?? []) {
        this.sendTo(subscriber, event.type, event);
        sent++;
      }
    }
    return sent;
  }

  /**
   * A notification's payload as publishLive wrote it: `{ userIds, event }`, or as endLiveSessions wrote it:
   * `{ userIds, endedSessionIds }` (returns how many streams it closed). Anything else is ignored.
   */
  deliver(payload: string): number {
    let parsed: { userIds?: unknown; event?: { type?: unknown }; endedSessionIds?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      logger.warn({ payload: payload.slice(0, 200) }, "a live notification that is not JSON");
      return 0;
    }
    const { userIds, event, endedSessionIds } = parsed ?? {};
    if (Array.isArray(userIds) && Array.isArray(endedSessionIds)) {
      const ended = new Set(endedSessionIds.filter((id): id is string => typeof id === "string"));
      return this.closeWhere((s) => userIds.includes(s.userId) && ended.has(s.sessionId));
    }
    if (!Array.isArray(userIds) || !event || !LIVE_EVENT_TYPES.has(event.type as string)) return 0;
    return this.publish(
      userIds.filter((id): id is string => typeof id === "string"),
      event as LiveEvent,
    );
  }

  /** Every stream re-reads: what was notified while this instance was not listening is lost. */
  resyncAll() {
    for (const streams of this.byUser.values()) for (const subscriber of streams) this.sendTo(subscriber, "resync", {});
  }

  /**
   * Closes the streams whose sign-in session is no longer valid (signed out on another instance while this one
   * was not listening, revoked, expired): asks `check` about every open stream's session at once.
   */
  async recheckSessions(check: SessionCheck): Promise<number> {
    const ids = new Set<string>();
    for (const streams of this.byUser.values()) for (const subscriber of streams) ids.add(subscriber.sessionId);
    if (ids.size === 0) return 0;
    const valid = await check([...ids]);
    // only the sessions asked about: a stream opened meanwhile has a session no one checked
    return this.closeWhere((s) => ids.has(s.sessionId) && !valid.has(s.sessionId));
  }

  /** Closes and removes the streams that match; returns how many. */
  private closeWhere(match: (subscriber: LiveSubscriber) => boolean): number {
    let closed = 0;
    for (const streams of [...this.byUser.values()]) {
      for (const subscriber of [...streams]) {
        if (!match(subscriber)) continue;
        this.remove(subscriber);
        subscriber.close();
        closed++;
      }
    }
    return closed;
  }

  closeAll() {
    for (const streams of [...this.byUser.values()]) for (const subscriber of [...streams]) subscriber.close();
    this.byUser.clear();
    this.byClient.clear();
    this.lastActive.clear();
    this.open = 0;
  }

  private sendTo(subscriber: LiveSubscriber, name: StreamEventName, data: unknown) {
    if (this.lastActive.has(subscriber)) this.lastActive.set(subscriber, ++this.tick);
    try {
      subscriber.send(name, data, this.nextId());
    } catch (error) {
      // a stream that closed as we wrote: it leaves on its own "close"
      logger.debug({ err: error }, "could not write to a live stream");
    }
  }
}

export type LiveUpdates = { hub: LiveHub; stop: () => Promise<void> };

/**
 * Listens on the live channel of the database and fans each notification out to this instance's streams.
 * With `sessions`, every `intervalMs` the open streams' sign-in sessions are checked in one statement and the
 * streams of sessions that ended are closed (a sign-out closes them at once through `endLiveSessions`).
 */
export async function startLiveUpdates(
  listen: Listen,
  limits: LiveLimits = DEFAULT_LIVE_LIMITS,
  sessions?: { check: SessionCheck; intervalMs?: number },
): Promise<LiveUpdates> {
  const hub = new LiveHub(limits);
  let checking = false;
  const recheck = sessions
    ? setInterval(() => {
        if (checking) return;
        checking = true;
        hub
          .recheckSessions(sessions.check)
          .then((closed) => closed > 0 && logger.info({ closed }, "closed live streams whose session ended"))
          .catch((error: unknown) => logger.warn({ err: error }, "could not check the sessions of the live streams"))
          .finally(() => (checking = false));
      }, sessions.intervalMs ?? DEFAULT_SESSION_CHECK_MS)
    : undefined;
  recheck?.unref();
  const unlisten = await listen(
    LIVE_CHANNEL,
    (payload) => hub.deliver(payload),
    () => {
      logger.warn("the live listener reconnected: every open stream re-reads");
      hub.resyncAll();
    },
  );
  return {
    hub,
    stop: async () => {
      clearInterval(recheck);
      hub.closeAll();
      await unlisten().catch((error: unknown) => logger.warn({ err: error }, "could not stop the live listener"));
    },
  };
}

export function liveLimitsFromEnv(env: NodeJS.ProcessEnv): LiveLimits {
  const positive = (value: string | undefined, fallback: number) => {
    const n = Number.parseInt(value ?? "", 10);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return {
    perUser: positive(env.LIVE_MAX_STREAMS_PER_USER, DEFAULT_LIVE_LIMITS.perUser),
    perInstance: positive(env.LIVE_MAX_STREAMS, DEFAULT_LIVE_LIMITS.perInstance),
    perClient: positive(env.LIVE_MAX_STREAMS_PER_CLIENT, DEFAULT_LIVE_LIMITS.perClient),
  };
}

export function sessionCheckIntervalFromEnv(env: NodeJS.ProcessEnv): number {
  const n = Number.parseInt(env.LIVE_SESSION_CHECK_MS ?? "", 10);
  return Number.isInteger(n) && n >= 100 ? n : DEFAULT_SESSION_CHECK_MS;
}
