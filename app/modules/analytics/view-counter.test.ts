import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViewDays, pageViewHours } from "~/db/schema/analytics";
import { markOwnPage, viewCounting } from "../../../server/view-counting";
import { createProduct } from "../../../tests/factories/products";
import { createStore } from "../../../tests/factories/stores";
import { createSeller } from "../../../tests/factories/users";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { ViewCounter, viewedPage } from "./view-counter.server";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const STORE = "6f1f7f64-1b2a-4c1e-9a57-3f7b6a2c9d10";
const T0 = Date.UTC(2026, 10, 25, 10, 15);

describe("counting a view", () => {
  it("counts a visitor once per page in 30 minutes, again after", () => {
    const counter = new ViewCounter();
    const visit = { kind: "store" as const, subjectId: STORE, ip: "203.0.113.7", userAgent: CHROME };
    expect(counter.record({ ...visit, now: T0 })).toBe(true);
    expect(counter.record({ ...visit, now: T0 + 60_000 })).toBe(false);
    expect(counter.record({ ...visit, subjectId: STORE.toUpperCase(), now: T0 + 60_000 })).toBe(false);
    // another browser at the same address, the same visitor on another page or kind: other views
    expect(counter.record({ ...visit, userAgent: FIREFOX, now: T0 + 60_000 })).toBe(true);
    expect(counter.record({ ...visit, kind: "qr", now: T0 + 60_000 })).toBe(true);
    expect(counter.record({ ...visit, ip: "203.0.113.8", now: T0 + 60_000 })).toBe(true);
    expect(counter.pendingViews).toBe(4);
  });

  it("counts again after the window", async () => {
    const counter = new ViewCounter({ dedupeMs: 50 });
    const visit = { kind: "store" as const, subjectId: STORE, ip: "203.0.113.7", userAgent: CHROME };
    expect(counter.record(visit)).toBe(true);
    expect(counter.record(visit)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(counter.record(visit)).toBe(true);
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
    const started = performance.now();
    for (let i = 0; i < 10_000; i++)
      counter.record({ kind: "product", subjectId: STORE, ip: `198.51.${i >> 8}.${i & 255}`, userAgent: CHROME });
    expect((performance.now() - started) / 10_000).toBeLessThan(0.1);
  });
});

describe.each(testEngines())("writing the views counted on %s", (engine) => {
  let database: TestDatabase;
  let storeId: string;
  let productId: string;
  let server: http.Server;
  let base: string;
  let counter: ViewCounter;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const seller = await createSeller(database.db, { companyName: "Erode Terry Mills" });
    storeId = (await createStore(database.db, { sellerId: seller.user.id })).id;
    productId = (await createProduct(database.db, { sellerId: seller.user.id })).id;
    counter = new ViewCounter();
    const app = express();
    // the owner of everything here signs in with the session "owner" (the real app asks better-auth and the stores)
    const owner = (req: express.Request) => /setu\.session_token=owner\b/.test(req.get("cookie") ?? "");
    app.use(viewCounting({ counter: () => counter, ownsStore: async (req) => owner(req) }));
    app.get(/^\/(stores|product)\/[^/]+$/, (req, res) => {
      // as the store and product pages' loaders do for their owner (AppContext.ownPage)
      if (owner(req)) markOwnPage(res);
      if (req.path.includes("missing")) res.status(404).send("not found");
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

  it("counts pages served over HTTP once per visitor, not bots, not missing pages; a QR scan once, then without the source", async () => {
    const get = (path: string, userAgent = CHROME) =>
      fetch(`${base}${path}`, { headers: { "user-agent": userAgent }, redirect: "manual" });
    expect((await get(`/stores/${storeId}`)).status).toBe(200);
    expect((await get(`/stores/${storeId}`)).status).toBe(200);
    expect((await get(`/stores/${storeId}`, GOOGLEBOT)).status).toBe(200);
    expect((await get(`/product/${productId}`)).status).toBe(200);
    expect((await get(`/stores/missing-store`)).status).toBe(404);

    const scan = await get(`/stores/${storeId}?src=qr&tab=about`, FIREFOX);
    expect(scan.status).toBe(302);
    expect(scan.headers.get("location")).toBe(`/stores/${storeId}?tab=about`);
    expect((await get(`/stores/${storeId}?tab=about`, FIREFOX)).status).toBe(200);
    // the same phone scanning again within the half hour is the same scan
    expect((await get(`/stores/${storeId}?src=qr`, FIREFOX)).status).toBe(302);
    await counter.flush(database.db);

    const totals = Object.fromEntries((await hourRows()).map((row) => [row.kind, row.views]));
    expect(totals).toEqual({ store: 2, product: 1, qr: 1 });
    expect(await database.db.select().from(pageViewHours).where(eq(pageViewHours.subjectId, productId))).toHaveLength(
      1,
    );
  });

  it("leaves out the owner's own visits to their store and product pages and their own QR scan", async () => {
    await database.db.delete(pageViewHours);
    const asOwner = (path: string, session = "owner") =>
      fetch(`${base}${path}`, {
        headers: { "user-agent": `${CHROME} Owner`, cookie: `setu.session_token=${session}` },
        redirect: "manual",
      });
    expect((await asOwner(`/stores/${storeId}`)).status).toBe(200);
    expect((await asOwner(`/product/${productId}`)).status).toBe(200);
    const scan = await asOwner(`/stores/${storeId}?src=qr`);
    expect(scan.status).toBe(302);
    expect(scan.headers.get("location")).toBe(`/stores/${storeId}`);
    // another signed-in visitor (a buyer) counts like anyone
    expect((await asOwner(`/stores/${storeId}`, "buyer")).status).toBe(200);
    expect((await asOwner(`/stores/${storeId}?src=qr`, "buyer")).status).toBe(302);
    // the signed-in scan is told apart after the redirect went out
    await expect.poll(() => counter.pendingViews).toBe(2);
    await counter.flush(database.db);
    const totals = Object.fromEntries((await hourRows()).map((row) => [row.kind, row.views]));
    expect(totals).toEqual({ store: 1, qr: 1 });
  });
});
