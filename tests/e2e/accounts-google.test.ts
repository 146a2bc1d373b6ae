import fs from "node:fs";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type AppServer } from "../support/app-server";
import { HttpClient } from "../support/http-client";
import { startTestServer } from "./support/test-server";
import { uniqueEmail } from "./support/sign-up-over-http";

describe("Google sign-in against a local OpenID Connect provider", () => {
  let server: AppServer;
  let oidc: OAuth2Server;

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate("RS256");
    const port = await freePort();
    await oidc.start(port, "127.0.0.1");
    server = await startTestServer({
      env: {
        DEMO_DATA: "off",
        GOOGLE_CLIENT_ID: "setu-test-client",
        GOOGLE_CLIENT_SECRET: "setu-test-secret",
        GOOGLE_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await oidc?.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("signs a new Google user in, asks for company and role, then opens the dashboard", async () => {
    const email = uniqueEmail("google");
    const claims = { sub: `google-${email}`, email, email_verified: true, name: "Grace Okafor" };
    oidc.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims));
    oidc.service.on("beforeUserinfo", (userInfo) => {
      userInfo.body = claims;
    });

    const client = new HttpClient(server.url);
    const start = await client.post("/auth/google", {});
    expect(start.status).toBe(302);
    const authorize = start.headers.get("location")!;
    expect(authorize.startsWith(oidc.issuer.url!)).toBe(true);

    const { url } = await client.follow(authorize);
    expect(new URL(url).pathname).toBe("/auth/complete-profile");
    // until the profile is complete, every page leads back here and no action accepts the user
    const elsewhere = await client.get("/rfqs");
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get("location")).toBe("/auth/complete-profile");
    const rfq = await client.post("/create-rfq", {
      title: "Early RFQ",
      category: "home-textiles",
      description: "x",
      quantity: "5",
      unit: "pieces",
      deliveryLocation: "NY",
      deadline: "2099-01-01",
    });
    expect([302, 401]).toContain(rfq.status);
    expect(rfq.headers.get("location") ?? "/auth/complete-profile").toBe("/auth/complete-profile");

    const completed = await client.post("/auth/complete-profile", {
      companyName: "Okafor Imports LLC",
      userType: "buyer",
    });
    expect(completed.status).toBe(302);
    const dashboard = await (await client.get("/dashboard")).text();
    expect(dashboard).toContain("Okafor Imports LLC");
    expect(dashboard).toContain("Active RFQs");
    // the RFQ posted before completing was refused, not stored
    expect(await (await client.get("/rfqs?mine=1")).text()).not.toContain("Early RFQ");
    oidc.service.removeAllListeners();
  });

  it("shows 'Failed to sign in with Google' when the provider refuses", async () => {
    oidc.service.once("beforeAuthorizeRedirect", (authorizeRedirectUri) => {
      authorizeRedirectUri.url.searchParams.delete("code");
      authorizeRedirectUri.url.searchParams.set("error", "access_denied");
    });
    const client = new HttpClient(server.url);
    const start = await client.post("/auth/google", {});
    const { response, url } = await client.follow(start.headers.get("location")!);
    expect(new URL(url).pathname).toBe("/auth");
    expect(await response.text()).toContain("Failed to sign in with Google");
  });
});
