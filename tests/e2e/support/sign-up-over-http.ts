import { HttpClient } from "../../support/http-client";

let sequence = 0;
/** An address no other test uses. */
export function uniqueEmail(prefix: string) {
  sequence += 1;
  return `${prefix}-${Date.now()}-${sequence}@example.test`;
}

/** Signs up through the /auth form (a buyer unless `overrides` say otherwise). */
export async function signUp(client: HttpClient, overrides: Record<string, string> = {}) {
  const email = overrides.email ?? uniqueEmail("user");
  const response = await client.post("/auth", {
    intent: "signup",
    userType: "buyer",
    fullName: "Dana Whitfield",
    companyName: "Whitfield Supply Co.",
    email,
    phone: "",
    password: "Wholesale-Route-42",
    confirmPassword: "Wholesale-Route-42",
    ...overrides,
  });
  return { email, response };
}

/** A page's text with its per-response nonces and the address it was asked about taken out, to compare two answers. */
export function sameApartFromNonces(html: string, email: string): string {
  return html.replaceAll(email, "EMAIL").replace(/nonce="[^"]*"/g, 'nonce=""');
}
