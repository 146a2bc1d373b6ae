import http from "node:http";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client";
import { baseUrl, hydrated, openBrowser } from "./support/browser";
import { firstListedProductAndStore } from "./support/listed-pages";

/**
 * Issue #25: anonymous pages that are the same for everyone may be kept by a shared cache (and by the app's own
 * page cache, server/page-cache.ts); no page a signed-in person sees is ever publicly cacheable.
 */
const DEMO_BUYER = { email: "sarah@brooklyn-home-goods.example", password: "SetuDemo!2026" };
/** What the compression middleware answers a browser with (it prefers brotli; gzip for a client without it). */
const COMPRESSED = /^(br|gzip)$/;
const PUBLIC = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/;

let publicPaths: string[];
let sessionCookie: string;

const get = (path: string, cookie?: string) =>
  fetch(`${baseUrl()}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

beforeAll(async () => {
  const { product, store } = await firstListedProductAndStore();
  publicPaths = [
    "/",
    "/categories",
    "/category/home-textiles",
    product,
    store,
    "/browse",
    "/browse?q=cotton&sort=newest",
  ];

  const client = new HttpClient(baseUrl());
  expect((await client.post("/auth", { intent: "signin", ...DEMO_BUYER })).status).toBe(302);
  sessionCookie = client.cookieHeader();
  expect(sessionCookie).toMatch(/setu\.session_token=/);
});

describe("Cache-Control", () => {
  it("lets a shared cache keep the public pages for an anonymous visitor", async () => {
    for (const path of publicPaths) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toMatch(PUBLIC);
      expect(response.headers.get("vary") ?? "", path).toMatch(/cookie/i);
      expect(response.headers.get("set-cookie"), path).toBeNull();
    }
  });

  it("never lets anyone keep a page for a signed-in person, the public pages included", async () => {
    for (const path of [...publicPaths, "/rfqs", "/dashboard", "/messages", "/notifications", "/orders", "/profile"]) {
      const response = await get(path, sessionCookie);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      const html = await response.text();
      // and it really is the signed-in page, not a copy of the anonymous one
      expect(html, path).toContain("Sarah");
      expect(response.headers.get("x-page-cache"), path).toBeNull();
    }
  });

  it("keeps a page with a flash message, or any session cookie, private", async () => {
    const flash = await get("/", "setu_flash=eyJ0eXBlIjoic3VjY2VzcyIsIm1lc3NhZ2UiOiJoaSJ9");
    expect(flash.headers.get("cache-control")).toBe("private, no-store");
    const stale = await get("/", "setu.session_token=not-a-session");
    expect(stale.headers.get("cache-control")).toBe("private, no-store");
    expect(stale.headers.get("x-page-cache")).toBeNull();
  });

  it("does not let shared caches keep anonymous pages that are not the same for everyone", async () => {
    for (const path of ["/auth", "/rfqs", "/contact"]) {
      const response = await get(path);
      expect(response.headers.get("cache-control") ?? "", path).not.toMatch(/public/);
    }
  });

  it("serves an anonymous page again from the app's cache, with the request's own CSP nonce", async () => {
    // kept once it has been sent whole (a URL of this test's own: a copy kept by the first test would not be renewed
    // by this visit, and could run out between the two)
    await (await get("/categories?kept=http")).text();
    const again = await get("/categories?kept=http");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    const nonce = /'nonce-([^']+)'/.exec(again.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const html = await again.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html.match(/nonce="([^"]+)"/g)?.every((attribute) => attribute === `nonce="${nonce}"`)).toBe(true);
  });

  it("sends Chromium a kept page compressed, which it reads and hydrates with the page's own nonce", async () => {
    const browser = await openBrowser({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36" });
    try {
      const { page } = browser;
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      // the first visit keeps the page; the second comes as soon as its HTML has arrived, well within the cache's
      // 10 s (waiting for the first page's pictures and scripts took longer than that in a loaded whole run). A URL
      // of this test's own: the test before kept /categories, and a first visit served from that copy keeps nothing
      // new, so the second missed whenever Chromium took the rest of its 10 s to start (a whole run at load 17)
      const path = "/categories?kept=chromium";
      await page.goto(path, { waitUntil: "domcontentloaded" });
      const response = await page.goto(path);
      expect(response?.headers()["x-page-cache"]).toBe("hit");
      expect(response?.headers()["content-encoding"]).toMatch(COMPRESSED);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(/categor/i);
      // the scripts ran under the response's CSP: no refused script, no failed decoding
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

/** The body as it came over the wire, decompressed here (strictly: a cut or corrupt stream throws). */
function decompressed(headers: http.IncomingHttpHeaders, body: Buffer): string {
  const encoding = headers["content-encoding"];
  expect(encoding).toMatch(COMPRESSED);
  return (encoding === "br" ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body)).toString("utf8");
}

/** A page as a browser asks for it, the body as it came over the wire (Node's fetch would decompress it). */
function getRaw(path: string, cookie?: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { "accept-encoding": "gzip, deflate, br, zstd" };
    if (cookie) headers.cookie = cookie;
    http
      .get(`${baseUrl()}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("a rendered page sent to a browser", () => {
  it("goes out compressed and whole, the inline stylesheet in it whole", async () => {
    for (const path of ["/", "/rfqs", "/dashboard"]) {
      const { headers, body } = await getRaw(path, sessionCookie);
      expect(headers["vary"] ?? "", path).toMatch(/accept-encoding/i);
      expect(headers["cache-control"], path).toBe("private, no-store");
      const html = decompressed(headers, body);
      expect(html, path).toMatch(/^<!DOCTYPE html>/);
      expect(html, path).toMatch(/<\/html>$/);
      expect(html, path).toContain("Sarah");
      const style = /<style[^>]*data-href="\/assets\/app-[^"]+\.css"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
      expect(style.length, path).toBeGreaterThan(10_000);
    }
  });

  it("goes out compressed when public too, and the page cache serves it whole to its next visitors", async () => {
    const path = `/browse?q=cotton&sort=price-low&compressed=${Date.now()}`;
    const miss = await getRaw(path);
    expect(miss.headers["cache-control"]).toMatch(PUBLIC);
    expect(miss.headers["x-page-cache"]).toBeUndefined();
    const rendered = decompressed(miss.headers, miss.body);
    expect(rendered).toMatch(/^<!DOCTYPE html>/);
    expect(rendered).toMatch(/<\/html>$/);
    const hit = await getRaw(path);
    expect(hit.headers["x-page-cache"]).toBe("hit");
    const kept = decompressed(hit.headers, hit.body);
    const nonce = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(nonce(kept)).not.toBe(nonce(rendered));
    expect(kept).toBe(rendered.replaceAll(nonce(rendered), nonce(kept)));
  });

  it("is read, styled and hydrated by Chromium when sent compressed", async () => {
    const browser = await openBrowser({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36" });
    try {
      const { page, context } = browser;
      await context.addCookies(
        sessionCookie.split("; ").map((pair) => {
          const at = pair.indexOf("=");
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl() };
        }),
      );
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      const response = await page.goto("/rfqs");
      expect(response?.headers()["content-encoding"]).toMatch(COMPRESSED);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toMatch(/request/i);
      // the inline stylesheet arrived whole: the page is laid out by it (Tailwind's preflight zeroes body's margin)
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
