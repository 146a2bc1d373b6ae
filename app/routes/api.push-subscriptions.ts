import { data } from "react-router";
import { parseInput } from "~/lib/command-result";
import { requireUser } from "~/modules/accounts/session.server";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "~/modules/notifications/push.schema";
import { subscribeOwnDevice, unsubscribeOwnDevice } from "~/modules/notifications/push.server";
import { appContext } from "~/request-context.server";
import type { Route } from "./+types/api.push-subscriptions";

// Reading subscriptions is nobody's business over HTTP: the profile says how many devices are on.
export function loader() {
  return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST, DELETE" } });
}

/**
 * A device's Web Push subscription for the signed-in user (issue #43 item 4): POST the browser's
 * PushSubscription.toJSON() to turn push on, DELETE `{ endpoint }` to turn it off. JSON in, JSON out; the
 * same-origin check of every write (server/security-headers.ts) applies.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context.get(appContext);
  if (request.method !== "POST" && request.method !== "DELETE")
    return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST, DELETE" } });
  const user = await requireUser(request, runtime);
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return data({ error: "Send the subscription as JSON." }, { status: 400 });
  }
  if (request.method === "DELETE") {
    const input = parseInput(pushUnsubscribeSchema, body);
    const result = input.ok ? await unsubscribeOwnDevice(runtime.db, user, input.value.endpoint) : input;
    return result.ok ? data({ message: result.message }) : data({ error: result.message }, { status: result.status });
  }
  const input = parseInput(pushSubscriptionSchema, body);
  const result = input.ok
    ? await subscribeOwnDevice(runtime.db, runtime.push, user, input.value, request.headers.get("user-agent"))
    : input;
  return result.ok
    ? data({ message: result.message }, { status: 201 })
    : data({ error: result.message }, { status: result.status });
}
