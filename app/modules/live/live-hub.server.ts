import crypto from "node:crypto";
import { logger } from "~/lib/logger.server";
import type { Listen } from "~/db/client.server";
import { LIVE_CHANNEL } from "./live-events.server";
import type { LiveEvent } from "./live.schema";

/** What the browser is told besides LiveEvents: `ready` when a stream opens, `resync` when it must re-read everything. */
export type StreamEventName = LiveEvent["type"] | "ready" | "resync";

/** One open event stream of one user on this instance. */
export type LiveSubscriber = {
  userId: string;
  send: (name: StreamEventName, data: unknown, id: string) => void;
  close: () => void;
};

export type LiveLimits = { perUser: number; perInstance: number };

export const DEFAULT_LIVE_LIMITS: LiveLimits = { perUser: 10, perInstance: 5000 };

const LIVE_EVENT_TYPES = new Set(["message", "read", "notification"]);

/**
 * The open event streams of this instance, by user. Every instance receives every notification (one
 * LISTEN connection each) and hands it only to the streams of the users it names.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveSubscriber>>();
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

  /** Adds a stream, or says which bound refuses it. */
  add(subscriber: LiveSubscriber): "added" | "user-limit" | "instance-limit" {
    if (this.open >= this.limits.perInstance) return "instance-limit";
    let streams = this.byUser.get(subscriber.userId);
    if ((streams?.size ?? 0) >= this.limits.perUser) return "user-limit";
    if (!streams) {
      streams = new Set();
      this.byUser.set(subscriber.userId, streams);
    }
    streams.add(subscriber);
    this.open++;
    return "added";
  }

  remove(subscriber: LiveSubscriber) {
    const streams = this.byUser.get(subscriber.userId);
    if (!streams?.delete(subscriber)) return;
    this.open--;
    if (streams.size === 0) this.byUser.delete(subscriber.userId);
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

  /** A notification's payload as publishLive wrote it: `{ userIds, event }`. Anything else is ignored. */
  deliver(payload: string): number {
    let parsed: { userIds?: unknown; event?: { type?: unknown } };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      logger.warn({ payload: payload.slice(0, 200) }, "a live notification that is not JSON");
      return 0;
    }
    const { userIds, event } = parsed ?? {};
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

  closeAll() {
    for (const streams of [...this.byUser.values()]) for (const subscriber of [...streams]) subscriber.close();
    this.byUser.clear();
    this.open = 0;
  }

  private sendTo(subscriber: LiveSubscriber, name: StreamEventName, data: unknown) {
    try {
      subscriber.send(name, data, this.nextId());
    } catch (error) {
      // a stream that closed as we wrote: it leaves on its own "close"
      logger.debug({ err: error }, "could not write to a live stream");
    }
  }
}

export type LiveUpdates = { hub: LiveHub; stop: () => Promise<void> };

/** Listens on the live channel of the database and fans each notification out to this instance's streams. */
export async function startLiveUpdates(listen: Listen, limits: LiveLimits = DEFAULT_LIVE_LIMITS): Promise<LiveUpdates> {
  const hub = new LiveHub(limits);
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
  };
}
