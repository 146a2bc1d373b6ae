import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViewDays, pageViewHours } from "~/db/schema/analytics";
import { markOwnPage, viewCounting } from "../../../server/view-counting";
import { createProduct } from "../../../seed/factories/products";
import { createStore } from "../../../seed/factories/stores";
import { createSeller } from "../../../seed/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { ViewCounter, viewedPage } from "./view-counter.server";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const STORE = "6f1f7f64-1b2a-4c1e-9a57-3f7b6a2c9d10";
const T0 = Date.UTC(2026, 10, 25, 10, 15);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("counting a view", () => {
  it("counts a network once per page and kind in a UTC day, whatever browser it says it is", () => {
    const counter = new ViewCounter();
    const visit = { kind: "store" as const, subjectId: STORE, ip: "203.0.113.7", userAgent: CHROME };
    expect(counter.record({ ...visit, now: T0 })).toBe(true);
    expect(counter.record({ ...visit, now: T0 + 60_000 })).toBe(false);
    expect(counter.record({ ...visit, subjectId: STORE.toUpperCase(), now: T0 + 60_000 })).toBe(false);
    // another browser, or a made-up one per request, at the same address: the same visitor
    expect(counter.record({ ...visit, userAgent: FIREFOX, now: T0 + 60_000 })).toBe(false);
    for (let i = 0; i < 50; i++)
      expect(counter.record({ ...visit, userAgent: `${CHROME} Build/${i}`, now: T0 + 2 * HOUR })).toBe(false);
    expect(counter.record({ ...visit, ip: "::ffff:203.0.113.7", now: T0 + 3 * HOUR })).toBe(false);
    // the same visitor on another kind, another address: other views
    expect(counter.record({ ...visit, kind: "qr", now: T0 + 60_000 })).toBe(true);
    expect(counter.record({ ...visit, ip: "203.0.113.8", now: T0 + 60_000 })).toBe(true);
    expect(counter.pendingViews).toBe(3);
  });

  it("counts an IPv6 /64 as one network", () => {
    const counter = new ViewCounter();
    const visit = { kind: "product" as const, subjectId: STORE, userAgent: CHROME, now: T0 };
    expect(counter.record({ ...visit, ip: "2001:db8:1:2::1" })).toBe(true);
    expect(counter.record({ ...visit, ip: "2001:db8:1:2::2" })).toBe(false);
    expect(counter.record({ ...visit, ip: "2001:0db8:0001:0002:ffff:ffff:ffff:fffe" })).toBe(false);
    expect(counter.record({ ...visit, ip: "2001:db8:1:2:a:b:c:d", userAgent: FIREFOX })).toBe(false);
    expect(counter.record({ ...visit, ip: "2001:db8:1:3::1" })).toBe(true);
    expect(counter.pendingViews).toBe(2);
  });

  it("counts again on the next UTC day", () => {
    const counter = new ViewCounter();
    const visit = { kind: "store" as const, subjectId: STORE, ip: "203.0.113.7", userAgent: CHROME };
    const midnight = Math.ceil(T0 / DAY) * DAY;
    expect(counter.record({ ...visit, now: T0 })).toBe(true);
    expect(counter.record({ ...visit, now: midnight - 1 })).toBe(false);
    expect(counter.record({ ...visit, now: midnight })).toBe(true);
    expect(counter.record({ ...visit, now: midnight + 12 * HOUR })).toBe(false);
  });

  it("stops counting a network past its pages for the day", () => {
    const counter = new ViewCounter({ networkDailyPages: 3 });
    const pages = [STORE, ...Array.from({ length: 4 }, (_, i) => `6f1f7f64-1b2a-4c1e-9a57-3f7b6a2c9d2${i}`)];
    const counted = pages.map((subjectId) =>
      counter.record({ kind: "product", subjectId, ip: "198.51.100.9", userAgent: CHROME, now: T0 }),
    );
    expect(counted).toEqual([true, true, true, false, false]);
    // another network is not held back by it, and the next day it counts again
    expect(counter.record({ kind: "product", subjectId: STORE, ip: "198.51.100.10", userAgent: CHROME, now: T0 })).toBe(
      true,
    );
    expect(
      counter.record({ kind: "product", subjectId: pages[4]!, ip: "198.51.100.9", userAgent: CHROME, now: T0 + DAY }),
    ).toBe(true);
  });

  it("ignores bots, requests without a browser and addresses that are no id", () => {
    const counter = new ViewCounter();
    expect(counter.record({ kind: "store", subjectId: STORE, ip: "203.0.113.7", userAgent: GOOGLEBOT })).toBe(false);
    expect(counter.record({ kind: "store", subjectId: STORE, ip: "203.0.113.7", userAgent: "curl/8.5.0" })).toBe(false);
    expect(counter.record({ kind: "store", subjectId: STORE, ip: "203.0.113.7", userAgent: undefined })).toBe(false);
    expect(counter.record({ kind: "store", subjectId: "not-a-store", ip: "203.0.113.7", userAgent: CHROME })).toBe(
      false,
    );
    expect(counter.pendingViews).toBe(0);
  });

  it("knows which addresses are counted pages", () => {
    expect(viewedPage(`/stores/${STORE}`)).toEqual({ kind: "store", subjectId: STORE });
    expect(viewedPage(`/stores/${STORE}.data`)).toEqual({ kind: "store", subjectId: STORE });
    expect(viewedPage(`/product/${STORE}`)).toEqual({ kind: "product", subjectId: STORE });
    expect(viewedPage(`/stores/${STORE}/manage`)).toBeNull();
    expect(viewedPage(`/stores`)).toBeNull();
  });

  it("takes well under a millisecond", () => {
    const counter = new ViewCounter();
    // CPU time, not wall time: on a shared machine the wall clock measures the neighbours
    const started = process.cpuUsage();
    for (let i = 0; i < 10_000; i++)
      counter.record({ kind: "product", subjectId: STORE, ip: `198.51.${i >> 8}.${i & 255}`, userAgent: CHROME });
    const spent = process.cpuUsage(started);
    expect((spent.user + spent.system) / 1_000 / 10_000).toBeLessThan(0.1);
  });
});

describe.each(testEngines())("writing the views counted on %s", (engine) => {
  // the pages' visits are counted at T0, whenever the test runs (one UTC day, whatever the wall clock says)
  const clock = () => T0;
  let database: TestDatabase;
  let storeId: string;
  let productId: string;
  let server: http.Server;
  let base: string;
  let counter: ViewCounter;
  let finishedPages = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const seller = await createSeller(database.db, { companyName: "Erode Terry Mills" });
    storeId = (await createStore(database.db, { sellerId: seller.user.id })).id;
    productId = (await createProduct(database.db, { sellerId: seller.user.id })).id;
    counter = new ViewCounter({ clock });
    const app = express();
    // the owner of everything here signs in with the session "owner" (the real app asks better-auth and the stores)
    const owner = (req: express.Request) => /setu\.session_token=owner\b/.test(req.get("cookie") ?? "");
    app.use(viewCounting({ counter: () => counter }));
    app.get(/^\/(stores|product)\/[^/]+$/, (req, res) => {
      // (after the counter's own listener, so a finished page is the signal that the counter has looked at it)
      res.on("finish", () => finishedPages++);
      // as the store and product pages' loaders do for their owner (AppContext.ownPage)
      if (owner(req)) markOwnPage(res);
      if (req.path.includes("missing")) res.status(404).send("not found");
      else if (req.get("x-test-fail")) res.status(503).send("failed");
      else res.send(`page ${req.originalUrl}`);
    });
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await database.drop();
  });

  const hourRows = () => database.db.select().from(pageViewHours).orderBy(pageViewHours.kind);

  it("adds each flush's counts to the hour's row, and drops views of pages that do not exist", async () => {
    const hour = new Date(Math.floor(T0 / 3_600_000) * 3_600_000);
    counter.record({ kind: "store", subjectId: storeId, ip: "203.0.113.1", userAgent: CHROME, now: T0 });
    counter.record({ kind: "store", subjectId: storeId, ip: "203.0.113.2", userAgent: CHROME, now: T0 + 1000 });
    counter.record({ kind: "product", subjectId: productId, ip: "203.0.113.1", userAgent: CHROME, now: T0 });
    counter.record({ kind: "store", subjectId: STORE, ip: "203.0.113.1", userAgent: CHROME, now: T0 });
    expect(await counter.flush(database.db)).toBe(3);
    expect(counter.pendingViews).toBe(0);
    counter.record({ kind: "store", subjectId: storeId, ip: "203.0.113.3", userAgent: CHROME, now: T0 + 2000 });
    counter.record({ kind: "store", subjectId: storeId, ip: "203.0.113.4", userAgent: CHROME, now: T0 + 3_600_000 });
    expect(await counter.flush(database.db)).toBe(2);
    expect(await counter.flush(database.db)).toBe(0);
    expect(await hourRows()).toEqual([
      { kind: "product", subjectId: productId, hour, views: 1 },
      { kind: "store", subjectId: storeId, hour, views: 3 },
      { kind: "store", subjectId: storeId, hour: new Date(hour.getTime() + 3_600_000), views: 1 },
    ]);
    expect(await database.db.select().from(pageViewDays).orderBy(pageViewDays.kind)).toEqual([
      { kind: "product", subjectId: productId, day: "2026-11-25", views: 1 },
      { kind: "store", subjectId: storeId, day: "2026-11-25", views: 4 },
    ]);
    await database.db.delete(pageViewHours);
    await database.db.delete(pageViewDays);
  });

  it("counts pages sent to a browser once per network, not bots, not missing pages, whatever the user agent", async () => {
    const get = (path: string, userAgent = CHROME) =>
      fetch(`${base}${path}`, { headers: { "user-agent": userAgent }, redirect: "manual" });
    expect((await get(`/stores/${storeId}`)).status).toBe(200);
    expect((await get(`/stores/${storeId}`)).status).toBe(200);
    // the same address with other browsers, real or made up: the same visitor
    expect((await get(`/stores/${storeId}`, FIREFOX)).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await get(`/stores/${storeId}`, `${CHROME} Build/${i}`)).status).toBe(200);
    expect((await get(`/stores/${storeId}`, GOOGLEBOT)).status).toBe(200);
    expect((await get(`/product/${productId}`)).status).toBe(200);
    expect((await get(`/stores/missing-store`)).status).toBe(404);
    await expect.poll(() => counter.pendingViews).toBe(2);
    await counter.flush(database.db);

    const totals = Object.fromEntries((await hourRows()).map((row) => [row.kind, row.views]));
    expect(totals).toEqual({ store: 1, product: 1 });
    expect(await database.db.select().from(pageViewHours).where(eq(pageViewHours.subjectId, productId))).toHaveLength(
      1,
    );
  });

  it("counts a QR scan only when its store page is sent to a browser, once per network", async () => {
    await database.db.delete(pageViewHours);
    counter = new ViewCounter({ clock });
    const before = finishedPages;
    const scan = (headers: Record<string, string> = {}, method = "GET") =>
      fetch(`${base}/stores/${storeId}?src=qr&tab=about`, {
        method,
        headers: { "user-agent": FIREFOX, ...headers },
        redirect: "manual",
      });
    // requests for the QR address that show nobody the page: an image or a frame embedding it elsewhere, a
    // prefetch, a HEAD, a page that failed, a bot
    expect((await scan({ "sec-fetch-dest": "image" })).status).toBe(200);
    expect((await scan({ "sec-fetch-dest": "iframe" })).status).toBe(200);
    expect((await scan({ "sec-fetch-dest": "document", "sec-purpose": "prefetch" })).status).toBe(200);
    expect((await scan({}, "HEAD")).status).toBe(200);
    expect((await scan({ "x-test-fail": "1" })).status).toBe(503);
    expect((await scan({ "user-agent": GOOGLEBOT })).status).toBe(200);
    await expect.poll(() => finishedPages - before).toBe(6);
    expect(counter.pendingViews).toBe(0);

    // the landing page sent to a browser: one scan (and one store view), however often and with whatever browser
    const landed = await scan({ "sec-fetch-dest": "document" });
    expect(landed.status).toBe(200);
    expect(await landed.text()).toBe(`page /stores/${storeId}?src=qr&tab=about`);
    expect((await scan()).status).toBe(200);
    expect((await scan({ "user-agent": CHROME })).status).toBe(200);
    await expect.poll(() => counter.pendingViews).toBe(2);
    await counter.flush(database.db);
    const totals = Object.fromEntries((await hourRows()).map((row) => [row.kind, row.views]));
    expect(totals).toEqual({ store: 1, qr: 1 });
  });

  it("leaves out the owner's own visits to their store and product pages and their own QR scan", async () => {
    await database.db.delete(pageViewHours);
    counter = new ViewCounter({ clock });
    const before = finishedPages;
    const asOwner = (path: string, session = "owner") =>
      fetch(`${base}${path}`, {
        headers: { "user-agent": `${CHROME} Owner`, cookie: `setu.session_token=${session}` },
        redirect: "manual",
      });
    expect((await asOwner(`/stores/${storeId}`)).status).toBe(200);
    expect((await asOwner(`/product/${productId}`)).status).toBe(200);
    expect((await asOwner(`/stores/${storeId}?src=qr`)).status).toBe(200);
    await expect.poll(() => finishedPages - before).toBe(3);
    expect(counter.pendingViews).toBe(0);
    // another signed-in visitor (a buyer) counts like anyone
    expect((await asOwner(`/stores/${storeId}`, "buyer")).status).toBe(200);
    expect((await asOwner(`/stores/${storeId}?src=qr`, "buyer")).status).toBe(200);
    await expect.poll(() => counter.pendingViews).toBe(2);
    await counter.flush(database.db);
    const totals = Object.fromEntries((await hourRows()).map((row) => [row.kind, row.views]));
    expect(totals).toEqual({ store: 1, qr: 1 });
  });
});
