import type { Db } from "~/db/client.server";
import { formValues, parseInput } from "~/lib/command-result";
import type { Actor } from "~/modules/accounts/accounts.schema";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import type { Notifier } from "~/modules/notifications/notifications.server";
import { QUOTE_FIELDS, quoteSchema } from "~/modules/rfqs/quote.schema";
import { productForInquiry } from "~/modules/products/rfq-prefill.server";
import {
  CREATE_RFQ_FIELDS,
  createRfqSchema,
  DIRECT_INQUIRY_FIELDS,
  directInquirySchema,
} from "~/modules/rfqs/rfq.schema";
import { createDirectInquiry, createRfq, refuseQuote, submitQuote } from "~/modules/rfqs/rfqs.server";

/** The Create RFQ form posted as the /create-rfq action takes it: the schema, then the command. */
export function postRfq(db: Db, actor: Actor, form: FormData, now = new Date(), jobs?: Pick<JobQueue, "send">) {
  const input = parseInput(createRfqSchema, formValues(form, CREATE_RFQ_FIELDS));
  return input.ok ? createRfq(db, actor, input.value, now, jobs) : input;
}

/**
 * Request Quote on a product posted as the /create-rfq action takes it: the schema, the product's facts from the
 * products module, then the command.
 */
export async function postDirectInquiry(db: Db, actor: Actor, form: FormData, notifier: Notifier, now = new Date()) {
  const input = parseInput(directInquirySchema, formValues(form, DIRECT_INQUIRY_FIELDS));
  if (!input.ok) return input;
  const product = await productForInquiry(db, input.value.productId);
  if (!product)
    return { ok: false as const, status: 404, message: "This product is no longer available", fieldErrors: {} };
  return createDirectInquiry(db, actor, input.value, product, notifier, now);
}

/** The quote form posted as the RFQ page's action takes it: may this actor quote, then the schema, then the command. */
export async function postQuote(
  db: Db,
  actor: Actor,
  rfqId: string,
  form: FormData,
  notifier: Notifier,
  now = new Date(),
) {
  const input = (await refuseQuote(db, actor, rfqId, now)) ?? parseInput(quoteSchema, formValues(form, QUOTE_FIELDS));
  return input.ok ? submitQuote(db, actor, rfqId, input.value, notifier, now) : input;
}
