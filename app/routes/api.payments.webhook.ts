import { receivePaymentWebhook } from "~/modules/payments/payments.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/api.payments.webhook";

/** The payment provider's signed webhooks (Standard Webhooks); a 2xx tells the provider to stop retrying. */
export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const body = await request.text();
  const headers = Object.fromEntries(
    ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [name, request.headers.get(name) ?? ""]),
  );
  const result = await receivePaymentWebhook(runtime.db, runtime.payments, runtime.notifier, body, headers);
  return Response.json({ message: result.message }, { status: result.status });
}

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405 });
}
