import type { Db } from "~/db/client.server";
import { parseInput } from "~/lib/command-result";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { updateOrderStatus } from "~/modules/order-flow/order-flow.server";
import { openDispute } from "~/modules/payments/disputes.server";
import type { PaymentProvider } from "~/modules/payments/payment-provider.server";
import { orderPageActionSchema, readOrderPageForm } from "~/modules/payments/payments.schema";
import { fundMilestone } from "~/modules/payments/payments.server";
import type { BlobStorage } from "~/modules/uploads/storage.server";

/** The order page's form with these fields, read as the /orders/:id action reads it (orderPageActionSchema). */
function readOrderForm(intent: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ intent, ...fields })) form.set(key, value);
  return parseInput(orderPageActionSchema, readOrderPageForm(form));
}

/** A status change posted on the order page: the page's schema, then the command. */
export async function postOrderTransition(
  db: Db,
  actor: SessionUser,
  orderId: string,
  fields: Record<string, string>,
  notifier: Notifier,
) {
  const input = readOrderForm("transition", fields);
  if (!input.ok) return input;
  if (input.value.intent !== "transition") throw new Error("not a transition");
  return updateOrderStatus(db, actor, orderId, input.value, notifier);
}

/** A milestone's card form posted on the order page. */
export async function postFundMilestone(
  db: Db,
  actor: SessionUser,
  fields: Record<string, string>,
  provider: PaymentProvider,
  jobs: Pick<JobQueue, "send">,
) {
  const input = readOrderForm("fund", fields);
  if (!input.ok) return input;
  if (input.value.intent !== "fund") throw new Error("not a payment");
  return fundMilestone(db, actor, input.value, provider, jobs);
}

/** The dispute form posted on the order page, with its evidence files. */
export async function postOpenDispute(
  db: Db,
  storage: BlobStorage,
  actor: SessionUser,
  input: { orderId: string; reason: string; files: File[] },
  notifier: Notifier,
) {
  const read = readOrderForm("dispute", { reason: input.reason });
  if (!read.ok) return read;
  if (read.value.intent !== "dispute") throw new Error("not a dispute");
  return openDispute(db, storage, actor, { ...read.value, orderId: input.orderId, files: input.files }, notifier);
}
