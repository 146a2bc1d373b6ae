import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { openPgliteThread, openPostgres, queryRows, type Database, type Db } from "~/db/client.server";
import { session } from "~/db/schema/auth";
import { activeSessionIds } from "~/modules/accounts/session.server";
import { createUser } from "../../../seed/factories/users";
import { createTestDatabase, testEngines } from "../../../tests/support/test-database";
import { LiveHub, startLiveUpdates, type LiveSubscriber, type LiveUpdates } from "./live-hub.server";
import { publishLive } from "./live-events.server";
import { openLiveStream } from "./live-stream.server";

type Heard = { name: string; data: unknown; id: string };

function subscriber(
  userId: string,
  heard: Heard[] = [],
  sessionId = `session-of-${userId}`,
  client = `client-of-${userId}`,
): LiveSubscriber & { heard: Heard[]; closed: boolean } {
  const s = {
    userId,
    sessionId,
    client,
    heard,
    closed: false,
    send: (name: string, data: unknown, id: string) => void heard.push({ name, data, id }),
    close: () => void (s.closed = true),
  };
  return s;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the live hub", () => {
  it("hands an event only to the named users' streams, each with an id of its own", () => {
    const hub = new LiveHub();
    const [a1, a2, b] = [subscriber("a"), subscriber("a"), subscriber("b")];
    for (const s of [a1, a2, b]) expect(hub.add(s)).toBe("added");
    expect(hub.deliver(JSON.stringify({ userIds: ["a", "a"], event: { type: "notification" } }))).toBe(2);
    expect(a1.heard).toEqual([{ name: "notification", data: { type: "notification" }, id: expect.any(String) }]);
    expect(a2.heard[0]!.id).not.toBe(a1.heard[0]!.id);
    expect(b.heard).toEqual([]);
    hub.remove(a1);
    hub.deliver(JSON.stringify({ userIds: ["a", "b"], event: { type: "read", conversationId: "c1" } }));
    expect(a1.heard).toHaveLength(1);
    expect(a2.heard.at(-1)!.data).toEqual({ type: "read", conversationId: "c1" });
    expect(b.heard).toHaveLength(1);
  });

  it("ignores payloads that are not its own", () => {
    const hub = new LiveHub();
    const a = subscriber("a");
    hub.add(a);
    for (const payload of [
      "not json",
      "null",
      "{}",
      JSON.stringify({ userIds: ["a"], event: { type: "resync" } }),
      JSON.stringify({ userIds: "a", event: { type: "notification" } }),
    ]) {
      expect(hub.deliver(payload)).toBe(0);
    }
    expect(a.heard).toEqual([]);
  });

  it("closes the streams of a session that was signed out, and only those", () => {
    const hub = new LiveHub();
    const laptop = subscriber("a", [], "s1");
    const laptopTab = subscriber("a", [], "s1");
    const phone = subscriber("a", [], "s2");
    const other = subscriber("b", [], "s1-of-b");
    for (const s of [laptop, laptopTab, phone, other]) hub.add(s);
    // a session id alone closes nothing of another user's
    expect(hub.deliver(JSON.stringify({ userIds: ["b"], endedSessionIds: ["s1"] }))).toBe(0);
    expect(hub.deliver(JSON.stringify({ userIds: ["a"], endedSessionIds: ["s1"] }))).toBe(2);
    expect([laptop, laptopTab, phone, other].map((s) => s.closed)).toEqual([true, true, false, false]);
    expect(hub.size).toBe(2);
    hub.deliver(JSON.stringify({ userIds: ["a"], event: { type: "notification" } }));
    expect([laptop.heard.length, phone.heard.length]).toEqual([0, 1]);
  });

  it("closes, at a check, the streams whose session no longer exists or has expired", async () => {
    const hub = new LiveHub();
    const kept = subscriber("a", [], "valid");
    const revoked = subscriber("b", [], "revoked");
    hub.add(kept);
    hub.add(revoked);
    const asked: string[][] = [];
    const closed = await hub.recheckSessions(async (ids) => {
      asked.push(ids);
      return new Set(["valid"]);
    });
    expect(asked).toEqual([["valid", "revoked"]]);
    expect(closed).toBe(1);
    expect([kept.closed, revoked.closed]).toEqual([false, true]);
    expect(hub.size).toBe(1);
  });

  it("leaves open, at a check, a stream opened while the check was running: its session was not asked about", async () => {
    const hub = new LiveHub();
    const revoked = subscriber("a", [], "revoked");
    const newcomer = subscriber("b", [], "signed-in-meanwhile");
    hub.add(revoked);
    const closed = await hub.recheckSessions(async (ids) => {
      // the check is a query: a new page opens its stream before the answer comes
      hub.add(newcomer);
      expect(ids).toEqual(["revoked"]);
      return new Set<string>();
    });
    expect(closed).toBe(1);
    expect([revoked.closed, newcomer.closed]).toEqual([true, false]);
    expect(hub.size).toBe(1);
  });

  it("ends a stream closed before its head was written, cleanly, and keeps the process up", async () => {
    const hub = new LiveHub();
    // a stream that is closed (sign-out, revocation, eviction) in the same turn as it opens: better-sse writes the
    // head on the next turn, which threw ERR_HTTP_HEADERS_SENT outside any handler and ended the process
    const server = http.createServer((req, res) => {
      openLiveStream(req, res, hub, "user-a", "session-a", "client-a");
      hub.closeAll();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as net.AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/events`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/event-stream");
      // the stream ends (nothing more is sent), and a turn later nothing has thrown
      await response.text();
      await new Promise((resolve) => setImmediate(resolve));
      expect(hub.size).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("bounds streams per user and per instance, and closes them all on shutdown", () => {
    const hub = new LiveHub({ perUser: 2, perInstance: 3, perClient: 10 });
    // (from one network: a full instance closes nobody's stream for a newcomer of the heaviest network)
    const streams = ["a", "a", "a", "b", "c"].map((user) => subscriber(user, [], undefined, "one-network"));
    expect(streams.map((s) => hub.add(s))).toEqual(["added", "added", "user-limit", "added", "instance-limit"]);
    expect(hub.size).toBe(3);
    hub.resyncAll();
    expect(streams.map((s) => s.heard.map((h) => h.name))).toEqual([["resync"], ["resync"], [], ["resync"], []]);
    hub.closeAll();
    expect(streams.map((s) => s.closed)).toEqual([true, true, false, true, false]);
    expect(hub.size).toBe(0);
  });
});

describe("the live hub's shares per client network", () => {
  /** a stream of its own account from `client` */
  let n = 0;
  const from = (client: string) => subscriber(`user-${++n}`, [], `session-${n}`, client);

  it("refuses a network over its bound, while another network still gets a stream", () => {
    const hub = new LiveHub({ perUser: 10, perInstance: 100, perClient: 3 });
    const crowd = Array.from({ length: 4 }, () => from("203.0.113.5"));
    expect(crowd.map((s) => hub.add(s))).toEqual(["added", "added", "added", "client-limit"]);
    expect(hub.add(from("198.51.100.7"))).toBe("added");
    // a stream that closes frees its network's share
    hub.remove(crowd[0]!);
    expect(hub.add(crowd[3]!)).toBe("added");
    expect(hub.streamsOf("203.0.113.5")).toBe(3);
  });

  it("when full, closes the least recently active stream of the heaviest network to admit a newcomer", () => {
    const hub = new LiveHub({ perUser: 10, perInstance: 5, perClient: 10 });
    const heavy = Array.from({ length: 4 }, () => from("heavy"));
    const light = from("light");
    for (const s of [...heavy, light]) expect(hub.add(s)).toBe("added");
    // the heavy network's first stream just received an event: its second is now the oldest idle one
    hub.deliver(JSON.stringify({ userIds: [heavy[0]!.userId], event: { type: "notification" } }));
    const newcomer = from("newcomer");
    expect(hub.add(newcomer)).toBe("added");
    expect(heavy.map((s) => s.closed)).toEqual([false, true, false, false]);
    expect([light.closed, newcomer.closed]).toEqual([false, false]);
    expect([hub.size, hub.streamsOf("heavy"), hub.streamsOf("newcomer")]).toEqual([5, 3, 1]);
    // the closed stream is gone from every index: an event for its user reaches nothing
    expect(hub.deliver(JSON.stringify({ userIds: [heavy[1]!.userId], event: { type: "notification" } }))).toBe(0);
    // the next newcomer costs the heavy network its next oldest idle stream
    expect(hub.add(from("another"))).toBe("added");
    expect(heavy.map((s) => s.closed)).toEqual([false, true, true, false]);
  });

  it("refuses, rather than trading streams back and forth, when no network holds two more than the newcomer's", () => {
    const hub = new LiveHub({ perUser: 10, perInstance: 4, perClient: 10 });
    const streams = [from("a"), from("a"), from("b"), from("b")];
    for (const s of streams) hub.add(s);
    // a newcomer of a heaviest network gains nothing from closing its own network's stream
    expect(hub.add(from("b"))).toBe("instance-limit");
    expect(hub.add(from("c"))).toBe("added");
    expect(hub.add(from("d"))).toBe("added");
    expect(streams.map((s) => s.closed)).toEqual([true, false, true, false]);
    // one stream each: equal shares, nobody is closed for another
    expect(hub.add(from("e"))).toBe("instance-limit");
    expect(hub.add(from("a"))).toBe("instance-limit");
    expect(hub.size).toBe(4);
    expect(streams.filter((s) => s.closed)).toHaveLength(2);
  });
});

const engines: Array<{ name: string; open: () => Promise<Database & { drop: () => Promise<void> }> }> = [
  // the app server's embedded database: PGlite on its own thread, NOTIFY passed across
  {
    name: "pglite-thread",
    open: async () => {
      const database = await openPgliteThread(null);
      return { ...database, drop: database.close };
    },
  },
  // and both test engines: LISTEN/NOTIFY: a connection of its own on PostgreSQL, in process on PGlite
  ...testEngines("both").map((engine) => ({ name: engine, open: () => createTestDatabase(engine) })),
];

describe.each(engines)("the live listener on $name", ({ name, open }) => {
  let database: Database & { drop: () => Promise<void> };
  let live: LiveUpdates;

  beforeAll(async () => {
    database = await open();
    live = await startLiveUpdates(database.listen);
  });

  /**
   * Returns once every notification the database sent so far has reached the hub (a positive signal to wait for
   * before asserting that something did not arrive). On PostgreSQL the listener has a connection of its own, which
   * receives notifications in the order they were committed: a marker notified from another connection arrives
   * after whatever was sent before it. The embedded database has one connection, held by an open transaction:
   * it hands a query's notifications to its listeners before that query's answer, on its own thread too (one
   * ordered message port), so a query's answer says everything sent before it has been delivered.
   */
  let markers = 0;
  async function everythingDelivered(tx: Db) {
    if (name !== "postgres") {
      await tx.execute(sql`select 1`);
      return;
    }
    const marker = subscriber(`marker-${++markers}`);
    live.hub.add(marker);
    await database.db.transaction((other) => publishLive(other, [marker.userId], { type: "notification" }));
    await expect.poll(() => marker.heard.length).toBe(1);
    live.hub.remove(marker);
  }
  afterAll(async () => {
    await live?.stop();
    await database?.drop();
  });

  it("delivers what a committed transaction publishes, never what a rolled-back one does", async () => {
    const buyer = subscriber("buyer-1");
    const other = subscriber("buyer-2");
    live.hub.add(buyer);
    live.hub.add(other);
    await database.db.transaction(async (tx) => {
      await publishLive(tx, ["buyer-1"], { type: "message", conversationId: "c1", messageId: "m1" });
      await everythingDelivered(tx);
      // NOTIFY waits for the commit
      expect(buyer.heard).toEqual([]);
    });
    await expect
      .poll(() => buyer.heard.map((h) => h.data))
      .toEqual([{ type: "message", conversationId: "c1", messageId: "m1" }]);
    await database.db
      .transaction(async (tx) => {
        await publishLive(tx, ["buyer-1", "buyer-2"], { type: "notification" });
        throw new Error("rolled back");
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await publishLive(tx, ["buyer-2"], { type: "read", conversationId: "c1" });
    });
    await expect.poll(() => other.heard.map((h) => h.name)).toEqual(["read"]);
    // the rolled-back event, sent before the read, never arrived
    expect(buyer.heard.map((h) => h.name)).toEqual(["message"]);
  });

  it("stops listening when stopped, and closes its streams", async () => {
    const updates = await startLiveUpdates(database.listen);
    const stream = subscriber("buyer-3");
    updates.hub.add(stream);
    await updates.stop();
    expect(stream.closed).toBe(true);
    const watching = subscriber("buyer-3");
    live.hub.add(watching);
    await database.db.transaction((tx) => publishLive(tx, ["buyer-3"], { type: "notification" }));
    await expect.poll(() => watching.heard.length).toBe(1);
    expect(stream.heard).toEqual([]);
  });

  // (the thread engine's database is not migrated: it has no session table)
  it.runIf(name !== "pglite-thread")(
    "closes, at its next check, the streams whose sign-in session was deleted or has expired",
    async () => {
      const person = await createUser(database.db);
      const hour = 60 * 60 * 1000;
      const sessions = ["live-valid", "live-deleted", "live-expired"];
      await database.db.insert(session).values(
        sessions.map((id) => ({
          id,
          token: `${id}-token`,
          userId: person.id,
          expiresAt: new Date(Date.now() + (id === "live-expired" ? -hour : hour)),
        })),
      );
      const updates = await startLiveUpdates(database.listen, undefined, {
        check: (ids) => activeSessionIds(database.db, ids),
        intervalMs: 100,
      });
      const streams = sessions.map((id) => subscriber(person.id, [], id));
      try {
        for (const stream of streams) updates.hub.add(stream);
        // a check has run once the expired session's stream is closed; the same check left the others open
        await expect.poll(() => streams[2]!.closed).toBe(true);
        expect(streams.map((s) => s.closed)).toEqual([false, false, true]);
        await database.db.delete(session).where(eq(session.id, "live-deleted"));
        await expect.poll(() => streams.map((s) => s.closed)).toEqual([false, true, true]);
        expect(updates.hub.size).toBe(1);
      } finally {
        await updates.stop();
      }
    },
  );

  it.runIf(name === "postgres")(
    "listens again when its connection is lost, and tells every stream to re-read",
    async () => {
      const stream = subscriber("buyer-4");
      live.hub.add(stream);
      const terminated = await queryRows<{ ok: boolean }>(
        database.db,
        sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
      );
      expect(terminated.length).toBeGreaterThanOrEqual(1);
      await expect.poll(() => stream.heard.map((h) => h.name), { timeout: 10_000 }).toEqual(["resync"]);
      await database.db.transaction((tx) => publishLive(tx, ["buyer-4"], { type: "notification" }));
      await expect.poll(() => stream.heard.map((h) => h.name)).toEqual(["resync", "notification"]);
    },
  );

  it.runIf(name === "postgres")(
    "listens again after the database was out of reach for a while",
    async () => {
      // a TCP relay to the database, taken down and brought back, stands for a network outage
      const target = new URL((database as { url?: string }).url!);
      let sockets: net.Socket[] = [];
      const relay = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        sockets.push(client, upstream);
        client.on("error", () => {});
        upstream.on("error", () => {});
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
      const port = (relay.address() as net.AddressInfo).port;
      const through = new URL(target);
      through.hostname = "127.0.0.1";
      through.port = String(port);
      const relayed = await openPostgres(through.toString(), 1);
      const updates = await startLiveUpdates(relayed.listen);
      const stream = subscriber("buyer-5");
      updates.hub.add(stream);
      try {
        for (const socket of sockets) socket.destroy();
        sockets = [];
        await new Promise<void>((resolve) => relay.close(() => resolve()));
        await pause(3_000);
        await new Promise<void>((resolve) => relay.listen(port, "127.0.0.1", resolve));
        await expect.poll(() => stream.heard.map((h) => h.name), { timeout: 20_000 }).toEqual(["resync"]);
        await database.db.transaction((tx) => publishLive(tx, ["buyer-5"], { type: "notification" }));
        await expect.poll(() => stream.heard.map((h) => h.name)).toEqual(["resync", "notification"]);
      } finally {
        await updates.stop();
        await relayed.close();
        for (const socket of sockets) socket.destroy();
        relay.close();
      }
    },
    40_000,
  );
});
