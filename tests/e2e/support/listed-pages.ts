import { expect } from "vitest";
import { baseUrl } from "./browser";

/**
 * The addresses of a demo product and a demo store as the marketplace lists them to a visitor: Shakti Textiles (the
 * demo's largest store: 17 products, reviews, similar suppliers) and its organic bath towels. Named, not the first
 * listed: files that ran before on the same server list stores and products of their own first.
 */
export async function firstListedProductAndStore(): Promise<{ product: string; store: string }> {
  const page = async (path: string) => (await fetch(`${baseUrl()}${path}`)).text();
  const product = /href="(\/product\/[0-9a-f-]{36})"/.exec(await page("/browse?q=Organic+Cotton+Bath+Towels"))?.[1];
  const store = /aria-label="View Store: Shakti Textiles" href="(\/stores\/[0-9a-f-]{36})"/.exec(
    await page("/browse?tab=stores&q=Shakti+Textiles"),
  )?.[1];
  expect(product, "the demo's bath towels listed on /browse").toBeTruthy();
  expect(store, "Shakti Textiles listed on /browse?tab=stores").toBeTruthy();
  return { product: product!, store: store! };
}
