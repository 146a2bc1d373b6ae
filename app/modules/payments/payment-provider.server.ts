import crypto from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { Db } from "~/db/client.server";
import type { JobData, JobQueue } from "~/modules/jobs/job-queue.server";

export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string; holder: string };

export type ChargeResult =
  { status: "pending"; reference: string } | { status: "failed"; reference: string; message: string };

/** What the provider tells us by webhook. */
export type PaymentWebhookEvent = {
  id: string;
  type: "charge.succeeded" | "charge.failed";
  data: { reference: string; idempotencyKey: string; amountCents: number; message?: string };
};

/**
 * A payment provider as escrow needs it (decision record 0028). The local simulator is the one implementation; a real
 * one (Stripe Connect, Razorpay Route) is another class with the same four methods. A charge's outcome reaches us by
 * a signed webhook, never by the answer to createCharge alone: the answer says only "pending" or "declined".
 */
export interface PaymentProvider {
  readonly name: string;
  /** Charges the card once per idempotency key: the same key again returns the first answer and charges nothing. */
  createCharge(input: {
    idempotencyKey: string;
    amountCents: number;
    currency: "USD";
    card: CardDetails;
    description: string;
  }): Promise<ChargeResult>;
  /** Returns money held for a charge to the buyer. */
  refund(input: {
    idempotencyKey: string;
    chargeReference: string | null;
    amountCents: number;
  }): Promise<{ reference: string }>;
  /** Pays money held in escrow out to the supplier. */
  transfer(input: { idempotencyKey: string; amountCents: number; destination: string }): Promise<{ reference: string }>;
  /** Checks a webhook's signature and returns its event; throws when it is not genuine. */
  verifyWebhook(rawBody: string, headers: Record<string, string>): PaymentWebhookEvent;
}

export const SIMULATOR_CARDS = { succeeds: "4242424242424242", declines: "4000000000000002" } as const;

/** The webhook signing secret both sides share, derived from the app's secret (Standard Webhooks' whsec_ form). */
export function webhookSecret(appSecret: string): string {
  return `whsec_${crypto.createHmac("sha256", appSecret).update("payments-webhook").digest("base64")}`;
}

function referenceOf(prefix: string, key: string) {
  return `${prefix}_${crypto.createHash("sha256").update(key).digest("hex").slice(0, 24)}`;
}

/**
 * The local simulator: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, any other number is refused
 * as not a test card. A success is announced by a charge.succeeded webhook, signed with Standard Webhooks and delivered
 * to our webhook route by the durable job queue (retried until our route answers 2xx). Answers are kept per
 * idempotency key, so the same key never charges twice.
 */
export class SimulatorProvider implements PaymentProvider {
  readonly name = "simulator";
  private readonly charges = new Map<string, ChargeResult>();
  /** every charge, refund and transfer the simulator performed, for inspection (tests, logs) */
  readonly performed: { kind: "charge" | "refund" | "transfer"; idempotencyKey: string; amountCents: number }[] = [];
  private readonly webhook: Webhook;

  constructor(private readonly options: { db: Db; jobs: Pick<JobQueue, "send">; secret: string; webhookUrl: string }) {
    this.webhook = new Webhook(webhookSecret(options.secret));
  }

  async createCharge(input: {
    idempotencyKey: string;
    amountCents: number;
    currency: "USD";
    card: CardDetails;
    description: string;
  }): Promise<ChargeResult> {
    const known = this.charges.get(input.idempotencyKey);
    if (known) return known;
    const reference = referenceOf("ch", input.idempotencyKey);
    let result: ChargeResult;
    const now = new Date();
    const expired =
      input.card.expYear < now.getUTCFullYear() ||
      (input.card.expYear === now.getUTCFullYear() && input.card.expMonth < now.getUTCMonth() + 1);
    if (expired) result = { status: "failed", reference, message: "Your card has expired." };
    else if (input.card.number === SIMULATOR_CARDS.declines)
      result = { status: "failed", reference, message: "Your card was declined." };
    else if (input.card.number !== SIMULATOR_CARDS.succeeds)
      result = {
        status: "failed",
        reference,
        message: "The payment simulator accepts only the test cards 4242 4242 4242 4242 and 4000 0000 0000 0002.",
      };
    else {
      result = { status: "pending", reference };
      this.performed.push({ kind: "charge", idempotencyKey: input.idempotencyKey, amountCents: input.amountCents });
      const event: PaymentWebhookEvent = {
        id: referenceOf("evt", `succeeded:${input.idempotencyKey}`),
        type: "charge.succeeded",
        data: { reference, idempotencyKey: input.idempotencyKey, amountCents: input.amountCents },
      };
      await this.options.jobs.send(this.options.db, "payment-webhook", {
        eventId: event.id,
        payload: JSON.stringify(event),
      });
    }
    this.charges.set(input.idempotencyKey, result);
    return result;
  }

  async refund(input: { idempotencyKey: string; chargeReference: string | null; amountCents: number }) {
    this.performed.push({ kind: "refund", idempotencyKey: input.idempotencyKey, amountCents: input.amountCents });
    return { reference: referenceOf("re", input.idempotencyKey) };
  }

  async transfer(input: { idempotencyKey: string; amountCents: number; destination: string }) {
    this.performed.push({ kind: "transfer", idempotencyKey: input.idempotencyKey, amountCents: input.amountCents });
    return { reference: referenceOf("tr", input.idempotencyKey) };
  }

  /** The signed request the simulator posts to our webhook route (signed at each delivery: signatures carry a timestamp). */
  signedDelivery(data: JobData["payment-webhook"], at = new Date()): { body: string; headers: Record<string, string> } {
    return {
      body: data.payload,
      headers: {
        "content-type": "application/json",
        "webhook-id": data.eventId,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": this.webhook.sign(data.eventId, at, data.payload),
      },
    };
  }

  /** The job's work: one delivery attempt; a refusal or network error throws, and the queue retries later. */
  async deliverWebhook(data: JobData["payment-webhook"]): Promise<void> {
    const { body, headers } = this.signedDelivery(data);
    const response = await fetch(this.options.webhookUrl, {
      method: "POST",
      body,
      headers,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`The webhook endpoint answered ${response.status}`);
  }

  verifyWebhook(rawBody: string, headers: Record<string, string>): PaymentWebhookEvent {
    const event = this.webhook.verify(rawBody, headers) as PaymentWebhookEvent;
    if (
      typeof event?.id !== "string" ||
      (event.type !== "charge.succeeded" && event.type !== "charge.failed") ||
      typeof event.data?.idempotencyKey !== "string"
    ) {
      throw new Error("Unknown webhook event");
    }
    return event;
  }
}
