import type { IncomingMessage, ServerResponse } from "node:http";
import { Session } from "better-sse";
import type { LiveHub, LiveSubscriber, StreamEventName } from "./live-hub.server";

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** How long the browser waits before it reconnects (EventSource's own backoff starts from it). */
export const RETRY_MS = 3_000;

const REFUSALS = {
  "user-limit": "Too many open event streams for this account",
  "client-limit": "Too many open event streams from this network",
  "instance-limit": "This server holds as many event streams as it can",
} as const;

/**
 * Answers `GET /api/events` for a signed-in user: a `text/event-stream` of LiveEvents, each with an id.
 * The first event says how the stream starts: `ready`, or `resync` when the browser comes back with a
 * Last-Event-ID (it missed what happened while it was away, and re-reads its page). Refused with 429
 * when the user, the client's network (`client`, lib/client-network) or the instance has as many streams open
 * as allowed (a full instance first closes a stream of the heaviest network: LiveHub.add).
 */
export function openLiveStream(
  req: IncomingMessage,
  res: ServerResponse,
  hub: LiveHub,
  userId: string,
  sessionId: string,
  client: string,
): void {
  if (req.method === "HEAD") {
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" }).end();
    return;
  }
  let session: Session | null = null;
  // better-sse writes the stream's head on the next turn of the event loop: a close asked for before then (sign-out,
  // a revoked session, an eviction) waits for it, as ending the response first made that write throw and end the
  // whole process (ERR_HTTP_HEADERS_SENT)
  let closeWhenConnected = false;
  const queued: Array<[StreamEventName, unknown, string]> = [];
  const subscriber: LiveSubscriber = {
    userId,
    sessionId,
    client,
    send: (name, data, id) => {
      if (session?.isConnected) session.push(data, name, id);
      else queued.push([name, data, id]);
    },
    close: () => {
      if (session && !session.isConnected && !res.headersSent) closeWhenConnected = true;
      else if (!res.writableEnded) res.end();
    },
  };
  const added = hub.add(subscriber);
  if (added !== "added") {
    res.statusCode = 429;
    res.setHeader("Retry-After", "60");
    res.setHeader("Content-Type", "application/json");
    res.end(
      JSON.stringify({
        error: REFUSALS[added],
      }),
    );
    return;
  }
  res.once("close", () => hub.remove(subscriber));
  const resumed = typeof req.headers["last-event-id"] === "string" && req.headers["last-event-id"] !== "";
  session = new Session(req, res, { keepAlive: HEARTBEAT_MS, retry: RETRY_MS });
  session.once("connected", () => {
    if (closeWhenConnected) {
      res.end();
      return;
    }
    const current = session;
    current.push({}, resumed ? "resync" : "ready", hub.nextId());
    for (const [name, data, id] of queued.splice(0)) current.push(data, name, id);
  });
}
