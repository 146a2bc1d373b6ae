import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "~/db/client.server";
import { parseInput, type CommandResult } from "~/lib/command-result";
import type { SessionUser } from "~/modules/accounts/accounts.schema";
import { packingDetailsSchema } from "./order-documents.schema";
import { orderDocuments } from "~/db/schema/order-documents";
import { localDiskStorage } from "~/modules/uploads/storage.server";
import {
  createExportOrder,
  createPackingDetails,
  createSellerBusinessDetails,
} from "../../../tests/factories/export-orders";
import { createBuyer, createSeller, actorOf as actor, type Account } from "../../../seed/factories/users";
import { createOrderMilestones, forceOrderStatus } from "../../../tests/factories/orders";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import { testNotifier } from "../../../tests/support/test-notifier";
import type { JobQueue } from "~/modules/jobs/job-queue.server";
import {
  enqueueOrderDocuments,
  financialYear,
  generateOrderDocuments,
  getOrderDocumentsPanel,
  LUT_DECLARATION,
  readOrderDocument,
  packingRefusal,
  savePackingDetails,
} from "./order-documents.server";

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("financial years", () => {
  it("run from April to March in India's time", () => {
    expect(financialYear(new Date("2026-11-25T10:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2027-03-31T18:29:00Z"))).toBe("2026-27");
    // 31 March 18:30 UTC is already 1 April in India
    expect(financialYear(new Date("2027-03-31T18:30:00Z"))).toBe("2027-28");
    expect(financialYear(new Date("2099-12-01T00:00:00Z"))).toBe("2099-00");
  });
});

/** The packing form posted as /orders/{id}/documents reads it: who may enter it first, then the form by its schema. */
async function postPacking(
  db: Db,
  actor: SessionUser,
  orderId: string,
  values: Record<string, string>,
): Promise<CommandResult> {
  const refusal = await packingRefusal(db, actor, orderId);
  const input = parseInput(packingDetailsSchema, values);
  return refusal ?? (input.ok ? savePackingDetails(db, actor, orderId, input.value) : input);
}

describe.each(testEngines())("export documents on %s", (engine) => {
  let database: TestDatabase;
  let jobs: JobQueue;
  let storageDir: string;
  let buyer: Account;
  let seller: Account;
  let stranger: Account;
  const storage = () => localDiskStorage(storageDir);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ jobs } = await testNotifier(database));
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-documents-"));
    buyer = await createBuyer(database.db, { companyName: "Brooklyn Home Goods LLC", fullName: "Sarah Klein" });
    seller = await createSeller(database.db, { companyName: "Karur Terry Mills" });
    stranger = await createSeller(database.db, { companyName: "Erode Weavers" });
    await createSellerBusinessDetails(database.db, seller.user.id);
  });
  afterAll(async () => {
    await jobs.stop();
    await database.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it("queues the stage's job in the caller's transaction, and nothing when it rolls back", async () => {
    const order = await createExportOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "confirmed",
    });
    await database.db.transaction(async (tx) => enqueueOrderDocuments(tx, jobs, order.id, "confirmed"));
    await database.db
      .transaction(async (tx) => {
        await enqueueOrderDocuments(tx, jobs, order.id, "shipped");
        throw new Error("rolled back");
      })
      .catch(() => {});
    const queued = await queryRows<{ data: { orderId: string; stage: string } }>(
      database.db,
      sql`select data from pgboss.job where name = 'order-documents' and data->>'orderId' = ${order.id}`,
    );
    expect(queued.map((j) => j.data)).toEqual([{ orderId: order.id, stage: "confirmed" }]);
  });

  it("issues the proforma at confirmation and the shipment's documents at shipment, each once: a second run changes nothing", async () => {
    const order = await createExportOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "placed",
    });
    // not confirmed yet: nothing
    expect(await generateOrderDocuments(database.db, storage(), order.id, "confirmed")).toEqual([]);
    await forceOrderStatus(database.db, order.id, "confirmed");
    const [proforma] = await generateOrderDocuments(database.db, storage(), order.id, "confirmed");
    expect(proforma!.kind).toBe("proforma_invoice");
    expect(proforma!.documentNumber).toMatch(/^PI\/\d{4}-\d{2}\/\d{4}$/);
    // the shipment's documents wait for the shipment
    expect((await generateOrderDocuments(database.db, storage(), order.id, "shipped")).map((d) => d.kind)).toEqual([
      "proforma_invoice",
    ]);
    await createPackingDetails(database.db, order.id);
    await forceOrderStatus(database.db, order.id, "shipped", { carrier: "Maersk", billOfLading: "MAEU123456789" });
    const first = await generateOrderDocuments(database.db, storage(), order.id, "shipped");
    expect(first.map((d) => d.kind)).toEqual(["proforma_invoice", "commercial_invoice", "packing_list"]);
    expect(first[0]).toEqual(proforma);
    const bytesBefore = await Promise.all(first.map(async (d) => (await storage().get(d.storageKey))!.bytes));

    const second = await generateOrderDocuments(
      database.db,
      storage(),
      order.id,
      "shipped",
      new Date(Date.now() + 86_400_000),
    );
    expect(second).toEqual(first);
    const rows = await database.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, order.id));
    expect(rows).toHaveLength(3);
    for (const [i, row] of first.entries()) {
      const stored = await readOrderDocument(database.db, storage(), actor(buyer), order.id, row.kind);
      expect(stored!.sha256).toBe(row.sha256);
      expect(stored!.bytes.equals(bytesBefore[i]!)).toBe(true);
    }
    // the packing list names the commercial invoice's number and the packing details
    const packing = await pdfText(
      (await readOrderDocument(database.db, storage(), actor(seller), order.id, "packing_list"))!.bytes,
    );
    expect(packing).toContain("PACKING LIST");
    expect(packing).toContain(first[1]!.documentNumber);
    expect(packing).toContain("540 kg");
    expect(packing).toContain("60 × 40 × 40 cm");
  });

  it("prints the exporter's IEC and GSTIN, the LUT declaration with its reference, the HS code, the rate and the total on the commercial invoice", async () => {
    const order = await createExportOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "shipped",
    });
    await generateOrderDocuments(database.db, storage(), order.id, "shipped", new Date("2026-11-25T09:00:00Z"));
    const invoice = await readOrderDocument(database.db, storage(), actor(buyer), order.id, "commercial_invoice");
    expect(invoice!.fileName).toMatch(/^CI-2026-27-\d{4}-commercial-invoice\.pdf$/);
    const text = await pdfText(invoice!.bytes);
    expect(text).toContain("COMMERCIAL INVOICE");
    expect(text).toContain("IEC: AABCK1234M");
    expect(text).toContain("GSTIN: 33AABCK1234M1Z5");
    expect(text).toContain("Karur Terry Mills Private Limited");
    expect(text).toContain(`${LUT_DECLARATION} LUT reference: AD330324012345X`);
    expect(text).toContain("HTSUS 6302.60.0010");
    expect(text).toContain("Total (INR) INR 3,50,000.00");
    expect(text).toContain("INR 350.00");
    expect(text).toContain("USD 1 = INR 84.00 (rate of 20 Nov 2026)");
    expect(text).toContain("FOB Mundra (INMUN), Incoterms 2020");
    expect(text).toContain("Port of loading Mundra (INMUN)");
    expect(text).toContain("Country of origin: India");
    expect(text).toContain("Brooklyn Home Goods LLC");
    expect(text).toContain("25 Nov 2026");
    // no packing details were entered: no packing list, and the download says not found
    expect(await readOrderDocument(database.db, storage(), actor(buyer), order.id, "packing_list")).toBeNull();
    // the proforma carries the bank details and no declaration
    const proforma = await pdfText(
      (await readOrderDocument(database.db, storage(), actor(buyer), order.id, "proforma_invoice"))!.bytes,
    );
    expect(proforma).toContain("PROFORMA INVOICE");
    expect(proforma).toContain("SBIN0000123");
    expect(proforma).not.toContain(LUT_DECLARATION);
  });

  it("prints on the proforma the payment schedule the order page states, from the order's milestones", async () => {
    const order = await createExportOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "confirmed",
      paymentTerms: "advance_30_bl_70",
    });
    await createOrderMilestones(database.db, order);
    await generateOrderDocuments(database.db, storage(), order.id, "confirmed", new Date("2026-11-25T09:00:00Z"));
    const proforma = await pdfText(
      (await readOrderDocument(database.db, storage(), actor(buyer), order.id, "proforma_invoice"))!.bytes,
    );
    // 416,667 cents: 30 % is 125,000.10 → 125,000 and 70 % 291,666.90 → 291,667 (largest remainder), summing exactly
    expect(proforma).toContain("Payment schedule (USD): 30% advance, USD 1,250.00: Due when the supplier confirms");
    expect(proforma).toContain("70% against bill of lading, USD 2,916.67: Due when the supplier ships");
    expect(proforma).toContain("Kept in escrow until the inspection window closes (14 days after delivery");
  });

  it("leaves the declaration out when the seller has no LUT in force", async () => {
    for (const lut of [{ lutReference: null }, { lutReference: "AD330324099999X", lutValidUntil: "2020-03-31" }]) {
      const other = await createSeller(database.db, { companyName: "Tirupur Basics" });
      await createSellerBusinessDetails(database.db, other.user.id, {
        legalName: "Tirupur Basics LLP",
        gstin: "33AAGFT1234K1Z2",
        iec: "AAGFT1234K",
        ...lut,
      });
      const order = await createExportOrder(database.db, {
        buyerId: buyer.user.id,
        sellerId: other.user.id,
        status: "shipped",
      });
      await generateOrderDocuments(database.db, storage(), order.id, "shipped");
      const text = await pdfText(
        (await readOrderDocument(database.db, storage(), actor(other), order.id, "commercial_invoice"))!.bytes,
      );
      expect(text).toContain("IEC: AAGFT1234K");
      expect(text).not.toContain("LUT");
      expect(text).not.toContain("WITHOUT PAYMENT OF IGST");
    }
  });

  it("numbers each seller's documents in its own series, one more each time", async () => {
    const own = await createSeller(database.db, { companyName: "Salem Cottons" });
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      const order = await createExportOrder(database.db, {
        buyerId: buyer.user.id,
        sellerId: own.user.id,
        status: "confirmed",
      });
      made.push(
        ...(await generateOrderDocuments(
          database.db,
          storage(),
          order.id,
          "confirmed",
          new Date("2026-11-25T09:00:00Z"),
        )),
      );
    }
    expect(made.map((d) => d.documentNumber)).toEqual(["PI/2026-27/0001", "PI/2026-27/0002", "PI/2026-27/0003"]);
  });

  it("serves the documents to the order's buyer and seller only, and says not found before they are issued", async () => {
    const order = await createExportOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "confirmed",
    });
    expect(await readOrderDocument(database.db, storage(), actor(buyer), order.id, "proforma_invoice")).toBeNull();
    await generateOrderDocuments(database.db, storage(), order.id, "confirmed");
    expect(await readOrderDocument(database.db, storage(), actor(buyer), order.id, "proforma_invoice")).not.toBeNull();
    expect(await readOrderDocument(database.db, storage(), actor(seller), order.id, "proforma_invoice")).not.toBeNull();
    expect(await readOrderDocument(database.db, storage(), actor(stranger), order.id, "proforma_invoice")).toBeNull();
    expect(await readOrderDocument(database.db, storage(), actor(buyer), order.id, "commercial_invoice")).toBeNull();
    expect(await readOrderDocument(database.db, storage(), actor(buyer), order.id, "../../etc/passwd")).toBeNull();
    expect(await readOrderDocument(database.db, storage(), actor(buyer), "not-a-uuid", "proforma_invoice")).toBeNull();
    expect(await getOrderDocumentsPanel(database.db, actor(stranger), order.id)).toBeNull();
    const panel = await getOrderDocumentsPanel(database.db, actor(buyer), order.id);
    expect(panel!.documents.map((d) => d.kind)).toEqual(["proforma_invoice"]);
    expect(panel!.pending).toEqual(["commercial_invoice", "packing_list"]);
    expect(panel!.packingEditable).toBe(false);
    expect((await getOrderDocumentsPanel(database.db, actor(seller), order.id))!.packingEditable).toBe(true);
  });

  it("lets the seller enter packing details from confirmation until ready to ship, checked, and no one else", async () => {
    const order = await createExportOrder(database.db, {
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      status: "placed",
    });
    const good = { packages: "40", netKg: "1,250.5", grossKg: "1300", lengthCm: "60", widthCm: "40.5", heightCm: "40" };
    expect(await postPacking(database.db, actor(seller), order.id, good)).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("Confirm the order first"),
    });
    await forceOrderStatus(database.db, order.id, "ready_to_ship");
    expect(await postPacking(database.db, actor(buyer), order.id, good)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await postPacking(database.db, actor(stranger), order.id, good)).toMatchObject({
      ok: false,
      status: 404,
    });
    const refused = await postPacking(database.db, actor(seller), order.id, {
      ...good,
      packages: "0",
      grossKg: "1000",
      heightCm: "abc",
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        packages: "The number of packages must be between 1 and 100,000",
        grossKg: "Gross weight includes the packing: it cannot be less than the net weight",
        heightCm: "Enter the height as a number with up to 1 decimal",
      },
    });
    expect(await postPacking(database.db, actor(seller), order.id, good)).toMatchObject({
      ok: true,
      message: "Packing details saved",
    });
    expect(await postPacking(database.db, actor(seller), order.id, { ...good, packages: "41" })).toMatchObject({
      ok: true,
    });
    const panel = await getOrderDocumentsPanel(database.db, actor(seller), order.id);
    expect(panel!.packing).toEqual({
      packages: 41,
      netKg: "1250.5",
      grossKg: "1300",
      lengthCm: "60",
      widthCm: "40.5",
      heightCm: "40",
    });
    await forceOrderStatus(database.db, order.id, "shipped");
    expect(await postPacking(database.db, actor(seller), order.id, good)).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("can no longer change"),
    });
  });
});
