import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db } from "~/db/client.server";
import { simulatorCharges } from "~/db/schema/payments";
import type { JobData, JobQueue } from "~/modules/jobs/job-queue.server";

export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string; holder: string };

export type ChargeResult =
  { status: "pending"; reference: string } | { status: "failed"; reference: string; message: string };

/**
 * What the provider knows of the charge made with an idempotency key, when asked (retrieveOrVoidCharge). `absent`: it
 * never received that charge, and from now on refuses the key, so a request still on its way cannot charge later.
 */
export type ChargeLookup =
  | { status: "succeeded"; reference: string; amountCents: number }
  | { status: "pending"; reference: string }
  | { status: "failed"; reference: string; message: string }
  | { status: "absent" };

/** What the provider tells us by webhook. */
export type PaymentWebhookEvent = {
  id: string;
  type: "charge.succeeded" | "charge.failed";
  data: { reference: string; idempotencyKey: string; amountCents: number; message?: string };
};

/**
 * A payment provider as escrow needs it (decision record 0028). The local simulator is the one implementation; a real
 * one (Stripe Connect, Razorpay Route) is another class with the same methods. A charge's outcome reaches us by
 * a signed webhook, never by the answer to createCharge alone: the answer says only "pending" or "declined"; a charge
 * whose webhook is late (or that a crash left unasked) is looked up by its key (record 0044).
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
  /**
   * The charge made with this idempotency key, as the provider knows it; when it has none it voids the key, atomically
   * with the lookup, so that a createCharge with it arriving later is refused and charges nothing.
   */
  retrieveOrVoidCharge(idempotencyKey: string): Promise<ChargeLookup>;
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
 * to our webhook route by the durable job queue (retried until our route answers 2xx). Its book of charges is a table
 * (simulatorCharges), written with the webhook's job in one transaction: the same key never charges twice, and what it
 * charged is known after a crash of our process, as a real provider's would be.
 */
export class SimulatorProvider implements PaymentProvider {
  readonly name = "simulator";
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
    const reference = referenceOf("ch", input.idempotencyKey);
    const now = new Date();
    const expired =
      input.card.expYear < now.getUTCFullYear() ||
      (input.card.expYear === now.getUTCFullYear() && input.card.expMonth < now.getUTCMonth() + 1);
    const failure = expired
      ? "Your card has expired."
      : input.card.number === SIMULATOR_CARDS.declines
        ? "Your card was declined."
        : input.card.number !== SIMULATOR_CARDS.succeeds
          ? "The payment simulator accepts only the test cards 4242 4242 4242 4242 and 4000 0000 0000 0002."
          : null;
    const charged = await this.options.db.transaction(async (tx) => {
      const [written] = await tx
        .insert(simulatorCharges)
        .values({
          idempotencyKey: input.idempotencyKey,
          reference,
          status: failure ? "failed" : "succeeded",
          amountCents: input.amountCents,
          message: failure,
        })
        .onConflictDoNothing()
        .returning({ status: simulatorCharges.status });
      // the same key again (or a key voided by a lookup): the first answer, and nothing charged
      if (!written) return false;
      if (failure) return false;
      const event: PaymentWebhookEvent = {
        id: referenceOf("evt", `succeeded:${input.idempotencyKey}`),
        type: "charge.succeeded",
        data: { reference, idempotencyKey: input.idempotencyKey, amountCents: input.amountCents },
      };
      await this.options.jobs.send(tx, "payment-webhook", { eventId: event.id, payload: JSON.stringify(event) });
      return true;
    });
    if (charged)
      this.performed.push({ kind: "charge", idempotencyKey: input.idempotencyKey, amountCents: input.amountCents });
    const [known] = await this.options.db
      .select()
      .from(simulatorCharges)
      .where(eq(simulatorCharges.idempotencyKey, input.idempotencyKey));
    return answerOf(known!);
  }

  async retrieveOrVoidCharge(idempotencyKey: string): Promise<ChargeLookup> {
    const voided = await this.options.db
      .insert(simulatorCharges)
      .values({
        idempotencyKey,
        reference: referenceOf("ch", idempotencyKey),
        status: "void",
        amountCents: 0,
        message: VOIDED_MESSAGE,
      })
      .onConflictDoNothing()
      .returning({ status: simulatorCharges.status });
    if (voided.length > 0) return { status: "absent" };
    const [known] = await this.options.db
      .select()
      .from(simulatorCharges)
      .where(eq(simulatorCharges.idempotencyKey, idempotencyKey));
    if (!known || known.status === "void") return { status: "absent" };
    if (known.status === "failed")
      return { status: "failed", reference: known.reference, message: known.message ?? "The payment failed" };
    return { status: "succeeded", reference: known.reference, amountCents: known.amountCents };
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

/** What the simulator tells a createCharge whose key a lookup voided first. */
const VOIDED_MESSAGE = "This payment attempt had expired before it reached the payment provider; nothing was charged.";

function answerOf(row: typeof simulatorCharges.$inferSelect): ChargeResult {
  if (row.status === "succeeded") return { status: "pending", reference: row.reference };
  return { status: "failed", reference: row.reference, message: row.message ?? VOIDED_MESSAGE };
}
