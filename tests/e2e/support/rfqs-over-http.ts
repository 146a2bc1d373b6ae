import { expect } from "vitest";
import { dateFromToday } from "../../../seed/factories/rfqs";
import type { HttpClient } from "../../support/http-client";

/** A UUID, as a regular expression's source (ids in links and redirects). */
export const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** The page's text as a reader sees it: React separates adjacent text nodes with empty comments. */
export async function textOf(response: Response) {
  return (await response.text()).replaceAll("<!-- -->", "");
}

/** A valid RFQ form for /create-rfq: 2,500 jute bags for Brooklyn, due in 20 days. */
export function rfqFields(title: string) {
  return {
    title,
    category: "home-textiles",
    description: "Reusable jute grocery bags with cotton handles.",
    specifications: "",
    quantity: "2500",
    unit: "pieces",
    budgetMin: "5000",
    budgetMax: "7500",
    deliveryLocation: "Brooklyn, NY",
    deadline: dateFromToday(20),
  };
}

/** Posts an RFQ titled `title` through the form as `buyer` and finds its id on /rfqs. */
export async function postRfqOverHttp(buyer: HttpClient, title: string): Promise<string> {
  const response = await buyer.post("/create-rfq", rfqFields(title));
  expect(response.status).toBe(302);
  const list = await (await buyer.get(`/rfqs?q=${encodeURIComponent(title)}`)).text();
  const id = new RegExp(`href="/rfqs/(${UUID})"`).exec(list)?.[1];
  expect(id, `the new RFQ "${title}" is listed`).toBeDefined();
  return id!;
}
