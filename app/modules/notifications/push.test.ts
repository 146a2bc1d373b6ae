import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import type { JobData, JobQueue } from "~/modules/jobs/job-queue.server";
import { createBuyer, createSeller, type Account } from "../../../seed/factories/users";
import { startPushService } from "../../../tests/support/push-service";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { testNotifier } from "../../../tests/support/test-notifier";
import { notify, setEmailPreference, type Notifier } from "./notifications.server";
import { pushEndpointAllowed, pushSubscriptionSchema } from "./push.schema";
import {
  ownPushDeviceCount,
  PushRetryLater,
  resolveVapidKeys,
  sendPush,
  subscribeOwnDevice,
  unsubscribeOwnDevice,
  type PushConfig,
} from "./push.server";

describe("which push endpoints Setu posts to (no SSRF)", () => {
  it("takes https addresses of the browsers' push services only, and http://127.0.0.1 only in a test", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
      "https://wns2-par02p.notify.windows.com/w/?token=x",
      "https://web.push.apple.com/QGx",
    ])
      expect(pushEndpointAllowed(endpoint), endpoint).toBe(true);
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc", // not https
      "https://fcm.googleapis.com:8443/fcm/send/abc", // another port
      "https://fcm.googleapis.com.evil.example/x", // a look-alike
      "https://evil.example/fcm.googleapis.com",
      "https://user:pw@fcm.googleapis.com/x",
      "https://10.0.0.5/push",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/push",
      "http://127.0.0.1:5432/", // loopback without the test switch
      "file:///etc/passwd",
      "not a url",
    ])
      expect(pushEndpointAllowed(endpoint), endpoint).toBe(false);
    expect(pushEndpointAllowed("http://127.0.0.1:9999/push/1", { allowHttpLoopback: true })).toBe(true);
    expect(pushEndpointAllowed("http://localhost:9999/push/1", { allowHttpLoopback: true })).toBe(false);
    expect(pushEndpointAllowed("https://push.example.net/x", { extraHosts: ["push.example.net"] })).toBe(true);
  });

  it("reads a subscription as the browser posts it, refusing keys of the wrong size", () => {
    const keys = { p256dh: Buffer.alloc(65, 4).toString("base64url"), auth: Buffer.alloc(16, 1).toString("base64url") };
    expect(pushSubscriptionSchema.safeParse({ endpoint: "https://fcm.googleapis.com/x", keys }).success).toBe(true);
    expect(
      pushSubscriptionSchema.safeParse({ endpoint: "https://fcm.googleapis.com/x", keys: { ...keys, auth: "AAAA" } })
        .success,
    ).toBe(false);
    expect(pushSubscriptionSchema.safeParse({ endpoint: "https://fcm.googleapis.com/x" }).success).toBe(false);
  });
});

describe("VAPID keys", () => {
  it("are generated once into DATA_DIR and kept; VAPID_* variables take precedence", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-vapid-"));
    try {
      const first = resolveVapidKeys(dataDir, "https://setu.example", {});
      expect(first.subject).toBe("https://setu.example");
      expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
      expect(fs.statSync(path.join(dataDir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
      expect(resolveVapidKeys(dataDir, "https://setu.example", {})).toEqual(first);
      const fromEnv = resolveVapidKeys(dataDir, "http://localhost:3000", {
        VAPID_PUBLIC_KEY: "pub",
        VAPID_PRIVATE_KEY: "priv",
      });
      expect(fromEnv).toEqual({ publicKey: "pub", privateKey: "priv", subject: "mailto:support@setu.example" });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(testEngines())("Web Push on %s", (engine) => {
  let database: TestDatabase;
  let notifier: Notifier;
  let jobs: JobQueue;
  let seller: Account;
  let buyer: Account;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let config: PushConfig;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ notifier, jobs } = await testNotifier(database));
    seller = await createSeller(database.db, {});
    buyer = await createBuyer(database.db, {});
    pushService = await startPushService();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-vapid-"));
    config = {
      vapid: resolveVapidKeys(dataDir, "https://setu.example", {}),
      extraHosts: [],
      allowHttpLoopback: true,
    };
  });
  afterAll(async () => {
    await pushService?.close();
    await jobs?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const queuedPushes = async () =>
    (
      await queryRows<{ data: JobData["push"] }>(
        database.db,
        sql`select data from pgboss.job where name = 'push' order by created_on, id`,
      )
    ).map((row) => row.data);

  const rfqMatched = (eventKey: string) => ({
    userId: seller.user.id,
    kind: "rfq_matched" as const,
    title: "A new RFQ matches your products",
    body: '"Hand-block printed cotton napkins", 2,000 pieces',
    href: "/rfqs/00000000-0000-4000-8000-000000000001",
    eventKey,
    email: { subject: "A new RFQ matches your products", text: "An RFQ for napkins matches your catalogue." },
  });

  it("stores a device's subscription for its owner only; another account cannot remove it", async () => {
    const device = pushService.subscription();
    const input = { endpoint: device.endpoint, keys: device.keys };
    const refused = await subscribeOwnDevice(
      database.db,
      { ...config, allowHttpLoopback: false },
      seller.user,
      input,
      null,
    );
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(
      await subscribeOwnDevice(database.db, config, seller.user, input, "Mozilla/5.0 (Linux; Android 14)"),
    ).toEqual({
      ok: true,
      message: "Push notifications are on for this device.",
    });
    expect(await ownPushDeviceCount(database.db, seller.user.id)).toBe(1);
    expect(await unsubscribeOwnDevice(database.db, buyer.user, device.endpoint)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await ownPushDeviceCount(database.db, seller.user.id)).toBe(1);
    expect(await unsubscribeOwnDevice(database.db, seller.user, device.endpoint)).toMatchObject({ ok: true });
    expect(await ownPushDeviceCount(database.db, seller.user.id)).toBe(0);
  });

  it("queues a push per device for a matched RFQ, sends it encrypted and VAPID-signed, and follows the kind's e-mail choice", async () => {
    const phone = pushService.subscription();
    const laptop = pushService.subscription();
    for (const device of [phone, laptop])
      await subscribeOwnDevice(
        database.db,
        config,
        seller.user,
        { endpoint: device.endpoint, keys: device.keys },
        null,
      );

    await database.db.transaction((tx) => notify(tx, notifier, rfqMatched("rfq:1")));
    // a kind that is not pushed (a buyer's quote) queues none
    await database.db.transaction((tx) =>
      notify(tx, notifier, { ...rfqMatched("quote:1"), kind: "quote_received", userId: buyer.user.id }),
    );
    const queued = await queuedPushes();
    expect(queued).toHaveLength(2);
    for (const job of queued) {
      expect(job.payload).toEqual({
        title: "A new RFQ matches your products",
        body: '"Hand-block printed cotton napkins", 2,000 pieces',
        url: "/rfqs/00000000-0000-4000-8000-000000000001",
        tag: "rfq_matched:rfq:1",
      });
      expect(await sendPush(database.db, config, job)).toBe("sent");
    }
    for (const device of [phone, laptop]) {
      const [push] = pushService.pushesTo(device);
      expect(JSON.parse(push!.payload)).toEqual(queued[0]!.payload);
      expect(push!.headers.ttl).toBe("86400");
      expect(push!.headers.urgency).toBe("high");
      expect(push!.vapid).toMatchObject({
        aud: pushService.origin,
        sub: "https://setu.example",
        publicKey: config.vapid.publicKey,
      });
    }

    // an order that needs the seller (one device's job is enough to see it queued for each)
    await database.db.transaction((tx) =>
      notify(tx, notifier, {
        userId: seller.user.id,
        kind: "order_status",
        title: "New order placed",
        body: "Harbor Home Goods placed an order: confirm it to start production.",
        href: "/orders/00000000-0000-4000-8000-000000000003",
      }),
    );
    const orderJobs = (await queuedPushes()).filter((job) => job.payload.title === "New order placed");
    expect(orderJobs).toHaveLength(2);
    expect(orderJobs[0]!.payload.url).toBe("/orders/00000000-0000-4000-8000-000000000003");

    // the seller turns matched-RFQ e-mails off: no push either
    await setEmailPreference(database.db, seller.user.id, "rfqMatched", false);
    await database.db.transaction((tx) => notify(tx, notifier, rfqMatched("rfq:2")));
    expect(await queuedPushes()).toHaveLength(4);
    await setEmailPreference(database.db, seller.user.id, "rfqMatched", true);
  });

  it("removes a subscription its push service says has expired (410, 404), and retries a busy one", async () => {
    const device = pushService.subscription();
    await subscribeOwnDevice(database.db, config, buyer.user, { endpoint: device.endpoint, keys: device.keys }, null);
    await database.db.transaction((tx) =>
      notify(tx, notifier, {
        userId: buyer.user.id,
        kind: "new_message",
        title: "New message from Jaipur Block Prints",
        body: "We can ship the napkins by the 12th.",
        href: "/messages/00000000-0000-4000-8000-000000000002",
      }),
    );
    const job = (await queuedPushes()).find((queued) => queued.payload.title.startsWith("New message"))!;
    expect(job).toBeDefined();
    pushService.answer(device, 503);
    await expect(sendPush(database.db, config, job)).rejects.toBeInstanceOf(PushRetryLater);
    expect(await ownPushDeviceCount(database.db, buyer.user.id)).toBe(1);
    pushService.answer(device, 410);
    expect(await sendPush(database.db, config, job)).toBe("gone");
    expect(await ownPushDeviceCount(database.db, buyer.user.id)).toBe(0);
    // its job, retried after that, finds nothing to send
    expect(await sendPush(database.db, config, job)).toBe("no-subscription");

    // a 404 (the push service never heard of it) is the same
    const other = pushService.subscription();
    await subscribeOwnDevice(database.db, config, buyer.user, { endpoint: other.endpoint, keys: other.keys }, null);
    pushService.answer(other, 404);
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from push_subscriptions where endpoint = ${other.endpoint}`,
    );
    expect(await sendPush(database.db, config, { subscriptionId: row!.id, payload: job.payload })).toBe("gone");
    expect(await ownPushDeviceCount(database.db, buyer.user.id)).toBe(0);
  });
});
