import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Database } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { startJobQueue } from "~/modules/jobs/job-queue.server";
import type { PaymentProvider } from "~/modules/payments/payment-provider.server";
import { CHARGE_NOT_RECEIVED_MESSAGE, fundMilestone } from "~/modules/payments/payments.server";
import { createOrder, createOrderMilestones } from "../factories/orders";
import { startAppServer } from "../support/app-server";
import { HttpClient } from "../support/http-client";

const PASSWORD = "Reconcile-Charges-38";
const CARD = { cardholder: "Dana Buyer", cardNumber: "4242424242424242", expiry: "12/30", cvc: "123" };

/** The provider as a crash leaves it: never asked. */
const crashed = {
  createCharge: async () => {
    throw new Error("killed before the provider was asked");
  },
} as unknown as PaymentProvider;

/**
 * Issue #38 item 9, end to end on the production server: a charge committed as pending with the provider never asked
 * (the state a crash leaves between the two) is settled by the server within a minute, the order page says
 * "processing" honestly meanwhile, and the buyer pays again, once.
 */
async function crashAndRecover(databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-reconcile-"));
  const env = {
    DEMO_DATA: "off",
    RATE_LIMIT_SCALE: "1000",
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
  };
  let server = await startAppServer({ dataDir, env, startTimeoutMs: 180_000 });
  try {
    const signUp = async (userType: "buyer" | "seller") => {
      const client = new HttpClient(server.url);
      const email = `reconcile-${userType}-${crypto.randomUUID()}@example.test`;
      const response = await client.post("/auth", {
        intent: "signup",
        userType,
        fullName: "Reconcile Test",
        companyName: `Reconcile ${userType}`,
        email,
        phone: "",
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(response.status).toBe(302);
      return email;
    };
    const [buyerEmail, sellerEmail] = [await signUp("buyer"), await signUp("seller")];
    // PGlite: the server is stopped, its data written as the crash left it, and the server restarted (its sweep at
    // start); PostgreSQL: the crash's state is written beside the running server (the charge's own check)
    if (!databaseUrl) await server.stop();
    const database: Database = databaseUrl ? await openPostgres(databaseUrl, 2) : await openPglite(dataDir);
    let orderId: string;
    let milestoneId: string;
    let crashedAt: number;
    try {
      const idOf = async (email: string) =>
        (await database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
      const buyerId = await idOf(buyerEmail);
      const order = await createOrder(database.db, {
        buyerId,
        sellerId: await idOf(sellerEmail),
        status: "confirmed",
        paymentTerms: "advance_100",
        quantity: 100,
        unitPriceCents: 1_000,
      });
      orderId = order.id;
      const [milestone] = await createOrderMilestones(database.db, order);
      milestoneId = milestone!.id;
      const jobs = await startJobQueue(database, databaseUrl);
      try {
        await expect(
          fundMilestone(
            database.db,
            { id: buyerId } as Parameters<typeof fundMilestone>[1],
            { intent: "fund", milestoneId, ...CARD },
            crashed,
            jobs,
          ),
        ).rejects.toThrow("killed before the provider was asked");
        crashedAt = Date.now();
      } finally {
        await jobs.stop();
      }
    } finally {
      await database.close();
    }

    if (!databaseUrl) server = await startAppServer({ dataDir, env, startTimeoutMs: 180_000 });
    const upAt = Date.now();
    const buyer = new HttpClient(server.url);
    expect((await buyer.post("/auth", { intent: "signin", email: buyerEmail, password: PASSWORD })).status).toBe(302);
    const page = () => buyer.get(`/orders/${orderId}`).then((r) => r.text());
    if (databaseUrl) {
      // within RECONCILE_AFTER_SECONDS of the charge nothing settles it (by the database's clock): "processing"
      const waiting = await page();
      expect(waiting).toContain('data-state="processing"');
      expect(waiting).toContain("We are confirming this payment with the payment provider.");
    }
    // settled within a minute of the crash, or of the restart when that took longer: nothing was charged, the buyer
    // may pay again
    await expect.poll(page, { timeout: 70_000, interval: 1_000 }).toContain(CHARGE_NOT_RECEIVED_MESSAGE);
    expect(Date.now() - Math.max(crashedAt!, databaseUrl ? 0 : upAt)).toBeLessThanOrEqual(60_000);
    expect(await page()).toContain('data-state="awaiting_funds"');
    const paid = await buyer.post(`/orders/${orderId}`, { intent: "fund", milestoneId: milestoneId!, ...CARD });
    expect(paid.status).toBeLessThan(400);
    // the new charge's webhook reaches the server's route: held in escrow, once
    await expect.poll(page, { timeout: 30_000, interval: 1_000 }).toContain('data-state="held"');
    expect(await page()).toContain('data-testid="escrow-held">$1,000.00<');
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("a charge a crash left pending is settled within a minute (issue #38 item 9)", () => {
  it("on PGlite", () => crashAndRecover(), 400_000);

  it.skipIf(!process.env.DATABASE_URL)(
    "on PostgreSQL",
    async () => {
      const name = `setu_reconcile_${crypto.randomBytes(6).toString("hex")}`;
      const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await admin`create database ${admin(name)}`;
      try {
        const url = new URL(process.env.DATABASE_URL!);
        url.pathname = `/${name}`;
        await crashAndRecover(url.toString());
      } finally {
        await admin`drop database if exists ${admin(name)} with (force)`;
        await admin.end({ timeout: 5 });
      }
    },
    400_000,
  );
});
