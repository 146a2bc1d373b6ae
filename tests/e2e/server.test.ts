import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseUrl, migratedDataDir, ownDemoServer, startTestServer } from "./support/test-server";

// this file runs beside other files (the e2e-http project): a demo server of its own
ownDemoServer();

describe("serving like production", () => {
  it("answers /healthz after checking the database", async () => {
    const response = await fetch(`${baseUrl()}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("sends security headers, a nonce-based CSP and a request id", async () => {
    const response = await fetch(`${baseUrl()}/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(response.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=()");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("form-action 'self'");
    // served over http here: no HSTS, which would pin a browser to https for a year
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("compresses pages, caches hashed assets for a year and serves the public files", async () => {
    const page = await fetch(`${baseUrl()}/`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = await page.text();
    // brotli, with its window sized for pages (server.js): the whole page, decoded
    const brotli = await fetch(`${baseUrl()}/terms`, { headers: { "accept-encoding": "br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(await brotli.text()).toMatch(/<\/html>$/);
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await fetch(`${baseUrl()}${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get("cache-control")).toContain("immutable");
    expect(assetResponse.headers.get("cache-control")).toContain("max-age=31536000");
    // the other public files (only files with an extension are looked up on disk)
    const favicon = await fetch(`${baseUrl()}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toContain("image/svg+xml");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("answers unknown paths with the 404 page and status 404", async () => {
    const response = await fetch(`${baseUrl()}/no/such/page?x=<script>`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).not.toContain("<script>alert");
  });

  it("answers ids that only look like UUIDs with a clean page, never a 500", async () => {
    const dashes = "-".repeat(36);
    for (const path of [
      `/create-rfq?product=${dashes}`,
      `/product/${dashes}`,
      `/rfqs/${dashes}`,
      `/stores/${dashes}`,
      `/api/products?cursor=${Buffer.from(JSON.stringify({ v: 1, id: dashes })).toString("base64url")}`,
    ]) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it("redirects /services to /services-for-sellers", async () => {
    const response = await fetch(`${baseUrl()}/services`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/services-for-sellers");
  });

  it("refuses cross-site form posts", async () => {
    const body = new URLSearchParams({
      name: "Eve",
      email: "eve@example.com",
      topic: "general",
      message: "Hello there, attacker",
    });
    const crossSite = await fetch(`${baseUrl()}/contact`, {
      method: "POST",
      body,
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const noOrigin = await fetch(`${baseUrl()}/contact`, { method: "POST", body });
    expect(noOrigin.status).toBe(403);
    // the same host on another scheme or port is another origin
    const site = new URL(baseUrl());
    for (const origin of [`https://${site.host}`, `${site.protocol}//${site.hostname}:1`]) {
      const other = await fetch(`${baseUrl()}/contact`, { method: "POST", body, headers: { origin } });
      expect(other.status, origin).toBe(403);
    }
  });

  it("refuses a form body over its limit with 413 before reading it, chunked bodies too, and stays healthy", async () => {
    const headers = { origin: baseUrl(), "content-type": "application/x-www-form-urlencoded" };
    const declared = await fetch(`${baseUrl()}/contact`, {
      method: "POST",
      body: `message=${"x".repeat(300 * 1024)}`,
      headers,
    });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain("too large");
    // no Content-Length: the body is counted as it arrives, and refused once past the limit
    let sent = 0;
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 50 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const chunked = await fetch(`${baseUrl()}/contact`, {
      method: "POST",
      body: endless,
      headers,
      duplex: "half",
    } as RequestInit).catch((error: unknown) => error);
    // the server answers 413 and closes the connection: the client sees the answer, or a reset while still sending
    if (chunked instanceof Response) expect(chunked.status).toBe(413);
    else expect(String(chunked)).toMatch(/fetch failed|terminated|socket|reset/i);
    expect(sent).toBeGreaterThan(256 * 1024);
    expect(sent).toBeLessThan(50 * 1024 * 1024);
    expect((await fetch(`${baseUrl()}/healthz`)).status).toBe(200);
    // a form of ordinary size still goes through
    const body = new URLSearchParams({
      name: "Asha",
      email: "asha@example.com",
      topic: "general",
      message: "A normal message of normal size",
    });
    expect((await fetch(`${baseUrl()}/contact`, { method: "POST", body, headers: { origin: baseUrl() } })).status).toBe(
      200,
    );
  });

  it("answers a post that is not form data with a 4xx, not a 500", async () => {
    const response = await fetch(`${baseUrl()}/contact`, {
      method: "POST",
      body: JSON.stringify({ name: "x" }),
      headers: { origin: baseUrl(), "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
  });

  it("validates contact messages on the server", async () => {
    const body = new URLSearchParams({ name: "", email: "not-an-email", topic: "general", message: "short" });
    const response = await fetch(`${baseUrl()}/contact`, { method: "POST", body, headers: { origin: baseUrl() } });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid e-mail address");
    expect(html).toContain("Please write at least 10 characters");
  });
});

describe("process lifecycle", () => {
  it("refuses a second process on the same DATA_DIR with a clear message, and stops on SIGTERM without waiting out a timer", async () => {
    const dataDir = migratedDataDir("setu-lock-");
    // info, so the stop's own account of its steps is in the output
    const first = await startTestServer({ dataDir, env: { DEMO_DATA: "off", LOG_LEVEL: "info" } });
    try {
      const second = await startTestServer({ dataDir, env: { DEMO_DATA: "off" }, wait: false });
      const code = await new Promise<number | null>((resolve) => second.process.on("exit", resolve));
      expect(code).toBe(1);
      expect(second.output()).toContain("already in use by another Setu process");
      // the first server is unharmed
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      const started = Date.now();
      const code = await first.stop();
      expect(code).toBe(0);
      // Idle, a stop takes 0.1–0.4 s; on CI's loaded two cores one took 3.2 s (the embedded database's closing
      // checkpoint writes to a shared disk). What this guards against is a stop that waits out a timer: pg-boss's
      // 5 s grace for a stuck job, or an open connection or stream the server forgot to end.
      const took = Date.now() - started;
      const steps = /"ms":(\{[^}]*\})[^\n]*"msg":"stopped"/.exec(first.output())?.[1];
      expect(steps, "the server logs how long each step of its stop took").toBeDefined();
      expect(took, `stop took ${took} ms; its steps (ms): ${steps}`).toBeLessThan(4500);
    }
    // the lock is released (the database closed before the process ended): a new process can open the folder
    expect(fs.existsSync(path.join(dataDir, "setu.lock"))).toBe(false);
    const again = await startTestServer({ dataDir, env: { DEMO_DATA: "off" } });
    await again.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves pages in development (npm run dev) with the same React Router as its Express adapter", async () => {
    // the flags of the dev script itself, so the test runs what a developer runs
    const dev = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts
      .dev!;
    const nodeArgs = /\bnode ((?:--\S+ )*)server\.js$/.exec(dev)![1]!.trim().split(" ").filter(Boolean);
    const server = await startTestServer({
      env: { NODE_ENV: "development", DEMO_DATA: "off" },
      nodeArgs,
      startTimeoutMs: 90_000,
    });
    try {
      for (const page of ["/", "/browse", "/auth"])
        expect((await fetch(`${server.url}${page}`)).status, page).toBe(200);
      expect(server.output()).not.toMatch(/"level":50/);
    } finally {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it("stops with one clear line when the database cannot be opened", async () => {
    const server = await startTestServer({ env: { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }, wait: false });
    const code = await new Promise<number | null>((resolve) => server.process.on("exit", resolve));
    expect(code).toBe(1);
    expect(server.output()).toMatch(/Setu could not start: Could not connect to the database/);
    expect(server.output()).not.toMatch(/\n\s+at /);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });
});

describe.skipIf(!process.env.DATABASE_URL)("several instances on one PostgreSQL server", () => {
  it("start together on a new database, migrate and seed it once, and serve the same data", async () => {
    const { default: postgres } = await import("postgres");
    const adminUrl = process.env.DATABASE_URL!;
    const name = `setu_test_${Math.random().toString(36).slice(2, 10)}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin`create database ${admin(name)}`;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // several instances share one signing secret, as the README says
    const env = {
      DATABASE_URL: url.toString(),
      DEMO_DATA: "on",
      BETTER_AUTH_SECRET: "shared-secret-for-both-instances-0123456789",
    };
    const servers = await Promise.all([startTestServer({ env }), startTestServer({ env })]);
    try {
      const counts = await Promise.all(
        servers.map(async (server) => {
          expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
          const html = (await (await fetch(`${server.url}/browse`)).text()).replaceAll("<!-- -->", "");
          return /Products \((\d+)\)/.exec(html)?.[1];
        }),
      );
      expect(Number(counts[0])).toBeGreaterThanOrEqual(60);
      // seeded once, not once per instance
      expect(counts[1]).toBe(counts[0]);
      // a session made on one instance works on the other (sessions live in the database)
      const { HttpClient } = await import("../support/http-client");
      const client = new HttpClient(servers[0].url);
      await client.post("/auth", {
        intent: "signin",
        email: "sarah@brooklyn-home-goods.example",
        password: "SetuDemo!2026",
      });
      const elsewhere = await fetch(`${servers[1].url}/dashboard`, { headers: { cookie: client.cookieHeader() } });
      expect(await elsewhere.text()).toContain("Brooklyn Home Goods");
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      for (const server of servers) fs.rmSync(server.dataDir, { recursive: true, force: true });
      await admin`drop database if exists ${admin(name)} with (force)`;
      await admin.end({ timeout: 5 });
    }
  });
});
