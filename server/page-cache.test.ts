import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspNonce } from "./csp-nonce";
import { pageCache, splitOn } from "./page-cache";

let url: string;
let close: () => void;
let renders = 0;
let writes = 0;

beforeAll(async () => {
  const app = express();
  // as server.js: fetch asks for gzip, so the pages below go through it
  app.use(compression({ threshold: 0 }));
  app.use((_req, res, next) => {
    res.locals.cspNonce = cspNonce();
    next();
  });
  app.use(pageCache({ onWrite: () => writes++ }));
  app.get("/page", (req, res) => {
    renders++;
    const nonce = res.locals.cspNonce as string;
    const personal = Boolean(req.get("cookie"));
    res.set("Cache-Control", personal ? "private, no-store" : "public, max-age=0, s-maxage=30");
    res.type("html");
    // written in pieces, as a rendered page is; the nonce at the start, in the middle and at the very end
    res.write(`<script nonce="${nonce}">1</script><p>₹ ${renders}</p>`);
    res.write(`<script nonce="${nonce}">2</script>`);
    res.end(personal ? `<p>${req.get("cookie")}</p>` : nonce);
  });
  app.post("/page", (_req, res) => {
    res.status(204).end();
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const nonceOf = (html: string) => {
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  expect(html.endsWith(nonce!)).toBe(true);
  return nonce;
};

describe("pageCache", () => {
  it("serves a public page again with the request's own nonce in every place the rendered one stood", async () => {
    const first = await fetch(`${url}/page`);
    const firstHtml = await first.text();
    const rendered = nonceOf(firstHtml);
    const second = await fetch(`${url}/page`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const html = await second.text();
    const nonce = nonceOf(html);
    expect(nonce).not.toBe(rendered);
    expect(html).toBe(firstHtml.replaceAll(rendered!, nonce!));
    expect(html).not.toContain(rendered);
  });

  it("sends a kept page whole to a client that takes no compression", async () => {
    const identity = { headers: { "accept-encoding": "identity" } };
    const rendered = await (await fetch(`${url}/page`, identity)).text();
    const hit = await fetch(`${url}/page`, identity);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.get("content-encoding")).toBeNull();
    const html = await hit.text();
    expect(html).toBe(rendered.replaceAll(nonceOf(rendered)!, nonceOf(html)!));
    expect(Number(hit.headers.get("content-length"))).toBe(Buffer.byteLength(html));
  });

  it("sends a kept page to a browser compressed by the middleware, with the request's nonce in it", async () => {
    const rendered = await (await fetch(`${url}/page`)).text();
    const hit = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${url}/page`, { headers: { "accept-encoding": "gzip" } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.headers["content-encoding"]).toBe("gzip");
    expect(hit.headers.vary).toMatch(/accept-encoding/i);
    const html = zlib.gunzipSync(hit.body).toString();
    const nonce = nonceOf(html)!;
    expect(nonce).not.toBe(nonceOf(rendered));
    expect(html).toBe(rendered.replaceAll(nonceOf(rendered)!, nonce));
  });

  it("sends a kept page as it is to a client that names no encoding", async () => {
    await fetch(`${url}/page`);
    const hit = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${url}/page`, resolve).on("error", reject),
    );
    hit.resume();
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(hit.headers["content-encoding"]).toBeUndefined();
  });

  it("never keeps nor serves a page for a request with a session cookie", async () => {
    const before = renders;
    const mine = await (await fetch(`${url}/page`, { headers: { cookie: "setu.session_token=a" } })).text();
    const theirs = await (await fetch(`${url}/page`, { headers: { cookie: "setu.session_token=b" } })).text();
    expect(renders).toBe(before + 2);
    expect(mine).toContain("setu.session_token=a");
    expect(theirs).toContain("setu.session_token=b");
    expect(theirs).not.toContain("setu.session_token=a");
  });

  it("forgets every page after a write", async () => {
    await fetch(`${url}/page`);
    expect((await fetch(`${url}/page`)).headers.get("x-page-cache")).toBe("hit");
    const before = { renders, writes };
    expect((await fetch(`${url}/page`, { method: "POST" })).status).toBe(204);
    expect(writes).toBe(before.writes + 1);
    const after = await fetch(`${url}/page`);
    expect(after.headers.get("x-page-cache")).toBeNull();
    expect(renders).toBe(before.renders + 1);
  });
});

describe("splitOn", () => {
  it("cuts at every occurrence, keeping empty pieces at the ends", () => {
    const parts = splitOn(Buffer.from("NaNbNN"), Buffer.from("N")).map(String);
    expect(parts).toEqual(["", "a", "b", "", ""]);
    expect(splitOn(Buffer.from("abc"), Buffer.from("N")).map(String)).toEqual(["abc"]);
  });
});

describe("cspNonce", () => {
  it("gives 16 fresh random bytes each time, across pool refills", () => {
    const nonces = Array.from({ length: 1000 }, () => cspNonce());
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
