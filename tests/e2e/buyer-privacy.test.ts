import { describe, expect, it } from "vitest";
import { UNNAMED_BUYER } from "~/modules/accounts/buyer-privacy";
import { DEMO_BUYER_NAMES } from "../../seed/demo.server";
import { baseUrl } from "./support/browser";

/*
 * Issue #41, "done when": an anonymous crawl of every public page finds no buyer's personal name, and RFQ pages do
 * not name the buyer's company to a visitor. The shared test server holds the demo data (three buyers with RFQs,
 * quotes, orders and reviews); the crawl follows every link a visitor is shown, from the public entry pages.
 */

const ENTRY_PAGES = ["/", "/browse", "/browse?tab=stores", "/rfqs", "/rfqs?page=2", "/about", "/contact"];
/** Public pages by their address: products, stores, RFQs, categories, collections. */
const FOLLOWED = /^\/(product|stores|rfqs|category|categories|collections)\/[^"?#]+$/;
const CRAWL_LIMIT = 400;

describe("a visitor learns no buyer's name", () => {
  it("finds no buyer's personal name on any public page, and no buyer's company on any RFQ page", async () => {
    const seen = new Set<string>();
    const queue = [...ENTRY_PAGES];
    const rfqPages: string[] = [];
    while (queue.length > 0 && seen.size < CRAWL_LIMIT) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const response = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
      if (response.status !== 200) continue;
      const html = await response.text();
      for (const buyer of DEMO_BUYER_NAMES) expect(html, `${buyer.fullName} on ${path}`).not.toContain(buyer.fullName);
      if (path.startsWith("/rfqs")) {
        rfqPages.push(path);
        for (const buyer of DEMO_BUYER_NAMES)
          expect(html, `${buyer.companyName} on ${path}`).not.toContain(buyer.companyName.replace("&", "&amp;"));
      }
      for (const [, href] of html.matchAll(/href="(\/[^"]*)"/g))
        if (FOLLOWED.test(href!) && !seen.has(href!)) queue.push(href!);
    }
    // the crawl reached the RFQs and what they link to, and a visitor is told who posts only generically
    expect(rfqPages.filter((p) => /^\/rfqs\/[0-9a-f-]{36}$/.test(p)).length).toBeGreaterThan(3);
    expect(seen.size).toBeGreaterThan(20);
    const list = await (await fetch(`${baseUrl()}/rfqs`)).text();
    expect(list).toContain(UNNAMED_BUYER);
  });
});
