import type { HttpClient } from "./http-client";

/** The Create RFQ form's fields for a textiles RFQ of 100 pieces to Reno, closing in 30 days, as a browser posts them. */
export function rfqFormFields(title: string, description: string): Record<string, string> {
  return {
    title,
    category: "home-textiles",
    description,
    specifications: "",
    quantity: "100",
    unit: "pieces",
    budgetMin: "",
    budgetMax: "",
    deliveryLocation: "Reno, NV",
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  };
}

/** Posts that form to /create-rfq as `client`; answers the new RFQ's id (throws if it was refused). */
export async function postRfq(client: HttpClient, title: string, description: string): Promise<string> {
  const created = await client.post("/create-rfq", rfqFormFields(title, description));
  if (created.status !== 302) throw new Error(`/create-rfq answered ${created.status}`);
  const id =
    /\/rfqs\/([0-9a-f-]{36})/.exec(created.headers.get("location") ?? "")?.[1] ??
    /\/rfqs\/([0-9a-f-]{36})/.exec(await (await client.get(`/rfqs?mine=1&q=${encodeURIComponent(title)}`)).text())?.[1];
  if (!id) throw new Error(`the RFQ "${title}" is not listed`);
  return id;
}
