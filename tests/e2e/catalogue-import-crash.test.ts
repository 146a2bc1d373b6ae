import crypto from "node:crypto";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import type { AppServer } from "../support/app-server";
import { HttpClient, renderedHtml } from "../support/http-client";
import { migratedDataDir, startTestServer } from "./support/test-server";

const PASSWORD = "Catalogue-Crash-42";
const PRODUCTS = 1_500;

/**
 * Issue #42's "kill -9 during an import": a seller's import of 1,500 products of two variants each is killed with
 * SIGKILL while it runs; after the restart it finishes by itself, and every product is there once, whole.
 */
describe("a catalogue import killed with SIGKILL finishes after the restart, with no duplicate and no half product", () => {
  const dataDir = migratedDataDir("setu-import-crash");
  const start = () => startTestServer({ dataDir, env: { DEMO_DATA: "off", RATE_LIMIT_SCALE: "1000" } });
  let server: AppServer | undefined;
  afterAll(() => server?.stop());

  const signIn = async (email: string) => {
    const client = new HttpClient(server!.url);
    const response = await client.post("/auth", { intent: "signin", email, password: PASSWORD });
    expect(response.status).toBe(302);
    return client;
  };
  const progress = async (client: HttpClient, importId: string) => {
    // the page as shown: the texts it carries for the browser (record 0058) include "Import finished" on every page
    const html = renderedHtml(await (await client.get(`/products/import?id=${importId}`)).text()).replace(
      /<!-- -->/g,
      "",
    );
    const done = /([\d,]+) of ([\d,]+) rows done/.exec(html);
    return {
      rows: done ? Number(done[1]!.replace(/,/g, "")) : 0,
      finished: html.includes("Import finished"),
      summary: /([\d,]+) created, ([\d,]+) updated, ([\d,]+)\s+unchanged/.exec(html)?.[0] ?? "",
    };
  };

  it("resumes where it stopped", async () => {
    server = await start();
    const email = `import-crash-${crypto.randomUUID()}@example.test`;
    const signUp = await new HttpClient(server.url).post("/auth", {
      intent: "signup",
      userType: "seller",
      fullName: "Crash Seller",
      companyName: "Crash Textiles",
      email,
      phone: "",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(signUp.status).toBe(302);
    let client = await signIn(email);

    const lines = ["Product SKU,SKU,Product name,Category,MOQ,Price,Colour"];
    for (let i = 0; i < PRODUCTS; i++)
      for (const colour of ["White", "Grey"])
        lines.push(
          `CR-${i},CR-${i}-${colour.toUpperCase()},Crash towel ${i},bath-linen,10,${(4 + (i % 50) / 100).toFixed(2)},${colour}`,
        );
    const form = new FormData();
    form.set("sheet", new Blob([lines.join("\n")], { type: "text/csv" }), "crash.csv");
    const uploaded = await client.request("/products/import", {
      method: "POST",
      body: form,
      headers: { origin: server.url },
    });
    expect(uploaded.status).toBe(302);
    const importId = new URL(uploaded.headers.get("location")!, server.url).searchParams.get("id")!;
    const preview = (await (await client.get(`/products/import?id=${importId}`)).text()).replace(/<!-- -->/g, "");
    expect(preview).toContain(`Import ${PRODUCTS.toLocaleString("en-US")} products`);
    expect((await client.post("/products/import", { intent: "commit", importId })).status).toBe(302);

    // killed once some rows are written and before all are
    let seen = 0;
    await expect
      .poll(async () => (seen = (await progress(client, importId)).rows), { timeout: 60_000, interval: 100 })
      .toBeGreaterThan(0);
    expect(seen).toBeLessThan(PRODUCTS * 2);
    server.process.kill("SIGKILL");
    await server.stop();

    server = await start();
    client = await signIn(email);
    await expect
      .poll(async () => (await progress(client, importId)).finished, { timeout: 120_000, interval: 500 })
      .toBe(true);
    const after = await progress(client, importId);
    expect(after.rows).toBe(PRODUCTS * 2);
    expect(after.summary.replace(/\s+/g, " ")).toBe("1,500 created, 0 updated, 0 unchanged");

    // every product once, with both of its variants
    const csv = await (await client.get("/products/export?format=csv")).text();
    const rows: string[][] = parse(csv, { bom: true });
    const productSkus = rows.slice(1).map((r) => r[0]!);
    const variantSkus = rows.slice(1).map((r) => r[1]!);
    expect(new Set(productSkus).size).toBe(PRODUCTS);
    expect(variantSkus).toHaveLength(PRODUCTS * 2);
    expect(new Set(variantSkus).size).toBe(PRODUCTS * 2);
  }, 300_000);
});
