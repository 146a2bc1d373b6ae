import { expect } from "vitest";
import { baseUrl } from "./browser";

/** The addresses of the first product and the first store the marketplace lists to a visitor (the demo data's). */
export async function firstListedProductAndStore(): Promise<{ product: string; store: string }> {
  const page = async (path: string) => (await fetch(`${baseUrl()}${path}`)).text();
  const product = /href="(\/product\/[0-9a-f-]{36})"/.exec(await page("/browse"))?.[1];
  const store = /href="(\/stores\/[0-9a-f-]{36})"/.exec(await page("/browse?tab=stores"))?.[1];
  expect(product, "a product listed on /browse").toBeTruthy();
  expect(store, "a store listed on /browse?tab=stores").toBeTruthy();
  return { product: product!, store: store! };
}
