import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer } from "../support/app-server";
import { HttpClient } from "../support/http-client";
import { startTestServer } from "./support/test-server";
import { signUp, uniqueEmail } from "./support/sign-up-over-http";

describe("brute-force protection", () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: "off", TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("answers 429 after repeated failures on one account, without locking out other users", async () => {
    const victim = uniqueEmail("victim");
    await signUp(new HttpClient(server.url, { "x-forwarded-for": "203.0.113.1" }), { email: victim });
    const attacker = new HttpClient(server.url, { "x-forwarded-for": "198.51.100.7" });
    for (let i = 0; i < 5; i++) {
      expect((await attacker.post("/auth", { intent: "signin", email: victim, password: `guess-${i}` })).status).toBe(
        401,
      );
    }
    const blocked = await attacker.post("/auth", { intent: "signin", email: victim, password: "Wholesale-Route-42" });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many failed sign-in attempts");
    const bystander = uniqueEmail("bystander");
    await signUp(new HttpClient(server.url, { "x-forwarded-for": "203.0.113.2" }), { email: bystander });
    const ok = await new HttpClient(server.url, { "x-forwarded-for": "203.0.113.2" }).post("/auth", {
      intent: "signin",
      email: bystander,
      password: "Wholesale-Route-42",
    });
    expect(ok.status).toBe(302);
  });

  it("lets at most 5 of 200 simultaneous wrong passwords through, and the owner still signs in from elsewhere", async () => {
    const owner = uniqueEmail("burst-owner");
    await signUp(new HttpClient(server.url, { "x-forwarded-for": "203.0.113.40" }), { email: owner });
    const attacker = new HttpClient(server.url, { "x-forwarded-for": "198.51.100.40" });
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        attacker.post("/auth", { intent: "signin", email: owner, password: `burst-guess-${i}` }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const blocked = await attacker.post("/auth", { intent: "signin", email: owner, password: "Wholesale-Route-42" });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Please wait 15 minutes");
    // the stranger locked only themselves out
    const home = new HttpClient(server.url, { "x-forwarded-for": "203.0.113.40" });
    expect((await home.post("/auth", { intent: "signin", email: owner, password: "Wholesale-Route-42" })).status).toBe(
      302,
    );
  });

  it("answers 429 to one client that fails on many accounts, while other clients sign in", async () => {
    const sprayer = new HttpClient(server.url, { "x-forwarded-for": "192.0.2.99" });
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await sprayer.post("/auth", { intent: "signin", email: uniqueEmail("spray"), password: "Password-1" }))
        .status;
    }
    expect(last).toBe(429);
    const email = uniqueEmail("honest");
    await signUp(new HttpClient(server.url, { "x-forwarded-for": "192.0.2.100" }), { email });
    const ok = await new HttpClient(server.url, { "x-forwarded-for": "192.0.2.100" }).post("/auth", {
      intent: "signin",
      email,
      password: "Wholesale-Route-42",
    });
    expect(ok.status).toBe(302);
  });

  it("sees the address the load balancer added, so a client cannot dodge the limit by forging X-Forwarded-For", async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      // the client forges a new first entry each time; the load balancer appends the real address
      const forged = new HttpClient(server.url, { "x-forwarded-for": `10.1.2.${i}, 192.0.2.150` });
      last = (await forged.post("/auth", { intent: "signin", email: uniqueEmail("forged"), password: "Password-1" }))
        .status;
    }
    expect(last).toBe(429);
  });
});

describe("limits on creating data (a server with the real limits)", () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: "off", TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("answers 429 with what to do past 10 sign-ups an hour from one address, while other addresses sign up", async () => {
    const from = (ip: string) => new HttpClient(server.url, { "x-forwarded-for": ip });
    for (let i = 0; i < 10; i++) expect((await signUp(from("198.51.100.77"))).response.status).toBe(302);
    const { response } = await signUp(from("198.51.100.77"));
    expect(response.status).toBe(429);
    expect(await response.text()).toContain("Too many accounts were created from your network in the last hour");
    expect((await signUp(from("198.51.100.78"))).response.status).toBe(302);
  });

  it("answers 429 past 5 password reset requests an hour for one address, while other addresses still ask", async () => {
    const email = uniqueEmail("reset-limit");
    const ask = (address: string) =>
      new HttpClient(server.url, { "x-forwarded-for": "198.51.100.95" }).post("/auth/forgot-password", {
        email: address,
      });
    for (let i = 0; i < 5; i++) expect((await ask(email)).status, String(i)).toBe(200);
    const refused = await ask(email);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many password reset requests for this address");
    expect((await ask(uniqueEmail("reset-other"))).status).toBe(200);
  });

  it("limits better-auth's open links per client address with our limiter (better-auth's own is off)", async () => {
    const link = (ip: string) =>
      new HttpClient(server.url, { "x-forwarded-for": ip }).get("/api/auth/verify-email?token=not-a-token");
    const statuses = await Promise.all(Array.from({ length: 110 }, () => link("198.51.100.96").then((r) => r.status)));
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect((await link("198.51.100.97")).status).not.toBe(429);
  });

  it("answers 429 past 20 RFQs an hour from one account, and stores nothing more", async () => {
    const client = new HttpClient(server.url, { "x-forwarded-for": "198.51.100.90" });
    expect((await signUp(client)).response.status).toBe(302);
    const rfq = (n: number) => ({
      title: `Limit test RFQ ${n}`,
      category: "home-textiles",
      description: "Reusable jute grocery bags with cotton handles.",
      specifications: "",
      quantity: "100",
      unit: "pieces",
      budgetMin: "",
      budgetMax: "",
      deliveryLocation: "Brooklyn, NY",
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    });
    for (let n = 1; n <= 20; n++) expect((await client.post("/create-rfq", rfq(n))).status, String(n)).toBe(302);
    const refused = await client.post("/create-rfq", rfq(21));
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("You have posted many RFQs in the last hour");
    expect(await (await client.get("/rfqs?mine=1")).text()).not.toContain("Limit test RFQ 21");
  });
});
